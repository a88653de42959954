"""Every mnemonic and operand form against the encodings of Intel's MCS-48 manual.

The expected bytes are typed from the manual's binary encodings (e.g. ADD A,Rr = 0110 1rrr),
not produced by the code under test. Each case is assembled at 0x400, so page-relative targets
are written in page 0x400.
"""
import pytest

from asm_helpers import assemble_bytes
from cart.asm.opcodes import DECODE, UNDEFINED_OPCODES

MANUAL = [
    # accumulator
    ("add a,r0", "68"), ("add a,r7", "6F"), ("add a,@r0", "60"), ("add a,@r1", "61"),
    ("add a,#12h", "03 12"),
    ("addc a,r3", "7B"), ("addc a,@r1", "71"), ("addc a,#0FFh", "13 FF"),
    ("anl a,r5", "5D"), ("anl a,@r0", "50"), ("anl a,#0Fh", "53 0F"),
    ("orl a,r1", "49"), ("orl a,@r1", "41"), ("orl a,#80h", "43 80"),
    ("xrl a,r6", "DE"), ("xrl a,@r0", "D0"), ("xrl a,#55h", "D3 55"),
    ("inc a", "17"), ("dec a", "07"), ("clr a", "27"), ("cpl a", "37"), ("da a", "57"),
    ("swap a", "47"), ("rl a", "E7"), ("rlc a", "F7"), ("rr a", "77"), ("rrc a", "67"),
    # input/output
    ("in a,p1", "09"), ("in a,p2", "0A"), ("outl p1,a", "39"), ("outl p2,a", "3A"),
    ("anl p1,#0FEh", "99 FE"), ("anl p2,#7Fh", "9A 7F"),
    ("orl p1,#01h", "89 01"), ("orl p2,#02h", "8A 02"),
    ("ins a,bus", "08"), ("outl bus,a", "02"), ("anl bus,#3Ch", "98 3C"), ("orl bus,#0C3h", "88 C3"),
    ("movd a,p4", "0C"), ("movd a,p7", "0F"), ("movd p5,a", "3D"), ("movd p6,a", "3E"),
    ("anld p4,a", "9C"), ("anld p7,a", "9F"), ("orld p5,a", "8D"), ("orld p6,a", "8E"),
    # registers
    ("inc r0", "18"), ("inc r7", "1F"), ("inc @r0", "10"), ("inc @r1", "11"),
    ("dec r2", "CA"), ("dec r7", "CF"),
    # branches (0x400 + offsets)
    ("jmp 0123h", "24 23"), ("jmp 07FFh", "E4 FF"), ("jmp 0400h", "84 00"), ("jmpp @a", "B3"),
    ("djnz r0,0480h", "E8 80"), ("djnz r7,0400h", "EF 00"),
    ("jc 0410h", "F6 10"), ("jnc 0411h", "E6 11"), ("jz 0412h", "C6 12"), ("jnz 0413h", "96 13"),
    ("jt0 0414h", "36 14"), ("jnt0 0415h", "26 15"), ("jt1 0416h", "56 16"),
    ("jnt1 0417h", "46 17"), ("jf0 0418h", "B6 18"), ("jf1 0419h", "76 19"),
    ("jtf 041Ah", "16 1A"), ("jni 041Bh", "86 1B"),
    ("jb0 04F0h", "12 F0"), ("jb1 04F1h", "32 F1"), ("jb2 04F2h", "52 F2"), ("jb3 04F3h", "72 F3"),
    ("jb4 04F4h", "92 F4"), ("jb5 04F5h", "B2 F5"), ("jb6 04F6h", "D2 F6"), ("jb7 04F7h", "F2 F7"),
    # subroutines
    ("call 0000h", "14 00"), ("call 03EAh", "74 EA"), ("call 0555h", "B4 55"), ("call 07FFh", "F4 FF"),
    ("ret", "83"), ("retr", "93"),
    # flags
    ("clr c", "97"), ("cpl c", "A7"), ("clr f0", "85"), ("cpl f0", "95"), ("clr f1", "A5"),
    ("cpl f1", "B5"),
    # data moves
    ("mov a,r0", "F8"), ("mov a,r4", "FC"), ("mov a,@r0", "F0"), ("mov a,@r1", "F1"),
    ("mov a,#0", "23 00"), ("mov r1,a", "A9"), ("mov r7,a", "AF"), ("mov @r0,a", "A0"),
    ("mov @r1,a", "A1"), ("mov r0,#3Fh", "B8 3F"), ("mov r6,#10", "BE 0A"),
    ("mov @r0,#1", "B0 01"), ("mov @r1,#0AAh", "B1 AA"),
    ("mov a,psw", "C7"), ("mov psw,a", "D7"),
    ("xch a,r2", "2A"), ("xch a,@r1", "21"), ("xchd a,@r0", "30"), ("xchd a,@r1", "31"),
    ("movx a,@r0", "80"), ("movx a,@r1", "81"), ("movx @r0,a", "90"), ("movx @r1,a", "91"),
    ("movp a,@a", "A3"), ("movp3 a,@a", "E3"),
    # timer/counter
    ("mov a,t", "42"), ("mov t,a", "62"), ("strt t", "55"), ("strt cnt", "45"),
    ("stop tcnt", "65"), ("en tcnti", "25"), ("dis tcnti", "35"),
    # control
    ("en i", "05"), ("dis i", "15"), ("sel rb0", "C5"), ("sel rb1", "D5"), ("sel mb0", "E5"),
    ("sel mb1", "F5"), ("ent0 clk", "75"), ("nop", "00"),
]


@pytest.mark.parametrize("source, expected", MANUAL)
def test_instruction_encodes_as_in_the_manual(source, expected):
    assert assemble_bytes("\t" + source).hex(" ").upper() == expected


@pytest.mark.parametrize("source", ["MOV A,R3", "Mov A , R3", "mov\tA,\tr3"])
def test_mnemonics_and_registers_ignore_case_and_spacing(source):
    assert assemble_bytes("\t" + source) == bytes([0xFB])


def test_undefined_opcodes_are_the_manuals_unassigned_codes():
    assert [f"{opcode:02X}" for opcode in UNDEFINED_OPCODES] == (
        "01 06 0B 22 33 38 3B 63 66 73 82 87 8B 9B A2 A6 B7 C0 C1 C2 C3 D6 E0 E1 E2 F3".split())
    assert sum(entry is not None for entry in DECODE) == 230


def test_the_cases_above_cover_every_form_of_the_table():
    covered = {DECODE[assemble_bytes("\t" + source)[0]][:2] for source, _ in MANUAL}
    every_form = {entry[:2] for entry in DECODE if entry is not None}
    assert covered == every_form
