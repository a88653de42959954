; External RAM watches follow the chip selects (native/HARDWARE.md §2): only the third
; MOVX reaches the RAM's address 10h.
        cpu 8048
        org 400h
        anl p1,#0afh            ; 400  2   RAM selected (P14 low), copy mode off (P16 low)
        mov r0,#90h             ; 402  2
        mov a,#1                ; 404  2
        movx @r0,a              ; 406  2   90h: the RAM answers only at 00-7Fh
        mov r0,#10h             ; 407  2
        orl p1,#40h             ; 409  2   copy mode: writes go to the VDC only (deselected)
        movx @r0,a              ; 40B  2
        anl p1,#0bfh            ; 40C  2   copy mode off
        movx @r0,a              ; 40E  2   the RAM's 10h
idle:   jmp idle                ; 40F  2
