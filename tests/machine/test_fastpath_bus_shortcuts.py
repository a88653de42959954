"""The CPU's two bus shortcuts (native/cpu8048.h, cpu8048_bus.ram and port_applied) change nothing
but speed:

- a MOVX while P1 selects the external RAM alone (P13 = 1, P14 = 0, copy mode off) goes straight
  into the RAM, without the machine's callback: a read at 0x80 or above floats (0xFF), a write
  there goes nowhere, and in copy mode the RAM takes no write even with the VDC off;
- an OUTL, ANL or ORL P1 that changes neither the bank bits (P10, P11) nor P17 only sets the
  latch: the machine is told of the others, measured against what it last acted on, so that a
  bank mapped by a loaded state or a debugger's poke is followed.

Expected values: native/HARDWARE.md §2 (the selects, the RAM at 0x00-0x7F, copy mode) and the
cartridge banks of tests/machine/test_cartridge.py. Each program runs in one threaded run and
instruction by instruction (the switch), which must agree. The reference build without the
shortcuts is compared over whole programs by test_fastpath_reference.py."""
import pytest

from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MAIN, MOVX_A_AT_R0, MOVX_AT_R0_A, bios, jmp, looping_bios, mov_a, mov_r0, outl_p1
from test_cartridge import EXPECTED, MARK, marked_cart

MOV_R1_A, MOV_R2_A, MOV_R3_A, MOV_R4_A = 0xA9, 0xAA, 0xAB, 0xAC
ANL_P1, ORL_P1 = 0x99, 0x89
RAM_ONLY = 0xAF          # P14 = 0 (RAM), P13 = 1 (VDC off), copy mode off
COPY_RAM_ONLY = 0xEF     # the same with P16 = 1: copy mode
VDC_ONLY = 0x97
SHAPE = 0x80             # a sprite-shape byte: a plain VDC register above the RAM

# Copy mode with the VDC off: the write is blocked, the read comes from the RAM (R1). RAM alone: a
# write and a read at 0x25 (R2), then at 0x90, where nothing answers (R3). VDC alone: a write
# at 0x80, which the RAM must not see; then RAM alone again through ANL/ORL P1 (P1 = 0x97 & 0x8F
# | 0x28 = 0xAF), a write at 0x26 and a read (R4).
PROGRAM = (outl_p1(COPY_RAM_ONLY) + mov_r0(0x25) + mov_a(0x5A) + [MOVX_AT_R0_A] + mov_a(0x11)
           + [MOVX_A_AT_R0, MOV_R1_A]
           + outl_p1(RAM_ONLY) + mov_a(0x5A) + [MOVX_AT_R0_A] + mov_a(0x11) + [MOVX_A_AT_R0, MOV_R2_A]
           + mov_r0(0x90) + mov_a(0x33) + [MOVX_AT_R0_A] + mov_a(0x11) + [MOVX_A_AT_R0, MOV_R3_A]
           + outl_p1(VDC_ONLY) + mov_r0(SHAPE) + mov_a(0x3C) + [MOVX_AT_R0_A]
           + [ANL_P1, 0x8F, ORL_P1, 0x28] + mov_r0(0x26) + mov_a(0xC3) + [MOVX_AT_R0_A] + mov_a(0x11)
           + [MOVX_A_AT_R0, MOV_R4_A])
STEPS = 44               # the JMP to MAIN and the program's instructions


@pytest.mark.parametrize("how", ["run", "step"])
def test_movx_with_the_ram_alone_selected(how):
    m = Odyssey2(bios=looping_bios(PROGRAM), charset=CHARSET)
    if how == "run":
        m.run_frames(1)
    else:
        for _ in range(STEPS):
            m.step()
    assert m.cpu.r[1] == 0x00                       # copy mode: the 5Ah never reached the RAM
    assert m.cpu.r[2] == 0x5A and m.xram[0x25] == 0x5A
    assert m.cpu.r[3] == 0xFF                       # 0x90: floating
    assert m.vdc_regs[SHAPE] == 0x3C
    assert m.cpu.r[4] == 0xC3 and m.xram[0x26] == 0xC3
    expected = bytearray(128)
    expected[0x25], expected[0x26] = 0x5A, 0xC3     # neither 0x90 nor 0x80 wrapped into the RAM
    assert bytes(m.xram) == bytes(expected)


def test_a_bank_mapped_by_a_loaded_state_is_left_by_the_next_write():
    # OUTL P1 with bank 1, then bank 2; the state saved at bank 1 loaded while bank 2 is mapped:
    # the second OUTL again (bank 2) must map bank 2, although the machine last heard bank 2
    # before the load.
    code = outl_p1(0xFD) + outl_p1(0xFE) + jmp(0x400)
    m = Odyssey2(cart=marked_cart(8192), bios=bios(code), charset=CHARSET)
    m.trace(1 + 2)                                   # JMP MAIN; MOV A,#FDh; OUTL P1,A
    state = m.save_state()
    m.trace(2)                                       # bank 2
    m.load_state(state)
    m.trace(2)                                       # bank 2 again
    rows = m.trace(2)                                # JMP 0x400 and the byte there
    assert int(rows["pc"][-1]) == 0x400
    assert int(rows["op"][-1]) - MARK == EXPECTED[8192, 2][0]



# In one loop: a MOVX with the RAM alone, then OUTL P1 selecting the VDC alone (a latch the machine
# does not hear: neither the bank bits nor P17 change) and a MOVX write to sprite-shape register
# 80h + k (value 80h + k), 32 times. The threaded loop keeps whether a MOVX reaches the RAM alone
# from one P1 change to the next: a stale answer would store into nowhere (80h and up) instead.
MOV_R1 = 0xB9
LOOP = MAIN + 2
SHAPE_LOOP = ([MOV_R1, 0x80] + mov_a(RAM_ONLY) + [0x39] + mov_r0(0x10) + [MOVX_A_AT_R0]
              + mov_a(VDC_ONLY) + [0x39]
              + [0xF9, 0x91, 0x19, 0xF9, 0xD3, 0xA0, 0x96, LOOP & 0xFF])   # MOV A,R1; MOVX @R1,A; INC R1;
                                                                           # MOV A,R1; XRL A,#A0h; JNZ LOOP


def test_a_p1_change_between_movx_reaches_the_vdc():
    m = Odyssey2(bios=looping_bios(SHAPE_LOOP), charset=CHARSET)
    m.run_frames(1)
    assert [m.vdc_regs[reg] for reg in range(0x80, 0xA0)] == list(range(0x80, 0xA0))
