"""Two character sets drawn for the tests besides ours, as a real 8244's may differ from it: the glyphs the
companion reads (digits, ? S P T and the title letters) replaced in our character ROM, the rest (trees,
weapons, the arrow) kept. A war is then rendered through the emulator with that ROM as the console's.

- "bold": every stroke two dots wide (each lit dot of our glyph also lights the dot to its right), the glyph
  filling 6 of the cell's 8 columns: blurred through composite video it fills most of its box, as a flag does.
- "narrow": thin glyphs three or four dots wide, placed at the cell's right edge (columns 4-7), drawn here
  dot by dot.
"""
from pathlib import Path

import roms_free
from cart.charset import BYTES_PER_GLYPH
from scenes import charset_codes

READ = "0123456789?SPTACEGLMRW"           # the glyphs the reader knows (profile [glyphs.shapes])

NARROW = {
    "0": [".###", "#..#", "#.##", "##.#", "#..#", "#..#", ".###"],
    "1": ["..#.", ".##.", "..#.", "..#.", "..#.", "..#.", ".###"],
    "2": [".##.", "#..#", "...#", "..#.", ".#..", "#...", "####"],
    "3": ["###.", "...#", "...#", ".##.", "...#", "...#", "###."],
    "4": ["#..#", "#..#", "#..#", "####", "...#", "...#", "...#"],
    "5": ["####", "#...", "###.", "...#", "...#", "#..#", ".##."],
    "6": [".##.", "#...", "#...", "###.", "#..#", "#..#", ".##."],
    "7": ["####", "...#", "..#.", "..#.", ".#..", ".#..", ".#.."],
    "8": [".##.", "#..#", "#..#", ".##.", "#..#", "#..#", ".##."],
    "9": [".##.", "#..#", "#..#", ".###", "...#", "...#", ".##."],
    "?": [".##.", "#..#", "...#", "..#.", "..#.", "....", "..#."],
    "S": [".###", "#...", "#...", ".##.", "...#", "...#", "###."],
    "P": ["###.", "#..#", "#..#", "###.", "#...", "#...", "#..."],
    "T": ["###.", ".#..", ".#..", ".#..", ".#..", ".#..", ".#.."],
    "A": [".##.", "#..#", "#..#", "####", "#..#", "#..#", "#..#"],
    "C": [".###", "#...", "#...", "#...", "#...", "#...", ".###"],
    "E": ["####", "#...", "#...", "###.", "#...", "#...", "####"],
    "G": [".###", "#...", "#...", "#.##", "#..#", "#..#", ".###"],
    "L": ["#...", "#...", "#...", "#...", "#...", "#...", "####"],
    "M": ["#..#", "####", "####", "#..#", "#..#", "#..#", "#..#"],
    "R": ["###.", "#..#", "#..#", "###.", "#.#.", "#..#", "#..#"],
    "W": ["#..#", "#..#", "#..#", "#..#", "####", "####", "#..#"],
}


def ours() -> bytes:
    return Path(roms_free.path("charset.bin")).read_bytes()


def _bold_rows(rom: bytes, code: int) -> list[int]:
    return [(b | (b >> 1)) & 0xFF for b in rom[code * BYTES_PER_GLYPH:code * BYTES_PER_GLYPH + 7]]


def _narrow_rows(shape: list[str]) -> list[int]:
    return [int(row.replace("#", "1").replace(".", "0"), 2) for row in shape]   # columns 4-7


def charset(name: str) -> bytes:
    """The character ROM of a glyph set: "ours", "bold" or "narrow"."""
    rom = bytearray(ours())
    if name == "ours":
        return bytes(rom)
    codes = charset_codes()
    for ch in READ:
        code = codes[ch]
        rows = _bold_rows(rom, code) if name == "bold" else _narrow_rows(NARROW[ch])
        rom[code * BYTES_PER_GLYPH:code * BYTES_PER_GLYPH + 7] = bytes(rows)
    return bytes(rom)


SETS = ("ours", "bold", "narrow")
