; test_status_event.asm - a status read (A1) swept over the VBLANK interrupt's rise (line 242,
; x 365), one cycle later each frame. MAME latches VBLANK in a scheduler event that runs between
; its CPU timeslices, at the first instruction boundary at or after the event's cycle: a MOVX
; whose last cycle holds the event reads the status without bit 3, although it lands after the
; event, and the bit (with /INT) stays set for the next read (tests/conformance/DIFFERENCES.md).
; Each frame: wait for Y = 241 on A4 (the beam followed), read A1 (clear), wait k cycles
; (k = 0-31, one more each frame), read A1 twice, store both reads at external RAM (k x 2) and
; (k x 2 + 1). Interrupts off.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        BEAM_START
        mov     r5,#0                   ; k
pass:
        WAIT_LINE 0F1h                  ; line 241
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; clear the status
        DELAY_K 7Fh                     ; k cycles (k = the pass)
        movx    a,@r0                   ; the reads swept over VBLANK's rise
        mov     r6,a
        movx    a,@r0
        mov     r7,a
        PAIR_AT_2K
        NEXT_PASS 32
        jmp     pass

        org     500h
        include "testlib.inc"
