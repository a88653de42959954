; main.asm - Conquest of the World, our clean-room cartridge for the Odyssey² / Videopac G7000.
; Written from the game's manual alone; cart/conquest/README.md gives every decision the manual
; leaves open. Entry, frame loop, modes. Assembled by `make roms` into roms_free/conquest.bin.
;
; The cartridge is 4 KiB: two 2 KiB banks selected by P10 (hardware notes §2). Bank 1 (image
; 800h-FFFh, the bank mapped at reset) holds this program at 400h-BFFh; bank 0 (image 000h-7FFh)
; holds the battles (combat.asm and the weapons), reached through far calls whose bytes stand at
; the same addresses in both banks (bankcall.inc). It calls no BIOS routine and runs with
; interrupts off, waiting for the VDC's VBLANK request on the /INT pin itself, so it runs the same with
; our free BIOS, a BIOS that only jumps to 400h, or a console's own BIOS.

        cpu     8048
        include "../../roms_free/src/hardware.inc"
        include "ram.inc"

NO_KEY          equ     0FFh
TABLE_PAGE      equ     740h            ; bank 1: put_text, the strings and the playfield tables (one page)

; lcall: from code at 800h-BFFh (MB1) to a routine below 800h (MB0), and back to MB1; hcall the other
; way round.
lcall   macro   target
        sel     mb0
        call    target
        sel     mb1
        endm
hcall   macro   target
        sel     mb1
        call    target
        sel     mb0
        endm
BANK_BITS       equ     P1_BANK0 | P1_BANK1
P1_BANKS        equ     BANK_BITS       ; (the far calls' macro cannot spell BANK_BITS)
; P1 with one chip selected (bank bits set: bank 1; P17 high: background dim).
P1_VDC          equ     0FFh & ~(P1_VDC_N | P1_COPY)
P1_RAM          equ     0FFh & ~(P1_RAM_N | P1_COPY)
P1_KEYS         equ     0FFh & ~(P1_KBD_N | P1_COPY)
P1_BANK0_VDC    equ     P1_VDC & ~P1_BANK0

; ---------------------------------------------------------------- bank 0: a battle's start and effects
; Reached from the battles (bank 2) by clearing P11 (bankcall.inc), or straight from the game (bank 3)
; by clearing both bank bits.
        include "bankcall.inc"
        include "helpers.inc"
        org     0000h
        phase   400h
        orl     p1,#BANK_BITS           ; whatever bank the BIOS left mapped: go to bank 3
        include "start.asm"
        dephase
        org     0000h + FAR_CALLS - 400h
        phase   FAR_CALLS
        far_calls bx
        dephase

; ---------------------------------------------------------------- bank 1: the computer opponent
        org     0800h
        phase   400h
        orl     p1,#BANK_BITS
        include "computer_play.asm"
        dephase

; ---------------------------------------------------------------- bank 2: the battles
        org     1000h
        phase   400h
        orl     p1,#BANK_BITS           ; whatever bank the BIOS left mapped: go to bank 1
        jmp     start
        include "combat.asm"
        dephase
        org     1400h                   ; bank 2, 800h-BFFh
        phase   800h
        include "tank.asm"
        include "sub.asm"
        include "jet.asm"
        include "weapons.asm"                   ; last: its tables end the page at BFFh
        dephase
        org     1000h + FAR_CALLS - 400h
        phase   FAR_CALLS
        far_calls b0
        dephase

; ---------------------------------------------------------------- bank 3: everything else
        org     1800h
        phase   400h
        orl     p1,#BANK_BITS
        jmp     start

start:
        dis     i
        dis     tcnti
        stop    tcnt
        sel     rb0
        sel     mb0
        mov     a,#P1_VDC
        outl    p1,a
        call    vdc_blank
        sel     mb1
        call    clear_ram
        sel     mb0
        call    measure_region
        mov     r0,#seed
        mov     @r0,#5Ah
        mov     r0,#last_key
        mov     @r0,#NO_KEY
        sel     mb1
        call    go_select
        sel     mb0

; Once a frame: wait for VBLANK, write the VDC while the beam is outside the picture, read the
; keys and sticks, then the mode's own work.
frame:
        call    wait_frame
        call    frame_ticks             ; the clock of what is only seen or heard (sound.asm)
        call    show
        call    read_sticks
        sel     mb1                     ; the console's side: its own stick (computer.asm, bank 1)
        call    computer_far_b3
computer_back:
        sel     mb0
        call    read_key                ; A = key newly pressed this frame, or NO_KEY
        mov     r7,a
        call    random                  ; the generator runs every frame: nobody can time it
        mov     r0,#mode
        mov     a,@r0
        add     a,#low(mode_table)
        jmpp    @a
mode_table:
        db      low(select_frame_j), low(wargame_frame_j), low(entry_frame_j)
        db      low(combat_frame_j), low(result_frame_j)
select_frame_j:
        sel     mb1
        call    select_frame
        sel     mb0
        jmp     frame
wargame_frame_j:
        sel     mb1
        call    wargame_frame
        sel     mb0
        jmp     frame
entry_frame_j:
        sel     mb1
        call    entry_frame
        sel     mb0
        jmp     frame
combat_frame_j:
        call    combat_frame_far_b1
        sel     mb1
        call    combat_over
        sel     mb0
        jmp     frame
result_frame_j:
        sel     mb1
        call    result_frame
        sel     mb0
        jmp     frame
        ds      11                      ; (room left by clear_ram's move: the pages below stay as
                                        ; they were, so no jump in them crosses a page)

; wait_frame: until the VDC's VBLANK interrupt request (/INT, which the 8048 tests with JNI even with
; interrupts off). It stays asserted until the status register is read, so finding it already asserted
; means the last frame's work ran past VBLANK: an overrun. Reading the status then releases it.
wait_frame:
        call    select_vdc
        jni     wait_late
wait_vblank:
        jni     wait_done
        jmp     wait_vblank
wait_late:
        mov     r0,#overruns
        inc     @r0
wait_done:
        mov     r0,#VDC_STATUS
        movx    a,@r0
        ret

; measure_region: frames last 5983 machine cycles on NTSC, 7929 on PAL; the timer (cycles / 32)
; tells them apart: 187 against 247 steps from one VBLANK to the next.
measure_region:
        call    wait_frame
        clr     a
        mov     t,a
        strt    t
        call    wait_frame
        stop    tcnt
        mov     a,t
        add     a,#(-217) & 0FFh                 ; carry: 217 steps or more
        mov     r0,#fps
        mov     @r0,#60
        jnc     measured
        mov     @r0,#50
measured:
        mov     r0,#overruns            ; the two waits above are not game frames
        mov     @r0,#0
        mov     a,#TICKS_AT_START
        mov     t,a
        ret

        helpers b1                      ; select_vdc, select_ram, xram_read, xram_write, random (helpers.inc)
select_vdc      equ     select_vdc_b1
select_ram      equ     select_ram_b1
xram_read       equ     xram_read_b1
xram_write      equ     xram_write_b1
random          equ     random_b1
put_space       equ     put_space_b1
put_char        equ     put_char_b1
put_glyph       equ     put_glyph_b1

        include "keys.asm"
        include "sound.asm"
        include "text.asm"
        dephase
        org     1800h + TABLE_PAGE - 400h
        phase   TABLE_PAGE
        include "strings.asm"
        include "fields.inc"
        dephase
        org     1800h + FAR_CALLS - 400h
        phase   FAR_CALLS
        far_calls b1
        dephase
        org     1800h + COMPUTER_CALL - 400h
        phase   COMPUTER_CALL
        computer_calls b3
        dephase

; ---------------------------------------------------------------- bank 3, 800h-BFFh: the modes
        org     1C00h
        phase   800h
        include "wargame.asm"           ; (this order keeps short jumps and tables inside their pages)
        include "result.asm"
        include "entry.asm"
        include "terrain.asm"
        include "choose.asm"

; clear_ram: internal 18h-3Fh and external 00h-7Fh to 0 (at power-on and RESET; here, where there is
; room).
clear_ram:
        mov     r0,#18h
        mov     r1,#28h
        clr     a
clear_internal:
        mov     @r0,a
        inc     r0
        djnz    r1,clear_internal
        lcall   select_ram
        mov     r0,#7Fh
        clr     a
clear_external:
        movx    @r0,a
        djnz    r0,clear_external
        movx    @r0,a
        ret
        dephase

; ---------------------------------------------------------------- bank 1, 800h-BFFh: the computer opponent
        org     0C00h
        phase   800h
        include "computer.asm"
        dephase
        org     0800h + COMPUTER_CALL - 400h
        phase   COMPUTER_CALL
        computer_calls b1
        dephase
