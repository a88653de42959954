"""P1 chip selects, keyboard matrix and joysticks, as the CPU reads them (native/HARDWARE.md
§2; the oracle README's "How MAME's driver reads these ports"; machine.c's header for what an
unselected read returns)."""
import pytest

from emu import keys
from emu.odyssey2 import Odyssey2
from machine_images import (CHARSET, INS_A_BUS, IN_A_P2, MOVX_AT_R0_A, MOVX_A_AT_R0,
                            looping_bios, mov_a, mov_r0, outl_p1, outl_p2)

MOV_R_A = 0xA8          # MOV Rn,A is 0xA8 + n
KEYBOARD_ON = 0xFB      # P12 = 0, P13/P14 = 1: decoder enabled, no MOVX device
KEYBOARD_OFF = 0xFF


def read_all_rows(p1):
    """P1 <- p1, then for each row 0-5: P2 <- 0xF0 | row, IN A,P2, MOV Rrow,A."""
    code = outl_p1(p1)
    for row in range(6):
        code += outl_p2(0xF0 | row) + [IN_A_P2, MOV_R_A + row]
    return looping_bios(code), 2 + 1 + 6 * 4


def rows_read(pressed, p1=KEYBOARD_ON):
    image, steps = read_all_rows(p1)
    m = Odyssey2(bios=image, charset=CHARSET)
    for name in pressed:
        m.press(name)
    for _ in range(steps):
        m.step()
    return [int(x) for x in m.cpu.r[:6]]


@pytest.mark.parametrize("name", sorted(keys.KEYS))
def test_every_key_reads_in_its_row_only(name):
    row, column = keys.KEYS[name]
    expected = [0xF0 | r for r in range(6)]
    # bit 4 = 0 (a key is down), bits 7-5 = 7 - column, bits 3-0 = the P2 latch (the row).
    expected[row] = ((7 - column) << 5) | row
    assert rows_read([name]) == expected


def test_key_matrix_positions_match_the_oracle_port_map():
    assert keys.KEYS["0"] == (0, 0) and keys.KEYS["7"] == (0, 7)
    assert keys.KEYS["SPACE"] == (1, 4) and keys.KEYS["P"] == (1, 7)
    assert keys.KEYS["+"] == (2, 0) and keys.KEYS["Q"] == (3, 0) and keys.KEYS["."] == (4, 7)
    assert keys.KEYS["YES"] == keys.KEYS["Y"] == (5, 4) and keys.KEYS["NO"] == (5, 5)
    assert keys.KEYS["CLEAR"] == (5, 6) and keys.KEYS["ENTER"] == (5, 7)
    assert len(set(keys.KEYS.values())) == 46


def test_the_highest_pressed_column_wins():
    # "0" is column 0 and "5" column 5 of row 0: 7 - 5 = 2 in bits 7-5.
    assert rows_read(["0", "5"])[0] == 0x40


def test_released_key_no_longer_reads():
    image, steps = read_all_rows(KEYBOARD_ON)
    m = Odyssey2(bios=image, charset=CHARSET)
    m.press("Q")
    m.release("Q")
    for _ in range(steps):
        m.step()
    assert [int(x) for x in m.cpu.r[:6]] == [0xF0 | r for r in range(6)]


def test_keyboard_disabled_by_p12_reads_the_latch():
    assert rows_read(["A", "0", "ENTER"], p1=KEYBOARD_OFF) == [0xF0 | r for r in range(6)]


def test_unknown_key_is_refused():
    m = Odyssey2(bios=looping_bios([]), charset=CHARSET)
    with pytest.raises(ValueError, match="unknown key 'F1'"):
        m.press("F1")


def joystick_reads(settings, p1=KEYBOARD_ON):
    """P2 rows 0, 1, 2 read with INS A,BUS into R0, R1, R2."""
    code = outl_p1(p1)
    for row in range(3):
        code += outl_p2(0xF0 | row) + [INS_A_BUS, MOV_R_A + row]
    m = Odyssey2(bios=looping_bios(code), charset=CHARSET)
    for n, held in settings.items():
        m.joystick(n, **held)
    for _ in range(3 + 3 * 4):
        m.step()
    return [int(x) for x in m.cpu.r[:3]]


# Active low on the bus: bit 0 up, 1 right, 2 down, 3 left, 4 fire; bits 7-5 read 1.
@pytest.mark.parametrize("direction,bus", [("up", 0xFE), ("right", 0xFD), ("down", 0xFB),
                                           ("left", 0xF7), ("fire", 0xEF)])
@pytest.mark.parametrize("stick", [0, 1])
def test_every_joystick_direction(stick, direction, bus):
    expected = [0xFF, 0xFF, 0xFF]
    expected[stick] = bus
    assert joystick_reads({stick: {direction: True}}) == expected


def test_joystick_diagonal_with_fire_and_both_sticks():
    # left stick up+left+fire: bits 0, 3, 4 low = 0xE6; right stick down+right: bits 1, 2 = 0xF9
    got = joystick_reads({0: {"up": True, "left": True, "fire": True},
                          1: {"down": True, "right": True}})
    assert got == [0xE6, 0xF9, 0xFF]


def test_joystick_call_releases_what_it_does_not_name():
    code = outl_p1(KEYBOARD_ON) + outl_p2(0xF0) + [INS_A_BUS]
    m = Odyssey2(bios=looping_bios(code), charset=CHARSET)
    m.joystick(0, up=True)
    m.joystick(0, fire=True)
    for _ in range(6):
        m.step()
    assert m.cpu.a == 0xEF


def test_joysticks_need_the_decoder_enabled():
    assert joystick_reads({0: {"up": True}, 1: {"fire": True}}, p1=KEYBOARD_OFF) == [0xFF] * 3


def test_bad_joystick_number():
    m = Odyssey2(bios=looping_bios([]), charset=CHARSET)
    with pytest.raises(ValueError):
        m.joystick(2, up=True)


# ---- MOVX and the P1 selects ----
# P1 values (bit 7 P17 .. bit 0 P10), selects active low, P16 = copy mode:
RAM_ONLY = 0xAF      # 1010 1111: P14 = 0
VDC_ONLY = 0x97      # 1001 0111: P13 = 0
NOTHING = 0xBF       # 1011 1111: P13 = P14 = 1
BOTH = 0x87          # 1000 0111: P13 = P14 = 0
COPY = 0xC7          # 1100 0111: P13 = P14 = 0, P16 = 1
SHAPE = 0x80         # a sprite-shape byte: a plain 8-bit VDC register


def movx(p1, addr, value):
    """P1 <- p1; MOVX @R0,A with R0 = addr, A = value; MOVX A,@R0 -> R1. Returns the machine."""
    code = outl_p1(p1) + mov_r0(addr) + mov_a(value) + [MOVX_AT_R0_A] + mov_a(0x00) + \
        [MOVX_A_AT_R0, MOV_R_A + 1]
    m = Odyssey2(bios=looping_bios(code), charset=CHARSET)
    for _ in range(9):
        m.step()
    return m


def test_ram_selected():
    m = movx(RAM_ONLY, 0x25, 0x5A)
    assert m.xram[0x25] == 0x5A and m.cpu.r[1] == 0x5A


def test_ram_answers_only_0x00_to_0x7f():
    # §2 puts the RAM at 0x00-0x7F; at 0x90 nothing answers: the write is lost, the read floats
    m = movx(RAM_ONLY, 0x90, 0x33)
    assert not m.xram.any() and m.cpu.r[1] == 0xFF


def test_vdc_selected():
    m = movx(VDC_ONLY, SHAPE, 0x3C)
    assert m.vdc_regs[SHAPE] == 0x3C and m.cpu.r[1] == 0x3C
    assert not m.xram.any()


def test_nothing_selected_reads_ff_and_writes_nowhere():
    m = movx(NOTHING, SHAPE, 0x3C)
    assert m.cpu.r[1] == 0xFF
    assert m.vdc_regs[SHAPE] == 0 and not m.xram.any()


SPRITE0_Y = 0x00     # a VDC register inside the RAM's address range


def test_both_selected_write_both_and_read_the_and():
    m = movx(BOTH, SPRITE0_Y, 0x3C)
    assert m.vdc_regs[SPRITE0_Y] == 0x3C and m.xram[0x00] == 0x3C and m.cpu.r[1] == 0x3C
    m = movx(BOTH, SHAPE, 0x3C)              # above 0x7F only the VDC answers
    assert m.vdc_regs[SHAPE] == 0x3C and not m.xram.any() and m.cpu.r[1] == 0x3C


def test_copy_mode_writes_go_to_the_vdc_only():
    m = movx(COPY, SPRITE0_Y, 0x3C)
    assert m.vdc_regs[SPRITE0_Y] == 0x3C and not m.xram.any()
    # the read comes from the (untouched) RAM, not from the VDC's 0x3C
    assert m.cpu.r[1] == 0x00


def test_copy_mode_reads_come_from_ram():
    code = outl_p1(RAM_ONLY) + mov_r0(SPRITE0_Y) + mov_a(0x81) + [MOVX_AT_R0_A] + \
        outl_p1(VDC_ONLY) + mov_a(0x42) + [MOVX_AT_R0_A] + \
        outl_p1(COPY) + [MOVX_A_AT_R0, MOV_R_A + 1]
    m = Odyssey2(bios=looping_bios(code), charset=CHARSET)
    for _ in range(1 + 2 + 1 + 1 + 1 + 2 + 1 + 1 + 2 + 1 + 1):
        m.step()
    assert m.xram[0x00] == 0x81 and m.vdc_regs[SPRITE0_Y] == 0x42
    assert m.cpu.r[1] == 0x81


def test_both_and_copy_mode_read_at_0x80_up_get_only_the_vdc_or_nothing():
    code = outl_p1(VDC_ONLY) + mov_r0(SHAPE) + mov_a(0x3C) + [MOVX_AT_R0_A] + \
        outl_p1(COPY) + [MOVX_A_AT_R0, MOV_R_A + 1] + outl_p1(BOTH) + [MOVX_A_AT_R0, MOV_R_A + 2]
    m = Odyssey2(bios=looping_bios(code), charset=CHARSET)
    for _ in range(1 + 2 + 1 + 1 + 1 + 2 + 1 + 1 + 2 + 1 + 1):
        m.step()
    assert (m.cpu.r[1], m.cpu.r[2]) == (0xFF, 0x3C)
