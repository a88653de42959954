; choose.asm - choosing the console's side and level with C, and its mark on the screen (bank 3,
; 800h-BFFh, after the modes). The console's play itself is computer.asm, in bank 1.

; C: the console plays the side being entered, at level 1; each further C a level up; after level 3
; a player again. Only one side is the console's: choosing it for the other side moves it there.
entry_computer:
        mov     r0,#side
        mov     a,@r0
        inc     a
        mov     r2,a                    ; 1 red, 2 blue
; choose_computer: C for side R2 (the practice war's C: blue).
choose_computer:
        mov     r0,#computer
        mov     r1,#level
        mov     a,@r0
        xrl     a,r2
        jnz     computer_new
        mov     a,@r1
        inc     a
        mov     @r1,a
        add     a,#(-4) & 0FFh
        jnc     computer_chosen
        mov     @r0,#0                  ; after level 3: a player
        mov     @r1,#0
        jmp     computer_chosen
computer_new:
        mov     a,r2
        mov     @r0,a
        mov     @r1,#1
computer_chosen:
        lcall   click
        ret

; put_mark: slot 11 (R0, from text.asm's hide_text) shows the console's mark, its level's digit in
; cyan on its side of the bar, or a blank (R4 = 0). The VDC is selected. Ends in bank 3's 400h-7FFh.
MARK_RED_X      equ     RED_ARROW_X + 10h
MARK_BLUE_X     equ     BLUE_ARROW_X - 10h
put_mark:
        mov     r1,#computer
        mov     a,@r1
        jz      put_mark_none
        mov     r3,#MARK_RED_X
        dec     a
        jz      put_mark_x
        mov     r3,#MARK_BLUE_X
put_mark_x:
        mov     r4,#BAR_Y
        mov     r5,#COL_CYAN
        mov     r1,#level
        mov     a,@r1
        sel     mb0
        jmp     put_char
put_mark_none:
        sel     mb0
        jmp     put_space
