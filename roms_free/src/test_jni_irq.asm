; test_jni_irq.asm - a JNI poll of /INT with the interrupt enabled: the VBLANK interrupt and the
; sound service request (fast rate, A0 bit 2, the sound off) interrupt a loop whose JNI jumps
; when it sees /INT, after a busy wait one DJNZ longer each pass (1-8). Where the interrupt is
; taken right after a JNI, the return address on the stack says whether that JNI jumped. The
; cartridge's VBLANK hook (0x402, from the BIOS's handler) stores the interrupt's return address
; (internal RAM 08h-09h) and the status the BIOS read in external RAM (a ring of 42 entries of 3
; bytes from 00h); internal RAM 20h counts the JNI jumps.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_VBLANK
        jmp     hook

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r0,#20h
        mov     @r0,#0
        inc     r0
        mov     @r0,#0                  ; 21h: the ring's next entry
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        mov     r0,#20h
        mov     r5,#0
        en      i
poll:
        inc     r5
        mov     a,r5
        anl     a,#07h
        inc     a
        mov     r2,a
wait:   djnz    r2,wait
        jni     seen
        jmp     poll
seen:   inc     @r0
        jmp     poll

; the VBLANK hook (bank 1, the VDC selected): the return address and the status, stored
hook:
        mov     r0,#21h
        mov     a,@r0
        mov     r1,a
        add     a,#3
        mov     r2,a
        add     a,#100h - 126
        jnc     keep
        mov     r2,#0
keep:   mov     a,r2
        mov     @r0,a
        call    select_ram
        mov     r0,#08h
        mov     a,@r0
        movx    @r1,a
        inc     r1
        inc     r0
        mov     a,@r0
        movx    @r1,a
        inc     r1
        mov     r0,#BIOS_STATUS
        mov     a,@r0
        movx    @r1,a
        call    select_vdc
        ret

        org     500h
        include "testlib.inc"
screen:
        db      VDC_SOUND, SOUND_FAST   ; sound off (the request still counts), fast rate
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ
        db      END_OF_TABLE
