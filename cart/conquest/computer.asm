; computer.asm - the console plays one side (bank 1, 800h-BFFh): docs/computer.md.
; `computer` (0 none, 1 red, 2 blue) and `level` (1-3) are chosen with C at the entry (or during a
; practice war); keys.asm calls computer_frame once a frame right after reading the sticks, and in a
; battle it replaces that side's stick byte with its own "virtual stick" (AI_STICK): the battle code
; then moves and fires for it exactly as for a player, with the same rules, speeds and energy.
; It sees what a player sees: where each weapon is while it is drawn (SIDE_SHOWN: a submerged sub
; only at a sonar ding, a jet off the screen or flashing on autopilot not at all; it keeps the last
; place it saw), the shots in flight, and the ground (the playfield's copy). It looks every
; P_REACT frames (its reaction time) and holds its stick between looks.
; Runs in every frame after the VBLANK writes: a look costs at most a few hundred cycles, and it
; puts a look off by a frame while both shots fly (the battle's heaviest frames).

AI_CLOCK        equ     40h             ; frames until the next look
AI_SEEN_X       equ     41h             ; the enemy's sprite X and Y where it was last seen
AI_SEEN_Y       equ     42h
AI_SEEN         equ     43h             ; 1 once the enemy was seen in this battle
AI_STICK        equ     44h             ; the virtual stick (JOY_* bits)
AI_DETOUR       equ     45h             ; looks left on a detour round something in the way
AI_LAST_X       equ     46h             ; its own place at the last look (to notice it is stuck)
AI_LAST_Y       equ     47h
AI_STARTED      equ     48h             ; 1 once this battle's maps are made
AI_GUIDE        equ     49h             ; 1 while it guides its missile (fire held between looks)
AI_KIND         equ     4Ah             ; its weapon: KIND_*
AI_PATIENCE     equ     4Bh             ; looks since it last fired
AI_OFF          equ     4Ch             ; what cell_bad answers off the field (0 for a jet)
AI_FRESH        equ     4Dh             ; 1 when the enemy is in sight at this look
AI_DETOUR_H     equ     4Eh             ; the detour's heading
AI_DIST         equ     4Fh             ; max(|da|, |db|): the distance in half steps
AI_BAD          equ     50h             ; 9 bytes, a column each: bit r = row r is no place for it
AI_WALL         equ     60h             ; 9 bytes: trees and mountains (shots end there)
AI_HOP_X        equ     69h             ; probe: a hop across and down
AI_HOP_Y        equ     6Ah
AI_DA           equ     5Ah             ; target minus itself, half units across (signed)
AI_DB           equ     5Bh             ; ... and half steps (4 lines) down
AI_MX           equ     5Ch             ; its middle: X (units), Y (lines)
AI_MY           equ     5Dh
AI_TRY          equ     5Eh             ; go_heading: the heading asked for
AI_WANT         equ     5Fh             ; a jet: the heading it wants

; The level table (`levels`): 4 bytes a parameter, levels 1-3 at 1-3.
P_REACT         equ     0               ; frames between looks
P_TOL           equ     4               ; fires when the target is this near a line (half steps)
P_LOOK          equ     8               ; a jet looks this many 2-step hops ahead for trees, mountains
P_FLAGS         equ     12              ; F_* below
P_LAUNCH        equ     16              ; a sub launches its missile this near (half steps)
P_DETOUR        equ     20              ; looks a detour lasts
P_PATIENCE      equ     24              ; looks without a shot before a detour a random way
F_SHARP         equ     01h             ; a jet turns one angle at a time (no autopilot)
F_DODGE         equ     02h             ; steps out of an enemy shot's way
F_GUIDE         equ     04h             ; steers its missile to the target
F_COVER         equ     08h             ; keeps moving across the enemy's line while reloading; a sub
                                        ; keeps moving (submerged)
F_LINE          equ     10h             ; fires only when no tree or mountain stands in the way
F_PERISCOPE     equ     20h             ; a sub stops now and then to look (seen)

HALF_RANGE_TANK equ     RANGE_SHELL / 2 - 4
HALF_RANGE_JET  equ     RANGE_GUN / 2 - 4
NO_HEADING      equ     0FFh

; computer_frame: once a frame, after the sticks are read.
computer_frame:
        mov     r0,#computer
        mov     a,@r0
        jnz     ai_on
        ret
ai_on:
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        mov     r0,#mode
        mov     a,@r0
        xrl     a,#MODE_COMBAT
        jz      ai_battle
        mov     r1,#AI_STARTED          ; outside a battle: the next one starts afresh
        clr     a
        movx    @r1,a
        jmp     ai_exit
ai_battle:
        mov     r1,#AI_STARTED
        movx    a,@r1
        jnz     ai_going
        call    ai_begin
        clr     a
        jmp     ai_write
ai_going:
        mov     r1,#AI_CLOCK
        movx    a,@r1
        dec     a
        movx    @r1,a
        jnz     ai_hold
        call    both_shots              ; the heaviest frames: look at the next one
        jz      ai_look_now
        mov     r1,#AI_CLOCK
        mov     a,#1
        movx    @r1,a
        jmp     ai_hold
ai_look_now:
        mov     a,#P_REACT
        call    level_byte
        mov     r1,#AI_CLOCK
        movx    @r1,a
        call    ai_look                 ; (returns from 400h-7FFh: MB1 again)
        sel     mb1
        mov     r1,#AI_STICK
        movx    @r1,a
        jmp     ai_write
ai_hold:                                ; between looks: the stick held, fire let go (a fresh
        mov     r1,#AI_GUIDE            ; press at each look) unless it guides a missile
        movx    a,@r1
        mov     r1,#AI_STICK
        jz      ai_release
        movx    a,@r1
        jmp     ai_write
ai_release:
        movx    a,@r1
        jb4     ai_fired
ai_keep:
        anl     a,#~JOY_FIRE & 0FFh
        jmp     ai_write
ai_fired:                               ; a tank that fired stands (it turned to fire)
        mov     r1,#AI_KIND
        movx    a,@r1
        mov     r1,#AI_STICK
        jz      ai_write
        movx    a,@r1
        jmp     ai_keep
ai_write:
        mov     r2,a
        mov     r0,#computer
        mov     a,@r0
        add     a,#stick_red - 1
        mov     r0,a
        mov     a,r2
        mov     @r0,a
ai_exit:
        orl     p1,#P1_RAM_N | P1_VDC_N | P1_KBD_N
        ret

; both_shots: A nonzero while both sides' shots fly.
both_shots:
        mov     r1,#red_shot_state
        movx    a,@r1
        jz      both_done
        mov     r1,#blue_shot_state
        movx    a,@r1
both_done:
        ret

; level_byte: A = parameter A (P_*) of its level. Takes R1.
level_byte:
        mov     r1,#level
        add     a,@r1
        add     a,#low(levels)
        jmp     ai_byte

; me_offset: A = its side's offset (0 red, 1 blue). enemy_offset: the other's.
me_offset:
        mov     r0,#computer
        mov     a,@r0
        dec     a
        ret
enemy_offset:
        call    me_offset
        xrl     a,#1
        ret

; ai_begin: the battle's first frame: its weapon, its level's row, the maps of the ground.
ai_begin:
        mov     r1,#AI_STARTED
        mov     a,#1
        movx    @r1,a
        mov     r1,#AI_CLOCK
        movx    @r1,a                   ; looks at the next frame
        clr     a
        mov     r1,#AI_SEEN
        movx    @r1,a
        mov     r1,#AI_DETOUR
        movx    @r1,a
        mov     r1,#AI_PATIENCE
        movx    @r1,a
        mov     r1,#AI_GUIDE
        movx    @r1,a
        mov     r1,#AI_STICK
        movx    @r1,a
        call    me_offset
        add     a,#red_weapon
        mov     r1,a
        call    weapon_kind_ai
        mov     r6,a                    ; KIND_TANK 0, KIND_SUB 1, KIND_PLANE 2
        mov     r1,#AI_KIND
        movx    @r1,a
        mov     r1,#AI_OFF
        mov     a,r6
        xrl     a,#KIND_PLANE
        jz      begin_off
        mov     a,#1
begin_off:
        movx    @r1,a
; The columns: water bits (mirrored) for the bad map, no walls yet.
        mov     r5,#0
begin_column:
        mov     a,r5
        call    half_column_ai
        add     a,#field_copy
        mov     r1,a
        movx    a,@r1                   ; water rows of this column
        mov     r2,a
        mov     a,r6                    ; tank: water is no place; sub: land is; jet: both are
        jz      begin_bad
        xrl     a,#KIND_SUB
        jnz     begin_jet_column
        mov     a,r2
        cpl     a
        anl     a,#7Fh
        mov     r2,a
        jmp     begin_bad
begin_jet_column:
        mov     r2,#0
begin_bad:
        mov     a,r5
        add     a,#AI_BAD
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        mov     a,r1
        add     a,#AI_WALL - AI_BAD
        mov     r1,a
        clr     a
        movx    @r1,a
        inc     r5
        mov     a,r5
        xrl     a,#FIELD_COLS
        jnz     begin_column
; The features: three single ones and a row of four, each with its mirror.
        mov     r4,#field_copy + 5
        mov     r5,#3
begin_single:
        mov     a,r4
        mov     r1,a
        movx    a,@r1
        mov     r7,a                    ; type
        inc     r1
        movx    a,@r1
        mov     r3,a                    ; column << 4 | row
        call    mark_feature
        inc     r4
        inc     r4
        djnz    r5,begin_single
        mov     r1,#field_copy + 11
        movx    a,@r1
        mov     r7,a
        inc     r1
        movx    a,@r1
        mov     r3,a
        mov     r5,#4
begin_quad:
        call    mark_feature
        mov     a,r3
        add     a,#10h                  ; the next column
        mov     r3,a
        djnz    r5,begin_quad
        ret

; mark_feature: a feature of type R7 at R3 (column << 4 | row) and its mirror, in both maps. R6 =
; its weapon's kind. Keeps R3-R7.
mark_feature:
        mov     a,r7
        jnz     mark_feature_here
        ret
mark_feature_here:
        mov     a,r3
        anl     a,#0Fh
        add     a,#low(row_bits)
        call    ai_byte
        mov     r2,a                    ; the row's bit
        nop                             ; (keeps the jump below in one page)
        mov     r0,#AI_WALL
        mov     a,r7                    ; trees and mountains: walls
        xrl     a,#TERRAIN_MINE
        jz      mark_bad
        call    mark_both
mark_bad:                               ; no place for: a tank mountains and mines, a sub any
        mov     a,r6                    ; feature, a jet trees and mountains
        jz      mark_tank
        dec     a
        jz      mark_in_bad
        mov     a,r7
        xrl     a,#TERRAIN_MINE
        jnz     mark_in_bad
        ret
mark_tank:
        mov     a,r7
        xrl     a,#TERRAIN_WOODS
        jnz     mark_in_bad
        ret
mark_in_bad:
        mov     r0,#AI_BAD
; mark_both: bit R2 set in map R0 at R3's column and its mirror.
mark_both:
        mov     a,r3
        swap    a
        anl     a,#0Fh
        mov     r1,a
        add     a,r0
        xch     a,r1
        cpl     a
        add     a,#FIELD_COLS           ; 8 - column
        add     a,r0
        mov     r0,a
        movx    a,@r1
        orl     a,r2
        movx    @r1,a
        movx    a,@r0
        orl     a,r2
        movx    @r0,a
mark_done:
        ret

; ai_look: A = the virtual stick from what it sees now.
ai_look:
        call    enemy_offset
        mov     r5,a
        swap    a
        add     a,#side_red + SIDE_SHOWN
        mov     r1,a
        movx    a,@r1
        mov     r1,#AI_FRESH
        movx    @r1,a
        jz      look_unseen
        mov     a,r5
        add     a,#red_alive
        mov     r0,a
        mov     a,@r0
        jz      look_unseen             ; (an explosion is no target)
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        mov     r1,#AI_SEEN_X
        movx    @r1,a
        inc     r0
        mov     a,@r0
        inc     r1
        movx    @r1,a
        inc     r1
        mov     a,#1
        movx    @r1,a                   ; AI_SEEN
look_unseen:
; its own middle, and the target less its place in half units / half steps
        call    me_offset
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        add     a,#4
        mov     r1,#AI_MX
        movx    @r1,a
        inc     r0
        mov     a,@r0
        add     a,#8
        inc     r1
        movx    @r1,a                   ; AI_MY
        mov     r1,#AI_SEEN
        movx    a,@r1
        jnz     look_target
        mov     r2,#FIELD_X0 + FIELD_COLS * 8 - 4      ; never seen: the middle of the field
        mov     r3,#FIELD_Y0 + FIELD_ROWS * 12 - 8
        jmp     look_difference
look_target:
        mov     r1,#AI_SEEN_X
        movx    a,@r1
        mov     r2,a
        inc     r1
        movx    a,@r1
        mov     r3,a
look_difference:
        mov     a,r2                    ; sprite X + 4 against the middle: both halved
        add     a,#4
        clr     c
        rrc     a
        mov     r2,a
        mov     r1,#AI_MX
        movx    a,@r1
        clr     c
        rrc     a
        cpl     a
        inc     a
        add     a,r2
        mov     r6,a                    ; da
        mov     a,r3
        add     a,#8
        rr      a
        rr      a
        anl     a,#3Fh
        mov     r3,a
        mov     r1,#AI_MY
        movx    a,@r1
        rr      a
        rr      a
        anl     a,#3Fh
        cpl     a
        inc     a
        add     a,r3
        mov     r7,a                    ; db
        mov     r1,#AI_DA
        mov     a,r6
        movx    @r1,a
        inc     r1
        mov     a,r7
        movx    @r1,a
        call    distance
        mov     r1,#AI_DIST
        movx    @r1,a
        mov     r1,#AI_KIND
        movx    a,@r1
        sel     mb0
        jmp     ai_weapon               ; (computer_play.asm, in 400h-7FFh; a stack level less)

; abs: A = |A| (signed).
abs:
        jb7     abs_negative
        ret
abs_negative:
        cpl     a
        inc     a
        ret

; distance: A = max(|R6|, |R7|). Keeps R6, R7; takes R2.
distance:
        mov     a,r7
        call    abs
        mov     r2,a
        mov     a,r6
        call    abs
        cpl     a
        add     a,r2                    ; |db| - |da| - 1: carry when |db| > |da|
        jc      distance_db
        mov     a,r6
        jmp     abs
distance_db:
        mov     a,r2
        ret

; toward: A = the heading (0-7) nearest the direction (R6 across, R7 down). Takes R2, R3.
toward:
        mov     a,r6
        call    abs
        mov     r2,a                    ; |da|
        mov     a,r7
        call    abs
        mov     r3,a                    ; |db|
        rl      a                       ; |da| > 2|db|: across
        cpl     a
        add     a,r2
        jc      toward_across
        mov     a,r2                    ; |db| > 2|da|: up or down
        rl      a
        cpl     a
        add     a,r3
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        jnc     far_6_comp
        jmp     toward_upright
far_6_comp:
toward_aslant:
        mov     a,r6                    ; aslant: 1, 3, 5 or 7
        jb7     toward_aslant_left
        mov     a,r7
        jb7     toward_1
        mov     a,#3
        ret
toward_1:
        mov     a,#1
        ret
toward_aslant_left:
        mov     a,r7
        jb7     toward_7
        mov     a,#5
        ret
toward_7:
        mov     a,#7
        ret
toward_across:
        mov     a,r6
        jb7     toward_6
        mov     a,#2
        ret
toward_6:
        mov     a,#6
        ret
toward_upright:
        mov     a,r7
        jb7     toward_0
        mov     a,#4
        ret
toward_0:
        clr     a
        ret

; aligned: A = the heading along which (R6, R7) lies within R4 half steps, else NO_HEADING.
; Takes R2, R3.
aligned:
        mov     a,r6
        call    abs
        mov     r2,a
        mov     a,r7
        call    abs
        mov     r3,a
        mov     a,r4                    ; |da| <= tol: up or down
        cpl     a
        add     a,r2                    ; |da| - tol - 1: no carry when |da| <= tol
        jc      aligned_not_vertical
        mov     a,r7
        jb7     aligned_up
        mov     a,#4
        ret
aligned_up:
        clr     a
        ret
aligned_not_vertical:
        mov     a,r4
        cpl     a
        add     a,r3
        jc      aligned_not_across
        jmp     toward_across
aligned_not_across:
        mov     a,r3                    ; ||da| - |db|| <= tol: aslant
        cpl     a
        inc     a
        add     a,r2
        call    abs
        cpl     a
        add     a,r4                    ; tol - diff - 1: carry when diff < tol
        jnc     aligned_none
        jmp     toward_aslant
aligned_none:
        mov     a,#NO_HEADING
        ret

; probe: A nonzero when one of R6 hops of 2 steps along heading R5 from its middle meets a cell
; that is no place for it (AI_BAD). Aslant, the step between two hops can touch a cell at its corner
; alone: that cell is also the one at the hop's Y and the step before's X, tested too. Keeps R5, R7;
; takes R0-R4, R6.
probe:
        mov     a,r5
        add     a,#low(hop_x)
        call    ai_byte
        mov     r1,#AI_HOP_X
        movx    @r1,a
        mov     a,r5
        add     a,#low(hop_y)
        call    ai_byte
        inc     r1
        movx    @r1,a
        mov     r1,#AI_MX
        movx    a,@r1
        mov     r2,a
        inc     r1
        movx    a,@r1
        mov     r3,a
        mov     r4,#AI_BAD
probe_hop:
        mov     r1,#AI_HOP_X
        movx    a,@r1
        add     a,r2
        mov     r2,a
        inc     r1
        movx    a,@r1
        add     a,r3
        mov     r3,a
        call    cell_bad
        jnz     probe_done
        mov     a,r5                    ; aslant: the corner too
        jb0     probe_corner
probe_next:
        djnz    r6,probe_hop
probe_done:
        ret
probe_corner:
        mov     r1,#AI_HOP_X
        movx    a,@r1
        jb7     probe_corner_left
        dec     r2                      ; one unit back across
        call    cell_bad
        inc     r2
        jz      probe_next
        ret
probe_corner_left:
        inc     r2
        call    cell_bad
        dec     r2
        jz      probe_next
        ret

; cell_bad: A nonzero when the cell at X R2 (units), Y R3 (lines) has its bit set in map R4 (off
; the field: AI_OFF). Takes R0, R1.
cell_bad:
        mov     a,r2
        add     a,#(-FIELD_X0) & 0FFh
        jnc     cell_off
        mov     r1,a
        add     a,#(-FIELD_COLS * 16) & 0FFh
        jc      cell_off
        mov     a,r1
        swap    a
        anl     a,#0Fh
        add     a,r4
        mov     r1,a
        mov     a,r3
        add     a,#(-FIELD_Y0) & 0FFh
        jnc     cell_off
        rr      a                       ; bands of 8 lines: a row is three
        rr      a
        rr      a
        anl     a,#1Fh
        add     a,#low(band_rows)
        call    ai_byte
        jb7     cell_off
        mov     r0,a
        movx    a,@r1
        anl     a,r0
        ret
cell_off:
        mov     r1,#AI_OFF
        movx    a,@r1
        ret

; go_heading: A = the stick toward heading R5 or the nearest heading whose next cell is a place
; for it (R5, R5 + 1, R5 - 1, R5 + 2, R5 - 2). Takes R0-R4, R6, R7.
go_heading:
        mov     a,r5
        mov     r1,#AI_TRY
        movx    @r1,a
        mov     r7,#0
go_try:
        mov     a,r7
        add     a,#low(tries)
        call    ai_byte
        jb7     go_first                ; none is free: the one asked for
        mov     r2,a
        mov     r1,#AI_TRY
        movx    a,@r1
        add     a,r2
        anl     a,#07h
        mov     r5,a
        mov     r6,#4
        call    probe
        jz      go_found
        inc     r7
        jmp     go_try
go_first:
        mov     r1,#AI_TRY
        movx    a,@r1
        jmp     stick_of
go_found:
        mov     a,r5
; stick_of: A = the stick bits of heading A.
stick_of:
        anl     a,#07h
        add     a,#low(sticks)
        jmp     ai_byte

; incoming: A = the enemy shot's heading when it flies at its middle (within 16 half steps, 2 off
; its line), else NO_HEADING. Keeps nothing.
incoming:
        call    enemy_offset
        mov     r5,a
        mov     r0,a
        rl      a
        add     a,r0                    ; x 3: red_shot_state or blue_shot_state
        mov     r1,a
        movx    a,@r1
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        jnz     far_7_comp
        jmp     incoming_none
far_7_comp:
        inc     r1
        movx    a,@r1                   ; the shot's X (units)
        clr     c
        rrc     a
        cpl     a
        inc     a
        mov     r6,a
        mov     r1,#AI_MX
        movx    a,@r1
        clr     c
        rrc     a
        add     a,r6
        mov     r6,a                    ; from the shot to its middle, across
        mov     a,r0
        rl      a
        add     a,r0
        add     a,#red_shot_y
        mov     r1,a
        movx    a,@r1
        rr      a
        rr      a
        anl     a,#3Fh
        cpl     a
        inc     a
        mov     r7,a
        mov     r1,#AI_MY
        movx    a,@r1
        rr      a
        rr      a
        anl     a,#3Fh
        add     a,r7
        mov     r7,a
        call    distance
        add     a,#(-16) & 0FFh
        jc      incoming_none
        mov     r4,#2
        call    aligned
        mov     r2,a
        mov     a,r5
        swap    a
        add     a,#side_red + SIDE_SHOT_HEADING
        mov     r1,a
        movx    a,@r1
        xrl     a,r2
        jnz     incoming_none
        mov     a,r2
        ret
incoming_none:
        mov     a,#NO_HEADING
        ret

; flag: A nonzero when its level has flag A.
flag:
        mov     r2,a
        mov     a,#P_FLAGS
        call    level_byte
        anl     a,r2
        ret

; dodge: A = a stick out of an enemy shot's way, or NO_HEADING (not seen coming, or this level
; does not dodge).
dodge:
        mov     a,#F_DODGE
        call    flag
        jnz     dodge_look
dodge_none:
        mov     a,#NO_HEADING
        ret
dodge_look:
        call    incoming
        mov     r2,a
        inc     a
        jz      dodge_none
        mov     a,r2
        add     a,#2
        mov     r5,a
        jmp     go_heading

; target: R6, R7 = da, db again.
target:
        mov     r1,#AI_DA
        movx    a,@r1
        mov     r6,a
        inc     r1
        movx    a,@r1
        mov     r7,a
        ret

; my_shot: A = its shot's steps left (0: none). Takes R0, R1.
my_shot:
        call    me_offset
        mov     r0,a
        rl      a
        add     a,r0
        mov     r1,a
        movx    a,@r1
        ret

; weapon_kind_ai: A = KIND_* of the weapon code at internal R1.
weapon_kind_ai:
        mov     a,@r1
        mov     r0,a
        xrl     a,#WEAPON_TANK
        jz      kind_ai_done
        mov     a,r0
        xrl     a,#WEAPON_SUB
        jnz     kind_ai_plane
        mov     a,#KIND_SUB
        ret
kind_ai_plane:
        mov     a,#KIND_PLANE
kind_ai_done:
        ret

; half_column_ai: A = column A folded onto the left half.
half_column_ai:
        mov     r7,a
        add     a,#(-5) & 0FFh
        jnc     half_ai_done
        mov     a,r7
        cpl     a
        add     a,#FIELD_COLS
        ret
half_ai_done:
        mov     a,r7
        ret

; ---- tables, read with MOVP in one page
ai_byte:
        movp    a,@a
        ret
levels:                                 ; parameter x 4 + level
        db      0, 18, 9, 4             ; P_REACT: frames between looks (0.3, 0.15, 0.07 s)
        db      0, 3, 2, 1              ; P_TOL
        db      0, 8, 10, 12            ; P_LOOK: hops of 2 steps
        db      0, F_PERISCOPE, F_SHARP | F_DODGE | F_GUIDE | F_LINE
        db      F_SHARP | F_DODGE | F_GUIDE | F_LINE | F_COVER
        db      0, 14, 20, 22           ; P_LAUNCH
        db      0, 3, 5, 6              ; P_DETOUR
        db      0, 10, 16, 30           ; P_PATIENCE (3 s, 2.4 s, 2 s)
row_bits:
        db      01h, 02h, 04h, 08h, 10h, 20h, 40h
hop_x:                                  ; 2 steps along each heading: units across
        db      0, 2, 2, 2, 0, -2 & 0FFh, -2 & 0FFh, -2 & 0FFh
hop_y:                                  ; ... lines down
        db      -4 & 0FFh, -4 & 0FFh, 0, 4, 4, 4, 0, -4 & 0FFh
band_rows:                              ; a band of 8 lines from the field's top: its row's bit
        db      01h, 01h, 01h, 02h, 02h, 02h, 04h, 04h, 04h, 08h, 08h, 08h
        db      10h, 10h, 10h, 20h, 20h, 20h, 40h, 40h, 40h
        db      80h, 80h, 80h, 80h, 80h, 80h, 80h, 80h, 80h, 80h, 80h   ; below the field
sticks:                                 ; heading -> stick bits
        db      JOY_UP, JOY_UP | JOY_RIGHT, JOY_RIGHT, JOY_DOWN | JOY_RIGHT
        db      JOY_DOWN, JOY_DOWN | JOY_LEFT, JOY_LEFT, JOY_UP | JOY_LEFT
stick_headings:                         ; stick bits -> heading (0 for none)
        db      0, 0, 2, 1, 4, 0, 3, 0, 6, 7, 0, 0, 5, 0, 0, 0
tries:                                  ; go_heading: the heading asked for, then its neighbours
        db      0, 1, 7, 2, 6, 80h
ai_tables_end:
        if      high(ai_byte) <> high(ai_tables_end - 1)
        error   "computer.asm: ai_byte and its tables must stay in one page"
        endif
