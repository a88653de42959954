; test_sound.asm - every sound mode (HARDWARE.md §3, Horton's tests 88-95): the 24-bit shift
; register A7:A8:A9 (A9 bit 0 sounds first, recirculating), the two shift rates, noise, volume,
; enable. phase = BIOS frame count / 16 (mod 8); at each phase change the registers are loaded
; from this table and then left alone (external RAM 00h = the phase):
;   phase  A7  A8  A9  AA                              expect
;    0     AA  AA  AA  enable, fast (4 lines), vol 15  square wave, 3933.5 / 2 = 1966.8 Hz
;    1     AA  AA  AA  enable, slow (16 lines), vol 15 square wave, 983.4 / 2 = 491.7 Hz
;    2     00  5A  A5  enable, fast, noise, vol 15     noise (A8:A9 with the XOR tap)
;    3     AA  AA  AA  enable, fast, vol 8             phase 0 at about half the amplitude
;    4     AA  AA  AA  fast, vol 15, NOT enabled       silence
;    5     F0  F0  F0  enable, fast, vol 15            square wave, 3933.5 / 8 = 491.7 Hz
;    6     00  5A  A5  enable, slow, noise, vol 15     slower noise
;    7     00  00  00  enable, fast, vol 15            a constant level
; Nothing is shown.

        include "cart.inc"              ; the CPU, the names, the reset vector

PHASE           equ     00h             ; external RAM
LOADED          equ     20h             ; internal RAM: the phase whose registers are loaded
NONE            equ     0FFh

        org     410h
start:
        call    BIOS_VDC_CLEAR
        mov     r0,#LOADED
        mov     @r0,#NONE
every_frame:
        call    BIOS_WAIT_VBLANK
        mov     r1,#BIOS_FRAMES
        mov     a,@r1
        swap    a                       ; frames / 16 mod 8
        anl     a,#07h
        mov     r7,a
        mov     r0,#LOADED
        xrl     a,@r0
        jz      every_frame
        mov     a,r7
        mov     @r0,a
        call    select_ram
        mov     r0,#PHASE
        movx    @r0,a
        call    select_vdc
        mov     a,r7                    ; 4 table bytes per phase: A7, A8, A9, AA
        rl      a
        rl      a
        mov     r6,a
        mov     r0,#VDC_SOUND_HI
        mov     r5,#4
load:
        mov     a,r6
        add     a,#low(registers)
        movp    a,@a
        movx    @r0,a
        inc     r0
        inc     r6
        djnz    r5,load
        jmp     every_frame
registers:
        db      0AAh, 0AAh, 0AAh, SOUND_ENABLE | SOUND_FAST | 15
        db      0AAh, 0AAh, 0AAh, SOUND_ENABLE | 15
        db      00h, 5Ah, 0A5h, SOUND_ENABLE | SOUND_FAST | SOUND_NOISE | 15
        db      0AAh, 0AAh, 0AAh, SOUND_ENABLE | SOUND_FAST | 8
        db      0AAh, 0AAh, 0AAh, SOUND_FAST | 15
        db      0F0h, 0F0h, 0F0h, SOUND_ENABLE | SOUND_FAST | 15
        db      00h, 5Ah, 0A5h, SOUND_ENABLE | SOUND_NOISE | 15
        db      00h, 00h, 00h, SOUND_ENABLE | SOUND_FAST | 15

        include "testlib.inc"
