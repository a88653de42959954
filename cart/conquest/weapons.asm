; weapons.asm - tanks, submarines and jets: moving, firing, shots, energy and explosions.
; Sprites: 0 red's weapon, 1 blue's, 2 red's shot, 3 blue's. Headings 0-7 clockwise from up.
;  Tank: moves the way the stick points (full speed on land, half in woods), never into water or a
;        mountain; a mine destroys it. Its shell flies forward: through a tree while still close to
;        the tank, exploding on one farther away, or at the end of its range.
;  Sub:  moves the way the stick points, submerged (unseen) in water; stick in the middle: up
;        periscope (seen). At each sonar ding every submerged sub shows a moment. Its cruise missile
;        starts upward and, while the button is held, flies the way the stick points; it explodes on
;        the target, a tree, at the end of its range, or when the button is let go, and its blast
;        destroys the enemy's weapon inside it (the sub that fired it is deep below). While it flies the sub uses energy ten times as fast.
;        Two subs that collide both explode.
;  Jet:  always flying. A stick one angle (45°) off the heading turns it at once; more than one and
;        the autopilot turns it an angle at a time, the jet flashing at half speed until on course.
;        Over land and water; crashes into trees and mountains. Off an edge it flies on unseen and
;        comes back at the opposite one; the stick steers it there, and with the stick in the middle
;        it drifts out of control, turning at random. Its gun fires forward.

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
        mov     r0,#red_alive
        mov     a,@r0
        mov     r2,#WINNER_RED
        jnz     battle_winner
        mov     r0,#blue_alive
        mov     a,@r0
        mov     r2,#WINNER_BLUE
        jnz     battle_winner
        mov     r2,#WINNER_TIE
battle_winner:
        mov     r0,#winner
        mov     a,r2
        mov     @r0,a
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
        ret
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
        call    side_visibility
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
; jet
        mov     a,r1
        add     a,#SIDE_TARGET
        mov     r1,a
        mov     a,r2
        inc     a
        jz      jet_neutral             ; stick in the middle
        call    heading_of
        cpl     a
        inc     a
        add     a,r2
        anl     a,#07h                  ; turn wanted, 0-7 angles clockwise
        jz      jet_straight
        mov     r3,a
        dec     a
        jz      jet_sharp               ; one angle right
        mov     a,r3
        xrl     a,#07h
        jz      jet_sharp               ; one angle left
        mov     a,r2                    ; more: the autopilot takes over
        movx    @r1,a
        jmp     jet_turning
jet_sharp:
        mov     a,r2
        call    set_heading
        mov     a,#0FFh
        movx    @r1,a
        jmp     jet_straight
jet_neutral:
        lcall   side_offscreen          ; off the screen, no hand on the stick: out of control
        jz      jet_straight
        lcall   random_b0
        anl     a,#1Fh
        jnz     jet_straight
        lcall   random_b0
        call    set_heading
jet_straight:
        movx    a,@r1
        inc     a
        jnz     jet_turning
        mov     r3,#SPEED_PLANE
        jmp     move_steps
jet_turning:                            ; the autopilot: an angle every quarter second, half speed
        mov     r0,#frames
        mov     a,@r0
        anl     a,#0Fh
        jnz     jet_half
        call    heading_of
        mov     r3,a
        movx    a,@r1
        cpl     a
        inc     a
        add     a,r3                    ; heading - target
        anl     a,#07h
        jz      jet_on_course
        add     a,#(-4) & 0FFh          ; 1-3: turn left, 4-7: turn right
        mov     a,r3
        jc      jet_right
        dec     a
        jmp     jet_turned
jet_right:
        inc     a
jet_turned:
        call    set_heading
        jmp     jet_half
jet_on_course:
        mov     a,#0FFh
        movx    @r1,a
jet_half:
        mov     r3,#SPEED_PLANE / 2
        jmp     move_steps

move_tank:
        mov     a,r2
        inc     a
        jnz     weapons_hop3
        jmp     move_stopped
weapons_hop3:
        mov     a,r2
        call    set_heading
        call    here_terrain
        xrl     a,#TERRAIN_WOODS
        mov     r3,#SPEED_TANK
        jnz     move_steps
        mov     r3,#SPEED_TANK / 2
        jmp     move_steps

move_sub:
        mov     a,r5
        add     a,#red_submerged
        mov     r0,a
        mov     a,r2
        inc     a
        jz      sub_periscope
        mov     @r0,#1
        mov     a,r2
        call    set_heading
        mov     r3,#SPEED_SUB
        jmp     move_steps
sub_periscope:
        mov     @r0,#0
move_stopped:
        ret

; move_steps: R3 units a second: a step each time they add up to a second's frames.
move_steps:
        lcall   side_block
        inc     r1                      ; SIDE_MOVE
        movx    a,@r1
        add     a,r3
        mov     r3,a
        mov     r0,#fps
        mov     a,@r0
        cpl     a
        inc     a
        add     a,r3
        jc      move_one                ; a second's worth: one step
        mov     a,r3
        movx    @r1,a
        ret
move_one:
        movx    @r1,a
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
        lcall   side_block
        movx    a,@r1
        xrl     a,#KIND_PLANE
        jz      step_jet
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
        jz      step_tank
        mov     a,r2                    ; sub: water only
        xrl     a,#TERRAIN_WATER
        jnz     step_blocked
        jmp     step_go
step_tank:
        mov     a,r2
        xrl     a,#TERRAIN_WATER
        jz      step_blocked
        mov     a,r2
        xrl     a,#TERRAIN_MOUNTAIN
        jz      step_blocked
        call    step_go
        mov     a,r2
        xrl     a,#TERRAIN_MINE
        jnz     step_blocked
        jmp     destroy                 ; ran onto a mine
step_jet:
        mov     a,r3                    ; off one edge, back at the other
        xrl     a,#JET_X_WRAP
        jnz     step_jet_left
        mov     r3,#0
        jmp     step_jet_y
step_jet_left:
        mov     a,r3
        inc     a
        jnz     step_jet_y
        mov     r3,#JET_X_WRAP - 1
step_jet_y:
        mov     a,r4
        add     a,#(-JET_Y_TOP) & 0FFh
        jc      step_jet_low
        mov     r4,#JET_Y_WRAP - 2
        jmp     step_jet_ground
step_jet_low:
        mov     a,r4
        add     a,#(-JET_Y_WRAP) & 0FFh
        jnc     step_jet_ground
        mov     r4,#JET_Y_TOP
step_jet_ground:
        call    step_go
        call    terrain_under
        xrl     a,#TERRAIN_WOODS
        jz      step_crash
        xrl     a,#TERRAIN_WOODS ^ TERRAIN_MOUNTAIN
        jnz     step_blocked
step_crash:
        jmp     destroy
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
step_blocked:
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
        mov     a,r5
        add     a,#red_heading
        mov     r0,a
        mov     a,r7
        mov     @r0,a
        ret

; side_visibility: SIDE_SHOWN: alive or exploding, in the field, not submerged (but at a sonar
; ding), a jet on autopilot flashing every other 4 frames.
side_visibility:
        lcall   side_offscreen
        jnz     hidden
        mov     a,r5
        add     a,#red_submerged
        mov     r0,a
        mov     a,@r0
        jz      seen
        mov     r1,#sonar_shows
        lcall   xram_read_b0
        jz      hidden
seen:
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_TARGET
        mov     r1,a
        movx    a,@r1
        inc     a
        jz      shown                   ; not turning
        mov     r0,#frames
        mov     a,@r0
        anl     a,#04h
        jnz     hidden
shown:
        mov     a,#1
        jmp     set_shown
hidden:
        clr     a
set_shown:
        mov     r2,a
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_SHOWN
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        ret

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
        lcall   side_block
        movx    a,@r1
        mov     r6,a                    ; kind
        add     a,#low(ranges)
        call    effect_byte
        mov     r2,a
        call    shot_of
        mov     a,r6                    ; each weapon's launch at its own label (debugger breaks)
        jz      tank_fire
        xrl     a,#KIND_SUB
        jnz     jet_fire
sub_fire:
        mov     a,r2
        jmp     shot_launch
tank_fire:
        mov     a,r2
        jmp     shot_launch
jet_fire:
        mov     a,r2
shot_launch:
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
        call    heading_of              ; heading: the weapon's; a missile starts upward
        mov     r2,a
        mov     a,r6
        xrl     a,#KIND_SUB
        jnz     fire_heading
        mov     r2,#0
fire_heading:
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
fire_held:                              ; a missile follows the stick while the button is held
        mov     a,r2
        jz      fire_done
        call    is_sub
        jnz     fire_done
        call    stick_heading
        mov     r2,a
        inc     a
        jz      fire_done
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_SHOT_HEADING
        mov     r1,a
        mov     a,r2
        movx    @r1,a
fire_done:
        ret
fire_up:
        mov     a,r3                    ; let go: a flying missile explodes
        jz      fire_done
        mov     a,r2
        jz      fire_done
        call    is_sub
        jnz     fire_done
        lcall   missile_blast

; is_sub: A = 0 when side R5's weapon is a sub.
        ret
is_sub:
        lcall   side_block
        movx    a,@r1
        xrl     a,#KIND_SUB
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

; shot_frame: the shot makes two steps a frame, until it hits, ends, or its range is spent.
shot_frame:
        call    shot_of
        jnz     weapons_hop4
        jmp     shot_done
weapons_hop4:
        call    shot_step
        call    shot_of
        jnz     weapons_hop5
        jmp     shot_done
weapons_hop5:
shot_step:
        call    shot_of
        jnz     weapons_hop6
        jmp     shot_done
weapons_hop6:
        dec     a
        movx    @r1,a
        jnz     weapons_hop7
        jmp     shot_spent
weapons_hop7:
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
        mov     a,r1                    ; a shell passes through one close to the tank
        add     a,#SIDE_SHOT_GONE
        mov     r1,a
        movx    a,@r1
        add     a,#(-SHELL_NEAR) & 0FFh
        jc      shot_end
shot_done:
        ret
shot_spent:
shot_end:
        call    is_sub                  ; a missile explodes wherever it ends
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
drain_rate:
        lcall   side_block
        inc     r1
        inc     r1                      ; SIDE_DRAIN
        movx    a,@r1
        add     a,r3
        mov     r3,a                    ; (never carries: rates and fps below 128 each)
drain_units:
        mov     r0,#fps
        mov     a,@r0
        cpl     a
        inc     a
        add     a,r3
        jnc     drain_store
        mov     r3,a
        lcall   energy_down
        jz      drain_empty
        lcall   side_block
        inc     r1
        inc     r1
        jmp     drain_units
drain_store:
        mov     a,r3
        movx    @r1,a
drain_store_done:
        ret
drain_empty:
        jmp     destroy                 ; out of energy: down in flames

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
ranges:
        db      RANGE_SHELL, RANGE_MISSILE, RANGE_GUN
drains:
        db      DRAIN_TANK, DRAIN_SUB, DRAIN_PLANE
