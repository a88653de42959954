; test_irq_frame_end.asm - an interrupt entry at a frame's end. The VBLANK hook measures the frame
; in timer ticks (32 cycles) once, then each frame starts the timer so that its interrupt comes
; 2 ticks before the next VBLANK (NTSC and PAL alike); the timer handler waits a cycle longer each
; frame (0-47 cycles) and returns, so the VBLANK interrupt, held off while it runs, is taken right
; after its RETR, sweeping over the frame boundary. MAME runs an interrupt entry and the
; instruction at its vector as one step: a frame whose last step takes the interrupt also runs the
; JMP at 003h (the frame's cycle count, compared at every frame end, shows it).
; DIFFERENCES.md, "Frame cut".

        include "cart.inc"              ; the CPU, the names, the reset vector

SWEEP           equ     20h             ; internal RAM: the handler's extra wait, 0-47 cycles
TICKS           equ     21h             ; 256 - (the frame's timer ticks - 2), once measured
MEASURING       equ     22h             ; 1 while the timer measures a frame

        org     CART_VBLANK
        jmp     hook
        org     CART_TIMER
        jmp     timer

        org     410h
start:
        dis     i
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        en      i
idle:   jmp     idle

hook:                                   ; bank 1, from the BIOS's VBLANK handler
        mov     r0,#TICKS
        mov     a,@r0
        jnz     hook_timer
        mov     r1,#MEASURING
        mov     a,@r1
        jnz     hook_measured
        mov     @r1,#1                  ; first hook: count a frame
        clr     a
        mov     t,a
        strt    t
        ret
hook_measured:                          ; second hook: T = the frame's ticks
        stop    tcnt
        mov     a,t
        add     a,#0FEh                 ; ticks - 2
        cpl     a
        inc     a                       ; 256 - that
        mov     @r0,a
        en      tcnti
hook_timer:
        mov     t,a
        strt    t
        mov     r0,#SWEEP
        mov     a,@r0
        inc     a
        xrl     a,#48
        jz      hook_wrap
        xrl     a,#48
hook_wrap:
        mov     @r0,a
        ret

        org     500h
timer:                                  ; bank 0 (the main loop's)
        stop    tcnt
        mov     r0,#SWEEP
        mov     a,#47
        clr     c
        cpl     a
        add     a,@r0
        cpl     a                       ; 47 - sweep NOPs
        add     a,#low(entries)
        jmpp    @a
entries:                                ; enters the run of 48 NOPs
        NOP_SLIDE 48
        retr
