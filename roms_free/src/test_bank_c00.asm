; test_bank_c00.asm - an 8 KiB cartridge (the standard board: four 2 KiB banks selected by P10
; and P11) and what answers at 0xC00-0xFFF. On the board A10 is not connected, so 0xC00-0xFFF
; repeats 0x800-0xBFF of the selected bank (native/HARDWARE.md §2); MAME shows the selected
; bank's first KiB there (0x400-0x7FF), as it does for a 2 KiB cartridge
; (tests/conformance/DIFFERENCES.md). Every bank holds the same program with its own constants.
; Interrupts off. Each pass selects bank (pass mod 4) through P1 (the next instruction comes from
; it) and stores at internal RAM 20h + 4 x (pass mod 8): a MOVP of this page (10h + bank), CALL
; 0820h (A0h + bank), CALL 0C20h (B0h + bank in MAME: the routine at 0420h; A0h + bank on the
; board), CALL 0C30h (a MOVP of its own page at F1h: 20h + bank in MAME, 0x4F1; 30h + bank on the
; board, 0x8F1).

        cpu     8048
        include "hardware.inc"

BANK_PART macro bank
        org     bank * 800h
        phase   CART_RESET
        jmp     start
        dephase
        org     bank * 800h + 20h
        phase   420h
        mov     a,#0B0h + bank          ; CALL 0C20h lands here in MAME's map
        ret
        dephase
        org     bank * 800h + 30h
        phase   430h
        mov     a,#0F1h                 ; CALL 0C30h lands here in MAME's map: a MOVP of its page
        movp    a,@a
        ret
        dephase
        org     bank * 800h + 50h
        phase   450h
start:
        dis     i
        mov     r1,#20h
        mov     r5,#0
pass:
        mov     a,r5
        anl     a,#03h
        orl     a,#P1_IDLE & ~(P1_BANK0 | P1_BANK1)
        outl    p1,a                    ; the next instruction from bank (pass mod 4)
        mov     a,#low(table)
        movp    a,@a
        mov     @r1,a
        inc     r1
        sel     mb1
        call    0820h
        sel     mb0
        mov     @r1,a
        inc     r1
        sel     mb1
        call    0C20h
        sel     mb0
        mov     @r1,a
        inc     r1
        sel     mb1
        call    0C30h
        sel     mb0
        mov     @r1,a
        inc     r1
        mov     a,r1
        anl     a,#1Fh
        orl     a,#20h
        mov     r1,a
        inc     r5
        mov     r2,#0FFh                ; a few passes a frame
wait:   djnz    r2,wait
        jmp     pass
        dephase
        org     bank * 800h + 0F0h
        phase   4F0h
table:  db      10h + bank, 20h + bank
        dephase
        org     bank * 800h + 420h
        phase   820h
        mov     a,#0A0h + bank          ; CALL 0820h, and CALL 0C20h on the board
        ret
        dephase
        org     bank * 800h + 430h
        phase   830h
        mov     a,#0F1h                 ; CALL 0C30h on the board: a MOVP of its page
        movp    a,@a
        ret
        dephase
        org     bank * 800h + 4F0h
        phase   8F0h
        db      0, 30h + bank
        dephase
        endm

        BANK_PART 0
        BANK_PART 1
        BANK_PART 2
        BANK_PART 3
