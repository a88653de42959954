; test_p17.asm - when a P17 change (background and grid luminance, port 1 bit 7) lands on the
; screen, against a colour register (A3) change by MOVX in the same program.
; Blue background, grid on with every segment set. Every frame, interrupts off, synchronised on
; /INT (JNI) and the status read, then after about 70 lines and a delay of 2 x (frame mod 8)
; cycles (so the changes sweep along the line over 8 frames):
;   line n:      OUTL P1 with P17 low (bright), 5 cycles later ANL P1 back to high (dim)
;   4 lines on:  A3 = green background by MOVX, 5 cycles later back to blue
;   4 lines on:  ORL/ANL P1 and a MOVX in consecutive instructions (P17 low and green), then both
;                back in the same order
; The columns where the colours change show where each write lands. External RAM 00h = frames.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
BLUE            equ     BG_BLUE
GREEN           equ     BG_GREEN

        org     410h
start:
        dis     i
        SHOW    screen
        include "frame_sync.inc"
        COARSE_WAIT 3                   ; 3 x (2 + 512 + 2) cycles: about 68 lines
        mov     a,r6
        anl     a,#7
        inc     a
        mov     r7,a
fine:
        djnz    r7,fine                 ; 2 x (frame mod 8 + 1) cycles
        mov     a,#P1_VDC_BRIGHT
        outl    p1,a                    ; P17 low
        nop
        nop
        nop
        anl     p1,#P1_VDC_DIM          ; P17 high again
        call    four_lines
        mov     r0,#VDC_COLOUR
        mov     a,#GREEN | COLOUR_GRID
        movx    @r0,a
        nop
        nop
        nop
        mov     a,#BLUE | COLOUR_GRID
        movx    @r0,a
        call    four_lines
        mov     a,#GREEN | COLOUR_GRID
        anl     p1,#P1_VDC_BRIGHT
        movx    @r0,a
        mov     a,#BLUE | COLOUR_GRID
        orl     p1,#P1_LUM_N
        movx    @r0,a
        PUT_COUNT r6
        jmp     wait

; four_lines: 91 cycles with the call.
four_lines:
        mov     r7,#42
four_lines_loop:
        djnz    r7,four_lines_loop
        nop
        nop
        nop
        ret

        org     500h
        include "testlib.inc"
screen:
        db      VDC_COLOUR, BLUE | COLOUR_GRID
        db      VDC_GRID_H + 0, 0FFh, VDC_GRID_H + 4, 0FFh, VDC_GRID_H + 8, 0FFh
        db      VDC_GRID_V + 0, 0FFh, VDC_GRID_V + 5, 0FFh, VDC_GRID_V + 9, 0FFh
        db      VDC_CONTROL, VDC_CTRL_GRID
        db      END_OF_TABLE
