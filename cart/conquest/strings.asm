; strings.asm - put_text and its strings, and the playfield tables: data read with MOVP, so each
; stands in the page of the routine that reads it (main.asm places this file at TABLE_PAGE).

; put_text: characters from this page at R1 (ending with TEXT_END) in slots from R0, X from R3
; (8 units a character, a space skips a place), Y R4, colour R5.
TEXT_END        equ     0FFh
put_text:
        mov     a,r1
        movp    a,@a
        mov     r2,a
        inc     a
        jz      put_text_done
        inc     r1
        mov     a,r2
        xrl     a,#CODE_SPACE
        jz      put_text_skip
        mov     a,r2
        call    put_char
        mov     a,r3
        add     a,#8
        mov     r3,a
        jmp     put_text
put_text_skip:
        mov     a,r3
        add     a,#8
        mov     r3,a
        jmp     put_text
put_text_done:
        ret
        charset odyssey2
text_select:
        db      "SELECT GAME", TEXT_END
text_wargame:
        db      "WAR GAME", TEXT_END
        charset
