; test_holdoff_ram.asm - the sound shift clock held off by writes to A7-A9, measured through the
; service request's line stored in external RAM. Each pass (interrupts off, the sound on at the
; fast rate, A0 bit 2 set): wait for Y = 20h on A4; write A9 24 times, one every 9 + 2k cycles
; (k = pass mod 32: from several writes a shift clock to one every few), each a write before a
; due clock (postponed, in MAME) or not; then poll /INT until the status shows the request, and
; store the status and its line (A4) at external RAM 2 x k and 2 x k + 1, and the lines the
; burst took (A4 at its end) at internal RAM 20h + k.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r5,#0                   ; the pass
pass:
        WAIT_LINE 20h
        mov     r0,#VDC_SOUND_LO
        mov     r4,#24
        mov     a,r5
        anl     a,#1Fh
        inc     a
        mov     r3,a                    ; k + 1
burst:
        mov     a,r4
        movx    @r0,a                   ; A9 rewritten
        mov     a,r3
        mov     r2,a
hold:   djnz    r2,hold
        djnz    r4,burst
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r7,a
        IRAM_AT_K r7
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; a request or VBLANK pending from before: cleared
wait_request:
        jni     interrupt
        jmp     wait_request
interrupt:
        movx    a,@r0
        jb2     request
        jmp     wait_request            ; VBLANK: wait on
request:
        mov     r6,a
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r7,a
        PAIR_AT_2K 1Fh
        inc     r5
        jmp     pass

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST | 08h
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        db      END_OF_TABLE
