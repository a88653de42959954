"""CPU core speed: a mixed-instruction loop run entirely in C, each measurement one o2_board_run call."""
import time

from emu.native import Board8048

# One outer pass: MOV R7,#200 (2 cycles), 200 x the 9-instruction, 14-cycle inner body, JMP (2).
LOOP = bytes([
    0xB8, 0x10,        # 000 MOV  R0,#10h      MOVX address
    0xBF, 0xC8,        # 002 MOV  R7,#200      outer: reload the inner count
    0x69,              # 004 ADD  A,R1         inner:
    0xD3, 0x5A,        # 005 XRL  A,#5Ah
    0xAA,              # 007 MOV  R2,A
    0x19,              # 008 INC  R1
    0x90,              # 009 MOVX @R0,A
    0x80,              # 00A MOVX A,@R0
    0xE7,              # 00B RL   A
    0x53, 0xF7,        # 00C ANL  A,#F7h
    0xEF, 0x04,        # 00E DJNZ R7,004
    0x04, 0x02,        # 010 JMP  002
])
INSTRUCTIONS_PER_PASS = 1 + 200 * 9 + 1
CYCLES_PER_PASS = 2 + 200 * 14 + 2
NTSC_CYCLES_PER_S = 357954.5
CYCLES = 100_000_000
REPEATS = 5


def bench():
    """Per second of this process's CPU time, best of five 20M-cycle runs: on a shared machine
    wall-clock time mostly measures the other processes."""
    board = Board8048(LOOP)
    best = 0.0
    for _ in range(REPEATS):
        start = time.process_time()
        ran = board.run(CYCLES // REPEATS)
        best = max(best, ran / (time.process_time() - start))
    yield "cpu_instructions_per_s", round(best * INSTRUCTIONS_PER_PASS / CYCLES_PER_PASS)
    yield "cpu_emulated_seconds_per_s_ntsc", round(best / NTSC_CYCLES_PER_S)
