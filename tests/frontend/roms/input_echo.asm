; input_echo.asm - a cartridge for the front end's tests: everything held shows on the screen
; and in the sound, so a wrong input on any frame changes the frame hashes from then on.
;   left stick  (stick 0): moves sprite 0 (red) one pixel per frame; right stick: sprite 1 (green)
;   a key:      its character at the top left, and the background colour = code & 7
;   a key or either stick's fire: sound on (volume 8; noise while a fire button is down)
;   RESET:      restarts the cartridge, sprites back to their start
        cpu     8048
        include "hardware.inc"
        include "bios.inc"

SPRITE0_X       equ     20h             ; internal RAM: X, Y of sprite 0, then of sprite 1
SPRITE1_X       equ     22h
FIRE            equ     24h             ; JOY_FIRE bits of both sticks, ORed
KEY             equ     25h             ; this frame's key code or NO_KEY
SPACE_CODE      equ     0Ch
SOUND_ON        equ     SOUND_ENABLE | SOUND_FAST | 8

        org     CART_RESET
        jmp     start

        org     410h
start:
        call    BIOS_VDC_CLEAR          ; display off, the VDC selected
        mov     r0,#VDC_SHAPE0          ; sprites 0 and 1: solid 8x8
        mov     r6,#16
        mov     a,#0FFh
shape:
        movx    @r0,a
        inc     r0
        djnz    r6,shape
        mov     r0,#VDC_SOUND_HI        ; a square wave in the sound shift register
        mov     a,#0F0h
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        movx    @r0,a
        mov     r0,#SPRITE0_X
        mov     @r0,#40h
        inc     r0
        mov     @r0,#40h
        inc     r0
        mov     @r0,#80h
        inc     r0
        mov     @r0,#80h
frame:
        call    BIOS_WAIT_VBLANK
        mov     r0,#FIRE
        mov     @r0,#0
        clr     a
        call    BIOS_READ_STICK
        mov     r0,#SPRITE0_X
        call    move
        mov     a,#1
        call    BIOS_READ_STICK
        mov     r0,#SPRITE1_X
        call    move
        call    BIOS_READ_KEYS
        mov     r0,#KEY
        mov     @r0,a
        call    show
        jmp     frame

; A = stick bits, R0 = the sprite's X (Y follows): one pixel per direction held; fire noted.
move:
        mov     r3,a
        jb1     right
        jmp     not_right
right:
        inc     @r0
not_right:
        mov     a,r3
        jb3     left
        jmp     not_left
left:
        mov     a,@r0
        dec     a
        mov     @r0,a
not_left:
        inc     r0
        mov     a,r3
        jb2     down
        jmp     not_down
down:
        inc     @r0
not_down:
        mov     a,r3
        jb0     up
        jmp     not_up
up:
        mov     a,@r0
        dec     a
        mov     @r0,a
not_up:
        mov     a,r3
        anl     a,#JOY_FIRE
        mov     r0,#FIRE
        orl     a,@r0
        mov     @r0,a
        ret

        org     500h
; Write this frame's picture and sound (display off while the objects change).
show:
        mov     a,#P1_IDLE & ~P1_VDC_N
        outl    p1,a
        mov     r0,#VDC_CONTROL
        clr     a
        movx    @r0,a
        mov     r1,#SPRITE0_X           ; sprite n entry: Y, X, attribute
        mov     r0,#VDC_SPRITE0
        mov     r5,#COL_RED << SPRITE_COLOUR_SHIFT
        call    sprite
        mov     r0,#VDC_SPRITE0 + OBJ_SIZE
        mov     r5,#COL_GREEN << SPRITE_COLOUR_SHIFT
        call    sprite
        mov     r1,#KEY
        mov     a,@r1
        cpl     a
        jz      nothing_typed       ; NO_KEY = FFh
        mov     a,@r1
        anl     a,#07h
        rl      a
        rl      a
        rl      a
        mov     r0,#VDC_COLOUR
        movx    @r0,a
        mov     a,@r1
        jmp     put_key
nothing_typed:
        mov     r0,#VDC_COLOUR
        clr     a
        movx    @r0,a
        mov     a,#SPACE_CODE
put_key:
        mov     r0,#VDC_CHAR0
        mov     r3,#10h
        mov     r4,#20h
        mov     r5,#COL_WHITE
        call    BIOS_PUT_CHAR
        mov     r1,#KEY                 ; sound: on while a key or a fire button is down
        mov     a,@r1
        cpl     a
        mov     r1,#FIRE
        orl     a,@r1
        jz      quiet
        mov     a,@r1
        jz      tone
        mov     a,#SOUND_ON | SOUND_NOISE
        jmp     sound
tone:
        mov     a,#SOUND_ON
        jmp     sound
quiet:
        clr     a
sound:
        mov     r0,#VDC_SOUND
        movx    @r0,a
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_OBJECTS
        movx    @r0,a
        ret

; R1 = the sprite's X in internal RAM (advanced past its Y), R0 = its VDC entry, R5 = attribute.
sprite:
        mov     a,@r1                   ; X
        mov     r2,a
        inc     r1
        mov     a,@r1                   ; Y
        inc     r1
        movx    @r0,a
        inc     r0
        mov     a,r2
        movx    @r0,a
        inc     r0
        mov     a,r5
        movx    @r0,a
        ret
