"""The threaded loop's fused handlers (native/cpu8048.c, handler_at and run_threaded) run a frequent
sequence of instructions as one: ORL P1,#data then ANL P1,#data (a chip select), the same followed
by RET, RL A twice, ADD A,#data then MOV Rr,A, and CLR C then RRC A. Jumps that cannot close a loop
(back by 7 bytes at most, where an idle or filling loop is looked for) have handlers that do not look:
test_fastpath_loop_heads.py measures that the loops are still found. They change nothing but speed:

- each gives the manual's results (MCS-48 manual: RL A rotates A left, bit 7 into bit 0; ADD sets
  CY from the carry out of bit 7 and AC from the carry out of bit 3; ORL/ANL P1 leave the latch
  OR-ed/AND-ed with the data; RET pops the PC; RRC A rotates A right through CY), and a select that changes the bank bits still maps
  the bank (native/HARDWARE.md §2, the cartridge banks of test_cartridge.py);
- a run whose end falls between the instructions of a sequence stops there, as the switch does
  instruction by instruction: every run length over the program is compared with steps.

The reference build (switch dispatch, no bus shortcuts) is compared over whole programs and
Conquest's play by test_fastpath_reference.py."""
import pytest

from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MAIN, bios, jmp, looping_bios, mov_a
from test_cartridge import EXPECTED, MARK, marked_cart

RL_A, ADD_A_IMM, MOV_R3_A, MOV_R7_A, MOV_R4_A, MOV_R5_IMM = 0xE7, 0x03, 0xAB, 0xAF, 0xAC, 0xBD
ORL_P1, ANL_P1, RET, CALL_2 = 0x89, 0x99, 0x83, 0x54
CPL_C, CLR_C, RRC_A, MOV_R6_A = 0xA7, 0x97, 0x67, 0xAE
SUB = 0x200

# A from 81h, rotated left twice: 06h. F8h + 0Ch = 104h: A 04h, CY (out of bit 7) and AC (8 + C
# out of bit 3) set; R3 takes it. 04h + 7Dh = 81h: no carry out of bit 7, C + D out of bit 3 (AC);
# R7 takes it. CY set (CPL C), then CLR C and RRC A: 81h >> 1 = 40h with CY from bit 0; R6 takes
# it. The select (from P1 = FFh after reset) leaves P1 = FFh | 28h & AFh = AFh: the RAM
# alone, bank bits and P17 as they were, a latch the machine does not act on. The routine at 200h
# selects the VDC alone (AFh | 50h & 97h = 97h) and returns; R4 takes A (40h) after the return.
PROGRAM = (mov_a(0x81) + [RL_A, RL_A] + mov_a(0xF8) + [ADD_A_IMM, 0x0C, MOV_R3_A]
           + [ADD_A_IMM, 0x7D, MOV_R7_A] + [CPL_C, CLR_C, RRC_A, MOV_R6_A] + [ORL_P1, 0x28, ANL_P1, 0xAF]
           + [CALL_2, SUB & 0xFF, MOV_R4_A])
ROUTINE = [ORL_P1, 0x50, ANL_P1, 0x97, RET]
PSW_CY, PSW_AC = 0x80, 0x40


def machine():
    return Odyssey2(bios=looping_bios(PROGRAM, extra={SUB: ROUTINE}), charset=CHARSET)


def test_the_fused_sequences_give_the_manual_s_results():
    m = machine()
    m.run_frames(1)
    assert m.cpu.r[3] == 0x04
    assert m.cpu.r[7] == 0x81
    assert m.cpu.r[6] == 0x40
    assert m.cpu.psw & (PSW_CY | PSW_AC) == PSW_CY | PSW_AC     # CY from RRC, AC from the second ADD
    assert m.cpu.r[4] == 0x40
    assert m.cpu.p1 == 0x97
    assert m.cpu.psw & 0x07 == 0                       # the stack pointer back after RET
    assert m.cpu.pc == MAIN + len(PROGRAM)              # in the JMP $ after the program


def test_the_rotations_alone():
    m = machine()
    m.trace(1 + 1 + 2)                                  # JMP MAIN, MOV A,#81h, RL A, RL A
    assert m.cpu.a == 0x06


def snapshot(m):
    return (m.cycles, m.cpu.pc, m.cpu.a, m.cpu.psw, m.cpu.p1, bytes(m.cpu.ram))


def stepped_to(cycles):
    """The machine instruction by instruction up to the first boundary at or after `cycles`."""
    m = machine()
    while m.cycles < cycles:
        m.step()
    return snapshot(m)


def test_a_run_ending_inside_a_fused_sequence_stops_where_the_steps_do():
    # Every run length from the first cycle to past the routine's return: a run's end between
    # the two rotations, between ADD and MOV, between CLR C and RRC A, between ORL and ANL and before the RET must stop
    # the run at that instruction, not after the sequence.
    start = machine().cycles
    end = stepped_to(start + 40)[0]
    for n in range(1, end - start + 1):
        m = machine()
        m.run_cycles(n)
        assert snapshot(m) == stepped_to(start + n), f"a run of {n} cycles"


@pytest.mark.parametrize("bank", [1, 2])
def test_a_select_that_changes_the_bank_maps_it(bank):
    # From P1 = FFh (bank 3): ORL P1,#00h; ANL P1 with the bank's bits, then JMP 400h: the byte
    # fetched there is the bank's (test_cartridge.py's EXPECTED).
    code = [ORL_P1, 0x00, ANL_P1, 0xFC | bank] + jmp(0x400)
    m = Odyssey2(cart=marked_cart(8192), bios=bios(code), charset=CHARSET)
    rows = m.trace(1 + 3 + 1)                           # JMP MAIN, ORL, ANL, JMP 400h, the byte there
    assert int(rows["pc"][-1]) == 0x400
    assert int(rows["op"][-1]) - MARK == EXPECTED[8192, bank][0]


def block_marked_cart(size):
    """Each 1 KiB block k of the cartridge starts with MOV R5,#k and a JMP to itself."""
    image = bytearray(size)
    for k in range(size // 1024):
        image[k * 1024:k * 1024 + 4] = bytes([MOV_R5_IMM, k] + jmp(0x402))
    return bytes(image)


@pytest.mark.parametrize("bank", [1, 2])
def test_a_select_that_changes_the_bank_maps_it_in_a_run(bank):
    # The same in one threaded run, the select in a routine (with its RET): the code run at 400h
    # after it is the bank's, which tells its block in R5.
    routine = [ORL_P1, 0x00, ANL_P1, 0xFC | bank, RET]
    main = [CALL_2, SUB & 0xFF] + jmp(0x400)
    m = Odyssey2(cart=block_marked_cart(8192), bios=bios(main, extra={SUB: routine}), charset=CHARSET)
    m.run_frames(1)
    assert m.cpu.p1 == 0xFC | bank
    assert m.cpu.r[5] == EXPECTED[8192, bank][0]
