"""A jump back looks for an idle or filling loop only where one may start (native/cpu8048.h,
cpu8048_code.loop_head: the first two opcodes of every loop kind that idle skipping runs at once),
and a MOV A,Rr followed by itself has a handler of its own that runs the repeats at once
(cpu8048_code.handler); that leaves every such loop and run skipped: a program that spends its frames in one loop of each kind
costs the CPU core a few hundred host instructions a frame, counted by callgrind (a figure that
does not depend on the machine's load), where running the loop pass by pass costs thousands
(a frame is 3,977 machine cycles on NTSC, a pass 1 to 9). That the skipped loops give the same
frames, RAM, registers and cycles as running them is tested by test_fastpath_idle_jumps.py,
test_fastpath_ram_fills.py and test_fastpath_fill_loops.py; that a jump back to code of any
other shape runs as it would without the look, by tests/cpu/test_cpu_dispatch.py."""
import importlib.util
import os
from pathlib import Path

import pytest

from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2

FRAMES = 20
# The CPU core's own host instructions a frame, at most, with the loop skipped: some thousands
# (tens of thousands pass by pass). A RAM-filling loop still stores each byte on its own (about
# 40,000 skipped, 60,000 pass by pass).
MOST_PER_FRAME = 8_000
MOST_FOR_RAM_FILL = 50_000

_spec = importlib.util.spec_from_file_location(
    "host_instructions", Path(__file__).resolve().parents[1] / "benchmarks" / "host_instructions.py")
host_instructions = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(host_instructions)

# Each loop kind of cpu8048.h ("Idle loops") as the program's whole main code; VBLANK interrupts
# arrive every frame and return into it.
LOOPS = {
    "jmp $": "wait:   jmp     wait",
    "djnz rr,$": "wait:   djnz    r7,wait\n        jmp     wait",
    "jnz $": "        mov     a,#1\nwait:   jnz     wait",
    "jz out; jmp $-2": "        mov     a,#1\nwait:   jz      out\n        jmp     wait\nout:    jmp     out",
    "inc rr; jmp $-1": "wait:   inc     r6\n        jmp     wait",
    "mov a,rr; jnz $": "        mov     r6,#1\nwait:   mov     a,r6\n        jnz     wait",
    "mov a,@ri; jz $": "        mov     r1,#020h\n        mov     @r1,#0\nwait:   mov     a,@r1\n        jz      wait",
    "mov @ri,a; djnz": "wait:   mov     r0,#03Fh\nfill:   mov     @r0,a\n        djnz    r0,fill\n        jmp     wait",
    "movx fill": ("        mov     a,#0AFh         ; the external RAM alone\n        outl    p1,a\n"
                  "wait:   mov     r0,#080h\n        mov     r1,#0\nfill:   dec     r0\n        clr     a\n"
                  "        movx    @r0,a\n        mov     a,r0\n        xrl     a,r1\n        jnz     fill\n"
                  "        jmp     wait"),
    # Not a loop: MOV A,R7 (0xFF) all the way from 100h to the end of the 2 KiB half (the BIOS's
    # free bytes, then the empty cartridge slot), where the PC wraps to 000h (run_repeats).
    "mov a,r7 runs": "        jmp     0100h",
}

PROGRAM = """
        org     000h
        jmp     start
        org     003h
        jmp     vblank
start:  en      i
{loop}
vblank: sel     rb1
        mov     r7,a
        mov     a,#097h         ; the VDC alone
        outl    p1,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        mov     a,#{p1:03X}h    ; P1 as the main code set it
        outl    p1,a
        mov     a,r7
        retr
"""


def state_in(loop: str):
    p1 = 0xAF if "outl    p1" in LOOPS[loop] else 0xFF
    fill = 0xFF if loop == "mov a,r7 runs" else 0x00
    bios = assemble_text(PROGRAM.format(loop=LOOPS[loop], p1=p1), "loop.asm").image(1024, fill=fill)
    m = Odyssey2(bios=bios, charset=bytes(512))
    m.run_frames(2)
    return bios, bytes(512), None, m.save_state()


@pytest.mark.skipif(not host_instructions.available(), reason="valgrind not installed")
@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="valgrind cannot run a process with ASan's runtime loaded (make sanitize)")
def test_every_idle_and_filling_loop_is_still_skipped():
    states = {loop: state_in(loop) for loop in LOOPS}
    costs = host_instructions.count(states, frames=FRAMES)
    per_frame = {loop: host_instructions.core_instructions(own) / FRAMES for loop, own in costs.items()}
    most = {loop: MOST_FOR_RAM_FILL if loop == "mov @ri,a; djnz" else MOST_PER_FRAME for loop in LOOPS}
    slow = {loop: round(cost) for loop, cost in per_frame.items() if cost > most[loop]}
    assert not slow, f"loops run pass by pass (core host instructions a frame): {slow}"
