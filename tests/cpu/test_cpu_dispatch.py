"""cpu8048_run's threaded handlers (native/cpu8048.c run_threaded) batch what the switch loop checks
at every instruction: the run's end, a due interrupt and the timer are looked at only where a limit
computed ahead says one may be reached, and the program is read from an image of each mapping in
which the last two addresses of each 2 KiB half send their instruction to the slow path. These programs put
each of those inside a run of instructions the handlers batch, and run them with run() (the
threaded loop) in one call. Expected values come from the MCS-48 manual's timing: the timer
counts every machine cycle through a ÷32 prescaler that STRT T clears (STRT T's own cycle not
counted), the timer interrupt is taken at the first instruction boundary after the overflow, its
entry takes 2 cycles like a CALL, and the PC's increment wraps inside its 2 KiB half.

The whole machine's runs are compared with the switch loop by tests/machine/test_fastpath_reference.py.
"""
import pytest

from emu.odyssey2 import Odyssey2
from i8048 import board

NOP, INC_R0, INC_R5, MOV_A_R0, MOV_R1_A, STRT_T, EN_TCNTI, RETR = 0x00, 0x18, 0x1D, 0xF8, 0xA9, 0x55, 0x25, 0x93
MOV_A_IMM, MOV_T_A, MOV_R2_IMM = 0x23, 0x62, 0xBA
ISR = 0x080


def jmp(addr: int) -> list:
    return [((addr >> 8) & 7) << 5 | 0x04, addr & 0xFF]


def timer_program(body: list) -> tuple:
    """0x000 JMP 0x010; 0x007 JMP ISR; 0x010 MOV A,#FFh; MOV T,A; EN TCNTI; STRT T; body.
    The ISR copies R0 into R1 and stays there (JMP $), so R1 and the stack tell where it was taken."""
    start = [MOV_A_IMM, 0xFF, MOV_T_A, EN_TCNTI, STRT_T]
    return (jmp(0x010), (0x007, jmp(ISR)), (0x010, start + body), (ISR, [MOV_A_R0, MOV_R1_A] + jmp(ISR + 2)))


BODY_START = 0x015      # the first byte after STRT T
FIRST_CYCLES = 2 + 1 + 1 + 1 + 2     # MOV A,# MOV T,A EN TCNTI STRT T, and the JMP at 0x000


def test_the_timer_interrupt_falls_inside_a_run_of_one_cycle_instructions():
    # T = FFh: the 32nd cycle after STRT T overflows it; INC R0 takes one cycle each.
    b = board(*timer_program([INC_R0] * 100))
    b.run(FIRST_CYCLES + 100)
    assert b.in_irq == 1
    assert b.registers[1] == 32                          # 32 INC R0 ran before the entry
    assert b.ram[0x08] == BODY_START + 32               # the return address: the 33rd INC R0
    assert b.timer_flag == 1


def test_the_timer_interrupt_after_a_two_cycle_instruction_that_overflows_it():
    # 31 INC R0 leave the prescaler at 31; MOV R2,#55h's two cycles overflow the timer.
    b = board(*timer_program([INC_R0] * 31 + [MOV_R2_IMM, 0x55] + [INC_R0] * 50))
    b.run(FIRST_CYCLES + 100)
    assert b.in_irq == 1
    assert (b.registers[1], b.registers[2]) == (31, 0x55)
    assert b.ram[0x08] == BODY_START + 31 + 2


@pytest.mark.parametrize("cycles", [FIRST_CYCLES + 31, FIRST_CYCLES + 32, FIRST_CYCLES + 33])
def test_a_run_ending_at_the_overflow_takes_the_interrupt_in_the_next(cycles):
    # Runs that end before, at and after the overflowing instruction, then one more run.
    b = board(*timer_program([INC_R0] * 100))
    b.run(cycles)
    b.run(40)
    assert b.registers[1] == 32
    assert b.ram[0x08] == BODY_START + 32


def test_en_tcnti_in_the_overflow_cycle_takes_no_interrupt():
    # MOV A,#FFh; MOV T,A; STRT T; 31 NOPs; EN TCNTI: its own cycle overflows the timer, which
    # sets the flag, before the interrupt is enabled: none is requested.
    program = [MOV_A_IMM, 0xFF, MOV_T_A, STRT_T] + [NOP] * 31 + [EN_TCNTI] + [INC_R0] * 40
    b = board(jmp(0x010), (0x007, [MOV_R1_A] + jmp(0x008)), (0x010, program))
    b.run(2 + 2 + 1 + 1 + 31 + 1 + 40)
    assert (b.in_irq, b.timer_flag, b.registers[0], b.registers[1]) == (0, 1, 40, 0)


def test_the_pc_wraps_inside_its_half_in_a_run():
    # 0x7F0-0x7FF: 16 x INC R0; the PC wraps to 0x000: JMP 0x7F0 (2 cycles). 18 cycles, 16 INCs.
    b = board(jmp(0x7F0), (0x7F0, [INC_R0] * 16))
    b.run(18 * 10)
    assert (b.registers[0], b.pc, b.cycles) == (160, 0x000, 180)


def test_an_operand_byte_in_the_next_program_window():
    # 0x3FF: MOV A,#5Ah with its data byte at 0x400 (a 1 KiB window further); then MOV R2,A.
    b = board(jmp(0x3F0), (0x3F0, [NOP] * 15 + [MOV_A_IMM]), (0x400, [0x5A, 0xAA] + jmp(0x402)))
    b.run(2 + 15 + 2 + 1 + 20)
    assert (b.a, b.registers[2], b.pc) == (0x5A, 0x5A, 0x402)


IDLE_BIOS_ISR = 0x040


def idle_bios(loop: list) -> bytes:
    """A BIOS whose main loop (at 0x020) idles while the timer interrupts every 8192 cycles; the
    ISR (bank 1) counts its entries in R7 and keeps the loop's R5 as it found it in R6."""
    code = bytearray(1024)
    parts = {0x000: jmp(0x020), 0x007: jmp(IDLE_BIOS_ISR),
             0x020: [MOV_A_IMM, 0x00, MOV_T_A, EN_TCNTI, STRT_T] + loop,    # T = 0: 256 x 32 cycles
             IDLE_BIOS_ISR: [0xD5,            # SEL RB1
                             0x1F,            # INC R7: entries
                             0xC5,            # SEL RB0
                             0xFD,            # MOV A,R5 (bank 0's loop counter)
                             0xD5, 0xAE,      # SEL RB1; MOV R6,A
                             RETR]}
    for addr, data in parts.items():
        code[addr:addr + len(data)] = bytes(data)
    return bytes(code)


@pytest.mark.parametrize("loop", [[INC_R5] + jmp(0x025), jmp(0x025)], ids=["inc-jmp", "jmp-self"])
def test_timer_interrupts_during_a_skipped_idle_loop_are_taken_where_they_fall(loop):
    # Timer interrupts every 8192 cycles: 256 increments of 32 cycles each from STRT T. Over 60
    # frames (NTSC: 3,970 cycles a frame or so) the ISR runs once per 8192 cycles, whether the
    # loop's iterations are skipped or run; and both runs agree on every register.
    runs = []
    for skip in (True, False):
        m = Odyssey2(cart=bytes(2048), bios=idle_bios(loop))
        m.skip_idle = skip
        m.run_frames(60)
        runs.append((m.cycles, m.cpu.pc, m.cpu.a, m.cpu.psw, bytes(m.iram), m.cpu.timer, m.cpu.prescaler))
    assert runs[0] == runs[1]
    cycles, iram = runs[0][0], runs[0][4]
    start = 2 + 2 + 1 + 1 + 1        # JMP, MOV A,#0, MOV T,A, EN TCNTI, STRT T (not counted)
    assert iram[0x18 + 7] in ((cycles - start) // 8192, (cycles - start) // 8192 - 1)


def test_sel_mb1_in_a_run_sets_bit_11_at_the_next_jmp_and_call():
    # 0x000: 3 NOPs; SEL MB1; JMP 0x100 -> 0x900: INC R0; CALL 0x200 -> 0xA00: INC R0; RET -> 0x903: JMP $.
    b = board([NOP] * 3 + [0xF5] + jmp(0x100), (0x900, [INC_R0, 0x54, 0x00] + jmp(0x103)), (0xA00, [INC_R0, 0x83]),
              (0x100, jmp(0x100)), (0x200, [0x83]))
    b.run(3 + 1 + 2 + 1 + 2 + 1 + 2 + 2 * 5)
    assert (b.registers[0], b.pc) == (2, 0x903)


def test_an_interrupt_entered_in_a_run_holds_a11_at_0_for_the_routine_s_ret():
    # 0x010: MOV A,#FFh; MOV T,A; EN TCNTI; SEL MB1; STRT T; JMP 0x100 -> 0x900: INC R0 ...
    # The JMP and 30 INC R0 make the 32 cycles that overflow the timer: the entry pushes 0x91E.
    # The routine (at 0x080: A11 held at 0) returns with RET, not RETR: in_irq stays 1 and A11
    # stays 0, so it lands at 0x11E, where INC R5 runs (the manual; MAME's random programs
    # 910030, 910040).
    main = [MOV_A_IMM, 0xFF, MOV_T_A, EN_TCNTI, 0xF5, STRT_T] + jmp(0x100)
    b = board(jmp(0x010), (0x007, jmp(ISR)), (0x010, main), (0x900, [INC_R0] * 100), (0x100, [INC_R5] * 100),
              (ISR, [0x83]))
    b.run(FIRST_CYCLES + 1 + 32 + 2 + 2 + 2 + 10)
    assert b.in_irq == 1
    assert (b.registers[0], b.ram[0x08], b.ram[0x09] & 0x0F) == (30, 0x1E, 0x09)
    assert (b.registers[5], b.pc) == (10, 0x11E + 10)


def test_register_bank_switches_in_a_run():
    # SEL RB1; MOV R0,#55h; SEL RB0; MOV R0,#11h; MOV A,#18h (BS set); MOV PSW,A; MOV R1,#66h; JMP $
    program = [NOP] * 3 + [0xD5, 0xB8, 0x55, 0xC5, 0xB8, 0x11, MOV_A_IMM, 0x18, 0xD7, 0xB9, 0x66]
    b = board(program + jmp(len(program)))
    b.run(3 + 1 + 2 + 1 + 2 + 2 + 1 + 2 + 2 * 3)
    assert (b.ram[0x18], b.ram[0x00], b.ram[0x19], b.ram[0x01]) == (0x55, 0x11, 0x66, 0x00)


def test_a_two_byte_instruction_ending_a_window_in_a_run():
    # 0x3F6: 8 NOPs; MOV A,#5Ah, its data byte at 0x3FF; the next opcode from 0x400: MOV R2,A.
    b = board(jmp(0x3F6), (0x3F6, [NOP] * 8 + [MOV_A_IMM, 0x5A]), (0x400, [0xAA] + jmp(0x401)))
    b.run(2 + 8 + 2 + 1 + 2 * 3)
    assert (b.a, b.registers[2], b.pc) == (0x5A, 0x5A, 0x401)


def test_a_two_byte_instruction_ending_the_half_in_a_run():
    # 0x7F6: 8 NOPs; MOV A,#5Ah, its data byte at 0x7FF; the PC wraps to 0x000: JMP 0x7F6 again.
    b = board(jmp(0x7F6), (0x7F6, [NOP] * 8 + [MOV_A_IMM, 0x5A]))
    b.run(2 + 8 + 2 + 2)
    assert (b.a, b.pc, b.cycles) == (0x5A, 0x7F6, 14)


# Jumps inside a run land anywhere in the image without a check: an instruction at the end of a
# 2 KiB half must still wrap the PC (its entry is marked for the slow path). The half's last byte
# is the sharpest case: its operand is 0x000's byte.
MOV_A_IMM_AT_END = (0x7FF, [MOV_A_IMM])
CLR_A, JZ = 0x27, 0xC6
FIRST_BYTE = jmp(0x7F0)[0]         # the byte at 0x000: the operand of the MOV A,# at 0x7FF


def test_a_conditional_jump_forward_to_the_end_of_the_half_in_a_run():
    # 0x7F0: CLR A; JZ 0x7FF (taken) -> MOV A,#(the byte at 0x000), the PC wrapping to 0x001.
    b = board(jmp(0x7F0), (0x7F0, [CLR_A, JZ, 0xFF]), MOV_A_IMM_AT_END, (0x800, [0x99]))
    b.run(2 + 1 + 2 + 2)
    assert (b.a, b.pc, b.cycles) == (FIRST_BYTE, 0x001, 7)


def test_a_jmp_forward_inside_the_window_to_the_end_of_the_half_in_a_run():
    b = board(jmp(0x7F0), (0x7F0, jmp(0x7FF)), MOV_A_IMM_AT_END, (0x800, [0x99]))
    b.run(2 + 2 + 2)
    assert (b.a, b.pc, b.cycles) == (FIRST_BYTE, 0x001, 6)


def test_a_loop_back_and_a_branch_not_taken_near_the_end_of_the_half_in_a_run():
    # 0x7F4: MOV R0,#3; 0x7F6: INC R1; DJNZ R0,0x7F6 (back twice, then not taken); 0x7F9: JZ 0x7F0
    # with A = 1 (not taken); NOP x 4; 0x7FF: MOV A,#(the byte at 0x000).
    program = [0xB8, 3, 0x19, 0xE8, 0xF6, JZ, 0xF0, NOP, NOP, NOP, NOP]
    b = board(jmp(0x7F4), (0x7F4, program), MOV_A_IMM_AT_END, (0x800, [0x99]), a=1)
    b.run(2 + 2 + 3 * (1 + 2) + 2 + 4 + 2)
    assert (b.registers[0], b.registers[1], b.a, b.pc, b.cycles) == (0, 3, FIRST_BYTE, 0x001, 21)


@pytest.mark.parametrize("r", range(8))
def test_each_register_s_own_handler_in_a_run(r):
    # MOV Rr,#v; INC Rr; MOV A,Rr; ADD A,Rr; MOV Rr,A; DEC Rr; XRL A,Rr; XCH A,Rr; JMP $ (manual:
    # each works on the register its opcode's low three bits name, in the bank PSW selects).
    v = 0x11 * r + 1
    program = [0xB8 | r, v, 0x18 | r, 0xF8 | r, 0x68 | r, 0xA8 | r, 0xC8 | r, 0xD8 | r, 0x28 | r]
    b = board(program + jmp(len(program)))
    b.run(200)
    total = 2 * (v + 1)
    assert (b.registers[r], b.a, b.pc) == (total ^ (total - 1), total - 1, len(program))
    assert [b.registers[k] for k in range(8) if k != r] == [0] * 7


@pytest.mark.parametrize("i", range(2))
def test_each_pointer_register_s_own_handler_in_a_run(i):
    # MOV Ri,#20h+i; MOV A,#40h+i; MOV @Ri,A; INC @Ri; XRL A,@Ri; XCH A,@Ri; JMP $.
    program = [0xB8 | i, 0x20 + i, MOV_A_IMM, 0x40 + i, 0xA0 | i, 0x10 | i, 0xD0 | i, 0x20 | i]
    b = board(program + jmp(len(program)))
    b.run(200)
    assert (b.ram[0x20 + i], b.a, b.pc) == ((0x40 + i) ^ (0x41 + i), 0x41 + i, len(program))


# The program is run from an image of each mapping of the program windows (cpu8048.h,
# cpu8048_code): a bank switch in a run must bring the new bank's image, and bytes loaded anew
# behind the same windows must replace the kept image. Bank = P1 & 3 (native/HARDWARE.md §2);
# a 12 KiB cartridge holds four 3 KiB banks at 0x400-0xFFF.
BANK_SIZE_12K = 3072
CALL_400, OUTL_P1, ORL_P1, ANL_P1, RET = 0x94, 0x39, 0x89, 0x99, 0x83


def banked_cart() -> bytes:
    """Bank b at 0x400: INC R(3+b); R2 = R2 << 2 | b (the last four banks called, oldest first); RET."""
    image = bytearray(4 * BANK_SIZE_12K)
    for b in range(4):
        code = [0x18 | (3 + b), 0xFA, 0xE7, 0xE7, 0x43, b, 0xAA, RET]
        image[b * BANK_SIZE_12K:b * BANK_SIZE_12K + len(code)] = bytes(code)
    return bytes(image)


def bank_switching_bios() -> bytes:
    """Each of OUTL P1, ORL P1 and ANL P1 selects a bank, then CALL 0x400: banks 0, 3, 1, 2."""
    code = bytearray(1024)
    program = ([MOV_A_IMM, 0xFC, OUTL_P1, CALL_400, 0x00,      # P1 = FC: bank 0
                ORL_P1, 0x03, CALL_400, 0x00,                 # FF: bank 3
                ANL_P1, 0xFD, CALL_400, 0x00,                 # FD: bank 1
                MOV_A_IMM, 0xFE, OUTL_P1, CALL_400, 0x00])    # FE: bank 2
    program += jmp(len(program))
    code[:len(program)] = bytes(program)
    return bytes(code)


@pytest.mark.parametrize("skip_idle", [True, False])
def test_each_port_write_that_switches_the_bank_runs_the_new_bank_in_the_same_run(skip_idle):
    m = Odyssey2(cart=banked_cart(), bios=bank_switching_bios())
    m.skip_idle = skip_idle
    m.run_frames(1)
    assert [m.cpu.r[n] for n in (3, 4, 5, 6)] == [1, 1, 1, 1]
    assert m.cpu.r[2] == (0 << 6) | (3 << 4) | (1 << 2) | 2
    assert m.cart_bank == 2


def test_a_bank_switched_back_and_forth_hundreds_of_times_a_frame():
    # A loop of the four switches above, 100 times (R7 counts down): each bank called 100 times.
    code = bytearray(bank_switching_bios())
    body = code[:18]
    loop = [0xBF, 100] + list(body) + [0xEF, 2]        # MOV R7,#100; body; DJNZ R7,0x002
    code[:len(loop) + 2] = bytes(loop + jmp(len(loop)))
    m = Odyssey2(cart=banked_cart(), bios=bytes(code))
    m.run_frames(3)
    assert [m.cpu.r[n] for n in (3, 4, 5, 6)] == [100, 100, 100, 100]
    assert m.cpu.r[2] == 0x36


def one_routine_cart(value: int) -> bytes:
    """2 KiB: at 0x400, MOV R2,#value; JMP $."""
    return bytes([0xBA, value] + jmp(0x402)) + bytes(2048 - 4)


def test_a_cartridge_loaded_again_into_the_same_slot_is_the_one_run():
    from emu.native import Machine
    m = Machine()
    m.load_bios(bytes(jmp(0x400)) + bytes(1022))
    m.load_charset(bytes(512))
    m.load_cart(one_routine_cart(0x11))
    m.power_on()
    m.run_frames(1)
    assert m.iram[2] == 0x11
    m.load_cart(one_routine_cart(0x22))      # the same windows, other bytes
    m.reset()
    m.run_frames(1)
    assert m.iram[2] == 0x22


def test_a_bios_loaded_again_is_the_one_run():
    from emu.native import Machine
    m = Machine()
    m.load_charset(bytes(512))
    m.load_cart(one_routine_cart(0x11))
    for value in (0x33, 0x44):
        m.load_bios(bytes([0xBB, value] + jmp(0x002)) + bytes(1020))    # MOV R3,#value; JMP $
        m.reset()
        m.run_frames(1)
        assert m.iram[3] == value


def test_a_program_loaded_again_onto_a_board_is_the_one_run():
    b = board([0xBA, 0x11] + jmp(0x002))
    b.run(10)
    b.load([0xBA, 0x22] + jmp(0x002))
    b.reset()
    b.run(10)
    assert b.registers[2] == 0x22
