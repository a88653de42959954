"""The pieces every program of the fast-path tests begins with (assembled as the BIOS, in
cart/asm's syntax; the tests add their own loops and routines)."""

# The reset, VBLANK and timer vectors, to the program's `start`, `vblank` and `timer`.
VECTORS = """
        org     000h
        jmp     start
        org     003h
        jmp     vblank
        org     007h
        jmp     timer
"""

# P1 with the VDC selected (RAM and keyboard off), and the grid on: something to draw.
GRID_ON = """        mov     a,#097h         ; P1: VDC selected, RAM and keyboard off
        outl    p1,a
        mov     r0,#0A0h        ; grid on: something to draw
        mov     a,#008h
        movx    @r0,a
"""
