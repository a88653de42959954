; test_a0_read.asm - A0 (control) read back at once after each write: 59h, 58h, 01h, FFh, 02h,
; 00h. External RAM 00h-05h = what each read returned. MAME returns all 8 bits as written (the
; hardware model, after Horton's register map, reads bit 0 as 0). DIFFERENCES.md, "A0 read back".

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_VBLANK
        ret

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected
        mov     r1,#0                   ; result address
        mov     a,#59h
        call    write_read
        mov     a,#58h
        call    write_read
        mov     a,#01h
        call    write_read
        mov     a,#0FFh
        call    write_read
        mov     a,#02h
        call    write_read
        mov     a,#00h
        call    write_read
idle:   jmp     idle

; A to A0, read A0 back, store it at external RAM @R1 (R1 += 1). The VDC stays selected.
write_read:
        mov     r0,#VDC_CONTROL
        movx    @r0,a
        movx    a,@r0
        call    select_ram
        movx    @r1,a
        inc     r1
        call    select_vdc
        ret

        org     500h
        include "testlib.inc"
