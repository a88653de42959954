"""Expected pictures for the test cartridges, drawn from the hardware documentation alone:
HARDWARE.md §3 and Kevin Horton's 8244 timing notes (object at beam X + 5, sprite rows two lines,
shift patterns and double size, characters 7 rows of two lines, quads 16 pixels apart, grid
geometry). The picture is 243 lines x 360 columns, one column per VDC half-clock, so one object
pixel (X unit) is two columns and a half-pixel shift is one column.
"""
import numpy as np

from rom_runners import rom

# MAME's RF palette (oracle README): pen = R | G << 1 | B << 2 | luminance << 3
PENS = [(0x00, 0x00, 0x00), (0x79, 0x00, 0x00), (0x00, 0x6D, 0x07), (0x77, 0x67, 0x0B),
        (0x1A, 0x37, 0xBE), (0x94, 0x30, 0x9F), (0x2A, 0xAA, 0xBE), (0xCE, 0xCE, 0xCE),
        (0x67, 0x67, 0x67), (0xC7, 0x51, 0x51), (0x56, 0xC4, 0x69), (0xC6, 0xB8, 0x6A),
        (0x5C, 0x80, 0xF6), (0xDC, 0x84, 0xE8), (0x77, 0xE6, 0xEB), (0xFF, 0xFF, 0xFF)]
LINES, COLUMNS = 243, 360
OBJECT_X_OFFSET = 5
LAST_OBJECT_LINE = 0xF2
FIRST_CHAR_Y = 0x0E          # NTSC: characters above this are not drawn
LUMINOUS = 8


def object_pen(colour: int) -> tuple:
    """Sprite and character colours 0-7 are always luminous: pen 8 + colour."""
    return PENS[LUMINOUS | colour]


def field_pen(field: int, luminous: bool) -> tuple:
    """A3's background and grid fields are B G R from bit 0 (1 blue, 2 green, 4 red)."""
    pen = (field >> 2 & 1) | (field >> 1 & 1) << 1 | (field & 1) << 2
    return PENS[pen | (LUMINOUS if luminous else 0)]


def screen(background=PENS[0]) -> np.ndarray:
    image = np.empty((LINES, COLUMNS, 3), dtype=np.uint8)
    image[:, :] = background
    return image


def fill(image, line, column, lines, columns, colour):
    """Paints a rectangle, clipped to the picture and to the last line objects reach."""
    image[max(line, 0):min(line + lines, LINES), max(column, 0):min(column + columns, COLUMNS)] = colour


def sprite(image, x, y, shape, attr, colour):
    """A sprite per Horton: rows of 2 lines (4 doubled), pixels of 2 columns (4 doubled), bit 0
    leftmost; shift pattern 1 moves every row half a pixel (a whole one doubled) right, 2 the
    first row and every other one after it, 3 the second and every other one after it."""
    double = bool(attr & 0x04)
    pattern = attr & 0x03
    scale = 2 if double else 1
    for row, bits in enumerate(shape):
        shifted = pattern == 1 or (pattern == 2 and row % 2 == 0) or (pattern == 3 and row % 2 == 1)
        left = 2 * (x + OBJECT_X_OFFSET) + (scale if shifted else 0)
        line = y + 2 * scale * row
        for column in range(8):
            if bits & (1 << column) and line <= LAST_OBJECT_LINE:
                fill(image, line, left + 2 * scale * column, min(2 * scale, LAST_OBJECT_LINE + 1 - line),
                     2 * scale, colour)


def char_rows(start: int, rows: int) -> list:
    """`rows` bytes of our character ROM from address `start` (9 bits, wrapping)."""
    charset = rom("charset.bin").read_bytes()
    return [charset[(start + i) & 0x1FF] for i in range(rows)]


def character(image, x, y, rows, colour, pal=False):
    """Character rows (bit 7 leftmost) of two lines each from line y & FEh; on the 8244 none
    above 0Eh, on the 8245 (pal) from line 0 (HARDWARE.md §3: only NTSC hides Y < 0Eh)."""
    if y < FIRST_CHAR_Y and not pal:
        return
    line = y & 0xFE
    for row, bits in enumerate(rows):
        for column in range(8):
            if bits & (0x80 >> column):
                top = line + 2 * row
                if top <= LAST_OBJECT_LINE:
                    fill(image, top, 2 * (x + OBJECT_X_OFFSET + column),
                         min(2, LAST_OBJECT_LINE + 1 - top), 2, colour)


def height(start: int) -> int:
    """The height rule: 7 - (start & 7) rows, 0 meaning 8 (start = pointer + Y/2)."""
    return 7 - (start & 7) or 8


GRID_LEFT, GRID_TOP = 0x0D, 0x18       # beam X and line of the grid's top-left corner
GRID_STEP_X, GRID_STEP_Y = 0x10, 0x18


def grid(image, horizontal, ninth_row, vertical, colour, wide=False):
    """Horizontal segment c, row r (bit r of horizontal[c], row 8 from ninth_row[c] bit 0): 18
    pixels from X 0Dh + 10h*c, 3 lines from line 18h + 18h*r. Vertical segment c, row r (bit r
    of vertical[c]): 2 pixels (16 when wide) from X 0Dh + 10h*c, 24 lines from line 18h + 18h*r."""
    for c, bits in enumerate(horizontal):
        rows = [r for r in range(8) if bits >> r & 1] + ([8] if ninth_row[c] & 1 else [])
        for r in rows:
            fill(image, GRID_TOP + GRID_STEP_Y * r, 2 * (GRID_LEFT + GRID_STEP_X * c), 3, 36, colour)
    for c, bits in enumerate(vertical):
        for r in range(8):
            if bits >> r & 1:
                fill(image, GRID_TOP + GRID_STEP_Y * r, 2 * (GRID_LEFT + GRID_STEP_X * c),
                     GRID_STEP_Y, 32 if wide else 4, colour)
