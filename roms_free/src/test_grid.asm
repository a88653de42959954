; test_grid.asm - the grid: 9x9 horizontal segments (C0-C8, 9th row in D0-D8 bit 0), 10x8
; vertical segments (E0-E9), the dot grid, wide vertical lines, grid luminance (HARDWARE.md §3,
; Horton's tests 30-38). The segment registers hold one fixed pattern; the control register
; changes every 32 frames, phase = (BIOS frame count / 32) mod 4:
;   phase 0  A0 = grid                  A3 = grid colour 4 (red), dim
;   phase 1  A0 = grid + dots           A3 = grid colour 4, luminous (bit 6)
;   phase 2  A0 = grid + wide           A3 = grid colour 4, dim
;   phase 3  A0 = grid + dots + wide    A3 = grid colour 4, luminous
; Background black; no objects. Segment patterns (bit n = row n):
;   C0-C8 = FF 55 AA 0F F0 81 18 3C C3, D0-D8 = 1 0 1 0 1 0 1 0 1, E0-E9 = FF 01 02 04 08 10 20 40 80 FF

        include "cart.inc"              ; the CPU, the names, the reset vector

GRID_RED        equ     04h             ; grid field: 1 blue, 2 green, 4 red

        org     410h
start:
        SHOW    segments
every_frame:
        call    BIOS_WAIT_VBLANK
        mov     r1,#BIOS_FRAMES
        mov     a,@r1
        swap    a                       ; frames / 32 mod 4
        rr      a
        anl     a,#03h
        mov     r7,a
        add     a,#low(control_by_phase)
        movp    a,@a
        mov     r0,#VDC_CONTROL
        movx    @r0,a                   ; still selected: write_table did, wait_vblank keeps P1
        mov     a,r7
        add     a,#low(colour_by_phase)
        movp    a,@a
        mov     r0,#VDC_COLOUR
        movx    @r0,a
        jmp     every_frame
control_by_phase:
        db      VDC_CTRL_GRID, VDC_CTRL_GRID | VDC_CTRL_DOTS
        db      VDC_CTRL_GRID | VDC_CTRL_WIDE, VDC_CTRL_GRID | VDC_CTRL_DOTS | VDC_CTRL_WIDE
colour_by_phase:
        db      BG_BLACK | GRID_RED, BG_BLACK | GRID_RED | COLOUR_GRID_LUM
        db      BG_BLACK | GRID_RED, BG_BLACK | GRID_RED | COLOUR_GRID_LUM

        org     500h
        include "testlib.inc"
segments:
        db      0C0h, 0FFh, 0C1h, 55h, 0C2h, 0AAh, 0C3h, 0Fh, 0C4h, 0F0h
        db      0C5h, 81h, 0C6h, 18h, 0C7h, 3Ch, 0C8h, 0C3h
        db      0D0h, 1, 0D1h, 0, 0D2h, 1, 0D3h, 0, 0D4h, 1, 0D5h, 0, 0D6h, 1, 0D7h, 0, 0D8h, 1
        db      0E0h, 0FFh, 0E1h, 01h, 0E2h, 02h, 0E3h, 04h, 0E4h, 08h
        db      0E5h, 10h, 0E6h, 20h, 0E7h, 40h, 0E8h, 80h, 0E9h, 0FFh
        db      END_OF_TABLE
