; test_ret_in_irq.asm - RET inside an interrupt routine to an address with A11 set.
; The timer interrupt (once, the timer stopped there) puts a return address of 0CC4h on the
; stack above its own entry and executes RET: A11 is held at 0 until RETR, so the CPU goes on at
; 04C4h (MAME; ours went to 0CC4h before). There it notes the PC's bank in internal RAM 20h
; (1 = reached) and leaves by RETR. Every instruction is compared with MAME (tests/conformance).
; native/HARDWARE.md ("JMP, CALL and RET inside an interrupt routine").

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_TIMER
        jmp     handler

        org     410h
start:
        dis     i
        mov     r0,#20h
        mov     @r0,#0
        mov     a,#0FEh
        mov     t,a
        strt    t
        en      tcnti
wait:   jmp     wait

handler:                                ; SP = 1: the interrupt's entry in 08h-09h
        stop    tcnt
        mov     r0,#0Ah                 ; a second entry: 0CC4h, PSW bits 0
        mov     @r0,#0C4h
        inc     r0
        mov     @r0,#0Ch
        mov     a,psw
        anl     a,#0F8h
        orl     a,#02h                  ; SP = 2
        mov     psw,a
        ret

        org     4C4h
returned:
        mov     r0,#20h
        mov     @r0,#1
        retr
