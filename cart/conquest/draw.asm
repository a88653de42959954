; draw.asm - the weapons and shots on the screen and the battle's sound effects (bank 0): combat_draw
; in each frame's VBLANK writes. The game (bank 3) reaches it through bankcall.inc, which clears both
; bank bits, so it runs here with this bank's helpers.

BOOM_HIDDEN_LAST equ    4               ; frames (of a second's explosion)

combat_draw:                            ; A nonzero: the ground was drawn this frame (the picture
        mov     r1,#terrain_drawn       ; stays off): the weapons' shapes then too, out of sight
        call    xram_read_bx
        jz      draw_first
        call    draw_battle
        call    select_vdc_bx           ; (show writes the readouts next)
        clr     a
        ret
draw_first:
        call    draw_terrain
        call    draw_battle
        mov     a,#1
        ret
SPRITE_HIDDEN   equ     0F8h

draw_battle:
        call    select_vdc_bx
        mov     r5,#0
        call    draw_side
        mov     r5,#1
        call    draw_side
        mov     r1,#sound_request       ; an effect asked for last frame
        call    xram_read_bx
        jnz     draw_sound
        jmp     draw_done
draw_sound:
        mov     r2,a
        rl      a
        add     a,r2                    ; three bytes an effect
        mov     r2,a
        clr     a
        movx    @r1,a
        call    select_vdc_bx
        mov     a,r2
        add     a,#low(effects) - 3
        mov     r2,a
        call    look_byte
        mov     r0,#VDC_SOUND_HI
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r2
        mov     a,r2
        call    look_byte
        mov     r0,#VDC_SOUND
        movx    @r0,a
        inc     r2
        mov     a,r2
        call    look_byte
        mov     r0,#sound_left
        mov     @r0,a
draw_done:
        ret

; draw_side: side R5's weapon (sprite R5) and shot (sprite 2 + R5).
draw_side:
        mov     a,r5                    ; (the block and the RAM's select written out: VBLANK is short)
        swap    a
        add     a,#side_red + SIDE_SHOWN
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        movx    a,@r1
        mov     r6,a                    ; shown?
        mov     a,r5
        add     a,#red_alive
        mov     r0,a
        mov     a,@r0
        jnz     draw_side_kind
        mov     a,r1                    ; destroyed: the explosion's last frames are not drawn, so
        add     a,#SIDE_BOOM - SIDE_SHOWN       ; the result starts with it gone a moment already
        mov     r1,a
        movx    a,@r1
        add     a,#(-BOOM_HIDDEN_LAST) & 0FFh
        jc      draw_side_kind
        mov     r6,#0
draw_side_kind:
        mov     a,r5                    ; (the block written out)
        swap    a
        add     a,#side_red + SIDE_KIND
        mov     r1,a
        movx    a,@r1
        mov     r7,a                    ; kind
        call    select_vdc_bx
        mov     a,r5
        rl      a
        rl      a
        mov     r0,a                    ; sprite R5's registers
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r1,a
        mov     a,r6
        jz      draw_hidden
        inc     r1
        mov     a,@r1
        movx    @r0,a                   ; Y
        inc     r0
        dec     r1
        mov     a,@r1
        movx    @r0,a                   ; X
        inc     r0
        mov     a,r5                    ; colour: red or blue
        jz      draw_red
        mov     a,#COL_BLUE << SPRITE_COLOUR_SHIFT
        jmp     draw_colour
draw_red:
        mov     a,#COL_RED << SPRITE_COLOUR_SHIFT
draw_colour:
        movx    @r0,a
        jmp     draw_shape
draw_hidden:
        mov     a,#SPRITE_HIDDEN        ; Y and X both off the picture
        movx    @r0,a
        inc     r0
        movx    @r0,a
draw_shape:
        mov     a,r5                    ; the shape of its kind, or an explosion
        rl      a
        rl      a
        rl      a
        add     a,#VDC_SHAPE0
        mov     r0,a
        mov     a,r5
        add     a,#red_alive
        mov     r1,a
        mov     a,@r1
        jz      draw_blast
        call    start_block              ; its shapes are written once (VBLANK time is short)
        mov     a,r1
        add     a,#SIDE_SHAPES
        mov     r1,a
        movx    a,@r1
        jz      draw_shapes_now
        call    select_vdc_bx
        jmp     draw_shot_place
draw_shapes_now:
        mov     a,#1
        movx    @r1,a
        call    select_vdc_bx
        mov     a,r7
        rl      a
        rl      a
        rl      a
        add     a,#low(shapes)
        mov     r2,a
        mov     r6,#8
draw_row:
        mov     a,r2
        call    look_byte
        movx    @r0,a
        inc     r0
        inc     r2
        djnz    r6,draw_row
        mov     a,r5                    ; and the shot's: sprite 2 + R5
        add     a,#2
        rl      a
        rl      a
        rl      a
        add     a,#VDC_SHAPE0
        mov     r0,a
        mov     r6,#8
        mov     a,r7                    ; its kind's shot: a shell, a missile, a bullet
        rl      a
        rl      a
        rl      a
        add     a,#low(shot_shapes)
        mov     r2,a
draw_row_shot:
        mov     a,r2
        call    look_byte
        movx    @r0,a
        inc     r0
        inc     r2
        djnz    r6,draw_row_shot
        jmp     draw_shot_place
draw_blast:
        mov     a,r0                    ; (random takes R0: R1 points meanwhile)
        mov     r1,a
        mov     r6,#8
draw_blast_row:
        call    random_bx
        movx    @r1,a
        inc     r1
        djnz    r6,draw_blast_row
        align   100h                    ; (room to spare: the jumps below stay in one page)
draw_shot_place:
        mov     a,r5                    ; sprite 2 + R5: the shot, where it flies
        add     a,#2
        rl      a
        rl      a
        mov     r0,a
        mov     a,r5
        mov     r1,a
        rl      a
        add     a,r1
        mov     r1,a                    ; red_shot_state + 3 x R5
        call    select_ram_bx
        movx    a,@r1
        jz      draw_no_shot
        inc     r1
        movx    a,@r1
        mov     r3,a
        inc     r1
        movx    a,@r1
        call    select_vdc_bx
        movx    @r0,a                   ; Y
        inc     r0
        mov     a,r3
        movx    @r0,a                   ; X
        inc     r0
        mov     a,#COL_WHITE << SPRITE_COLOUR_SHIFT
        movx    @r0,a
        ret
draw_no_shot:                           ; none in flight: its explosion where it ended, or nothing
        mov     a,r1
        mov     r3,a
        mov     a,r5                    ; (the block written out: VBLANK time is short)
        swap    a
        add     a,#side_red + SIDE_SHOT_BOOM
        mov     r1,a
        movx    a,@r1
        jz      draw_shot_hidden_vdc
        mov     r1,#BOTH_IN             ; a weapon down: its own explosion shows, no shot's (so the
        mov     a,@r1                   ; result starts without one frozen on the screen)
        jnz     draw_boom
draw_shot_hidden_vdc:
        call    select_vdc_bx
        mov     a,#SPRITE_HIDDEN        ; Y and X both off the picture
        movx    @r0,a
        inc     r0
        movx    @r0,a
        ret
draw_boom:
        mov     a,r3
        mov     r1,a
        inc     r1
        movx    a,@r1
        mov     r3,a                    ; where it ended
        inc     r1
        movx    a,@r1
        mov     r4,a
        call    select_vdc_bx
        mov     a,r4                    ; the blast's 8 x 8 around the point (8 units, 16 lines)
        add     a,#(-8) & 0FFh
        movx    @r0,a                   ; Y
        inc     r0
        mov     a,r3
        add     a,#(-4) & 0FFh
        movx    @r0,a                   ; X
        inc     r0
        mov     a,#COL_YELLOW << SPRITE_COLOUR_SHIFT
        movx    @r0,a
        mov     a,r5                    ; its shape: a new blast each frame
        add     a,#2
        rl      a
        rl      a
        rl      a
        add     a,#VDC_SHAPE0
        mov     r1,a
        mov     r6,#8
draw_boom_row:
        call    random_bx
        anl     a,#7Eh                  ; (a ragged ball: the corners' pixels off)
        movx    @r1,a
        inc     r1
        djnz    r6,draw_boom_row
        ret

look_byte:
        movp    a,@a
        ret
effects:                                ; pattern, control, frames
        db      0CCh, SOUND_ENABLE | SOUND_FAST | 12, 6                 ; fire
        db      0FFh, SOUND_ENABLE | SOUND_NOISE | 15, 40               ; boom
        db      0F0h, SOUND_ENABLE | SOUND_FAST | 14, 10                ; sonar ding
        db      0F0h, SOUND_ENABLE | 5, 4                               ; motion: a low rumble
shapes:                                 ; bit 0 = leftmost pixel
        db      18h, 18h, 7Eh, 0FFh, 0FFh, 7Eh, 66h, 00h                ; tank
        db      00h, 08h, 08h, 3Eh, 7Fh, 0FFh, 7Eh, 00h                 ; sub
        db      08h, 18h, 18h, 0FFh, 0FFh, 18h, 3Ch, 00h                ; jet
shot_shapes:                            ; the shots of each kind, drawn from their point (X, Y)
        db      00h, 00h, 18h, 3Ch, 3Ch, 18h, 00h, 00h                  ; shell: a round
        db      18h, 3Ch, 7Eh, 18h, 18h, 3Ch, 24h, 00h                  ; missile: nose, body, fins
        db      00h, 00h, 00h, 18h, 18h, 00h, 00h, 00h                  ; bullet: a small dot
