"""A line whose sprites alone changed is drawn again only where its old and new sprite rows lie,
its other collisions kept (native/vdc8244.c, patch_sprites); a line whose sprite rows did not
change is not drawn again, nor reported redrawn to a front end.

The scene: sprite 0 (double size, every row solid) moves right 3 X units a frame over a solid
character that covers a vertical grid column; the VBLANK routine reads the collision register
and moves the sprite (objects off, X + 3, objects on). Geometry from native/HARDWARE.md §3: an
object's first pixel is at half-clock 2 × (X + 5), an object pixel is 2 half-clocks wide (4 for a
double-size sprite), grid column c is at 2 × (0x0D + 16 c), 2 X units wide; drawing order: the
background and grid, characters, sprites. Collisions (Intel's 8245 specification, A2): a
selected class that shares a pixel with another class reports that class; selected here are
sprite 0 and the characters, so the character over the grid column reports the grid in every
frame, also in frames where every line of the character is patched for the moving sprite and
the sprite itself is nowhere near the grid."""
from pathlib import Path

import numpy as np

from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2
from vdc_programs import RELEASE_INT, SOLID_SPRITE0, character0, program, sprite0, write

# Objects off (A0 bit 5 clear), so that their registers take writes.
OBJECTS_OFF = """
        mov     r0,#0A0h        ; objects off: their registers take writes
        clr     a
        movx    @r0,a"""
CHARSET = (Path(__file__).resolve().parents[2] / "roms_free" / "charset.bin").read_bytes()
FRAMES = 60                    # the sprite from X 0x26 to 0xDA: on screen, then past the right edge

SPRITE_Y, SPRITE_X0, STEP = 0x30, 0x20, 3
CHAR_Y, CHAR_X, CHAR_CODE = 0x34, 0x36, 47
GRID_COLUMN = 3
SPRITE0, VGRID, CHARS = 0x01, 0x10, 0x80
SPRITE_PEN, CHAR_PEN, GRID_PEN, BACKGROUND_PEN = 9, 10, 7, 0     # attr 0x0C, attr 0x05, A3 0x07
BANK1_R2 = 0x1A
# The character's pointer: its rows start at ROM byte (pointer + Y / 2), code 47's first row.
CHAR_POINTER = CHAR_CODE * 8 - CHAR_Y // 2
SCENE = program(
    sprite0(SPRITE_Y, SPRITE_X0, 0x0C, "sprite 0: Y, X, colour 1 double size") + SOLID_SPRITE0
    + character0(CHAR_Y, CHAR_X, CHAR_POINTER, 0x04, "character 0: Y, X, pointer, colour 2 and pointer bit 8")
    + f"""
        mov     r0,#{0xE0 + GRID_COLUMN:03X}h        ; one vertical grid column, every row
        mov     a,#0FFh
        movx    @r0,a"""
    + write(0xA3, 0x07, "grid colour 7, background 0")
    + write(0xA2, SPRITE0 | CHARS, "collisions: sprite 0 and the characters selected")
    + write(0xA0, 0x28, "grid and objects on"),
    RELEASE_INT + f"""
        mov     r0,#0A2h        ; what the selected classes met during the frame
        movx    a,@r0
        mov     r2,a
        mov     r0,#0A0h        ; objects off: their registers take writes
        mov     a,#008h
        movx    @r0,a
        mov     r0,#001h        ; sprite 0's X + {STEP}
        movx    a,@r0
        add     a,#{STEP:03X}h
        movx    @r0,a"""
    + write(0xA0, 0x28, "objects on again"))
PALETTE = np.array([[0x00, 0x00, 0x00], [0x79, 0x00, 0x00], [0x00, 0x6D, 0x07], [0x77, 0x67, 0x0B],
                    [0x1A, 0x37, 0xBE], [0x94, 0x30, 0x9F], [0x2A, 0xAA, 0xBE], [0xCE, 0xCE, 0xCE],
                    [0x67, 0x67, 0x67], [0xC7, 0x51, 0x51], [0x56, 0xC4, 0x69], [0xC6, 0xB8, 0x6A],
                    [0x5C, 0x80, 0xF6], [0xDC, 0x84, 0xE8], [0x77, 0xE6, 0xEB], [0xFF, 0xFF, 0xFF]], np.uint8)
SCREEN_W = 360


def columns(x, pixels, pixel_hc):
    """The columns an object at X (0-0xB5) draws in, up to the active part's end."""
    start = 2 * (x + 5)
    return range(start, min(start + pixels * pixel_hc, SCREEN_W))


def on_screen(sprite_x):
    return 2 * (sprite_x + 5) < SCREEN_W


def expected_line(line, sprite_x):
    """The pens of a line of the scene with the sprite at sprite_x, and the classes drawn at each
    column."""
    pens = np.full(SCREEN_W, BACKGROUND_PEN)
    classes = [set() for _ in range(SCREEN_W)]
    grid = range(2 * (0x0D + 16 * GRID_COLUMN), 2 * (0x0D + 16 * GRID_COLUMN) + 4)
    for c in grid:
        pens[c] = GRID_PEN
        classes[c].add(VGRID)
    char_rows = CHARSET[CHAR_CODE * 8:CHAR_CODE * 8 + 7]       # rows to the end of the 8-byte group
    if CHAR_Y <= line < CHAR_Y + 2 * len(char_rows):
        bits = char_rows[(line - CHAR_Y) // 2]
        for k, c in enumerate(range(2 * (CHAR_X + 5), 2 * (CHAR_X + 5) + 16)):
            if bits >> (7 - k // 2) & 1:                       # bit 7 leftmost
                pens[c] = CHAR_PEN
                classes[c].add(CHARS)
    if SPRITE_Y <= line < SPRITE_Y + 32:
        for c in columns(sprite_x, 8, 4):
            pens[c] = SPRITE_PEN
            classes[c].add(SPRITE0)
    return pens, classes


def expected_collisions(sprite_x):
    met = 0
    for line in range(SPRITE_Y - 8, SPRITE_Y + 40):
        for drawn in expected_line(line, sprite_x)[1]:
            for one in drawn:
                for other in drawn - {one}:
                    if one & (SPRITE0 | CHARS) and {one, other} != {VGRID}:
                        met |= other
    return met


def scene(source: str = SCENE) -> Odyssey2:
    """A machine running `source` as its BIOS, an empty cartridge in the slot."""
    return Odyssey2(cart=bytes(2048), bios=assemble_text(source, "scene.asm").image(1024, fill=0x00),
                    charset=CHARSET)


def sprite_x_drawn(m):
    """Where the frame just run drew the sprite. The VBLANK routine runs across the frame's end:
    it reads the collisions of this frame and moves the sprite in the next frame's VBLANK lines."""
    return m.vdc_registers[1]


def test_moving_sprite_patches_its_lines_and_keeps_the_characters_collisions():
    m = scene()
    m.run_frames(2)
    seen_overlap = seen_apart = seen_off = 0
    for _ in range(FRAMES):
        m.run_frames(1)
        x = sprite_x_drawn(m)
        for line in (SPRITE_Y - 1, SPRITE_Y, CHAR_Y + 4, CHAR_Y + 13, SPRITE_Y + 31, SPRITE_Y + 32):
            pens, _ = expected_line(line, x)
            assert (m.screen[line] == PALETTE[pens]).all(), f"sprite X {x:#x}: line {line}"
        met = expected_collisions((x - STEP) & 0xFF)       # read in this frame: the frame before's
        assert int(m.iram[BANK1_R2]) == met, f"sprite X {x - STEP:#x}"
        seen_overlap += bool(met & SPRITE0)
        seen_apart += on_screen(x) and not met & SPRITE0
        seen_off += not on_screen(x)
    assert seen_overlap and seen_apart and seen_off       # the scene went through each case


def test_lines_whose_sprite_rows_did_not_change_are_not_reported_redrawn():
    """Past the right edge the sprite's moves change no pixel: a front end copying only the
    redrawn lines has nothing to copy. On screen, or leaving it, its 32 lines change."""
    m = scene()
    picture = np.empty_like(m.screen)
    m.run_frames(2)
    m.read_screen(picture, redrawn_only=True)
    was_on = True
    for _ in range(FRAMES):
        m.run_frames(1)
        on = on_screen(sprite_x_drawn(m))
        assert m.read_screen(picture, redrawn_only=True) == (32 if on or was_on else 0)
        assert (picture == m.screen).all()
        was_on = on


# A line patched as a copy of the line above must see that line as it is now: here a character
# whose last row is line 0x43 comes and goes every frame while sprite 0's row over lines 0x43
# and 0x44 moves, so line 0x44, drawn like line 0x43 while the character is away, must not take
# the character's row from it when the character is back.
TOGGLE_CHAR_Y, AWAY_Y, ROW_SPRITE_Y = 0x36, 0x80, 0x41
TOGGLE_POINTER = CHAR_CODE * 8 - TOGGLE_CHAR_Y // 2      # code 47's 7 solid rows at Y 0x36
TOGGLE = program(
    sprite0(ROW_SPRITE_Y, SPRITE_X0, 0x08) + SOLID_SPRITE0
    + character0(AWAY_Y, CHAR_X, TOGGLE_POINTER, 0x04, "character 0, away at first: Y, X, pointer, colour 2")
    + write(0xA0, 0x20, "objects on"),
    RELEASE_INT + OBJECTS_OFF + f"""
        mov     r0,#001h        ; sprite 0's X + {STEP}
        movx    a,@r0
        add     a,#{STEP:03X}h
        movx    @r0,a
        mov     r0,#010h        ; the character comes or goes
        movx    a,@r0
        xrl     a,#{TOGGLE_CHAR_Y ^ AWAY_Y:03X}h
        movx    @r0,a"""
    + write(0xA0, 0x20, "objects on again"))


def assert_sprite_lines(m, sprite_y, x, char_y=None):
    """Lines sprite_y - 1 to sprite_y + 16: sprite 0 (single size, every row solid) at X x, over a
    solid character at Y char_y (none: None), on the background."""
    for line in range(sprite_y - 1, sprite_y + 17):
        pens = np.full(SCREEN_W, BACKGROUND_PEN)
        if char_y is not None and char_y <= line < char_y + 14:
            pens[list(range(2 * (CHAR_X + 5), 2 * (CHAR_X + 5) + 16))] = CHAR_PEN
        if sprite_y <= line < sprite_y + 16:
            pens[list(columns(x, 8, 2))] = SPRITE_PEN
        assert (m.screen[line] == PALETTE[pens]).all(), f"sprite X {x:#x}, character Y {char_y}: line {line:#x}"


def each_frame(source, frames=24):
    """The machine running `source` and its VDC registers after each of `frames` frames (3 run
    first)."""
    m = scene(source)
    m.run_frames(3)
    for _ in range(frames):
        m.run_frames(1)
        yield m, m.vdc_registers


def test_a_line_copied_from_the_line_above_sees_that_line_as_it_is_now():
    seen_char = 0
    for m, regs in each_frame(TOGGLE):
        x, char_y = regs[1], regs[0x10]
        assert_sprite_lines(m, ROW_SPRITE_Y, x, char_y if char_y == TOGGLE_CHAR_Y else None)
        seen_char += char_y == TOGGLE_CHAR_Y
    assert 0 < seen_char < 24


# A sprite's attribute bits 7 and 6 are unused (colour 5-3, double size 2, shift 1-0): a routine
# that flips bit 7 every frame changes a sprite register, but no pixel.
STILL = program(
    sprite0(SPRITE_Y, SPRITE_X0, 0x08) + SOLID_SPRITE0 + write(0xA0, 0x20, "objects on"),
    RELEASE_INT + OBJECTS_OFF + """
        mov     r0,#002h        ; sprite 0's attributes: bit 7 flipped
        mov     a,r2
        xrl     a,#080h
        mov     r2,a
        orl     a,#008h
        movx    @r0,a"""
    + write(0xA0, 0x20, "objects on again"))


def frames_redrawing_nothing(source: str, frames: int = 8):
    """The scene's machine after 3 frames, then each of `frames` more frames run: none may report
    a line redrawn."""
    m = scene(source)
    picture = np.empty_like(m.screen)
    m.run_frames(3)
    m.read_screen(picture, redrawn_only=True)
    for _ in range(frames):
        m.run_frames(1)
        assert m.read_screen(picture, redrawn_only=True) == 0
        yield m


def test_a_sprite_register_change_that_draws_the_same_rows_redraws_nothing():
    attributes = set()
    for m in frames_redrawing_nothing(STILL):
        attributes.add(m.vdc_registers[2])
        pens = np.full(SCREEN_W, BACKGROUND_PEN)
        pens[list(columns(SPRITE_X0, 8, 2))] = SPRITE_PEN
        for line in range(SPRITE_Y, SPRITE_Y + 16):
            assert (m.screen[line] == PALETTE[pens]).all()
    assert attributes == {0x08, 0x88}


# Objects never shown (A0 bit 5 clear): a sprite whose registers change every frame draws nothing.
HIDDEN = program(
    sprite0(SPRITE_Y, SPRITE_X0, 0x08) + SOLID_SPRITE0,
    RELEASE_INT + f"""
        mov     r0,#001h        ; sprite 0's X + {STEP}
        movx    a,@r0
        add     a,#{STEP:03X}h
        movx    @r0,a""")


def test_a_sprite_changed_while_objects_are_off_is_not_drawn():
    xs = set()
    for m in frames_redrawing_nothing(HIDDEN):
        xs.add(m.vdc_registers[1])
        assert (m.screen == PALETTE[BACKGROUND_PEN]).all()
    assert len(xs) == 8                          # the sprite did move


# A sprite moved while objects are off, with lines drawn in between (native/vdc8244.c,
# sync_cache: its registers are compared once, when objects are on again). The VBLANK routine
# turns objects off, moves sprite 0 right STEP X units, waits some 46 lines (2 × 256 DJNZ of 2
# cycles, about 22.8 cycles a line: past VBLANK into the frame's first lines, drawn with objects
# off), moves it STEP more, waits again and turns objects on, above the sprite's first line. The
# first place is never shown: each frame shows the sprite STEP × 2 further right, whole, and
# nothing of it where it was.
WAIT_LINES = """
        mov     r3,#0
wait{0}a: djnz    r3,wait{0}a
wait{0}b: djnz    r3,wait{0}b"""
MOVE_X = f"""
        mov     r0,#001h        ; sprite 0's X + {STEP}
        movx    a,@r0
        add     a,#{STEP:03X}h
        movx    @r0,a"""
HIDDEN_SPRITE_Y = 0x70
HIDDEN_MOVES = program(
    sprite0(HIDDEN_SPRITE_Y, SPRITE_X0, 0x08) + SOLID_SPRITE0 + write(0xA0, 0x20, "objects on"),
    RELEASE_INT + OBJECTS_OFF + MOVE_X + WAIT_LINES.format(1) + MOVE_X + WAIT_LINES.format(2)
    + write(0xA0, 0x20, "objects on again"))


def test_a_sprite_moved_while_objects_are_off_is_drawn_where_it_ends():
    shown = 0
    for m, regs in each_frame(HIDDEN_MOVES):
        assert_sprite_lines(m, HIDDEN_SPRITE_Y, regs[1])
        shown += on_screen(regs[1])
    assert shown > 12


# A sprite's shape can be written while objects are shown (only its other registers are locked):
# such a store is seen from where the beam is, so the machine brings the VDC up to it (only an
# object's register stored while objects are off is left where the VDC is: vdc_store_unseen).
# Objects stay on; the VBLANK routine makes every row of sprite 0 solid again, waits 28 steps of
# about three lines (34 DJNZ of 2 cycles; some 20 lines of VBLANK before the first: the beam near
# line 0x46, the middle of the sprite's lines 0x40-0x4F), then clears rows 0 and 7. Row 0 (lines
# 0x40, 0x41) was drawn before the store, solid; row 7 (lines 0x4E, 0x4F) after it, empty.
SHAPE_SPRITE_Y = 0x40
SHAPE_SHOWN = program(
    sprite0(SHAPE_SPRITE_Y, SPRITE_X0, 0x08) + write(0xA0, 0x20, "objects on"),
    RELEASE_INT + SOLID_SPRITE0 + """
        mov     r6,#28
steps:  mov     r4,#34
step:   djnz    r4,step
        djnz    r6,steps"""
    + write(0x80, 0x00, "row 0 cleared") + write(0x87, 0x00, "row 7 cleared"))


def test_a_shape_stored_while_objects_are_shown_is_seen_from_the_beam_on():
    for m, _regs in each_frame(SHAPE_SHOWN, 6):
        solid = np.full(SCREEN_W, BACKGROUND_PEN)
        solid[list(columns(SPRITE_X0, 8, 2))] = SPRITE_PEN
        for line in (SHAPE_SPRITE_Y, SHAPE_SPRITE_Y + 1):
            assert (m.screen[line] == PALETTE[solid]).all(), f"line {line:#x}: row 0 as drawn before the store"
        for line in (SHAPE_SPRITE_Y + 14, SHAPE_SPRITE_Y + 15):
            assert (m.screen[line] == PALETTE[BACKGROUND_PEN]).all(), f"line {line:#x}: row 7 after the store"
