; test_colours.asm - every colour and luminance: the 8 character colours, the 8 sprite colours,
; the 8 backgrounds dim and bright (P17 low), the 8 grid colours dim and luminous (A3 bit 6).
; phase = BIOS frame count / 8 (mod 32); each phase holds for 8 frames:
;   A3 background field = phase & 7, grid field = 7 - (phase & 7), grid luminous if phase & 16
;   P17 = 0 (background and grid bright) if phase & 8
;   sprite n colour = n + 4 * (phase & 1)
; Characters 0-7: the block (2Fh) in colours 0-7 at X = 10h + 10h*n, Y = 20h. Sprites 0-3: solid
; 8x8 squares at X = 10h + 20h*n, Y = 50h. Grid: vertical segment column 0 and horizontal
; column 0, row 4 (E0 = FF, C0 = 10h).

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        SHOW    scene
every_frame:
        call    BIOS_WAIT_VBLANK
        mov     r1,#BIOS_FRAMES
        mov     a,@r1
        rr      a                       ; phase = frames / 8 mod 32
        rr      a
        rr      a
        anl     a,#1Fh
        mov     r7,a
        anl     a,#07h                  ; A3 = background, 7 - it as grid colour, luminance
        mov     r6,a
        rl      a
        rl      a
        rl      a
        mov     r5,a
        mov     a,r6
        cpl     a
        anl     a,#COLOUR_GRID
        orl     a,r5
        mov     r5,a
        mov     a,r7
        jb4     grid_luminous
        mov     a,r5
        jmp     set_colour
grid_luminous:
        mov     a,r5
        orl     a,#COLOUR_GRID_LUM
set_colour:
        mov     r0,#VDC_COLOUR
        movx    @r0,a
        mov     a,r7
        jb3     bright
        orl     p1,#P1_LUM_N
        jmp     sprites
bright:
        anl     p1,#~P1_LUM_N & 0FFh
sprites:
        mov     r0,#VDC_CONTROL         ; objects off while their colours change
        clr     a
        movx    @r0,a
        mov     a,r7                    ; first colour: 4 * (phase & 1)
        anl     a,#01h
        rl      a
        rl      a
        rl      a                       ; colour << SPRITE_COLOUR_SHIFT, starting at 4 or 0
        rl      a
        rl      a
        mov     r5,a
        mov     r0,#VDC_SPRITE0 + SPRITE_ATTR
        mov     r6,#4
sprite_colour:
        mov     a,r5
        movx    @r0,a
        add     a,#1 << SPRITE_COLOUR_SHIFT
        mov     r5,a
        mov     a,r0
        add     a,#OBJ_SIZE
        mov     r0,a
        djnz    r6,sprite_colour
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_OBJECTS | VDC_CTRL_GRID
        movx    @r0,a
        jmp     every_frame

        org     500h
        include "testlib.inc"
        include "objects.inc"
scene:
        CHAR    VDC_CHAR0 + 0 * OBJ_SIZE, 2Fh, 10h, 20h, 0, 0
        CHAR    VDC_CHAR0 + 1 * OBJ_SIZE, 2Fh, 20h, 20h, 1, 0
        CHAR    VDC_CHAR0 + 2 * OBJ_SIZE, 2Fh, 30h, 20h, 2, 0
        CHAR    VDC_CHAR0 + 3 * OBJ_SIZE, 2Fh, 40h, 20h, 3, 0
        CHAR    VDC_CHAR0 + 4 * OBJ_SIZE, 2Fh, 50h, 20h, 4, 0
        CHAR    VDC_CHAR0 + 5 * OBJ_SIZE, 2Fh, 60h, 20h, 5, 0
        CHAR    VDC_CHAR0 + 6 * OBJ_SIZE, 2Fh, 70h, 20h, 6, 0
        CHAR    VDC_CHAR0 + 7 * OBJ_SIZE, 2Fh, 80h, 20h, 7, 0
        SPRITE  0, 10h, 50h, 0
        SPRITE  1, 30h, 50h, 0
        SPRITE  2, 50h, 50h, 0
        SPRITE  3, 70h, 50h, 0
        SHAPE   0, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   1, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   2, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   3, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        db      VDC_GRID_V, 0FFh, VDC_GRID_H, 10h
        db      END_OF_TABLE
