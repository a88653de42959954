"""The free character set: source text -> charset.bin and charset.png (cart/charset.py)."""
from pathlib import Path

import pytest
from PIL import Image

from cart import charset
from rom_runners import rom

SOURCE = Path(__file__).resolve().parents[2] / "roms_free" / "src" / "charset.txt"
SPACE, BLOCK, PYRAMID_LEFT = 0x0C, 0x2F, 0x38


@pytest.fixture(scope="module")
def binary():
    return rom("charset.bin").read_bytes()


def glyph(binary, code):
    return list(binary[code * 8:code * 8 + 8])


def test_binary_is_64_characters_of_8_bytes(binary):
    assert len(binary) == 512


def test_every_code_but_space_is_drawn_and_all_differ(binary):
    glyphs = [bytes(glyph(binary, code)) for code in range(64)]
    assert [code for code in range(64) if not any(glyphs[code])] == [SPACE]
    assert len(set(glyphs)) == 64


def test_seven_rows_used_the_eighth_always_blank(binary):
    assert all(binary[code * 8 + 7] == 0 for code in range(64))
    rows_lit = {row for code in range(64) for row in range(8) if binary[code * 8 + row]}
    assert rows_lit == set(range(7))


def test_leftmost_pixel_is_bit_7(binary):
    # '0' drawn as ..###... / .#...#.. / .#..##.. / .#.#.#.. / .##..#.. / .#...#.. / ..###...
    assert glyph(binary, 0x00) == [0x38, 0x44, 0x4C, 0x54, 0x64, 0x44, 0x38, 0x00]
    # the left pyramid half grows from the right edge: .......# then ......## ...
    assert glyph(binary, PYRAMID_LEFT) == [0x01, 0x03, 0x07, 0x0F, 0x1F, 0x3F, 0x7F, 0x00]
    assert glyph(binary, BLOCK) == [0xFF] * 7 + [0x00]


def test_fresh_build_matches_the_committed_binary_and_sheet(tmp_path, binary):
    charset.build(SOURCE, tmp_path / "charset.bin", tmp_path / "charset.png")
    assert (tmp_path / "charset.bin").read_bytes() == binary
    fresh, committed = Image.open(tmp_path / "charset.png"), Image.open(rom("charset.png"))
    assert (fresh.mode, fresh.size) == (committed.mode, committed.size)
    assert fresh.tobytes() == committed.tobytes()


def test_sheet_layout(binary):
    sheet = charset.sheet(binary)
    # 8 cells of 40x48 per row, 8 rows
    assert sheet.size == (320, 384)
    # the block (0x2F) is column 7, row 5: its glyph area starts at (7*40+4, 5*48+2+10)
    left, top = 284, 252
    assert sheet.getpixel((left, top)) == charset.GLYPH_INK
    assert sheet.getpixel((left + 31, top + 27)) == charset.GLYPH_INK     # row 6, column 7
    assert sheet.getpixel((left + 31, top + 28)) == charset.GLYPH_BOX     # row 7 is blank
    # its label "2F" in the set's own digits: '2' starts with ..###... so (left+2, top-10) is lit
    assert sheet.getpixel((left + 2, top - 10)) == charset.LABEL_INK
    assert sheet.getpixel((left + 1, top - 10)) == charset.SHEET_BACKGROUND


def header_and_rows(code, rows):
    return [f"char 0x{code:02X} x"] + rows


def full_source(change=None):
    lines = []
    for code in range(64):
        lines += header_and_rows(code, ["#......."] * 7)
    if change:
        change(lines)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("change, message", [
    (lambda l: l.__setitem__(1, "#......"), "cs.txt:2: a row is 8 of '#' and '.', got '#......'"),
    (lambda l: l.__setitem__(1, "#......x"), "cs.txt:2: a row is 8 of '#' and '.', got '#......x'"),
    (lambda l: l.__setitem__(8, "char 0x02 two"), "cs.txt:9: character 0x02 out of order, expected 0x01"),
    (lambda l: l.__setitem__(8, "char 1x one"), "cs.txt:9: bad character code '1x'"),
    (lambda l: l.__setitem__(8, "char 0x01"), "cs.txt:9: expected 'char <code> <label>', got 'char 0x01'"),
    (lambda l: l.insert(8, "#......."), "cs.txt:9: character 0x00 has more than 7 rows"),
    (lambda l: l.pop(7), "cs.txt:1: character 0x00 has 6 rows, expected 7"),
    (lambda l: l.insert(0, "#......."), "cs.txt:1: pixel row before the first 'char' line"),
    (lambda l: l.__delitem__(slice(504, 512)), "cs.txt: 63 characters, expected 64"),
])
def test_malformed_sources_get_one_line_errors(change, message):
    with pytest.raises(charset.CharsetError) as error:
        charset.parse(full_source(change), "cs.txt")
    assert str(error.value) == message


def test_comments_and_blank_lines_are_ignored():
    text = "; a set\n\n" + full_source().replace("#.......\n", "#....... ; row\n", 1)
    assert charset.parse(text, "cs.txt")[0] == [0x80] * 7


def test_unreadable_source_is_a_one_line_error(tmp_path):
    with pytest.raises(charset.CharsetError, match=r"^.*missing\.txt: cannot read: "):
        charset.build(tmp_path / "missing.txt", tmp_path / "c.bin", tmp_path / "c.png")


# HARDWARE.md section 4: the code of every letter, digit and sign
MAPPING = {**{str(d): d for d in range(10)}, ":": 0x0A, "$": 0x0B, "space": 0x0C, "?": 0x0D,
           "L": 0x0E, "P": 0x0F, "+": 0x10, "W": 0x11, "E": 0x12, "R": 0x13, "T": 0x14, "U": 0x15,
           "I": 0x16, "O": 0x17, "Q": 0x18, "S": 0x19, "D": 0x1A, "F": 0x1B, "G": 0x1C, "H": 0x1D,
           "J": 0x1E, "K": 0x1F, "A": 0x20, "Z": 0x21, "X": 0x22, "C": 0x23, "V": 0x24, "B": 0x25,
           "M": 0x26, ".": 0x27, "minus": 0x28, "times": 0x29, "divide": 0x2A, "=": 0x2B, "Y": 0x2C,
           "N": 0x2D, "/": 0x2E, "block": 0x2F}


def test_glyphs_are_drawn_at_the_codes_of_section_4():
    labels = {}
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        fields = line.split(";", 1)[0].split()
        if fields[:1] == ["char"]:
            labels[fields[2]] = int(fields[1], 16)
    assert {label: labels[label] for label in MAPPING} == MAPPING


def test_sheet_refuses_a_rom_of_the_wrong_size():
    with pytest.raises(charset.CharsetError, match=r"^character ROM is 511 bytes, expected 512$"):
        charset.sheet(bytes(511))
