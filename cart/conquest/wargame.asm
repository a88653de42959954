; wargame.asm - the WAR GAME mode (rules 2B-2D) and the practice war ("Practice Sessions").
; Any key but SPACE on SELECT GAME starts it: both readouts spin through random values faster than
; anyone can time the last digit; SPACE stops them, and the left one is the number rule 2D reads
; (kept in `readout`). The next SPACE starts the practice war: the battles' weapons follow a fixed
; cycle through the nine pairings, each side's energy is a new random amount that spins until SPACE
; stops it, a tally of battles won stands over each readout, and the first side to win ten battles
; wins the war (fireworks at its flag; SPACE then shows the final tally, ten to the loser's wins, and
; the next SPACE returns to SELECT GAME).

PRACTICE_WINS   equ     10h             ; BCD 10

; pairing_weapon: A = the weapon at table offset A of this page.
pairing_weapon:
        movp    a,@a
        ret
; The nine pairings, red against blue: every weapon meets every other and itself.
pairings_red:
        db      WEAPON_TANK, WEAPON_TANK, WEAPON_TANK, WEAPON_SUB, WEAPON_SUB, WEAPON_SUB
        db      WEAPON_PLANE, WEAPON_PLANE, WEAPON_PLANE
pairings_blue:
        db      WEAPON_TANK, WEAPON_SUB, WEAPON_PLANE, WEAPON_TANK, WEAPON_SUB, WEAPON_PLANE
        db      WEAPON_TANK, WEAPON_SUB, WEAPON_PLANE
pairings_end:
        if high(pairing_weapon) <> high(pairings_end - 1)
        error "wargame.asm: the pairing tables must share pairing_weapon's page"
        endif

; random_bcd: A = a random two-digit BCD number 00-99. Takes R0, R2, R3.
random_bcd:
        lcall   random
        anl     a,#7Fh
random_bcd_fit:                         ; 0-127 -> 0-99 by taking 100 away until it fits
        add     a,#(-100) & 0FFh
        jc      random_bcd_fit
        add     a,#100
        mov     r3,#0FFh                ; binary 0-99 -> BCD by counting tens
random_tens:
        inc     r3
        add     a,#(-10) & 0FFh
        jc      random_tens
        add     a,#10                   ; the units
        mov     r2,a
        mov     a,r3
        swap    a
        orl     a,r2
        ret

go_wargame:
        mov     r0,#mode
        mov     @r0,#MODE_WARGAME
        mov     r0,#red_weapon
        mov     @r0,#WEAPON_NONE
        mov     r0,#blue_weapon
        mov     @r0,#WEAPON_NONE
        mov     r0,#winner
        mov     @r0,#WINNER_NONE
        mov     r0,#tally_red
        mov     @r0,#0
        mov     r0,#tally_blue
        mov     @r0,#0
        mov     r1,#practice
        clr     a
        lcall   xram_write
        mov     r1,#pairing
        movx    @r1,a
        mov     r1,#wargame_step
        mov     a,#WARGAME_SPIN
        movx    @r1,a
        ret

wargame_frame:
        mov     r1,#wargame_step
        lcall   xram_read
        jz      wargame_spinning
        add     a,#(-WARGAME_ENERGY) & 0FFh
        jz      wargame_energies
        jnc     wargame_held         ; WARGAME_STOPPED
; The practice war is won: the WAR GAME screen shows the final tally until SPACE (SELECT GAME).
        call    space_pressed
        jnz     wargame_done
        lcall   click
        jmp     go_select

; The readouts spin; SPACE stops them and keeps the left one.
wargame_spinning:
        call    spin_energies
        call    space_pressed
        jnz     wargame_done
        mov     r0,#red_energy
        mov     r1,#readout
        mov     a,@r0
        mov     @r1,a
        inc     r0
        inc     r1
        mov     a,@r0
        mov     @r1,a
        mov     r1,#wargame_step
        mov     a,#WARGAME_STOPPED
        lcall   xram_write
        lcall   click
        ret
; The drawn number holds; SPACE starts the practice war.
wargame_held:
        call    space_pressed
        jnz     wargame_done
        mov     r1,#practice
        mov     a,#1
        lcall   xram_write
        lcall   click
; practice_next: the next battle's pairing, its energies spinning until SPACE.
practice_next:
        mov     r0,#mode
        mov     @r0,#MODE_WARGAME
        mov     r0,#winner
        mov     @r0,#WINNER_NONE
        mov     r1,#pairing
        lcall   xram_read
        mov     r6,a
        add     a,#low(pairings_red)
        call    pairing_weapon
        mov     r0,#red_weapon
        mov     @r0,a
        mov     a,r6
        add     a,#low(pairings_blue)
        call    pairing_weapon
        mov     r0,#blue_weapon
        mov     @r0,a
        mov     r1,#wargame_step
        mov     a,#WARGAME_ENERGY
        lcall   xram_write
        ret
; Practice energies spin; SPACE fights the battle with them.
wargame_energies:
        call    spin_energies
        mov     a,r7                    ; C: the console plays blue (entry.asm)
        xrl     a,#KEY_C
        jnz     wargame_not_computer
        mov     r2,#2
        jmp     choose_computer
wargame_not_computer:
        call    space_pressed
        jnz     wargame_done
        mov     r1,#pairing             ; the cycle moves on: 0-8 and round again
        lcall   xram_read
        inc     a
        mov     r2,a
        add     a,#(-9) & 0FFh
        jnz     wargame_pairing
        mov     r2,a
wargame_pairing:
        mov     a,r2
        movx    @r1,a
        lcall   click
        jmp     go_combat
wargame_done:
        ret

; spin_energies: both readouts take new random values, 0001-9999 (never 0: a battle needs energy).
spin_energies:
        mov     r1,#red_energy
        call    spin_one
        mov     r1,#blue_energy
spin_one:                               ; random_bcd takes R0, R2 and R3
        call    random_bcd
        mov     r4,a
        call    random_bcd
        mov     @r1,a
        inc     r1
        mov     a,r4
        mov     @r1,a
        dec     r1
        orl     a,@r1
        jnz     spin_done
        mov     @r1,#10h                ; 0000 would be no battle: 1000 instead
spin_done:
        ret

; space_pressed: A = 0 when SPACE was pressed this frame (R7 holds the frame's key).
space_pressed:
        mov     a,r7
        xrl     a,#KEY_SPACE
        ret
