; computer_play.asm - the console's play for each weapon (bank 1, 400h-7FFh): what computer.asm
; (800h-BFFh) calls once it knows where everything is: ai_weapon (fire, dodge, guide a missile) and,
; at the frame after, ai_move (where it goes). Calls into 800h-BFFh go through hcall;
; a tail jump there selects MB1 first (the caller, ai_look, selects it again after the return).

; A conditional jump reaches only its own page: where one would cross a page, it jumps over a JMP
; instead (the labels page_hop_N), and a NOP or two here and there keeps a jump off a page's last byte.

; ai_weapon: A = the stick of weapon kind A (KIND_*).
ai_weapon:
        jnz     weapon_not_tank
        jmp     ai_tank
weapon_not_tank:
        dec     a
        jz      weapon_is_sub
        jmp     ai_jet
weapon_is_sub:
        jmp     ai_sub

; ai_move: A = the stick of weapon kind A that moves on (what ai_weapon left for the next frame).
ai_move:
        jnz     move_not_tank
        jmp     move_on
move_not_tank:
        dec     a
        jz      move_is_sub
        jmp     jet_steer
move_is_sub:
        jmp     sub_move

; ---- the tank
ai_tank:
        hcall   dodge
        inc     a
        jz      tank_no_dodge
        dec     a
        ret
tank_no_dodge:
        call    reloading
        jnz     tank_move
        mov     r1,#AI_FRESH
        movx    a,@r1
        jz      tank_move
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,#(-(HALF_RANGE_TANK + 1)) & 0FFh
        jc      tank_move
        call    fire_if_aligned
        inc     a
        jz      tank_move
        dec     a
        ret
tank_move:
        mov     a,#MOVE_LATER
        ret

; fire_if_aligned: A = the stick that fires along the line to the target, or NO_HEADING (not on a
; line, or a tree or mountain in the way at levels that look).
fire_if_aligned:
        mov     a,#P_TOL
        hcall   level_byte
        mov     r4,a
        hcall   target
        hcall   aligned
        mov     r5,a
        inc     a
        jz      fire_none
        mov     a,#F_LINE
        hcall   flag
        jz      fire_now
        call    line_clear
        jnz     fire_none
fire_now:
        mov     r6,#2                   ; no turn to fire onto a mine (or into a tree)
        hcall   probe
        jnz     fire_none
        mov     r1,#AI_PATIENCE
        clr     a
        movx    @r1,a
        mov     a,r5
        hcall   stick_of
        orl     a,#JOY_FIRE
        ret
fire_none:
        mov     a,#NO_HEADING
        ret

; line_clear: A nonzero when a tree or mountain stands half the way to the target.
line_clear:
        mov     r1,#AI_DA
        movx    a,@r1
        mov     r6,a                    ; half units: half the way is da units across
        inc     r1
        movx    a,@r1
        rl      a
        mov     r7,a                    ; half steps x 2: half the way is 2 db lines down
        mov     r1,#AI_MX
        movx    a,@r1
        add     a,r6
        mov     r2,a
        inc     r1
        movx    a,@r1
        add     a,r7
        mov     r3,a
        mov     r4,#AI_WALL
        hcall   cell_bad
        jnz     line_done
line_done:
        ret

; move_on: the stick of a tank or a sub that moves: round what is in its way, across the enemy's
; line while its shot flies (F_COVER), else to a line on the target.
move_on:
        mov     r1,#AI_PATIENCE         ; no shot for a while (a dead end, or going round in
        movx    a,@r1                   ; circles): a detour a random way, twice as long
        inc     a
        movx    @r1,a
        mov     r2,a
        mov     a,#P_PATIENCE
        hcall   level_byte
        cpl     a
        add     a,r2
        jnc     move_patient
        clr     a
        mov     r1,#AI_PATIENCE
        movx    @r1,a
        mov     a,#P_DETOUR
        hcall   level_byte
        rl      a
        mov     r1,#AI_DETOUR
        movx    @r1,a
        mov     r0,#seed
        mov     a,@r0
        anl     a,#07h
        mov     r1,#AI_DETOUR_H
        movx    @r1,a
move_patient:
        hcall   stuck
        mov     r1,#AI_DETOUR
        movx    a,@r1
        jz      move_no_detour
        dec     a
        movx    @r1,a
        mov     r1,#AI_DETOUR_H
        movx    a,@r1
        mov     r5,a
        sel     mb1
        jmp     go_heading
move_no_detour:
        hcall   target
        mov     a,#F_COVER
        hcall   flag
        jz      move_line
        call    reloading
        nop
        nop
        jz      move_line
        hcall   toward                  ; across the line to the enemy, the way its place suggests
        mov     r5,a
        mov     r1,#AI_MX
        movx    a,@r1
        add     a,#2
        anl     a,#10h
        rr      a
        rr      a                       ; 0 or 4: +2 or +6
        add     a,#2
        add     a,r5
        mov     r5,a
        sel     mb1
        jmp     go_heading
move_line:
        hcall   approach
        mov     r5,a
        sel     mb1
        jmp     go_heading

; ---- the submarine
ai_sub:
        hcall   dodge                   ; a shot coming: it moves, deep below (letting its
        inc     a                       ; own missile go)
        jz      sub_no_dodge
        dec     a
        ret
sub_no_dodge:
        hcall   my_shot
        jz      sub_no_missile
        jmp     guide
sub_no_missile:
        mov     r1,#AI_GUIDE
        movx    @r1,a                   ; (A = 0)
        mov     r1,#AI_FRESH
        movx    a,@r1
        jz      sub_later
        mov     a,#P_NEAR
        hcall   level_byte
        cpl     a
        mov     r2,a
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,r2                    ; carry: farther than the launch distance
        jc      sub_later
        mov     r1,#AI_PATIENCE
        clr     a
        movx    @r1,a
        mov     r1,#AI_GUIDE
        inc     a
        movx    @r1,a
        mov     a,#JOY_FIRE             ; launch: the missile starts upward
        ret
sub_later:
        mov     a,#MOVE_LATER
        ret
sub_move:
        mov     a,#F_PERISCOPE
        hcall   flag
        jz      sub_keep_moving
        mov     r0,#seed                ; now and then it stops to look (seen)
        mov     a,@r0
        anl     a,#07h
        jnz     sub_keep_moving
        clr     a
        ret
sub_keep_moving:
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,#(-8) & 0FFh
        jc      sub_far
        mov     a,#F_COVER              ; close by: circle, submerged
        hcall   flag
        jz      sub_far
        hcall   target
        hcall   toward
        add     a,#2
        mov     r5,a
        sel     mb1
        jmp     go_heading
sub_far:
        jmp     move_on

; guide: its missile flies: toward the target (F_GUIDE, else straight on), let go when the target
; is within the blast.
guide:
        hcall   me_offset
        mov     r0,a
        rl      a
        add     a,r0
        inc     a
        mov     r1,a
        movx    a,@r1                   ; the missile's X
        clr     c
        rrc     a
        cpl     a
        inc     a
        mov     r6,a
        inc     r1
        movx    a,@r1                   ; its Y
        rr      a
        rr      a
        anl     a,#3Fh
        cpl     a
        inc     a
        mov     r7,a
        mov     r1,#AI_SEEN_X
        movx    a,@r1
        add     a,#4
        clr     c
        rrc     a
        add     a,r6
        mov     r6,a                    ; from the missile to the target
        inc     r1
        movx    a,@r1
        add     a,#8
        rr      a
        rr      a
        anl     a,#3Fh
        add     a,r7
        mov     r7,a
        hcall   distance
        add     a,#(-4) & 0FFh
        jc      page_hop_10
        jmp     guide_let_go
page_hop_10:
        mov     a,#F_GUIDE
        hcall   flag
        nop                             ; (keeps the jump below in one page)
        jz     guide_straight
guide_toward:
        hcall   toward
        hcall   stick_of
        orl     a,#JOY_FIRE
        ret
guide_straight:                         ; the way it first pointed, held
        mov     r1,#AI_STICK
        movx    a,@r1
        anl     a,#0Fh
        jz      guide_toward
        orl     a,#JOY_FIRE
        ret
guide_let_go:                           ; (a target out of sight is deep below: not yet)
        mov     r1,#AI_FRESH
        movx    a,@r1
        jz      guide_straight
        mov     r1,#AI_GUIDE
        clr     a
        movx    @r1,a
        ret

; ---- the jet
; my_heading: A = R5 = its heading.
my_heading:
        call    my_heading_r2
        mov     r5,a
        ret

ai_jet:
        call    reloading
        jnz     jet_later
        mov     r1,#AI_FRESH
        movx    a,@r1
        jz      jet_later
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,#(-(HALF_RANGE_JET + 1)) & 0FFh
        jc      jet_later
        call    fire_if_aligned         ; (R5 = the line's heading)
        mov     r4,a
        inc     a
        jz      jet_later
        call    my_heading_r2           ; it fires along its heading only
        xrl     a,r5
        jnz     jet_later
        mov     a,r4
        ret
jet_later:
        mov     a,#MOVE_LATER
        ret
jet_steer:
        hcall   target
        hcall   toward
        call    stand_off
        mov     r4,a                    ; where it wants to go
        mov     r1,#AI_SEEN
        movx    a,@r1
        jnz     jet_want
        call    my_heading              ; nothing seen yet: straight on
        mov     r4,a
jet_want:
        mov     a,r4
        mov     r1,#AI_WANT
        movx    @r1,a
        mov     a,#F_DODGE
        hcall   flag
        jnz     page_hop_11
        jmp     jet_ahead
page_hop_11:
        nop                             ; (keeps the jump below in one page)
        hcall   incoming
        mov     r4,a
        inc     a
        jz      jet_ahead
        mov     a,r4
        add     a,#2
        anl     a,#07h
        mov     r1,#AI_WANT
        movx    @r1,a
jet_ahead:                              ; its new heading: one angle at a time toward the wanted
        call    my_heading              ; one (F_SHARP), else the wanted one (the autopilot)
        mov     a,#F_SHARP
        hcall   flag
        jz      jet_autopilot
        mov     r1,#AI_WANT
        movx    a,@r1
        mov     r4,a
        mov     a,r5
        cpl     a
        inc     a
        add     a,r4
        anl     a,#07h
        jz      ai_jet_straight
        add     a,#(-5) & 0FFh          ; 1-4 to the right, 5-7 to the left
        mov     a,#1
        jnc     jet_sharp_way
        mov     a,#7
jet_sharp_way:
        add     a,r5
        jmp     jet_check
jet_autopilot:
        mov     r1,#AI_WANT
        movx    a,@r1
        jmp     jet_check
ai_jet_straight:
        mov     a,r5
jet_check:                              ; straight on blocked (two boxes ahead): a sharp turn
        anl     a,#07h                  ; away; else the new heading if its two boxes are clear,
        mov     r1,#AI_TRY              ; else straight on
        movx    @r1,a
        call    my_heading
        call    jet_clear
        jnz     jet_turn_away
        mov     r1,#AI_TRY
        movx    a,@r1
        xrl     a,r5
        jz      jet_stick               ; straight on is what it wants
        movx    a,@r1
        mov     r5,a
        call    jet_clear
        jz      jet_stick
        call    my_heading
        jmp     jet_stick
jet_turn_away:                          ; one angle right if clear for two boxes, else
        call    my_heading              ; left if clear for one, else two angles left (the
        inc     a                       ; autopilot turns it, slowly)
        anl     a,#07h
        mov     r5,a
        call    jet_clear
        jz      jet_stick
        call    my_heading
        dec     a
        anl     a,#07h
        mov     r5,a
        call    jet_near
        jz      jet_stick
        mov     a,r5
        dec     a
        mov     r5,a
jet_stick:
        mov     a,r5
        sel     mb1
        jmp     stick_of

; jet_near: A = 0 when no tree or mountain stands within its level's look ahead along heading R5.
jet_near:
        mov     a,#P_LOOK
        hcall   level_byte
        mov     r6,a
        hcall   probe
        ret

; jet_clear: A = 0 when no tree or mountain stands within twice its level's look ahead along heading
; R5: two of probe's boxes, the second from the end of the first (a jet is fast).
jet_clear:
        mov     a,#P_LOOK
        hcall   level_byte
        mov     r6,a
        hcall   probe
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        jz      page_hop_12
        jmp     jet_clear_done
page_hop_12:
        mov     r7,#0                   ; its middle moved to the first box's end
        hcall   jet_shift
        mov     a,#P_LOOK
        hcall   level_byte
        mov     r6,a
        hcall   probe
        mov     r1,#AI_FAR
        movx    @r1,a
        mov     r7,#1
        hcall   jet_shift               ; and back
        mov     r1,#AI_FAR
        movx    a,@r1
jet_clear_done:
        ret


; my_heading_r2: A = its heading (R5 kept). Takes R0.
my_heading_r2:
        hcall   me_offset
        add     a,#red_heading
        mov     r0,a
        mov     a,@r0
        ret

        align   16                      ; (its loops stay in one page)
; ai_begin: the battle's first frame: its weapon, its level's row, the maps of the ground.
ai_begin:
        mov     r1,#AI_STARTED
        mov     a,#1
        movx    @r1,a
        mov     a,#3
        mov     r1,#AI_CLOCK
        movx    @r1,a                   ; looks at the next frame, acts at the two after
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
        hcall    me_offset
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
        nop                             ; (keeps the jump below in one page)
        jz      page_hop_13
        jmp     begin_column
page_hop_13:
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
        hcall    ai_byte
        mov     r2,a                    ; the row's bit
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

; move_heavy: A nonzero when a move now could make the frame too long: while both shots fly, and
; for a tank (tank battles are the heaviest, and its move the dearest step) while any shot flies.
move_heavy:
        mov     r1,#AI_KIND
        movx    a,@r1
        jnz     move_both
        mov     r1,#red_shot_state
        movx    a,@r1
        mov     r2,a
        mov     r1,#blue_shot_state
        movx    a,@r1
        orl     a,r2
        ret
move_both:
        hcall   both_shots
        ret


; stand_off: A = heading A (toward the target), or the way away from it when it is nearer than
; its level's P_NEAR: a jet strikes from beyond a tank's, a sub's or a jet's easy reach (its gun's
; 70 steps against the shell's 60 and the missile's 56) rather than passing head-on.
stand_off:
        mov     r4,a
        mov     a,#P_NEAR
        hcall   level_byte
        cpl     a
        mov     r2,a
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,r2                    ; carry: farther than P_NEAR
        jc      stand_off_done
        mov     a,r4
        add     a,#4
        mov     r4,a
stand_off_done:
        mov     a,r4
        anl     a,#07h
        ret

; dodge_side: the stick across an enemy shot's way (R2 its heading, R6/R7 from the shot to its
; middle), to the side of the shot's line it is on: away from the line, never along it.
dodge_side:
        mov     a,r2
        add     a,#low(sign_y)
        hcall   ai_byte
        hcall   times_r6
        mov     r3,a                    ; sy x across
        mov     a,r7
        xch     a,r6
        mov     r7,a
        mov     a,r2
        add     a,#low(sign_x)
        hcall   ai_byte
        hcall   times_r6                ; sx x down
        cpl     a
        add     a,r3
        cpl     a                       ; sx x down - sy x across: >= 0 on the side 90 degrees
        anl     a,#80h                  ; clockwise of the shot's way (+2), else the other (+6)
        swap    a
        rr      a
        add     a,#2
        add     a,r2
        mov     r5,a
        mov     r6,#PROBE_UNITS         ; that side blocked: the other (before a way aslant to
        hcall   probe                   ; the shot's line)
        jz      dodge_stick
        mov     a,r5
        add     a,#4
        mov     r5,a
dodge_stick:
        sel     mb1
        jmp     go_heading

; reloading: A nonzero while its shot flies or the shot's explosion shows (it cannot fire again
; before that ends: the player sees it); at level 1 only while its shot flies (the beginner stands
; lined up, pressing fire, while the explosion shows). Takes R0, R1.
reloading:
        hcall   my_shot                 ; (R0 = its side's offset)
        jnz     reloading_done
        mov     a,r0
        swap    a
        add     a,#side_red + SIDE_SHOT_BOOM
        mov     r1,a
        mov     r0,#level
        mov     a,@r0
        dec     a
        jz      reloading_done
        movx    a,@r1
reloading_done:
        ret
