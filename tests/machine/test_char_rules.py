"""Character rules the core answers for Python (o2_char_address, o2_char_height, vdc8244.h),
against native/HARDWARE.md §3: a character's height is 7 - ((Y/2 + pointer) & 7) rows, 0
meaning 8; its first glyph byte is (pointer + Y/2) & 0x1FF."""
import pytest

from emu.native import char_address, char_height
from emu.vdc import char_code


@pytest.mark.parametrize("y, pointer, address, height", [
    (0x00, 0x000, 0x000, 7),       # code 0 from its first row: 7 rows
    (0x10, 0x120, 0x128, 7),       # 0x120 + 8 = 0x128, & 7 = 0: 7 rows
    (0x10, 0x11F, 0x127, 8),       # & 7 = 7, 7 - 7 = 0: 8 rows
    (0x11, 0x120, 0x128, 7),       # Y bit 0 ignored
    (0x20, 0x1FC, 0x00C, 3),       # the address wraps at 0x200; 7 - 4 = 3 rows
    (0xFE, 0x1FF, 0x07E, 1),       # 0x1FF + 0x7F = 0x27E -> 0x07E: one row
])
def test_char_address_and_height(y, pointer, address, height):
    assert char_address(y, pointer) == address
    assert char_height(y, pointer) == height


def test_pointer_from_code_and_y():
    """The CPU writes (code × 8 - Y/2) & 0x1FF; the character shown is `code`, 7 rows."""
    for code in (0x00, 0x25, 0x3F):
        for y in (0x00, 0x10, 0x3E, 0xF0):
            pointer = (code * 8 - y // 2) & 0x1FF
            assert char_code(y, pointer) == code
            assert char_height(y, pointer) == 7
