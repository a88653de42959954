; test_service_enable.asm - A0's sound interrupt enable (bit 2) written swept over HBLANK's start
; of the line where a sound service request comes (fast rate: every 24 shift clocks, 96 lines).
; MAME raises the request in its HBLANK event, after the timeslice that ends at the first
; instruction boundary at or after the event's cycle: an A0 write whose instruction began before
; that cycle comes first, as a write to A7-AA does, so its enable counts for that line's request
; although the write lands after HBLANK's start (tests/conformance/DIFFERENCES.md). Each pass,
; interrupts off: wait for Y = 10h on A4, write A9 (the count restarts), enable the request and
; poll /INT until the status shows it; disable it; wait about 96 lines less 8 cycles, then k
; cycles more (k = 0-7, one more each pass), enable the request (A0 = 06h: swept over the next
; request's HBLANK start) and read A1 a line later: stored at external RAM (pass mod 32). Then
; A0 = 02h and the status read again (cleared).

        cpu     8048
        include "hardware.inc"
        include "bios.inc"

STROBE          equ     VDC_CTRL_STROBE
ENABLED         equ     VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ

        org     CART_RESET
        jmp     start

        org     410h
        include "screen_start.inc"
        mov     r5,#0                   ; passes
pass:
        mov     r0,#VDC_BEAM_Y
wait_line:
        movx    a,@r0
        xrl     a,#10h
        jnz     wait_line
        mov     r0,#VDC_SOUND_LO
        mov     a,#55h
        movx    @r0,a                   ; the count restarts
        mov     r0,#VDC_CONTROL
        mov     a,#ENABLED
        movx    @r0,a
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; a request pending from before: cleared
wait_request:
        jni     interrupt
        jmp     wait_request
interrupt:
        movx    a,@r0
        jb2     request                 ; else VBLANK: wait on
        jmp     wait_request
request:
        mov     r0,#VDC_CONTROL
        mov     a,#STROBE
        movx    @r0,a                   ; disabled
        mov     r3,#4                   ; about 96 lines (the next request) less 8 cycles
outer:  mov     r2,#0
inner:  djnz    r2,inner
        djnz    r3,outer
        mov     r2,#40
rest:   djnz    r2,rest
        mov     a,r5                    ; k cycles: one more when k is odd,
        jb0     odd
        jmp     even
odd:    nop
        jmp     even
even:   mov     a,r5                    ; and 2 x (k / 2 mod 4) more
        rr      a
        anl     a,#03h
        inc     a
        mov     r2,a
delay:  djnz    r2,delay
        mov     r0,#VDC_CONTROL
        mov     a,#ENABLED
        movx    @r0,a                   ; swept over HBLANK's start
        mov     r2,#12
settle: djnz    r2,settle
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r6,a
        mov     r0,#VDC_CONTROL
        mov     a,#STROBE
        movx    @r0,a
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; cleared
        call    select_ram
        mov     a,r5
        anl     a,#1Fh
        mov     r1,a
        mov     a,r6
        movx    @r1,a
        call    select_vdc
        inc     r5
        jmp     pass

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST
        db      VDC_CONTROL, STROBE
        db      END_OF_TABLE
