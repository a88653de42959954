; sub.asm - the submarine ("Submarine school"): moves the way the stick points, submerged (unseen),
; in water only; stick in the middle: up periscope (seen). Its cruise missile starts upward and,
; while the button is held, flies the way the stick points; it explodes on the target, a tree, at
; the end of its range, or when the button is let go. (Bank 0, 800h-BFFh, with weapons.asm, which
; calls move_sub, step_sub, sub_fire, missile_held, missile_let_go and is_sub. In combat.asm: the
; sonar, which shows every submerged sub at each ding, the missile's blast, which destroys the
; enemy's weapon inside it, and two subs colliding, which both explode. While a missile flies the
; sub uses energy ten times as fast: drain_side.)

; move_sub: R2 = the heading the stick points to (0FFh: the middle).
move_sub:
        call    shot_of                 ; A = its missile (takes R1)
        mov     r7,a
        mov     a,r5
        add     a,#red_submerged
        mov     r0,a
        mov     a,r7                    ; a missile in flight: the stick steers it and the sub stands
        jnz     sub_periscope           ; at periscope depth, seen, until the missile ends (balance)
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
        ret

; step_sub: a sub's step onto ground R2 (TERRAIN_*) at X R3, Y R4: water only.
step_sub:
        mov     a,r2
        xrl     a,#TERRAIN_WATER
        jnz     sub_done
        jmp     step_go

; sub_fire: the cruise missile is launched upward.
sub_fire:
        mov     r2,#0
        mov     r6,#RANGE_MISSILE
        jmp     shot_launch

; missile_held: the button is still held while side R5's shot flies: a missile follows the stick.
missile_held:
        call    is_sub
        jnz     sub_done
        call    stick_heading
        mov     r2,a
        inc     a
        jz      sub_done
        lcall   side_block
        mov     a,r1
        add     a,#SIDE_SHOT_HEADING
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        ret

; missile_let_go: the button was let go while side R5's shot flies: a missile explodes.
missile_let_go:
        call    is_sub
        jnz     sub_done
        lcall   missile_blast
sub_done:
        ret

; is_sub: A = 0 when side R5's weapon is a sub.
is_sub:
        lcall   side_block
        movx    a,@r1
        xrl     a,#KIND_SUB
        ret
