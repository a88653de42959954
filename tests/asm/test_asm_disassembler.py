"""The disassembler: spelling, symbols, CPU-accurate operand fetch, and the round trip
disassemble -> assemble -> same bytes."""
import pytest
from hypothesis import given, settings, strategies as st

from cart.asm import assemble_text, disassemble_one, disassemble_range, disassembly_source


def reader(data, origin=0):
    return lambda address: data[address - origin]


@pytest.mark.parametrize("data, address, text", [
    ([0x68], 0, "add a,r0"), ([0x61], 0, "add a,@r1"), ([0x03, 0x12], 0, "add a,#0x12"),
    ([0x0D], 0, "movd a,p5"), ([0x3F], 0, "movd p7,a"), ([0x98, 0x3C], 0, "anl bus,#0x3c"),
    ([0x09], 0, "in a,p1"), ([0xB3], 0, "jmpp @a"), ([0xE3], 0, "movp3 a,@a"),
    ([0xC7], 0, "mov a,psw"), ([0x62], 0, "mov t,a"), ([0x75], 0, "ent0 clk"),
    ([0x65], 0, "stop tcnt"), ([0xF5], 0, "sel mb1"), ([0x83], 0, "ret"), ([0x00], 0, "nop"),
    ([0x01], 0, "db 0x01"), ([0xF3], 0, "db 0xf3"),
    ([0x44, 0xC3], 0x400, "jmp 0x2c3"), ([0xF4, 0xFF], 0x400, "call 0x7ff"),
    ([0x14, 0x12], 0x900, "call 0x812"),
    ([0xC6, 0x10], 0x4F0, "jz 0x410"), ([0xEA, 0x17], 0x41F, "djnz r2,0x417"),
    ([0xF2, 0x05], 0x400, "jb7 0x405"),
])
def test_instruction_text(data, address, text):
    length = len(data)
    assert disassemble_one(reader(data, address), address) == (text, length)


def test_page_jump_on_the_last_byte_of_a_page_targets_the_next_page():
    assert disassemble_one(reader([0x96, 0x10], 0x4FF), 0x4FF) == ("jnz 0x510", 2)


def test_second_byte_wraps_inside_the_bank_like_the_program_counter():
    memory = {0x7FF: 0x23, 0x000: 0x5A, 0x800: 0x99}
    assert disassemble_one(memory.__getitem__, 0x7FF) == ("mov a,#0x5a", 2)


def test_symbols_and_bank_latch():
    symbols = {0x2C3: "selectgame", 0x417: "loop"}
    assert disassemble_one(reader([0x44, 0xC3], 0x400), 0x400, symbols) == ("jmp selectgame", 2)
    assert disassemble_one(reader([0xEA, 0x17], 0x41F), 0x41F, symbols) == ("djnz r2,loop", 2)
    assert disassemble_one(reader([0x44, 0xC3], 0x900), 0x900, bank=0) == ("jmp 0x2c3", 2)
    assert disassemble_one(reader([0x44, 0xC3], 0x900), 0x900) == ("jmp 0xac3", 2)


def test_range_follows_sel_mb_until_a_label():
    data = bytes([0xE5, 0x44, 0xC3, 0x44, 0xC3])         # sel mb0, jmp, jmp (at 0x900)
    rows = disassemble_range(reader(data, 0x900), 0x900, 0x905)
    assert [text for _, _, text in rows] == ["sel mb0", "jmp 0x2c3", "jmp 0x2c3"]
    rows = disassemble_range(reader(data, 0x900), 0x900, 0x905, {0x903: "entry"})
    assert [text for _, _, text in rows] == ["sel mb0", "jmp 0x2c3", "jmp 0xac3"]


def test_truncated_instruction_at_the_end_is_data():
    assert disassemble_range(reader([0x00, 0x23], 0x400), 0x400, 0x402) == \
        [(0x400, 1, "nop"), (0x401, 1, "db 0x23")]


def test_source_has_labels_and_equates_for_outside_symbols():
    data = bytes([0x84, 0x02, 0x83, 0x74, 0xEA])
    source = disassembly_source(data, 0x400, {0x402: "back", 0x3EA: "printchar", 0x401: "odd"})
    assert source == (
        "        cpu 8048\n"
        "printchar equ 0x3ea\n"
        "        org 0x400\n"
        "        " + "jmp back".ljust(24) + "; 0400: 84 02\n"
        "back:\n"
        "        " + "ret".ljust(24) + "; 0402: 83\n"
        "        " + "call printchar".ljust(24) + "; 0403: 74 ea\n")


def round_trip(data, origin):
    source = disassembly_source(bytes(data), origin)
    return assemble_text(source, "dis.asm").image()


OPERAND_CLASSES = (0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF)


@pytest.mark.parametrize("opcode", range(256))
def test_every_opcode_with_every_operand_class_round_trips(opcode):
    for origin in (0x000, 0x400, 0x4FE, 0x4FF, 0x7FD, 0x800, 0xBFE):
        for operand in OPERAND_CLASSES:
            data = bytes([opcode, operand, opcode])
            assert round_trip(data, origin) == data, (hex(opcode), hex(operand), hex(origin))


@settings(max_examples=150, deadline=None)
@given(data=st.binary(min_size=1, max_size=64),
       origin=st.integers(min_value=0, max_value=0x1000 - 64))
def test_any_byte_sequence_round_trips(data, origin):
    assert round_trip(data, origin) == data
