; test_collide.asm - the collision register A2 for every object class, and the status bits
; (HARDWARE.md §3; A2 bits: 0-3 sprites 0-3, 4 vertical grid, 5 horizontal grid and dots,
; 6 external video, 7 characters). Overlaps in the scene (beam coordinates, objects at X + 5):
;   sprite 0 (X 10h Y 20h) and sprite 1 (X 14h Y 24h): solid 8x8, overlapping
;   sprite 2 (X 40h Y 20h) and character 0 (block, X 44h Y 24h)
;   sprite 3 (X 70h Y 28h) and the horizontal segment of column 6, row 1 (C6 = 02h, line 30h)
;   character 1 (block, X 88h Y 50h) and the vertical segment of column 8, row 2 (E8 = 04h)
;   characters 2 and 3 (blocks, X 20h/24h Y 80h) overlap each other
; Interrupts off. Every frame, at VBLANK (/INT polled), the status A1 and then A2 are read and
; the next class is selected by writing its bit to A2; class k = 0-7 (bit 1 << k) is measured
; over one whole frame. External RAM: 00h-07h = A2 read for class k, 08h-0Fh = A1 read with it.
; Internal RAM 20h counts the frames measured.

        include "cart.inc"              ; the CPU, the names, the reset vector

MEASURED        equ     20h
RESULT_STATUS   equ     08h

        org     410h
start:
        dis     i
        SHOW    scene           ; ends with objects and grid on; VDC selected
        mov     r6,#0                   ; class being measured
        mov     r7,#COLL_SPRITE0        ; its bit
        mov     r0,#VDC_STATUS
        movx    a,@r0
        call    sync
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r0,#VDC_COLLISION
        movx    a,@r0                   ; forget what came before
        mov     a,r7
        movx    @r0,a
every_frame:
        call    sync
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r5,a
        mov     r0,#VDC_COLLISION
        movx    a,@r0
        mov     r4,a
        mov     a,r7                    ; select the next class
        rl      a
        mov     r7,a
        movx    @r0,a
        call    select_ram
        mov     a,r6
        mov     r0,a
        mov     a,r4
        movx    @r0,a
        mov     a,r6
        add     a,#RESULT_STATUS
        mov     r0,a
        mov     a,r5
        movx    @r0,a
        call    select_vdc
        mov     a,r6
        inc     a
        anl     a,#07h
        mov     r6,a
        mov     r0,#MEASURED
        inc     @r0
        jmp     every_frame

; sync: waits until /INT is asserted (VBLANK).
sync:
        jni     synced
        jmp     sync
synced:
        ret

        org     500h
        include "testlib.inc"
        include "objects.inc"
scene:
        db      VDC_COLOUR, BG_BLACK | 04h      ; red grid
        SPRITE  0, 10h, 20h, COL_RED << SPRITE_COLOUR_SHIFT
        SPRITE  1, 14h, 24h, COL_GREEN << SPRITE_COLOUR_SHIFT
        SPRITE  2, 40h, 20h, COL_YELLOW << SPRITE_COLOUR_SHIFT
        SPRITE  3, 70h, 28h, COL_BLUE << SPRITE_COLOUR_SHIFT
        SHAPE   0, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   1, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   2, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        SHAPE   3, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        CHAR    VDC_CHAR0 + 0 * OBJ_SIZE, 2Fh, 44h, 24h, COL_WHITE, 0
        CHAR    VDC_CHAR0 + 1 * OBJ_SIZE, 2Fh, 88h, 50h, COL_CYAN, 0
        CHAR    VDC_CHAR0 + 2 * OBJ_SIZE, 2Fh, 20h, 80h, COL_VIOLET, 0
        CHAR    VDC_CHAR0 + 3 * OBJ_SIZE, 2Fh, 24h, 80h, COL_GREY, 0
        db      VDC_GRID_H + 6, 02h
        db      VDC_GRID_V + 8, 04h
        db      VDC_CONTROL, VDC_CTRL_OBJECTS | VDC_CTRL_GRID
        db      END_OF_TABLE
