; test_quads.asm - the 4 quads: 4 characters 16 pixels apart at the quad's Y/X, the height rule
; taken from the 4th character, the Y/X mirrors (HARDWARE.md §3, Horton's tests 54-71).
;   quad  Y/X written at     Y    X    characters                    shows
;    0    every character    20h  10h  Q U A D, white                 7 rows each
;    1    every character    40h  10h  4 blocks, green; 4th +3        all four stop after 4 rows
;    2    every character    60h  10h  4 blocks, yellow; 1st +3       7 rows: the 1st runs on into
;                                                                     the next code (30h, "10")
;    3    the 4th only (4Ch) 80h  10h  1 2 3 4 in red green yellow blue  placed by the mirror

        include "still.inc"             ; shows the table below: `scene`
        db      VDC_COLOUR, BG_BLACK
        QUAD_AT_ALL 0, 10h, 20h
        QUAD_CHAR 0, 0, 18h, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 1, 15h, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 2, 20h, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 3, 1Ah, 20h, COL_WHITE, 0
        QUAD_AT_ALL 1, 10h, 40h
        QUAD_CHAR 1, 0, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 1, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 2, 2Fh, 40h, COL_GREEN, 0
        QUAD_CHAR 1, 3, 2Fh, 40h, COL_GREEN, 3
        QUAD_AT_ALL 2, 10h, 60h
        QUAD_CHAR 2, 0, 2Fh, 60h, COL_YELLOW, 3
        QUAD_CHAR 2, 1, 2Fh, 60h, COL_YELLOW, 0
        QUAD_CHAR 2, 2, 2Fh, 60h, COL_YELLOW, 0
        QUAD_CHAR 2, 3, 2Fh, 60h, COL_YELLOW, 0
        QUAD_AT   3, 3, 10h, 80h
        QUAD_CHAR 3, 0, 01h, 80h, COL_RED, 0
        QUAD_CHAR 3, 1, 02h, 80h, COL_GREEN, 0
        QUAD_CHAR 3, 2, 03h, 80h, COL_YELLOW, 0
        QUAD_CHAR 3, 3, 04h, 80h, COL_BLUE, 0
        db      VDC_CONTROL, VDC_CTRL_OBJECTS
        db      END_OF_TABLE
