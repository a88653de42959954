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

