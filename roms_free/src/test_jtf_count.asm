; test_jtf_count.asm - JTF polling the event counter's overflow (STRT CNT: T1, the VDC's HBLANK,
; counted) from a start swept along the line, one cycle later each pass. Each pass (interrupts
; off, the beam followed): wait for Y = 30h on A4, then k cycles (k = pass mod 32); load the
; counter with 100h - n (n = 1-4 edges: pass / 32 mod 4, plus 1), clear the flag, STRT CNT;
; poll JTF (JTF / JMP, 3 cycles a pass) and count the polls; at the overflow read A5 and A4.
; External RAM 2 x k and 2 x k + 1 take A5 and A4, internal RAM 20h + k the polls.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        dis     tcnti
        BEAM_START
        mov     r5,#0                   ; the pass
pass:
        stop    tcnt
        WAIT_LINE 30h
        DELAY_K 0Fh, 1Fh                ; k cycles (k = the pass)
        mov     a,r5                    ; 100h - n
        swap    a
        rr      a
        anl     a,#03h
        cpl     a
        mov     t,a
        jtf     cleared                 ; the flag cleared
cleared:
        strt    cnt
        mov     r3,#0
poll:   inc     r3
        jtf     overflow
        jmp     poll
overflow:
        mov     r0,#VDC_BEAM_X
        movx    a,@r0
        mov     r6,a
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r7,a
        IRAM_AT_K r3
        PAIR_AT_2K 1Fh
        inc     r5
        jmp     pass

        org     500h
        include "testlib.inc"
