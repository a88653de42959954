"""Screens for the reader's tests, drawn by our emulator: characters and solid sprites (flags) placed by
writing VDC registers from a tiny cartridge, with our character set or a second one drawn for the tests."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vdc"))
from vdc_roms import CTRL_OBJECTS, char, machine, setup, sprite  # noqa: E402

import roms_free  # noqa: E402
from cart.charset import parse  # noqa: E402

CHARSET_SOURCE = Path(roms_free.__file__).parent / "src" / "charset.txt"
COLOURS = {"red": 1, "green": 2, "yellow": 3, "blue": 4, "violet": 5, "cyan": 6, "white": 7}   # R + 2G + 4B


def charset_codes() -> dict[str, int]:
    """Our charset's label -> code (digits, letters, '?', ...) from roms_free/src/charset.txt."""
    codes = {}
    for line in CHARSET_SOURCE.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "char":
            codes[parts[2]] = int(parts[1], 16)
    return codes


def x_register(column: int) -> int:
    """The X register value that puts an object's left edge at picture column `column` (2 columns a unit,
    column = 2 x (X + 5): README "Screen")."""
    return column // 2 - 5


def render(texts, flags=(), charset: bytes | None = None, codes=None, frames: int = 3) -> np.ndarray:
    """texts: [(column, line, text, colour name)]; flags: [(column, line, colour name)] as 8x8 solid sprites.
    Returns the emulator's screen (243 x 360 x 3)."""
    codes = codes or charset_codes()
    pairs, n = [], 0
    for column, line, text, colour in texts:
        for k, ch in enumerate(text):
            if ch != " ":
                code = codes[ch]
                pairs += char(n, line, x_register(column + 16 * k), (code * 8 - line // 2) & 0x1FF,
                              COLOURS[colour])
                n += 1
    for i, (column, line, colour) in enumerate(flags):
        pairs += sprite(i, line, x_register(column), COLOURS[colour] << 3)
    if n > 12:
        raise ValueError("at most 12 single characters")
    from emu.odyssey2 import Odyssey2
    if charset is None:
        charset = Path(roms_free.path("charset.bin")).read_bytes()
    m = machine(setup(pairs + [(0xA3, 0x08), (0xA0, CTRL_OBJECTS)]), charset=charset)
    m.run_frames(frames)
    return np.array(m.screen)
