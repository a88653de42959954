"""A line whose sprites alone move, frame after frame, keeps its base (background, grid and
characters without the sprites) once it was patched twice, and later patches copy that base under
the sprites' span and draw only the sprites (native/vdc8244.c, keep_base and patch_over_base). The
kept base must be forgotten when the line is drawn again: here a character under the moving sprite
changes its shape every fourth frame, and in the frames after each change the sprite's span must
show the new shape, not the kept one.

Geometry from native/HARDWARE.md §3: an object's first pixel is at half-clock 2 × (X + 5), an
object pixel is 2 half-clocks wide; a character's rows are the character ROM's bytes from
pointer + Y / 2 to the end of that 8-byte group, each shown on two lines, bit 7 leftmost; sprites
are drawn over characters."""
import numpy as np

from machine.test_fastpath_sprite_patch import CHARSET, OBJECTS_OFF, PALETTE, SCREEN_W, columns, scene
from vdc_programs import RELEASE_INT, SOLID_SPRITE0, character0, program, sprite0, write

SPRITE_Y, SPRITE_X0, STEP = 0x30, 0x3A, 4   # moving left: the span a patch draws again ends
                                             # where the sprite was, right of it
CHAR_Y, CHAR_X = 0x34, 0x2A
CODES = (33, 13)                       # the character's two shapes: no two rows in a row alike
                                       # (a line like the one above is copied from it), pointer
                                       # bit 8 clear in both
POINTERS = tuple(code * 8 - CHAR_Y // 2 for code in CODES)
SPRITE_PEN, CHAR_PEN, BACKGROUND_PEN = 9, 10, 0                 # attr 0x08, attr 0x04, A3 0x00
FRAMES = 13                            # X from 0x3A down to 6
assert POINTERS[0] >> 8 == POINTERS[1] >> 8 == 0

SCENE = program(
    sprite0(SPRITE_Y, SPRITE_X0, 0x08, "sprite 0: Y, X, colour 1") + SOLID_SPRITE0
    + character0(CHAR_Y, CHAR_X, POINTERS[0], 0x04, "character 0: Y, X, pointer, colour 2")
    + write(0xA3, 0x00, "background 0")
    + write(0xA0, 0x20, "objects on"),
    RELEASE_INT + OBJECTS_OFF + f"""
        mov     r0,#001h        ; sprite 0's X - {STEP}
        movx    a,@r0
        add     a,#{-STEP & 0xFF:03X}h
        movx    @r0,a
        inc     r3              ; every fourth frame the character's other shape
        mov     a,r3
        anl     a,#003h
        jnz     same
        mov     r0,#012h        ; character 0's pointer, low byte
        movx    a,@r0
        xrl     a,#{(POINTERS[0] ^ POINTERS[1]) & 0xFF:03X}h
        movx    @r0,a
same:"""
    + write(0xA0, 0x20, "objects on again"))


def expected_line(line, sprite_x, pointer):
    pens = np.full(SCREEN_W, BACKGROUND_PEN)
    first = pointer + CHAR_Y // 2
    rows = CHARSET[first:first - first % 8 + 7]                # to the end of the 8-byte group
    if CHAR_Y <= line < CHAR_Y + 2 * len(rows):
        bits = rows[(line - CHAR_Y) // 2]
        for k, c in enumerate(range(2 * (CHAR_X + 5), 2 * (CHAR_X + 5) + 16)):
            if bits >> (7 - k // 2) & 1:
                pens[c] = CHAR_PEN
    if SPRITE_Y <= line < SPRITE_Y + 16:
        pens[list(columns(sprite_x, 8, 2))] = SPRITE_PEN
    return pens


def test_a_kept_base_gives_way_to_the_characters_new_shape():
    m = scene(SCENE)
    m.run_frames(2)
    shapes, over_char = set(), 0
    for _ in range(FRAMES):
        m.run_frames(1)
        regs = m.vdc_registers
        x, pointer = regs[1], regs[0x12]
        for line in range(SPRITE_Y - 1, CHAR_Y + 15):
            assert (m.screen[line] == PALETTE[expected_line(line, x, pointer)]).all(), \
                f"sprite X {x:#x}, pointer {pointer:#x}: line {line:#x}"
        shapes.add(pointer)
        over_char += 2 * (x + 5) < 2 * (CHAR_X + 5) + 16 and 2 * (x + 5) + 16 > 2 * (CHAR_X + 5)
    assert shapes == set(POINTERS)
    assert over_char >= 3                    # the sprite crossed the character, shapes changing
