; test_service_count.asm - the sound service requests counted while the sound is disabled (AA
; bit 7 = 0): the request goes on counting 24 shift clocks after the last write to A7-A9 and
; raises /INT while A0 bit 2 is set. Interrupts on: the BIOS's VBLANK handler takes every /INT
; (it reads the status into BIOS_STATUS); the cartridge's hook (0x402) counts, in internal RAM,
; the interrupts that saw the request (20h), VBLANK (21h) and both (22h), and stores each
; request's line (A4) in external RAM (a ring of 128 from 00h). The main loop rewrites A9 every
; (frame mod 8) x 64 passes of a busy wait (0: never), and switches the rate between fast and
; slow every 16 frames, the sound staying off.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_VBLANK
        jmp     hook

        org     410h
start:
        dis     i
        SHOW    screen
        ZERO_IRAM 20h, 4                ; the counts, and 23h: the ring's next entry
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        en      i
main:
        mov     r0,#BIOS_FRAMES         ; rewrites every (frame mod 8) x 64 passes
        mov     a,@r0
        anl     a,#07h
        jz      no_rewrite
        mov     r4,a
outer:  mov     r3,#64
inner:  mov     r2,#3
busy:   djnz    r2,busy
        djnz    r3,inner
        djnz    r4,outer
        mov     r0,#VDC_SOUND_LO
        mov     a,#0AAh
        movx    @r0,a
        jmp     rate
no_rewrite:
        mov     r2,#200
idle:   djnz    r2,idle
rate:   mov     r0,#BIOS_FRAMES         ; fast rate in frames 0-15 mod 32, slow in 16-31
        mov     a,@r0
        jb4     slow
        mov     a,#SOUND_FAST
        jmp     set_rate
slow:   mov     a,#0
set_rate:
        mov     r0,#VDC_SOUND
        movx    @r0,a
        jmp     main

; the VBLANK hook, called by the BIOS's handler with its status read in BIOS_STATUS (bank 1)
hook:
        mov     r0,#BIOS_STATUS
        mov     a,@r0
        mov     r0,#22h
        jb2     request
        mov     r0,#21h
        inc     @r0
        ret
request:
        jb3     both
        mov     r0,#20h
both:   inc     @r0
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r1,a
        mov     r0,#23h
        mov     a,@r0
        inc     @r0
        anl     a,#7Fh
        xch     a,r1
        call    select_ram
        movx    @r1,a
        call    select_vdc
        ret

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_FAST   ; sound off, fast rate
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        db      END_OF_TABLE
