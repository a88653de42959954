"""Block-filling loops (cpu8048.c, "block-filling loops": DEC or INC Ri, CLR A or MOV A,#v,
MOVX @Ri,A, MOV A,Ri, XRL A,Rr or XRL A,#e, JNZ back) run whole iterations without the interpreter,
and that changes nothing but speed: with idle skipping on and off, every form of the loop gives the
same screen, audio, RAM, registers, timer and cycle count after every frame - filling VDC
registers that are already clear, that change (drawn at each store's own beam position), that
lock the objects, start the sound and its interrupt (which ends the CPU's run in mid-loop), and
the external RAM, with VBLANK and timer interrupts arriving in mid-loop."""
import hashlib

import pytest

from cart.asm.assembler import assemble_text
from machine.fastpath_program import GRID_ON, VECTORS
from emu.odyssey2 import Odyssey2

FRAMES = 90

# P1 (VDC selected: 097h; RAM selected: 08Fh; both: 087h) and the fill's addresses (low, high).
TARGETS = {
    "objects": (0x97, 0x00, 0x7F),          # object registers: positions, shapes and colours
    "grid": (0x97, 0xC0, 0xE9),             # the grid's segments, drawn mid-frame
    "controls": (0x97, 0x9F, 0xA3),         # control (grid, sound interrupt on and off), colours
    "ram": (0x8F, 0x00, 0x7F),
    "ram and vdc": (0x87, 0x10, 0x5F),
}
STEPS = {"dec": ("dec", "high + 1", "low"), "inc": ("inc", "low - 1", "high")}
LOADS = {"clr a": "clr     a", "mov a,#v": "mov     a,#05Ah"}
COMPARES = {"xrl a,r1": "xrl     a,r1", "xrl a,#e": "xrl     a,#{end:03X}h"}

PROGRAM = VECTORS + """start:
""" + GRID_ON + """        mov     r0,#0A7h        ; sound on, fast: a service request every 96 lines, which
        mov     a,#0A5h         ; interrupts while a fill has its interrupt on
        movx    @r0,a
        mov     r0,#0AAh
        mov     a,#0AFh
        movx    @r0,a
        mov     a,#{p1:03X}h
        outl    p1,a
        mov     a,#0F0h         ; the timer overflows within the first frame, then every 8192 cycles
        mov     t,a
        strt    t
        en      tcnti
        en      i
main:   mov     r0,#{start:03X}h
        mov     r1,#{end:03X}h
fill:   {step}     r0
        {load}
        movx    @r0,a
        mov     a,r0
        {compare}
        jnz     fill
        mov     r0,#{start:03X}h
again:  {step}     r0             ; the same range with another value: every store changes it
        mov     a,#08Eh
        movx    @r0,a
        mov     a,r0
        {compare}
        jnz     again
        inc     r5
        jmp     main
vblank: sel     rb1
        mov     r7,a
        mov     a,#097h         ; the status through the VDC, then the fill's selection back
        outl    p1,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        mov     a,#{p1:03X}h
        outl    p1,a
        inc     r6
        mov     a,r7
        retr
timer:  inc     r4
        retr
"""


def program(target: str, step: str, load: str, compare: str) -> bytes:
    p1, low, high = TARGETS[target]
    op, start, end = STEPS[step]
    start = eval(start, {}, {"low": low, "high": high}) & 0xFF
    end = {"low": low, "high": high}[end]
    source = PROGRAM.format(p1=p1, start=start, end=end, step=op, load=LOADS[load],
                            compare=COMPARES[compare].format(end=end))
    return assemble_text(source, "fill.asm").image(1024, fill=0x00)


def digest(m) -> str:
    cpu = m.cpu
    h = hashlib.sha256()
    for part in (m.screen.tobytes(), m.audio.tobytes(), bytes(m.iram), bytes(m.xram), m.vdc_registers,
                 str((m.cycles, cpu.pc, cpu.a, cpu.psw, cpu.timer, cpu.prescaler, cpu.timer_flag,
                      cpu.tirq_pending, cpu.in_irq)).encode()):
        h.update(part)
    return h.hexdigest()


def frames(bios: bytes, skip: bool, region: str):
    m = Odyssey2(cart=bytes(2048), bios=bios, charset=bytes(range(256)) * 2, region=region)
    m.skip_idle = skip
    out, passes, interrupts = [], set(), set()
    for _ in range(FRAMES):
        m.run_frames(1)
        out.append(digest(m))
        passes.add(int(m.iram[5]))
        interrupts.add(int(m.iram[0x1E]))
    return out, m, passes, interrupts


def assert_runs_exactly(bios: bytes, region: str):
    """The program gives the same frames with idle skipping on and off, and its fills, its timer
    interrupt and its /INT's all ran."""
    fast, m, passes, interrupts = frames(bios, True, region)
    stepped, _, _, _ = frames(bios, False, region)
    first = next((k for k, (a, b) in enumerate(zip(fast, stepped)) if a != b), None)
    assert first is None, f"frame {first + 1} differs"
    assert len(passes) > 10           # the fills ran, pass after pass (R5 counts them)
    assert m.iram[4] > 0              # the timer interrupt came (R4)
    assert len(interrupts) > 10       # and /INT's, frame after frame (bank 1 R6 counts them)


@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("compare", sorted(COMPARES))
@pytest.mark.parametrize("load", sorted(LOADS))
@pytest.mark.parametrize("step", sorted(STEPS))
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_fill_loops_run_exactly(target, step, load, compare, region):
    bios = program(target, step, load, compare)
    assert_runs_exactly(bios, region)
