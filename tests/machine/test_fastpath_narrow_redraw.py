"""A line drawn again because objects changed on it, under the look it was drawn in, is drawn and
flagged to a front end only in the columns where the changed objects drew or draw (native/vdc8244.c,
line_changed and redraw_span); outside them its pixels and collisions are as they were. A character
listed as before (a quad's other characters when one's pointer changes) changes nothing.

The scene, objects changed in every VBLANK (collisions: the characters selected, A2 80h):
- character 0 moves right 3 X units a frame on lines 40h-4Dh, where character 1 stands still over
  vertical grid column 5: those lines have a collision all the time, outside any moved column;
- sprite 1 moves right 2 units a frame on lines 3Ah-49h, over character 0's first lines;
- character 2 moves right 3 units a frame on lines 60h-6Dh across sprite 0, which stands still:
  those lines have a collision only while character 2 is over the sprite;
- character 3 changes colour every frame; quad 0's fourth character changes code every frame;
  quad 1 moves right 2 units a frame.
Geometry from native/HARDWARE.md §3: an object's first pixel is at half-clock 2 × (X + 5), a
character's or a single-size sprite's pixel is 2 half-clocks wide and its row 2 lines tall,
a character's bit 7 is leftmost and a sprite's bit 0; a character's rows are ROM bytes from
pointer + Y / 2 to the end of their 8-byte group, the quad's fourth character's count ending all
four; a quad's characters are 16 X units apart; grid column c is at 2 × (0x0D + 16 c), 2 units
wide; drawing order: the background and grid, characters, quads, sprites 3 to 0. A selected class
that shares a pixel with another class reports that class (Intel's 8245 specification, A2); two
characters that overlap on a line set the major-system overlap status (A1 bit 7).
The reference build (tests/machine/test_fastpath_reference.py, job "narrow-redraw") must give the
same frames."""
import numpy as np

from machine.test_fastpath_sprite_patch import CHARSET, PALETTE, SCREEN_W, scene
from vdc_programs import RELEASE_INT, SOLID_SPRITE0, program, registers, write

CHARS_CLASS, VGRID_CLASS = 0x80, 0x10
BACKGROUND_PEN, GRID_PEN = 0, 7                       # A3 07h, P17 high
GRID_COLUMN = 5
GRID_HC = range(2 * (0x0D + 16 * GRID_COLUMN), 2 * (0x0D + 16 * GRID_COLUMN) + 4)
GRID_LINES = range(0x18, 0x18 + 8 * 24)              # the vertical grid's eight rows
SOLID_CODE = 47                                      # seven solid rows
QUAD_CODES = (20, 21, 22, 24)                        # the fourth toggles between codes 24 and 25
CHAR_Y = {0: 0x40, 1: 0x40, 2: 0x60, 3: 0x90}
CHAR_X0 = {0: 0x10, 1: 0x56, 2: 0x40, 3: 0x30}      # character 1 over grid column 5
CHAR_CODE = {0: SOLID_CODE, 1: SOLID_CODE, 2: SOLID_CODE, 3: 33}
QUAD_Y, QUAD_X = (0xA0, 0xB4), (0x20, 0x10)
SPRITE_Y = {0: 0x60, 1: 0x3A}
SPRITE_X0 = {0: 0x70, 1: 0x20}
FRAMES = 36                                          # character 2 ends at X 0xAC, still shown
BANK1_R2, BANK1_R3 = 0x1A, 0x1B
MAJOR = 0x80
LINES = range(0x30, 0xC8)


def pointer(code, y):
    return code * 8 - y // 2


def char_registers(c):
    p = pointer(CHAR_CODE[c], CHAR_Y[c])
    return registers(0x10 + 4 * c, (CHAR_Y[c], CHAR_X0[c], p & 0xFF, (2 + c) << 1 | p >> 8), f"character {c}")


def quad_registers(q):
    out = ""
    for k, code in enumerate(QUAD_CODES):
        p = pointer(code, QUAD_Y[q])
        out += registers(0x40 + 16 * q + 4 * k, (QUAD_Y[q], QUAD_X[q], p & 0xFF, (6 - q) << 1 | p >> 8),
                         f"quad {q}'s character {k}")
    return out


def read_modify_write(register, instruction, comment):
    """A VDC register read, changed by `instruction` (on A) and written back."""
    return f"""
        mov     r0,#{register:03X}h        ; {comment}
        movx    a,@r0
        {instruction}
        movx    @r0,a"""


def add(register, step, comment):
    return read_modify_write(register, f"add     a,#{step:03X}h", comment)


def flip(register, bits, comment):
    return read_modify_write(register, f"xrl     a,#{bits:03X}h", comment)


SCENE = program(
    "".join(char_registers(c) for c in range(4)) + quad_registers(0) + quad_registers(1)
    + registers(0x00, (SPRITE_Y[0], SPRITE_X0[0], 0x28), "sprite 0: Y, X, colour 5")
    + registers(0x04, (SPRITE_Y[1], SPRITE_X0[1], 0x38), "sprite 1: Y, X, colour 7") + SOLID_SPRITE0
    + registers(0x88, [0x81] * 8, "sprite 1's shape: its first and last pixel")
    + write(0xE0 + GRID_COLUMN, 0xFF, "vertical grid column 5, every row")
    + write(0xA3, 0x07, "grid colour 7, background 0")
    + write(0xA2, CHARS_CLASS, "collisions: the characters selected")
    + write(0xA0, 0x28, "grid and objects on"),
    RELEASE_INT + """
        mov     r3,a            ; the status, with the major-system overlap of the frame
        mov     r0,#0A2h        ; what the characters met during the frame
        movx    a,@r0
        mov     r2,a"""
    + write(0xA0, 0x08, "objects off: their registers take writes")
    + add(0x11, 3, "character 0's X + 3") + add(0x19, 3, "character 2's X + 3")
    + add(0x05, 2, "sprite 1's X + 2") + flip(0x1F, 0x02, "character 3's colour")
    + flip(0x4E, 0x08, "quad 0's fourth character: the next code, or back")
    + add(0x51, 2, "quad 1's X + 2 (its four characters')")
    + write(0xA0, 0x28, "objects on again"))


def expected(regs):
    """The pens of LINES, the classes the characters met there and whether two characters overlap
    on a line (A1 bit 7), from the VDC registers."""
    pens = np.full((0xF3, SCREEN_W), BACKGROUND_PEN)
    starts = [[] for _ in range(0xF3)]
    classes = np.zeros((0xF3, SCREEN_W), dtype=np.uint8)
    for line in GRID_LINES:
        pens[line, list(GRID_HC)] = GRID_PEN
        classes[line, list(GRID_HC)] |= VGRID_CLASS

    def character(y, start, address, rows, pen):
        for line in range(y & 0xFE, (y & 0xFE) + 2 * rows):
            starts[line].append(start)
        for row in range(rows):
            bits = CHARSET[(address + row) & 0x1FF]
            for k in range(8):
                if bits >> (7 - k) & 1:
                    columns = [c for c in range(start + 2 * k, start + 2 * k + 2) if c < SCREEN_W]
                    pens[(y & 0xFE) + 2 * row:(y & 0xFE) + 2 * row + 2, columns] = pen
                    classes[(y & 0xFE) + 2 * row:(y & 0xFE) + 2 * row + 2, columns] |= CHARS_CLASS

    def rows_of(address):
        return 7 - address % 8 or 8

    for c in range(4):
        y, x, p, attr = regs[0x10 + 4 * c:0x14 + 4 * c]
        address = (p | (attr & 1) << 8) + y // 2
        character(y, 2 * (x + 5), address, rows_of(address), 8 | attr >> 1 & 7)
    for q in range(2):
        last = (regs[0x4E + 16 * q] | (regs[0x4F + 16 * q] & 1) << 8) + QUAD_Y[q] // 2
        for k in range(4):
            y, x, p, attr = regs[0x40 + 16 * q + 4 * k:0x44 + 16 * q + 4 * k]
            character(y, 2 * (x + 5) + 32 * k, (p | (attr & 1) << 8) + y // 2, rows_of(last), 8 | attr >> 1 & 7)
    for n in (1, 0):
        y, x, attr = regs[4 * n:4 * n + 3]
        for row in range(8):
            bits = regs[0x80 + 8 * n + row]
            for k in range(8):
                if bits >> k & 1:
                    columns = [c for c in range(2 * (x + 5) + 2 * k, 2 * (x + 5) + 2 * k + 2) if c < SCREEN_W]
                    pens[y + 2 * row:y + 2 * row + 2, columns] = 8 | attr >> 3 & 7
                    classes[y + 2 * row:y + 2 * row + 2, columns] |= 1 << n
    met = 0
    for drawn in np.unique(classes[LINES.start:LINES.stop]):
        if drawn & CHARS_CLASS:
            met |= int(drawn) & ~CHARS_CLASS
    major = any(abs(a - b) < 16 for line in starts for i, a in enumerate(line) for b in line[i + 1:])
    return pens[LINES.start:LINES.stop], met, major


def spans(m):
    from emu.native.extension import ffi, lib
    return np.frombuffer(ffi.buffer(ffi.cast("uint16_t *", lib.o2_screen_spans(m._machine._pointer)),
                                     4 * m.screen.shape[0]), dtype=np.uint16).reshape(-1, 2)


def test_objects_changed_on_lines_show_where_they_are_with_their_collisions():
    m = scene(SCENE)
    m.run_frames(2)
    before = bytes(m.vdc_registers)
    met_seen, majors_seen = set(), set()
    for frame in range(FRAMES):
        m.run_frames(1)
        regs = bytes(m.vdc_registers)
        pens, _, _ = expected(regs)
        differ = np.argwhere((m.screen[LINES.start:LINES.stop] != PALETTE[pens]).any(axis=2))
        assert not len(differ), f"frame {frame}: line {LINES.start + differ[0][0]:#x}, column {differ[0][1]}"
        _, met, major = expected(before)            # read in this frame: the frame before's
        assert int(m.iram[BANK1_R2]) == met, f"frame {frame}"
        assert bool(m.iram[BANK1_R3] & MAJOR) == major, f"frame {frame}"
        met_seen.add(met)
        majors_seen.add(major)
        before = regs
    # the scene went through each case: the grid alone (character 2 away from sprite 0), with
    # sprite 0 (character 2 over it), with sprite 1 (over character 0)
    assert VGRID_CLASS in met_seen and any(met & 0x01 for met in met_seen) and any(met & 0x02 for met in met_seen)
    assert majors_seen == {False, True}            # character 0 passes character 1


def test_only_the_changed_objects_columns_are_flagged_and_the_flags_cover_every_change():
    """Character 0's last lines (4Ah-4Dh: no sprite there) are flagged from its old place to its
    new one, not whole, and a buffer of the flagged spans stays equal to the screen."""
    m = scene(SCENE)
    m.run_frames(2)
    out = np.zeros_like(m.screen)
    m.read_screen(out, redrawn_only=True)
    for frame in range(FRAMES):
        x = m.vdc_registers[0x11]
        m.run_frames(1)
        flagged = spans(m)[0x4A:0x4E].copy()
        m.read_screen(out, redrawn_only=True)
        assert np.array_equal(out, m.screen), f"frame {frame}"
        assert (flagged[:, 0] >= 2 * (x + 5)).all() and (flagged[:, 1] <= 2 * (x + 3 + 5) + 16).all(), \
            f"frame {frame}: spans {flagged.tolist()} for character 0 from X {x:#x} to {x + 3:#x}"
