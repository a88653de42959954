; test_sound_holdoff.asm - a write to the sound shift register holds off the next shift
; (HARDWARE.md §3, Horton's test 94: "the shift clock is held off for 1 Hblank").
; The register is loaded with AA AA AA, enabled, fast rate (a shift every 4 lines), volume 15.
; Interrupts off; VBLANKs are counted by polling /INT (external RAM 00h = count).
;   frames 1-30: nothing more is written: a 1966.8 Hz square wave
;   from frame 31: A9 is rewritten with AAh about every 6 cycles, so every HBLANK follows a
;   write and no shift ever happens: the output holds one level (silence)

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
QUIET_AFTER     equ     30

        org     410h
start:
        dis     i
        SHOW    tone
        mov     r7,#0                   ; VBLANKs seen
        mov     r0,#VDC_SOUND_LO
        mov     a,#0AAh
playing:
        jni     playing_vblank
        jmp     playing
playing_vblank:
        call    next_frame
        mov     a,r7
        xrl     a,#QUIET_AFTER
        jnz     playing
        mov     a,#0AAh
writing:
        movx    @r0,a                   ; A9 <- AAh: holds off the next shift
        jni     writing_vblank
        jmp     writing
writing_vblank:
        call    next_frame
        jmp     writing

; next_frame: reads the status (releasing /INT), counts the frame into R7 and external RAM.
; Keeps A and R0 (VDC_SOUND_LO); the VDC is selected again on return.
next_frame:
        mov     r6,a
        mov     r1,#VDC_STATUS
        movx    a,@r1
        inc     r7
        PUT_COUNT r7
        mov     a,r6
        ret

        org     500h
        include "testlib.inc"
tone:
        db      VDC_SOUND_HI, 0AAh, VDC_SOUND_MID, 0AAh, VDC_SOUND_LO, 0AAh
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST | 15
        db      END_OF_TABLE
