"""Program flow: PC wrap, memory banks, pages, jumps, calls and the stack (MCS-48 manual)."""
import pytest

from i8048 import board, steps

NOP = 0x00


def test_pc_increment_wraps_inside_lower_bank():
    # pitfall 1: NOP at 0x7FF continues at 0x000, not 0x800
    b = board((0x7FF, [NOP]), pc=0x7FF)
    b.step()
    assert b.pc == 0x000


def test_pc_increment_wraps_inside_upper_bank():
    b = board((0xFFF, [NOP]), pc=0xFFF)
    b.step()
    assert b.pc == 0x800


def test_operand_fetch_wraps_too():
    # MOV A,#data at 0x7FF takes its operand from 0x000
    b = board((0x000, [0x5C]), (0x7FF, [0x23]), pc=0x7FF)
    b.step()
    assert (b.a, b.pc) == (0x5C, 0x001)


def test_jmp_uses_opcode_bits_for_address_bits_10_to_8():
    b = board([0xA4, 0xA3])                 # JMP 5A3h
    assert b.step() == 2
    assert b.pc == 0x5A3


@pytest.mark.parametrize("page", range(8))
def test_jmp_and_call_on_every_page(page):
    b = board([(page << 5) | 0x04, 0x3C])                 # JMP page:3Ch
    b.step()
    assert b.pc == (page << 8) | 0x3C
    b = board([(page << 5) | 0x14, 0x3C])                 # CALL page:3Ch
    b.step()
    assert (b.pc, b.sp, b.ram[0x08]) == ((page << 8) | 0x3C, 1, 0x02)


def test_sel_mb1_applies_at_the_next_jmp_only():
    # SEL MB1 ; NOP ; JMP 123h
    b = board([0xF5, NOP, 0x24, 0x23])
    steps(b, 2)
    assert (b.pc, b.mb) == (0x002, 1)
    b.step()
    assert b.pc == 0x923


def test_sel_mb0_returns_jumps_to_lower_bank():
    b = board((0x900, [0xE5, 0x04, 0x40]), pc=0x900, mb=1)   # SEL MB0 ; JMP 040h
    steps(b, 2)
    assert b.pc == 0x040


def test_call_and_ret():
    # 010: CALL 345h ; 345: CLR C ; CPL C ; RET
    b = board((0x010, [0x74, 0x45]), (0x345, [0x97, 0xA7, 0x83]), pc=0x010, psw=0x58)
    assert b.step() == 2
    assert b.pc == 0x345
    assert b.sp == 1
    assert (b.ram[0x08], b.ram[0x09]) == (0x12, 0x50)   # PC low; PSW 7-4 | PC 11-8
    steps(b, 2)
    assert b.step() == 2
    assert (b.pc, b.sp, b.cy, b.ac, b.bs) == (0x012, 0, 1, 1, 1)   # RET keeps the new CY


def test_retr_restores_psw_high_nibble():
    # CALL 100h ; at 100: MOV A,#01h ; MOV PSW,A (flags clear, SP stays 1) ; RETR
    b = board([0x34, 0x00], (0x100, [0x23, 0x01, 0xD7, 0x93]), psw=0xA8)
    steps(b, 3)
    assert b.psw == 0x09
    b.step()
    assert (b.pc, b.psw) == (0x002, 0xA8)


def test_call_from_upper_bank_returns_there():
    # at 0x8F0 with MB1: CALL 810h ; 810: RET
    b = board((0x8F0, [0x14, 0x10]), (0x810, [0x83]), pc=0x8F0, mb=1)
    b.step()
    assert b.pc == 0x810
    assert b.ram[0x09] & 0x0F == 0x8
    b.step()
    assert b.pc == 0x8F2


def test_stack_pointer_wraps_after_eight_levels():
    # nine nested CALLs: the ninth entry overwrites the first (SP 0 -> 1 again)
    code = []
    for level in range(9):
        code += [0x14, 2 * level + 2]      # CALL to the next CALL
    b = board(code)
    steps(b, 9)
    assert b.sp == 1
    assert b.ram[0x08] == 0x12              # return address of the ninth CALL (at 0x010)
    assert b.ram[0x0A] == 0x04              # the second CALL's entry is untouched


@pytest.mark.parametrize("op, setup, taken", [
    (0x96, {"a": 1}, True), (0x96, {"a": 0}, False),       # JNZ
    (0xC6, {"a": 0}, True), (0xC6, {"a": 1}, False),       # JZ
    (0xF6, {"cy": 1}, True), (0xF6, {"cy": 0}, False),     # JC
    (0xE6, {"cy": 0}, True), (0xE6, {"cy": 1}, False),     # JNC
    (0xB6, {"f0": 1}, True), (0xB6, {"f0": 0}, False),     # JF0
    (0x76, {"f1": 1}, True), (0x76, {"f1": 0}, False),     # JF1
    (0x36, {"t0": 1}, True), (0x36, {"t0": 0}, False),     # JT0
    (0x26, {"t0": 0}, True), (0x26, {"t0": 1}, False),     # JNT0
    (0x56, {"t1": 1}, True), (0x56, {"t1": 0}, False),     # JT1
    (0x46, {"t1": 0}, True), (0x46, {"t1": 1}, False),     # JNT1
    (0x86, {"int_pin": 1}, True), (0x86, {"int_pin": 0}, False),   # JNI: /INT low
    (0x16, {"timer_flag": 1}, True), (0x16, {"timer_flag": 0}, False),   # JTF
])
def test_conditional_jumps(op, setup, taken):
    b = board((0x120, [op, 0x80]), pc=0x120, **setup)
    assert b.step() == 2
    assert b.pc == (0x180 if taken else 0x122)


@pytest.mark.parametrize("bit", range(8))
def test_jump_on_accumulator_bit(bit):
    op = 0x12 | (bit << 5)
    b = board([op, 0x40], a=1 << bit)
    b.step()
    assert b.pc == 0x040
    b = board([op, 0x40], a=0xFF ^ (1 << bit))
    b.step()
    assert b.pc == 0x002


def test_jtf_clears_the_flag():
    b = board([0x16, 0x10, NOP], timer_flag=1)
    b.step()
    assert (b.pc, b.timer_flag) == (0x010, 0)


def test_conditional_jump_targets_the_page_of_its_operand():
    # JZ at 1FEh: operand at 1FFh, page 100h; JZ at 1FFh: operand at 200h, page 200h
    b = board((0x1FE, [0xC6, 0x34]), pc=0x1FE, a=0)
    b.step()
    assert b.pc == 0x134
    b = board((0x1FF, [0xC6, 0x34]), pc=0x1FF, a=0)
    b.step()
    assert b.pc == 0x234


def test_djnz_loops_register_times():
    # MOV R2,#3 ; loop: INC A ; DJNZ R2,loop
    b = board([0xBA, 0x03, 0x17, 0xEA, 0x02, NOP])
    cycles = 0
    while b.pc != 0x005:
        cycles += b.step()
    assert (b.a, b.r(2)) == (3, 0)
    assert cycles == 2 + 3 * (1 + 2)


def test_djnz_from_zero_runs_256_times():
    b = board([0xEB, 0x00], r3=0)       # DJNZ R3,000h
    for _ in range(255):
        b.step()
        assert b.pc == 0x000
    b.step()
    assert (b.pc, b.r(3)) == (0x002, 0)


def test_jmpp_reads_current_page():
    # JMPP @A at 050h with A = 60h: table byte at 060h = 99h -> 099h
    b = board((0x050, [0xB3]), (0x060, [0x99]), pc=0x050, a=0x60)
    assert b.step() == 2
    assert b.pc == 0x099


def test_jmpp_at_end_of_page_uses_next_page():
    b = board((0x0FF, [0xB3]), (0x110, [0x55]), (0x010, [0x77]), pc=0x0FF, a=0x10)
    b.step()
    assert b.pc == 0x155


def test_jmpp_in_upper_bank():
    b = board((0xA20, [0xB3]), (0xA05, [0x42]), pc=0xA20, a=0x05)
    b.step()
    assert b.pc == 0xA42


def test_movp_reads_page_of_next_instruction():
    b = board((0x0FF, [0xA3]), (0x120, [0x3E]), (0x020, [0x11]), pc=0x0FF, a=0x20)
    assert b.step() == 2
    assert (b.a, b.pc) == (0x3E, 0x100)


def test_movp_same_page():
    b = board((0x640, [0xA3]), (0x6C3, [0x7A]), pc=0x640, a=0xC3)
    b.step()
    assert b.a == 0x7A


def test_movp3_reads_page_3_from_anywhere():
    b = board((0x345, [0x5D]), (0x945, [0x11]), (0x900, [0xE3]), pc=0x900, a=0x45)
    assert b.step() == 2
    assert (b.a, b.pc) == (0x5D, 0x901)


def test_reset_state():
    # Intel: PC, SP, bank, MB to 0; interrupts off; timer stopped, flag clear; F0, F1 clear;
    # P1, P2 to input mode. A, CY, AC and T keep their values.
    b = board([NOP], pc=0x345, psw=0xFF, f1=1, mb=1, xirq_enabled=1, tirq_enabled=1,
              tirq_pending=1, timer_flag=1, timer_mode=1, timer=0x77, p1=0x12, p2=0x34, a=0x99,
              in_irq=1)
    b.reset()
    assert (b.pc, b.sp, b.bs, b.f0, b.f1, b.mb) == (0, 0, 0, 0, 0, 0)
    assert (b.xirq_enabled, b.tirq_enabled, b.tirq_pending, b.in_irq) == (0, 0, 0, 0)
    assert (b.timer_mode, b.timer_flag, b.timer) == (0, 0, 0x77)
    assert (b.p1, b.p2, b.a, b.cy, b.ac, b.psw & 0x08) == (0xFF, 0xFF, 0x99, 1, 1, 0x08)
