; playfields.asm - the ground of a battle (fields.inc): drawn once when it starts, and asked what is
; at a cell. Land is the green background; water a cell filled by a wide vertical grid segment;
; woods a tree, mountains a pyramid, land mines an X.


; cell_of: R2 = column, R3 = row of the point X A (units), Y R3 (lines), inside the field; carry
; set when the point is outside it.
cell_of:
        add     a,#(-FIELD_X0) & 0FFh
        jnc     cell_outside
        mov     r2,a
        add     a,#(-FIELD_COLS * 16) & 0FFh
        jc      cell_outside
        mov     a,r2
        swap    a
        anl     a,#0Fh
        mov     r2,a                    ; column
        mov     a,r3
        add     a,#(-FIELD_Y0) & 0FFh
        jnc     cell_outside
        mov     r3,#0
cell_row:
        add     a,#(-24) & 0FFh
        jnc     cell_found
        inc     r3
        jmp     cell_row
cell_found:
        mov     a,r3
        add     a,#(-FIELD_ROWS) & 0FFh ; carry: row 7 or below, outside
        ret
cell_outside:
        clr     c
        cpl     c
        ret

; terrain_at: A = TERRAIN_* at column R2, row R3 (a feature first: a tree on water is an island).
; Takes R0, R4, R6, R7.
terrain_at:
        call    select_ram_b0
        call    field_entry
        mov     r4,a                    ; the field's table
        mov     r6,#3                   ; three single features
        add     a,#5
        mov     r0,a
terrain_single:
        mov     a,r0
        inc     r0
        inc     r0
        call    feature_here            ; A = the feature's type if it covers (R2, R3), else 0
        jnz     terrain_found
        djnz    r6,terrain_single
        mov     a,r4                    ; the quad: four cells in a row
        add     a,#11
        call    quad_here
        jnz     terrain_found
        mov     a,r2                    ; water: column c or its mirror 8 - c
        call    half_column
        add     a,r4
        call    field_byte
        mov     r6,a
        mov     a,r3
        inc     a
        mov     r7,a
terrain_water_bit:
        mov     a,r6
        rrc     a
        mov     r6,a
        djnz    r7,terrain_water_bit
        mov     a,#TERRAIN_WATER
        jc      terrain_found
        clr     a
terrain_found:
        ret

; feature_here: the single feature at table offset A: its type if it stands at (R2, R3) or at the
; mirrored column, else 0.
feature_here:
        mov     r1,a
        call    field_byte              ; type (R1 = its address)
        jz      feature_none
        inc     r1
        movx    a,@r1                   ; column << 4 | row
        xrl     a,r3
        anl     a,#0Fh
        jnz     feature_none            ; another row (the quick test first)
        mov     a,r2                    ; (half_column takes R7: nothing kept there)
        call    half_column
        swap    a
        mov     r7,a                    ; the folded column << 4
        movx    a,@r1
        xrl     a,r7                    ; high nibble 0: the column matches
        xrl     a,r3                    ; low nibble 0: the row matches
        jnz     feature_none
        dec     r1
        movx    a,@r1                   ; the type
        ret
feature_none:
        clr     a
        ret

; quad_here: the row of four at table offset A: its type if (R2, R3) is one of its cells (columns
; c0 to c0 + 3) or of the mirrored row, else 0.
quad_here:
        mov     r1,a
        call    field_byte
        jz      feature_none
        mov     r7,a
        mov     a,r1
        inc     a
        call    field_byte
        mov     r1,a
        anl     a,#0Fh
        xrl     a,r3
        jnz     feature_none
        mov     a,r1
        swap    a
        anl     a,#0Fh
        cpl     a
        inc     a
        mov     r1,a                    ; -c0
        mov     a,r2
        add     a,r1
        add     a,#(-4) & 0FFh
        jnc     quad_yes                ; column - c0 in 0-3
        mov     a,r2
        cpl     a
        add     a,#FIELD_COLS           ; 8 - column
        add     a,r1
        add     a,#(-4) & 0FFh
        jnc     playfields_over1
        jmp     feature_none
playfields_over1:
quad_yes:
        mov     a,r7
        ret

; ---- the weapons and shots on the screen (combat_draw), and the combat sound effects
SPRITE_HIDDEN   equ     0F8h

draw_battle:
        call    select_vdc_b0
        mov     r5,#0
        call    draw_side
        mov     r5,#1
        call    draw_side
        mov     r1,#sound_request       ; an effect asked for last frame
        call    xram_read_b0
        jnz     draw_sound
        jmp     draw_done
draw_sound:
        mov     r2,a
        rl      a
        add     a,r2                    ; three bytes an effect
        mov     r2,a
        clr     a
        movx    @r1,a
        call    select_vdc_b0
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
        call    side_block
        mov     a,r1
        add     a,#SIDE_SHOWN
        mov     r1,a
        movx    a,@r1
        mov     r6,a                    ; shown?
        mov     a,r1
        add     a,#SIDE_KIND - SIDE_SHOWN
        mov     r1,a
        movx    a,@r1
        mov     r7,a                    ; kind
        call    select_vdc_b0
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
        call    side_block              ; its shapes are written once (VBLANK time is short)
        mov     a,r1
        add     a,#SIDE_SHAPES
        mov     r1,a
        movx    a,@r1
        jz      draw_shapes_now
        call    select_vdc_b0
        jmp     draw_shot_place
draw_shapes_now:
        mov     a,#1
        movx    @r1,a
        call    select_vdc_b0
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
        mov     r2,#low(shot_shape)
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
        call    random_b0
        movx    @r1,a
        inc     r1
        djnz    r6,draw_blast_row
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
        call    select_ram_b0
        movx    a,@r1
        jz      draw_no_shot
        inc     r1
        movx    a,@r1
        mov     r3,a
        inc     r1
        movx    a,@r1
        call    select_vdc_b0
        movx    @r0,a                   ; Y
        inc     r0
        mov     a,r3
        movx    @r0,a                   ; X
        inc     r0
        mov     a,#COL_WHITE << SPRITE_COLOUR_SHIFT
        movx    @r0,a
        ret
draw_no_shot:
        call    select_vdc_b0
        mov     a,#SPRITE_HIDDEN        ; Y and X both off the picture
        movx    @r0,a
        inc     r0
        movx    @r0,a
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
shot_shape:
        db      00h, 00h, 18h, 3Ch, 3Ch, 18h, 00h, 00h
