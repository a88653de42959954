; combat.asm - the battles (bank 0, 400h-7E7h). The game in bank 1 calls, through bankcall.inc:
;   combat_start  once, when ENTER starts a battle (weapons and energies are set);
;   combat_draw   in each frame's VDC writes (VBLANK, objects off, VDC selected);
;   combat_frame  once a frame after them; the battle is over when it sets `winner`.
; The rules are the manual's ("Submarine school", "Flight training", "Tank maneuvers"); the numbers
; (speeds, ranges, drain rates) are ours, in units a second so that NTSC and PAL play the same, and
; listed in cart/conquest/README.md.

        helpers b0
half_column     equ     half_column_b0
mirror_column   equ     mirror_column_b0
row_line        equ     row_line_b0
weapon_kind     equ     weapon_kind_b0
kind_of_code    equ     kind_of_code_b0

KIND_TANK       equ     0
KIND_SUB        equ     1
KIND_PLANE      equ     2

; The playfield is the VDC grid's cells: 9 columns of 16 X units from X 08h (a sprite's X register),
; 7 rows of 24 lines from line 18h. Water is a cell filled by a wide vertical grid segment.
FIELD_X0        equ     08h
FIELD_Y0        equ     18h
FIELD_COLS      equ     9
FIELD_ROWS      equ     7
X_LAST          equ     FIELD_X0 + FIELD_COLS * 16 - 8      ; rightmost sprite X inside the field
Y_LAST          equ     FIELD_Y0 + FIELD_ROWS * 24 - 16     ; lowest sprite Y inside the field
JET_X_WRAP      equ     0A8h            ; a jet leaving the field flies on unseen to here, then wraps
JET_Y_TOP       equ     04h
JET_Y_WRAP      equ     0C0h

TERRAIN_LAND    equ     0
TERRAIN_WOODS   equ     1               ; a tree
TERRAIN_MOUNTAIN equ    2
TERRAIN_MINE    equ     3
TERRAIN_WATER   equ     4

BOTH_IN         equ     1Dh             ; bank 1's R5 (no code selects bank 1): 1 while both weapons were
                                        ; in the battle at the frame's start (energy drains only then)

; Each side's block in external RAM (side_red / side_blue).
SIDE_KIND       equ     0
SIDE_MOVE       equ     1               ; movement: units a second add up here, a step per `fps`
SIDE_DRAIN      equ     2               ; energy: units a second add up here, a unit per `fps`
SIDE_TARGET     equ     3               ; jet: the heading the autopilot turns to, 0FFh none
SIDE_SHOT_HEADING equ   4
SIDE_SHOT_GONE  equ     5               ; steps the shot has flown
SIDE_BOOM       equ     6               ; frames of explosion left
SIDE_FIRE_WAS   equ     7               ; the fire button last frame
SIDE_SHOWN      equ     8               ; the weapon is drawn this frame
SIDE_SHAPES     equ     9               ; its sprite shapes are written (once a battle)
SIDE_TURN       equ     10              ; jet: the autopilot's (or out of control) turns, per second
SIDE_SHOT_CLOCK equ     11              ; the shot's steps, per second
SIDE_SHOT_BOOM  equ     12              ; frames the ended shot's explosion still shows (no new shot
                                        ; before it is over: the weapon's reload)

; Speeds and drains (units a second), ranges (steps; a shot flies SPEED_SHOT steps a second).
SPEED_TANK      equ     20
SPEED_SUB       equ     16
SPEED_PLANE     equ     30
SPEED_SHOT      equ     90             ; shells and bullets, steps a second: 2 a frame on NTSC
SPEED_MISSILE   equ     34              ; a missile: 1 a frame on NTSC; the sub shows while it flies
TURNS_A_SECOND  equ     4               ; the jet's autopilot: angles a second
OUT_OF_CONTROL_TURNS equ 2              ; a jet off the screen with the stick centred: random headings a second
DRAIN_TANK      equ     20
DRAIN_SUB       equ     20
DRAIN_MISSILE   equ     200             ; a sub with a missile in flight: ten times its idle rate
DRAIN_PLANE     equ     40
RANGE_SHELL     equ     60
RANGE_GUN       equ     70
RANGE_MISSILE   equ     56
SHELL_NEAR      equ     24              ; a shell this few steps out passes through a tree (up, down, aslant)
SHELL_NEAR_ACROSS equ   32              ; ... and flying across (tank.asm, shell_tree)
BLAST_X         equ     8              ; a missile's blast: weapons this near are destroyed
BLAST_Y         equ     16

SOUND_FIRE      equ     1
SOUND_BOOM      equ     2
SOUND_DING      equ     3
SOUND_MOTION    equ     4               ; a step taken while nothing else sounds

; ---- the room the battle's start left (it went to bank 0), for the frame work moved out of 800h-BFFh
; side_visibility: SIDE_SHOWN: alive or exploding, in the field, not submerged (but at a sonar
; ding), a jet on autopilot flashing: hidden every other 4 ticks of `frames` (1/15 s).
side_visibility:
        mov     r2,#0
        call    side_offscreen
        jnz     hidden
        mov     a,r5
        add     a,#red_submerged
        mov     r0,a
        mov     a,@r0
        jz      seen
        mov     r1,#sonar_shows
        call    xram_read_b0
        jz      hidden
seen:
        call    side_block
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
        inc     r2
hidden:
        call    side_block
        mov     a,r1
        add     a,#SIDE_SHOWN
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        ret

; shot_boom: side R5's shot explodes where it ends (range, tree, mountain, a missile let go): shown
; for a second, and the weapon fires again only after that (its reload). Takes R0, R1.
; (No calls: it runs at the stack's deepest point, under shot_hits and missile_blast.)
shot_boom:
        mov     a,r5
        swap    a
        add     a,#side_red + SIDE_SHOT_BOOM
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        mov     r0,#fps
        mov     a,@r0                   ; fps: a second
        movx    @r1,a
        ret

; boom_of: R1 = side R5's SIDE_SHOT_BOOM, A = it (the RAM selected).
boom_of:
        call    side_block
        mov     a,r1
        add     a,#SIDE_SHOT_BOOM
        mov     r1,a
        movx    a,@r1
        ret

; shot_boom_count: side R5 has no shot in flight: its explosion's frames count down; when it is
; over, the side's shapes are written again (draw.asm drew the explosion in the shot's sprite).
shot_boom_count:
        call    boom_of
        jz      boom_count_done
        dec     a
        movx    @r1,a
        jnz     boom_count_done
        mov     a,r1
        add     a,#SIDE_SHAPES - SIDE_SHOT_BOOM
        mov     r1,a
        clr     a
        movx    @r1,a
boom_count_done:
        ret

BANK2_ROOM_END  equ     04FDh           ; the code below stays where it was (its jumps stay in their pages)
        if $ > BANK2_ROOM_END
        error "combat.asm: the moved routines outgrow the start's old room"
        endif
        ds      BANK2_ROOM_END - $

; side_block: R1 = side R5's block in external RAM; the RAM is selected.
side_block:
        mov     a,r5
        swap    a
        add     a,#side_red
        mov     r1,a
        jmp     select_ram_b0

; field_entry: A = where the playfield's table is: its copy in external RAM (terrain.asm makes it).
field_entry:
        mov     a,#field_copy
        ret

; field_byte: A = the byte at external A (the playfield copy), the RAM selected. Takes R1. (No
; calls: it runs at the stack's deepest point, 8 levels down through terrain_at.)
field_byte:
        mov     r1,a
        movx    a,@r1
        ret

; The entry points the far calls reach (below 800h); the battle's frame work stands at 800h-BFFh.

; ---- small pieces of the battle's frame (called from weapons.asm with lcall)
; sonar_frame: a ding every 3 seconds; submerged subs show for half a second after it.
sonar_frame:
        mov     r1,#sonar_shows
        call    xram_read_b0
        jz      sonar_count
        dec     a
        movx    @r1,a
sonar_count:
        mov     r1,#sonar
        movx    a,@r1
        dec     a
        movx    @r1,a
        jnz     sonar_done
        mov     r0,#fps
        mov     a,@r0
        mov     r2,a
        rl      a
        add     a,r2
        movx    @r1,a                   ; 3 seconds to the next
        mov     a,r2
        clr     c
        rrc     a
        mov     r1,#sonar_shows
        movx    @r1,a
        mov     a,#SOUND_DING
        jmp     ask_sound
sonar_done:
        ret

ask_sound:                              ; (no calls: it runs deep in the stack)
        mov     r1,#sound_request
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        movx    @r1,a
        ret

; energy_down: side R5's energy minus one (4 BCD digits); A = 0 when it is 0 now.
energy_down:
        mov     a,r5
        rl      a
        add     a,#red_energy + 1
        mov     r0,a
        mov     a,@r0
        add     a,#99h                  ; BCD: x + 99 = x - 1, carry unless x was 0
        da      a
        mov     @r0,a
        jc      energy_low_ok
        dec     r0
        mov     a,@r0
        add     a,#99h
        da      a
        mov     @r0,a
        inc     r0
energy_low_ok:
        mov     a,@r0
        dec     r0
        orl     a,@r0
        ret

; side_offscreen: A nonzero when side R5's weapon is outside the field (a jet flying unseen).
side_offscreen:
        mov     a,r5
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        add     a,#(-FIELD_X0) & 0FFh
        jnc     offscreen_yes
        add     a,#(-(X_LAST - FIELD_X0 + 1)) & 0FFh
        jc      offscreen_yes
        inc     r0
        mov     a,@r0
        add     a,#(-FIELD_Y0) & 0FFh
        jnc     offscreen_yes
        add     a,#(-(Y_LAST - FIELD_Y0 + 1)) & 0FFh
        jc      offscreen_yes
        clr     a
        ret
offscreen_yes:
        mov     a,#1
        ret

; near_other: A nonzero when X R3, Y R4 is within side R6's weapon (8 units by 16 lines).
near_other:
        mov     a,r6
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        cpl     a
        inc     a
        add     a,r3                    ; X - its left edge
        add     a,#(-8) & 0FFh
        jc      near_no
        inc     r0
        mov     a,@r0
        cpl     a
        inc     a
        add     a,r4
        add     a,#(-16) & 0FFh
        jc      near_no
        mov     a,#1
        ret
near_no:
        clr     a
        ret


; ---- hits, blasts and collisions (called from weapons.asm with lcall)
; shot_hits: a shot at X R3, Y R4 on the other side's weapon (nothing reaches a sub deep below:
; deep_below; a missile's hit is its blast). A nonzero: hit, the shot is gone.
shot_hits:
        mov     a,r5
        xrl     a,#1
        mov     r6,a                    ; the other side
        add     a,#red_alive
        mov     r0,a
        mov     a,@r0
        jz      no_hit
        call    deep_below
        jnz     no_hit
        call    near_other              ; A nonzero: within the target's sprite
        jz      no_hit
        hcall   is_sub
        jz      missile_blast_hit
        hcall   shot_off
        mov     a,r5
        xch     a,r6
        mov     r5,a
        hcall   destroy
        mov     a,r6
        mov     r5,a
        mov     a,#1
        ret
missile_blast_hit:
        call    missile_blast
        mov     a,#1
        ret
no_hit:
        clr     a
        ret

; missile_blast: side R5's missile explodes: the enemy's weapon inside the blast is destroyed.
missile_blast:
        hcall   shot_of
        clr     a
        movx    @r1,a
        inc     r1
        movx    a,@r1
        mov     r3,a
        inc     r1
        movx    a,@r1
        mov     r4,a
        call    shot_boom               ; seen where it blasts
        mov     a,r5
        mov     r2,a                    ; keep the firing side
        xrl     a,#1
        mov     r6,a                    ; the blast reaches the enemy (the sub that fired is below it)
        call    blast_on
        mov     a,r2
        mov     r5,a
        mov     a,#SOUND_BOOM
        jmp     ask_sound
blast_on:
        call    deep_below              ; a sub deep below is out of the blast's reach
        jnz     blast_miss
        mov     a,r6
        rl      a
        add     a,#red_x
        mov     r0,a
        mov     a,@r0
        add     a,#4
        cpl     a
        inc     a
        add     a,r3                    ; distance across
        jb7     blast_left
        jmp     blast_across
blast_left:
        cpl     a
        inc     a
blast_across:
        add     a,#(-BLAST_X) & 0FFh
        jc      blast_miss
        inc     r0
        mov     a,@r0
        add     a,#8
        cpl     a
        inc     a
        add     a,r4
        jb7     blast_up
        jmp     blast_down
blast_up:
        cpl     a
        inc     a
blast_down:
        add     a,#(-BLAST_Y) & 0FFh
        jc      blast_miss
        mov     a,r6
        mov     r5,a
        hcall   destroy
        mov     a,r2
        mov     r5,a
blast_miss:
        ret

; subs_collide: two subs that meet both explode (a tie).
subs_collide:
        mov     r0,#red_alive
        mov     a,@r0
        mov     r0,#blue_alive
        anl     a,@r0
        jnz     collide_both_in
        ret
collide_both_in:
        mov     r5,#0
        hcall   is_sub
        jz      collide_red_sub
        ret
collide_red_sub:
        mov     r5,#1
        hcall   is_sub
        jz      collide_blue_sub
        ret
collide_blue_sub:
        mov     r0,#red_x               ; red's middle against blue's sprite
        mov     a,@r0
        add     a,#4
        mov     r3,a
        inc     r0
        mov     a,@r0
        add     a,#8
        mov     r4,a
        mov     r6,#1
        call    near_other
        jnz     collide_hit
        ret
collide_hit:
        hcall   destroy                 ; R5 = 1: blue
        mov     r5,#0
        hcall   destroy
        ret


        include "playfields.asm"

; deep_below: A nonzero when side R6's weapon is a sub deep below: submerged, and not brought up by
; a sonar ding (the manual: a sub must "up periscope" every time the sonar dings). No shell, bullet
; or missile's blast reaches it there; at periscope depth (stick centred, steering its missile, or
; at a ding) every one does (COMBAT.md, "Balance"). Takes R0, R1; the RAM selected. (No calls: it
; runs at the stack's deepest point, under shot_hits and missile_blast.)
deep_below:
        mov     a,r6
        add     a,#red_submerged
        mov     r0,a
        mov     a,@r0
        jz      deep_no                 ; at periscope depth, or no sub
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#P1_RAM
        mov     r1,#sonar_shows
        movx    a,@r1
        jz      deep_yes                ; no ding: it stays below
        clr     a
        ret
deep_yes:
        mov     a,#1
deep_no:
        ret
