"""The debugger's text views, from plain register values (emu/debugger/views.py)."""
from types import SimpleNamespace

from emu.debugger import views


def cpu(**fields):
    base = dict(pc=0x412, a=0x3C, psw=0xD9, f1=1, mb=1, p1=0xBF, p2=0xF0, bus=0x00, t0=0, t1=1,
                int_pin=1, xirq_enabled=1, tirq_enabled=0, in_irq=1, cycles=12345, timer=0x7F,
                timer_mode=1, prescaler=31, timer_flag=1, tirq_pending=0)
    base.update(fields)
    return SimpleNamespace(**base)


def test_registers():
    # PSW D9 = CY, AC, BS set, F0 clear, bit 3 always 1, SP 1.
    assert views.registers(cpu(), [0, 1, 2, 3, 4, 5, 6, 0xFF], frame=9) == (
        "PC 412  A 3C  PSW D9 [CY AC -- BS] SP 1  F1 1  MB 1\n"
        "R0 00  R1 01  R2 02  R3 03  R4 04  R5 05  R6 06  R7 FF  (bank 1)\n"
        "P1 BF  P2 F0  BUS 00  T0 0  T1 1  INT 1  I on  TCNTI off  in-irq 1\n"
        "cycles 12345  frame 9")


def test_timer():
    assert views.timer(cpu()) == "T 7F  timer  prescaler 31/32  flag 1  TCNTI off  pending 0"
    assert views.timer(cpu(timer_mode=2)).startswith("T 7F  counter  ")


def test_hexdump():
    assert views.hexdump(bytes(range(20))) == (
        "00: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F\n"
        "10: 10 11 12 13")


def test_grid_segments():
    regs = bytearray(256)
    regs[0xA0] = 0x08 | 0x40                    # grid on, dots
    regs[0xA3] = 0x45                           # grid colour 5, luminous
    regs[0xC0] = 0x01                           # column 0, row 0
    regs[0xC8] = 0x80                           # column 8, row 7
    regs[0xD4] = 0x01                           # column 4, row 8 (the ninth row)
    regs[0xE9] = 0x03                           # column 9, rows 0 and 1
    lines = views.grid(regs).splitlines()
    assert lines[0] == "grid on  dots on  wide off  colour 5  luminance"
    assert lines[1] == "+---+   +   +   +   +   +   +   +   +"
    assert lines[2] == "                                    |"
    assert lines[4] == "                                    |"
    assert lines[15] == "+   +   +   +   +   +   +   +   +---+"
    assert lines[17] == "+   +   +   +   +---+   +   +   +   +"
    assert len(lines) == 18


def test_objects_sprite_character_and_quad():
    regs = bytearray(256)
    regs[0:3] = bytes([0x20, 0x30, 0x3 << 3 | 0x04 | 0x1])   # sprite 0: yellow, double, shift 1
    regs[0x80:0x88] = bytes([0x01, 0x80, 0, 0, 0, 0, 0, 0x0F])
    charset = bytearray(512)
    charset[0x25 * 8:0x25 * 8 + 8] = bytes([0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01])
    # character 0 shows char 25h from Y = 10h: pointer = 25h * 8 - 10h / 2 = 120h, height 7
    regs[0x10:0x14] = bytes([0x10, 0x40, 0x20, 0x01 | 6 << 1])
    # quad 1: Y = 12h, its fourth character points one row into a glyph: all four get 6 rows
    quad = 0x50
    for k in range(4):
        regs[quad + 4 * k:quad + 4 * k + 4] = bytes([0x12, 0x50, (0x25 * 8 - 9) & 0xFF, 0x01 | 2 << 1])
    regs[quad + 14] = (0x25 * 8 - 9 + 1) & 0xFF
    text = views.objects(regs, bytes(charset))
    lines = text.splitlines()
    assert lines[1] == "  sprite 0  x 30 y 20  yellow  shift 1  double"
    assert lines[5] == "    sprite 0  sprite 1  sprite 2  sprite 3"
    assert lines[6] == "    #.......  ........  ........  ........"
    assert lines[7] == "    .......#  ........  ........  ........"
    assert lines[13] == "    ####....  ........  ........  ........"
    assert lines[15] == "  char  0  x 40 y 10  char 25  cyan  rows 7"
    block = lines.index("    25        00        00        00        00        00")
    assert [line[4:12] for line in lines[block + 1:block + 8]] == [
        "#.......", ".#......", "..#.....", "...#....", "....#...", ".....#..", "......#."]
    quad1 = lines.index("  quad 1  x 50 y 12  rows 6")
    assert lines[quad1 + 1] == "    25 green, 25 green, 25 green, 25 green"


def test_vdc_summary_and_sound():
    written, read = bytearray(256), bytearray(256)
    written[0xA0] = 0x28
    written[0xA3] = 0x1A                        # background 3, grid 2
    read[0xA1] = 0x08
    read[0xA2] = 0x81
    read[0xA4], read[0xA5] = 0x3F, 0x12
    assert views.vdc_summary(written, read, 0x123456, 0x80 | 0x20 | 0x10 | 0x0C) == (
        "control   A0 28  grid objects\n"
        "status    A1 08  vblank\n"
        "collision A2 81  sprite0 chars\n"
        "colour    A3 1A  grid 2  background 3\n"
        "beam      A4 3F (y)  A5 12 (x)\n"
        "sound     A7-A9 123456  AA BC  on  shift every 4 lines  noise  volume 12")


def test_frame_hooks_see_every_frame_the_debugger_runs():
    import io
    from emu.debugger.core import Debugger
    from emu.odyssey2 import Odyssey2
    machine = Odyssey2(cart=bytes([0x04, 0x00]) * 1024)      # JMP 0x000 everywhere
    seen = []
    machine.on_frame(lambda m: seen.append(m.frame))
    debugger = Debugger(machine, out=io.StringIO())
    debugger.execute("frame 3")
    debugger.execute("break frame 6")
    debugger.execute("continue")
    debugger.execute("step 2")
    assert seen == [1, 2, 3, 4, 5, 6] and machine.frame == 6
    machine.run_frames(2)                                     # and the machine's own runs
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8]
