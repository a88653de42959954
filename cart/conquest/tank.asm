; tank.asm - the tank ("Tank maneuvers"): moves the way the stick points, at full speed on open land
; and half speed in woods; never into water or a mountain; running onto a mine (X) it bursts into
; flame and is destroyed. Its cannon fires a shell forward: through a tree while the tank is close
; enough to it, exploding on one farther away, or at the end of its range. (Bank 0, 800h-BFFh, with
; weapons.asm, which calls move_tank, step_tank, tank_fire and shell_tree.)

; move_tank: R2 = the heading the stick points to (0FFh: the middle, the tank stands).
move_tank:
        mov     a,r2
        inc     a
        jz      tank_stands
        mov     a,r2
        call    set_heading
        call    here_terrain
        xrl     a,#TERRAIN_WOODS
        mov     r3,#SPEED_TANK
        jnz     tank_speed
        mov     r3,#SPEED_TANK / 2
tank_speed:
        jmp     move_steps
tank_stands:
        ret

; step_tank: a tank's step onto ground R2 (TERRAIN_*) at X R3, Y R4.
step_tank:
        mov     a,r2
        xrl     a,#TERRAIN_WATER
        jz      tank_stands
        mov     a,r2
        xrl     a,#TERRAIN_MOUNTAIN
        jz      tank_stands
        call    step_go
        mov     a,r2
        xrl     a,#TERRAIN_MINE
        jnz     tank_stands
        jmp     destroy                 ; ran onto a mine

; tank_fire: the cannon fires a shell forward.
tank_fire:
        mov     r6,#RANGE_SHELL
        jmp     shot_forward

; shell_tree: side R5's shell is over a tree (R1 = the side's block): it passes through one within
; SHELL_NEAR steps of the tank and explodes on one farther away.
shell_tree:
        mov     a,r1
        add     a,#SIDE_SHOT_GONE
        mov     r1,a
        movx    a,@r1
        add     a,#(-SHELL_NEAR) & 0FFh
        jc      shell_ends
        ret
shell_ends:
        jmp     shot_end
