"""Breakpoints in one cartridge bank: `break bankN:ADDR` (a 4 KiB cartridge has two 2 KiB banks
selected by P10, hardware/odyssey2.md §2: bank = (P1 & 3) modulo the bank count)."""
import io

import pytest

from emu.debugger import DebugError, Debugger
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
