; computer.asm - the console plays one side (bank 1, 800h-BFFh): docs/computer.md.
; `computer` (0 none, 1 red, 2 blue) and `level` (1-3) are chosen with C at the entry (or during a
; practice war, choose.asm); the frame loop (main.asm) calls computer_frame once a frame right after
; reading the sticks, and in a battle it replaces that side's stick byte with its own "virtual stick"
; (AI_STICK): the battle code then moves and fires for it exactly as for a player, with the same
; rules, speeds and energy.
; It sees what a player sees: where each weapon is while it is drawn (SIDE_SHOWN: a submerged sub
; only at a sonar ding, a jet off the screen or flashing on autopilot not at all; it keeps the last
; place it saw), the shots in flight, and the ground (the playfield's copy). It looks every
; P_REACT frames (its reaction time) and holds its stick between looks. A look is three steps, one a
; frame, each within the room a battle frame leaves (what it sees; whether it fires, dodges or
; steers its missile; where it goes), and a step waits a frame while both shots fly (the battle's
; heaviest frames).

; A conditional jump reaches only its own page: where one would cross a page, it jumps over a JMP
; instead (the labels page_hop_N), and a NOP or two here and there keeps a jump off a page's last byte.

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
AI_FAR          equ     6Bh             ; a jet: what its second box found
AI_PENDING      equ     6Ch             ; 0 while the move waits for the next frame
AI_DA           equ     5Ah             ; target minus itself, half units across (signed)
AI_DB           equ     5Bh             ; ... and half steps (4 lines) down
AI_MX           equ     5Ch             ; its middle: X (units), Y (lines)
AI_MY           equ     5Dh
AI_TRY          equ     5Eh             ; go_heading: the heading asked for
AI_WANT         equ     5Fh             ; a jet: the heading it wants

; The level table (`levels`): 4 bytes a parameter, levels 1-3 at 1-3.
P_REACT         equ     0               ; frames between looks
P_TOL           equ     4               ; fires when the target is this near a line (half steps)
P_LOOK          equ     8               ; a jet looks this many units ahead for trees and mountains
P_FLAGS         equ     12              ; F_* below
P_NEAR          equ     16              ; a sub launches its missile this near, a jet turns away
                                        ; this near (half steps)
P_DETOUR        equ     20              ; looks a detour lasts
P_PATIENCE      equ     24              ; looks without a shot before a detour a random way
F_SHARP         equ     01h             ; a jet turns one angle at a time (no autopilot)
F_DODGE         equ     02h             ; steps out of an enemy shot's way
F_GUIDE         equ     04h             ; steers its missile to the target
F_COVER         equ     08h             ; keeps moving across the enemy's line while reloading; a sub
                                        ; keeps moving (submerged)
F_LINE          equ     10h             ; fires only when no tree or mountain stands in the way
F_PERISCOPE     equ     20h             ; a sub stops now and then to look (seen)

PROBE_UNITS     equ     8               ; a tank or sub looks this far ahead (8 units, 16 lines)
HALF_RANGE_TANK equ     RANGE_SHELL / 2 - 4
HALF_RANGE_JET  equ     RANGE_GUN / 2 - 4
NO_HEADING      equ     0FFh
MOVE_LATER      equ     0FEh            ; ai_weapon: no shot, no dodge: the move at the next frame

; approach: A = a heading that brings the target onto one of its lines (R6 = da, R7 = db), or
; nearer when it is far.
approach:
        mov     r1,#AI_DIST
        movx    a,@r1
        add     a,#(-HALF_RANGE_TANK) & 0FFh
        jc      approach_toward
        mov     a,r6
        call    abs
        mov     r2,a                    ; |da|
        mov     a,r7
        call    abs
        mov     r3,a                    ; |db|
        cpl     a
        inc     a
        add     a,r2
        mov     r4,a                    ; |da| - |db|
        call    abs
        mov     r5,a                    ; the difference
        mov     a,r4
        jb7     approach_da_smaller
        mov     a,r3
        jmp     approach_pick
approach_da_smaller:
        mov     a,r2
approach_pick:                          ; A = the smaller: onto its axis when it is less than
        jz      approach_toward         ; the difference, else onto a diagonal
        cpl     a
        add     a,r5                    ; carry: the difference is larger
        mov     a,r4
        jnc     approach_diagonal
        jb7     approach_across         ; |da| the smaller: across
        jmp     approach_vertical
approach_diagonal:                      ; along the larger's axis
        jb7     approach_vertical
approach_across:
        clr     a
        mov     r7,a
        jmp     toward
approach_vertical:
        clr     a
        mov     r6,a
approach_toward:
        jmp     toward

; ---- tables, read with MOVP in one page
ai_byte:
        movp    a,@a
        ret
; times_r6: A = R6 x A (A: 0, 1 or -1).
times_r6:
        jz      times_done
        jb7     times_negative
        mov     a,r6
        ret
times_negative:
        mov     a,r6
        cpl     a
        inc     a
times_done:
        ret
levels:                                 ; parameter x 4 + level
        db      0, 27, 9, 3             ; P_REACT: frames between looks (0.45, 0.15, 0.05 s)
        db      0, 8, 2, 2              ; P_TOL
        db      0, 9, 10, 11            ; P_LOOK: units (and twice the lines) a jet looks ahead
        db      0, F_PERISCOPE | F_GUIDE | F_SHARP, F_SHARP | F_DODGE | F_GUIDE | F_LINE
        db      F_SHARP | F_DODGE | F_GUIDE | F_LINE | F_COVER
        db      0, 10, 20, 22           ; P_NEAR
        db      0, 3, 5, 6              ; P_DETOUR
        db      0, 10, 16, 30           ; P_PATIENCE (4.5 s, 2.4 s, 1.5 s)
row_bits:
        db      01h, 02h, 04h, 08h, 10h, 20h, 40h
sign_x:                                 ; each heading's way across: 1 right, -1 left
        db      0, 1, 1, 1, 0, -1 & 0FFh, -1 & 0FFh, -1 & 0FFh
sign_y:                                 ; ... and down
        db      -1 & 0FFh, -1 & 0FFh, 0, 1, 1, 1, 0, -1 & 0FFh
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
        db      0, 1, 7, 80h
ai_tables_end:
        if      high(ai_byte) <> high(ai_tables_end - 1)
        error   "computer.asm: ai_byte and its tables must stay in one page"
        endif

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
        sel     mb0
        call    ai_begin                ; (computer_play.asm, in 400h-7FFh)
        sel     mb1
        clr     a
        jmp     ai_write
ai_going:                               ; a look takes three frames, each within the frame's
        mov     r1,#AI_CLOCK            ; room: what it sees (clock 2), whether it fires or
        movx    a,@r1                   ; dodges (1), else where it goes (0)
        dec     a
        movx    @r1,a
        jnz     page_hop_1
        jmp     ai_phase_move
page_hop_1:
        dec     a
        jz      ai_phase_act
        dec     a
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        jz      page_hop_2
        jmp     ai_hold
page_hop_2:
        call    ai_look
        jmp     ai_hold
ai_phase_act:
        call    both_shots              ; the heaviest frames: it looks again first
        jz      ai_act_now
        mov     r1,#AI_CLOCK
        mov     a,#3
        movx    @r1,a
        jmp     ai_hold
ai_act_now:
        call    ai_decide               ; (returns from 400h-7FFh: MB1 again)
        sel     mb1
        mov     r2,a
        xrl     a,#MOVE_LATER
        mov     r1,#AI_PENDING
        movx    @r1,a                   ; 0: the move is left for the next frame
        jnz     page_hop_3
        jmp     ai_hold
page_hop_3:
        mov     a,r2
        jmp     ai_stick_set
ai_phase_move:
        mov     a,#P_REACT
        call    level_byte
        mov     r1,#AI_CLOCK
        movx    @r1,a
        mov     r1,#AI_PENDING
        movx    a,@r1
        jnz     ai_hold                 ; it fired or dodged at the last frame
        sel     mb0
        call    move_heavy              ; (computer_play.asm)
        sel     mb1
        jz      ai_move_now
        mov     r1,#AI_CLOCK            ; the heaviest frames: the move at the next one
        mov     a,#1
        movx    @r1,a
        jmp     ai_hold
ai_move_now:
        mov     r1,#AI_PENDING
        mov     a,#1
        movx    @r1,a
        mov     r1,#AI_KIND
        movx    a,@r1
        sel     mb0
        call    ai_move
        sel     mb1
ai_stick_set:
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
        mov     r2,a
        anl     a,#JOY_FIRE
        nop                             ; (keeps the jump below in one page)
        jnz     ai_fired
        mov     a,r2
ai_keep:
        anl     a,#~JOY_FIRE & 0FFh
        jmp     ai_write
ai_fired:                               ; a tank that fired stands (it turned to fire)
        mov     r1,#AI_KIND
        movx    a,@r1
        jz      ai_write
        mov     a,r2
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

; ai_look: what it sees now: the enemy's place if it is in sight, its own middle, the way and
; distance from it to the enemy.
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
        ret

; ai_decide: A = the virtual stick from what it saw at the look (ai_look, the frame before).
ai_decide:
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
        nop                             ; (keeps the jump below in one page)
        nop                             ; (keeps the jump below in one page)
        jnc     page_hop_4
        jmp     distance_db
page_hop_4:
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
        jc     toward_upright
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

; probe: A nonzero when going R6 units across (2 R6 lines up or down) along heading R5 from its
; middle could take it into a cell that is no place for it (AI_BAD): R6 is at most 11, so the way
; there crosses at most one column and one row, and the cells it can touch are the one at the end
; and, aslant, the two beside it (the corner). A test of two or four cells, not of every step: it
; runs within the frame's room. Keeps R5, R7; takes R0-R4, R6.
probe:
        mov     a,r5
        add     a,#low(sign_x)
        call    ai_byte
        call    times_r6
        mov     r1,#AI_HOP_X
        movx    @r1,a
        mov     a,r5
        add     a,#low(sign_y)
        call    ai_byte
        call    times_r6
        rl      a                       ; lines: twice the units
        inc     r1
        movx    @r1,a
        mov     r4,#AI_BAD
        mov     r1,#AI_MX
        movx    a,@r1
        mov     r2,a
        inc     r1
        movx    a,@r1
        mov     r3,a
        mov     r1,#AI_HOP_X
        movx    a,@r1
        add     a,r2
        mov     r2,a
        inc     r1
        movx    a,@r1
        add     a,r3
        mov     r3,a                    ; the end of the way
        call    cell_bad
        jnz     probe_done
        mov     a,r5
        jb0     probe_aslant
        clr     a                       ; straight across, up or down: the end cell alone
probe_done:
        ret
probe_aslant:                           ; the end's X at its Y now, its Y at its X now
        mov     a,r3
        mov     r6,a
        mov     r1,#AI_MY
        movx    a,@r1
        mov     r3,a
        call    cell_bad
        jnz     probe_done
        mov     a,r6
        mov     r3,a
        mov     r1,#AI_MX
        movx    a,@r1
        mov     r2,a
        jmp     cell_bad

; jet_shift: AI_MX, AI_MY move by probe's last way (R7 = 0), or back (R7 nonzero). Takes R1-R3.
jet_shift:
        mov     r1,#AI_HOP_X
        movx    a,@r1
        mov     r2,a
        inc     r1
        movx    a,@r1
        mov     r3,a
        mov     a,r7
        jz      jet_shift_now
        mov     a,r2
        cpl     a
        inc     a
        mov     r2,a
        mov     a,r3
        cpl     a
        inc     a
        mov     r3,a
jet_shift_now:
        mov     r1,#AI_MX
        movx    a,@r1
        add     a,r2
        movx    @r1,a
        inc     r1
        movx    a,@r1
        add     a,r3
        movx    @r1,a
        ret

; stuck: when it has not moved since the last look while its stick pointed somewhere, a detour
; across its way starts.
stuck:
        call    me_offset
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     r1,#AI_LAST_X
        movx    a,@r1
        xrl     a,@r0
        mov     r2,a
        mov     a,@r0
        movx    @r1,a
        inc     r0
        inc     r1
        movx    a,@r1
        xrl     a,@r0
        orl     a,r2
        mov     r2,a
        mov     a,@r0
        movx    @r1,a
        mov     a,r2
        jz      page_hop_5
        jmp     stuck_not
page_hop_5:
        mov     r1,#AI_STICK
        movx    a,@r1
        anl     a,#0Fh
        jnz     page_hop_6
        jmp     stuck_not
page_hop_6:
        mov     r1,#AI_DETOUR
        movx    a,@r1
        jz      page_hop_7
        jmp     stuck_not
page_hop_7:
        mov     a,#P_DETOUR
        call    level_byte
        mov     r1,#AI_DETOUR
        movx    @r1,a
        mov     r0,#seed                ; across its way, one side or the other
        mov     a,@r0
        anl     a,#04h
        add     a,#2
        mov     r2,a
        mov     r1,#AI_STICK
        movx    a,@r1
        anl     a,#0Fh
        add     a,#low(stick_headings)
        call    ai_byte
        add     a,r2
        anl     a,#07h
        mov     r1,#AI_DETOUR_H
        movx    @r1,a
stuck_not:
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
; for it (R5, R5 + 1, R5 - 1; else R5: the stuck test then starts a detour). Takes R0-R4, R6, R7.
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
        mov     r6,#PROBE_UNITS
        call    probe
        jz      go_found
        inc     r7
        jmp     go_try
go_first:                               ; none is free: it stands, and a detour across the
        mov     r0,#seed                ; way asked for starts
        mov     a,@r0
        anl     a,#04h
        add     a,#2
        mov     r2,a
        mov     r1,#AI_TRY
        movx    a,@r1
        add     a,r2
        anl     a,#07h
        mov     r1,#AI_DETOUR_H
        movx    @r1,a
        mov     a,#P_DETOUR
        call    level_byte
        mov     r1,#AI_DETOUR
        movx    @r1,a
        clr     a
        ret
go_found:
        mov     a,r5
; stick_of: A = the stick bits of heading A.
stick_of:
        anl     a,#07h
        add     a,#low(sticks)
        jmp     ai_byte

; incoming: A = the enemy shot's heading when it flies at its middle (within 20 half steps, 2 off
; its line; a sub: any way, for moving it is deep below), else NO_HEADING. Keeps nothing.
incoming:
        call    enemy_offset
        mov     r5,a
        mov     r0,a
        rl      a
        add     a,r0                    ; x 3: red_shot_state or blue_shot_state
        mov     r1,a
        movx    a,@r1
        jnz     page_hop_8
        jmp     incoming_none
page_hop_8:
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
        add     a,#(-20) & 0FFh
        jnc     page_hop_9
        jmp     incoming_none
page_hop_9:
        mov     r4,#2
        call    aligned
        mov     r2,a
        mov     a,r5
        swap    a
        add     a,#side_red + SIDE_SHOT_HEADING
        mov     r1,a
        movx    a,@r1
        xch     a,r2                    ; R2 = the shot's heading
        xrl     a,r2
        jz      incoming_yes            ; coming along its line
        mov     r1,#AI_KIND             ; a sub: any shot this near (moving, it is deep below)
        movx    a,@r1
        dec     a
        jnz     incoming_none
incoming_yes:
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
        jnz     dodge_step
        mov     a,#NO_HEADING
        ret
dodge_step:                             ; (R2 = the shot's heading, R6/R7 = from it to its middle)
        sel     mb0
        jmp     dodge_side              ; (computer_play.asm)

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

