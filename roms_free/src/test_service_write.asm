; test_service_write.asm - a write to the sound shift register (A9) swept over HBLANK's start,
; one cycle later each frame, and the line of the next sound service request (24 fast-rate
; shift clocks later: about 96 lines). MAME counts toward the request in the same event as it
; shifts: a write landing between HBLANK's start and the shift clock (one CPU cycle later in
; NTSC) comes before that line's count, which then starts the new count: the request comes 4
; lines earlier than if the count had come first (tests/conformance/DIFFERENCES.md). Each frame:
; wait for Y = 30h on A4, wait k cycles (k = 0-31), write A9, read A1 (clear), poll /INT (interrupts off) until
; the status shows the request, read A4: stored at external RAM k.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r5,#0                   ; k
pass:
        WAIT_LINE 30h
        DELAY_K 7Fh                     ; k cycles (k = the pass)
        mov     r0,#VDC_SOUND_LO
        mov     a,#55h
        movx    @r0,a                   ; the write swept over HBLANK's start
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; a request pending from before: cleared
wait_request:
        jni     interrupt
        jmp     wait_request
interrupt:
        mov     r0,#VDC_STATUS
        movx    a,@r0
        jb2     request                 ; else VBLANK: wait on
        jmp     wait_request
request:
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0                   ; the request's line
        mov     r6,a
        STORE_AT_K
        NEXT_PASS 32
        jmp     pass

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        db      END_OF_TABLE
