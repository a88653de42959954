; keys.asm - the keyboard and the two sticks, read once a frame (entry.asm acts on the keys).

KEY_SPACE       equ     0Ch             ; key codes = the character the key shows (roms_free/README.md)
KEY_CLEAR       equ     2Eh
KEY_ENTER       equ     2Fh
KEY_R           equ     13h
KEY_B           equ     25h
KEY_C           equ     23h             ; the console plays the side (computer.asm)
WEAPON_NONE     equ     0Dh             ; '?'
WEAPON_SUB      equ     19h             ; 'S'
WEAPON_PLANE    equ     0Fh             ; 'P'
WEAPON_TANK     equ     14h             ; 'T'

; scan_keys: A = the code of a key that is down (the first row with one, its highest column, as the
; decoder answers), or NO_KEY. The decoder is switched off again afterwards.
scan_keys:
        orl     p1,#P1_VDC_N | P1_RAM_N
        anl     p1,#P1_KEYS
        mov     r3,#0
scan_row:
        mov     a,r3
        orl     a,#P2_INPUTS
        outl    p2,a
        in      a,p2
        jb4     scan_next               ; bit 4 high: no key down in this row
        swap    a                       ; bits 7-5 (7 - column) to bits 2-0
        rr      a
        cpl     a
        anl     a,#07h
        mov     r2,a
        mov     a,r3
        rl      a
        rl      a
        rl      a
        orl     a,r2
        jmp     scan_done
scan_next:
        inc     r3
        mov     a,r3
        xrl     a,#KEY_ROWS
        jnz     scan_row
        mov     a,#NO_KEY
scan_done:
        orl     p1,#P1_KBD_N
        ret

; read_key: A = a key pressed since the last frame (its code once, on the press), else NO_KEY.
read_key:
        mov     r0,#mode                ; no key acts in a battle: the scan's time goes to the battle
        mov     a,@r0
        xrl     a,#MODE_COMBAT
        jz      read_key_held
        call    scan_keys
        mov     r2,a
        mov     r0,#last_key
        xrl     a,@r0
        jz      read_key_held
        mov     a,r2
        mov     @r0,a
        ret
read_key_held:
        mov     a,#NO_KEY
        ret

; read_sticks: stick_red (left controller, stick 0) and stick_blue (stick 1), 1 = pressed.
read_sticks:
        orl     p1,#P1_VDC_N | P1_RAM_N
        anl     p1,#P1_KEYS
        mov     a,#P2_INPUTS
        outl    p2,a
        ins     a,bus
        cpl     a
        anl     a,#JOY_ALL
        mov     r0,#stick_red
        mov     @r0,a
        mov     a,#P2_INPUTS | 1
        outl    p2,a
        ins     a,bus
        cpl     a
        anl     a,#JOY_ALL
        mov     r0,#stick_blue
        mov     @r0,a
        orl     p1,#P1_KBD_N
        ret

