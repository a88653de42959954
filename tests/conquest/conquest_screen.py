"""Reads text off the machine's screen the way a player does: by the shapes of our character set
(roms_free/charset.bin), wherever the cartridge drew them (characters or quads, any colour).

A character pixel is 2 columns wide and 2 lines tall (native/HARDWARE.md §3), so the screen is
halved both ways (for both line parities) and each 8-pixel-wide, 7-row window is matched against
the glyphs. Glyphs next to each other 8 character pixels apart make a string.
"""
import numpy as np

import roms_free
from cart.asm.assembler import ODYSSEY2_CHARSET

ROWS, WIDTH = 7, 8
BLANK = 0x0C
CHARSET = roms_free.path("charset.bin").read_bytes()
CHAR_OF_CODE = {code: ch for ch, code in ODYSSEY2_CHARSET.items()
                if not ch.islower() and ch not in "\u2212\u00d7"}
GLYPH_KEYS = {}
for _code, _ch in CHAR_OF_CODE.items():
    _rows = CHARSET[8 * _code: 8 * _code + ROWS]
    if any(_rows) and _code != BLANK:
        GLYPH_KEYS.setdefault(int.from_bytes(bytes(_rows), "little"), _ch)


def _lit(screen, background=None):
    """Pixels that differ from the background (the most common colour unless given)."""
    flat = screen.reshape(-1, 3)
    if background is None:
        colours, counts = np.unique(flat, axis=0, return_counts=True)
        background = colours[counts.argmax()]
    return (screen != np.asarray(background, np.uint8)).any(axis=2)


def glyphs(screen, background=None):
    """[(line, column, char)] of every character of the set found on the screen (top-left
    corner in screen coordinates)."""
    lit = _lit(screen, background)
    found = []
    for parity in (0, 1):
        cells = lit[parity::2, ::2].astype(np.uint8)          # (lines/2, 180)
        height, width = cells.shape
        padded = np.pad(cells, ((0, 0), (0, WIDTH)))
        rows = np.zeros((height, width), np.int64)
        for bit in range(WIDTH):                               # leftmost pixel = bit 7
            rows |= padded[:, bit:bit + width].astype(np.int64) << (WIDTH - 1 - bit)
        if height < ROWS:
            continue
        keys = np.zeros((height - ROWS + 1, width), np.int64)
        for r in range(ROWS):
            keys |= rows[r:r + height - ROWS + 1] << (8 * r)
        hits = np.argwhere(np.isin(keys, list(GLYPH_KEYS)))
        for y, x in hits:
            # the rows just above and below the glyph must be dark (not part of a bigger shape)
            above = rows[y - 1, x] if y > 0 else 0
            below = rows[y + ROWS, x] if y + ROWS < height else 0
            if above == 0 and below == 0:
                found.append((2 * int(y) + parity, 2 * int(x), GLYPH_KEYS[int(keys[y, x])]))
    found = set(found)      # a glyph 2 lines tall per row also matches one line lower
    return sorted(g for g in found if (g[0] - 1, g[1], g[2]) not in found)


def strings(screen, background=None):
    """[(line, column, text)]: runs of characters on one line 16 columns apart (one character
    cell); a gap of one empty cell reads as a space."""
    by_line = {}
    for line, column, ch in glyphs(screen, background):
        by_line.setdefault(line, []).append((column, ch))
    out = []
    for line, cells in sorted(by_line.items()):
        cells.sort()
        start, text, last = cells[0][0], cells[0][1], cells[0][0]
        for column, ch in cells[1:]:
            if column - last == 16:
                text += ch
            elif column - last == 32:
                text += " " + ch
            else:
                out.append((line, start, text))
                start, text = column, ch
            last = column
        out.append((line, start, text))
    return out


def text(screen, background=None) -> str:
    """Every string on the screen, top to bottom, left to right, one per line."""
    return "\n".join(t for _, _, t in strings(screen, background))


def numbers(screen, digits=None):
    """[(line, column, value)] of the numbers on screen, left to right: runs of digits, also
    those drawn as quads (a digit every other cell); `digits`: only numbers of that many digits."""
    found = []
    for line, column, t in strings(screen):
        packed = t.replace(" ", "")
        if packed.isdigit() and (digits is None or len(packed) == digits):
            found.append((line, column, int(packed)))
    return sorted(found, key=lambda f: (f[1], f[0]))


def readouts(screen):
    """The energy readouts: the lowest number on each half of the screen, [left, right]
    (None where a half shows none)."""
    halves = [[], []]
    for line, column, value in numbers(screen):
        halves[column >= 180].append((-line, value))
    return [max(h)[1] if h else None for h in halves]
