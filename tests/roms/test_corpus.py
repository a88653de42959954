"""The test-ROM corpus, run in MAME (the oracle) and in our machine. Each expectation is worked
out by hand from the cartridge's header comment and the hardware documentation (picture.py says
which facts it draws on); none is taken from a run.
"""
import numpy as np
import pytest

import picture as pic
from rom_runners import corpus, run, run_many

F_SHAPE = [0xFF, 0x01, 0x01, 0x0F, 0x01, 0x01, 0x01, 0x03]
RED, GREEN, YELLOW, BLUE, VIOLET, CYAN, WHITE = 1, 2, 3, 4, 5, 6, 7


def assert_same_picture(got, expected):
    differs = np.any(got != expected, axis=2)
    if differs.any():
        lines, columns = np.nonzero(differs)
        pytest.fail(f"{differs.sum()} pixels differ, first at line {lines[0]} column {columns[0]}: "
                    f"got {tuple(got[lines[0], columns[0]])}, expected "
                    f"{tuple(expected[lines[0], columns[0]])}")


@pytest.mark.parametrize("cart, size", [("test_sprites.bin", 0x00), ("test_sprites2x.bin", 0x04)])
def test_sprites_shift_patterns_and_double_size(runner, cart, size):
    expected = pic.screen()
    for n, (x, y, colour) in enumerate([(0x10, 0x20, RED), (0x38, 0x50, GREEN),
                                        (0x60, 0x80, YELLOW), (0x88, 0xB0, BLUE)]):
        pic.sprite(expected, x, y, F_SHAPE, size | n, pic.object_pen(colour))
    assert_same_picture(run(runner, cart, 5).image, expected)


def test_characters_height_rule_and_limits(runner):
    expected = pic.screen()
    block = 0x2F * 8
    for code, x, y, colour, nudge in [
            (0x2F, 0x10, 0x0C, WHITE, 0), (0x2F, 0x20, 0x0E, WHITE, 0),
            (0x1D, 0x10, 0x20, YELLOW, 0), (0x16, 0x18, 0x20, YELLOW, 0),
            (0x2F, 0x10, 0x40, GREEN, 1), (0x2F, 0x20, 0x40, GREEN, 6),
            (0x2F, 0x30, 0x40, GREEN, -1), (0x2F, 0x40, 0x40, GREEN, 3),
            (0x2F, 0x50, 0x41, RED, 0), (0x31, 0x10, 0x60, CYAN, 0),
            (0x3D, 0x20, 0x60, VIOLET, 0), (0x2F, 0x60, 0xF0, BLUE, 0)]:
        start = code * 8 + nudge                      # pointer + Y/2
        pic.character(expected, x, y, pic.char_rows(start, pic.height(start)), pic.object_pen(colour))
    # worked examples of the rule: 6, 1, 8 (first blank) and 4 rows
    assert [pic.height(block + n) for n in (1, 6, -1, 3)] == [6, 1, 8, 4]
    assert_same_picture(run(runner, "test_chars.bin", 5).image, expected)


def test_quads_height_from_the_fourth_and_mirrors(runner):
    expected = pic.screen()
    quads = [(0x20, [0x18, 0x15, 0x20, 0x1A], [WHITE] * 4, [0, 0, 0, 0]),
             (0x40, [0x2F] * 4, [GREEN] * 4, [0, 0, 0, 3]),
             (0x60, [0x2F] * 4, [YELLOW] * 4, [3, 0, 0, 0]),
             (0x80, [0x01, 0x02, 0x03, 0x04], [RED, GREEN, YELLOW, BLUE], [0, 0, 0, 0])]
    for y, codes, colours, nudges in quads:
        rows = pic.height(codes[3] * 8 + nudges[3])     # every character stops with the 4th
        for k in range(4):
            start = codes[k] * 8 + nudges[k]
            pic.character(expected, 0x10 + 16 * k, y, pic.char_rows(start, rows),
                          pic.object_pen(colours[k]))
    assert_same_picture(run(runner, "test_quads.bin", 5).image, expected)


GRID_H = [0xFF, 0x55, 0xAA, 0x0F, 0xF0, 0x81, 0x18, 0x3C, 0xC3]
GRID_H8 = [1, 0, 1, 0, 1, 0, 1, 0, 1]
GRID_V = [0xFF, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF]
GRID_RED = 4


GRID_FRAMES = (20, 50, 80)              # in phases 0, 1 and 2


def test_grid_segments(runner):
    expected = pic.screen()
    pic.grid(expected, GRID_H, GRID_H8, GRID_V, pic.field_pen(GRID_RED, False))
    assert_same_picture(run_many(runner, "test_grid.bin", GRID_FRAMES)[20].image, expected)


def test_grid_wide_vertical_segments(runner):
    expected = pic.screen()
    pic.grid(expected, GRID_H, GRID_H8, GRID_V, pic.field_pen(GRID_RED, False), wide=True)
    assert_same_picture(run_many(runner, "test_grid.bin", GRID_FRAMES)[80].image, expected)


def test_grid_dots_at_every_crossing_and_luminance(runner):
    image = run_many(runner, "test_grid.bin", GRID_FRAMES)[50].image
    bright_red = pic.field_pen(GRID_RED, True)
    for c in range(10):
        for r in range(9):
            line, column = pic.GRID_TOP + pic.GRID_STEP_Y * r, 2 * (pic.GRID_LEFT + pic.GRID_STEP_X * c)
            assert tuple(image[line, column]) == bright_red, (c, r)


@pytest.mark.parametrize("frame", [12, 100, 140])
def test_colours_and_luminance(runner, frame):
    phase = (frame - 1) // 8 % 32       # the BIOS frame count lags a frame behind (see README)
    image = run_many(runner, "test_colours.bin", (12, 100, 140))[frame].image
    bright = bool(phase & 8)            # P17 low
    assert tuple(image[0x10, 0x150]) == pic.field_pen(phase & 7, bright)                 # background
    assert tuple(image[0x40, 2 * 0x0D]) == pic.field_pen(7 - (phase & 7), bright or bool(phase & 16))
    for n in range(8):                                                                   # characters
        assert tuple(image[0x20, 2 * (0x10 + 0x10 * n + 5)]) == pic.object_pen(n)
    for n in range(4):                                                                   # sprites
        assert tuple(image[0x50, 2 * (0x10 + 0x20 * n + 5)]) == pic.object_pen(n + 4 * (phase & 1))


# test_regs: Horton's register map (tests 72-87): a read returns (value & AND) | (address & OPEN)
MASKED = [0x00, 0x01, 0x02, 0x03, 0x10, 0x11, 0x12, 0x13, 0x40, 0x41, 0x42, 0x43, 0x80, 0xA3,
          0xA7, 0xA8, 0xA9, 0xAA, 0xC0, 0xC8, 0xC9, 0xD0, 0xD8, 0xD9, 0xE0, 0xE9, 0xEA, 0xF0]
AND = {0x00: 0xFF, 0x01: 0xFF, 0x02: 0x00, 0x03: 0x00, 0x10: 0xFE, 0x11: 0xFF, 0x12: 0xFF,
       0x13: 0x0F, 0x40: 0xFE, 0x41: 0xFF, 0x42: 0xFF, 0x43: 0x0F, 0x80: 0xFF, 0xA3: 0x00,
       0xA7: 0x00, 0xA8: 0x00, 0xA9: 0x00, 0xAA: 0xBF, 0xC0: 0xFF, 0xC8: 0xFF, 0xC9: 0x00,
       0xD0: 0x01, 0xD8: 0x01, 0xD9: 0x00, 0xE0: 0xFF, 0xE9: 0xFF, 0xEA: 0x00, 0xF0: 0x00}
OPEN = {0x03: 0xF0, 0x13: 0xF0, 0x43: 0xF0, 0xA3: 0xFF, 0xA7: 0xFF, 0xA8: 0xFF, 0xA9: 0xFF,
        0xD0: 0xFE, 0xD8: 0xFE, 0xD9: 0xFE, 0xF0: 0xFF}


def test_register_read_back_masks(runner):
    xram = run(runner, "test_regs.bin", 3).xram
    for n, register in enumerate(MASKED):
        driven = 0xFF & ~OPEN.get(register, 0)            # the bits the register itself drives
        assert xram[2 * n] & driven == 0xFF & AND[register], f"{register:02X} after FFh"
        assert xram[2 * n + 1] & driven == 0x00, f"{register:02X} after 00h"


def test_register_open_bus_bits():
    """Horton measured open-bus bits reading back the address; MAME 0.251 returns 0 for them
    (test_register_read_back_masks checks the driven bits in both). Our machine follows Horton."""
    xram = run("machine", "test_regs.bin", 3).xram
    for n, register in enumerate(MASKED):
        open_bits = register & OPEN.get(register, 0)
        assert xram[2 * n] == (0xFF & AND[register]) | open_bits, f"{register:02X} after FFh"
        assert xram[2 * n + 1] == open_bits, f"{register:02X} after 00h"
    assert xram[0x4B] & 0x30 == 0x20                     # A1: bit 5 reads 1, bit 4 reads 0


def test_register_mirrors_and_locks(runner):
    xram = run(runner, "test_regs.bin", 3).xram
    assert xram[0x38:0x42] == (0x05, 0x0A, 0x30, 0x30, 0x30, 0x22, 0x22, 0x22, 0x02, 0x00)
    assert xram[0x44] == 0x77            # sprite shapes stay writable and readable while shown
    assert xram[0x45] == 0x00            # grid registers read 0 while the grid is shown
    # after everything is off again: object X/Y locked while shown (11h, 22h kept), the shape
    # took 77h, C0 took 88h (written with only the objects on), E0 kept 44h (grid was on)
    assert xram[0x46:0x4B] == (0x11, 0x22, 0x77, 0x88, 0x44)
    assert xram[0x4B] & 0x10 == 0        # A1 bit 4 always reads 0


def test_timing_interrupt_counter_timer_and_beam(runner):
    xram = run(runner, "test_timing.bin", 30).xram
    assert (xram[0x00], xram[0x02]) == (1, 0)           # /INT held until the status read
    assert xram[0x01] & 0x08                            # ... which shows VBLANK (bit 3)
    # 243 drawn lines; T1 falls at the end of each HBLANK that VBLANK does not follow or
    # cover: lines 0-241 (line 242's HBLANK runs into VBLANK, the thin gap is no edge)
    assert xram[0x03:0x07] == (242,) * 4
    # 5983.25 cycles per frame / 32 = 186.98 timer steps
    assert all(ticks in (186, 187) for ticks in xram[0x07:0x0B])
    beam = [(xram[0x10 + 2 * n], xram[0x11 + 2 * n]) for n in range(8)]
    following, latched = beam[:4], beam[4:]
    assert len({x for x, _ in following}) == 1           # 91 cycles = exactly 4 lines apart
    assert [(y - following[0][1]) % 256 for _, y in following] == [0, 4, 8, 12]
    assert len(set(latched)) == 1


def test_timing_background_changes_on_line_100(runner):
    image = run(runner, "test_timing.bin", 30).image
    blue, red = pic.field_pen(1, False), pic.field_pen(4, False)
    assert np.all(image[:100] == blue)
    assert np.all(image[101:] == red)
    changed = [tuple(pixel) for pixel in image[100]]
    switch = changed.index(red)
    assert switch > 0 and set(changed[:switch]) == {blue} and set(changed[switch:]) == {red}


def test_collisions_of_every_class(runner):
    xram = run(runner, "test_collide.bin", 20).xram
    # class:  sprite 0   sprite 1   sprite 2  sprite 3      vertical grid  horizontal  external  chars
    assert xram[0:8] == (0x02, 0x01, 0x80, 0x20, 0x80, 0x08, 0x00, 0x04 | 0x10)
    assert all(status & 0x88 == 0x88 for status in xram[8:16])   # VBLANK, characters overlap


KEYS = [str(d) for d in range(10)] + [chr(c) for c in range(ord("A"), ord("Z") + 1)] + \
       ["SPACE", "?", "+", "-", "*", "/", "=", ".", "CLEAR", "ENTER"]
BUTTONS = ["UP", "RIGHT", "DOWN", "LEFT", "FIRE"]


def test_input_timeline_presses_every_key_and_button_alone():
    timeline = corpus()["test_input"]["inputs"]
    pressed = [entry["keys"] for entry in timeline if entry.get("keys")]
    assert pressed[:-1] == [[key] for key in KEYS] and pressed[-1] == ["K"]
    for stick in (0, 1):
        held = [entry[f"joy{stick}"] for entry in timeline if entry.get(f"joy{stick}")]
        assert held[:5] == [[button] for button in BUTTONS]


def test_every_key_and_joystick_direction(runner):
    entry = corpus()["test_input"]
    assert len(KEYS) == 46
    xram = run(runner, "test_input.bin", entry["frames"], entry["inputs"]).xram
    # every code of the matrix seen: row 1 has no keys at columns 2 and 3 (codes 0Ah, 0Bh)
    assert xram[0x10:0x18] == (0xFF, 0xF3, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00)
    assert xram[0x18:0x1A] == (0x1F, 0x1F)               # every direction and fire, both sticks
    assert xram[0x1A] == 0x1F                            # K held at the end: row 3, column 7
    # raw: row 3 reads bit 4 = 0 and column 7 inverted (000) in bits 7-5; other rows bit 4 = 1
    assert xram[3] & 0xF0 == 0x00
    assert all(xram[row] & 0x10 for row in (0, 1, 2, 4, 5))
    assert (xram[6] & 0x1F, xram[7] & 0x1F) == (0x1F, 0x1B)   # stick 1 DOWN (bit 2) low


def frame_audio(m):
    return np.asarray(m.audio, dtype=float)


def upward_crossings(samples):
    centred = samples - samples.mean()
    return int(np.sum((centred[:-1] < 0) & (centred[1:] >= 0)))


def test_sound_modes():
    """Our machine only: the oracle gives no sound. Phase p runs in frames 16p+1 .. 16p+16."""
    from emu.odyssey2 import Odyssey2
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_sound.bin"))
    heard = {}
    for frame in range(1, 8 * 16 + 1):
        m.run_frames(1)
        if frame % 16 == 8:
            heard[int(m.xram[0])] = frame_audio(m)
    per_frame = 59.826
    assert abs(upward_crossings(heard[0]) - 1966.8 / per_frame) <= 1       # fast square wave
    assert abs(upward_crossings(heard[1]) - 491.7 / per_frame) <= 1        # slow rate
    assert abs(upward_crossings(heard[5]) - 491.7 / per_frame) <= 1        # 8-shift pattern
    assert heard[2].std() > 0 and heard[6].std() > 0                       # noise sounds
    assert np.ptp(heard[4]) == 0 and np.ptp(heard[7]) == 0                 # off / all zeros
    ratio = heard[3].std() / heard[0].std()                                # volume 8 vs 15
    assert abs(ratio - 8 / 15) < 0.05


def test_demo_ship_follows_joystick_0(runner):
    snapshots = run_many(runner, "demo.bin", (10, 20), [{"frame": 11, "joy0": ["RIGHT"]}])
    start, moved = snapshots[10], snapshots[20]
    ship_x = 0x2C
    assert start.iram[ship_x] == 0x50
    # 2 pixels a frame while RIGHT is held in frames 11-20
    assert moved.iram[ship_x] == 0x50 + 2 * 10


def test_demo_remembers_the_key_and_beeps(runner):
    snapshots = run_many(runner, "demo.bin", (13, 20), [{"frame": 11, "keys": ["G"]}])
    last_key, sound_control = 0x2F, 0xAA
    assert snapshots[13].iram[last_key] == 0x1C
    # a beep: enabled, fast rate, volume 12, for 6 frames from the key's frame
    assert snapshots[13].vdc[sound_control] == 0x80 | 0x20 | 12
    assert snapshots[20].vdc[sound_control] == 0x00


def test_sound_write_holds_off_the_shift():
    """Our machine only (the oracle gives no sound). Untouched, the AA AA AA register plays the
    fast-rate square wave; rewritten about every 6 cycles from frame 31 on, it never shifts."""
    from emu.odyssey2 import Odyssey2
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_sound_holdoff.bin"))
    heard = {}
    for frame in range(1, 41):
        m.run_frames(1)
        heard[frame] = frame_audio(m)
    assert all(abs(upward_crossings(heard[f]) - 1966.8 / 59.826) <= 1 for f in range(5, 30))
    assert all(np.ptp(heard[f]) == 0 for f in range(32, 41))


def test_sound_holdoff_counts_frames_while_writing(runner):
    assert run(runner, "test_sound_holdoff.bin", 40).xram[0] == 39
