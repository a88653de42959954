"""Catch-up rendering at the beam, save states, and the PAL 8245."""
import numpy as np

from vdc_roms import CTRL_OBJECTS, PALETTE, char, machine, moving_sprite0, runs, setup, sprite

# Writes A3 = blue background, 9 cycles later green, then loops: 22 cycles per round.
STRIPES = """
loop:   mov r1,#0A3h
        mov a,#08h
        movx @r1,a
        nop
        nop
        nop
        mov r1,#0A3h
        mov a,#10h
        movx @r1,a
        nop
        nop
        nop
        nop
        nop
        jmp loop
"""


def test_register_writes_land_on_the_pixel_the_beam_is_drawing():
    # Every complete blue run is 9 cycles × 20 half-clocks wide, every green one 13 × 20.
    m = machine(STRIPES, loop=False)
    m.run_frames(2)
    widths = {PALETTE[4]: set(), PALETTE[2]: set()}
    for row in range(243):
        for first, last, rgb in runs(m.screen, row)[1:-1]:
            widths[rgb].add(last - first + 1)
    assert widths == {PALETTE[4]: {180}, PALETTE[2]: {260}}


BUSY = setup(sprite(0, 0x30, 0x20, 0x0C) + sprite(1, 0x60, 0x40, 0x15) + char(0, 0x50, 0x30, 0x010, 3)
             + [(0xC0, 0x55), (0xE3, 0xAA), (0xA3, 0x4A), (0xA7, 0x12), (0xA8, 0x34), (0xA9, 0x56),
                (0xAA, 0xB9), (0xA2, 0xFF), (0xA0, CTRL_OBJECTS | 0x08)]) + moving_sprite0(0x28, keep_collisions=True)


def run_collecting(m, frames):
    out = []
    for _ in range(frames):
        m.run_frames(1)
        out.append((m.screen.copy(), np.array(m.audio), m.iram.copy()))
    return out


def test_save_load_run_equals_an_uninterrupted_run():
    for cycles in (0, 1234, 3001):       # at a frame boundary and in the middle of frames
        m = machine(BUSY, loop=False)
        m.run_frames(3)
        m.run_cycles(cycles)
        state = m.save_state()
        expected = run_collecting(m, 6)
        m.load_state(state)
        again = run_collecting(m, 6)
        for (s1, a1, i1), (s2, a2, i2) in zip(expected, again):
            assert (s1 == s2).all() and (a1 == a2).all() and (i1 == i2).all()
        fresh = machine(BUSY, loop=False)
        fresh.load_state(state)
        for (s1, a1, i1), (s2, a2, i2) in zip(expected, run_collecting(fresh, 6)):
            assert (s1 == s2).all() and (a1 == a2).all() and (i1 == i2).all()


def test_pal_draws_the_same_raster_area():
    ntsc = machine(setup(sprite(0, 0x20, 0x10, 0x08) + [(0xA0, CTRL_OBJECTS)]))
    pal = machine(setup(sprite(0, 0x20, 0x10, 0x08) + [(0xA0, CTRL_OBJECTS)]), region="pal")
    ntsc.run_frames(2)
    pal.run_frames(2)
    assert (ntsc.screen[0x0E:] == pal.screen[0x0E:]).all()   # above: see the next test
    assert runs(pal.screen, 0x20)[1] == (42, 57, PALETTE[9])


def test_pal_shows_characters_the_8244_hides():
    # The 8244 shows no character above line 0x0E and nothing on line 0 (Horton); "on NTSC" says
    # native/HARDWARE.md §3, and MAME's 8245 (videopac) draws them: a character at Y 0 starts
    # on line 0.
    pairs = char(0, 0x00, 0x60, 0x070, 3) + [(0xA0, CTRL_OBJECTS)]   # clear of the zeroed quads
    ntsc, pal = machine(setup(pairs), charset=bytes([0xFF] * 512)), \
        machine(setup(pairs), charset=bytes([0xFF] * 512), region="pal")
    ntsc.run_frames(2)
    pal.run_frames(2)
    assert all(runs(ntsc.screen, y) == [(0, 359, PALETTE[0])] for y in range(0x0E))
    for y in range(14):
        assert (202, 217, PALETTE[11]) in runs(pal.screen, y)
    assert (202, 217, PALETTE[11]) not in runs(pal.screen, 14)


def test_frame_counter_counts_vblank_boundaries_in_both_regions():
    for region in ("ntsc", "pal"):
        m = machine("", region=region)
        m.run_frames(10)
        assert m.frame == 10


def test_a_state_keeps_the_loading_machines_sample_rate():
    pairs = setup([(0xA7, 0xFF), (0xA8, 0xFF), (0xA9, 0xFF), (0xAA, 0x85)])
    saved = machine(pairs, sample_rate=44100)
    saved.run_frames(3)
    state = saved.save_state()
    m = machine(pairs, sample_rate=48000)
    m.load_state(state)
    m.run_frames(2)
    assert len(m.audio) in (802, 803)                 # 48000 / 59.83 Hz
    assert set(m.audio.tolist()) == {5 * 2048}        # steady level, volume 5


def test_t1_falls_242_times_a_frame():
    # T1 = HBLANK | VBLANK (Horton): lines 1-241 each end an HBLANK; VBLANK joins line 242's and
    # line 0's HBLANKs into one high stretch that falls once, and the gap before HBLANK on line 0
    # is no edge. STRT CNT counts the falls.
    for region in ("ntsc", "pal"):
        m = machine("        mov a,#0\n        mov t,a\n        strt cnt\n", region=region)
        m.run_frames(1)
        first = int(m.cpu.timer)
        m.run_frames(10)
        assert (int(m.cpu.timer) - first) & 0xFF == (242 * 10) & 0xFF
