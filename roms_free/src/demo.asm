; demo.asm - the demo cartridge `o2 run` starts by default: three balls bounce inside a grid
; frame, joystick 0 steers a ship, its fire button beeps, a ball hitting the ship hisses, and the
; last key typed shows next to a seconds counter. Title "ODYSSEY2" and "JOY+KEYS" are two pairs
; of quads interleaved 8 pixels apart. Everything goes through the free BIOS (wait_vblank,
; put_char, put_bcd, read_keyboard, read_joystick).

        include "cart.inc"              ; the CPU, the names, the reset vector

; ---- internal RAM ------------------------------------------------------------------------------
BALLS           equ     20h             ; 3 balls x (X, Y, dX, dY)
BALL_SIZE       equ     4
BALL_COUNT      equ     3
SHIP_X          equ     2Ch
SHIP_Y          equ     2Dh
SOUND_LEFT      equ     2Eh             ; frames the current sound still plays
LAST_KEY        equ     2Fh             ; code of the last key typed
SECONDS         equ     30h             ; BCD
TICKS           equ     31h             ; frames into the current second

; ---- the playfield (sprite coordinates) inside the grid frame ---------------------------------
FIELD_LEFT      equ     0Ch
FIELD_RIGHT     equ     91h
FIELD_TOP       equ     1Ch
FIELD_BOTTOM    equ     0C6h
SHIP_STEP       equ     2
FRAMES_PER_SECOND equ   60
BEEP_FRAMES     equ     6
HISS_FRAMES     equ     10
BEEP            equ     SOUND_ENABLE | SOUND_FAST | 12
HISS            equ     SOUND_ENABLE | SOUND_FAST | SOUND_NOISE | 15
STATUS_Y        equ     0CCh            ; the key and seconds line, below the frame
KEY_SLOT        equ     VDC_CHAR0
TIME_SLOT       equ     VDC_CHAR0 + 2 * OBJ_SIZE

        org     410h
start:
        SHOW    scene
        call    load_initial

every_frame:
        call    BIOS_WAIT_VBLANK
        call    draw                    ; during VBLANK, with the objects off
        call    move_balls
        call    steer_ship
        call    listen
        call    count_time
        jmp     every_frame

; ---- draw: objects off, sprites placed, key and seconds written, objects on ------------------
draw:
        call    select_vdc
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_GRID
        movx    @r0,a
        mov     r1,#BALLS               ; sprites 1-3 = the balls
        mov     r0,#VDC_SPRITE0 + OBJ_SIZE
        mov     r6,#BALL_COUNT
draw_ball:
        mov     a,@r1                   ; X
        inc     r1
        inc     r0
        movx    @r0,a
        mov     a,@r1                   ; Y
        dec     r0
        movx    @r0,a
        mov     a,r0
        add     a,#OBJ_SIZE
        mov     r0,a
        mov     a,r1
        add     a,#BALL_SIZE - 1
        mov     r1,a
        djnz    r6,draw_ball
        mov     r1,#SHIP_X              ; sprite 0 = the ship
        mov     a,@r1
        mov     r0,#VDC_SPRITE0 + OBJ_X
        movx    @r0,a
        inc     r1
        mov     a,@r1
        dec     r0
        movx    @r0,a
        mov     r0,#KEY_SLOT
        mov     r3,#10h
        mov     r4,#STATUS_Y
        mov     r5,#COL_YELLOW
        mov     r1,#LAST_KEY
        mov     a,@r1
        call    BIOS_PUT_CHAR
        mov     r0,#TIME_SLOT
        mov     r3,#80h
        mov     r5,#COL_WHITE
        mov     r1,#SECONDS
        mov     a,@r1
        call    BIOS_PUT_BCD
        mov     r0,#VDC_CONTROL
        mov     a,#VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        movx    @r0,a
        ret

; ---- move_balls: each ball moves by its speed and bounces off the playfield's edges ----------
move_balls:
        mov     r1,#BALLS
        mov     r6,#BALL_COUNT
move_ball:
        mov     r2,#FIELD_LEFT
        mov     r3,#FIELD_RIGHT
        call    move_axis               ; X
        inc     r1
        mov     r2,#FIELD_TOP
        mov     r3,#FIELD_BOTTOM
        call    move_axis               ; Y
        mov     a,r1
        add     a,#BALL_SIZE - 1
        mov     r1,a
        djnz    r6,move_ball
        ret

; move_axis: @R1 = position, @(R1 + 2) = its signed speed, R2..R3 = the allowed range. The
; position moves; at or beyond an edge the speed turns round. Keeps R1.
move_axis:
        mov     a,@r1
        inc     r1
        inc     r1
        add     a,@r1
        dec     r1
        dec     r1
        mov     @r1,a
        mov     r4,a
        mov     a,r2                    ; C clear when position <= low edge
        cpl     a
        add     a,r4
        jnc     turn
        mov     a,r4                    ; C clear when position >= high edge
        cpl     a
        add     a,r3
        jc      moved
turn:
        inc     r1
        inc     r1
        mov     a,@r1
        cpl     a
        inc     a
        mov     @r1,a
        dec     r1
        dec     r1
moved:
        ret

; ---- steer_ship: joystick 0 moves the ship inside the playfield, fire beeps ------------------
steer_ship:
        clr     a
        call    BIOS_READ_STICK
        mov     r7,a
        mov     r1,#SHIP_Y
        mov     a,r7
        jb0     ship_up
        jb2     ship_down
        jmp     ship_sideways
ship_up:
        mov     a,@r1
        add     a,#256 - SHIP_STEP
        mov     r4,a
        add     a,#256 - FIELD_TOP          ; C set when still >= the top
        jnc     ship_sideways
        mov     a,r4
        mov     @r1,a
        jmp     ship_sideways
ship_down:
        mov     a,@r1
        add     a,#SHIP_STEP
        mov     r4,a
        cpl     a
        add     a,#FIELD_BOTTOM + 1     ; C set when still <= the bottom
        jnc     ship_sideways
        mov     a,r4
        mov     @r1,a
ship_sideways:
        mov     r1,#SHIP_X
        mov     a,r7
        jb3     ship_left
        jb1     ship_right
        jmp     ship_fire
ship_left:
        mov     a,@r1
        add     a,#256 - SHIP_STEP
        mov     r4,a
        add     a,#256 - FIELD_LEFT
        jnc     ship_fire
        mov     a,r4
        mov     @r1,a
        jmp     ship_fire
ship_right:
        mov     a,@r1
        add     a,#SHIP_STEP
        mov     r4,a
        cpl     a
        add     a,#FIELD_RIGHT + 1
        jnc     ship_fire
        mov     a,r4
        mov     @r1,a
ship_fire:
        mov     a,r7
        jb4     ship_beep
        ret
ship_beep:
        mov     a,#BEEP_FRAMES
        mov     r5,#BEEP
        jmp     play

        org     500h
; ---- listen: a ball on the ship hisses; a key typed is remembered and beeps ------------------
listen:
        call    select_vdc
        mov     r0,#VDC_COLLISION
        movx    a,@r0                   ; what sprite 0 touched during the last frame
        mov     r6,a
        mov     a,#COLL_SPRITE0         ; keep watching the ship
        movx    @r0,a
        mov     a,r6
        anl     a,#COLL_SPRITE1 | COLL_SPRITE2 | COLL_SPRITE3
        jz      listen_keys
        mov     a,#HISS_FRAMES
        mov     r5,#HISS
        call    play
listen_keys:
        call    BIOS_READ_KEYS
        mov     r6,a
        inc     a
        jz      silence_when_done       ; no key down
        mov     r1,#LAST_KEY
        mov     a,r6
        xrl     a,@r1
        jz      silence_when_done       ; the same key, still held
        mov     a,r6
        mov     @r1,a
        mov     a,#BEEP_FRAMES
        mov     r5,#BEEP
        jmp     play
silence_when_done:
        mov     r1,#SOUND_LEFT
        mov     a,@r1
        jz      silent
        dec     a
        mov     @r1,a
        jnz     silent
        call    select_vdc
        mov     r0,#VDC_SOUND
        clr     a
        movx    @r0,a
silent:
        ret

; play: A = frames, R5 = sound control; loads a square wave (or noise seed) and starts it.
play:
        mov     r1,#SOUND_LEFT
        mov     @r1,a
        call    select_vdc
        mov     r0,#VDC_SOUND_HI
        mov     a,#0CCh                 ; 1100 repeated: a square wave of 4 shifts
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        movx    @r0,a
        inc     r0
        mov     a,r5
        movx    @r0,a                   ; VDC_SOUND
        ret

; ---- count_time: SECONDS (BCD) counts up, wrapping at 99 --------------------------------------
count_time:
        mov     r1,#TICKS
        inc     @r1
        mov     a,@r1
        xrl     a,#FRAMES_PER_SECOND
        jnz     counted
        mov     @r1,a                   ; 0
        mov     r1,#SECONDS
        mov     a,@r1
        add     a,#1
        da      a
        mov     @r1,a
counted:
        ret


        org     600h
        include "testlib.inc"
        include "objects.inc"
scene:
        db      VDC_COLOUR, BG_BLUE | 06h       ; yellow grid (field 6: green + red)
        db      VDC_GRID_H + 0, 01h, VDC_GRID_H + 1, 01h, VDC_GRID_H + 2, 01h
        db      VDC_GRID_H + 3, 01h, VDC_GRID_H + 4, 01h, VDC_GRID_H + 5, 01h
        db      VDC_GRID_H + 6, 01h, VDC_GRID_H + 7, 01h, VDC_GRID_H + 8, 01h
        db      VDC_GRID_H8 + 0, 01h, VDC_GRID_H8 + 1, 01h, VDC_GRID_H8 + 2, 01h
        db      VDC_GRID_H8 + 3, 01h, VDC_GRID_H8 + 4, 01h, VDC_GRID_H8 + 5, 01h
        db      VDC_GRID_H8 + 6, 01h, VDC_GRID_H8 + 7, 01h, VDC_GRID_H8 + 8, 01h
        db      VDC_GRID_V + 0, 0FFh, VDC_GRID_V + 9, 0FFh
        SPRITE  0, 50h, 80h, COL_WHITE << SPRITE_COLOUR_SHIFT
        SPRITE  1, 20h, 30h, COL_RED << SPRITE_COLOUR_SHIFT
        SPRITE  2, 60h, 50h, COL_GREEN << SPRITE_COLOUR_SHIFT
        SPRITE  3, 40h, 0A0h, COL_CYAN << SPRITE_COLOUR_SHIFT
        SHAPE   0, 18h, 18h, 3Ch, 7Eh, 0FFh, 0FFh, 5Ah, 24h    ; the ship
        SHAPE   1, 3Ch, 7Eh, 0FFh, 0FFh, 0FFh, 0FFh, 7Eh, 3Ch  ; the balls
        SHAPE   2, 3Ch, 7Eh, 0FFh, 0FFh, 0FFh, 0FFh, 7Eh, 3Ch
        SHAPE   3, 3Ch, 7Eh, 0FFh, 0FFh, 0FFh, 0FFh, 7Eh, 3Ch
        QUAD_AT   0, 0, 30h, 20h                ; O Y S Y at 30h, 40h, 50h, 60h
        QUAD_CHAR 0, 0, 17h, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 1, 2Ch, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 2, 19h, 20h, COL_WHITE, 0
        QUAD_CHAR 0, 3, 2Ch, 20h, COL_WHITE, 0
        QUAD_AT   1, 0, 38h, 20h                ; D S E 2 at 38h, 48h, 58h, 68h
        QUAD_CHAR 1, 0, 1Ah, 20h, COL_WHITE, 0
        QUAD_CHAR 1, 1, 19h, 20h, COL_WHITE, 0
        QUAD_CHAR 1, 2, 12h, 20h, COL_WHITE, 0
        QUAD_CHAR 1, 3, 02h, 20h, COL_WHITE, 0
        QUAD_AT   2, 0, 30h, 0B8h               ; J Y K Y
        QUAD_CHAR 2, 0, 1Eh, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 2, 1, 2Ch, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 2, 2, 1Fh, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 2, 3, 2Ch, 0B8h, COL_VIOLET, 0
        QUAD_AT   3, 0, 38h, 0B8h               ; O + E S
        QUAD_CHAR 3, 0, 17h, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 3, 1, 10h, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 3, 2, 12h, 0B8h, COL_VIOLET, 0
        QUAD_CHAR 3, 3, 19h, 0B8h, COL_VIOLET, 0
        db      VDC_COLLISION, COLL_SPRITE0
        db      VDC_CONTROL, VDC_CTRL_GRID | VDC_CTRL_OBJECTS
        db      END_OF_TABLE

        org     700h
; load_initial: the balls, the ship, the sound and the last key (space) from the table below.
load_initial:
        mov     r0,#BALLS
        mov     r1,#low(initial)
        mov     r6,#initial_end - initial
load_initial_byte:
        mov     a,r1
        movp    a,@a
        mov     @r0,a
        inc     r0
        inc     r1
        djnz    r6,load_initial_byte
        ret
initial:                                ; BALLS .. LAST_KEY
        db      20h, 30h, 1, 1          ; ball 1: X, Y, dX, dY
        db      60h, 50h, 0FFh, 2       ; ball 2 (dX = -1)
        db      40h, 0A0h, 2, 0FFh      ; ball 3 (dY = -1)
        db      50h, 80h                ; the ship
        db      0, 0Ch                  ; sound frames left, last key (space)
initial_end:
