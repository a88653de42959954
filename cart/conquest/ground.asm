; ground.asm - the battle's ground drawn once, on its first frame (bank 0, part of combat_draw): the
; colours, water, features and rows from the playfield's copy in external RAM (terrain.asm in bank 3
; chose and copied it). That frame draws nothing else and leaves the picture off (text.asm, show):
; the colour is written first thing in VBLANK, so no colour changes while the beam draws.

; field_read: A = byte A of the playfield's copy; the VDC selected again. Takes R1.
field_read:                             ; (no calls: it runs 7 levels down)
        add     a,#field_copy
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        movx    a,@r1
        orl     p1,#P1_RAM_N | P1_KBD_N
        anl     p1,#P1_VDC
        ret

; draw_terrain: the field's colours (first thing in VBLANK), water, features and rows (combat_draw,
; on the battle's first frame).
draw_terrain:
        mov     r1,#terrain_drawn
        mov     a,#1
        call    xram_write_bx
        call    select_vdc_bx
        mov     r0,#VDC_COLOUR
        mov     a,#COLOUR_FIELD
        movx    @r0,a
        mov     r0,#SLOT_ARROW          ; the entry's arrow goes
        mov     r4,#0
        call    put_space_bx
        mov     r4,#0                   ; (offsets in field_copy)
        mov     r0,#VDC_GRID_V          ; water: columns 0-8, mirrored
        mov     r6,#0
draw_water:
        mov     a,r6
        call    half_column_bx
        add     a,r4
        call    field_read
        movx    @r0,a
        inc     r0
        inc     r6
        mov     a,r6
        xrl     a,#FIELD_COLS
        jz      terrain_over2
        jmp     draw_water
terrain_over2:
        clr     a
        movx    @r0,a                   ; the tenth column stays empty
        mov     a,#5                    ; the single features, each with its mirror
        mov     r6,a
        mov     r0,#SLOT_FEATURES
draw_single:
        mov     r5,#0
        call    place_from_table
        mov     r5,#1
        call    place_from_table
        inc     r6
        inc     r6
        mov     a,r0
        xrl     a,#SLOT_UNUSED
        jnz     draw_single             ; slot 11 keeps the console's mark (computer.asm)
        mov     r6,#11                  ; the row of four and its mirror
        mov     r0,#QUAD_FEATURES
        mov     r5,#0
        call    quad_from_table
        mov     r6,#11
        mov     r0,#QUAD_FEATURES + QUAD_SIZE
        mov     r5,#1
quad_from_table:
        call    read_feature
        mov     a,r2
        jnz     quad_shown
        mov     r4,#0                   ; Y 0, four blanks: not drawn (PAL shows line 0)
        mov     r6,#4
draw_spaces:
        call    put_space_bx
        djnz    r6,draw_spaces
        ret
quad_shown:
        mov     a,r5                    ; mirrored, the row's first cell is the mirror of its last
        jz      quad_look
        mov     a,r1
        add     a,#30h
        mov     r1,a
quad_look:
        call    feature_look            ; A = code, R3 = X, R4 = Y, R5 = colour
        mov     r1,a
        mov     a,r4
        movx    @r0,a                   ; a quad's Y and X stand for its four characters
        inc     r0
        mov     a,r3
        movx    @r0,a
        inc     r0
        mov     r6,#4
quad_glyph:
        mov     a,r1
        call    put_glyph_bx
        inc     r0
        inc     r0
        djnz    r6,quad_glyph
        ret

; place_from_table: the feature at table offset R6 for side R5 in slot R0 (R0 += 4).
place_from_table:
        call    read_feature
        mov     a,r2
        jnz     place_shown
        mov     r4,#0
        call    put_space_bx
        ret
place_shown:
        call    feature_look
        call    put_char_bx

; read_feature: R2 = type, R1 = column << 4 | row, from table offset R6.
        ret
read_feature:
        mov     a,r6
        call    field_read
        mov     r2,a
        mov     a,r6
        inc     a
        call    field_read
        mov     r1,a
        ret

; feature_look: feature R2 at cell R1, side R5 (1: mirrored): A = its character, R3 = X (centred in
; its column), R4 = Y, R5 = colour. A mountain shows the pyramid's left half, its mirror the right.
feature_look:
        mov     a,r1
        swap    a
        anl     a,#0Fh
        call    mirror_column_bx
        swap    a
        add     a,#FIELD_X0 + 4
        mov     r3,a
        mov     a,r1
        anl     a,#0Fh
        call    row_line_bx
        add     a,#5
        mov     r4,a
        mov     a,r2
        add     a,#low(feature_codes) - 1
        call    feature_code
        mov     r7,a
        mov     a,r2
        xrl     a,#TERRAIN_MOUNTAIN
        jnz     feature_colour
        mov     a,r5
        add     a,r7
        mov     r7,a
feature_colour:
        mov     a,r2
        add     a,#low(feature_colours) - 1
        call    feature_code
        mov     r5,a
        mov     a,r7
        ret
feature_code:
        movp    a,@a
        ret
feature_codes:
        db      37h, 38h, 22h           ; tree, pyramid (left half; 39h the right), X
feature_colours:
        db      COL_GREEN, COL_GREY, COL_RED
feature_tables_end:
        if high(feature_code) <> high(feature_tables_end - 1)
        error "ground.asm: the feature tables must share feature_code's page"
        endif
