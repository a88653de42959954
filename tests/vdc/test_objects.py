"""Sprites, characters and quads on the framebuffer: positions, sizes, shift patterns, colours.

Expected pixels come from native/HARDWARE.md §3 and Kevin Horton's measurements (the first
pixel at beam X + 5, one X unit = two framebuffer columns, rows of two lines) and the MAME
oracle for what the notes leave open (framebuffer origin: column = half-clock; colours).
"""
import numpy as np

from vdc_roms import (CTRL_OBJECTS, PALETTE, TRACER_CHARSET, char, machine, runs, setup, sprite)

BLACK = PALETTE[0]


def frame_of(pairs, frames=2, **kw):
    m = machine(setup(list(pairs) + [(0xA0, CTRL_OBJECTS)]), **kw)
    m.run_frames(frames)
    return m.screen.copy()   # the view lives only as long as the machine


def first_lit(screen, row):
    return next(x for x in range(360) if tuple(screen[row, x]) != BLACK)


def test_sprite_first_pixel_is_x_plus_5_and_16_lines_high():
    screen = frame_of(sprite(0, 0x20, 0x10, 0x08))
    red = PALETTE[9]                                  # colour 1 = red, objects are luminous
    assert runs(screen, 0x20) == [(0, 41, BLACK), (42, 57, red), (58, 359, BLACK)]
    assert runs(screen, 0x2F) == runs(screen, 0x20)
    assert runs(screen, 0x1F) == [(0, 359, BLACK)]
    assert runs(screen, 0x30) == [(0, 359, BLACK)]


def test_sprite_shape_bit0_is_leftmost_and_each_row_is_two_lines():
    shape = (0x01, 0x80, 0x03, 0, 0, 0, 0, 0x81)
    screen = frame_of(sprite(1, 0x40, 0x20, 0x10, shape))   # colour 2 = green
    green = PALETTE[10]
    left = 2 * (0x20 + 5)
    assert runs(screen, 0x40)[1] == (left, left + 1, green)
    assert runs(screen, 0x41)[1] == (left, left + 1, green)
    assert runs(screen, 0x42)[1] == (left + 14, left + 15, green)
    assert runs(screen, 0x44)[1] == (left, left + 3, green)
    assert runs(screen, 0x46) == [(0, 359, BLACK)]
    assert [r[:2] for r in runs(screen, 0x4E)[1::2]] == [(left, left + 1), (left + 14, left + 15)]


def test_sprite_colours_are_attribute_bits_5_to_3_as_rgb():
    for colour in range(8):
        screen = frame_of(sprite(0, 0x30, 0x30, colour << 3))
        assert tuple(screen[0x30, 2 * 0x35]) == PALETTE[8 | colour]


def test_sprite_shift_patterns_move_rows_half_a_pixel():
    # Horton: 01 shifts every row, 10 rows 0, 2, 4..., 11 rows 1, 3, 5...
    left = 2 * (0x10 + 5)
    expected = {0: (left, left), 1: (left + 1, left + 1), 2: (left + 1, left), 3: (left, left + 1)}
    for pattern, (row0, row1) in expected.items():
        screen = frame_of(sprite(0, 0x30, 0x10, 0x38 | pattern))
        assert first_lit(screen, 0x30) == row0 and first_lit(screen, 0x31) == row0
        assert first_lit(screen, 0x32) == row1 and first_lit(screen, 0x33) == row1
        assert runs(screen, 0x30)[1][1] - runs(screen, 0x30)[1][0] == 15


def test_double_size_sprite_doubles_both_axes_and_the_shift():
    left = 2 * (0x10 + 5)
    screen = frame_of(sprite(0, 0x30, 0x10, 0x38 | 0x04))
    assert runs(screen, 0x30)[1][:2] == (left, left + 31)
    assert runs(screen, 0x4F)[1][:2] == (left, left + 31)
    assert runs(screen, 0x50) == [(0, 359, BLACK)]
    screen = frame_of(sprite(0, 0x30, 0x10, 0x38 | 0x04 | 0x02))   # 110b: first row shifted
    assert first_lit(screen, 0x30) == left + 2 and first_lit(screen, 0x33) == left + 2
    assert first_lit(screen, 0x34) == left and first_lit(screen, 0x37) == left


def test_sprite_x_range_and_y_zero():
    # The framebuffer ends at column 359: X 0xAD starts at column 356 and is cut there.
    assert runs(frame_of(sprite(0, 0x30, 0xAD, 0x38)), 0x30) == [(0, 355, BLACK), (356, 359, PALETTE[15])]
    # 0xE3 acts as -1 (first pixel at X counter 4); 0xE2 is unstable on the chip and not drawn;
    # 0xE4-0xFF are not emitted (Horton tests 13-17).
    assert first_lit(frame_of(sprite(0, 0x30, 0xE3, 0x38)), 0x30) == 8
    assert runs(frame_of(sprite(0, 0x30, 0xE2, 0x38)), 0x30) == [(0, 359, BLACK)]
    assert runs(frame_of(sprite(0, 0x30, 0xE4, 0x38)), 0x30) == [(0, 359, BLACK)]
    assert runs(frame_of(sprite(0, 0x30, 0xFF, 0x38)), 0x30) == [(0, 359, BLACK)]
    # Y 0 starts on line 1 and still lasts 16 lines (nothing is emitted on line 0).
    screen = frame_of(sprite(0, 0x00, 0x10, 0x38))
    assert runs(screen, 0) == [(0, 359, BLACK)]
    assert first_lit(screen, 1) == 2 * 0x15 and first_lit(screen, 16) == 2 * 0x15
    assert runs(screen, 17) == [(0, 359, BLACK)]


def test_sprite_zero_is_drawn_over_sprite_one():
    screen = frame_of(sprite(0, 0x30, 0x20, 0x08) + sprite(1, 0x30, 0x24, 0x10))
    assert runs(screen, 0x30) == [(0, 73, BLACK), (74, 89, PALETTE[9]), (90, 97, PALETTE[10]),
                                  (98, 359, BLACK)]


def decode_row(screen, row, x):
    """The byte a character row shows at object X (bit 7 leftmost)."""
    left = 2 * (x + 5)
    return sum(0x80 >> k for k in range(8) if tuple(screen[row, left + 2 * k]) != BLACK)


def shown_rows(screen, x):
    """(line, ROM address) for every line showing the character at object X."""
    rows = []
    for line in range(243):
        byte = decode_row(screen, line, x)
        if byte:
            rows.append((line, byte ^ 0xA5))   # TRACER_CHARSET: byte = (address & 0xFF) ^ 0xA5
    return rows


def test_character_height_rule_and_pointer():
    # Address of the first row = pointer + Y/2; height 7 - (address & 7), 0 meaning 8 (§3).
    screen = frame_of(char(0, 0x20, 0x10, 0x1F8, 1) + char(1, 0x20, 0x30, 0x003, 2) +
                      char(2, 0x20, 0x70, 0x007, 7))
    assert shown_rows(screen, 0x10) == [(0x20 + i, 0x08 + i // 2) for i in range(14)]
    assert shown_rows(screen, 0x30) == [(0x20 + i, 0x13 + i // 2) for i in range(8)]
    assert shown_rows(screen, 0x70) == [(0x20 + i, 0x17 + i // 2) for i in range(16)]


def test_character_y_bit0_is_ignored_and_y_below_0x0e_is_hidden():
    screen = frame_of(char(0, 0x21, 0x50, 0x008, 4) + char(1, 0x0C, 0x20, 0x01A, 3) +
                      char(2, 0x0E, 0x80, 0x021, 5))
    assert shown_rows(screen, 0x50) == [(0x20 + i, 0x18 + i // 2) for i in range(14)]
    assert shown_rows(screen, 0x20) == []
    assert shown_rows(screen, 0x80) == [(0x0E + i, 0x28 + i // 2) for i in range(14)]


def test_character_at_x_0xe3_starts_at_counter_4():
    screen = frame_of(char(0, 0x30, 0xE3, 0x070, 7), charset=bytes([0xFF] * 512))
    assert runs(screen, 0x30) == [(0, 7, BLACK), (8, 23, PALETTE[15]), (24, 359, BLACK)]


def test_character_colours_are_attribute_bits_3_to_1():
    for colour in range(8):
        screen = frame_of(char(0, 0x20, 0x10, 0x70, colour), charset=bytes([0xFF] * 512))
        assert tuple(screen[0x20, 2 * 0x15]) == PALETTE[8 | colour]


def test_quad_places_four_characters_16_units_apart_with_the_fourth_height():
    base = 0x40
    pairs = [(base, 0x30), (base + 1, 0x10)]
    pointers = [0x000, 0x040, 0x080, 0x0C2]      # the last one's address group ends after 5 rows
    for k, ptr in enumerate(pointers):
        pairs += [(base + 4 * k + 2, ptr & 0xFF), (base + 4 * k + 3, 3 << 1 | ptr >> 8)]
    screen = frame_of(pairs)
    for k, ptr in enumerate(pointers):
        first = ptr + 0x18
        assert shown_rows(screen, 0x10 + 16 * k) == [(0x30 + i, first + i // 2) for i in range(10)]


def test_quad_coordinates_are_shared_by_its_four_register_copies():
    m = machine(setup([(0x4C, 0x44), (0x49, 0x55)]))
    m.run_frames(1)
    assert [int(m.vdc_regs[a]) for a in (0x40, 0x44, 0x48, 0x4C)] == [0x44] * 4
    assert [int(m.vdc_regs[a]) for a in (0x41, 0x45, 0x49, 0x4D)] == [0x55] * 4


def test_objects_stay_hidden_until_enabled():
    m = machine(setup(sprite(0, 0x20, 0x10, 0x08) + char(0, 0x40, 0x40, 0x70, 1)))
    m.run_frames(2)
    assert {tuple(c) for c in m.screen.reshape(-1, 3).tolist()} == {BLACK}


def test_quads_right_of_x_83_drawn_only_in_the_mame_model():
    # roms_free test_quads_right: quads at X 84h and 9Ch (solid blocks). The documentation gives
    # quads X 0-83h (beyond: unpredictable), so the hardware model draws none; MAME draws them
    # cut at the right edge: three whole characters from column 274 and one and a bit from 322.
    from rom_runners import run_many
    lit = {}
    for model in ("hardware", "mame"):
        image = run_many("machine", "test_quads_right.bin", (5,), model=model)[5].image
        lit[model] = [np.nonzero(image[line].any(axis=1))[0].tolist() for line in (0x21, 0x41)]
    assert lit["hardware"] == [[], []]
    three = [c for k in range(3) for c in range(274 + 32 * k, 290 + 32 * k)]
    assert lit["mame"] == [three, list(range(322, 338)) + list(range(354, 360))]
