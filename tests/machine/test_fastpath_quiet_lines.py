"""Whole lines that would only repeat what the render cache remembers and count the sound's
prescaler pass in one step (native/vdc8244.c, pass_lines). Such a line still reports the
collisions it drew when it was last drawn: a sprite selected in A2 that shares pixels with the
grid sets the grid's bit in the collision register (Intel's 8245 specification, A2), every frame,
although after the first frame its lines are never drawn again. The sprite covers two lines only
(one shape row), so in most frames neither is a line on which the sound's shift clock is due (the
beam steps those one by one): the report comes from the quiet lines."""
from pathlib import Path

from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2
from machine_images import CHARSET
from vdc_programs import RELEASE_INT, SHIFT_FF_0F_F1, character0, program, sprite0, write

BANK1_R2, BANK1_R3 = 0x1A, 0x1B


def collision_scene(sprite: str, shape_and_grid: str) -> str:
    """A BIOS whose scene is sprite 0 (its registers, then its shape row and a grid piece), the sound off at the
    prescaler's slow rate (a shift every 16 lines), collisions with sprite 0 selected, objects and grid on; its
    VBLANK handler stores what sprite 0 met during the frame in bank 1's R2 and counts the frames in R3."""
    return program(
        sprite + shape_and_grid + """
        mov     r0,#0AAh        ; sound off: the prescaler's slow rate, a shift every 16 lines
        clr     a
        movx    @r0,a"""
        + write(0xA2, 0x01, "collisions: sprite 0 selected")
        + write(0xA0, 0x28, "objects and grid on"),
        RELEASE_INT + """
        mov     r0,#0A2h        ; what the selected classes met during the frame
        movx    a,@r0
        mov     r2,a
        inc     r3""")


def collisions_reported(scene: str, charset: bytes = CHARSET) -> tuple[list, int]:
    """Sprite 0's collisions as the scene's handler stored them, frame after frame for 32 frames (every phase
    of the shift clock, twice) after two to set up, and the frames it counted."""
    m = Odyssey2(cart=bytes(2048), bios=assemble_text(scene, "scene.asm").image(1024, fill=0x00), charset=charset)
    m.run_frames(2)
    reads = []
    for _ in range(32):
        m.iram[BANK1_R2] = 0
        m.run_frames(1)
        reads.append(int(m.iram[BANK1_R2]))
    return reads, int(m.iram[BANK1_R3])


VGRID = 0x10                   # A2: the vertical grid's class
SCENE = collision_scene(
    sprite0(0x40, 0x06, 0x08, "sprite 0: Y 40h, X 06h (half-clocks 22-37, over the grid's first "
                              "column at 26-29), colour 1"), """
        mov     r0,#083h        ; shape row 3 only: lines 46h and 47h
        mov     a,#0FFh
        movx    @r0,a
        mov     r0,#0E0h        ; vertical grid column 0, every row
        movx    @r0,a""")


def test_lines_not_drawn_again_still_report_their_collisions():
    reads, frames = collisions_reported(SCENE)
    assert frames >= 33         # one VBLANK read a frame
    assert reads == [VGRID] * 32


# The same kind of scene with a collision on one line only: sprite 0's shape row 0 covers lines 1Ah
# and 1Bh, and the horizontal grid's row 0 segments are lines 18h-1Ah (three lines tall,
# half-clocks 26-61 in column 0: Horton's tests 30-38, tests/vdc/test_grid_colours.py), so the
# sprite meets the first column's segment on line 1Ah alone. With the slow rate a shift clock
# falls every 16 lines and a frame is 263 lines, so line 1Ah is a line on which the sound is
# clocked in 2 frames of every 16: those frames' report comes from that line alone, passed whole
# with the clocked lines (pass_lines).
HGRID = 0x20                   # A2: the horizontal grid's class (segments and dots)
ONE_LINE_SCENE = collision_scene(
    sprite0(0x1A, 0x06, 0x08, "sprite 0: Y 1Ah, X 06h (half-clocks 22-37), colour 1"), """
        mov     r0,#080h        ; its shape: row 0 only, lines 1Ah and 1Bh
        mov     a,#0FFh
        movx    @r0,a
        mov     r0,#0C0h        ; horizontal grid column 0: row 0's segment (lines 18h-1Ah)
        mov     a,#001h
        movx    @r0,a""")


def test_a_line_passed_with_its_sound_clocked_still_reports_its_collisions():
    reads, frames = collisions_reported(ONE_LINE_SCENE)
    assert frames >= 33
    assert reads == [HGRID] * 32


# The sound over lines passed in one step across a frame's last line. In the MAME model the first
# frame's VBLANK lines, before MAME's first line 0, give no shift clock (native/vdc8244.c,
# line_clocks_sound), and the lines after them do: a step from those VBLANK lines into line 0 and
# on must clock the sound on its lines by their numbers after the frame's last. The program writes
# a tone at the fast rate (a shift every 4 lines) at power-on, on the first frame's VBLANK lines,
# and then only takes the VBLANK interrupt, so the beam passes the next 240 lines in one step;
# tests/machine/test_fastpath_reference.py compares its frames with the reference build's
# ("sound-power-on-mame": fails when those lines are taken as VBLANK's).
SOUND_POWER_ON = program(
    SHIFT_FF_0F_F1
    + write(0xAA, 0xAF, "sound on: a tone, the fast rate, volume 15"),
    RELEASE_INT)


def sound_power_on_machine() -> Odyssey2:
    return Odyssey2(cart=bytes(2048), bios=assemble_text(SOUND_POWER_ON, "scene.asm").image(1024, fill=0x00),
                    charset=CHARSET, model="mame")


# Whole lines the cache has are passed eight at a time (native/vdc8244.c, pass_drawn_lines): the
# collisions of each of the eight count. Here a solid character (code 47 of roms_free/charset.bin:
# 7 rows to the end of its 8-byte group, 2 lines each) covers lines 1Ch-29h, and sprite 0's shape row
# 0 covers lines 29h and 2Ah, so the sprite meets the character on line 29h alone, the second of
# the eight lines 28h-2Fh.
CHARS = 0x80                   # A2: the characters' class
FREE_CHARSET = (Path(__file__).resolve().parents[2] / "roms_free" / "charset.bin").read_bytes()
ODD_LINE_SCENE = collision_scene(
    sprite0(0x29, 0x06, 0x08, "sprite 0: Y 29h, X 06h (half-clocks 22-37), colour 1") + """
        mov     r0,#080h        ; its shape: row 0 only, lines 29h and 2Ah
        mov     a,#0FFh
        movx    @r0,a"""
    + character0(0x1C, 0x06, 47 * 8 - 0x1C // 2, 0x04, "character 0: Y 1Ch, X 06h, code 47 (solid rows), colour 2"),
    "")


def test_a_collision_on_one_line_of_eight_passed_at_once_is_reported():
    reads, frames = collisions_reported(ODD_LINE_SCENE, FREE_CHARSET)
    assert frames >= 33
    assert reads == [CHARS] * 32


# Quiet lines are passed eight at a time when all eight are valid under the look now
# (lines_valid8). Here the background colour (A3 bits 5-3) is one colour from the frame's first
# line and another from a line that moves down about three lines a frame (the VBLANK routine
# waits R5 times 34 DJNZ of 2 cycles, some 22.8 cycles a line, before the second write): the
# waits of about 20 lines and more end in VBLANK, hence 10 steps at least; the
# lines the split passed over since the frame before were drawn under the second colour's look
# and now lie in the quiet lines before it, at every place in a group of eight as the split
# moves. Each must be drawn again in the first colour.
MOVING_SPLIT = program(write(0xA3, 0x00, "background 0"), RELEASE_INT + """
        mov     a,r5            ; R5: the wait's length in steps of about three lines, 10 to 59
        jnz     counted
        mov     r5,#10
counted: mov    r0,#0A3h        ; the first colour, background 0
        clr     a
        movx    @r0,a
        mov     a,r5
        mov     r6,a
steps:  mov     r4,#34
step:   djnz    r4,step
        djnz    r6,steps
        mov     r0,#0A3h        ; the second colour, background 7
        mov     a,#038h
        movx    @r0,a
        inc     r5
        mov     a,r5
        xrl     a,#60
        jnz     done
        mov     r5,#10
done:   nop""")


def test_lines_the_split_left_are_drawn_again_in_the_first_colour():
    m = Odyssey2(cart=bytes(2048), bios=assemble_text(MOVING_SPLIT, "split.asm").image(1024, fill=0x00),
                 charset=CHARSET)
    m.run_frames(3)
    splits = []
    for _ in range(40):
        m.run_frames(1)
        screen = m.screen
        first, last = screen[0], screen[-1]
        assert (first != last).any()
        whole_first = [(row == first).all() for row in screen]
        whole_last = [(row == last).all() for row in screen]
        split = whole_first.index(False)                  # the first line not wholly the first colour
        assert not any(whole_first[split:]), f"split at line {split}: a line below it in the first colour"
        assert all(whole_last[split + 1:]), f"split at line {split}: a line below it not in the second"
        splits.append(split)
    steps = [b - a for a, b in zip(splits, splits[1:]) if b > a]
    assert steps and all(2 <= s <= 4 for s in steps), splits     # the split moved as planned
    assert len({s % 8 for s in splits}) == 8                     # through every place in a group
