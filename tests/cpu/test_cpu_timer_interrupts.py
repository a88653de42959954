"""Timer, event counter and interrupts, cycle by cycle (MCS-48 manual; HARDWARE.md §1, §6 items 2-3).

The timer counts machine cycles through a ÷32 prescaler that STRT T clears; an instruction's
cycles elapse before its effect, so STRT T's own cycle is not counted.
"""
from i8048 import board, steps

NOP, STRT_T, STRT_CNT, STOP_TCNT = 0x00, 0x55, 0x45, 0x65
EN_I, DIS_I, EN_TCNTI, DIS_TCNTI, RETR, RET = 0x05, 0x15, 0x25, 0x35, 0x93, 0x83


def test_timer_increments_32_cycles_after_strt_t():
    b = board([STRT_T] + [NOP] * 64)
    b.step()
    assert (b.cycles, b.prescaler, b.timer) == (1, 0, 0)
    steps(b, 31)
    assert (b.cycles, b.timer) == (32, 0)
    b.step()
    assert (b.cycles, b.timer, b.prescaler) == (33, 1, 0)
    steps(b, 32)
    assert (b.cycles, b.timer) == (65, 2)


def test_strt_t_clears_the_prescaler():
    # pitfall 2: restarting after 20 cycles delays the first increment to 32 cycles later
    b = board([STRT_T] + [NOP] * 20 + [STRT_T] + [NOP] * 32)
    steps(b, 21)
    assert b.prescaler == 20
    b.step()
    assert (b.prescaler, b.timer) == (0, 0)
    steps(b, 31)
    assert b.timer == 0
    b.step()
    assert b.timer == 1


def test_two_cycle_instructions_feed_the_prescaler():
    # STRT T ; 31 NOPs ; MOV A,#0 (2 cycles crosses the boundary) ; 31 NOPs
    b = board([STRT_T] + [NOP] * 31 + [0x23, 0x00] + [NOP] * 31)
    steps(b, 32)
    assert (b.timer, b.prescaler) == (0, 31)
    b.step()
    assert (b.timer, b.prescaler) == (1, 1)
    steps(b, 31)
    assert (b.timer, b.prescaler) == (2, 0)


def test_stop_tcnt_freezes_timer_and_prescaler():
    b = board([STRT_T] + [NOP] * 10 + [STOP_TCNT] + [NOP] * 100)
    steps(b, 11)
    b.step()
    assert (b.timer, b.prescaler, b.timer_mode) == (0, 11, 0)   # STOP's own cycle counted
    steps(b, 100)
    assert (b.timer, b.prescaler) == (0, 11)


def test_overflow_without_tcnti_sets_flag_only_and_is_not_remembered():
    # MOV A,#FFh ; MOV T,A ; STRT T ; 32 NOPs ; EN TCNTI ; NOP
    b = board([0x23, 0xFF, 0x62, STRT_T] + [NOP] * 32 + [EN_TCNTI, NOP])
    steps(b, 3 + 31)
    assert (b.timer, b.timer_flag) == (0xFF, 0)
    b.step()
    assert (b.timer, b.timer_flag, b.tirq_pending) == (0x00, 1, 0)
    steps(b, 2)                         # EN TCNTI afterwards does not raise it
    assert (b.pc, b.in_irq) == (0x026, 0)


def test_timer_interrupt_is_taken_at_the_boundary_after_overflow():
    # 000: JMP 010h ; 010: EN TCNTI ; MOV A,#FFh ; MOV T,A ; STRT T ; NOPs from 015h
    b = board([0x04, 0x10], (0x010, [EN_TCNTI, 0x23, 0xFF, 0x62, STRT_T] + [NOP] * 40),
              psw=0xC8)
    steps(b, 5)
    assert (b.cycles, b.pc) == (7, 0x015)
    steps(b, 31)
    assert (b.cycles, b.timer, b.tirq_pending) == (38, 0xFF, 0)
    b.step()                            # the 32nd NOP overflows T
    assert (b.cycles, b.timer, b.timer_flag, b.tirq_pending, b.pc) == (39, 0, 1, 1, 0x035)
    assert b.step() == 2                # entry: two cycles, like a CALL
    assert (b.pc, b.cycles, b.in_irq, b.tirq_pending, b.sp) == (0x007, 41, 1, 0, 1)
    assert (b.ram[0x08], b.ram[0x09]) == (0x35, 0xC0)
    assert b.prescaler == 2             # the entry's cycles count for the timer
    assert b.timer_flag == 1            # the flag stays for JTF


def test_timer_keeps_counting_inside_the_routine_and_no_nesting():
    # overflow while in an interrupt routine waits for RETR
    b = board((0x007, [NOP] * 4 + [RETR]), (0x040, [NOP] * 4), pc=0x007, in_irq=1,
              tirq_enabled=1, timer=0xFF, timer_mode=1, prescaler=31)
    b.ram[0x08], b.ram[0x09] = 0x40, 0x00
    b.psw = 0x09                        # SP = 1: the entry at 08h/09h returns to 040h
    b.step()
    assert (b.timer, b.tirq_pending) == (0, 1)
    steps(b, 3)
    assert (b.pc, b.in_irq) == (0x00B, 1)
    b.step()                            # RETR
    assert (b.pc, b.in_irq) == (0x040, 0)
    assert b.step() == 2                # taken right after RETR
    assert (b.pc, b.in_irq) == (0x007, 1)


def test_external_interrupt_has_priority_over_timer():
    b = board((0x003, [RETR]), (0x007, [RETR]), (0x020, [NOP, NOP]), pc=0x020,
              xirq_enabled=1, int_pin=1, tirq_enabled=1, tirq_pending=1)
    b.step()
    assert (b.pc, b.tirq_pending) == (0x003, 1)
    b.int_pin = 0
    b.step()                            # RETR
    assert b.pc == 0x020
    b.step()
    assert (b.pc, b.tirq_pending, b.cycles) == (0x007, 0, 6)


def test_int_is_level_sensitive_and_does_not_nest():
    # 000: JMP 010h ; 003: NOP ; NOP ; RETR ; 010: EN I ; NOP ...
    b = board([0x04, 0x10], (0x003, [NOP, NOP, RETR]), (0x010, [EN_I, NOP, NOP]))
    b.int_pin = 1
    steps(b, 2)
    assert (b.pc, b.cycles) == (0x011, 3)
    b.step()
    assert (b.pc, b.cycles, b.in_irq) == (0x003, 5, 1)
    steps(b, 2)                         # /INT still low: the routine runs on
    assert b.pc == 0x005
    b.step()                            # RETR
    assert (b.pc, b.in_irq) == (0x011, 0)
    b.step()                            # still held: taken again at once
    assert (b.pc, b.cycles) == (0x003, 11)
    b.int_pin = 0
    steps(b, 3)
    b.step()
    assert b.pc == 0x012                # released: the main program goes on


def test_int_ignored_while_disabled():
    # EN I ; DIS I ; NOP with /INT asserted only after DIS I
    b = board([EN_I, DIS_I, NOP, NOP])
    steps(b, 2)
    b.int_pin = 1
    b.step()
    assert (b.pc, b.in_irq) == (0x003, 0)


def test_jni_sees_the_pin_without_enable():
    b = board([0x86, 0x40], int_pin=1)      # JNI 040h
    b.step()
    assert (b.pc, b.in_irq) == (0x040, 0)


def test_dis_tcnti_cancels_a_pending_timer_interrupt():
    b = board([DIS_TCNTI, EN_TCNTI, NOP, NOP], tirq_enabled=1, tirq_pending=1, in_irq=1)
    b.step()
    assert (b.tirq_pending, b.tirq_enabled) == (0, 0)
    b.in_irq = 0
    steps(b, 2)
    assert (b.pc, b.in_irq) == (0x003, 0)


def test_isr_forces_bank_0_for_jmp_and_call_until_retr():
    # pitfall 3. main at 900h with MB1; routine: 003 JMP 100h ; 100 CALL 200h ; 200 RET ;
    # 102 JMP 180h ; 180 RETR ; back at 900: JMP 150h -> 950h
    b = board((0x003, [0x24, 0x00]), (0x100, [0x54, 0x00, 0x24, 0x80]), (0x200, [RET]),
              (0x180, [RETR]), (0x900, [0x24, 0x50]),
              pc=0x900, mb=1, xirq_enabled=1, int_pin=1)
    b.step()
    b.int_pin = 0
    assert b.pc == 0x003
    b.step()
    assert b.pc == 0x100
    b.step()
    assert b.pc == 0x200
    b.step()
    assert (b.pc, b.in_irq) == (0x102, 1)    # RET does not end the routine
    b.step()
    assert b.pc == 0x180
    b.step()
    assert (b.pc, b.in_irq, b.mb) == (0x900, 0, 1)
    b.step()
    assert b.pc == 0x950


def test_interrupt_saves_psw_and_retr_restores_it():
    # routine: CLR C ; CPL F0 ; SEL RB1 ; RETR
    b = board((0x003, [0x97, 0x95, 0xD5, RETR]), (0x030, [NOP]), pc=0x030, psw=0x88,
              xirq_enabled=1, int_pin=1)
    b.step()
    b.int_pin = 0
    steps(b, 3)
    assert (b.cy, b.f0, b.bs) == (0, 1, 1)
    b.step()
    assert (b.pc, b.psw) == (0x030, 0x88)


def test_event_counter_counts_t1_falling_edges():
    b = board([STRT_CNT] + [NOP] * 70 + [STOP_TCNT], timer=0xFE, t1=1, tirq_enabled=1)
    b.step()
    steps(b, 64)                        # cycles do not count in counter mode
    assert b.timer == 0xFE
    b.t1 = 0
    assert b.timer == 0xFF
    b.t1 = 0                            # no edge
    b.t1 = 1                            # rising edge: no count
    assert b.timer == 0xFF
    b.t1 = 0
    assert (b.timer, b.timer_flag, b.tirq_pending) == (0x00, 1, 1)


def test_stopped_counter_ignores_t1():
    b = board([STRT_CNT, STOP_TCNT], t1=1)
    steps(b, 2)
    b.t1 = 0
    assert b.timer == 0
