"""CALL and RET move the stack pointer (PSW bits 0-2) by one, modulo 8 (the MCS-48 manual: an
8-level stack in RAM 08h-17h, the pointer wrapping from 7 to 0), and leave PSW bits 3-7 as they
were; RET restores nothing else (RETR does). The CPU moves the pointer through tables of every PSW
value (native/cpu8048.c, psw_pushed and psw_popped), so every value is tried, in steps (the switch)
and in one threaded run."""
import pytest

from i8048 import board

CALL_1, RET = 0x34, 0x83          # CALL 1xx; the routine at 100h only returns


def pushed(psw: int) -> int:
    return (psw & ~0x07) | ((psw + 1) & 0x07)


@pytest.mark.parametrize("how", ["step", "run"])
def test_call_and_ret_move_only_the_stack_pointer_for_every_psw(how):
    for psw in range(256):
        b = board([CALL_1, 0x00], (0x100, [RET]), psw=psw)
        if how == "step":
            b.step()
        else:
            b.run(2)                        # the CALL's two cycles
        assert (b.pc, b.psw) == (0x100, pushed(psw)), f"CALL with PSW {psw:02X}h"
        if how == "step":
            b.step()
        else:
            b.run(2)
        assert (b.pc, b.psw) == (0x002, psw), f"RET with PSW {pushed(psw):02X}h"
        entry = (psw & 0x07) * 2 + 0x08     # the return address and PSW bits 7-4 stored there
        assert b.ram[entry] == 0x02 and b.ram[entry + 1] == psw & 0xF0
