; test_regs.asm - VDC register read-back masks, the A0-AF/B0-BF and quad Y/X mirrors, the write
; locks while objects or grid are shown (HARDWARE.md §3, Horton's register map, tests 72-87).
; A script of (operation, register, value) runs once with interrupts off; every read appends
; one byte to external RAM from 00h:
;   00h-37h  masks: for each of 00 01 02 03 10 11 12 13 40 41 42 43 80 A3 A7 A8 A9 AA C0 C8 C9
;            D0 D8 D9 E0 E9 EA F0 (28 registers): write FFh, read; write 00h, read (2 bytes)
;   38h      AA after writing 05h to BA          39h  BA after writing 0Ah to AA
;   3Ah-3Ch  44, 48, 4C after writing 30h to 40 (quad 0's Y mirrors)
;   3Dh-3Fh  41, 45, 49 after writing 22h to 4D (quad 0's X mirrors)
;   40h      A0 after writing 02h to B0          41h  B0 after writing 00h to A0
;   locks: with everything off, 01 = 11h, 11 = 22h, 80 = 33h, C0 = 44h, E0 = 44h; then objects
;   on (A0 = 20h) and 01 = 55h, 11 = 66h, 80 = 77h, C0 = 88h written:
;   42h-44h  01, 11, 80 read while objects are on
;            then grid on alone (A0 = 08h), E0 = 99h written:
;   45h      C0 read while the grid is on
;            then everything off (A0 = 00h):
;   46h-4Ah  01, 11, 80, C0, E0
;   4Bh      A1 (status)
; Internal RAM 20h = 1 once the script has run.

        include "cart.inc"              ; the CPU, the names, the reset vector

DONE            equ     20h
OP_WRITE        equ     0               ; register <- value
OP_READ         equ     1               ; append the register's value to the results
OP_MASK         equ     2               ; write FFh, read, write 00h, read
OP_END          equ     80h

        org     410h
start:
        call    BIOS_VDC_CLEAR
        dis     i
        mov     a,#low(script)
        call    run_script
        en      i
        mov     r0,#DONE
        mov     @r0,#1
idle:
        jmp     idle

        include "testlib.inc"

; run_script: A = offset of the script in page 5. R3 = next result address.
run_script:
        mov     r2,a
        mov     r3,#0
script_next:
        mov     a,r2                    ; R4 = operation, R0 = register, R5 = value
        call    script_byte
        mov     r4,a
        inc     r2
        mov     a,r2
        call    script_byte
        mov     r0,a
        inc     r2
        mov     a,r2
        call    script_byte
        mov     r5,a
        inc     r2
        mov     a,r4
        jb7     script_done             ; OP_END
        call    select_vdc
        mov     a,r4
        jz      script_write
        xrl     a,#OP_READ
        jz      script_read
        mov     a,#0FFh                 ; OP_MASK
        movx    @r0,a
        call    read_and_store
        clr     a
        movx    @r0,a
script_read:
        call    read_and_store
        jmp     script_next
script_write:
        mov     a,r5
        movx    @r0,a
        jmp     script_next
script_done:
        ret

; read_and_store: reads VDC register R0 into external RAM at R3 (then R3 + 1); the VDC is
; selected again on return. Clobbers A, R1.
read_and_store:
        movx    a,@r0
        call    select_ram
        xch     a,r3
        mov     r1,a
        xch     a,r3
        movx    @r1,a
        inc     r3
        jmp     select_vdc

MASK    macro   register
        db      OP_MASK, register, 0
        endm

        org     500h
script_byte:                            ; A = offset -> the byte of page 5 there
        movp    a,@a
        ret
script:
        MASK    00h
        MASK    01h
        MASK    02h
        MASK    03h
        MASK    10h
        MASK    11h
        MASK    12h
        MASK    13h
        MASK    40h
        MASK    41h
        MASK    42h
        MASK    43h
        MASK    80h
        MASK    0A3h
        MASK    0A7h
        MASK    0A8h
        MASK    0A9h
        MASK    0AAh
        MASK    0C0h
        MASK    0C8h
        MASK    0C9h
        MASK    0D0h
        MASK    0D8h
        MASK    0D9h
        MASK    0E0h
        MASK    0E9h
        MASK    0EAh
        MASK    0F0h
        db      OP_WRITE, 0AAh, 00h, OP_WRITE, 0BAh, 05h, OP_READ, 0AAh, 0
        db      OP_WRITE, 0AAh, 0Ah, OP_READ, 0BAh, 0, OP_WRITE, 0AAh, 00h
        db      OP_WRITE, 40h, 30h, OP_READ, 44h, 0, OP_READ, 48h, 0, OP_READ, 4Ch, 0
        db      OP_WRITE, 4Dh, 22h, OP_READ, 41h, 0, OP_READ, 45h, 0, OP_READ, 49h, 0
        db      OP_WRITE, 0B0h, 02h, OP_READ, 0A0h, 0, OP_WRITE, 0A0h, 00h, OP_READ, 0B0h, 0
        db      OP_WRITE, 01h, 11h, OP_WRITE, 11h, 22h, OP_WRITE, 80h, 33h
        db      OP_WRITE, 0C0h, 44h, OP_WRITE, 0E0h, 44h
        db      OP_WRITE, 0A0h, VDC_CTRL_OBJECTS
        db      OP_WRITE, 01h, 55h, OP_WRITE, 11h, 66h, OP_WRITE, 80h, 77h, OP_WRITE, 0C0h, 88h
        db      OP_READ, 01h, 0, OP_READ, 11h, 0, OP_READ, 80h, 0
        db      OP_WRITE, 0A0h, VDC_CTRL_GRID, OP_WRITE, 0E0h, 99h, OP_READ, 0C0h, 0
        db      OP_WRITE, 0A0h, 00h
        db      OP_READ, 01h, 0, OP_READ, 11h, 0, OP_READ, 80h, 0, OP_READ, 0C0h, 0, OP_READ, 0E0h, 0
        db      OP_READ, 0A1h, 0
        db      OP_END, 0, 0
