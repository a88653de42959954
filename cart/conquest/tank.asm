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

; shell_tree: side R5's shell is over a tree (R1 = the side's block): it passes through a tree in a
; cell next to the tank's and explodes on one farther away. A cell is 16 steps across and 12 up or
; down (24 lines), so the tree of the next cell ends within 32 steps across (SHELL_NEAR_ACROSS) and
; within 24 up, down or aslant (SHELL_NEAR), wherever in its cell the tank stands, and a tree two
; cells away reaches past those counts.
shell_tree:
        mov     a,r1
        add     a,#SIDE_SHOT_HEADING
        mov     r1,a
        movx    a,@r1                   ; the heading: across (2 or 6) or not
        inc     r1                      ; SIDE_SHOT_GONE
        anl     a,#03h
        xrl     a,#02h
        mov     r2,#(-SHELL_NEAR_ACROSS) & 0FFh
        jz      shell_limit
        mov     r2,#(-SHELL_NEAR) & 0FFh
shell_limit:
        movx    a,@r1
        add     a,r2
        jc      shell_ends
        ret
shell_ends:
        jmp     shot_end
