; test_chars.asm - the 12 single characters: the height rule, Y bit 0, the Y < 0Eh limit, the
; last lines, pointer bit 8, the X + 5 offset. Static picture on black (HARDWARE.md §3).
;   char  code       X    Y    colour  pointer      shows
;    0    2Fh block  10h  0Ch  white   code*8-Y/2   nothing: Y < 0Eh is not drawn (NTSC)
;    1    2Fh block  20h  0Eh  white   code*8-Y/2   7 rows from line 0Eh
;    2    1Dh H      10h  20h  yellow  code*8-Y/2   7 rows; first pixel at beam X 15h
;    3    16h I      18h  20h  yellow  code*8-Y/2   right next to the H
;    4    2Fh block  10h  40h  green   +1           6 rows (height 7 - 1)
;    5    2Fh block  20h  40h  green   +6           1 row
;    6    2Fh block  30h  40h  green   -1           8 rows, the first blank (the byte before)
;    7    2Fh block  40h  40h  green   +3           4 rows
;    8    2Fh block  50h  41h  red     (Y/2 = 20h)  as if Y were 40h: Y bit 0 is ignored
;    9    31h ball   10h  60h  cyan    code*8-Y/2   pointer 158h: bit 8 set
;   10    3Dh plane  20h  60h  violet  code*8-Y/2
;   11    2Fh block  60h  0F0h blue    code*8-Y/2   only the rows on lines F0h-F2h

        include "still.inc"             ; shows the table below: `scene`
        db      VDC_COLOUR, BG_BLACK
        CHAR    VDC_CHAR0 + 0 * OBJ_SIZE, 2Fh, 10h, 0Ch, COL_WHITE, 0
        CHAR    VDC_CHAR0 + 1 * OBJ_SIZE, 2Fh, 20h, 0Eh, COL_WHITE, 0
        CHAR    VDC_CHAR0 + 2 * OBJ_SIZE, 1Dh, 10h, 20h, COL_YELLOW, 0
        CHAR    VDC_CHAR0 + 3 * OBJ_SIZE, 16h, 18h, 20h, COL_YELLOW, 0
        CHAR    VDC_CHAR0 + 4 * OBJ_SIZE, 2Fh, 10h, 40h, COL_GREEN, 1
        CHAR    VDC_CHAR0 + 5 * OBJ_SIZE, 2Fh, 20h, 40h, COL_GREEN, 6
        CHAR    VDC_CHAR0 + 6 * OBJ_SIZE, 2Fh, 30h, 40h, COL_GREEN, -1
        CHAR    VDC_CHAR0 + 7 * OBJ_SIZE, 2Fh, 40h, 40h, COL_GREEN, 3
        CHAR    VDC_CHAR0 + 8 * OBJ_SIZE, 2Fh, 50h, 41h, COL_RED, 0
        CHAR    VDC_CHAR0 + 9 * OBJ_SIZE, 31h, 10h, 60h, COL_CYAN, 0
        CHAR    VDC_CHAR0 + 10 * OBJ_SIZE, 3Dh, 20h, 60h, COL_VIOLET, 0
        CHAR    VDC_CHAR0 + 11 * OBJ_SIZE, 2Fh, 60h, 0F0h, COL_BLUE, 0
        db      VDC_CONTROL, VDC_CTRL_OBJECTS
        db      END_OF_TABLE
