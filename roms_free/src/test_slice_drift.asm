; test_slice_drift.asm - where MAME puts a bus access that ends a hair below one half of a
; half-clock. MAME runs its 8048 in timeslices (up to each HBLANK start and a few other events);
; inside a slice its cycle lasts 1.5 millionths longer than the cycle count gives, so an access
; n cycles into a slice lands n x 3.0e-5 half-clocks later (PAL n x 2.4e-5). Against the VDC
; the CPU loses 2.8e-5 half-clocks a cycle (PAL 2.5e-5), so once every 6 frames (PAL 5) the
; accesses end just below one half for a line or so: MAME rounds those that are far enough into
; their slice to the next half-clock, the others down (tests/conformance/DIFFERENCES.md).
; A free-running loop, interrupts off, never reading the status: the background changes between
; blue and green by MOVX to A3 and P17 goes low and high again, every 10 cycles through every
; line of every frame. Each colour edge on the screen shows where one access landed.

        include "cart.inc"              ; the CPU, the names, the reset vector

BLUE            equ     BG_BLUE | COLOUR_GRID
GREEN           equ     BG_GREEN | COLOUR_GRID

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r0,#VDC_COLOUR
        mov     a,#BLUE
loop:
        movx    @r0,a                   ; the background, blue or green
        xrl     a,#BLUE ^ GREEN
        anl     p1,#P1_VDC_BRIGHT       ; P17 low: bright
        orl     p1,#P1_LUM_N            ; P17 high: dim
        jmp     loop

        org     500h
        include "testlib.inc"
screen:
        db      VDC_COLOUR, BLUE
        db      VDC_CONTROL, VDC_CTRL_GRID
        db      END_OF_TABLE
