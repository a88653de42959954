"""include, binclude, macros, rept, irp and conditional assembly."""
from asm_helpers import assemble_bytes, errors_of
from cart.asm import assemble_file


def test_include_resolves_relative_to_the_including_file(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "defs.inc").write_text('value equ 42h\n\tinclude "more.inc"\n')
    (tmp_path / "lib" / "more.inc").write_text("other equ 7\n")
    (tmp_path / "main.asm").write_text('\tinclude "lib/defs.inc"\n\torg 400h\n\tdb value, other\n')
    assert assemble_file(tmp_path / "main.asm").image() == bytes([0x42, 7])


def test_include_search_directories(tmp_path):
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "g7000.h").write_text("vdc_char0 equ 010h\n")
    (tmp_path / "main.asm").write_text('\tinclude "g7000.h"\n\tdb vdc_char0\n')
    program = assemble_file(tmp_path / "main.asm", include_dirs=[tmp_path / "inc"])
    assert program.image() == bytes([0x10])


def test_binclude_with_offset_and_length(tmp_path):
    (tmp_path / "data.bin").write_bytes(bytes(range(10)))
    (tmp_path / "main.asm").write_text('\tbinclude "data.bin"\n\tbinclude "data.bin",2,3\n')
    assert assemble_file(tmp_path / "main.asm").image() == bytes(range(10)) + bytes([2, 3, 4])


def test_macro_with_positional_default_and_keyword_arguments():
    source = """
putc\tmacro char, color=7, x
\tmov r5,#char
\tmov r6,#color
\tendm
\tputc 1
\tputc 2, 3
\tputc color=4, char=5
"""
    assert assemble_bytes(source).hex(" ") == "bd 01 be 07 bd 02 be 03 bd 05 be 04"


def test_macro_labels_are_private_to_each_expansion():
    source = """
wait\tmacro count
\tmov r7,#count
loop:\tdjnz r7,loop
\tendm
start:
\twait 3
\twait 4
.after:\tjmp .after
"""
    # each expansion's loop is its own; `.after` still belongs to `start`
    assert assemble_bytes(source).hex(" ") == "bf 03 ef 02 bf 04 ef 06 84 08"


def test_argcount_ifb_and_exitm():
    source = """
count\tmacro a1, a2
\tdb argcount
\tifb a2
\texitm
\tendif
\tdb a2
\tendm
\tcount 1
\tcount 1, 9
"""
    assert assemble_bytes(source) == bytes([1, 2, 9])


def test_macros_call_macros():
    source = """
inner\tmacro v
\tdb v
\tendm
outer\tmacro v
\tinner v
\tinner v+1
\tendm
\touter 5
"""
    assert assemble_bytes(source) == bytes([5, 6])


def test_rept_and_irp():
    source = """
n set 0
\trept 3
\tdb n
n set n+2
\tendm
\tirp reg, r1, r3
\tinc reg
\tendm
"""
    assert assemble_bytes(source) == bytes([0, 2, 4, 0x19, 0x1B])


def test_conditionals():
    source = """
mode equ 2
\tif mode = 1
\tdb 1
\telseif mode = 2
\tdb 2
\tif 0
\tdb 99
\telse
\tdb 3
\tendif
\telse
\tdb 4
\tendif
\tifdef mode
\tdb 5
\tendif
\tifndef mode
\tdb 6
\tendif
\tif defined(nothing)
\tdb 7
\tendif
"""
    assert assemble_bytes(source) == bytes([2, 3, 5])


def test_skipped_lines_are_not_checked():
    assert assemble_bytes("\tif 0\n\tbogus stuff ((\n\tdb undefined_symbol\n\tendif\n\tnop") \
        == bytes([0])


def test_block_errors():
    assert errors_of("\tendif") == ["test.asm:1:9: ENDIF without IF"]
    assert errors_of("\tif 1\n\tnop") == ["test.asm:1:9: IF without ENDIF"]
    assert errors_of("\tif 1\n\telse\n\telse\n\tendif") == ["test.asm:3:9: ELSE after ELSE"]
    assert errors_of("m\tmacro\n\tnop") == ["test.asm:1:9: MACRO without ENDM"]
    assert errors_of("\tendm") == ["test.asm:1:9: ENDM without MACRO, REPT or IRP"]
    assert errors_of("\texitm") == ["test.asm:1:9: EXITM outside a macro"]
    assert errors_of("m\tmacro a\n\tendm\n\tm 1,2") == ["test.asm:3:13: macro m takes 1 arguments"]
    assert errors_of("m\tmacro\n\tm\n\tendm\n\tm")[0].startswith(
        "test.asm:2:9: macro m expands too deeply (does it call itself?)")


def test_error_inside_a_macro_names_the_call():
    assert errors_of("m\tmacro\n\tdb nowhere\n\tendm\n\tnop\n\tm") == \
        ["test.asm:2:12: undefined symbol 'nowhere' (in macro m called at test.asm:5)"]


def test_include_errors(tmp_path):
    (tmp_path / "main.asm").write_text('\tinclude "missing.inc"\n')
    (tmp_path / "self.asm").write_text('\tinclude "self.asm"\n')
    assert errors_of((tmp_path / "main.asm").read_text()) == \
        ["test.asm:1:17: cannot find include file 'missing.inc'"]
    from cart.asm import AssemblyFailed
    try:
        assemble_file(tmp_path / "self.asm")
    except AssemblyFailed as failure:
        assert str(failure.errors[0]).endswith(
            "self.asm:1:17: includes nested too deeply (does a file include itself?)")
    else:
        raise AssertionError("a file including itself assembled")


def test_parameters_replace_name_parts_between_non_alphanumerics_like_as():
    source = """
put_x_hi\tmacro
\tdb 1
\tendm
put_y_hi\tmacro
\tdb 2
\tendm
printchar equ 3
show\tmacro AA, char, dir
\tput_AA_hi
\tdb printchar, char
\tdir r5
\tdb "AA"
\tendm
\tshow y, 9, inc
"""
    # put_AA_hi becomes put_y_hi; printchar keeps its name; the mnemonic comes from `dir`;
    # quoted text is not touched
    assert assemble_bytes(source) == bytes([2, 3, 9, 0x1D, 0x41, 0x41])


def test_globalsymbols_makes_macro_labels_public():
    source = """
table\tmacro {GLOBALSYMBOLS}
entries:\tdb 1
\tendm
\ttable
\tdb low(entries)
"""
    assert assemble_bytes(source, origin=0x430) == bytes([1, 0x30])


def test_label_given_as_a_macro_argument_is_public():
    source = "named\tmacro name\nname:\tdb 7\n\tendm\n\tnamed here\n\tdb low(here)"
    assert assemble_bytes(source, origin=0x440) == bytes([7, 0x40])
