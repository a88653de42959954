; jet.asm - the jet ("Flight training"): always flying. A stick one angle (45°) off the heading
; turns it at once; more than one and the autopilot turns it an angle at a time, the jet flashing
; at half speed until on course. Over land and water; it crashes into trees and mountains. Off an
; edge it flies on unseen and comes back at the opposite one; the stick steers it there, and with
; the stick in the middle it drifts out of control, turning at random. Its gun fires forward.
; (Bank 0, 800h-BFFh, with weapons.asm, which calls move_jet, step_jet and jet_fire; the flashing
; is side_visibility's, the energy drain_side's.)

; move_jet: R2 = the heading the stick points to (0FFh: the middle), R1 = the side's block.
; SIDE_TARGET is the heading the autopilot turns to, 0FFh while it is off.
move_jet:
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
        lcall   side_offscreen          ; off the screen, no hand on the stick: out of control, a
        jz      jet_straight            ; random heading OUT_OF_CONTROL_TURNS times a second
        mov     a,#SIDE_TURN
        mov     r3,#OUT_OF_CONTROL_TURNS
        call    side_rate
        jnc     jet_full
        lcall   random_b0
        call    set_heading
        jmp     jet_full
jet_straight:
        movx    a,@r1
        inc     a
        jnz     jet_turning
jet_full:
        mov     r3,#SPEED_PLANE
        jmp     move_steps
jet_turning:                            ; the autopilot: TURNS_A_SECOND angles a second, half speed
        mov     a,#SIDE_TURN
        mov     r3,#TURNS_A_SECOND
        call    side_rate               ; (R1 = SIDE_TURN's address, the RAM selected)
        jnc     jet_half
        mov     a,r1
        add     a,#(SIDE_TARGET - SIDE_TURN) & 0FFh
        mov     r1,a
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
        dec     a                       ; left: two down, one up
        dec     a
jet_right:
        inc     a
        call    set_heading
        jmp     jet_half
jet_on_course:
        mov     a,#0FFh
        movx    @r1,a
jet_half:
        mov     r3,#SPEED_PLANE / 2
        jmp     move_steps

; jet_fire: the armor-piercing gun fires forward.
jet_fire:
        mov     r6,#RANGE_GUN
        jmp     shot_forward

; step_jet: a jet's step to X R3, Y R4. Past an edge it goes on unseen to JET_X_WRAP / JET_Y_WRAP,
; then comes back at the opposite one; over a tree or a mountain it crashes.
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
        jz      jet_crash
        xrl     a,#TERRAIN_WOODS ^ TERRAIN_MOUNTAIN
        jz      jet_crash
        ret
jet_crash:
        jmp     destroy
