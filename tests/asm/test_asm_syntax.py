"""Numbers, expressions, labels, symbols and data directives (AS syntax)."""
import pytest

from asm_helpers import assemble_bytes, errors_of
from cart.asm import assemble_text


@pytest.mark.parametrize("literal, value", [
    ("0ffh", 0xFF), ("0FFH", 0xFF), ("$ff", 0xFF), ("0xff", 0xFF), ("0Xa5", 0xA5),
    ("10100101b", 0xA5), ("%10100101", 0xA5), ("0b10100101", 0xA5), ("0bh", 0x0B),
    ("377o", 0xFF), ("377q", 0xFF), ("255", 0xFF), ("255d", 0xFF), ("0", 0),
])
def test_number_formats(literal, value):
    assert assemble_bytes(f"\tdb {literal}") == bytes([value])


@pytest.mark.parametrize("expression, value", [
    ("1+2*3", 7), ("(1+2)*3", 9), ("10-4-3", 3), ("100/7", 14), ("100 mod 7", 2),
    ("100 % 7", 2), ("-7/2 & 0ffh", 0xFD), ("0f0h & 3ch", 0x30), ("0f0h | 0fh", 0xFF),
    ("0f0h ^ 0ffh", 0x0F), ("~0fh & 0ffh", 0xF0), ("1 << 7", 0x80), ("80h >> 3", 0x10),
    ("1 + 2 << 1", 6), ("3 = 3", 1), ("3 == 4", 0), ("3 <> 4", 1), ("3 != 3", 0),
    ("2 < 3", 1), ("3 <= 3", 1), ("2 > 3", 0), ("3 >= 4", 0), ("1 && 0", 0), ("1 || 0", 1),
    ("!0", 1), ("!5", 0), ("-1 & 0ffh", 0xFF), ("+5", 5), ("low(1234h)", 0x34),
    ("high(1234h)", 0x12), ("lo(0abcdh)", 0xCD), ("hi(0abcdh)", 0xAB), ("abs(-9)", 9),
    ("'A'", 0x41), ("'\\n'", 0x0A), ("'\\x7f'", 0x7F), ("\"B\"", 0x42),
    ("'AB' & 0ffh", 0x42), ("'AB' >> 8", 0x41), ("1 | 2 & 0", 1), ("2 ^ 3 & 1", 3),
])
def test_expression_values(expression, value):
    assert assemble_bytes(f"\tdb {expression}") == bytes([value])


def test_dollar_is_the_address_of_the_current_statement():
    assert assemble_bytes("\tnop\n\tdb $ & 0ffh, $ & 0ffh\n\tjmp $", origin=0x410) == \
        bytes([0x00, 0x11, 0x11, 0x84, 0x13])


def test_labels_with_and_without_colons_and_forward_references():
    source = """
\tjmp later
here:\tdb low(here)
there db low(there)
later\tret
\t  indented: db low(indented)
"""
    assert assemble_bytes(source, origin=0x420) == bytes([0x84, 0x24, 0x22, 0x23, 0x83, 0x25])


def test_directive_in_column_one_and_label_named_like_an_operandless_mnemonic():
    source = "org 400h\nstop\tjmp stop\n"
    assert assemble_text(source).image() == bytes([0x84, 0x00])


def test_local_labels_belong_to_the_previous_global_label():
    source = """
\torg 400h
first:
.loop:\tdjnz r2,.loop
second:
.loop:\tdjnz r3,.loop
\tjmp first.loop
"""
    program = assemble_text(source)
    assert program.value("first.loop") == 0x400
    assert program.value("second.loop") == 0x402
    assert program.image() == bytes([0xEA, 0x00, 0xEB, 0x02, 0x84, 0x00])


def test_symbols_ignore_case():
    assert assemble_bytes("Value equ 5\n\tdb VALUE, value") == bytes([5, 5])


def test_equ_set_and_equals():
    source = """
width equ 8
count = 2
\tdb width*count
count set count+1
\tdb count
count := 10
\tdb count
"""
    assert assemble_bytes(source) == bytes([16, 3, 10])


def test_equ_may_refer_forward():
    assert assemble_bytes("\tdb size\nsize equ end_of - start_of\nstart_of db 1,2,3\nend_of") \
        == bytes([3, 1, 2, 3])


def test_reg_names_a_register():
    assert assemble_bytes("counter reg r5\n\tdjnz counter,$\n\tmov counter,#3") == \
        bytes([0xED, 0x00, 0xBD, 0x03])


def test_db_strings_words_and_reservations():
    source = """
\tdb "Hi", 'ok', 0
\tbyte 1
\t.db 2
\tdw 1234h, label
\tword 0fffeh
\tds 3
label:\tdb 0aah
"""
    program = assemble_text("\torg 400h\n" + source)
    assert program.image(fill=0xEE).hex(" ") == \
        "48 69 6f 6b 00 01 02 34 12 10 04 fe ff ee ee ee aa"


def test_db_negative_values_are_twos_complement():
    assert assemble_bytes("\tdb -1, -128\n\tdw -2") == bytes([0xFF, 0x80, 0xFE, 0xFF])


def test_immediate_negative_and_inverted_values():
    assert assemble_bytes("\tmov a,#-1\n\tanl a,#~08h") == bytes([0x23, 0xFF, 0x53, 0xF7])


def test_org_gaps_are_filled():
    program = assemble_text("\torg 400h\n\tdb 1\n\torg 403h\n\tdb 2")
    assert program.image() == bytes([1, 0xFF, 0xFF, 2])
    assert program.image(fill=0) == bytes([1, 0, 0, 2])
    assert program.image(size=6, fill=0) == bytes([1, 0, 0, 2, 0, 0])


def test_align_and_end():
    source = "\torg 401h\n\tdb 1\n\talign 4\n\tdb 2\n\tend\n\tdb 3"
    assert assemble_text(source).image(fill=0) == bytes([1, 0, 0, 2])


def test_phase_assembles_for_another_address_than_the_placement():
    source = """
\torg 400h
\tjmp target
\torg 0c00h
\tphase 400h
target:\tjmp target
\tdephase
after:\tdb low(after)
"""
    program = assemble_text(source)
    assert program.value("target") == 0x400
    assert program.value("after") == 0xC02
    image = program.image()
    assert len(image) == 0x803
    assert image[:2] == bytes([0x84, 0x00]) and image[0x800:] == bytes([0x84, 0x00, 0x02])


def test_charset_odyssey2_maps_characters_to_the_vdc_codes():
    source = '\tcharset odyssey2\n\tdb "HELLO 09:$?", \'a\', "+-=./*"\n\tcharset\n\tdb \'A\''
    # hardware notes §4: H=1D E=12 L=0E O=17 space=0C 0=00 9=09 :=0A $=0B ?=0D A=20
    # + = 10, - = 28, = = 2B, . = 27, / = 2E, * (multiply sign) = 29
    assert assemble_bytes(source).hex(" ") == \
        "1d 12 0e 0e 17 0c 00 09 0a 0b 0d 20 10 28 2b 27 2e 29 41"


def test_charset_maps_single_characters_and_ranges():
    source = "\tcharset 'A','Z',0\n\tcharset '!',99\n\tdb \"AZ!\", 'C'"
    assert assemble_bytes(source) == bytes([0, 25, 99, 2])


def test_character_without_a_code_in_the_charset_is_an_error():
    assert errors_of('\tcharset odyssey2\n\tdb "A!"') == \
        ["test.asm:2:12: character '!' has no code in the current charset"]


def test_cpu_accepts_mcs48_parts_only():
    assert assemble_bytes("\tcpu 8048\n\tcpu 8039\n\tnop") == bytes([0])
    assert errors_of("\tcpu z80") == ["test.asm:1:13: CPU z80 is not an MCS-48 processor"]


def test_comments_and_semicolons_inside_literals():
    assert assemble_bytes("\tdb ';', \";;\" ; a comment 'with quote\n; whole line") == \
        bytes([0x3B, 0x3B, 0x3B])
