; test_quads_right.asm - quads placed right of X 83h, the last X the documentation gives them
; (Horton's tests 58-65: unpredictable there). Four quads of solid blocks (code 2Fh), one per X:
;   quad  Y    X     colour
;    0    20h  84h   white
;    1    40h  9Ch   green
;    2    60h  AFh   yellow
;    3    80h  B0h   blue
; The screen shows which are drawn and where the right edge cuts them.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        SHOW    scene
idle:
        jmp     idle

        org     500h
        include "testlib.inc"
        include "objects.inc"
scene:
        db      VDC_COLOUR, BG_BLACK
        QUAD_AT   0, 0, 084h, 20h
        QUAD_AT   0, 1, 084h, 20h
        QUAD_AT   0, 2, 084h, 20h
        QUAD_AT   0, 3, 084h, 20h
        QUAD_CHAR 0, 0, 2Fh, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 1, 2Fh, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 2, 2Fh, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 3, 2Fh, 20h, COL_WHITE, 0
        QUAD_AT   1, 0, 09Ch, 40h
        QUAD_AT   1, 1, 09Ch, 40h
        QUAD_AT   1, 2, 09Ch, 40h
        QUAD_AT   1, 3, 09Ch, 40h
        QUAD_CHAR 1, 0, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 1, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 2, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 3, 2Fh, 40h, COL_GREEN, 0
        QUAD_AT   2, 0, 0AFh, 60h
        QUAD_AT   2, 1, 0AFh, 60h
        QUAD_AT   2, 2, 0AFh, 60h
        QUAD_AT   2, 3, 0AFh, 60h
        QUAD_CHAR 2, 0, 2Fh, 60h, COL_YELLOW, 0
        QUAD_CHAR 2, 1, 2Fh, 60h, COL_YELLOW, 0
        QUAD_CHAR 2, 2, 2Fh, 60h, COL_YELLOW, 0
        QUAD_CHAR 2, 3, 2Fh, 60h, COL_YELLOW, 0
        QUAD_AT   3, 0, 0B0h, 80h
        QUAD_AT   3, 1, 0B0h, 80h
        QUAD_AT   3, 2, 0B0h, 80h
        QUAD_AT   3, 3, 0B0h, 80h
        QUAD_CHAR 3, 0, 2Fh, 80h, COL_BLUE, 0
        QUAD_CHAR 3, 1, 2Fh, 80h, COL_BLUE, 0
        QUAD_CHAR 3, 2, 2Fh, 80h, COL_BLUE, 0
        QUAD_CHAR 3, 3, 2Fh, 80h, COL_BLUE, 0
        db      VDC_CONTROL, VDC_CTRL_OBJECTS
        db      END_OF_TABLE
