; test_quads_right.asm - quads placed right of X 83h, the last X the documentation gives them
; (Horton's tests 58-65: unpredictable there). Four quads of solid blocks (code 2Fh), one per X:
;   quad  Y    X     colour
;    0    20h  84h   white
;    1    40h  9Ch   green
;    2    60h  AFh   yellow
;    3    80h  B0h   blue
; The screen shows which are drawn and where the right edge cuts them.

        include "still.inc"             ; shows the table below: `scene`
        db      VDC_COLOUR, BG_BLACK
        QUAD    0, 084h, 20h, 2Fh, COL_WHITE
        QUAD    1, 09Ch, 40h, 2Fh, COL_GREEN
        QUAD    2, 0AFh, 60h, 2Fh, COL_YELLOW
        QUAD    3, 0B0h, 80h, 2Fh, COL_BLUE
        db      VDC_CONTROL, VDC_CTRL_OBJECTS
        db      END_OF_TABLE
