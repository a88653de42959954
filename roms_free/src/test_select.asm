; test_select.asm - the BIOS's SELECT GAME entry. 0x400 jumps to BIOS_SELECT_GAME; the BIOS
; comes back at 0x408 with the pressed key's code in A. The cartridge stores it at internal RAM
; 20h (and counts its entries at 21h), then shows the key's character in white on the screen.
; Result: iram[20h] = key code (HARDWARE.md section 4), iram[21h] = 1.

        cpu     8048
        include "hardware.inc"
        include "bios.inc"

KEY             equ     20h
ENTRIES         equ     21h

        org     CART_RESET
        jmp     BIOS_SELECT_GAME

        org     CART_SELECTED
        mov     r0,#KEY
        mov     @r0,a
        inc     r0
        inc     @r0                     ; ENTRIES
        mov     r0,#VDC_CHAR0
        mov     r3,#50h
        mov     r4,#60h
        mov     r5,#COL_WHITE
        call    BIOS_PUT_CHAR
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_OBJECTS
        movx    @r0,a
idle:
        jmp     idle
