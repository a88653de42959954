; test_service_power_on.asm - the sound service request counted from power-on, with no write to
; A7-A9 ever: AA = BFh (enabled, fast, noise, volume 15), A0 = 06h (beam strobe, service
; interrupt). The BIOS's VBLANK handler runs at every /INT (VBLANK or service request) and calls
; the hook, which stores the beam's line (A4) at external RAM 00h, 01h, ... (7Fh = the next
; address). MAME counts the 24 shift clocks toward the request from the first line 0, not
; through the VBLANK lines after power-on (its first request at line 96 in both regions).
; DIFFERENCES.md, "Sound clock in the first 20 lines after power-on".

        include "cart.inc"              ; the CPU, the names, the reset vector

NEXT            equ     7Fh             ; external RAM

        org     CART_VBLANK
        jmp     hook

        org     410h
start:
        dis     i
        mov     r0,#VDC_SOUND
        mov     a,#0BFh
        movx    @r0,a
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        movx    @r0,a
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        en      i
idle:   jmp     idle

hook:                                   ; bank 1, VDC selected, from the BIOS's handler
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r2,a
        call    select_ram
        mov     r0,#NEXT
        movx    a,@r0
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        inc     r1
        mov     a,r1
        anl     a,#7Fh
        movx    @r0,a
        call    select_vdc
        ret

        org     500h
        include "testlib.inc"
