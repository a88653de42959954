; test_timing.asm - timing edges (HARDWARE.md §2-§3, §6 items 2, 5, 6, 7; Horton's notes):
; /INT held until the status is read, the beam position registers (following and latched),
; the T1 event counter (HBLANK | VBLANK falling edges), the timer over a frame, and a register
; change in mid-frame. Parts 1-4 run once with interrupts off, synchronised on /INT (JNI); the
; results go to external RAM:
;   00h  1 if /INT is still asserted four frames after VBLANK began, the status never read
;   01h  the status (A1) then read
;   02h  1 if /INT is still asserted right after that read (expected 0)
;   03h-06h  T1 falling edges counted (STRT CNT) in 4 consecutive frames, /INT to /INT
;   07h-0Ah  timer increments (STRT T, one per 32 cycles) in 4 consecutive frames
;   10h-1Fh  8 beam samples (A5 = X, then A4 = Y), 91 cycles (4 lines) apart, starting right
;            after a status read at VBLANK; samples 0-3 with A0 bit 1 set (the registers follow
;            the beam), then bit 1 cleared and samples 4-7 (latched)
; Internal RAM 20h = 1 once parts 1-4 are done. Part 5 then runs every frame with the BIOS's
; VBLANK hook: the hook sets a blue background, loads the counter with 256 - 100 and starts it
; with its interrupt; the 100th T1 falling edge (end of line 99's HBLANK) interrupts, and the
; handler (0x404) sets a red background. So lines 0-99 are blue, line 101 on red, and line 100
; changes colour part way along. Objects: none.

        include "cart.inc"              ; the CPU, the names, the reset vector

DONE            equ     20h
SAMPLES         equ     21h             ; internal RAM 21h-30h: the beam samples, then copied
RESULT_INT      equ     00h
RESULT_EDGES    equ     03h
RESULT_TICKS    equ     07h
RESULT_BEAM     equ     10h
FRAMES          equ     4
SAMPLE_COUNT    equ     8
PAD_LOOPS       equ     38              ; 15 + 2 * 38 = 91 cycles per sample: 4 lines
SPLIT_LINE      equ     100

        org     CART_VBLANK
        jmp     vblank_hook
        org     CART_TIMER
        jmp     split_handler

        org     410h
start:
        dis     i
        call    BIOS_VDC_CLEAR          ; leaves the VDC selected
        mov     r0,#VDC_STATUS
        movx    a,@r0                   ; release any /INT pending from before

; ---- part 1: /INT stays asserted until the status is read
        call    sync
        mov     r6,#48                  ; 48 x (256 x 2 + 4) cycles: about four frames
hold:
        mov     r7,#0
hold_inner:
        djnz    r7,hold_inner
        djnz    r6,hold
        call    int_level
        mov     r5,a
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r4,a
        call    int_level
        mov     r3,a
        call    select_ram
        mov     r0,#RESULT_INT
        mov     a,r5
        movx    @r0,a
        inc     r0
        mov     a,r4
        movx    @r0,a
        inc     r0
        mov     a,r3
        movx    @r0,a

; ---- parts 2 and 3: the counter, then the timer, over 4 frames each
        mov     r3,#RESULT_EDGES
        strt    cnt
        call    per_frame
        mov     r3,#RESULT_TICKS
        strt    t
        call    per_frame
        stop    tcnt

; ---- part 4: the beam position, following then latched
        call    select_vdc
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_STROBE
        movx    @r0,a
        call    sync
        mov     r0,#VDC_STATUS
        movx    a,@r0
        mov     r1,#SAMPLES
        mov     r6,#SAMPLE_COUNT / 2
        call    sample
        mov     r0,#VDC_CONTROL
        clr     a
        movx    @r0,a                   ; bit 1 cleared: latched
        mov     r6,#SAMPLE_COUNT / 2
        call    sample
        call    select_ram
        mov     r1,#SAMPLES
        mov     r0,#RESULT_BEAM
        mov     r6,#2 * SAMPLE_COUNT
copy:
        mov     a,@r1
        movx    @r0,a
        inc     r0
        inc     r1
        djnz    r6,copy

; ---- part 5: mid-frame change, every frame from now on
        mov     r0,#DONE
        mov     @r0,#1
        mov     r0,#BIOS_FLAGS
        mov     @r0,#BIOS_FLAG_HOOK
        call    select_vdc
        mov     r0,#VDC_STATUS
        movx    a,@r0
        en      tcnti
        en      i
idle:
        jmp     idle

vblank_hook:                            ; bank 1, VDC selected, from the BIOS's handler
        mov     r0,#VDC_COLOUR
        mov     a,#BG_BLUE
        movx    @r0,a
        mov     a,#256 - SPLIT_LINE
        mov     t,a
        strt    cnt
        ret

split_handler:                          ; counter overflow: the 100th falling edge of T1
        sel     rb1
        mov     r2,a
        mov     r0,#VDC_COLOUR
        mov     a,#BG_RED
        movx    @r0,a
        stop    tcnt
        mov     a,r2
        retr

; sync: waits until /INT is asserted (VBLANK), without reading the status. Clobbers nothing.
sync:
        jni     synced
        jmp     sync
synced:
        ret

; int_level: A = 1 while /INT is asserted, else 0.
int_level:
        mov     a,#1
        jni     int_asserted
        clr     a
int_asserted:
        ret

; per_frame: T to external RAM at R3 (FRAMES values), each the increase of T between two
; consecutive VBLANKs; the status is read before each wait so /INT asserts anew.
per_frame:
        call    select_vdc
        mov     r0,#VDC_STATUS          ; so that sync waits for the next VBLANK
        movx    a,@r0
        call    sync
        mov     a,t
        mov     r5,a
        mov     r6,#FRAMES
per_frame_next:
        mov     r0,#VDC_STATUS
        movx    a,@r0
        call    sync
        mov     a,t
        mov     r4,a
        cpl     a                       ; A = new - old: ~(~new + old)
        add     a,r5
        cpl     a
        xch     a,r4
        mov     r5,a
        call    select_ram
        mov     a,r3
        mov     r0,a
        mov     a,r4
        movx    @r0,a
        inc     r3
        call    select_vdc
        djnz    r6,per_frame_next
        ret

; sample: R6 beam samples (X then Y) to internal RAM at R1, each 91 cycles after the last.
sample:
        mov     r0,#VDC_BEAM_X          ; 2 cycles
        movx    a,@r0                   ; 2   reading X latches Y
        mov     @r1,a                   ; 1
        inc     r1                      ; 1
        dec     r0                      ; 1   VDC_BEAM_Y
        movx    a,@r0                   ; 2
        mov     @r1,a                   ; 1
        inc     r1                      ; 1
        mov     r7,#PAD_LOOPS           ; 2
sample_pad:
        djnz    r7,sample_pad           ; 2 x PAD_LOOPS
        djnz    r6,sample               ; 2
        ret

        include "testlib.inc"
