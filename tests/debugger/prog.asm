; Debugger test program. Cycle counts (Intel MCS-48 manual) are in the comments: the tests'
; expected positions are worked out from them.
        cpu 8048
        org 400h
        jmp start               ; 400  2
        jmp vblank              ; 402  2
        retr                    ; 404
start:  mov r0,#0               ; 405  2   loop counter
        mov r1,#10h             ; 407  2   external RAM address
loop:   mov a,r0                ; 409  1
        call double             ; 40A  2
        mov r2,a                ; 40C  1
        inc r0                  ; 40D  1
        anl p1,#0afh            ; 40E  2   select the external RAM (P14 low), copy mode off (P16)
        movx @r1,a              ; 410  2   xram[10h] = 2 * counter
        orl p1,#10h             ; 411  2
        mov a,r0                ; 413  1
        xrl a,#5                ; 414  2
        jnz loop                ; 416  2   20 cycles a turn, five turns
        mov r0,#0a3h            ; 418  2   VDC colour register
        mov a,#38h              ; 41A  2
        anl p1,#0f7h            ; 41C  2   select the VDC (P13 low)
        movx @r0,a              ; 41E  2
        orl p1,#08h             ; 41F  2
        en i                    ; 421  1
idle:   inc r4                  ; 422  1
        jmp idle                ; 423  2
double: mov r3,a                ; 425  1
        add a,r3                ; 426  1
        ret                     ; 427  2
vblank: sel rb1                 ; 428  1
        mov r0,#0a1h            ; 429  2   VDC status: reading it ends the interrupt
        anl p1,#0f7h            ; 42B  2
        movx a,@r0              ; 42D  2
        orl p1,#08h             ; 42E  2
        inc r7                  ; 430  1   frames seen, internal RAM 1Fh
        retr                    ; 431  2
