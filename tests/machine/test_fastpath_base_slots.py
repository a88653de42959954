"""Kept line bases live in a few slots (native/vdc8244.h, VDC_BASE_SLOTS: 64), not one a line: a
line that cannot have a slot is patched without one, and a slot not used in the current frame is
taken back from its line, which must then stop drawing from it (native/vdc8244.c, claim_base_slot).

The scene: four double-size sprites, one under the other at odd Y (so that their rows start on odd
lines, the characters' on even ones, and three lines in four differ from the line above), over
eight characters and a vertical grid column; sprites 0 to 2 (lines 19h-78h) move right in odd
frames, sprite 3 (lines 79h-98h) in every frame. In odd frames the four need more bases than
there are slots; in even frames sprite 3's lines take slots back from the others'. The reference
build (tests/machine/test_fastpath_reference.py, job "base-slots") must give the same frames.
Here: each sprite's set pixels show in its colour where the beam drew it. Geometry from
native/HARDWARE.md §3: an object's first pixel is at half-clock 2 × (X + 5); a double-size sprite's
pixel is 4 half-clocks wide and its row 4 lines tall, bit 0 leftmost."""
import numpy as np

from machine.test_fastpath_sprite_patch import CHARSET, PALETTE, scene
from vdc_programs import RELEASE_INT, program, registers, write

SPRITE_Y = (0x19, 0x39, 0x59, 0x79)
SPRITE_X0 = (0x10, 0x14, 0x18, 0x1C)
STEP = 3
SHAPES = tuple(tuple((0xA5 ^ (0x11 * row) ^ (0x3C * n)) & 0xFF for row in range(8)) for n in range(4))
CHARS = 8
CHAR_Y = tuple(0x18 + 16 * c for c in range(CHARS))
CHAR_X = tuple(0x18 + 4 * c for c in range(CHARS))
CHAR_POINTER = tuple((20 + 3 * c) * 8 - CHAR_Y[c] // 2 for c in range(CHARS))
FRAMES = 24


def sprite_attributes(n):
    return (n + 1) << 3 | 0x04                 # colour n + 1, double size


def move(sprites):
    return "".join(f"""
        mov     r0,#{4 * n + 1:03X}h        ; sprite {n}'s X + {STEP}
        movx    a,@r0
        add     a,#{STEP:03X}h
        movx    @r0,a""" for n in sprites)


SCENE = program(
    "".join(registers(4 * n, (SPRITE_Y[n], SPRITE_X0[n], sprite_attributes(n)), f"sprite {n}: Y, X, attributes")
            + registers(0x80 + 8 * n, SHAPES[n], f"sprite {n}'s shape") for n in range(4))
    + "".join(registers(0x10 + 4 * c, (CHAR_Y[c], CHAR_X[c], CHAR_POINTER[c] & 0xFF,
                                       (5 + c % 3) << 1 | CHAR_POINTER[c] >> 8), f"character {c}")
              for c in range(CHARS))
    + write(0xE3, 0xFF, "vertical grid column 3, every row")
    + write(0xA3, 0x07, "grid colour 7, background 0")
    + write(0xA2, 0x8F, "collisions: the sprites and the characters selected")
    + write(0xA0, 0x28, "grid and objects on"),
    RELEASE_INT + """
        mov     r0,#0A2h        ; what the selected classes met during the frame
        movx    a,@r0
        mov     r2,a"""
    + write(0xA0, 0x08, "objects off: their registers take writes") + """
        inc     r3
        mov     a,r3
        anl     a,#001h
        jz      even""" + move((0, 1, 2, 3)) + """
        jmp     moved
even:""" + move((3,)) + """
moved:""" + write(0xA0, 0x28, "objects on again"))


def sprite_pixels(n, x):
    """(line, column) of each set pixel of sprite n at X x, up to the active part's end."""
    out = []
    for line in range(SPRITE_Y[n], SPRITE_Y[n] + 32):
        bits = SHAPES[n][(line - SPRITE_Y[n]) // 4]
        for k in range(8):
            if bits >> k & 1:
                out += [(line, c) for c in range(2 * (x + 5) + 4 * k, 2 * (x + 5) + 4 * k + 4) if c < 360]
    return out


def test_sprites_moving_over_more_lines_than_base_slots_are_drawn_where_they_are():
    m = scene(SCENE)
    m.run_frames(2)
    xs = set()
    for _ in range(FRAMES):
        m.run_frames(1)
        regs = m.vdc_registers
        screen = np.asarray(m.screen)
        for n in range(4):
            x = regs[4 * n + 1]
            xs.add((n, x))
            pen = 8 + n + 1
            for line, column in sprite_pixels(n, x):
                assert (screen[line, column] == PALETTE[pen]).all(), \
                    f"sprite {n} X {x:#x}: line {line:#x} column {column}"
    assert len(xs) >= 3 * FRAMES // 2 + FRAMES   # sprites 0-2 moved in half the frames, 3 in all

