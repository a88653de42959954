; test_line0_latch.asm - the beam latched by an A0 write that clears the strobe, swept over line
; 0's start. MAME applies a picture change made by an instruction begun before the cycle in which
; line 0 starts from line 0's column 0 (test_line0_change), but latches A4/A5 where the write
; lands (tests/conformance/DIFFERENCES.md).
; Blue background. First the region: after VBLANK's rise the horizontal status bit comes back on
; line 0 or 1, within 256 polls of 6 cycles in NTSC (20 lines), not in PAL (70 lines). Then every
; frame, interrupts off, synchronised on /INT (JNI) and the status read: A0 = strobe (A4/A5
; follow the beam) in VBLANK; after 211 x 2 + 1 + 2 x (frame / 2 mod 4 + 1) + (1 - frame mod 2)
; cycles (PAL 1320 more), A0 = 00h (the beam latched), landing within about 150 half-clocks of
; line 0's start; A5 and A4 read back and stored at external RAM (frame mod 32) x 2 and
; (frame mod 32) x 2 + 1.

        include "cart.inc"              ; the CPU, the names, the reset vector

BLUE            equ     BG_BLUE

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r0,#VDC_STATUS          ; the region (above)
        movx    a,@r0
vblank: jni     region
        jmp     vblank
region: movx    a,@r0
        mov     r7,#10                  ; past line 242's bit
skip:   djnz    r7,skip
        mov     r5,#0                   ; NTSC
poll:   movx    a,@r0
        jb0     found
        djnz    r7,poll
        mov     r5,#1                   ; PAL
found:
        include "frame_sync.inc"
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE      ; A4/A5 follow the beam
        movx    @r0,a
        mov     r7,#211
coarse:
        djnz    r7,coarse
        nop
        mov     a,r5
        jz      fine_start
        nop
        mov     r7,#0                   ; PAL: its 50 more VBLANK lines (1320 cycles)
pal1:   djnz    r7,pal1
pal2:   djnz    r7,pal2
        mov     r7,#145
pal3:   djnz    r7,pal3
fine_start:
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
