; terrain.asm - the ground of a battle, in bank 3 (800h-BFFh): the playfield is chosen by the pairing
; and copied to external RAM for the battle code in bank 2 (playfields.asm asks it what is where) and
; for ground.asm in bank 0, which draws it on the battle's first frame: land is the green background,
; water a cell filled by a wide vertical grid segment, woods a tree, mountains a pyramid, mines an X.

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


