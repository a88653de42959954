; test_status_poll.asm - the status register (A1) read each time a JNI poll sees /INT, with the
; VBLANK interrupt and the sound service request (fast rate, A0 bit 2) both raising it, objects
; shown over each other (A1 bit 7) and a busy wait between polls one cycle longer each pass, so
; that the reads drift along the lines and over the edges of /INT. Interrupts off. Each read
; stores, in external RAM (a ring of 32 entries of 4 bytes from 00h): the status, A4 (the line:
; the strobe is on), the number of polls since the last read, and the pass. Internal RAM 20h
; counts the reads seeing VBLANK (bit 3), 21h those seeing the request (bit 2), 22h the others.

        include "cart.inc"              ; the CPU, the names, the reset vector

        org     410h
start:
        dis     i
        SHOW    screen
        ZERO_IRAM 20h, 3                ; the counts
        mov     r1,#0                   ; the ring's next entry
        mov     r5,#0                   ; the pass
        mov     r0,#VDC_STATUS
poll_start:
        mov     r3,#0                   ; polls since the last read
poll:
        inc     r3
        jni     seen
        mov     a,r5                    ; a busy wait of (pass mod 16) DJNZ
        anl     a,#0Fh
        inc     a
        mov     r2,a
wait:   djnz    r2,wait
        jmp     poll
seen:
        movx    a,@r0                   ; the status (it releases /INT)
        mov     r6,a
        mov     r0,#VDC_BEAM_Y
        movx    a,@r0
        mov     r7,a
        call    select_ram
        mov     a,r6
        movx    @r1,a
        inc     r1
        mov     a,r7
        movx    @r1,a
        inc     r1
        mov     a,r3
        movx    @r1,a
        inc     r1
        mov     a,r5
        movx    @r1,a
        inc     r1
        mov     a,r1
        anl     a,#7Fh
        mov     r1,a
        call    select_vdc
        mov     r0,#20h                 ; count the kinds
        mov     a,r6
        jb3     count
        inc     r0
        jb2     count
        inc     r0
count:  inc     @r0
        inc     r5
        mov     r0,#VDC_STATUS
        jmp     poll_start

        org     500h
        include "testlib.inc"
screen:
        db      VDC_CHAR0 + 0, 40h      ; two characters overlapping by 4 columns
        db      VDC_CHAR0 + 1, 20h
        db      VDC_CHAR0 + 2, 08h
        db      VDC_CHAR0 + 3, 06h
        db      VDC_CHAR0 + 4, 42h
        db      VDC_CHAR0 + 5, 22h
        db      VDC_CHAR0 + 6, 10h
        db      VDC_CHAR0 + 7, 08h
        db      VDC_SOUND, SOUND_FAST   ; sound off (the request still counts), fast rate
        db      VDC_CONTROL, VDC_CTRL_STROBE | VDC_CTRL_SOUND_IRQ | VDC_CTRL_OBJECTS
        db      END_OF_TABLE
