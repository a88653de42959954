"""Breakpoints in one cartridge bank: `break bankN:ADDR` (a 4 KiB cartridge has two 2 KiB banks
selected by P10, native/HARDWARE.md §2: bank = (P1 & 3) modulo the bank count)."""
import io

import pytest

from emu.debugger.core import DebugError, Debugger
from emu.odyssey2 import Odyssey2


def _bank(select_p1: int) -> bytes:
    # 0x400: MOV A,#select; 0x402: OUTL P1,A (the next fetch comes from the other bank);
    # 0x403: JMP 0x400.
    return bytes([0x23, select_p1, 0x39, 0x04, 0x00]) + bytes(2048 - 5)


def _debugger():
    bios = bytes([0x84, 0x00]) + bytes(1022)             # JMP 0x400; P1 = 0xFF: bank 1
    cart = _bank(0xFF) + _bank(0xFE)                      # bank 0 selects 1, bank 1 selects 0
    out = io.StringIO()
    return Debugger(Odyssey2(cart=cart, bios=bios), out=out), out


def test_break_in_one_bank_only():
    debugger, out = _debugger()
    for line in ("break bank0:0x400", "continue", "print bank", "print pc", "print a",
                 "continue", "print bank", "print a"):
        debugger.execute(line)
    lines = out.getvalue().splitlines()
    assert lines[0] == "breakpoint 1: at 400 (400) if bank == 0"
    assert "0 (0x0)" in lines and "1024 (0x400)" in lines
    # bank 1 ran first (P1 = 0xFF after reset) and wrote 0xFE: A holds it when bank 0 is reached
    assert lines.count("254 (0xFE)") == 2


def test_banked_breakpoint_with_a_condition_and_bad_places():
    debugger, out = _debugger()
    debugger.execute("break bank1:0x403 if a == 0xFF")
    assert out.getvalue() == "breakpoint 1: at 403 (403) if bank == 1 && (a == 0xFF)\n"
    with pytest.raises(DebugError, match="unknown name 'nowhere'"):
        debugger.execute("break bank 2 : nowhere")


# Two 2 KiB banks assembled at the same addresses (PHASE): bank 0 at the image's start, bank 1
# 2048 bytes on. Each selects the other, as _bank() above does.
BANKED_SOURCE = """\
        org 400h
zero:   mov a,#0FFh
        outl p1,a
        jmp zero
        org 0C00h
        phase 400h
one:    mov a,#0FEh
        outl p1,a
        nop
late:   jmp one
        dephase
"""


def _banked_debugger(tmp_path):
    from cart.asm import assemble_text
    from cart.asm.output import symbol_json, symbol_table
    source = tmp_path / "banks.asm"
    source.write_text(BANKED_SOURCE)
    assembly = assemble_text(BANKED_SOURCE, str(source))
    symbols = tmp_path / "banks.sym.json"
    symbols.write_text(symbol_json(symbol_table(assembly, str(tmp_path))))
    bios = bytes([0x84, 0x00]) + bytes(1022)             # JMP 0x400; P1 = 0xFF: bank 1
    out = io.StringIO()
    machine = Odyssey2(cart=assembly.image(size=4096, fill=0x00), bios=bios)
    return Debugger(machine, symbols=symbols, out=out), out


def test_source_lines_follow_the_bank_mapped_now(tmp_path):
    debugger, out = _banked_debugger(tmp_path)
    debugger.execute("break 0x402")
    debugger.execute("continue")                          # bank 1 runs first (P1 = 0xFF)
    out.truncate(0), out.seek(0)
    debugger.execute("dis")
    listing = out.getvalue().splitlines()
    # The statements before the PC come from bank 1's lines too (7, then 8 at the PC).
    assert listing[:3] == ["one:",
                           "   400  23 FE  mov a,#0xfe           banks.asm:7",
                           "=> 402  39     outl p1,a             banks.asm:8"]
    assert listing[3].endswith("banks.asm:9")             # bank 1's NOP
    debugger.execute("continue")                          # now in bank 0
    out.truncate(0), out.seek(0)
    debugger.execute("dis")
    listing = out.getvalue().splitlines()
    assert listing[0] == "zero:"                           # bank 0's label at 0x400
    assert listing[1] == "   400  23 FF  mov a,#0xff           banks.asm:2"
    assert listing[2].startswith("=> 402")
    assert listing[2].endswith("banks.asm:3") and listing[3].endswith("banks.asm:4")


def test_a_label_of_one_bank_breaks_in_that_bank(tmp_path):
    debugger, out = _banked_debugger(tmp_path)
    # `late` (0x404) is in bank 1 only; `one` and `zero` share 0x400, where both banks have
    # code: each label's offset in the image (the symbol file's label_offsets) names its bank.
    # An address names no bank.
    debugger.execute("break late")
    debugger.execute("break one")
    debugger.execute("break bank0:late")
    debugger.execute("break zero")
    debugger.execute("break 0x400")
    assert out.getvalue().splitlines() == ["breakpoint 1: at late (404) if bank == 1",
                                           "breakpoint 2: at one (400) if bank == 1",
                                           "breakpoint 3: at late (404) if bank == 0",
                                           "breakpoint 4: at zero (400) if bank == 0",
                                           "breakpoint 5: at one (400)"]
    for number in (4, 5):
        debugger.execute(f"delete {number}")
    debugger.execute("delete 2")
    out.truncate(0), out.seek(0)
    debugger.execute("continue")
    debugger.execute("print bank")
    assert "1 (0x1)" in out.getvalue().splitlines()
