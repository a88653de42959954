"""Idle loops built on a conditional jump (cpu8048.h, "Idle loops": a jump on a flag, A, T0 or /INT
to itself, or not taken and followed by a JMP back) are skipped exactly: for every such jump, in
both forms, a program whose interrupts (VBLANK and the timer) change the tested condition now and
then gives the same screen, audio, RAM, registers and cycle count after every frame with idle
skipping on and off."""
import pytest

from cart.asm.assembler import assemble_text
from machine.fastpath_program import GRID_ON, VECTORS
from emu.odyssey2 import Odyssey2
from machine.test_fast_paths import frame_digest

FRAMES = 90

# The jump, and how the program sets its condition up: the VBLANK routine complements A and F1
# (RETR gives back CY and F0, so for JC/JNC/JF0 the main code flips them when the loop ends).
JUMPS = {"jb0": "", "jb1": "", "jb2": "", "jb3": "", "jb4": "", "jb5": "", "jb6": "", "jb7": "",
         "jz": "", "jnz": "", "jc": "cpl c", "jnc": "cpl c", "jf0": "cpl f0", "jf1": "",
         "jt0": "", "jnt0": "", "jni": ""}

PROGRAM = VECTORS + """start:
""" + GRID_ON + """        mov     a,#{a:03X}h
        mov     t,a
        strt    t
        en      tcnti
        {enable}
{loop}
out:    inc     r5
        {flip}
        {release}
        jmp     head
vblank: sel     rb1
        mov     r7,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        inc     r6
        mov     a,r7
        cpl     a
        cpl     f1
        retr
timer:  inc     r4
        retr
"""

NOT_TAKEN = """head:   {jump}     out
        jmp     head"""
TAKEN_TO_ITSELF = """head:   {jump}     head
        jmp     out"""


def program(jump: str, form: str, a: int) -> bytes:
    jni = jump == "jni"            # /INT must stay up for JNI to see it: no interrupt routine, and
    source = PROGRAM.format(       # the loop's exit reads the status to release it
        a=a, enable="dis i" if jni else "en i", flip=JUMPS[jump],
        release="mov r0,#0A1h\n        movx a,@r0" if jni else "",
        loop=(NOT_TAKEN if form == "not taken" else TAKEN_TO_ITSELF).format(jump=jump))
    return assemble_text(source, f"{jump}.asm").image(1024, fill=0x00)


def digests(bios: bytes, skip: bool, region: str):
    m = Odyssey2(cart=bytes(2048), bios=bios, charset=bytes(512), region=region)
    m.skip_idle = skip
    out = []
    for _ in range(FRAMES):
        m.run_frames(1)
        out.append(frame_digest(m))
    return out, m


@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("form", ["not taken", "taken to itself"])
@pytest.mark.parametrize("jump", sorted(JUMPS))
def test_idle_loops_on_a_conditional_jump_are_skipped_exactly(jump, form, region):
    for a in (0x00, 0x5A, 0xFF):
        bios = program(jump, form, a)
        skipped, m = digests(bios, True, region)
        stepped, _ = digests(bios, False, region)
        assert skipped == stepped, f"{jump} ({form}), A = {a:#04x}: frames differ"
        if jump == "jni":
            assert m.iram[5] > 0       # the loop saw /INT and left (R5)
        else:
            assert m.iram[0x1E] > 0    # the VBLANK routine ran (bank 1 R6)
