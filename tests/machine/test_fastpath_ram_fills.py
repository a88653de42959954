"""Internal RAM filling loops (cpu8048.c run_ram_fill: MOV @Ri,A; DJNZ Rr back, a BIOS clearing
its RAM) run whole iterations at once, and that changes nothing but speed: with idle skipping on
and off, each form of the loop gives the same screen, audio, RAM, registers, timer and cycle count
after every frame - the BIOS's own form (R0 both the pointer and the counter), a pointer held on
one place while another register counts 256 passes, and the same in register bank 1 with the
pointer on the stack and on bank 0's registers - with VBLANK and timer interrupts arriving in
mid-loop and the value stored changing from pass to pass."""
import pytest

from cart.asm.assembler import assemble_text
from machine.fastpath_program import GRID_ON, VECTORS
from machine.test_fastpath_fill_loops import assert_runs_exactly

PROGRAM = VECTORS + """start:
""" + GRID_ON + """        mov     a,#0F0h         ; the timer overflows within the first frame, then every 8192 cycles
        mov     t,a
        strt    t
        en      tcnti
        en      i
main:   inc     r5
        mov     a,r5
        mov     r0,#03Fh
bios:   mov     @r0,a           ; the BIOS's form: R0 points and counts
        djnz    r0,bios
        mov     r0,#{held:03X}h
        mov     r3,#0
held:   mov     @r0,a           ; one place, 256 times
        djnz    r3,held
        sel     rb1
        mov     r1,#00Bh        ; the stack's level 1, free outside an interrupt
        mov     r2,#{bank1_count:03X}h
stack:  mov     @r1,a
        djnz    r2,stack
        mov     r1,#002h        ; bank 0's R2, from bank 1
        mov     r7,#0
regs:   mov     @r1,a
        djnz    r7,regs
        sel     rb0
        jmp     main
vblank: sel     rb1
        mov     r5,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        mov     r0,#01Eh        ; bank 1's R6 counts the frames seen
        inc     @r0
        mov     a,r5
        retr
timer:  inc     r4
        retr
"""

FORMS = {"held on r7": (0x07, 0x80), "held on bank 1": (0x1A, 0x01)}


@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("form", sorted(FORMS))
def test_ram_fill_loops_run_exactly(form, region):
    held, bank1_count = FORMS[form]
    bios = assemble_text(PROGRAM.format(held=held, bank1_count=bank1_count), "ram.asm").image(1024, fill=0x00)
    assert_runs_exactly(bios, region)
