; terrain.asm - the ground of a battle, in bank 1 (800h-BFFh): the playfield is chosen by the pairing
; and copied to external RAM for the battle code in bank 0 (playfields.asm asks it what is where), and
; drawn once when the battle starts: land is the green background, water a cell filled by a wide
; vertical grid segment, woods a tree, mountains a pyramid, land mines an X.

COLOUR_FIELD    equ     BG_GREEN | 03h | COLOUR_GRID_LUM    ; green land, cyan water (blue is a side)
SLOT_FEATURES   equ     VDC_CHAR0 + 5 * OBJ_SIZE            ; six single features, slots 5-10
SLOT_UNUSED     equ     VDC_CHAR0 + 11 * OBJ_SIZE
QUAD_FEATURES   equ     VDC_QUAD0 + 2 * QUAD_SIZE           ; quads 2 (left) and 3 (mirrored)

; battle_setup: the playfield of this pairing copied to field_copy, to be drawn at the next frame.
battle_setup:
        mov     r1,#red_weapon
        lcall   weapon_kind_b1
        mov     r6,a
        rl      a
        add     a,r6                    ; red's kind x 3
        mov     r2,a
        mov     r1,#blue_weapon
        lcall   weapon_kind_b1
        add     a,r2
        add     a,#low(field_of_pairing)
        lcall   rom_byte
        mov     r1,#battle_field
        lcall   xram_write
        mov     r1,#terrain_drawn
        clr     a
        movx    @r1,a
        call    field_rom
        mov     r6,a
        mov     r1,#field_copy
        mov     r7,#FIELD_SIZE
battle_setup_copy:
        mov     a,r6
        lcall   rom_byte
        movx    @r1,a
        inc     r1
        inc     r6
        djnz    r7,battle_setup_copy
        ret

; field_rom: A = offset in this page of the playfield's table.
field_rom:
        mov     r1,#battle_field
        lcall   xram_read
        swap    a                       ; x 16
        add     a,#low(fields)
        ret

; draw_terrain: the field's colours, water, features and rows, once (combat_draw, VDC selected).
draw_terrain:
        mov     r1,#terrain_drawn
        lcall   xram_read
        jz      draw_terrain_now
        ret
draw_terrain_now:
        mov     a,#1
        movx    @r1,a
        lcall   select_vdc
        mov     r0,#SLOT_ARROW          ; the entry's arrow goes
        mov     r4,#0
        lcall   put_space
        lcall   select_vdc
        mov     r0,#VDC_COLOUR
        mov     a,#COLOUR_FIELD
        movx    @r0,a
        call    field_rom
        lcall   select_vdc              ; (field_rom read external RAM)
        mov     r4,a
        mov     r0,#VDC_GRID_V          ; water: columns 0-8, mirrored
        mov     r6,#0
draw_water:
        mov     a,r6
        lcall   half_column_b1
        add     a,r4
        lcall   rom_byte
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
        mov     a,r4                    ; the single features, each with its mirror
        add     a,#5
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
        jnz     draw_single
        mov     r4,#0                   ; slot 11: not drawn
        lcall   put_space
        call    field_rom               ; the row of four and its mirror
        lcall   select_vdc
        add     a,#11
        mov     r6,a
        mov     r0,#QUAD_FEATURES
        mov     r5,#0
        call    quad_from_table
        call    field_rom
        lcall   select_vdc
        add     a,#11
        mov     r6,a
        mov     r0,#QUAD_FEATURES + QUAD_SIZE
        mov     r5,#1
quad_from_table:
        call    read_feature
        mov     a,r2
        jnz     quad_shown
        mov     r4,#0                   ; Y 0, four blanks: not drawn (PAL shows line 0)
        mov     r6,#4
        lcall   put_spaces
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
        lcall   put_glyph
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
        lcall   put_space
        ret
place_shown:
        call    feature_look
        lcall   put_char

; read_feature: R2 = type, R1 = column << 4 | row, from table offset R6.
        ret
read_feature:
        mov     a,r6
        lcall   rom_byte
        mov     r2,a
        mov     a,r6
        inc     a
        lcall   rom_byte
        mov     r1,a
        ret

; feature_look: feature R2 at cell R1, side R5 (1: mirrored): A = its character, R3 = X (centred in
; its column), R4 = Y, R5 = colour. A mountain shows the pyramid's left half, its mirror the right.
feature_look:
        mov     a,r1
        swap    a
        anl     a,#0Fh
        lcall   mirror_column_b1
        swap    a
        add     a,#FIELD_X0 + 4
        mov     r3,a
        mov     a,r1
        anl     a,#0Fh
        lcall   row_line_b1
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

