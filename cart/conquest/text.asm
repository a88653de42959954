; text.asm - what every screen shows, written to the VDC once a frame during VBLANK with the objects
; off (their registers take writes only then). The status bar at the bottom is the same on the
; entry, battle, result and WAR GAME screens, so its readouts never move:
;   [red flag] [red weapon] [red energy: 4 digits]      [blue energy: 4 digits] [blue weapon] [blue flag]
; Flags are solid blocks: red on the left, blue on the right, white on a loser's side.
; Characters: 12 single ones (slots 0-11 at 10h + 4n) and 4 quads (40h + 16q, 4 characters 16 pixels
; apart); slots and quads 2-3 not listed below belong to the battles' playfields. A quad's characters
; stand 16 X units apart, so the readouts take the bottom line and flags and letters the one above:
;   [red flag] [red weapon]  (arrow)                         (arrow)  [blue weapon] [blue flag]
;   [red energy: 4 digits]                                   [blue energy: 4 digits]

BAR_Y           equ     0C4h            ; flags, letters and the entry arrow
READOUT_Y       equ     0D6h            ; the readouts
RED_FLAG_X      equ     0Ch             ; X register values (2 pixels a unit, X + 5 from the left edge)
RED_LETTER_X    equ     1Ch
RED_ARROW_X     equ     2Ch
RED_READOUT_X   equ     08h
BLUE_READOUT_X  equ     5Ch
BLUE_ARROW_X    equ     78h
BLUE_LETTER_X   equ     88h
BLUE_FLAG_X     equ     98h
ARROW_Y         equ     BAR_Y           ; entry: the arrow next to the side being entered
TITLE_Y         equ     60h             ; SELECT GAME
WARGAME_Y       equ     30h             ; WAR GAME title
CODE_BLOCK      equ     2Fh
CODE_SPACE      equ     0Ch
CODE_ARROW      equ     36h
SLOT_RED_FLAG   equ     VDC_CHAR0 + 0 * OBJ_SIZE
SLOT_RED_LETTER equ     VDC_CHAR0 + 1 * OBJ_SIZE
SLOT_BLUE_LETTER equ    VDC_CHAR0 + 2 * OBJ_SIZE
SLOT_BLUE_FLAG  equ     VDC_CHAR0 + 3 * OBJ_SIZE
SLOT_ARROW      equ     VDC_CHAR0 + 4 * OBJ_SIZE
SLOT_TEXT       equ     VDC_CHAR0 + 5 * OBJ_SIZE    ; slots 5-11: the WAR GAME title
QUAD_RED        equ     VDC_QUAD0
QUAD_BLUE       equ     VDC_QUAD0 + QUAD_SIZE
QUAD_RED_TALLY  equ     VDC_QUAD0 + 2 * QUAD_SIZE   ; practice war only (battles: the playfield's)
QUAD_BLUE_TALLY equ     VDC_QUAD0 + 3 * QUAD_SIZE
TALLY_Y         equ     80h             ; practice war: battles won, over each side's readout
VDC_OBJECTS_ON  equ     VDC_CTRL_OBJECTS

; show: the frame's VDC writes for the mode. Uses every bank 0 register but R7 only as scratch.
show:
        call    select_vdc
        mov     r0,#VDC_CONTROL
        clr     a
        movx    @r0,a                   ; objects off: their registers take writes
        mov     r0,#mode
        mov     a,@r0
        jnz     show_bar_screens
        call    show_select
        jmp     show_done
show_bar_screens:
        mov     r0,#mode
        mov     a,@r0
        xrl     a,#MODE_COMBAT
        jnz     show_not_combat
        call    combat_draw_far_b1      ; first: a battle's first frame draws its ground only
        jnz     show_off                ; and leaves the picture off (no colour change in sight)
        call    show_readouts           ; in a battle only the energies change: the rest stays
        jmp     show_done
show_not_combat:
        call    show_bar
        mov     r0,#mode
        mov     a,@r0
        xrl     a,#MODE_RESULT
        jnz     show_done
        sel     mb1
        call    fireworks_draw
        sel     mb0
show_done:
        call    select_vdc
        mov     r0,#mode                ; battles and their results show the playfield's grid
        mov     a,@r0
        add     a,#(-MODE_COMBAT) & 0FFh
        mov     a,#VDC_OBJECTS_ON
        jnc     show_control
        mov     a,#VDC_OBJECTS_ON | VDC_CTRL_GRID | VDC_CTRL_WIDE
show_control:
        mov     r0,#VDC_CONTROL
        movx    @r0,a
show_off:
        ret

; show_select: SELECT GAME in the middle, nothing else.
show_select:
        call    hide_playfield          ; after a practice war's last battle
        call    hide_objects
        mov     r0,#VDC_CHAR0
        mov     r1,#low(text_select)
        mov     r3,#2Ch
        mov     r4,#TITLE_Y
        mov     r5,#COL_WHITE
        jmp     put_text

; show_bar: the status bar, the entry arrow and the WAR GAME title.
show_bar:
        mov     r4,#BAR_Y
        mov     r0,#SLOT_RED_FLAG
        mov     r3,#RED_FLAG_X
        mov     r6,#WINNER_BLUE         ; the red flag is white when blue won or in a tie
        call    put_flag
        mov     r0,#SLOT_BLUE_FLAG
        mov     r3,#BLUE_FLAG_X
        mov     r6,#WINNER_RED
        call    put_flag
        mov     r5,#COL_WHITE
        mov     r1,#red_weapon
        mov     r0,#SLOT_RED_LETTER
        mov     r3,#RED_LETTER_X
        call    put_letter
        mov     r1,#blue_weapon
        mov     r0,#SLOT_BLUE_LETTER
        mov     r3,#BLUE_LETTER_X
        call    put_letter
        call    show_readouts
        mov     r0,#SLOT_ARROW          ; the arrow: entry only, over the side being entered
        mov     r3,#RED_ARROW_X
        mov     r1,#side
        mov     a,@r1
        jz      show_arrow_x
        mov     r3,#BLUE_ARROW_X
show_arrow_x:
        mov     r4,#ARROW_Y
        mov     r6,#CODE_ARROW
        mov     r1,#mode
        mov     a,@r1
        xrl     a,#MODE_ENTRY
        jz      show_arrow
        mov     r4,#0                   ; elsewhere a blank (Y 0 is in the picture on PAL)
        mov     r6,#CODE_SPACE
show_arrow:
        mov     r5,#COL_YELLOW
        mov     a,r6
        call    put_char
        mov     r1,#mode                ; battles and results: slots 5-11 are the playfield's
        mov     a,@r1
        add     a,#(-MODE_COMBAT) & 0FFh
        jnc     show_text
        ret
show_text:
        call    hide_playfield
        mov     r1,#mode                ; WAR GAME title in the war game, nothing otherwise
        mov     a,@r1
        xrl     a,#MODE_WARGAME
        jnz     hide_text
        mov     r1,#practice            ; a practice war: the tally of battles won per side instead
        call    xram_read
        call    select_vdc
        jnz     show_tally
        mov     r0,#SLOT_TEXT
        mov     r1,#low(text_wargame)
        mov     r3,#2Ch
        mov     r4,#WARGAME_Y
        mov     r5,#COL_YELLOW
        jmp     put_text
show_tally:
        mov     r4,#TALLY_Y
        mov     r1,#tally_red
        mov     r0,#QUAD_RED_TALLY
        mov     r3,#RED_READOUT_X
        clr     a
        call    draw_pair
        mov     r1,#tally_blue
        mov     r0,#QUAD_BLUE_TALLY
        mov     r3,#BLUE_READOUT_X
        clr     a
        call    draw_pair
hide_text:
        mov     r0,#SLOT_TEXT
        mov     r4,#0
        mov     r6,#6
        call    put_spaces
        sel     mb1
        jmp     put_mark                ; slot 11: the console's mark or a blank (entry.asm)
; put_spaces: R6 blanks at Y R4 from slot R0 on.
put_spaces:
        call    put_space
        djnz    r6,put_spaces
        ret

; hide_playfield: outside battles, once after one (`terrain_drawn` set): the playfield's rows of four
; blank, the background blue again and the sprites gone. (Once: its writes would otherwise delay the
; objects past the WAR GAME title's first lines on NTSC.)
hide_playfield:
        mov     r1,#terrain_drawn
        call    xram_read
        jz      hide_playfield_done
        clr     a
        movx    @r1,a
        call    select_vdc
        mov     r0,#QUAD_RED_TALLY      ; quads 2 and 3: eight blanks
        mov     r4,#0
        mov     r6,#8
        call    put_spaces
        mov     r0,#VDC_COLOUR
        mov     a,#BG_BLUE
        movx    @r0,a
        jmp     hide_sprites
hide_playfield_done:
        jmp     select_vdc              ; (the VDC again for the writes after this)

; show_readouts: both sides' energies (in the war game: the two spinning readouts).
show_readouts:
        mov     r4,#READOUT_Y
        mov     r1,#red_energy
        mov     r0,#QUAD_RED
        mov     r3,#RED_READOUT_X
        call    draw_readout
        mov     r1,#blue_energy
        mov     r0,#QUAD_BLUE
        mov     r3,#BLUE_READOUT_X
        jmp     draw_readout

; vdc_blank: display off and every object, shape and grid register zeroed (at start).
vdc_blank:
        call    select_vdc
        mov     r0,#VDC_CONTROL
        clr     a
        movx    @r0,a
        mov     r0,#0
        mov     r6,#VDC_OBJECTS_END
vdc_blank_objects:
        movx    @r0,a
        inc     r0
        djnz    r6,vdc_blank_objects
        mov     r0,#VDC_GRID_H
        mov     r6,#VDC_GRID_END - VDC_GRID_H
vdc_blank_grid:
        movx    @r0,a
        inc     r0
        djnz    r6,vdc_blank_grid
        mov     r0,#VDC_COLOUR
        mov     a,#BG_BLUE
        movx    @r0,a
        mov     r0,#VDC_SOUND
        clr     a
        movx    @r0,a
        ret

; put_flag: a flag in slot R0 at X R3: the side's colour, white if `winner` = R6 or a tie.
put_flag:
        mov     r5,#COL_RED
        mov     a,r0
        xrl     a,#SLOT_RED_FLAG
        jz      put_flag_colour
        mov     r5,#COL_BLUE
put_flag_colour:
        mov     r1,#winner
        mov     a,@r1
        xrl     a,#WINNER_TIE
        jz      put_flag_white
        mov     a,@r1
        xrl     a,r6
        jnz     put_flag_draw
put_flag_white:
        mov     r5,#COL_WHITE
put_flag_draw:
        mov     a,#CODE_BLOCK
        jmp     put_char

; put_letter: the weapon letter (or ?) at internal R1 in slot R0 at X R3.
put_letter:
        mov     a,@r1
        jmp     put_char

; draw_readout: the 4 BCD digits at internal R1, R1+1 in quad R0 at X R3, Y R4, colour white;
; leading zeros are blank, the units always shown. draw_pair: the same with the high two digits in A
; and the low two at R1 (a tally: A = 0). Takes R2, R3, R5-R7.
draw_readout:
        mov     a,@r1
        inc     r1
draw_pair:
        xch     a,r3
        mov     r2,a
        mov     a,r4
        movx    @r0,a                   ; a quad's Y and X stand for its four characters
        inc     r0
        mov     a,r2
        movx    @r0,a
        inc     r0
        mov     r5,#COL_WHITE
        mov     r6,#1                   ; 1 while only zeros have come
        mov     a,r3
        swap    a
        call    readout_digit
        mov     a,r3
        call    readout_digit
        mov     a,@r1
        swap    a
        call    readout_digit
        mov     r6,#0
        mov     a,@r1
readout_digit:
        anl     a,#0Fh
        jnz     readout_shown
        mov     a,r6
        jz      readout_zero
        mov     a,#CODE_SPACE
        jmp     readout_put
readout_zero:
        clr     a
        jmp     readout_put
readout_shown:
        mov     r6,#0
readout_put:
        call    put_glyph
        inc     r0                      ; past the next character's Y and X
        inc     r0
        ret

; hide_objects: every character and quad a blank at Y 0 (NTSC does not show line 0, PAL does: a
; hidden character must also be blank) and the sprites off screen.
hide_objects:
        mov     r0,#VDC_CHAR0
hide_objects_next:
        clr     a
        movx    @r0,a                   ; Y 0
        inc     r0
        inc     r0
        mov     a,#CODE_SPACE * 8       ; the blank's pointer at Y 0 (put_glyph)
        movx    @r0,a
        inc     r0
        clr     a
        movx    @r0,a                   ; attributes: pointer bit 8 clear
        inc     r0
        mov     a,r0
        xrl     a,#VDC_SHAPE0
        jnz     hide_objects_next
hide_sprites:
        mov     r0,#VDC_SPRITE0
        mov     r6,#4
hide_sprite_next:
        mov     a,#0F8h
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        inc     r0
        inc     r0
        djnz    r6,hide_sprite_next
        ret
