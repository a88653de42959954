; test_int_phase.asm - where in a 2-cycle instruction /INT is seen.
; The VBLANK interrupt is enabled (EN I) and the BIOS's handler calls this cartridge's hook
; (0x402) every frame; the hook counts the frames and sets how many 1-cycle NOPs the main loop
; runs before it enters a run of 2-cycle instructions (CALL, RET, JMP, MOVX, DJNZ): one more each
; frame, modulo 8, so over the frames the interrupt arrives in the first and in the second cycle
; of each kind. Every instruction executed is compared with MAME (tests/conformance): the
; interrupt's entry shows in the trace where the CPU takes it, and the return address stays in
; internal RAM (the stack). External RAM 00h = the BIOS's frame count.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
DELAY           equ     20h             ; internal RAM: NOPs before the 2-cycle run

        org     CART_VBLANK
        jmp     hook

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected
        mov     r0,#DELAY
        mov     @r0,#0
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        mov     r0,#VDC_STATUS
        movx    a,@r0
        en      i
main:
        mov     r0,#DELAY                ; 2
        mov     a,@r0                   ; 1
        cpl     a                       ; 1   A = 7 - delay: enter the NOP run there
        anl     a,#7                    ; 2
        add     a,#low(entries)         ; 2
        jmpp    @a                      ; 2
entries:                                ; enters the run of 8 NOPs
        NOP_SLIDE 8
twos:
        call    sub                     ; 2
        jmp     next                    ; 2
next:
        mov     r0,#VDC_COLOUR          ; 2
        movx    a,@r0                   ; 2
        mov     r7,#3                   ; 2
spin:
        djnz    r7,spin                 ; 2
        jmp     main                    ; 2
sub:
        ret                             ; 2

hook:                                   ; bank 1, VDC selected, from the BIOS's handler
        mov     r0,#DELAY
        mov     a,@r0
        inc     a
        anl     a,#7
        mov     @r0,a
        mov     r0,#BIOS_FRAMES
        mov     a,@r0
        call    select_ram
        mov     r1,#COUNT
        movx    @r1,a
        call    select_vdc
        ret

        org     500h
        include "testlib.inc"
