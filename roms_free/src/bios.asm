; bios.asm - the free Odyssey² BIOS (1 KiB at 0x000-0x3FF), written for this project.
;
; Boot: reset -> init (I/O, internal and external RAM, VDC, sound off, VBLANK interrupt on)
; -> JMP 0x400 in the cartridge. A cartridge that wants the menu jumps to BIOS_SELECT_GAME,
; which shows SELECT GAME, waits for a key and enters the cartridge at 0x408 with the key's
; code in A. The VDC interrupt (VBLANK) is handled here: it acknowledges the VDC, counts the
; frame and, when the cartridge sets BIOS_FLAG_HOOK, calls the cartridge's hook at 0x402. The
; timer interrupt goes straight to the cartridge at 0x404. Contract: roms_free/README.md.

        cpu     8048
        include "hardware.inc"
        include "bios.inc"

SELECT_X        equ     28h             ; "SELECT GAME" centred: 11 characters of 8 pixels
SELECT_Y        equ     60h
SELECT_BG       equ     BG_BLUE
SELECT_INK      equ     COL_WHITE

; ---- Vectors and the fixed jump table ---------------------------------------------------------
        org     000h
        jmp     reset                   ; CPU reset
        org     003h
        jmp     vblank_interrupt        ; /INT from the VDC
        org     007h
        jmp     CART_TIMER              ; timer/counter overflow: the cartridge's own handler

        org     BIOS_SELECT_GAME
        jmp     select_game
        org     BIOS_WAIT_VBLANK
        jmp     wait_vblank
        org     BIOS_PUT_CHAR
        jmp     put_char
        org     BIOS_PUT_STRING
        jmp     put_string
        org     BIOS_PUT_BCD
        jmp     put_bcd
        org     BIOS_READ_KEYS
        jmp     read_keyboard
        org     BIOS_READ_STICK
        jmp     read_joystick
        org     BIOS_VDC_CLEAR
        jmp     vdc_clear

; ---- Reset -------------------------------------------------------------------------------------
reset:
        mov     a,#P1_IDLE
        outl    p1,a
        mov     r0,#3Fh                 ; internal RAM 0x3F..0x01 to zero (R0 itself ends at 0)
        clr     a
clear_internal:
        mov     @r0,a
        djnz    r0,clear_internal
        anl     p1,#~P1_RAM_N & 0FFh    ; external RAM 0x00-0x7F to zero
        mov     r0,#80h
        mov     r1,#0
        call    zero_external
        call    vdc_clear               ; leaves the VDC selected
        mov     r0,#VDC_SOUND
        clr     a
        movx    @r0,a                   ; silent
        mov     r0,#VDC_COLOUR
        mov     a,#SELECT_BG
        movx    @r0,a
        en      i                       ; the VBLANK interrupt runs from now on
        jmp     CART_RESET

; ---- VBLANK interrupt (bank 1: R7 = saved A, R6 = saved P1) --------------------------------------
vblank_interrupt:
        sel     rb1
        mov     r7,a
        in      a,p1
        mov     r6,a
        orl     p1,#P1_RAM_N | P1_KBD_N
        anl     p1,#~(P1_VDC_N | P1_COPY) & 0FFh
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; reading the status releases /INT
        mov     r1,#BIOS_STATUS
        mov     @r1,a
        mov     r1,#BIOS_FRAMES
        inc     @r1
        mov     r1,#BIOS_VBLANK
        mov     @r1,#1
        mov     r1,#BIOS_FLAGS
        mov     a,@r1
        anl     a,#BIOS_FLAG_HOOK
        jz      vblank_return
        call    CART_VBLANK             ; inside an interrupt A11 is 0, so this is 0x402
vblank_return:
        mov     a,r6
        outl    p1,a
        mov     a,r7
        retr

; ---- wait_vblank: returns after the next VBLANK interrupt has run (needs EN I) ------------------
wait_vblank:
        mov     r1,#BIOS_VBLANK
        mov     @r1,#0
wait_vblank_loop:
        mov     a,@r1
        jz      wait_vblank_loop
        ret

; ---- put_char: A = character code 0x00-0x3F into the VDC character entry at R0 ------------------
; In: R0 = entry address (10h + 4n, or a quad's), R3 = X, R4 = Y, R5 = colour 0-7.
; Out: R0 += 4 (next entry), R3 += 8 (next column). Clobbers A, R2. The VDC stays selected.
; The entry is only written while the display is off (A0 bit 5 clear): the VDC locks it otherwise.
put_char:
        orl     p1,#P1_RAM_N | P1_KBD_N
        anl     p1,#~(P1_VDC_N | P1_COPY) & 0FFh
        rl      a                       ; code * 8, rotated: bits 7-3 are the pointer's low
        rl      a                       ; byte, bit 0 (code bit 5) its bit 8, bits 2-1 zero
        rl      a
        mov     r2,a
        mov     a,r4
        movx    @r0,a                   ; Y
        inc     r0
        mov     a,r3
        movx    @r0,a                   ; X
        inc     r0
        mov     a,r2                    ; pointer = code * 8 - Y / 2 (9 bits): added as
        rrc     a                       ; low + ~(Y/2) + 1, where bit 0 of R2 already holds
        cpl     c                       ; the 1 when pointer bit 8 is set, else the carry does
        mov     a,r4
        rr      a
        anl     a,#7Fh
        cpl     a
        addc    a,r2                    ; C = 0 when Y/2 borrowed from bit 8
        movx    @r0,a                   ; pointer, low byte
        inc     r0
        mov     a,r2
        jc      put_char_attr
        xrl     a,#CHAR_PTR8            ; the borrow flips bit 8
put_char_attr:
        anl     a,#CHAR_PTR8
        mov     r2,a
        mov     a,r5
        rl      a
        anl     a,#7 << CHAR_COLOUR_SHIFT
        orl     a,r2
        movx    @r0,a                   ; attributes: colour, pointer bit 8
        inc     r0
        mov     a,r3
        add     a,#8
        mov     r3,a
        ret

; ---- put_string: R6 (1-255) codes from internal RAM at R1, through put_char -------------------
; Out: R1 past the text, R6 = 0, R0 and R3 advanced as put_char does. Clobbers A, R2.
put_string:
        mov     a,@r1
        inc     r1
        call    put_char
        djnz    r6,put_string
        ret

; ---- put_bcd: A = two BCD digits, tens first, through put_char. Clobbers A, R1, R2 ---------
put_bcd:
        mov     r1,a
        swap    a
        anl     a,#0Fh
        call    put_char
        mov     a,r1
        anl     a,#0Fh
        jmp     put_char

; ---- read_keyboard: A = code of a key that is down (HARDWARE.md section 4), or NO_KEY ---------
; Rows 0-5 are scanned in order; the first row with a key down answers, with the highest
; column the decoder reports. The code is row * 8 + column. Clobbers R2; P2 = F8h | last row.
read_keyboard:
        orl     p1,#P1_VDC_N | P1_RAM_N
        anl     p1,#~P1_KBD_N & 0FFh
        mov     r2,#0
read_keyboard_row:
        mov     a,r2
        orl     a,#P2_INPUTS
        outl    p2,a
        in      a,p2
        jb4     read_keyboard_next      ; P2_NO_KEY
        cpl     a                       ; bits 7-5 give the column, inverted
        swap    a
        rr      a
        anl     a,#07h
        xch     a,r2
        rl      a
        rl      a
        rl      a
        orl     a,r2
        jmp     read_keyboard_done
read_keyboard_next:
        inc     r2
        mov     a,r2
        xrl     a,#KEY_ROWS
        jnz     read_keyboard_row
        mov     a,#NO_KEY
read_keyboard_done:
        orl     p1,#P1_KBD_N
        ret

; ---- read_joystick: A = stick 0 or 1 (P2 select, 0 = MAME's :JOY.0) -> A = JOY_* bits, 1 = on --
read_joystick:
        orl     p1,#P1_VDC_N | P1_RAM_N
        anl     p1,#~P1_KBD_N & 0FFh
        anl     a,#01h
        orl     a,#P2_INPUTS
        outl    p2,a
        ins     a,bus
        cpl     a
        anl     a,#JOY_ALL
        orl     p1,#P1_KBD_N
        ret

; ---- vdc_clear: display and grid off (A0 = 0), every object, shape and grid register zeroed --
; Clobbers A, R0, R1. Leaves the VDC selected.
vdc_clear:
        orl     p1,#P1_RAM_N | P1_KBD_N
        anl     p1,#~(P1_VDC_N | P1_COPY) & 0FFh
        mov     r0,#VDC_CONTROL
        clr     a
        movx    @r0,a                   ; unlocks the object and grid registers
        mov     r0,#VDC_OBJECTS_END
        mov     r1,#VDC_SPRITE0
        call    zero_external
        mov     r0,#VDC_GRID_END
        mov     r1,#VDC_GRID_H
;       fall through

; ---- zero_external: MOVX-writes 0 to addresses R0-1 down to R1 of the selected chip ------------
zero_external:
        dec     r0
        clr     a
        movx    @r0,a
        mov     a,r0
        xrl     a,r1
        jnz     zero_external
        ret

; ---- select_game: the menu --------------------------------------------------------------------
select_game:
        call    vdc_clear
        mov     r0,#VDC_COLOUR
        mov     a,#SELECT_BG
        movx    @r0,a
        mov     r0,#VDC_CHAR0
        mov     r3,#SELECT_X
        mov     r4,#SELECT_Y
        mov     r5,#SELECT_INK
        mov     r6,#0
select_game_text:
        mov     a,r6
        add     a,#low(select_text)
        movp3   a,@a
        call    put_char
        inc     r6
        mov     a,r6
        xrl     a,#SELECT_TEXT_LENGTH
        jnz     select_game_text
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_OBJECTS
        movx    @r0,a
select_game_wait:
        call    wait_vblank
        call    read_keyboard
        mov     r7,a
        inc     a
        jz      select_game_wait        ; NO_KEY + 1 = 0
        call    vdc_clear
        mov     a,r7
        jmp     CART_SELECTED

; ---- Page 3: data read with MOVP3 ---------------------------------------------------------------
        org     300h
select_text:                            ; S E L E C T _ G A M E in the character codes
        db      19h, 12h, 0Eh, 12h, 23h, 14h, 0Ch, 1Ch, 20h, 26h, 12h
SELECT_TEXT_LENGTH equ $ - select_text
