; result.asm - after a battle: fireworks at the winner's flag, a white flag on the loser's side
; (show_bar draws the flags), both flags white in a tie. SPACE halts the fireworks and returns to
; the entry with each side's remaining energy kept: the war goes on with new weapons; typing a
; digit there starts a new number (a new war). In a practice war the winner's tally goes up and
; SPACE leads to the next battle, or, after the tenth win, the war is won.

FIREWORK_Y_TOP  equ     BAR_Y - 30h     ; bursts right above the winner's flag (lines 94h-B3h, the
                                        ; sprites' 16 lines reaching down to the flag)

go_result:
        mov     r0,#mode
        mov     @r0,#MODE_RESULT
        mov     r1,#practice
        lcall   xram_read
        jnz     result_practice
        jmp     result_sound
result_practice:
        mov     r0,#winner              ; practice: the winner's tally
        mov     a,@r0
        xrl     a,#WINNER_TIE
        jnz     result_tally
        jmp     result_sound
result_tally:
        mov     a,@r0
        add     a,#tally_red - WINNER_RED
        mov     r1,a
        mov     a,@r1
        add     a,#1
        da      a
        mov     @r1,a
result_sound:
        lcall   scan_keys               ; no key is read in a battle: one held now is not a press
        mov     r0,#last_key
        mov     @r0,a
        mov     r2,#0FFh                ; a boom: noise
        mov     r3,#SND_ON | SOUND_NOISE | 15
        mov     r4,#30
        lcall   play_sound
        ret
result_frame:
        mov     r0,#frames
        mov     a,@r0
        anl     a,#0Fh
        jnz     result_keys
        lcall   crackle                 ; a burst of fireworks every 16 ticks (4/15 s)
result_keys:
        call    space_pressed
        jnz     result_done
        lcall   click
        mov     r0,#winner
        mov     a,@r0
        jz      result_done
        mov     r1,#practice
        lcall   xram_read
        jnz     result_practice_next
        jmp     go_entry                ; a war at the table: the next battle's entry
result_practice_next:
        mov     r0,#tally_red           ; practice: ten wins end the war
        mov     a,@r0
        xrl     a,#PRACTICE_WINS
        jz      practice_won
        mov     r0,#tally_blue
        mov     a,@r0
        xrl     a,#PRACTICE_WINS
        jz      practice_won
        jmp     practice_next
practice_won:
        mov     r0,#winner              ; the war is won: the WAR GAME screen with the final tally
        mov     @r0,#WINNER_NONE
        mov     r0,#mode
        mov     @r0,#MODE_WARGAME
        mov     r1,#wargame_step
        mov     a,#WARGAME_WON
        lcall   xram_write
        ret
result_done:
        ret

; fireworks_draw: sprites 0-3 burst at the winner's flag, right above it (manual: "a fireworks display
; at that player's flag"; a tie has none),
; new shapes and colours every 4 ticks (1/15 s).
fireworks_draw:
        mov     r0,#winner
        mov     a,@r0
        mov     r3,#RED_FLAG_X - 4
        xrl     a,#WINNER_RED
        jz      fireworks_place
        mov     a,@r0
        mov     r3,#BLUE_FLAG_X - 4
        xrl     a,#WINNER_BLUE
        jz      fireworks_place
        lcall   hide_sprites            ; a tie: no fireworks
        ret
fireworks_place:
        mov     r0,#frames
        mov     a,@r0
        anl     a,#03h
        jnz     fireworks_done
        mov     r6,#4
fireworks_sprite:
        mov     a,r6                    ; sprite R6 - 1: registers at (R6 - 1) x 4
        dec     a
        mov     r2,a
        rl      a
        rl      a
        mov     r1,a
        lcall   random                  ; Y: just over the flag
        anl     a,#1Fh
        add     a,#FIREWORK_Y_TOP
        call    fw_write
        lcall   random                  ; X: around it (16 units: a flag and its edges)
        anl     a,#0Fh
        add     a,r3
        call    fw_write
        lcall   random                  ; colour
        anl     a,#38h
        call    fw_write
        mov     a,r2                    ; the shape: 8 random rows
        rl      a
        rl      a
        rl      a
        add     a,#VDC_SHAPE0
        mov     r1,a
        mov     r4,#8
fireworks_row:
        lcall   random
        call    fw_write
        djnz    r4,fireworks_row
        djnz    r6,fireworks_sprite
fireworks_done:
        ret
fw_write:
        movx    @r1,a
        inc     r1
        ret
