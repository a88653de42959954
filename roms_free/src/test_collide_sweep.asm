; test_collide_sweep.asm - the collision register (A2) read along the line: sprites 0 and 1
; overlapping (X 70h and 74h), a character and the grid on lines 40h-4Fh. Each pass: sprite 0
; selected on line 3Eh (A2 reports what it overlapped); A2 read k cycles after HBLANK's start
; of line 41h (cleared) and again 6 cycles later (k = pass mod 32: the window swept over a line
; and a half, across the overlap's columns), then at line 50h. Every other 32 passes the objects are turned
; off and on again instead (A0, k cycles into line 43h), so that collisions come from part of a
; line, and A2 is read right after. External RAM 2 x pass and 2 x pass + 1 take the two reads
; (pass mod 64). Interrupts off.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        mov     r5,#0                   ; the pass
pass:
        mov     r0,#VDC_BEAM_Y
        mov     r3,#3Eh
        call    wait_y
        mov     r0,#VDC_COLLISION
        movx    a,@r0                   ; cleared
        mov     a,#COLL_SPRITE0         ; sprite 0's collisions
        movx    @r0,a
        mov     r0,#VDC_BEAM_Y
        mov     r3,#41h
        call    wait_y
        mov     a,r5
        jb5     toggle
        mov     r0,#VDC_COLLISION
high:   jt1     high                    ; out of line 40h's HBLANK (T1 high in HBLANK)
sync:   jnt1    sync                    ; HBLANK's start of line 41h
        call    delay_k
        movx    a,@r0                   ; cleared, and 6 cycles later read: the window swept
        nop                             ; along lines 42h-43h
        nop
        nop
        nop
        movx    a,@r0
        mov     r6,a
        jmp     second
toggle:
        mov     r3,#42h
        call    wait_y
high2:  jt1     high2
sync2:  jnt1    sync2                   ; HBLANK's start of line 42h
        call    delay_k
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_GRID
        movx    @r0,a                   ; objects off, k cycles into line 43h
        mov     a,#VDC_CTRL_STROBE | VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        movx    @r0,a                   ; and on again
        mov     r0,#VDC_COLLISION
        movx    a,@r0
        mov     r6,a
second:
        mov     r0,#VDC_BEAM_Y
        mov     r3,#50h
        call    wait_y
        mov     r0,#VDC_COLLISION
        movx    a,@r0
        mov     r7,a
        call    select_ram
        mov     a,r5
        rl      a
        anl     a,#7Eh
        PUT_PAIR
        NEXT_PASS 64
        jmp     pass

; wait_y: until A4 (R0 = VDC_BEAM_Y) reads R3
wait_y: movx    a,@r0
        xrl     a,r3
        jnz     wait_y
        ret

; delay_k: k cycles more for k = R5 mod 32 (plus a fixed part)
delay_k:
        DELAY_K 0Fh, 1Fh
        ret

        org     500h
        include "testlib.inc"
        include "objects.inc"
screen:
        SPRITE  0, 70h, 40h, 00h
        SPRITE  1, 74h, 41h, 08h
        SHAPE   0, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh, 0FFh
        db      VDC_SHAPE0 + SHAPE_SIZE + 0, 0Fh       ; sprite 1: rows 0-5 (6 and 7 clear)
        db      VDC_SHAPE0 + SHAPE_SIZE + 1, 0Fh
        db      VDC_SHAPE0 + SHAPE_SIZE + 2, 0Fh
        db      VDC_SHAPE0 + SHAPE_SIZE + 3, 0Fh
        db      VDC_SHAPE0 + SHAPE_SIZE + 4, 0Fh
        db      VDC_SHAPE0 + SHAPE_SIZE + 5, 0Fh
        db      VDC_CHAR0 + 0, 40h      ; a character over them
        db      VDC_CHAR0 + 1, 78h
        db      VDC_CHAR0 + 2, 10h
        db      VDC_CHAR0 + 3, 04h
        db      VDC_GRID_V + 1, 0FFh
        db      VDC_GRID_H + 1, 0FFh
        db      VDC_COLLISION, COLL_SPRITE0
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        db      END_OF_TABLE
