; sound.asm - effects on the VDC's sound register: a 24-bit pattern shifted out at one of two rates,
; or noise, at a volume (hardware notes §3). Each effect plays for a number of ticks (1/60 s);
; sound_frame silences it when they have passed. COMBAT's effects (motion, firing, explosions, sonar) use
; play_sound with their own pattern and length.

SND_ON          equ     SOUND_ENABLE

; play_sound: pattern R2 (repeated in all three bytes), control R3, ticks R4.
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

; frame_ticks: what is only seen or heard (a sound's length, the fireworks, a jet's flashing) is
; counted in ticks, 60 a second on NTSC and PAL alike: T (the 8048's timer, stopped since
; measure_region) gains 60 a frame and each `fps` of it is a tick, so an NTSC frame is one tick and
; every fifth PAL frame two. A tick counts in `frames` and counts a sound down (sound_frame).
; T starts at TICKS_AT_START: the first frame then takes 3 ticks, as the frames timed by
; measure_region used to count. On PAL the tick a frame passes over is then always odd (every sixth
; from 5), so `frames` reaches every multiple of 4 at a frame's end: the fireworks, which look at it
; once a frame, miss none.
TICKS_AT_START  equ     120
frame_ticks:
        mov     a,t
        add     a,#60
frame_tick_due:
        mov     t,a
        mov     r0,#fps
        cpl     a
        add     a,@r0                   ; carry: T below fps, no tick left this frame
        jc      sound_quiet
        cpl     a                       ; T - fps
        mov     t,a
        call    tick
        mov     a,t
        jmp     frame_tick_due
tick:
        mov     r0,#frames
        inc     @r0
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

; click: a key click, 2 ticks of a high tone.
click:
        mov     r2,#0AAh
        mov     r3,#SND_ON | SOUND_FAST | 10
        mov     r4,#2
        jmp     play_sound

; crackle: a burst of fireworks, fast noise.
crackle:
        mov     r2,#0A5h
        mov     r3,#SND_ON | SOUND_FAST | SOUND_NOISE | 11
        mov     r4,#8
        jmp     play_sound
