"""The CPU leaves out a MOVX write the machine would not act on (cpu8048_bus.quiet): while P1
selects the VDC alone, a write of the value a register already holds, where such a write changes
nothing whatever the state (vdc_quiet_rewrites, from the VDC's own vdc_write_effect_on). It changes
nothing but speed.

Expected values: native/HARDWARE.md §2-3 (the selects; A0-AF repeat at B0-BF; object registers
take writes while the objects are off) and §2's RAM at 0x00-0x7F, which takes a write whenever it
is selected, the VDC selected with it or not. Each program runs in one threaded run and
instruction by instruction, which must agree. The reference build, which leaves no write out, is
compared over whole programs by test_fastpath_reference.py."""
import pytest

from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MOVX_A_AT_R0, MOVX_AT_R0_A, looping_bios, mov_a, mov_r0, outl_p1

MOV_R2_A = 0xAA
RAM_ONLY = 0xAF          # P14 = 0 (RAM), P13 = 1 (VDC off)
VDC_ONLY = 0x97          # P14 = 1, P13 = 0
BOTH = 0x87              # P14 = 0 and P13 = 0: the RAM and the VDC both take a write
CHAR0_Y = 0x10           # character 0's Y: a plain object register
CONTROL, CONTROL_MIRROR = 0xA0, 0xB0
GRID_ON = 0x08


def store(addr, value):
    return mov_r0(addr) + mov_a(value) + [MOVX_AT_R0_A]


# VDC alone: character 0's Y set to 20h, again to 20h (left out), then 30h (taken); A0 set to
# 08h, then 00h written at its mirror B0 (whose own byte never held anything: the write is A0's).
# Then the RAM alone writes 5Ah at 30h, and with both selected 00h goes to 30h, the value the VDC's
# register 30h already holds: the RAM must take it; read back through the RAM alone (R2).
PROGRAM = (outl_p1(VDC_ONLY) + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x30)
           + store(CONTROL, GRID_ON) + store(CONTROL_MIRROR, 0x00)
           + outl_p1(RAM_ONLY) + store(0x30, 0x5A)
           + outl_p1(BOTH) + store(0x30, 0x00)
           + outl_p1(RAM_ONLY) + mov_r0(0x30) + [MOVX_A_AT_R0, MOV_R2_A])
STEPS = 1 + 2 + 3 * 3 + 3 * 2 + 2 + 3 + 2 + 3 + 2 + 2 + 1 + 1   # the JMP to MAIN and the program


@pytest.mark.parametrize("how", ["run", "step"])
def test_writes_of_the_value_held_change_nothing_and_the_rest_land(how):
    m = Odyssey2(bios=looping_bios(PROGRAM), charset=CHARSET)
    assert m.vdc_regs[0x30] == 0x00 and m.vdc_regs[CONTROL] == 0x00   # power on: cleared
    if how == "run":
        m.run_frames(1)
    else:
        for _ in range(STEPS):
            m.step()
    assert m.vdc_regs[CHAR0_Y] == 0x30
    assert m.vdc_regs[CONTROL] == 0x00              # B0 is A0: the grid is off again
    assert m.xram[0x30] == 0x00 and m.cpu.r[2] == 0x00
