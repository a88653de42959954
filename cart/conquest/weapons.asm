; weapons.asm - what the three weapons share in a battle: each frame, each side's move, fire, shot and
; energy, and the end of the battle. Each weapon's own rules are in its file, in this bank and half
; (800h-BFFh), reached with jmp/call: tank.asm, sub.asm, jet.asm.
; Sprites: 0 red's weapon, 1 blue's, 2 red's shot, 3 blue's. Headings 0-7 clockwise from up.

SCRATCH         equ     1Bh             ; bank 1's R3 and R4, two bytes of scratch (terrain_under)

; ---------------------------------------------------------------- a frame of battle
battle_frame:
        lcall   sonar_frame
        mov     r5,#0
        call    side_frame
        mov     r5,#1
        call    side_frame
        lcall   subs_collide
; The battle ends when every destroyed weapon has finished exploding.
        mov     r0,#red_alive
        mov     a,@r0
        mov     r0,#blue_alive
        anl     a,@r0
        mov     r0,#BOTH_IN
        mov     @r0,a
        jnz     battle_goes_on          ; both still in it
        mov     r5,#0
        call    boom_left
        jnz     battle_goes_on
        mov     r5,#1
        call    boom_left
        jnz     battle_goes_on
        mov     r0,#blue_alive          ; the one still alive (1) wins: red 1, blue 2; none: a tie
        mov     a,@r0
        rl      a
        mov     r0,#red_alive
        orl     a,@r0
        jnz     battle_winner
        mov     a,#WINNER_TIE
battle_winner:
        mov     r0,#winner
        mov     @r0,a
        if (WINNER_RED <> 1) || (WINNER_BLUE <> 2)
        error "weapons.asm: the winner is computed from the alive flags"
        endif
battle_goes_on:
        ret

; boom_left: A = frames of explosion side R5 still has.
boom_left:
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_BOOM
        mov     r1,a
        movx    a,@r1
        ret

; side_frame: one side's move, fire, shot and energy.
side_frame:
        mov     a,r5
        add     a,#red_alive
        mov     r0,a
        mov     a,@r0
        jnz     side_alive
        call    boom_left               ; exploding: count down
        jz      side_shot
        dec     a
        movx    @r1,a
        jmp     side_shot
side_alive:
        call    move_side
        call    side_fire
        call    drain_side
side_shot:
        lcall   side_visibility
        jmp     shot_frame

; destroy: side R5's weapon explodes.
destroy:
        mov     a,r5
        add     a,#red_alive
        mov     r0,a
        mov     a,@r0
        jz      destroy_done
        mov     @r0,#0
        mov     a,r5                    ; (no calls: destroy runs at the stack's deepest point)
        swap    a
        add     a,#side_red + SIDE_BOOM
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        mov     r0,#fps
        mov     a,@r0
        movx    @r1,a                   ; a second of explosion
        mov     r1,#sound_request
        mov     a,#SOUND_BOOM
        movx    @r1,a
destroy_done:
        ret

; ---- moving
; stick_heading: A = the heading side R5's stick points to, 0FFh in the middle (or two opposite ways).
stick_heading:
        mov     a,r5
        add     a,#stick_red
        mov     r0,a
        mov     a,@r0
        anl     a,#0Fh
        add     a,#low(headings)
        jmp     effect_byte

move_side:
        lcall   side_block
        movx    a,@r1                   ; kind
        mov     r6,a
        call    stick_heading
        mov     r2,a                    ; wanted heading
        mov     a,r6
        jnz     not_tank_move
        jmp     move_tank
not_tank_move:
        dec     a
        jnz     not_sub_move
        jmp     move_sub
not_sub_move:
        jmp     move_jet

; heading_of: A = side R5's heading. set_heading: side R5's heading = A (0-7).
heading_of:
        mov     a,r5
        add     a,#red_heading
        mov     r0,a
        mov     a,@r0
        ret
set_heading:
        anl     a,#07h
        mov     r7,a
        call    heading_of              ; R0 = the heading's address
        mov     a,r7
        mov     @r0,a
        ret

; terrain_under: A = TERRAIN_* under the middle of a sprite at X R3, Y R4 (land off the field).
; Keeps R3, R4 and R5 (in bank 1's R3/R4: interrupts are off, nothing else uses that bank); takes
; R0-R2, R6, R7.
terrain_under:
        mov     r0,#SCRATCH
        mov     a,r3
        mov     @r0,a
        inc     r0
        mov     a,r4
        mov     @r0,a
        add     a,#8
        mov     r3,a                    ; the middle's Y
        dec     r0
        mov     a,@r0
        add     a,#4                    ; the middle's X
        lcall   cell_of
        jc      terrain_off_field
        lcall   terrain_at
        jmp     terrain_restore
terrain_off_field:
        clr     a
terrain_restore:
        mov     r2,a
        mov     r0,#SCRATCH
        mov     a,@r0
        mov     r3,a
        inc     r0
        mov     a,@r0
        mov     r4,a
        mov     a,r2
        ret

here_terrain:
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        mov     r3,a
        inc     r0
        mov     a,@r0
        mov     r4,a
        jmp     terrain_under

; side_rate: side R5's counter at SIDE_* offset A adds R3 units a second; carry: a unit is due (a
; second's frames, `fps`, taken off). Every speed, drain and turn rate is counted so, which makes
; NTSC and PAL play the same in seconds. A counter stays below fps; the drains (up to a missile's 200)
; are multiples of 10, so their counter stays at most 40 on NTSC and PAL, and the other rates are at
; most 90: a counter plus a rate never passes 255. Takes R0, R1, R3, R6.
side_rate:
        mov     r6,a                    ; (side_block and select_ram written out: this runs
        mov     a,r5                    ; several times a frame)
        swap    a
        add     a,r6
        add     a,#side_red
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        movx    a,@r1
        add     a,r3
        mov     r3,a
        mov     r0,#fps
        mov     a,@r0
        cpl     a
        inc     a
        add     a,r3
        jc      side_rate_due
        mov     a,r3
side_rate_due:
        movx    @r1,a
        ret

; move_steps: R3 units a second: a step each time they add up to a second's frames.
move_steps:
        mov     a,#SIDE_MOVE
        call    side_rate
        jc      step
        ret
; step: one unit along the heading, if the ground lets the weapon go there.
step:
        call    heading_of
        mov     r2,a
        add     a,#low(step_x)
        call    effect_byte
        mov     r6,a                    ; dX
        mov     a,r2
        add     a,#low(step_y)
        call    effect_byte
        mov     r7,a                    ; dY
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        add     a,r6
        mov     r3,a                    ; new X
        inc     r0
        mov     a,@r0
        add     a,r7
        mov     r4,a                    ; new Y
        lcall   side_block              ; each weapon's ground rules: step_tank, step_sub, step_jet
        movx    a,@r1
        xrl     a,#KIND_PLANE
        jnz     step_in_field
        jmp     step_jet
step_in_field:
        mov     a,r3                    ; tank and sub stay in the field
        add     a,#(-FIELD_X0) & 0FFh
        jnc     step_blocked
        add     a,#(-(X_LAST - FIELD_X0 + 1)) & 0FFh
        jc      step_blocked
        mov     a,r4
        add     a,#(-FIELD_Y0) & 0FFh
        jnc     step_blocked
        add     a,#(-(Y_LAST - FIELD_Y0 + 1)) & 0FFh
        jc      step_blocked
        call    terrain_under           ; at the new place
        mov     r2,a
        lcall   side_block
        movx    a,@r1                   ; kind
        jnz     step_not_tank
        jmp     step_tank
step_not_tank:
        jmp     step_sub
step_blocked:
        ret

; step_go: side R5's weapon is at X R3, Y R4 now (R2 kept).
step_go:
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,r3
        mov     @r0,a
        inc     r0
        mov     a,r4
        mov     @r0,a
        jmp     step_sound

; ---- firing
side_fire:
        mov     a,r5
        add     a,#stick_red
        mov     r0,a
        mov     a,@r0
        anl     a,#JOY_FIRE
        mov     r4,a                    ; fire now
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_FIRE_WAS
        mov     r1,a
        movx    a,@r1
        mov     r3,a                    ; fire before
        mov     a,r4
        movx    @r1,a
        call    shot_of                 ; R1 = shot state, A = it
        mov     r2,a
        mov     a,r4
        jz      fire_up
        mov     a,r3
        jnz     fire_held
        mov     a,r2                    ; pressed now: a new shot if none flies
        jnz     fire_done
        lcall   boom_of                 ; nor explodes (the reload)
        jnz     fire_done
        lcall   side_block
        movx    a,@r1                   ; each weapon's launch (tank_fire, sub_fire, jet_fire)
        jnz     fire_not_tank
        jmp     tank_fire
fire_not_tank:
        dec     a
        jnz     fire_jet
        jmp     sub_fire
fire_jet:
        jmp     jet_fire
fire_held:                              ; held, a shot flying: a missile follows the stick
        mov     a,r2
        jz      fire_done
        jmp     missile_held
fire_up:
        mov     a,r3                    ; let go, a shot flying: a missile explodes
        jz      fire_done
        mov     a,r2
        jz      fire_done
        jmp     missile_let_go
fire_done:
        ret

; shot_forward: side R5 fires a shot of range R6 (steps) the way its weapon heads.
; shot_launch: ... with heading R2. The shot starts from the weapon's middle.
shot_forward:
        call    heading_of
        mov     r2,a
shot_launch:
        call    shot_of
        mov     a,r6
        movx    @r1,a                   ; state = range
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        add     a,#4
        inc     r1
        movx    @r1,a                   ; shot X: the weapon's middle
        inc     r0
        mov     a,@r0
        add     a,#6
        inc     r1
        movx    @r1,a                   ; shot Y
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_SHOT_HEADING
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        inc     r1
        clr     a
        movx    @r1,a                   ; SIDE_SHOT_GONE
        mov     a,#SOUND_FIRE
        lcall   ask_sound
        ret

; shot_of: R1 = side R5's shot state (external RAM, selected), A = the state.
shot_of:
        mov     a,r5
        mov     r1,a
        rl      a
        add     a,r1
        mov     r1,a
        lcall   select_ram_b0
        movx    a,@r1
        ret

; shot_frame: the shot flies SPEED_SHOT steps a second (2 a frame on NTSC, 2 or 3 on PAL) until it
; hits, ends, or its range is spent.
shot_frame:
        call    shot_of                 ; (no shot: its clock waits, its explosion counts down)
        jnz     shot_frame_go
        lcall   shot_boom_count
        ret
shot_frame_go:
        lcall   side_block              ; a missile flies slower than shells and bullets
        movx    a,@r1
        add     a,#low(shot_speeds)
        call    effect_byte
        mov     r3,a
shot_frame_next:
        mov     a,#SIDE_SHOT_CLOCK
        call    side_rate
        jnc     shot_frame_done
        call    shot_step
        mov     r3,#0
        jmp     shot_frame_next
shot_frame_done:
        ret

shot_step:
        call    shot_of
        jnz     shot_flies
        ret
shot_flies:
        dec     a
        movx    @r1,a
        jnz     shot_on
        jmp     shot_end                ; its range is spent
shot_on:
        lcall   side_block              ; direction
        mov     a,r1
        add     a,#SIDE_SHOT_HEADING
        mov     r1,a
        movx    a,@r1
        mov     r2,a
        inc     r1
        movx    a,@r1
        inc     a
        movx    @r1,a                   ; SIDE_SHOT_GONE + 1
        mov     a,r2
        add     a,#low(step_x)
        call    effect_byte
        mov     r6,a
        mov     a,r2
        add     a,#low(step_y)
        call    effect_byte
        mov     r7,a
        call    shot_of
        inc     r1
        movx    a,@r1
        add     a,r6
        movx    @r1,a
        mov     r3,a                    ; X
        inc     r1
        movx    a,@r1
        add     a,r7
        movx    @r1,a
        mov     r4,a                    ; Y
        ; off the field: gone
        mov     a,r3
        add     a,#(-FIELD_X0) & 0FFh
        jnc     shot_off
        add     a,#(-(FIELD_COLS * 16)) & 0FFh
        jc      shot_off
        mov     a,r4
        add     a,#(-FIELD_Y0) & 0FFh
        jnc     shot_off
        add     a,#(-(FIELD_ROWS * 24)) & 0FFh
        jc      shot_off
        lcall   shot_hits               ; on the enemy?
        jnz     shot_done
        call    shot_of                 ; the ground every other step (2 units, 4 lines: no cell
        jb0     shot_done               ; is skipped), which keeps two shots inside a frame
        mov     a,r3                    ; on a tree or a mountain?
        mov     r7,a
        mov     a,r4
        mov     r3,a
        mov     a,r7
        lcall   cell_of
        jc      shot_done
        lcall   terrain_at
        xrl     a,#TERRAIN_WOODS
        jz      shot_tree
        xrl     a,#TERRAIN_WOODS ^ TERRAIN_MOUNTAIN
        jnz     shot_done
        jmp     shot_end                ; a mountain stops everything
shot_tree:
        lcall   side_block
        movx    a,@r1
        jnz     shot_end                ; bullets and missiles end on a tree
        jmp     shell_tree              ; a shell may pass through
shot_done:
        ret
shot_end:
        lcall   shot_boom               ; it explodes where it ends, seen
        call    is_sub                  ; a missile blasts wherever it ends
        jnz     shot_off
        lcall   missile_blast
        ret
shot_off:
        call    shot_of
        clr     a
        movx    @r1,a
        ret

; step_sound: a step is heard (SOUND_MOTION) when no other effect plays or is asked for.
; (No calls: step runs deep in the stack.)
step_sound:
        mov     r0,#sound_left
        mov     a,@r0
        jnz     step_quiet
        mov     r1,#sound_request
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        movx    a,@r1
        jnz     step_quiet
        mov     a,#SOUND_MOTION
        movx    @r1,a
step_quiet:
        ret

; ---- energy
drain_side:
        mov     r0,#BOTH_IN             ; a side fell before this frame: the battle is decided
        mov     a,@r0
        jz      drain_store_done
        lcall   side_block
        movx    a,@r1
        add     a,#low(drains)
        call    effect_byte
        mov     r3,a
        call    is_sub                  ; a sub with a missile in flight
        jnz     drain_rate
        call    shot_of
        jz      drain_rate
        mov     r3,#DRAIN_MISSILE
drain_rate:                             ; a unit of energy each time R3 a second make a second's worth
        mov     a,#SIDE_DRAIN
        call    side_rate
        jnc     drain_store_done
        mov     r3,#0
        lcall   energy_down
        jnz     drain_rate
        jmp     destroy                 ; out of energy: down in flames
drain_store_done:
        ret

; ---- tables (this page)
effect_byte:
        movp    a,@a
        ret
headings:                               ; stick bits (up 1, right 2, down 4, left 8) -> heading
        db      0FFh, 0, 2, 1, 4, 0FFh, 3, 0FFh, 6, 7, 0FFh, 0FFh, 5, 0FFh, 0FFh, 0FFh
step_x:
        db      0, 1, 1, 1, 0, 0FFh, 0FFh, 0FFh
step_y:
        db      0FEh, 0FEh, 0, 2, 2, 2, 0, 0FEh
drains:
        db      DRAIN_TANK, DRAIN_SUB, DRAIN_PLANE
shot_speeds:
        db      SPEED_SHOT, SPEED_MISSILE, SPEED_SHOT
tables_end:
        if high(effect_byte) <> high(tables_end - 1)
        error "weapons.asm: the tables must share effect_byte's page"
        endif
