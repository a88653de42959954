"""o2asm, o2dis and make roms from the command line: outputs, exit codes, one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cart import build_roms
from cart.asm import cli, dis_cli

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """\
\tcpu 8048
\tinclude "defs.inc"
\torg 400h
start:\tmov a,#COLOUR
\tcall start
twice\tmacro
\tnop
\tnop
\tendm
\ttwice
\tdb 1,2,3,4,5
"""


@pytest.fixture
def program(tmp_path):
    (tmp_path / "defs.inc").write_text("COLOUR equ 7\n")
    (tmp_path / "game.asm").write_text(PROGRAM)
    return tmp_path


def test_o2asm_writes_binary_listing_and_symbols(program, capsys):
    out = program / "out"
    out.mkdir()
    status = cli.main([str(program / "game.asm"), "-o", str(out / "game.bin"),
                       "--listing", str(out / "game.lst"), "--symbols", str(out / "game.sym.json"),
                       "--size", "16", "--fill", "0"])
    assert status == 0
    assert capsys.readouterr().err == ""
    assert (out / "game.bin").read_bytes().hex(" ") == \
        "23 07 94 00 00 00 01 02 03 04 05 00 00 00 00 00"
    assert json.loads((out / "game.sym.json").read_text()) == {
        "format": "o2asm-symbols", "version": 2, "origin": 0x400,
        "labels": {"start": 0x400}, "label_offsets": {"start": 0},
        "constants": {"COLOUR": 7},
        "lines": [
            {"address": 0x400, "offset": 0, "size": 2, "file": "../game.asm", "line": 4},
            {"address": 0x402, "offset": 2, "size": 2, "file": "../game.asm", "line": 5},
            {"address": 0x404, "offset": 4, "size": 1, "file": "../game.asm", "line": 7},
            {"address": 0x405, "offset": 5, "size": 1, "file": "../game.asm", "line": 8},
            {"address": 0x406, "offset": 6, "size": 5, "file": "../game.asm", "line": 11},
        ]}
    game, defs = program / "game.asm", program / "defs.inc"
    assert (out / "game.lst").read_text().splitlines() == [
        f"; o2asm listing of {game}",
        "ADDR  BYTES        LINE   SOURCE",
        f"{'':25}; file {game}",
        row("", "", 1, " ", "        cpu 8048"),
        row("", "", 2, " ", '        include "defs.inc"'),
        f"{'':25}; file {defs}",
        row("", "", 1, " ", "COLOUR equ 7"),
        f"{'':25}; file {game}",
        row("0400", "", 3, " ", "        org 400h"),
        row("0400", "23 07", 4, " ", "start:  mov a,#COLOUR"),
        row("0402", "94 00", 5, " ", "        call start"),
        row("", "", 6, " ", "twice   macro"),
        row("", "", 7, " ", "        nop"),
        row("", "", 8, " ", "        nop"),
        row("", "", 9, " ", "        endm"),
        row("", "", 10, " ", "        twice"),
        row("0404", "00", 7, "+", "        nop"),
        row("0405", "00", 8, "+", "        nop"),
        row("0406", "01 02 03 04", 11, " ", "        db 1,2,3,4,5"),
        "040A  05",
    ]


def row(address, data, line, marker, text):
    """A listing row: address (4), two spaces, bytes (12), line number (5), marker, source."""
    return f"{address:4}  {data:<12} {line:5}{marker} {text}".rstrip()


def test_o2asm_default_output_name(program):
    assert cli.main([str(program / "game.asm")]) == 0
    assert (program / "game.bin").read_bytes()[:2] == bytes([0x23, 0x07])


def test_o2asm_reports_errors_one_per_line_with_exit_code_2(tmp_path, capsys):
    source = tmp_path / "bad.asm"
    source.write_text("\tnop\n\tjz far\n\tmov a,#1000\nfar:\n")
    assert cli.main([str(source), "-o", str(tmp_path / "bad.bin")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{source}:3:16: immediate value 0x3e8 does not fit in a byte",
    ]
    assert not (tmp_path / "bad.bin").exists()


def test_o2asm_unreadable_source(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["missing.asm"]) == 2
    assert capsys.readouterr().err == "missing.asm: no such file\n"


@pytest.mark.parametrize("arguments, message", [
    (["x.asm", "--fill", "300"], "o2asm: error: argument --fill: 300 is not a byte value (0-255)"),
    (["x.asm", "--size", "lots"], "o2asm: error: argument --size: 'lots' is not a number"),
    (["x.asm", "--size", "0"], "o2asm: error: --size must be positive, not 0"),
    (["x.asm", "--size", "50000000"],
     "o2asm: error: --size 50000000 is larger than any cartridge (16384 bytes)"),
    (["x.asm", "--size", "99999999999999999999"],
     "o2asm: error: --size 99999999999999999999 is larger than any cartridge (16384 bytes)"),
    ([], "o2asm: error: the following arguments are required: source"),
])
def test_o2asm_argument_errors(arguments, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(arguments)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines() == [message]


def test_o2asm_refuses_a_program_larger_than_size(program, capsys):
    assert cli.main([str(program / "game.asm"), "-o", str(program / "g.bin"), "--size", "8"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{program / 'game.asm'}: error: the program spans 11 bytes (0x0400-0x040a), more than "
        f"the size 8"]


def test_python_dash_m_runs_the_assembler_without_traceback(tmp_path):
    source = tmp_path / "bad.asm"
    source.write_text("\tjmp\n")
    result = subprocess.run([sys.executable, "-m", "cart.asm", str(source)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr == f"{source}:1:9: JMP does not take these operands (forms: jmp addr)\n"


def test_o2dis_prints_source_that_reassembles(program, capsys):
    out = program / "game.bin"
    assert cli.main([str(program / "game.asm"), "-o", str(out), "--symbols",
                     str(program / "game.sym.json")]) == 0
    capsys.readouterr()
    assert dis_cli.main([str(out), "--symbols", str(program / "game.sym.json")]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[:5] == [
        "        cpu 8048", "        org 0x400", "start:",
        "        " + "mov a,#0x07".ljust(24) + "; 0400: 23 07",
        "        " + "call start".ljust(24) + "; 0402: 94 00"]
    (program / "again.asm").write_text(text)
    assert cli.main([str(program / "again.asm"), "-o", str(program / "again.bin")]) == 0
    assert (program / "again.bin").read_bytes() == out.read_bytes()


def test_o2dis_org_and_errors(tmp_path, capsys):
    rom = tmp_path / "rom.bin"
    rom.write_bytes(bytes([0x84, 0x00]))
    assert dis_cli.main([str(rom), "--org", "0x400"]) == 0
    assert "jmp 0x400" in capsys.readouterr().out
    assert dis_cli.main([str(rom), "--org", "0xfff"]) == 2
    assert capsys.readouterr().err == \
        "o2dis: error: 2 bytes at 0xfff do not fit the 4 KiB program space\n"
    assert dis_cli.main([str(tmp_path / "none.bin")]) == 2
    assert capsys.readouterr().err == \
        f"o2dis: error: {tmp_path / 'none.bin'}: no such file\n"


def test_make_roms_builds_entries_and_reports_errors_in_one_line(tmp_path, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "good.asm").write_text("\torg 400h\n\tjmp 400h\n")
    (tmp_path / "src" / "bad.asm").write_text("\tjmp nowhere\n")
    manifest = tmp_path / "roms.toml"
    manifest.write_text('[[rom]]\nname = "good"\nsource = "src/good.asm"\nsize = 4\nfill = 0\n'
                        '[[rom]]\nname = "bad"\nsource = "src/bad.asm"\n')
    assert build_roms.main(manifest, tmp_path, tmp_path) == 2
    assert (tmp_path / "good.bin").read_bytes() == bytes([0x84, 0x00, 0, 0])
    assert json.loads((tmp_path / "good.sym.json").read_text())["lines"] == [
        {"address": 0x400, "offset": 0, "size": 2, "file": "src/good.asm", "line": 2}]
    errors = capsys.readouterr().err.splitlines()
    assert errors == [f"{tmp_path / 'src' / 'bad.asm'}:1:13: undefined symbol 'nowhere'"]


def test_make_roms_manifest_errors(tmp_path, capsys):
    manifest = tmp_path / "roms.toml"
    manifest.write_text('[[rom]]\nname = "x"\n')
    assert build_roms.main(manifest, tmp_path, tmp_path) == 2
    assert capsys.readouterr().err == \
        f"{manifest}: [[rom]] entry 1 needs a string 'source'\n"
    manifest.write_text('[[rom]]\nname = "x"\nsource = "x.asm"\nsize = "big"\n')
    assert build_roms.main(manifest, tmp_path, tmp_path) == 2
    assert capsys.readouterr().err == \
        f"{manifest}: [[rom]] entry 1 ('x'): 'size' must be an integer\n"


def _marked_banks(bank_size, stride, skip, banks):
    """An image whose bank b shows at 0x400 `MOV A,#b` then NOPs (native/HARDWARE.md §2 and
    README: 2 KiB banks, 12 KiB packed 3 KiB banks, 16 KiB pages with the bank at 0x400)."""
    image = bytearray(b"\xff" * stride * banks)
    for b in range(banks):
        image[b * stride + skip: b * stride + skip + bank_size] = bytes([0x23, b]) + bytes(bank_size - 2)
    return bytes(image)


@pytest.mark.parametrize("size, bank_size, stride, skip", [
    (8192, 2048, 2048, 0), (12288, 3072, 3072, 0), (16384, 3072, 4096, 1024)])
def test_o2dis_disassembles_one_bank_of_a_banked_cartridge(tmp_path, capsys, size, bank_size,
                                                             stride, skip):
    rom = tmp_path / "rom.bin"
    rom.write_bytes(_marked_banks(bank_size, stride, skip, size // stride))
    assert dis_cli.main([str(rom), "--bank", "2"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[1:3] == ["        org 0x400", "        " + "mov a,#0x02".ljust(24) + "; 0400: 23 02"]
    assert lines[-1].endswith(f"; {0x400 + bank_size - 1:04x}: 00")
    (tmp_path / "again.asm").write_text(text)
    assert cli.main([str(tmp_path / "again.asm"), "-o", str(tmp_path / "again.bin")]) == 0
    assert (tmp_path / "again.bin").read_bytes() == bytes([0x23, 2]) + bytes(bank_size - 2)
    assert dis_cli.main([str(rom)]) == 2
    assert capsys.readouterr().err == (f"o2dis: error: {rom}: {size // 1024} KiB cartridge of "
                                       f"4 banks: choose one with --bank 0-3\n")
    assert dis_cli.main([str(rom), "--bank", "4"]) == 2
    assert capsys.readouterr().err == f"o2dis: error: {rom}: no bank 4 (the cartridge has banks 0-3)\n"


def test_o2dis_bank_of_a_4k_cartridge_and_sizes_no_cartridge_has(tmp_path, capsys):
    rom = tmp_path / "rom.bin"
    rom.write_bytes(_marked_banks(2048, 2048, 0, 2))
    assert dis_cli.main([str(rom), "--bank", "1"]) == 0
    assert "mov a,#0x01" in capsys.readouterr().out
    rom.write_bytes(bytes(3000))
    assert dis_cli.main([str(rom), "--bank", "0"]) == 2
    assert capsys.readouterr().err == (f"o2dis: error: {rom}: 3000 bytes is not a cartridge size "
                                       f"(2048, 4096, 8192, 12288, 16384)\n")


@pytest.mark.parametrize("version", [3, 0, None, "1"])
def test_o2dis_refuses_a_symbol_file_of_an_unknown_version(tmp_path, capsys, version):
    rom, sym = tmp_path / "rom.bin", tmp_path / "rom.sym.json"
    rom.write_bytes(bytes(2))
    table = {"format": "o2asm-symbols", "origin": 1024, "labels": {}, "constants": {}, "lines": []}
    if version is not None:
        table["version"] = version
    sym.write_text(json.dumps(table))
    assert dis_cli.main([str(rom), "--symbols", str(sym)]) == 2
    assert capsys.readouterr().err == (f"o2dis: error: {sym}: symbol file version {version!r} is "
                                       f"unknown (this version of the project reads version 1, 2)\n")
    sym.write_text("{")
    assert dis_cli.main([str(rom), "--symbols", str(sym)]) == 2
    assert capsys.readouterr().err.startswith(f"o2dis: error: {sym}: not a symbol file (bad JSON: ")


def test_o2dis_shows_the_labels_of_the_bank_it_disassembles(tmp_path, capsys):
    # Bank 0 (image offset 0) is short; bank 1 (offset 2048, assembled at 0x400 with PHASE)
    # has `extra` at 0x403, where bank 0 only has fill.
    source = ("        org 400h\nzero:   jmp zero\n"
              "        org 0C00h\n        phase 400h\none:    nop\n        nop\n        nop\n"
              "extra:  jmp extra\n        dephase\n")
    (tmp_path / "b.asm").write_text(source)
    rom, sym = tmp_path / "b.bin", tmp_path / "b.sym.json"
    assert cli.main([str(tmp_path / "b.asm"), "-o", str(rom), "--symbols", str(sym),
                     "--size", "4096", "--fill", "0"]) == 0
    capsys.readouterr()
    assert dis_cli.main([str(rom), "--bank", "1", "--symbols", str(sym)]) == 0
    bank1 = capsys.readouterr().out
    assert "extra:" in bank1 and "jmp extra" in bank1
    assert dis_cli.main([str(rom), "--bank", "0", "--symbols", str(sym)]) == 0
    bank0 = capsys.readouterr().out
    assert "extra" not in bank0
    assert "; 0400: 84 00" in bank0 and "; 0403: 00" in bank0
    # `zero` and `one` share 0x400, where both banks have code: each label's offset in the
    # image (label_offsets, version 2) names the bank it belongs to.
    table = json.loads(sym.read_text())
    assert table["version"] == 2 and table["label_offsets"] == {"zero": 0, "one": 2048, "extra": 2051}
    assert "zero:" in bank0 and "one:" not in bank0 and "jmp zero" in bank0
    assert "one:" in bank1 and "zero:" not in bank1
    # A version 1 file (no label_offsets) is still read: there the statements at an address
    # say which banks have code there, so one name serves both banks at 0x400.
    del table["label_offsets"]
    table["version"] = 1
    sym.write_text(json.dumps(table))
    assert dis_cli.main([str(rom), "--bank", "1", "--symbols", str(sym)]) == 0
    old1 = capsys.readouterr().out
    assert "extra:" in old1 and "one:" in old1
    assert dis_cli.main([str(rom), "--bank", "0", "--symbols", str(sym)]) == 0
    old0 = capsys.readouterr().out
    assert "extra" not in old0 and "one:" in old0


@pytest.mark.parametrize("extra, problem", [
    ({"labels": None}, 'malformed symbol file: "labels" must map names to addresses'),
    ({"labels": {"a": 1.5}}, 'malformed symbol file: "labels" must map names to addresses'),
    ({"origin": "0x400"}, "malformed symbol file: \"origin\" must be an address, not '0x400'"),
])
def test_o2dis_refuses_a_malformed_symbol_file_in_one_line(tmp_path, capsys, extra, problem):
    rom, sym = tmp_path / "rom.bin", tmp_path / "rom.sym.json"
    rom.write_bytes(bytes(2048))
    sym.write_text(json.dumps({"format": "o2asm-symbols", "version": 1, **extra}))
    assert dis_cli.main([str(rom), "--symbols", str(sym)]) == 2
    assert capsys.readouterr().err == f"o2dis: error: {sym}: {problem}\n"


@pytest.mark.parametrize("offsets", [None, {"a": -1}, {"a": "0"}, [1]])
def test_o2dis_refuses_malformed_label_offsets_in_one_line(tmp_path, capsys, offsets):
    rom, sym = tmp_path / "rom.bin", tmp_path / "rom.sym.json"
    rom.write_bytes(bytes(4096))
    sym.write_text(json.dumps({"format": "o2asm-symbols", "version": 2, "origin": 1024,
                               "labels": {"a": 1024}, "label_offsets": offsets}))
    assert dis_cli.main([str(rom), "--bank", "0", "--symbols", str(sym)]) == 2
    assert capsys.readouterr().err == (f"o2dis: error: {sym}: malformed symbol file: "
                                       f'"label_offsets" must map names to offsets\n')


def test_o2dis_runs_without_the_compiled_core(tmp_path):
    """The toolchain stands alone: o2dis disassembles a bank of a 16 KiB cartridge (the board
    that shows each bank from 1 KiB into it) in an interpreter where emu.native cannot load."""
    rom = tmp_path / "banked.bin"
    image = bytearray([0x00] * 16384)
    image[3 * 4096 + 1024] = 0x27            # bank 3's first shown byte: clr a
    rom.write_bytes(bytes(image))
    script = ("import sys; sys.modules['emu.native'] = None; sys.modules['emu._native'] = None; "
              "from cart.asm import dis_cli; "
              f"sys.exit(dis_cli.main([{str(rom)!r}, '--bank', '3']))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "emu" not in result.stderr
    code = [line.split(";")[0].split() for line in result.stdout.splitlines()]
    assert ["org", "0x400"] in code and ["clr", "a"] in code
