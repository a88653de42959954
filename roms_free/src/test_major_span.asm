; test_major_span.asm - the major-system overlap bit (A1 bit 7) when objects are shown for only a
; short span of a line. Characters 0 and 1 overlap (X 10h and 11h, Y 20h); each frame, from the
; line where A4 reads 24h, objects are turned on (A0 bit 5) k cycles later (k = 0-31, one more
; each frame) and off again 5 cycles after that; A1 read at A4 = 40h is stored at external RAM k.
; MAME sets the bit when any part of the two characters' overlap lies in the span shown, even
; where the later character began before it; our hardware model when the span holds the later
; character's start (tests/conformance/DIFFERENCES.md). Interrupts off.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r5,#0                   ; k
pass:
        jni     vblank                  ; /INT: VBLANK
        jmp     pass
vblank: mov     r0,#VDC_STATUS
        movx    a,@r0                   ; clear it
        WAIT_LINE 24h
        DELAY_K 7Fh                     ; k cycles (k = the pass)
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_OBJECTS
        movx    @r0,a                   ; objects shown
        mov     a,#VDC_CTRL_STROBE
        nop
        movx    @r0,a                   ; and hidden 5 cycles later
        WAIT_LINE 40h
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r6,a
        STORE_AT_K
        NEXT_PASS 32
        jmp     pass

        org     500h
        include "testlib.inc"
screen:
        db      VDC_CHAR0 + OBJ_Y, 20h
        db      VDC_CHAR0 + OBJ_X, 10h
        db      VDC_CHAR0 + OBJ_SIZE + OBJ_Y, 20h
        db      VDC_CHAR0 + OBJ_SIZE + OBJ_X, 11h
        db      VDC_CONTROL, VDC_CTRL_STROBE
        db      END_OF_TABLE
