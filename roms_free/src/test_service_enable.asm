; test_service_enable.asm - the sound service request's interrupt enable (A0 bit 2) written by a
; MOVX swept over HBLANK's start on the line where a request falls due, one cycle later each
; frame: first turned on (passes 0-31), then off (passes 32-63). MAME gates the request in the
; event that clocks the sound, which runs after the instruction in whose last cycle it falls: a
; write begun before that cycle turns the request on or off there although it lands after
; HBLANK's start (tests/conformance/DIFFERENCES.md). Each pass (interrupts off, fast rate):
; - A0 = strobe + sound interrupt; wait for Y = 08h on A4; write A9 (the count restarts); poll
;   /INT until the status shows the request: its line L (A4);
; - passes 0-31 turn the interrupt off (A0 = strobe); wait for Y = L + 5Eh on A4 (the next
;   request is due on line L + 60h, 24 shift clocks after L), then for HBLANK (T1), then two
;   lines and k cycles (k = pass mod 32); write A0: strobe + sound interrupt (passes 0-31), strobe
;   alone (32-63);
; - poll /INT; read A1 and A4 (the request's line, or VBLANK's): stored at external RAM 2 x pass
;   and 2 x pass + 1.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r5,#0                   ; the pass: bit 5 = turning the interrupt off
pass:
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        movx    @r0,a
        WAIT_LINE 08h
        mov     r0,#VDC_SOUND_LO
        mov     a,#55h
        movx    @r0,a                   ; the service count restarts
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; a request pending from before: cleared
first_request:
        jni     first_interrupt
        jmp     first_request
first_interrupt:
        mov     r0,#VDC_STATUS
        movx    a,@r0
        jb2     first_line              ; else VBLANK: wait on
        jmp     first_request
first_line:
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        add     a,#5Dh                  ; read on line L + 1: Y = L + 94 shows from the end of
                                        ; line L + 93
        mov     r4,a
        mov     a,r5
        jb5     wait_due                ; turning it off: leave it on until then
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE
        movx    @r0,a
wait_due:
        mov     r0,#VDC_BEAM_Y
wait_line:
        movx    a,@r0
        xrl     a,r4
        jnz     wait_line
sync:   jnt1    sync                    ; HBLANK's start two lines before the request's
        DELAY_K 0Fh, 1Fh, 5             ; two lines and k cycles (k = pass mod 32)
        mov     a,r5
        mov     r0,#VDC_CONTROL
        jb5     turn_off
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        movx    @r0,a                   ; swept over HBLANK's start
        jmp     wait_interrupt
turn_off:
        mov     a,#VDC_CTRL_STROBE
        movx    @r0,a                   ; swept over HBLANK's start
wait_interrupt:
        jni     interrupt
        jmp     wait_interrupt
interrupt:
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r6,a
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r7,a
        call    select_ram
        mov     a,r5
        add     a,r5
        PUT_PAIR
        NEXT_PASS 64
        jmp     pass

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST
        db      END_OF_TABLE
