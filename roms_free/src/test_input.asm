; test_input.asm - every key and joystick direction (HARDWARE.md §2, §4). Every frame, after
; the BIOS's wait_vblank, with the keyboard decoder enabled (P12 = 0), into external RAM:
;   00h-05h  P2 as read (IN A,P2) with row 0-5 written to P2 bits 0-2 (F8h | row written)
;   06h-07h  the bus as read (INS A,BUS) with joystick 0 / 1 selected (F8h | n written to P2)
;   10h-17h  every key code BIOS read_keyboard has returned so far: bit (code & 7) of byte
;            10h + code / 8 is set once the code was seen
;   18h-19h  every joystick bit BIOS read_joystick has returned so far, sticks 0 and 1 (ORed)
;   1Ah      the last read_keyboard result (FFh: no key)
; Internal RAM 20h-27h: scratch for the raw reads. Nothing is shown.

        include "cart.inc"              ; the CPU, the names, the reset vector

RAW             equ     20h             ; internal RAM
RAW_COUNT       equ     KEY_ROWS + 2
SEEN            equ     10h             ; external RAM
STICK_SEEN      equ     18h
LAST_KEY        equ     1Ah

        org     410h
start:
        call    BIOS_VDC_CLEAR
every_frame:
        call    BIOS_WAIT_VBLANK
        orl     p1,#P1_VDC_N | P1_RAM_N
        anl     p1,#~P1_KBD_N & 0FFh    ; decoder on
        mov     r1,#RAW
        mov     r2,#0
raw_row:
        mov     a,r2
        orl     a,#P2_INPUTS
        outl    p2,a
        in      a,p2
        mov     @r1,a
        inc     r1
        inc     r2
        mov     a,r2
        xrl     a,#KEY_ROWS
        jnz     raw_row
        mov     a,#P2_INPUTS            ; joystick 0
        outl    p2,a
        ins     a,bus
        mov     @r1,a
        inc     r1
        mov     a,#P2_INPUTS | 1        ; joystick 1
        outl    p2,a
        ins     a,bus
        mov     @r1,a
        orl     p1,#P1_KBD_N
        call    select_ram
        mov     r0,#0
        mov     r1,#RAW
        mov     r6,#RAW_COUNT
copy_raw:
        mov     a,@r1
        movx    @r0,a
        inc     r0
        inc     r1
        djnz    r6,copy_raw

        call    BIOS_READ_KEYS
        mov     r5,a
        call    select_ram
        mov     r0,#LAST_KEY
        movx    @r0,a
        inc     a
        jz      sticks                  ; NO_KEY
        mov     a,r5                    ; byte SEEN + code / 8 |= bit (code & 7)
        rr      a
        rr      a
        rr      a
        anl     a,#07h
        add     a,#SEEN
        mov     r0,a
        mov     a,r5
        anl     a,#07h
        add     a,#low(bit_masks)
        movp    a,@a
        mov     r4,a
        movx    a,@r0
        orl     a,r4
        movx    @r0,a
sticks:
        mov     r3,#0
stick:
        mov     a,r3
        call    BIOS_READ_STICK
        mov     r4,a
        call    select_ram
        mov     a,r3
        add     a,#STICK_SEEN
        mov     r0,a
        movx    a,@r0
        orl     a,r4
        movx    @r0,a
        inc     r3
        mov     a,r3
        xrl     a,#2
        jnz     stick
        jmp     every_frame
bit_masks:
        db      01h, 02h, 04h, 08h, 10h, 20h, 40h, 80h

        include "testlib.inc"
