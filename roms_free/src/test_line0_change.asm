; test_line0_change.asm - a picture change landing at the very start of line 0.
; Blue background, grid on. Every frame, interrupts off, synchronised on /INT (JNI) and the
; status read, P17 goes low (bright) in VBLANK; about 20 lines later, after a delay of
; 208 x 2 + 2 x (frame / 2 mod 16 + 1) + (1 - frame mod 2) cycles, the picture changes once more:
; frames 1-31 P17 back high (dim, ORL P1), frames 32-63 A3 = green background by MOVX (P17 then
; high again). The changes land on line 0 from before its start to about column 350.
; MAME draws nothing of line 0 before its half-clock 21: a change landing at columns 3-19 of line
; 0 shows from column 0, one at 22 or later from its own column (ours drew columns 0 to the
; change with the old picture). External RAM 00h = frames.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
BLUE            equ     BG_BLUE | COLOUR_GRID
GREEN           equ     BG_GREEN | COLOUR_GRID

        org     410h
start:
        dis     i
        SHOW    screen
        include "frame_sync.inc"
        mov     r0,#VDC_COLOUR
        mov     a,#BLUE
        movx    @r0,a
        anl     p1,#P1_VDC_BRIGHT       ; bright, in VBLANK
        mov     a,r6
        anl     a,#20h
        mov     r5,a                    ; 0: P17 this frame, else A3
        mov     r7,#208
coarse:
        djnz    r7,coarse
        mov     a,r6
        jb0     odd
        nop
odd:
        rr      a
        anl     a,#0Fh
        inc     a
        mov     r7,a
fine:
        djnz    r7,fine
        mov     a,r5
        jnz     colour
        orl     p1,#P1_LUM_N            ; dim
        jmp     done
colour:
        mov     a,#GREEN
        movx    @r0,a
done:
        orl     p1,#P1_LUM_N            ; dim, if not yet
        PUT_COUNT r6
        jmp     wait

        org     500h
        include "testlib.inc"
screen:
        db      VDC_COLOUR, BLUE
        db      VDC_CONTROL, VDC_CTRL_GRID
        db      END_OF_TABLE
