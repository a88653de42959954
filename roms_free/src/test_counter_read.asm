; test_counter_read.asm - the T1 event counter (T1 = HBLANK | VBLANK) read back close to its
; edges: MOV A,T, JTF and the counter interrupt, in three kinds of frame (frame mod 3), each
; synchronised on /INT (JNI, the external interrupt off) and the status read, the counter
; started at VBLANK and the frame's loop left at the next VBLANK:
;   0: MOV A,T four times in a row, then JNI and JMP: the count read at every phase of a line
;   1: the counter loaded with 254 (an overflow every 2 edges) and JTF polled: on each hit it is
;      reloaded and R5 counted
;   2: the counter interrupt every 3 edges (reloaded with 253 by the handler, which counts in
;      R4 of bank 1), the main loop counting in R3
; Every instruction executed is compared with MAME (tests/conformance): A after each MOV A,T,
; the JTF loop's exits, the interrupts' entries. External RAM 00h = frames; 01h-03h the frame's
; R5, bank 1 R4 and R3 after each frame of kind 1 and 2.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
RESULTS         equ     01h

        org     CART_TIMER
        jmp     overflow

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected
        include "frame_sync.inc"
        mov     r5,#0
        mov     r3,#0
        sel     rb1
        mov     r4,#0
        sel     rb0
        mov     a,r6
kind:                                   ; A = frame mod 3 by repeated subtraction
        add     a,#256 - 3
        jc      kind
        add     a,#3
        jz      reading
        dec     a
        jz      polling
        mov     a,#253
        mov     t,a
        strt    cnt
        en      tcnti
counting:
        inc     r3
        jni     frame_done
        jmp     counting
reading:
        clr     a
        mov     t,a
        strt    cnt
read_loop:
        mov     a,t
        mov     a,t
        mov     a,t
        mov     a,t
        jni     frame_done
        jmp     read_loop
polling:
        mov     a,#254
        mov     t,a
        strt    cnt
poll_loop:
        jtf     hit
        jni     frame_done
        jmp     poll_loop
hit:
        inc     r5
        mov     a,#254
        mov     t,a
        jmp     poll_loop
frame_done:
        dis     tcnti
        stop    tcnt
        call    select_ram
        mov     r0,#COUNT
        mov     a,r6
        movx    @r0,a
        inc     r0
        mov     a,r5
        movx    @r0,a
        inc     r0
        sel     rb1
        mov     a,r4
        sel     rb0
        movx    @r0,a
        inc     r0
        mov     a,r3
        movx    @r0,a
        call    select_vdc
        jmp     frame

overflow:                               ; the counter interrupt: reload, count
        sel     rb1
        mov     r2,a
        mov     a,#253
        mov     t,a
        inc     r4
        mov     a,r2
        retr

        org     500h
        include "testlib.inc"
