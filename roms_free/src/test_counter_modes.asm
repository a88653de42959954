; test_counter_modes.asm - the event counter (T1 = HBLANK | VBLANK) left, or loaded, just after
; a T1 edge: STRT T, STOP TCNT and MOV T,A in the cycle where MAME's counter takes an edge.
; Three loops of 200 passes each, one after the other for ever, every pass:
;   STRT CNT, a wait of 1-5 passes of DJNZ (R4 cycles through 1..5), then
;   1: STRT T       2: STOP TCNT       3: MOV A,T; INC A; MOV T,A (the count reloaded)
;   then MOV A,T and the count stored in internal RAM 20h-3Fh (a ring, R0).
; The loops' lengths do not divide a line, so the edge falls at every cycle of them in turn.
; Every instruction is compared with MAME (tests/conformance): A after each MOV A,T. MAME counts
; an edge taken in the very cycle of STRT T or STOP TCNT, and a MOV T,A in that cycle replaces
; it (ours counted it a boundary later: lost after STRT T or STOP TCNT, added to the new value
; after MOV T,A). tests/conformance/DIFFERENCES.md, "T1 edges read by MOV A,T and JTF".

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     CART_VBLANK
        retr
        org     CART_TIMER
        retr

        org     410h
start:
        dis     i
        dis     tcnti
        clr     a
        mov     t,a
        mov     r0,#20h
        mov     r5,#1                   ; the wait's length, 1..5
passes:
        mov     r7,#200
timer_pass:
        call    count_and_wait
        strt    t
        call    store
        djnz    r7,timer_pass
        mov     r7,#200
stop_pass:
        call    count_and_wait
        stop    tcnt
        call    store
        djnz    r7,stop_pass
        mov     r7,#200
load_pass:
        call    count_and_wait
        mov     a,t
        inc     a
        mov     t,a
        call    store
        djnz    r7,load_pass
        jmp     passes

; STRT CNT, then R5 passes of DJNZ; R5 steps 1..5.
count_and_wait:
        strt    cnt
        mov     a,r5
        mov     r4,a
wait:   djnz    r4,wait
        inc     r5
        mov     a,r5
        add     a,#256 - 6
        jnc     waited
        mov     r5,#1
waited: ret

; The count to internal RAM @R0, R0 stepping through 20h-3Fh.
store:
        mov     a,t
        mov     @r0,a
        inc     r0
        mov     a,r0
        anl     a,#1Fh
        orl     a,#20h
        mov     r0,a
        ret
