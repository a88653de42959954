; test_counter_poll.asm - the T1 event counter (T1 = HBLANK | VBLANK) while the program polls
; the VDC, against polling the external RAM.
; Every frame, synchronised on /INT (JNI, interrupts off) and the status read: background blue,
; the counter loaded with 256 - 100 and started with its interrupt, then a polling loop until
; the counter interrupt has run (it sets F1):
;   odd frames:  MOVX A,@R0 from A4 (the beam's Y) in the loop
;   even frames: MOVX A,@R0 from external RAM 7Fh in the loop
; The interrupt (100th falling edge of T1, the end of line 99's HBLANK) sets a red background
; and stores A5 then A4 (X, then the Y that reading X latched) at external RAM 2 x frame and
; 2 x frame + 1 (frames 1-63). So lines 0-99 are blue, red from line 100 on, the change part way
; along line 100, in both kinds of frame. External RAM 00h = frames.

        include "cart.inc"              ; the CPU, the names, the reset vector

COUNT           equ     00h             ; external RAM
POLLED_RAM      equ     7Fh
SPLIT_LINE      equ     100

        org     CART_TIMER
        jmp     split

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; VDC selected
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE      ; A4, A5 follow the beam
        movx    @r0,a
        mov     r6,#0                   ; frames
        mov     r0,#VDC_STATUS
        movx    a,@r0
wait:
        jni     frame
        jmp     wait
frame:
        mov     r0,#VDC_STATUS          ; releases /INT
        movx    a,@r0
        mov     r0,#VDC_COLOUR
        mov     a,#BG_BLUE
        movx    @r0,a
        inc     r6
        PUT_COUNT r6
        clr     f1
        mov     a,#256 - SPLIT_LINE
        mov     t,a
        strt    cnt
        en      tcnti
        mov     a,r6
        jb0     poll_vdc
        call    select_ram
        mov     r0,#POLLED_RAM
poll_ram:
        movx    a,@r0
        jf1     polled
        jmp     poll_ram
poll_vdc:
        mov     r0,#VDC_BEAM_Y
poll_vdc_loop:
        movx    a,@r0
        jf1     polled
        jmp     poll_vdc_loop
polled:
        dis     tcnti
        call    select_vdc
        jmp     wait

split:                                  ; counter overflow: the 100th falling edge of T1
        sel     rb1
        mov     r2,a
        call    select_vdc
        mov     r0,#VDC_COLOUR
        mov     a,#BG_RED
        movx    @r0,a
        READ_BEAM r3, r4
        stop    tcnt
        call    select_ram
        sel     rb0
        mov     a,r6                    ; bank 0's R6: the frame count
        sel     rb1
        rl      a
        anl     a,#7Eh
        mov     r1,a
        mov     a,r3
        movx    @r1,a
        inc     r1
        mov     a,r4
        movx    @r1,a
        clr     f1
        cpl     f1
        mov     a,r2
        retr

        org     500h
        include "testlib.inc"
