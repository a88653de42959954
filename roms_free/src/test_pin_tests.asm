; test_pin_tests.asm - when JT1, JNT1 and JNI look at their pin (2-cycle conditional jumps).
; Phase 1 (about 17 frames, interrupts off): a loop tests T1 with JT1 and /INT with JNI at a
; phase that drifts against the line (a delay one cycle longer each pass, modulo 4); it counts
; T1 high in R3, low in R2, /INT not asserted in R4, and releases /INT (reads A1) when JNI sees
; it. MAME tests T1 at the end of the 2-cycle instruction and /INT at its start.
; Phase 2 (interrupts on, the BIOS's VBLANK handler releasing /INT): a JNI poll whose delay
; drifts the same way: where the interrupt is taken right after a JNI, MAME's JNI has jumped
; (the return address on the stack, internal RAM, shows it).
; Every instruction executed is compared with MAME (tests/conformance): the taken jumps show in
; the trace. DIFFERENCES.md, "Pin tests by conditional jumps".

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_VBLANK
        ret

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected
        mov     r1,#24                  ; phase 1: 24 x 256 passes
        mov     r0,#VDC_STATUS
loop:   jt1     t_high
        inc     r2                      ; T1 low
        jmp     test_int
t_high: inc     r3                      ; T1 high
        nop
        nop
test_int:
        jni     int_low
        inc     r4                      ; /INT not asserted
        jmp     next
int_low:
        movx    a,@r0                   ; release /INT
next:   djnz    r7,loop
        inc     r6
        mov     a,r6
        anl     a,#3
        inc     a
        mov     r5,a
delay:  djnz    r5,delay
        djnz    r1,loop

        en      i                       ; phase 2
poll:   jni     hit
        nop
        jmp     poll
hit:    inc     r6
        mov     a,r6
        anl     a,#3
        inc     a
        mov     r5,a
delay2: djnz    r5,delay2
        jmp     poll
