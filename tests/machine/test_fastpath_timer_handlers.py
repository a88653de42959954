"""MOV T,A and MOV A,T run in cpu8048_run's threaded loop (native/cpu8048.c), which counts the timer
only where it is read or set: MOV T,A first brings it to its own end, so cycles before the load do
not count after it. Expected value from the MCS-48 manual: the timer counts once every 32 machine
cycles from STRT T (which clears the prescaler; its own cycle is not counted, native/cpu8048.c),
and MOV T,A loads the count without clearing the prescaler."""
from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, looping_bios, mov_a

STRT_T, NOP, MOV_T_A, MOV_A_T, MOV_R1_A = 0x55, 0x00, 0x62, 0x42, 0xA9

# STRT T; 100 NOPs; MOV A,#0 (2 cycles); MOV T,A: the prescaler is at 103 % 32 = 7 when the timer
# is loaded with 0. 64 NOPs: 7 + 64 = 71 cycles, two counts; MOV A,T (prescaler 8): 2.
PROGRAM = [STRT_T] + [NOP] * 100 + mov_a(0) + [MOV_T_A] + [NOP] * 64 + [MOV_A_T, MOV_R1_A]


def test_mov_t_a_replaces_the_count_so_far():
    m = Odyssey2(bios=looping_bios(PROGRAM), charset=CHARSET)
    m.run_frames(1)
    assert m.cpu.r[1] == 2
