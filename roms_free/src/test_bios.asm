; test_bios.asm - calls every BIOS routine and records what it did, for tests/roms.
;
; Each call is made with known values in R0-R7 and followed by a dump of A and R0-R7 (9 bytes)
; into external RAM, in this order (dump n at external address 9n):
;   0 vdc_clear   A=55h R0-R7 = A0h-A7h
;   1 put_char    A=00h R0=10h R1=B1h R2=B2h R3=10h R4=22h (Y) R5=3 (colour) R6=B6h R7=B7h
;   2 put_char    A=20h (R0, R3 as left by dump 1; Y=22h)
;   3 put_char    A=3Fh (Y=23h: bit 0 is ignored)
;   4 put_char    A=08h Y=80h (pointer exactly 0)
;   5 put_char    A=30h Y=0FEh (borrow into bit 8)
;   6 put_string  R1=28h (internal RAM: 25h 16h 17h 19h, "BIOS") R6=4 R0=24h R3=40h R4=40h R5=2
;   7 put_bcd     A=59h R0=34h R3=70h R4=60h R5=7
;   8 wait_vblank (first call)
;   9 read_keyboard (no key down)
;  10 read_joystick A=0
;  11 read_joystick A=1
; then every frame the loop stores, in external RAM: 70h read_keyboard, 71h read_joystick 0,
; 72h read_joystick 1, 73h loop count. The display (objects) goes on after 8 loops: until then
; the character registers read back as written.
; The VBLANK hook (0x402, enabled first thing) counts its calls at internal RAM 21h.

        include "cart.inc"              ; the CPU, the names, the reset vector

DUMP_PTR        equ     20h             ; internal RAM: where the next dump goes
HOOK_COUNT      equ     21h
TEXT            equ     28h             ; internal RAM: put_string's text
RESULT_KEY      equ     70h             ; external RAM, written every frame
RESULT_STICK0   equ     71h
RESULT_STICK1   equ     72h
RESULT_LOOPS    equ     73h
DISPLAY_AFTER   equ     8               ; loops with the display off, so the VDC reads back

        org     CART_VBLANK
        jmp     vblank_hook

        org     410h
start:
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        mov     r0,#TEXT                ; "BIOS"
        mov     @r0,#25h
        inc     r0
        mov     @r0,#16h
        inc     r0
        mov     @r0,#17h
        inc     r0
        mov     @r0,#19h

        mov     r0,#0A0h                ; dump 0: vdc_clear
        mov     r1,#0A1h
        mov     r2,#0A2h
        mov     r3,#0A3h
        mov     r4,#0A4h
        mov     r5,#0A5h
        mov     r6,#0A6h
        mov     r7,#0A7h
        mov     a,#55h
        call    BIOS_VDC_CLEAR
        call    dump

        mov     r0,#VDC_CHAR0           ; dump 1: put_char 00h
        mov     r1,#0B1h
        mov     r2,#0B2h
        mov     r3,#10h
        mov     r4,#22h
        mov     r5,#3
        mov     r6,#0B6h
        mov     r7,#0B7h
        clr     a
        call    BIOS_PUT_CHAR
        call    dump
        mov     a,#20h                  ; dump 2
        call    BIOS_PUT_CHAR
        call    dump
        mov     r4,#23h                 ; dump 3
        mov     a,#3Fh
        call    BIOS_PUT_CHAR
        call    dump
        mov     r4,#80h                 ; dump 4
        mov     a,#08h
        call    BIOS_PUT_CHAR
        call    dump
        mov     r4,#0FEh                ; dump 5
        mov     a,#30h
        call    BIOS_PUT_CHAR
        call    dump

        mov     r1,#TEXT                ; dump 6: put_string
        mov     r6,#4
        mov     r0,#24h
        mov     r3,#40h
        mov     r4,#40h
        mov     r5,#2
        call    BIOS_PUT_STRING
        call    dump

        mov     r0,#34h                 ; dump 7: put_bcd
        mov     r3,#70h
        mov     r4,#60h
        mov     r5,#7
        mov     a,#59h
        call    BIOS_PUT_BCD
        call    dump

        call    BIOS_WAIT_VBLANK        ; dump 8
        call    dump
        call    BIOS_READ_KEYS          ; dump 9
        call    dump
        clr     a                       ; dump 10
        call    BIOS_READ_STICK
        call    dump
        mov     a,#1                    ; dump 11
        call    BIOS_READ_STICK
        call    dump

        mov     r7,#0                   ; loop count
every_frame:
        call    BIOS_WAIT_VBLANK
        call    BIOS_READ_KEYS
        mov     r6,a
        clr     a
        call    BIOS_READ_STICK
        mov     r5,a
        mov     a,#1
        call    BIOS_READ_STICK
        mov     r4,a
        inc     r7
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#~P1_RAM_N & 0FFh
        mov     r0,#RESULT_KEY
        mov     a,r6
        movx    @r0,a
        inc     r0
        mov     a,r5
        movx    @r0,a
        inc     r0
        mov     a,r4
        movx    @r0,a
        inc     r0
        mov     a,r7
        movx    @r0,a
        xrl     a,#DISPLAY_AFTER
        jnz     every_frame
        orl     p1,#P1_RAM_N | P1_KBD_N
        anl     p1,#~(P1_VDC_N | P1_COPY) & 0FFh
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_OBJECTS
        movx    @r0,a
        jmp     every_frame

; Appends A and bank-0 R0-R7 to external RAM at [DUMP_PTR]; keeps A and every register of
; bank 0. Uses bank-1 R0-R2 with interrupts off (the BIOS handler owns bank-1 R0, R1).
dump:
        dis     i
        sel     rb1
        mov     r2,a
        mov     r0,#DUMP_PTR
        mov     a,@r0
        mov     r1,a
        orl     p1,#P1_VDC_N | P1_KBD_N
        anl     p1,#~P1_RAM_N & 0FFh
        mov     a,r2
        movx    @r1,a
        inc     r1
        mov     r0,#0
dump_register:
        mov     a,@r0                   ; bank-0 Rn lives at internal RAM n
        movx    @r1,a
        inc     r1
        inc     r0
        mov     a,r0
        xrl     a,#8
        jnz     dump_register
        mov     a,r1
        mov     r0,#DUMP_PTR
        mov     @r0,a
        mov     a,r2
        sel     rb0
        en      i
        ret

vblank_hook:                            ; bank 1, called by the BIOS's VBLANK handler
        mov     r0,#HOOK_COUNT
        inc     @r0
        ret
