; test_service_rewrite.asm - the sound service request after a burst of writes to the sound
; shift register near the shift clock. A write holds off the next shift clock; in MAME the held-off
; shift comes at the next line's clock, and the 24 clocks toward the request count from the first
; shift clock after the last write that no shift has followed (tests/conformance/DIFFERENCES.md):
; a second write on the line after a held-off clock, followed by the postponed shift, does not
; restart the count (random program 910119); writes on every line up to a clock do.
; Fast rate (a shift every 4 lines), volume 0, the sound interrupt enabled (A0 bit 2), A4/A5
; following the beam, interrupts off. Each pass: a wait of 3 x (pass mod 32 + 1) cycles, then,
; by pass mod 3, 2 writes to A9 16 cycles apart, 7 writes 24 cycles apart (about a line) or 13
; writes 8 cycles apart; then /INT is polled (JNI) until the status shows the request, and A5,
; A4 and the status go to external RAM (2 x pass, 2 x pass + 1 and 40h + pass, mod 32).

        include "cart.inc"              ; the CPU, the names, the reset vector

STATUS_LOG      equ     40h

        org     410h
start:
        dis     i
        SHOW    screen                  ; the tone and A0 below
        mov     r6,#0                   ; passes
        mov     r2,#0                   ; pass mod 3
pass:
        inc     r6
        mov     a,r6
        anl     a,#1Fh
        inc     a
        mov     r7,a
drift:
        nop
        djnz    r7,drift                ; 3 x (pass mod 32 + 1) cycles
        mov     a,r2
        add     a,#low(bursts)
        movp    a,@a
        mov     r5,a                    ; writes
        mov     a,r2
        add     a,#low(gaps)
        movp    a,@a
        mov     r3,a                    ; 6 + 2 x r3 cycles from write to write
        mov     r0,#VDC_SOUND_LO
burst:
        movx    @r0,a                   ; A9: holds off the next shift clock
        mov     a,r3
        mov     r4,a
gap:
        djnz    r4,gap
        djnz    r5,burst
request:
        jni     interrupted
        jmp     request
interrupted:
        READ_BEAM r1, r7
        mov     r0,#VDC_STATUS          ; releases /INT
        movx    a,@r0
        jb2     requested
        jmp     request                 ; VBLANK
requested:
        call    select_ram
        mov     r4,a
        mov     a,r6
        anl     a,#1Fh
        add     a,#STATUS_LOG
        mov     r0,a
        mov     a,r4
        movx    @r0,a
        mov     a,r6
        rl      a
        anl     a,#3Eh
        mov     r0,a
        mov     a,r1
        movx    @r0,a
        inc     r0
        mov     a,r7
        movx    @r0,a
        call    select_vdc
        inc     r2
        mov     a,r2
        xrl     a,#3
        jnz     pass
        mov     r2,a
        jmp     pass
bursts:                                 ; MOVP reads this page
        db      2, 7, 13
gaps:
        db      5, 9, 1

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND_HI, 01h, VDC_SOUND_MID, 23h, VDC_SOUND_LO, 45h
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST
        db      VDC_CONTROL, VDC_CTRL_SOUND_IRQ | VDC_CTRL_STROBE
        db      END_OF_TABLE
