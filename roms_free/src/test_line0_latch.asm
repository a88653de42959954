; test_line0_latch.asm - the beam latched by an A0 write that clears the strobe, swept over line
; 0's start. MAME applies a picture change made by an instruction begun before the cycle in which
; line 0 starts from line 0's column 0 (test_line0_change), but latches A4/A5 where the write
; lands (tests/conformance/DIFFERENCES.md).
; Blue background. Every frame, interrupts off, synchronised on /INT (JNI) and the status read:
; A0 = strobe (A4/A5 follow the beam) in VBLANK; then, after 213 x 2 + 2 x (frame / 2 mod 4 + 1)
; + (1 - frame mod 2) cycles, A0 = 00h (the beam latched), landing within about 150 half-clocks of
; line 0's start; A5 and A4 read back and stored at external RAM (frame mod 32) x 2 and
; (frame mod 32) x 2 + 1.

        cpu     8048
        include "hardware.inc"
        include "bios.inc"

BLUE            equ     BG_BLUE

        org     CART_RESET
        jmp     start

        org     410h
        include "screen_start.inc"
        include "frame_sync.inc"
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE      ; A4/A5 follow the beam
        movx    @r0,a
        mov     r7,#213
coarse:
        djnz    r7,coarse
        mov     a,r6
        jb0     odd
        nop
odd:
        rr      a
        anl     a,#03h
        inc     a
        mov     r7,a
fine:
        djnz    r7,fine
        clr     a
        movx    @r0,a                   ; strobe cleared: the beam latched
        mov     r0,#VDC_BEAM_X
        movx    a,@r0
        mov     r4,a
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r3,a
        call    select_ram
        mov     a,r6
        anl     a,#1Fh
        rl      a
        mov     r1,a
        mov     a,r4
        movx    @r1,a
        inc     r1
        mov     a,r3
        movx    @r1,a
        call    select_vdc
        jmp     wait

        org     500h
        include "testlib.inc"
screen:
        db      VDC_COLOUR, BLUE
        db      END_OF_TABLE
