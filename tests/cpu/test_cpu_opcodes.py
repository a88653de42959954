"""Every 8048 opcode: cycle count, length, result and flags, per Intel's MCS-48 manual.

Expected values are worked out by hand from the manual's instruction descriptions.
"""
import pytest

from emu.native import opcode_cycles
from i8048 import board, steps

# Intel's instruction table, grouped by mnemonic: the opcodes that take two machine cycles.
TWO_CYCLE = {
    "ADD/ADDC/ANL/ORL/XRL/MOV A,#data": [0x03, 0x13, 0x53, 0x43, 0xD3, 0x23],
    "MOV @Rr,#data": [0xB0, 0xB1],
    "MOV Rr,#data": list(range(0xB8, 0xC0)),
    "JMP": [0x04, 0x24, 0x44, 0x64, 0x84, 0xA4, 0xC4, 0xE4],
    "CALL": [0x14, 0x34, 0x54, 0x74, 0x94, 0xB4, 0xD4, 0xF4],
    "RET/RETR": [0x83, 0x93],
    "JBb": [0x12, 0x32, 0x52, 0x72, 0x92, 0xB2, 0xD2, 0xF2],
    "JC JNC JZ JNZ": [0xF6, 0xE6, 0xC6, 0x96],
    "JT0 JNT0 JT1 JNT1": [0x36, 0x26, 0x56, 0x46],
    "JF0 JF1 JTF JNI": [0xB6, 0x76, 0x16, 0x86],
    "DJNZ Rr": list(range(0xE8, 0xF0)),
    "JMPP @A": [0xB3],
    "MOVP/MOVP3 A,@A": [0xA3, 0xE3],
    "MOVX": [0x80, 0x81, 0x90, 0x91],
    "IN A,P1/P2, INS A,BUS": [0x09, 0x0A, 0x08],
    "OUTL P1/P2/BUS,A": [0x39, 0x3A, 0x02],
    "ANL/ORL P1/P2/BUS,#data": [0x99, 0x9A, 0x98, 0x89, 0x8A, 0x88],
    "MOVD A,Pp / MOVD Pp,A / ANLD / ORLD": list(range(0x0C, 0x10)) + list(range(0x3C, 0x40))
    + list(range(0x9C, 0xA0)) + list(range(0x8C, 0x90)),
}
TWO_CYCLE_OPCODES = {op for ops in TWO_CYCLE.values() for op in ops}

UNDEFINED = [0x01, 0x06, 0x0B, 0x22, 0x33, 0x38, 0x3B, 0x63, 0x66, 0x73, 0x82, 0x87, 0x8B, 0x9B,
             0xA2, 0xA6, 0xB7, 0xC0, 0xC1, 0xC2, 0xC3, 0xD6, 0xE0, 0xE1, 0xE2, 0xF3]

# Two-byte instructions that do not jump: the PC must pass their operand.
TWO_BYTE_NO_JUMP = [0x03, 0x13, 0x23, 0x43, 0x53, 0xD3, 0xB0, 0xB1, *range(0xB8, 0xC0),
                    0x88, 0x89, 0x8A, 0x98, 0x99, 0x9A]
JUMPS = (TWO_CYCLE["JMP"] + TWO_CYCLE["CALL"] + TWO_CYCLE["RET/RETR"] + TWO_CYCLE["JBb"]
         + TWO_CYCLE["JC JNC JZ JNZ"] + TWO_CYCLE["JT0 JNT0 JT1 JNT1"]
         + TWO_CYCLE["JF0 JF1 JTF JNI"] + TWO_CYCLE["DJNZ Rr"] + [0xB3])


def test_two_cycle_opcodes_counted():
    assert len(TWO_CYCLE_OPCODES) == 97   # 159 one-cycle opcodes remain


@pytest.mark.parametrize("op", range(256))
def test_cycle_table_and_execution_agree_with_manual(op):
    expected = 2 if op in TWO_CYCLE_OPCODES else 1
    assert opcode_cycles(op) == expected
    b = board(bytes([op, 0x00]))
    assert b.step() == expected
    assert b.cycles == expected


@pytest.mark.parametrize("op", [op for op in range(256) if op not in JUMPS])
def test_instruction_length(op):
    b = board(bytes([op, 0x00, 0x00]))
    b.step()
    assert b.pc == (2 if op in TWO_BYTE_NO_JUMP else 1)


@pytest.mark.parametrize("op", UNDEFINED)
def test_undefined_opcode_is_one_cycle_noop(op):
    b = board(bytes([op]), a=0x5A, psw=0xC9, r0=0x11, f1=1)
    ram_before = b.ram.copy()
    assert b.step() == 1
    assert (b.pc, b.a, b.psw, b.f1, b.p1, b.p2) == (1, 0x5A, 0xC9, 1, 0xFF, 0xFF)
    assert (b.ram == ram_before).all()


# ---- arithmetic ----

@pytest.mark.parametrize("a, data, cy_in, op, result, cy, ac", [
    (0x3A, 0xC6, 0, 0x03, 0x00, 1, 1),   # ADD: 3A+C6 = 100; A+6 = 10 carries out of bit 3
    (0x05, 0x03, 1, 0x03, 0x08, 0, 0),   # ADD ignores CY
    (0x0F, 0x01, 0, 0x03, 0x10, 0, 1),   # half carry only
    (0xF0, 0x20, 0, 0x03, 0x10, 1, 0),   # carry only
    (0x7F, 0x00, 1, 0x13, 0x80, 0, 1),   # ADDC adds CY: F+0+1 carries out of bit 3
    (0xFF, 0x00, 1, 0x13, 0x00, 1, 1),   # ADDC: FF+0+1 = 100
    (0x10, 0x20, 0, 0x13, 0x30, 0, 0),
])
def test_add_immediate(a, data, cy_in, op, result, cy, ac):
    b = board(bytes([op, data]), a=a, cy=cy_in)
    b.step()
    assert (b.a, b.cy, b.ac) == (result, cy, ac)


def test_add_register_and_indirect_use_selected_bank():
    # SEL RB1 ; ADD A,R3 ; ADD A,@R1 ; ADDC A,R3 ; ADDC A,@R1
    b = board(bytes([0xD5, 0x6B, 0x61, 0x7B, 0x71]), a=0x01)
    b.ram[0x03] = 0x40          # bank 0 R3: must not be used
    b.ram[0x1B] = 0x22          # bank 1 R3
    b.ram[0x19] = 0x30          # bank 1 R1 -> 0x30
    b.ram[0x30] = 0xE0
    steps(b, 2)
    assert b.a == 0x23
    b.step()                    # 23 + E0 = 103
    assert (b.a, b.cy) == (0x03, 1)
    b.step()                    # 03 + 22 + 1 = 26
    assert (b.a, b.cy) == (0x26, 0)
    b.step()                    # 26 + E0 + 0 = 106
    assert (b.a, b.cy) == (0x06, 1)


@pytest.mark.parametrize("a, cy, ac, result, cy_out", [
    (0x9B, 0, 0, 0x01, 1),   # Intel's example: B>9 -> A1, A>9 -> 101
    (0x3C, 0, 0, 0x42, 0),   # 15 + 27 = 3C -> 42
    (0x32, 1, 1, 0x98, 1),   # 99 + 99 = 132 (CY, AC) -> 198
    (0x10, 0, 1, 0x16, 0),   # 08 + 08 = 10 with AC -> 16
    (0x45, 0, 0, 0x45, 0),   # already decimal
    (0x45, 1, 0, 0xA5, 1),   # CY forces the high adjust
    (0xFA, 0, 0, 0x60, 1),   # low adjust overflows (100): the high adjust follows
    (0xA0, 0, 0, 0x00, 1),   # high digit A: +60h carries out
    (0x9A, 0, 0, 0x00, 1),   # 99 + 01: the low adjust makes the high digit A
    (0x99, 0, 0, 0x99, 0),   # largest value left alone
])
def test_decimal_adjust(a, cy, ac, result, cy_out):
    b = board(bytes([0x57]), a=a, cy=cy, ac=ac)
    assert b.step() == 1
    assert (b.a, b.cy, b.ac) == (result, cy_out, ac)


def test_bcd_addition_with_decimal_adjust():
    # MOV A,#38h ; ADD A,#45h ; DA A  -> 83
    b = board(bytes([0x23, 0x38, 0x03, 0x45, 0x57]))
    steps(b, 3)
    assert (b.a, b.cy) == (0x83, 0)


@pytest.mark.parametrize("op, a, cy, result, cy_out", [
    (0xE7, 0x81, 0, 0x03, 0),   # RL A
    (0x77, 0x81, 1, 0xC0, 1),   # RR A: CY untouched
    (0xF7, 0x81, 0, 0x02, 1),   # RLC A
    (0xF7, 0x01, 1, 0x03, 0),
    (0x67, 0x02, 1, 0x81, 0),   # RRC A
    (0x67, 0x01, 0, 0x00, 1),
    (0x47, 0x3C, 1, 0xC3, 1),   # SWAP A
    (0x37, 0x3C, 0, 0xC3, 0),   # CPL A
    (0x27, 0x3C, 1, 0x00, 1),   # CLR A
    (0x17, 0xFF, 0, 0x00, 0),   # INC A: no carry
    (0x07, 0x00, 0, 0xFF, 0),   # DEC A: no borrow
])
def test_accumulator_operations(op, a, cy, result, cy_out):
    b = board(bytes([op]), a=a, cy=cy)
    b.step()
    assert (b.a, b.cy) == (result, cy_out)


@pytest.mark.parametrize("op, a, operand, result", [
    (0x53, 0x3C, 0x0F, 0x0C),   # ANL A,#
    (0x43, 0x3C, 0x0F, 0x3F),   # ORL A,#
    (0xD3, 0x3C, 0x0F, 0x33),   # XRL A,#
])
def test_logic_immediate_leaves_flags(op, a, operand, result):
    b = board(bytes([op, operand]), a=a, psw=0xC8)
    b.step()
    assert (b.a, b.psw) == (result, 0xC8)


@pytest.mark.parametrize("reg_op, ind_op, a, operand, result", [
    (0x5D, 0x51, 0xF0, 0x3C, 0x30),   # ANL A,R5 / ANL A,@R1
    (0x4D, 0x41, 0xF0, 0x3C, 0xFC),   # ORL A,R5 / ORL A,@R1
    (0xDD, 0xD1, 0xF0, 0x3C, 0xCC),   # XRL A,R5 / XRL A,@R1
])
def test_logic_register_and_indirect(reg_op, ind_op, a, operand, result):
    b = board(bytes([reg_op]), a=a, r5=operand)
    b.step()
    assert b.a == result
    b = board(bytes([ind_op]), a=a, r1=0x25)
    b.ram[0x25] = operand
    b.step()
    assert b.a == result


def test_register_moves_and_exchanges():
    program = bytes([
        0xBE, 0x77,   # MOV R6,#77h
        0xFE,         # MOV A,R6
        0xAA,         # MOV R2,A
        0xB0, 0x99,   # MOV @R0,#99h    (R0 = 20h)
        0xF0,         # MOV A,@R0
        0x2E,         # XCH A,R6        A=77, R6=99
        0xA1,         # MOV @R1,A       (R1 = 3Fh)
        0x20,         # XCH A,@R0       A=99, [20]=77
    ])
    b = board(program, r0=0x20, r1=0x3F)
    steps(b, 2)
    assert b.a == 0x77
    steps(b, 3)
    assert (b.r(2), b.ram[0x20], b.a) == (0x77, 0x99, 0x99)
    steps(b, 3)
    assert (b.a, b.r(6), b.ram[0x3F], b.ram[0x20]) == (0x99, 0x99, 0x77, 0x77)


def test_indirect_address_uses_six_bits():
    # R0 = 7Fh addresses 3Fh; INC @R0 ; DEC R0 leaves the address register 7E
    b = board(bytes([0x10, 0xC8]), r0=0x7F)
    b.ram[0x3F] = 0xFF
    steps(b, 2)
    assert (b.ram[0x3F], b.r(0)) == (0x00, 0x7E)


def test_xchd_swaps_low_digits():
    b = board(bytes([0x30]), a=0x12, r0=0x20)
    b.ram[0x20] = 0x34
    b.step()
    assert (b.a, b.ram[0x20]) == (0x14, 0x32)


def test_inc_dec_registers_wrap_without_flags():
    # INC R7 ; DEC R3 ; INC @R1
    b = board(bytes([0x1F, 0xCB, 0x11]), r7=0xFF, r3=0x00, r1=0x30, psw=0x08)
    b.ram[0x30] = 0x41
    steps(b, 3)
    assert (b.r(7), b.r(3), b.ram[0x30], b.psw) == (0x00, 0xFF, 0x42, 0x08)


def test_register_banks():
    # MOV R0,#11h ; SEL RB1 ; MOV R0,#22h ; SEL RB0 ; MOV A,R0
    b = board(bytes([0xB8, 0x11, 0xD5, 0xB8, 0x22, 0xC5, 0xF8]))
    steps(b, 5)
    assert (b.ram[0x00], b.ram[0x18], b.a, b.bs) == (0x11, 0x22, 0x11, 0)


def test_psw_bit3_reads_one_and_mov_psw_loads_everything():
    # MOV A,PSW ; MOV A,#F5h ; MOV PSW,A ; MOV A,PSW
    b = board(bytes([0xC7, 0x23, 0xF5, 0xD7, 0xC7]), psw=0x08)
    b.step()
    assert b.a == 0x08
    steps(b, 3)
    assert b.a == 0xFD
    assert (b.cy, b.ac, b.f0, b.bs, b.sp) == (1, 1, 1, 1, 5)


def test_flag_instructions():
    # CPL C ; CPL F0 ; CPL F1 ; CLR C ; CLR F0 ; CLR F1 ; CPL C ; CPL F0 ; CPL F1
    b = board(bytes([0xA7, 0x95, 0xB5, 0x97, 0x85, 0xA5, 0xA7, 0x95, 0xB5]))
    steps(b, 3)
    assert (b.cy, b.f0, b.f1) == (1, 1, 1)
    steps(b, 3)
    assert (b.cy, b.f0, b.f1) == (0, 0, 0)
    steps(b, 3)
    assert (b.cy, b.f0, b.f1) == (1, 1, 1)


def test_timer_register_moves():
    # MOV A,#C3h ; MOV T,A ; CLR A ; MOV A,T
    b = board(bytes([0x23, 0xC3, 0x62, 0x27, 0x42]))
    steps(b, 4)
    assert (b.timer, b.a) == (0xC3, 0xC3)


# Register groups: low 3 bits pick R0-R7 (of bank 1 here), low bit picks @R0/@R1.
A_IN, OPERAND = 0x3C, 0x5A
REGISTER_GROUPS = {   # base opcode: (A after, register after), from the manual's definitions
    0x18: lambda v: (A_IN, (v + 1) & 0xFF),        # INC Rr
    0x28: lambda v: (v, A_IN),                     # XCH A,Rr
    0x48: lambda v: (A_IN | v, v),                 # ORL A,Rr
    0x58: lambda v: (A_IN & v, v),                 # ANL A,Rr
    0x68: lambda v: ((A_IN + v) & 0xFF, v),        # ADD A,Rr
    0x78: lambda v: ((A_IN + v + 1) & 0xFF, v),    # ADDC A,Rr (CY set)
    0xA8: lambda v: (A_IN, A_IN),                  # MOV Rr,A
    0xB8: lambda v: (A_IN, OPERAND),               # MOV Rr,#data
    0xC8: lambda v: (A_IN, (v - 1) & 0xFF),        # DEC Rr
    0xD8: lambda v: (A_IN ^ v, v),                 # XRL A,Rr
    0xE8: lambda v: (A_IN, (v - 1) & 0xFF),        # DJNZ Rr
    0xF8: lambda v: (v, v),                        # MOV A,Rr
}


@pytest.mark.parametrize("base", REGISTER_GROUPS)
@pytest.mark.parametrize("n", range(8))
def test_register_opcodes_address_their_register(base, n):
    b = board(bytes([base | n, OPERAND]), psw=0xD8, a=A_IN)    # CY, AC, BS=1
    values = [0x90 + 7 * i for i in range(8)]
    b.ram[0x18:0x20] = values
    b.step()
    a, rn = REGISTER_GROUPS[base](values[n])
    expected = values.copy()
    expected[n] = rn
    assert (b.a, list(b.ram[0x18:0x20]), list(b.ram[0:8])) == (a, expected, [0] * 8)


INDIRECT_GROUPS = {   # base opcode: (A after, memory after)
    0x10: lambda m: (A_IN, (m + 1) & 0xFF),        # INC @Rr
    0x20: lambda m: (m, A_IN),                     # XCH A,@Rr
    0x30: lambda m: ((A_IN & 0xF0) | (m & 0x0F), (m & 0xF0) | (A_IN & 0x0F)),   # XCHD A,@Rr
    0x40: lambda m: (A_IN | m, m),                 # ORL A,@Rr
    0x50: lambda m: (A_IN & m, m),                 # ANL A,@Rr
    0x60: lambda m: ((A_IN + m) & 0xFF, m),        # ADD A,@Rr
    0x70: lambda m: ((A_IN + m + 1) & 0xFF, m),    # ADDC A,@Rr (CY set)
    0xA0: lambda m: (A_IN, A_IN),                  # MOV @Rr,A
    0xB0: lambda m: (A_IN, OPERAND),               # MOV @Rr,#data
    0xD0: lambda m: (A_IN ^ m, m),                 # XRL A,@Rr
    0xF0: lambda m: (m, m),                        # MOV A,@Rr
}


@pytest.mark.parametrize("base", INDIRECT_GROUPS)
@pytest.mark.parametrize("n", [0, 1])
def test_indirect_opcodes_use_r0_or_r1(base, n):
    b = board(bytes([base | n, OPERAND]), psw=0xD8, a=A_IN, r0=0x21, r1=0x32)
    b.ram[0x21], b.ram[0x32] = 0x6D, 0xB7
    b.step()
    target, other = (0x21, 0x32) if n == 0 else (0x32, 0x21)
    before = {0x21: 0x6D, 0x32: 0xB7}
    a, memory = INDIRECT_GROUPS[base](before[target])
    assert (b.a, b.ram[target], b.ram[other]) == (a, memory, before[other])
