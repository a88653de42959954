"""Grid geometry (Horton tests 30-38) and the colour register A3 with P17 (8245 spec's colour
latch bits; luminance as measured on the MAME oracle)."""
import pytest

from vdc_roms import (CTRL_DOTS, CTRL_GRID, CTRL_WIDE, P1_VDC_DIM, PALETTE, machine, p1, runs, setup)

BLACK, GREY, WHITE = PALETTE[0], PALETTE[7], PALETTE[15]


def grid_frame(pairs, control=CTRL_GRID, colour=0x07, body_after=""):
    m = machine(setup(list(pairs) + [(0xA3, colour), (0xA0, control)]) + body_after)
    m.run_frames(2)
    return m.screen.copy()   # the view lives only as long as the machine


def lit_rows(screen):
    return [y for y in range(243) if runs(screen, y) != [(0, 359, BLACK)]]


def test_horizontal_segment_is_18_units_wide_3_lines_high():
    screen = grid_frame([(0xC0, 0x01)])
    assert lit_rows(screen) == [0x18, 0x19, 0x1A]
    assert runs(screen, 0x18) == [(0, 25, BLACK), (26, 61, GREY), (62, 359, BLACK)]


def test_horizontal_rows_are_24_lines_apart_and_row_8_is_in_d0():
    screen = grid_frame([(0xC0, 0xFF), (0xD0, 0x01)])
    assert lit_rows(screen) == [0x18 + 24 * j + k for j in range(9) for k in range(3)]


def test_neighbouring_horizontal_segments_overlap_by_two_units():
    screen = grid_frame([(0xC1, 0x01), (0xC8, 0x01)])
    assert runs(screen, 0x18) == [(0, 57, BLACK), (58, 93, GREY), (94, 281, BLACK), (282, 317, GREY),
                                  (318, 359, BLACK)]


def test_vertical_segment_is_2_units_wide_24_lines_high():
    screen = grid_frame([(0xE0, 0x01), (0xE9, 0x02)])
    assert lit_rows(screen) == list(range(0x18, 0x48))
    assert runs(screen, 0x18) == [(0, 25, BLACK), (26, 29, GREY), (30, 359, BLACK)]
    assert runs(screen, 0x30) == [(0, 313, BLACK), (314, 317, GREY), (318, 359, BLACK)]


def test_wide_vertical_segments_are_16_units():
    screen = grid_frame([(0xE0, 0x01), (0xE1, 0x01)], control=CTRL_GRID | CTRL_WIDE)
    assert runs(screen, 0x20) == [(0, 25, BLACK), (26, 89, GREY), (90, 359, BLACK)]


def test_dots_sit_at_every_intersection_and_need_the_grid_bit():
    screen = grid_frame([], control=CTRL_GRID | CTRL_DOTS)
    assert lit_rows(screen) == [0x18 + 24 * j + k for j in range(9) for k in range(3)]
    expected = [(0, 25, BLACK)]
    for i in range(10):
        expected += [(26 + 32 * i, 29 + 32 * i, GREY), (30 + 32 * i, 57 + 32 * i if i < 9 else 359, BLACK)]
    assert runs(screen, 0x30) == expected
    assert lit_rows(grid_frame([], control=CTRL_DOTS)) == []


# A3 -> (background pen, grid pen), P17 high; then P17 low (oracle measurements).
COLOURS = [(0x01, 0, 4), (0x02, 0, 2), (0x04, 0, 1), (0x08, 4, 0), (0x10, 2, 0), (0x20, 1, 0),
           (0x41, 0, 12), (0x4A, 4, 10), (0x7F, 7, 15), (0x3F, 7, 7)]


@pytest.mark.parametrize("a3, bg, grid", COLOURS)
def test_colour_register_bits_and_grid_luminance(a3, bg, grid):
    screen = grid_frame([(0xC0, 0x01)], colour=a3)
    assert tuple(screen[100, 100]) == PALETTE[bg]
    assert tuple(screen[0x19, 30]) == PALETTE[grid]


@pytest.mark.parametrize("a3, bg, grid", COLOURS)
def test_p17_low_makes_background_and_grid_luminous(a3, bg, grid):
    screen = grid_frame([(0xC0, 0x01)], colour=a3, body_after=p1(P1_VDC_DIM))
    assert tuple(screen[100, 100]) == PALETTE[bg | 8]
    assert tuple(screen[0x19, 30]) == PALETTE[grid | 8]


def test_background_covers_every_line_and_column_of_the_framebuffer():
    screen = grid_frame([], control=0, colour=0x08)
    assert {tuple(c) for c in screen.reshape(-1, 3).tolist()} == {PALETTE[4]}
