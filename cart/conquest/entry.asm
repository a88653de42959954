; entry.asm - SELECT GAME and the combat entry of the manual's "TO BEGIN" (bank 1, 800h-BFFh: every
; call to the routines below 800h goes through lcall). R or B chooses the side being entered, S, P or T
; its weapon (the "?" changes to the letter), digits its energy (up to 9999, shown as typed), CLEAR
; clears that side, ENTER starts the battle once both sides have a weapon and energy above 0.

; ---- SELECT GAME: SPACE for a battle entry, any other key for the WAR GAME ----------------------
go_select:
        mov     r0,#mode
        mov     @r0,#MODE_SELECT
        ret

select_frame:
        mov     a,r7
        xrl     a,#NO_KEY
        jz      select_wait
        lcall   click
        mov     a,r7
        xrl     a,#KEY_SPACE
        jz      go_entry_new
        jmp     go_wargame
select_wait:
        ret

; go_entry_new: a new entry, both sides "?" and no energy.
go_entry_new:
        mov     r0,#red_energy
        mov     @r0,#0
        inc     r0
        mov     @r0,#0
        mov     r0,#blue_energy
        mov     @r0,#0
        inc     r0
        mov     @r0,#0
; go_entry: the entry screen; energies stay until a side types a digit (a new war).
go_entry:
        mov     r0,#mode
        mov     @r0,#MODE_ENTRY
        mov     r0,#side
        mov     @r0,#0
        mov     r0,#red_weapon
        mov     @r0,#WEAPON_NONE
        mov     r0,#blue_weapon
        mov     @r0,#WEAPON_NONE
        mov     r0,#winner
        mov     @r0,#WINNER_NONE
        mov     r0,#fresh
        mov     @r0,#3
        ret

entry_frame:
        mov     a,r7
        xrl     a,#NO_KEY
        jz      entry_done
        mov     a,r7
        add     a,#(-10) & 0FFh
        jnc     entry_digit             ; codes 00-09 are the digits
        mov     a,r7
        xrl     a,#KEY_R
        jz      entry_red
        mov     a,r7
        xrl     a,#KEY_B
        jz      entry_blue
        mov     a,r7
        xrl     a,#WEAPON_SUB
        jz      entry_weapon
        mov     a,r7
        xrl     a,#WEAPON_PLANE
        jz      entry_weapon
        mov     a,r7
        xrl     a,#WEAPON_TANK
        jz      entry_weapon
        mov     a,r7
        xrl     a,#KEY_CLEAR
        jz      entry_clear
        mov     a,r7
        xrl     a,#KEY_ENTER
        jz      entry_enter
        mov     a,r7
        xrl     a,#KEY_C
        jnz     entry_done
        jmp     entry_computer          ; (choose.asm)
entry_done:
        ret

entry_red:
        mov     r0,#side
        mov     @r0,#0
        lcall   click
        ret
entry_blue:
        mov     r0,#side
        mov     @r0,#1
        lcall   click
        ret
entry_weapon:
        mov     r0,#side
        mov     a,@r0
        add     a,#red_weapon
        mov     r1,a
        mov     a,r7
        mov     @r1,a
        lcall   click
        ret
; side_energy: R1 = the entered side's energy (thousands/hundreds byte).
side_energy:
        mov     r0,#side
        mov     a,@r0
        rl      a
        add     a,#red_energy
        mov     r1,a
        ret

entry_clear:
        mov     r0,#side
        mov     a,@r0
        add     a,#red_weapon
        mov     r1,a
        mov     @r1,#WEAPON_NONE
        call    side_energy
        mov     @r1,#0
        inc     r1
        mov     @r1,#0
        lcall   click
        ret
; A digit: the first one after a battle starts a new number (a new war); then each digit moves the
; others one place left, as a calculator does, until four are there.
entry_digit:
        call    side_energy
        mov     r0,#side
        mov     a,@r0
        inc     a                       ; fresh bit of this side: 1 red, 2 blue
        mov     r2,a
        mov     r0,#fresh
        anl     a,@r0
        jz      entry_digit_add
        mov     a,r2
        cpl     a
        anl     a,@r0
        mov     @r0,a
        mov     @r1,#0
        inc     r1
        mov     @r1,#0
        dec     r1
entry_digit_add:
        mov     a,@r1
        anl     a,#0F0h
        jnz     entry_done              ; four digits already
        mov     a,@r1
        swap    a
        anl     a,#0F0h
        mov     r2,a                    ; hundreds -> thousands
        inc     r1
        mov     a,@r1
        swap    a
        mov     r3,a
        anl     a,#0Fh
        orl     a,r2                    ; tens -> hundreds
        dec     r1
        mov     @r1,a
        mov     a,r3
        anl     a,#0F0h                 ; units -> tens
        orl     a,r7                    ; the new units
        inc     r1
        mov     @r1,a
        lcall   click
        ret
entry_enter:
        mov     r0,#red_weapon
        mov     a,@r0
        xrl     a,#WEAPON_NONE
        jz      entry_refused
        mov     r0,#blue_weapon
        mov     a,@r0
        xrl     a,#WEAPON_NONE
        jz      entry_refused
        mov     r0,#red_energy
        mov     a,@r0
        inc     r0
        orl     a,@r0
        jz      entry_refused
        mov     r0,#blue_energy
        mov     a,@r0
        inc     r0
        orl     a,@r0
        jz      entry_refused
        jmp     go_combat
entry_refused:                          ; a low buzz
        mov     r2,#0F0h
        mov     r3,#SND_ON | 12
        mov     r4,#12
        lcall   play_sound
        ret
go_combat:
        call    battle_setup
        mov     r0,#mode
        mov     @r0,#MODE_COMBAT
        mov     r0,#winner
        mov     @r0,#WINNER_NONE
        lcall   combat_start_far_b1
        ret
; combat_over: after each battle frame; a winner (or a tie) ends the battle.
combat_over:
        mov     r0,#winner
        mov     a,@r0
        jz      combat_going
        jmp     go_result
combat_going:
        ret
