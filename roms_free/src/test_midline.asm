; test_midline.asm - mid-line changes of the picture, for both regions: on 16 lines from line 50h
; (one line apart), a run of writes lands along the line, k cycles later each frame (k = frame
; mod 32, the runs drifting over the whole line): the colours (A3), P17 (the luminance), a grid
; column (C4h, the horizontal segments), A0 (objects off, the grid's dots on, then back), a sprite's
; X and a character's X while the objects are off, and a sprite's shape row. Each frame starts
; from the same scene (rewritten in VBLANK). Interrupts off; the beam followed on A4.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        BEAM_START
        mov     r5,#0                   ; k
frame:
        WAIT_LINE 0F4h                  ; VBLANK: the scene again
        mov     a,#low(scene)
        call    write_table
        WAIT_LINE 4Fh
high:   jt1     high                    ; out of line 4Eh's HBLANK (T1 high in HBLANK)
sync:   jnt1    sync                    ; HBLANK's start of line 4Fh
        DELAY_K 0Fh                     ; k cycles (k = the pass)
        mov     r4,#16                  ; 16 lines
        mov     r3,#0
run:
        mov     r0,#VDC_COLOUR          ; 2 + 2 + 2 cycles a write, 23 lines' cycles a run
        mov     a,r3
        movx    @r0,a
        orl     p1,#P1_LUM_N            ; P17 high: dim
        mov     r0,#VDC_GRID_H + 4
        mov     a,r3
        cpl     a
        movx    @r0,a
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_GRID | VDC_CTRL_DOTS
        movx    @r0,a
        mov     r0,#VDC_SPRITE0 + 1     ; the sprite's X while the objects are off
        mov     a,r3
        add     a,#30h
        movx    @r0,a
        mov     r0,#VDC_CHAR0 + 1
        movx    @r0,a
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        movx    @r0,a
        anl     p1,#~P1_LUM_N & 0FFh    ; P17 low: bright
        mov     r0,#VDC_SHAPE0 + 2
        mov     a,r3
        swap    a
        movx    @r0,a
        mov     a,r3
        add     a,#0Bh
        mov     r3,a
        nop
        djnz    r4,run
        NEXT_PASS 32
        jmp     frame

        org     500h
        include "testlib.inc"
scene:
        db      VDC_CONTROL, VDC_CTRL_STROBE
        db      VDC_COLOUR, 1Ah
        db      VDC_SPRITE0 + 0, 4Ch    ; sprite 0 on the lines of the runs
        db      VDC_SPRITE0 + 1, 40h
        db      VDC_SPRITE0 + 2, 10h
        db      VDC_SHAPE0 + 0, 0FFh
        db      VDC_SHAPE0 + 1, 81h
        db      VDC_SHAPE0 + 2, 0A5h
        db      VDC_SHAPE0 + 3, 5Ah
        db      VDC_SHAPE0 + 4, 0C3h
        db      VDC_SHAPE0 + 5, 3Ch
        db      VDC_SHAPE0 + 6, 81h
        db      VDC_SHAPE0 + 7, 0FFh
        db      VDC_CHAR0 + 0, 50h      ; a character too
        db      VDC_CHAR0 + 1, 60h
        db      VDC_CHAR0 + 2, 20h
        db      VDC_CHAR0 + 3, 0Ch
        db      VDC_GRID_H + 2, 0FFh
        db      VDC_GRID_H + 4, 0FFh
        db      VDC_GRID_V + 3, 0FFh
        db      VDC_GRID_V + 6, 0FFh
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        db      END_OF_TABLE
