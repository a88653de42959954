"""The RESET key and power cycling (native/HARDWARE.md §2, §5; Intel's reset state)."""
from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MOVX_AT_R0_A, looping_bios, mov_a, mov_r0, outl_p1

RAM_BANK0 = 0xAC     # 1010 1100: external RAM selected, bank 0
VDC_ONLY = 0x97


def busy_machine():
    """Writes 0x77 to RAM 0x20 and 0x3C to the VDC's shape byte 0x80, then leaves bank 0 mapped."""
    code = outl_p1(VDC_ONLY) + mov_r0(0x80) + mov_a(0x3C) + [MOVX_AT_R0_A] + \
        outl_p1(RAM_BANK0) + mov_r0(0x20) + mov_a(0x77) + [MOVX_AT_R0_A]
    m = Odyssey2(cart=bytes(8192), bios=looping_bios(code), charset=CHARSET)
    m.run_cycles(100)
    return m


def test_reset_restarts_the_cpu_and_keeps_ram_vdc_and_clock():
    m = busy_machine()
    assert (m.cart_bank, m.xram[0x20], m.vdc_regs[0x80]) == (0, 0x77, 0x3C)
    cycles = m.cycles
    m.reset()
    assert (m.cpu.pc, m.cpu.p1, m.cpu.p2) == (0, 0xFF, 0xFF)
    assert m.cart_bank == 3              # P1 = 0xFF maps the last bank again
    assert m.xram[0x20] == 0x77 and m.vdc_regs[0x80] == 0x3C
    assert m.cycles == cycles


def test_reset_key_held_stops_the_cpu_while_time_runs():
    m = busy_machine()
    m.press("RESET")
    cycles = m.cycles
    m.run_cycles(1000)
    assert m.cycles == cycles + 1000
    assert m.cpu.pc == 0 and m.cart_bank == 3
    m.release("RESET")
    m.run_cycles(100)
    assert m.cart_bank == 0 and m.cpu.pc != 0


def test_power_cycle_clears_time_and_ram():
    m = busy_machine()
    m.run_frames(2)
    m.power_cycle()
    assert (m.cycles, m.frame, m.cpu.pc, m.cart_bank) == (0, 0, 0, 3)
    assert not m.xram.any()
