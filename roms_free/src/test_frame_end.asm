; test_frame_end.asm - the cycle count at frame ends with interrupts, MOVX and instructions of
; every length falling on the frame boundary: the VBLANK interrupt (the BIOS's handler) and the
; timer interrupt (every 61 x 32 cycles, reloaded in its handler) drift over the boundary against
; a main loop of 1- and 2-cycle instructions, MOVX reads of A4 and of the external RAM, CALL/RET
; and a DJNZ wait one pass longer each time (1-8), so that every kind of instruction is cut at
; a frame's end in some frame. The timer handler counts at internal RAM 20h (R1), the main loop
; at 21h.

        include "cart.inc"              ; the CPU, the names, the reset vector

TIMER_RELOAD    equ     0C3h            ; 61 steps of 32 cycles

        org     CART_TIMER
        mov     r7,a                    ; R7 and R1 (20h) are the handler's
        inc     @r1
        mov     a,#TIMER_RELOAD
        mov     t,a
        mov     a,r7
        retr

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected, display off
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE
        movx    @r0,a
        mov     r1,#20h
        mov     @r1,#0
        mov     r0,#21h
        mov     @r0,#0
        mov     a,#TIMER_RELOAD
        mov     t,a
        strt    t
        en      tcnti
        en      i
        mov     r5,#0
main:
        inc     r5                      ; a wait of (R5 mod 8) + 1 DJNZ
        mov     a,r5
        anl     a,#07h
        inc     a
        mov     r2,a
wait:   djnz    r2,wait
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        nop
        call    sub
        orl     p1,#P1_RAM_N | P1_KBD_N ; the external RAM, read
        anl     p1,#~(P1_VDC_N | P1_COPY) & 0FFh
        anl     p1,#~P1_RAM_N & 0FFh
        orl     p1,#P1_VDC_N
        mov     r0,#05h
        movx    a,@r0
        orl     p1,#P1_RAM_N
        anl     p1,#~P1_VDC_N & 0FFh
        add     a,#3
        mov     r0,#21h
        inc     @r0
        jmp     main
sub:    mov     a,r5
        rrc     a
        ret

        org     500h
        include "testlib.inc"
