"""Runs of one repeated MOV A,Rr (an empty cartridge slot reads 0xFF, MOV A,R7) execute at once
exactly: a program that runs through long stretches of MOV A,R3 and MOV A,R7, across the 1 KiB
window from the BIOS into the cartridge and across the wrap of the PC's 2 KiB half back to 0x000,
while VBLANK and the timer interrupt it (or, with the timer interrupt off, the timer overflows
and sets its flag), gives the same screen, audio, RAM, registers, timer and cycle count after
every frame with the fast paths on and off. A stepped trace shows that the runs were cut where
this test means them to be."""
import pytest

from cart.asm.assembler import assemble_text
from machine.fastpath_program import GRID_ON, VECTORS
from emu.odyssey2 import Odyssey2
from machine.test_fast_paths import frame_digest

FRAMES = 90
RUN_START = 0x100          # MOV A,R3 from here, MOV A,R7 from SECOND_RUN to the half's end
SECOND_RUN = 0x180
MOV_A_R3, MOV_A_R7 = 0xFB, 0xFF

# Every pass falls through the runs to 0x7FF, wraps to 0x000 and starts again; the set-up runs
# once (R3 of bank 0 marks it done). Odd passes run with register bank 1 selected.
PROGRAM = VECTORS + """start:  sel     rb0
        mov     a,r3
        jnz     again
        mov     r3,#1
""" + GRID_ON + """        mov     a,#{timer:03X}h
        mov     t,a
        strt    t
        {timer_interrupt}
        en      i
again:  inc     r5
        jtf     flag            ; the timer overflowed (seen only with its interrupt off)
        jmp     pass
flag:   inc     r4
pass:   mov     a,r5
        mov     r7,a
        jb0     bank1
        jmp     {run:03X}h
bank1:  sel     rb1
        mov     r3,a
        cpl     a
        mov     r7,a
        jmp     {run:03X}h
vblank: sel     rb1
        mov     r2,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        inc     r6
        mov     a,r2
        retr
timer:  sel     rb1
        inc     r5
        mov     a,#{timer:03X}h
        mov     t,a
        retr
"""


def bios(timer: int, timer_interrupt: bool) -> bytes:
    source = PROGRAM.format(timer=timer, run=RUN_START,
                            timer_interrupt="en tcnti" if timer_interrupt else "dis tcnti")
    image = bytearray(assemble_text(source, "runs.asm").image(1024, fill=MOV_A_R7))
    assert all(b == MOV_A_R7 for b in image[RUN_START:]), "the program reaches into the runs"
    image[RUN_START:SECOND_RUN] = bytes([MOV_A_R3]) * (SECOND_RUN - RUN_START)
    return bytes(image)


def machine(image: bytes, region: str) -> Odyssey2:
    # The cartridge reads 0xFF everywhere: MOV A,R7 from 0x400 to 0x7FF.
    return Odyssey2(cart=bytes([MOV_A_R7]) * 2048, bios=image, charset=bytes(512), region=region)


def digests(image: bytes, fast: bool, region: str):
    m = machine(image, region)
    m.skip_idle = fast
    out = []
    for _ in range(FRAMES):
        m.run_frames(1)
        c = m.cpu
        out.append((frame_digest(m), c.timer, c.prescaler, c.timer_flag, c.tirq_pending, c.in_irq))
    return out, m


def cuts(image: bytes, region: str) -> set:
    """Where stepping one instruction at a time left a run: (from, to) PC pairs of interest."""
    trace = machine(image, region).trace(60_000)
    pcs = [int(p) for p in trace["pc"]]
    timers = [int(t) for t in trace["t"]]
    found = set()
    for k in range(len(pcs) - 1):
        here, after = pcs[k], pcs[k + 1]
        if here >= RUN_START and after in (0x003, 0x007):
            found.add(("interrupt", after))
        if (here, after) in ((0x3FF, 0x400), (0x7FF, 0x000), (SECOND_RUN - 1, SECOND_RUN)):
            found.add(("boundary", after))
        if here >= RUN_START and after >= RUN_START and timers[k + 1] < timers[k]:
            found.add(("overflow", None))
    return found


@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("timer_interrupt", [True, False], ids=["timer interrupt", "timer flag"])
@pytest.mark.parametrize("timer", [0x00, 0xF0, 0xFE])
def test_runs_of_one_opcode_execute_at_once_exactly(timer, timer_interrupt, region):
    image = bios(timer, timer_interrupt)
    fast, m = digests(image, True, region)
    stepped, _ = digests(image, False, region)
    differing = [k for k, (a, b) in enumerate(zip(fast, stepped)) if a != b]
    assert not differing, f"first difference after frame {differing[0] + 1}"
    assert m.iram[0x1E] > 0                     # VBLANK interrupted (bank 1 R6)
    assert m.iram[5] > 1                        # several passes (bank 0 R5)
    if timer_interrupt:
        assert m.iram[0x1D] > 0                 # the timer interrupted (bank 1 R5)
    else:
        assert m.iram[4] > 0                    # the timer overflowed (bank 0 R4)


def test_the_runs_are_cut_by_interrupts_overflows_and_boundaries():
    """The stepped trace of the program above leaves runs by /INT, by the timer interrupt, across
    both windows' edges and the half's wrap, and (with the timer interrupt off) sees the timer
    overflow inside a run."""
    with_interrupt = cuts(bios(0xF0, True), "ntsc")
    assert {("interrupt", 0x003), ("interrupt", 0x007), ("boundary", 0x400), ("boundary", 0x000),
            ("boundary", SECOND_RUN)} <= with_interrupt
    assert ("overflow", None) in cuts(bios(0xF0, False), "ntsc")
