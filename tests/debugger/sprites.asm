; Two overlapping sprites, the grid and a VBLANK routine that reads the status and the
; collision register every frame: rendering and collisions for the exactness tests.
        cpu 8048
        org 400h
        jmp start
        jmp vblank
        retr
start:  anl p1,#0b7h            ; VDC selected (P13 low), copy mode off
        mov r0,#0               ; sprite 0: Y, X, attributes
        mov a,#40h
        movx @r0,a
        inc r0
        mov a,#30h
        movx @r0,a
        inc r0
        mov a,#08h
        movx @r0,a
        mov r0,#4               ; sprite 1, overlapping sprite 0
        mov a,#42h
        movx @r0,a
        inc r0
        mov a,#33h
        movx @r0,a
        mov r0,#80h             ; both shapes solid
        mov r1,#16
        mov a,#0ffh
fill:   movx @r0,a
        inc r0
        djnz r1,fill
        mov r0,#0c4h            ; a horizontal grid segment
        mov a,#0ffh
        movx @r0,a
        mov r0,#0a2h            ; collisions of sprite 0
        mov a,#01h
        movx @r0,a
        mov r0,#0a0h            ; objects and grid on
        mov a,#28h
        movx @r0,a
        en i
idle:   inc r4
        jmp idle
vblank: sel rb1
        mov r0,#0a1h
        movx a,@r0              ; status: ends the interrupt
        mov r0,#0a2h
        movx a,@r0              ; collisions seen this frame
        mov r6,a
        inc r7
        retr
