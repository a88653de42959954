; sound.asm - effects on the VDC's sound register: a 24-bit pattern shifted out at one of two rates,
; or noise, at a volume (hardware notes §3). Each effect plays for a number of frames; sound_frame
; silences it when they have passed. COMBAT's effects (motion, firing, explosions, sonar) use
; play_sound with their own pattern and length.

SND_ON          equ     SOUND_ENABLE

; play_sound: pattern R2 (repeated in all three bytes), control R3, frames R4.
play_sound:
        call    select_vdc
        mov     r0,#VDC_SOUND_HI
        mov     a,r2
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        movx    @r0,a
        mov     r0,#VDC_SOUND
        mov     a,r3
        movx    @r0,a
        mov     r0,#sound_left
        mov     a,r4
        mov     @r0,a
        ret

sound_frame:
        mov     r0,#sound_left
        mov     a,@r0
        jz      sound_quiet
        dec     a
        mov     @r0,a
        jnz     sound_quiet
        call    select_vdc
        mov     r0,#VDC_SOUND
        clr     a
        movx    @r0,a
sound_quiet:
        ret

; click: a key click, 2 frames of a high tone.
click:
        mov     r2,#0AAh
        mov     r3,#SND_ON | SOUND_FAST | 10
        mov     r4,#2
        jmp     play_sound

; buzz: a refused key (ENTER before both sides are ready), a low tone.
buzz:
        mov     r2,#0F0h
        mov     r3,#SND_ON | 12
        mov     r4,#12
        jmp     play_sound

; boom: the end of a battle, noise.
boom:
        mov     r2,#0FFh
        mov     r3,#SND_ON | SOUND_NOISE | 15
        mov     r4,#30
        jmp     play_sound

; crackle: a burst of fireworks, fast noise.
crackle:
        mov     r2,#0A5h
        mov     r3,#SND_ON | SOUND_FAST | SOUND_NOISE | 11
        mov     r4,#8
        jmp     play_sound
