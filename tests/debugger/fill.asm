; A block-filling loop on the external RAM, whose iterations the CPU core runs at once
; (cpu8048.c, block-filling loops): a write watch on one of its addresses still stops right
; after that store, as it would instruction by instruction.
        cpu 8048
        org 400h
        anl p1,#0afh            ; 400  2   RAM selected (P14 low), copy mode off (P16 low)
        mov r0,#50h             ; 402  2
        mov r1,#20h             ; 404  2   the end: R0 counts down to 20h
fill:   dec r0                  ; 406  1
        mov a,#5ah              ; 407  2
        movx @r0,a              ; 409  2
        mov a,r0                ; 40A  1
        xrl a,r1                ; 40B  1
        jnz fill                ; 40C  2   9 cycles an iteration
idle:   jmp idle                ; 40E  2
