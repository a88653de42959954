"""Every error class: `file:line:col: message`, all of them in one run; range rules; warnings."""
import pytest

from asm_helpers import assemble_bytes, errors_of
from cart.asm import assemble_text

# Columns count from 1 with tabs every 8 columns, so "\tdb x" puts the operand at column 12.
ERRORS = [
    ("\tfoo a", "test.asm:1:9: unknown instruction or directive 'foo'"),
    ("\tmov t,#1", "test.asm:1:9: MOV does not take these operands (forms: mov A,Rr | mov A,@Ri"
                   " | mov A,#data | mov Rr,A | mov @Ri,A | mov Rr,#data | mov @Ri,#data"
                   " | mov A,PSW | mov PSW,A | mov A,T | mov T,A)"),
    ("\tnop a", "test.asm:1:9: NOP does not take these operands (forms: nop)"),
    ("\tmov a,@r2", "test.asm:1:15: only @R0 and @R1 address memory indirectly"),
    ("\tmov a,#100h", "test.asm:1:16: immediate value 0x100 does not fit in a byte"),
    ("\tmov a,#-129", "test.asm:1:16: immediate value -0x81 does not fit in a byte"),
    ("\tdb 256", "test.asm:1:12: value 0x100 does not fit in a byte"),
    ("\tdw 10000h", "test.asm:1:12: value 0x10000 does not fit in a word"),
    ("\tjmp nowhere", "test.asm:1:13: undefined symbol 'nowhere'"),
    ("x:\nx:", "test.asm:2:1: 'x' is already defined at test.asm:1"),
    ("x equ 1\nx equ 2", "test.asm:2:1: 'x' is already defined at test.asm:1"),
    ("\tdb 12z", "test.asm:1:12: bad number '12z'"),
    ("\tdb 0fh+", "test.asm:1:16: expression expected"),
    ("\tdb (1+2", "test.asm:1:16: ')' expected"),
    ("\tdb 1 2", "test.asm:1:14: unexpected '2' after expression"),
    ("\tdb 1/0", "test.asm:1:12: division by zero"),
    ("\tdb 1 @ 2", "test.asm:1:14: unexpected character '@'"),
    ("\tdb \"longer\"+1", "test.asm:1:12: string \"longer\" used as a number"),
    ("\tdb '\\q'", "test.asm:1:12: unknown escape \\q"),
    ("\tdb", "test.asm:1:9: DB needs at least one value"),
    ("\tdb 1,", "test.asm:1:14: value expected"),
    ("1abc nop", "test.asm:1:1: a line must start with a label or blank space, not '1'"),
    ("\tequ 5", "test.asm:1:9: EQU needs a name before it"),
    ("x equ 1,2", "test.asm:1:3: EQU takes one operand"),
    ("r reg a", "test.asm:1:7: REG names a register R0-R7"),
    ("\tds -1", "test.asm:1:12: negative count -1"),
    ("\torg 100000h", "test.asm:1:13: address 0x100000 is out of range"),
    ("\torg 0fffh\n\tdb 1,2", "test.asm:2:9: address 0x1000 is beyond the 4 KiB program space"),
    ("\terror \"stop here\"", "test.asm:1:15: stop here"),
    ("\tmov a,#1 )", "test.asm:1:18: unexpected ')' after expression"),
    ("\tjmp 1000h", "test.asm:1:13: JMP target 0x1000 is outside the 4 KiB program space"),
    ("\tif\n\tendif", "test.asm:1:9: IF takes one operand"),
    ("\tinclude", "test.asm:1:9: INCLUDE needs a file name"),
    ("\tcharset 1,2,3,4", "test.asm:1:9: CHARSET takes nothing (ASCII), a charset name "
                          "(odyssey2), 'char',code or 'first','last',code"),
]


@pytest.mark.parametrize("source, message", ERRORS)
def test_error_message_and_position(source, message):
    assert errors_of(source) == [message]


def test_every_error_of_a_run_is_reported():
    source = "\tfoo\n\tnop\n\tmov a,#300\n\tjmp missing\n"
    assert errors_of(source) == [
        "test.asm:1:9: unknown instruction or directive 'foo'",
        "test.asm:3:16: immediate value 0x12c does not fit in a byte",
        "test.asm:4:13: undefined symbol 'missing'",
    ]


def test_symbol_values_that_never_settle_are_an_error():
    assert errors_of("\tds 1 - (flip & 1)\nflip:") == \
        ["test.asm:1:1: symbol values do not settle after 8 passes: flip"]


def test_an_error_that_keeps_the_sizes_swinging_is_named():
    # Emitted, the JZ's target is pushed into the next page; refused, it is not: the passes never settle,
    # and the page error is what the programmer must see.
    assert errors_of("\torg 0FCh\n\tjz l\n\tnop\n\tnop\nl:\tnop\n") == [
        "test.asm:2:12: JZ target 0x100 is outside page 0x000 (the page of the jump's second byte)",
        "test.asm:1:1: symbol values do not settle after 8 passes: l"]


# ---- page and bank rules --------------------------------------------------------------------
def test_conditional_jump_reaches_its_page_only():
    assert assemble_bytes("\tjz 04FFh", origin=0x4F0) == bytes([0xC6, 0xFF])
    assert errors_of("\torg 4F0h\n\tjz 0500h") == [
        "test.asm:2:12: JZ target 0x500 is outside page 0x400 (the page of the jump's second byte)"]
    assert errors_of("\torg 4F0h\n\tdjnz r1,03FFh") == [
        "test.asm:2:17: DJNZ target 0x3ff is outside page 0x400 (the page of the jump's second "
        "byte)"]


def test_conditional_jump_on_the_last_byte_of_a_page_reaches_the_next_page():
    # the second byte sits at 0x500, so the jump's page is 0x500
    assert assemble_bytes("\tjnz 0510h", origin=0x4FF) == bytes([0x96, 0x10])
    assert errors_of("\torg 4FFh\n\tjnz 04F0h")[0].startswith(
        "test.asm:2:13: JNZ target 0x4f0 is outside page 0x500")


def test_jmp_and_call_stay_in_their_bank_unless_sel_mb_selects_the_other():
    assert errors_of("\torg 400h\n\tjmp 0800h") == [
        "test.asm:2:13: JMP target 0x800 is in bank 1 but the jump is in bank 0 and no SEL MB1 "
        "precedes it"]
    assert assemble_bytes("\tsel mb1\n\tnop\n\tcall 0812h") == bytes([0xF5, 0x00, 0x14, 0x12])
    assert assemble_bytes("\tsel mb0\n\tjmp 03EAh", origin=0x900) == bytes([0xE5, 0x64, 0xEA])
    assert errors_of("\torg 900h\n\tsel mb1\n\tcall 0100h") == [
        "test.asm:3:14: CALL target 0x100 is in bank 0 but SEL MB1 is in force"]


def test_a_label_forgets_the_selected_bank():
    assert errors_of("\torg 400h\n\tsel mb1\nentry:\tjmp 0800h")[0].startswith(
        "test.asm:3:13: JMP target 0x800 is in bank 1 but the jump is in bank 0")


# ---- warnings ---------------------------------------------------------------------------------
def warnings_of(source):
    return [str(warning) for warning in assemble_text(source, "test.asm").warnings]


def test_overlapping_org_regions_warn():
    assert warnings_of("\torg 400h\n\tdb 1,2,3\n\torg 402h\n\tdb 4") == [
        "test.asm:4:9: warning: overwrites bytes at 0x0402 already written by test.asm:2 "
        "(overlapping ORG regions)"]


def test_jump_table_leaving_the_page_of_its_jmpp_warns():
    source = "\torg 4FCh\n\tjmpp @a\ntable:\tdb 1, 2\n\tdb 3, 4\n\tnop\n\tdb 5"
    assert warnings_of(source) == [
        "test.asm:4:9: warning: jump table of the JMPP @A at test.asm:2 leaves page 0x400"]


def test_table_read_from_the_last_byte_of_a_page_warns():
    assert warnings_of("\torg 4FFh\n\tmovp a,@a") == [
        "test.asm:2:9: warning: MOVP at the last byte of a page reads from page 0x500"]


def test_warning_directive():
    assert warnings_of('\twarning "check this"') == ["test.asm:1:17: warning: check this"]


MORE_ERRORS = [
    ("\telseif 1", "test.asm:1:9: ELSEIF without IF"),
    ("\tif nothing\n\tendif", "test.asm:1:12: undefined symbol 'nothing'"),
    ("\tmacro\n\tendm", "test.asm:1:9: MACRO needs a name before it"),
    ("m\tmacro 1x\n\tendm", "test.asm:1:15: bad macro parameter name '1x'"),
    ("mov\tmacro\n\tendm", "test.asm:1:9: 'mov' is an instruction or directive"),
    ("\trept -1\n\tendm", "test.asm:1:14: negative count -1"),
    ("\trept 99999999999999999999\n\tendm",
     "test.asm:1:14: REPT 99999999999999999999 expands to more than 100000 lines"),
    ("\tirp x\n\tendm", "test.asm:1:9: IRP takes a parameter name and the values to give it"),
    ("\talign 0", "test.asm:1:15: alignment must be positive, not 0"),
    ("\tphase 1000h", "test.asm:1:15: address 0x1000 is outside the 4 KiB program space"),
    ("\tdb '\u2190'", "test.asm:1:12: character '\u2190' is not a byte; select a charset"),
    ("\tds", "test.asm:1:9: DS takes one operand"),
    ("\tdb defined(1)", "test.asm:1:12: defined() takes a symbol name"),
    ("\tdb 1 + + ", "test.asm:1:17: expression expected"),
    ("\tdb " + "(" * 2000 + "1" + ")" * 2000, "test.asm:1:12: expression nested too deeply"),
]


def test_nested_rept_stops_at_the_expansion_bound():
    assert errors_of("\trept 400\n\trept 400\n\tendm\n\tendm") == [
        "test.asm:2:14: REPT 400 expands to more than 100000 lines (in rept called at test.asm:1)",
        "test.asm:1:14: REPT 400 expands to more than 100000 lines in all"]


@pytest.mark.parametrize("source, message", MORE_ERRORS)
def test_more_error_messages(source, message):
    assert errors_of(source) == [message]


def test_include_and_binclude_file_errors(tmp_path):
    (tmp_path / "data.bin").write_bytes(bytes(4))
    (tmp_path / "inc.asm").write_text("\tif 1\n")
    (tmp_path / "main.asm").write_text('\tbinclude "data.bin",2,5\n\tinclude "inc.asm"\n')
    from cart.asm import AssemblyFailed, assemble_file
    with pytest.raises(AssemblyFailed) as failure:
        assemble_file(tmp_path / "main.asm")
    main, inc = tmp_path / "main.asm", tmp_path / "inc.asm"
    assert [str(error) for error in failure.value.errors] == [
        f"{main}:1:9: offset 2 and length 5 do not fit 'data.bin' (4 bytes)",
        f"{inc}:1:9: IF without ENDIF in file {inc}",
    ]
