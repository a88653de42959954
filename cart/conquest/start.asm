; start.asm - a battle's start (bank 0, 400h-7E5h): both weapons at their start cells, facing each
; other, the sonar's first count. The game (bank 3) calls combat_start through bankcall.inc, which
; clears both bank bits; it returns straight to bank 3. (It was bank 2's; it stands here to leave
; the battle's frame work its room.)

        helpers bx

combat_start:
        call    select_ram_bx
        clr     a
        mov     r1,#sound_request
        movx    @r1,a
        mov     r1,#sonar_shows
        movx    @r1,a
        mov     r0,#fps
        mov     a,@r0
        rl      a                       ; the first ding after 2 s, then every 3 s
        mov     r1,#sonar
        movx    @r1,a
        mov     r0,#BOTH_IN
        mov     @r0,#1
        mov     r5,#0
        call    start_side
        mov     r5,#1
; start_side: side R5 at its start cell (red on the left, blue mirrored), facing the other side.
start_side:
        call    start_block              ; R1 = the side's block
        mov     a,r5
        add     a,#red_weapon
        mov     r0,a
        mov     a,@r0
        mov     r0,a
        call    kind_of_code_bx
        movx    @r1,a                   ; SIDE_KIND
        mov     r6,a
        inc     r1
        clr     a
        movx    @r1,a                   ; SIDE_MOVE
        inc     r1
        movx    @r1,a                   ; SIDE_DRAIN
        inc     r1
        mov     a,#0FFh
        movx    @r1,a                   ; SIDE_TARGET
        inc     r1
        inc     r1
        inc     r1
        clr     a
        movx    @r1,a                   ; SIDE_BOOM
        inc     r1
        cpl     a
        movx    @r1,a                   ; SIDE_FIRE_WAS: a button held at the start does not fire
        inc     r1
        inc     r1
        clr     a
        movx    @r1,a                   ; SIDE_SHAPES
        mov     a,r1
        add     a,#SIDE_SHOT_BOOM - SIDE_SHAPES
        mov     r1,a
        clr     a
        movx    @r1,a                   ; SIDE_SHOT_BOOM
        mov     a,r5                    ; shot off
        mov     r1,a
        rl      a
        add     a,r1
        mov     r1,a
        clr     a
        movx    @r1,a
        mov     a,r5
        add     a,#red_alive
        mov     r0,a
        mov     @r0,#1
        mov     a,r5
        add     a,#red_submerged
        mov     r0,a
        mov     @r0,#0
        mov     a,r5                    ; heading: red right (2), blue left (6)
        rl      a
        rl      a
        add     a,#2
        mov     r2,a
        mov     a,r5
        add     a,#red_heading
        mov     r0,a
        mov     a,r2
        mov     @r0,a
        call    start_field             ; the start cell of this kind: entry 13 + kind
        add     a,#FIELD_STARTS
        add     a,r6
        call    start_byte
        mov     r2,a                    ; column << 4 | row
        swap    a
        anl     a,#0Fh
        call    mirror_column_bx
        swap    a                       ; x 16
        add     a,#FIELD_X0 + 4
        mov     r3,a
        mov     a,r2
        anl     a,#0Fh
        call    row_line_bx
        add     a,#4
        mov     r4,a
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,r3
        mov     @r0,a
        inc     r0
        mov     a,r4
        mov     @r0,a
        ret


; start_block: R1 = side R5's block in external RAM; the RAM is selected.
start_block:
        mov     a,r5
        swap    a
        add     a,#side_red
        mov     r1,a
        jmp     select_ram_bx

; start_field: A = the playfield's copy in external RAM; start_byte: A = the byte at external A.
start_field:
        mov     a,#field_copy
        ret
start_byte:
        mov     r1,a
        movx    a,@r1
        ret

        include "ground.asm"
        align   100h                    ; (room to spare: draw.asm's jumps stay in their pages)
        include "draw.asm"
