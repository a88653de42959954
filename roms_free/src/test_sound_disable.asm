; test_sound_disable.asm - the sound shift register while sound is disabled (AA bit 7 = 0).
; The register is loaded once with 01h 23h 45h (no rotation of it repeats within 24 shifts),
; fast rate (a shift every 4 lines), volume 15, sound interrupt off, no further loads.
;   frames 1-8:   enabled
;   frames 9-16:  disabled (AA = fast, volume 15, bit 7 clear)
;   frames 17-24: enabled again, without reloading A7-A9
; At every VBLANK (polled on /INT) A7, A8, A9 and the status register are stored in external
; RAM 10h + 4 x (frame - 1): the shift register's position and status bit 2 (the sound service
; request, raised every 24 shift clocks after the load) show whether the shifting and the
; counting toward the request went on while sound was off. External RAM 00h = frame count.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
LOG             equ     10h

        org     410h
start:
        dis     i
        SHOW    tone
        mov     r7,#0                   ; VBLANKs seen
        mov     r6,#LOG                 ; where the next frame's record goes
wait:
        jni     vblank
        jmp     wait
vblank:
        mov     r0,#VDC_SOUND_HI        ; A7, A8, A9, then the status (releases /INT)
        movx    a,@r0
        mov     r2,a
        inc     r0
        movx    a,@r0
        mov     r3,a
        inc     r0
        movx    a,@r0
        mov     r4,a
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r5,a
        call    select_ram
        mov     a,r6
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        inc     r1
        mov     a,r3
        movx    @r1,a
        inc     r1
        mov     a,r4
        movx    @r1,a
        inc     r1
        mov     a,r5
        movx    @r1,a
        inc     r1
        mov     a,r1
        mov     r6,a
        inc     r7
        mov     r1,#COUNT
        mov     a,r7
        movx    @r1,a
        call    select_vdc
        mov     r0,#VDC_SOUND
        mov     a,r7
        xrl     a,#8
        jnz     not_off
        mov     a,#SOUND_FAST | 15      ; end of frame 8: disable
        movx    @r0,a
not_off:
        mov     a,r7
        xrl     a,#16
        jnz     wait
        mov     a,#SOUND_ENABLE | SOUND_FAST | 15       ; end of frame 16: enable again
        movx    @r0,a
        jmp     wait

        org     500h
        include "testlib.inc"
tone:
        db      VDC_SOUND_HI, 01h, VDC_SOUND_MID, 23h, VDC_SOUND_LO, 45h
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST | 15
        db      END_OF_TABLE
