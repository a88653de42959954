; test_sound_write_line.asm - a write to the sound shift register on a line where a shift is
; due, and the sound service request after it.
; The register is loaded with 01h 23h 45h (no rotation repeats within 24 shifts), enabled, fast
; rate (a shift every 4 lines), volume 15, the sound interrupt enabled (A0 bit 2), A4/A5
; following the beam. Interrupts off. Every frame, synchronised on /INT (JNI) and the status
; read: after about 40 lines and a delay of 6 x (frame mod 16) cycles (so over 16 frames the
; write sweeps 4 lines: every position against the line whose HBLANK shifts), A9 is written
; with 45h; then /INT is polled (JNI) until the service request raises it, 24 shift clocks
; after the write, and A5 then A4 (X, and the Y that reading X latched) go to external RAM
; 2 x frame and 2 x frame + 1, and the status after them to 40h + frame (frames 1-31).
; The shift register's rotation at each frame end and the sound output show the shifts.
; External RAM 00h = frames.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
STATUS_LOG      equ     40h

        org     410h
start:
        dis     i
        SHOW    tone
        include "frame_sync.inc"
        PUT_COUNT r6
        COARSE_WAIT 2                   ; 2 x (2 + 512 + 2) cycles: about 45 lines
        mov     a,r6
        anl     a,#0Fh
        rl      a
        inc     a
        mov     r7,a
fine:
        nop
        djnz    r7,fine                 ; 3 x (2 x (frame mod 16) + 1) cycles
        mov     r0,#VDC_SOUND_LO
        mov     a,#45h
        movx    @r0,a                   ; A9: the next shift clock is held off
request:
        jni     requested
        jmp     request
requested:
        READ_BEAM r3, r4
        mov     r0,#VDC_STATUS          ; releases /INT
        movx    a,@r0
        mov     r2,a
        call    select_ram
        mov     a,r6
        anl     a,#1Fh
        add     a,#STATUS_LOG
        mov     r1,a
        mov     a,r2
        movx    @r1,a
        mov     a,r6
        rl      a
        anl     a,#3Eh
        mov     r1,a
        mov     a,r3
        movx    @r1,a
        inc     r1
        mov     a,r4
        movx    @r1,a
        call    select_vdc
        jmp     wait

        org     500h
        include "testlib.inc"
tone:
        db      VDC_SOUND_HI, 01h, VDC_SOUND_MID, 23h, VDC_SOUND_LO, 45h
        db      VDC_SOUND, SOUND_ENABLE | SOUND_FAST | 15
        db      VDC_CONTROL, VDC_CTRL_SOUND_IRQ | VDC_CTRL_STROBE
        db      END_OF_TABLE
