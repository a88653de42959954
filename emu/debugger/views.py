"""Text views of the machine for the debugger: registers, memory dumps, and the 8244's registers
decoded (objects with their shapes, grid, control/status, collisions, sound).

Every function takes plain values (ints, byte sequences) and returns the text, so the views are
tested without a machine. Register meanings follow native/HARDWARE.md §3.
"""
from emu.native import O2
from emu.vdc import char_address, char_height

# The names below are o2.h's (emu.native.O2), under the debugger's shorter names.
PSW_CY, PSW_AC, PSW_F0, PSW_BS, PSW_SP = O2.PSW_CY, O2.PSW_AC, O2.PSW_F0, O2.PSW_BS, O2.PSW_SP

# VDC register addresses (§3).
VDC_SPRITES, VDC_CHARS, VDC_QUADS, VDC_SHAPES = O2.VDC_SPRITES, O2.VDC_CHARS, O2.VDC_QUADS, O2.VDC_SPRITE_SHAPES
VDC_CONTROL, VDC_STATUS, VDC_COLLISION, VDC_COLOUR = O2.VDC_CONTROL, O2.VDC_STATUS, O2.VDC_COLLISION, O2.VDC_COLOUR
VDC_BEAM_Y, VDC_BEAM_X = O2.VDC_BEAM_Y, O2.VDC_BEAM_X
VDC_GRID_H, VDC_GRID_H9, VDC_GRID_V = O2.VDC_HGRID, O2.VDC_HGRID_ROW8, O2.VDC_VGRID
SPRITE_COUNT, CHAR_COUNT, QUAD_COUNT = O2.VDC_SPRITE_COUNT, O2.VDC_CHAR_COUNT, O2.VDC_QUAD_COUNT
GRID_H_COLUMNS, GRID_H_ROWS = O2.VDC_HGRID_COLUMNS, O2.VDC_HGRID_ROWS
GRID_V_COLUMNS, GRID_V_ROWS = O2.VDC_VGRID_COLUMNS, O2.VDC_VGRID_ROWS

# Object attribute fields.
SPRITE_ATTR_COLOUR_SHIFT, SPRITE_ATTR_DOUBLE = O2.VDC_SPRITE_COLOUR_SHIFT, O2.VDC_SPRITE_DOUBLE
SPRITE_ATTR_SHIFT_MASK = O2.VDC_SPRITE_SHIFT
CHAR_ATTR_PTR_HIGH, CHAR_ATTR_COLOUR_SHIFT = O2.VDC_CHAR_POINTER8, O2.VDC_CHAR_COLOUR_SHIFT
COLOUR_MASK = O2.VDC_COLOUR_MASK

CONTROL_GRID, CONTROL_DOTS, CONTROL_WIDE = O2.VDC_CTRL_GRID, O2.VDC_CTRL_DOTS, O2.VDC_CTRL_WIDE_VGRID
CONTROL_BITS = ((O2.VDC_CTRL_STROBE, "strobe"), (O2.VDC_CTRL_SOUND_IRQ, "sound-irq"),
                (CONTROL_GRID, "grid"), (O2.VDC_CTRL_EXT_IRQ, "overlap-irq"),
                (O2.VDC_CTRL_OBJECTS, "objects"), (CONTROL_DOTS, "dots"), (CONTROL_WIDE, "wide"))
COLLISION_BITS = (*((O2.VDC_COLL_SPRITE0 << i, f"sprite{i}") for i in range(O2.VDC_SPRITE_COUNT)),
                  (O2.VDC_COLL_VGRID, "vgrid"), (O2.VDC_COLL_HGRID, "hgrid"),
                  (O2.VDC_COLL_EXTERNAL, "external"), (O2.VDC_COLL_CHARS, "chars"))
STATUS_BITS = ((O2.VDC_STATUS_HBLANK, "hblank"), (O2.VDC_STATUS_STROBE, "strobe"),
               (O2.VDC_STATUS_SOUND, "sound"), (O2.VDC_STATUS_VBLANK, "vblank"),
               (O2.VDC_STATUS_EXT_OVERLAP, "ext-overlap"), (O2.VDC_STATUS_MAJOR, "char-overlap"))
COLOUR_GRID_MASK, COLOUR_BG_SHIFT = O2.VDC_COLOUR_MASK, O2.VDC_COLOUR_BG_SHIFT
COLOUR_GRID_LUMA = O2.VDC_COLOUR_GRID_LUMINANCE
SOUND_ENABLE, SOUND_FAST, SOUND_NOISE, SOUND_VOLUME = (O2.VDC_SOUND_ENABLE, O2.VDC_SOUND_FAST,
                                                       O2.VDC_SOUND_NOISE, O2.VDC_SOUND_VOLUME)
TIMER_MODES = {O2.TIMER_STOPPED: "stopped", O2.TIMER_TIMER: "timer", O2.TIMER_COUNTER: "counter"}

# Object colours: pen bits R, G, B (native/vdc8244.h, palette); objects are always luminous.
COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "violet", "cyan", "white")
CHAR_ROWS = O2.CHARSET_ROWS          # bytes per glyph in the character ROM
CHARSET_SIZE = O2.CHARSET_CODES * O2.CHARSET_ROWS
PIXEL_ON, PIXEL_OFF = "#", "."


def _bits(value: int, names) -> str:
    on = [name for bit, name in names if value & bit]
    return " ".join(on) if on else "-"


def registers(cpu, bank_regs, frame: int) -> str:
    """The 8048's registers and pins; cpu has the o2_cpu_state fields, bank_regs is R0-R7."""
    psw = cpu.psw
    flags = " ".join(name if psw & bit else "--" for bit, name in
                     ((PSW_CY, "CY"), (PSW_AC, "AC"), (PSW_F0, "F0"), (PSW_BS, "BS")))
    regs = "  ".join(f"R{i} {v:02X}" for i, v in enumerate(bank_regs))
    return "\n".join([
        f"PC {cpu.pc:03X}  A {cpu.a:02X}  PSW {psw:02X} [{flags}] SP {psw & PSW_SP}  "
        f"F1 {cpu.f1}  MB {cpu.mb}",
        f"{regs}  (bank {1 if psw & PSW_BS else 0})",
        f"P1 {cpu.p1:02X}  P2 {cpu.p2:02X}  BUS {cpu.bus:02X}  T0 {cpu.t0}  T1 {cpu.t1}  "
        f"INT {cpu.int_pin}  I {'on' if cpu.xirq_enabled else 'off'}  "
        f"TCNTI {'on' if cpu.tirq_enabled else 'off'}  in-irq {cpu.in_irq}",
        f"cycles {cpu.cycles}  frame {frame}",
    ])


def timer(cpu) -> str:
    return (f"T {cpu.timer:02X}  {TIMER_MODES.get(cpu.timer_mode, '?')}  prescaler {cpu.prescaler}/32  "
            f"flag {cpu.timer_flag}  TCNTI {'on' if cpu.tirq_enabled else 'off'}  "
            f"pending {cpu.tirq_pending}")


def hexdump(data, base: int = 0, width: int = 16) -> str:
    lines = []
    for start in range(0, len(data), width):
        row = data[start:start + width]
        lines.append(f"{base + start:02X}: " + " ".join(f"{b:02X}" for b in row))
    return "\n".join(lines)


def _glyph_row(byte: int, lsb_left: bool, double: bool = False) -> str:
    order = range(8) if lsb_left else range(7, -1, -1)
    pixels = "".join(PIXEL_ON if byte >> b & 1 else PIXEL_OFF for b in order)
    return "".join(p * 2 for p in pixels) if double else pixels


def _side_by_side(blocks: list[list[str]], gap: str = "  ") -> list[str]:
    height = max(len(b) for b in blocks)
    width = [max(len(line) for line in b) for b in blocks]
    return [gap.join((b[i] if i < len(b) else "").ljust(w) for b, w in zip(blocks, width)).rstrip()
            for i in range(height)]


def char_code_and_rows(y: int, pointer: int, charset, height: int) -> tuple[int, list[int]]:
    """The character a (Y, 9-bit pointer) pair shows and its glyph rows drawn (§3: the VDC adds
    Y/2 to the pointer)."""
    address = char_address(y, pointer)
    rows = [charset[(address + i) % CHARSET_SIZE] for i in range(height)]
    return address // CHAR_ROWS, rows


def _colour(attr: int, shift: int) -> str:
    return COLOUR_NAMES[attr >> shift & COLOUR_MASK]


OBJECT_KINDS = ("sprites", "chars", "quads")


def objects(regs, charset, kinds=OBJECT_KINDS) -> str:
    """Sprites, characters and quads (those of `kinds`): position, colour, attributes and shapes
    as text (sprite rows are drawn bit 0 first, character rows bit 7 first, as the VDC does)."""
    regs = bytes(regs)
    out = []
    if "sprites" in kinds:
        out += _sprites(regs)
    if "chars" in kinds:
        out += _chars(regs, charset)
    if "quads" in kinds:
        out += _quads(regs, charset)
    return "\n".join(out)


def _sprites(regs) -> list[str]:
    out, shapes = ["sprites:"], []
    for i in range(SPRITE_COUNT):
        y, x, attr = regs[VDC_SPRITES + 4 * i: VDC_SPRITES + 4 * i + 3]
        double = bool(attr & SPRITE_ATTR_DOUBLE)
        out.append(f"  sprite {i}  x {x:02X} y {y:02X}  {_colour(attr, SPRITE_ATTR_COLOUR_SHIFT)}"
                   f"  shift {attr & SPRITE_ATTR_SHIFT_MASK}{'  double' if double else ''}")
        rows = regs[VDC_SHAPES + 8 * i: VDC_SHAPES + 8 * i + 8]
        shapes.append([f"sprite {i}"] + [_glyph_row(b, lsb_left=True) for b in rows])
    return out + ["    " + line for line in _side_by_side(shapes)]


def _pointer(regs, base: int) -> int:
    return regs[base + 2] | (regs[base + 3] & CHAR_ATTR_PTR_HIGH) << 8


def _char_shape(regs, charset, base: int, y: int, height: int):
    code, rows = char_code_and_rows(y, _pointer(regs, base), charset, height)
    colour = _colour(regs[base + 3], CHAR_ATTR_COLOUR_SHIFT)
    return code, colour, [f"{code:02X}"] + [_glyph_row(b, lsb_left=False) for b in rows]


def _chars(regs, charset) -> list[str]:
    out, shapes = ["characters:"], []
    for j in range(CHAR_COUNT):
        base = VDC_CHARS + 4 * j
        y, x = regs[base], regs[base + 1]
        height = char_height(y, _pointer(regs, base))
        code, colour, shape = _char_shape(regs, charset, base, y, height)
        out.append(f"  char {j:2d}  x {x:02X} y {y:02X}  char {code:02X}  {colour}  rows {height}")
        shapes.append(shape)
    for half in (shapes[:6], shapes[6:]):
        out += ["    " + line for line in _side_by_side(half)]
    return out


def _quads(regs, charset) -> list[str]:
    out = ["quads:"]
    for k in range(QUAD_COUNT):
        base = VDC_QUADS + 16 * k
        y, x = regs[base], regs[base + 1]
        height = char_height(y, _pointer(regs, base + 12))    # the fourth character sets it
        out.append(f"  quad {k}  x {x:02X} y {y:02X}  rows {height}")
        shapes, names = [], []
        for c in range(4):
            code, colour, shape = _char_shape(regs, charset, base + 4 * c, y, height)
            names.append(f"{code:02X} {colour}")
            shapes.append(shape)
        out.append("    " + ", ".join(names))
        out += ["    " + line for line in _side_by_side(shapes)]
    return out


def grid(regs) -> str:
    """The grid segments drawn as text (row r of the horizontal segments is bit r of C0-C8,
    the ninth row bit 0 of D0-D8; vertical segment rows are bits of E0-E9), with its controls."""
    regs = bytes(regs)
    control, colour = regs[VDC_CONTROL], regs[VDC_COLOUR]
    lines = [f"grid {'on' if control & CONTROL_GRID else 'off'}  "
             f"dots {'on' if control & CONTROL_DOTS else 'off'}  "
             f"wide {'on' if control & CONTROL_WIDE else 'off'}  colour {colour & COLOUR_GRID_MASK}"
             f"{'  luminance' if colour & COLOUR_GRID_LUMA else ''}"]
    for row in range(GRID_H_ROWS):
        cells = []
        for col in range(GRID_H_COLUMNS):
            bits = regs[VDC_GRID_H + col] if row < 8 else regs[VDC_GRID_H9 + col]
            on = bits >> (row if row < 8 else 0) & 1
            cells.append("---" if on else "   ")
        lines.append("+" + "+".join(cells) + "+")
        if row < GRID_V_ROWS:
            lines.append("   ".join("|" if regs[VDC_GRID_V + col] >> row & 1 else " "
                                    for col in range(GRID_V_COLUMNS)).rstrip())
    return "\n".join(lines)


def vdc_summary(written, read, shift: int, sound_control: int) -> str:
    """Control and colour as written; status, collision and beam as the CPU would read them
    (peeked); the sound chip's registers."""
    written, read = bytes(written), bytes(read)
    control, colour = written[VDC_CONTROL], written[VDC_COLOUR]
    return "\n".join([
        f"control   A0 {control:02X}  {_bits(control, CONTROL_BITS)}",
        f"status    A1 {read[VDC_STATUS]:02X}  {_bits(read[VDC_STATUS], STATUS_BITS)}",
        f"collision A2 {read[VDC_COLLISION]:02X}  {_bits(read[VDC_COLLISION], COLLISION_BITS)}",
        f"colour    A3 {colour:02X}  grid {colour & COLOUR_GRID_MASK}  "
        f"background {colour >> COLOUR_BG_SHIFT & COLOUR_MASK}"
        f"{'  luminance' if colour & COLOUR_GRID_LUMA else ''}",
        f"beam      A4 {read[VDC_BEAM_Y]:02X} (y)  A5 {read[VDC_BEAM_X]:02X} (x)",
        sound(shift, sound_control),
    ])


def sound(shift: int, control: int) -> str:
    """The 24-bit shift register (A7 high .. A9 low, bit 0 the output) and the control AA."""
    return (f"sound     A7-A9 {shift:06X}  AA {control:02X}  "
            f"{'on' if control & SOUND_ENABLE else 'off'}  "
            f"shift every {4 if control & SOUND_FAST else 16} lines  "
            f"{'noise  ' if control & SOUND_NOISE else ''}volume {control & SOUND_VOLUME}")
