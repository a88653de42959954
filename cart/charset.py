"""Character set as text art -> the 8244's 512-byte character ROM image and a PNG sheet.

The source (roms_free/src/charset.txt) holds the 64 characters in code order, each as a header
line ``char <code> <label>`` followed by exactly 7 rows of 8 pixels ('#' lit, '.' dark). ';'
starts a comment. A row becomes one byte with the leftmost pixel in bit 7 (the 8244 shows bit 7
first: checked with the MAME oracle, a row of 0x80 lights the character's leftmost pixel). Each
character takes 8 bytes; the 8th is always 0, since the usual pointer ``code*8 - Y/2`` shows 7.

``build(source_path, bin_path, png_path)`` is what cart/build_roms.py calls for [[charset]]
entries. The sheet is drawn from the ROM bytes themselves (all 8 rows), its code labels written
with the set's own digit and letter glyphs, so it needs no font and shows exactly the binary.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image

GLYPHS = 64
ROWS_DRAWN = 7
BYTES_PER_GLYPH = 8
ROM_SIZE = GLYPHS * BYTES_PER_GLYPH
PIXEL_ON, PIXEL_OFF = "#", "."
COMMENT = ";"

# The codes of the hexadecimal digits in the set (HARDWARE.md section 4), for the sheet's labels.
HEX_DIGIT_CODES = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                   0x20, 0x25, 0x23, 0x1A, 0x12, 0x1B]          # 0-9, A B C D E F

SHEET_COLUMNS = 8
GLYPH_SCALE = 4                  # sheet pixels per character pixel
LABEL_HEIGHT = 10                # label row: 7 rows of digits plus a gap
CELL_WIDTH = 8 * GLYPH_SCALE + 8
CELL_HEIGHT = LABEL_HEIGHT + BYTES_PER_GLYPH * GLYPH_SCALE + 6
SHEET_BACKGROUND = (24, 24, 40)
GLYPH_BOX = (56, 56, 88)         # the 8x8 area a character occupies, so its extent shows
LABEL_INK = (150, 150, 150)
GLYPH_INK = (255, 255, 255)


class CharsetError(ValueError):
    """A malformed character-set source; the message is one line naming file:line."""


def parse(text: str, name: str = "<charset>") -> list[list[int]]:
    """Character-set source text -> 64 lists of 7 row bytes (bit 7 = leftmost pixel)."""
    glyphs: list[list[int]] = []
    rows: list[int] | None = None
    header_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(COMMENT, 1)[0].strip()
        if not line:
            continue
        where = f"{name}:{number}"
        if line.startswith("char"):
            if rows is not None and len(rows) != ROWS_DRAWN:
                raise CharsetError(f"{name}:{header_line}: character 0x{len(glyphs) - 1:02X} has "
                                   f"{len(rows)} rows, expected {ROWS_DRAWN}")
            fields = line.split()
            if len(fields) < 3:
                raise CharsetError(f"{where}: expected 'char <code> <label>', got {line!r}")
            try:
                code = int(fields[1], 0)
            except ValueError:
                raise CharsetError(f"{where}: bad character code {fields[1]!r}") from None
            if code != len(glyphs):
                raise CharsetError(f"{where}: character 0x{code:02X} out of order, "
                                   f"expected 0x{len(glyphs):02X}")
            if code >= GLYPHS:
                raise CharsetError(f"{where}: character 0x{code:02X} beyond the {GLYPHS} codes")
            rows = []
            glyphs.append(rows)
            header_line = number
            continue
        if rows is None:
            raise CharsetError(f"{where}: pixel row before the first 'char' line")
        if len(line) != 8 or set(line) - {PIXEL_ON, PIXEL_OFF}:
            raise CharsetError(f"{where}: a row is 8 of '{PIXEL_ON}' and '{PIXEL_OFF}', got {line!r}")
        if len(rows) == ROWS_DRAWN:
            raise CharsetError(f"{where}: character 0x{len(glyphs) - 1:02X} has more than "
                               f"{ROWS_DRAWN} rows")
        rows.append(int(line.replace(PIXEL_ON, "1").replace(PIXEL_OFF, "0"), 2))
    if rows is not None and len(rows) != ROWS_DRAWN:
        raise CharsetError(f"{name}:{header_line}: character 0x{len(glyphs) - 1:02X} has "
                           f"{len(rows)} rows, expected {ROWS_DRAWN}")
    if len(glyphs) != GLYPHS:
        raise CharsetError(f"{name}: {len(glyphs)} characters, expected {GLYPHS}")
    return glyphs


def to_rom(glyphs: list[list[int]]) -> bytes:
    """64 glyphs of 7 rows -> the 512-byte character ROM (8 bytes per code, 8th byte 0)."""
    rom = bytearray()
    for rows in glyphs:
        rom += bytes(rows) + bytes(BYTES_PER_GLYPH - len(rows))
    return bytes(rom)


def _blit(image: Image.Image, rom: bytes, code: int, left: int, top: int, scale: int,
          ink: tuple[int, int, int]) -> None:
    for row in range(BYTES_PER_GLYPH):
        bits = rom[code * BYTES_PER_GLYPH + row]
        for column in range(8):
            if bits & (0x80 >> column):
                image.paste(ink, (left + column * scale, top + row * scale,
                                  left + (column + 1) * scale, top + (row + 1) * scale))


def sheet(rom: bytes) -> Image.Image:
    """The character ROM drawn as a labelled sheet: 8 codes per row, code 0x00 top left."""
    if len(rom) != ROM_SIZE:
        raise CharsetError(f"character ROM is {len(rom)} bytes, expected {ROM_SIZE}")
    rows = GLYPHS // SHEET_COLUMNS
    image = Image.new("RGB", (SHEET_COLUMNS * CELL_WIDTH, rows * CELL_HEIGHT), SHEET_BACKGROUND)
    for code in range(GLYPHS):
        left = (code % SHEET_COLUMNS) * CELL_WIDTH + 4
        top = (code // SHEET_COLUMNS) * CELL_HEIGHT + 2
        for place, digit in enumerate((code >> 4, code & 0xF)):
            _blit(image, rom, HEX_DIGIT_CODES[digit], left + place * 8, top, 1, LABEL_INK)
        glyph_top = top + LABEL_HEIGHT
        image.paste(GLYPH_BOX, (left, glyph_top, left + 8 * GLYPH_SCALE,
                                glyph_top + BYTES_PER_GLYPH * GLYPH_SCALE))
        _blit(image, rom, code, left, glyph_top, GLYPH_SCALE, GLYPH_INK)
    return image


def build(source_path, bin_path, png_path) -> None:
    """Parse the text art at source_path; write the 512-byte ROM and its PNG sheet."""
    source = Path(source_path)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CharsetError(f"{source}: cannot read: {error}") from None
    rom = to_rom(parse(text, str(source)))
    Path(bin_path).write_bytes(rom)
    sheet(rom).save(png_path, format="PNG")
