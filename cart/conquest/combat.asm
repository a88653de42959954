; combat.asm - the battles (bank 0). Entry points for the game in bank 1 (through bankcall.inc):
; combat_start once when ENTER starts a battle, combat_draw in each frame's VDC writes, combat_frame
; once a frame; the battle ends when combat_frame sets `winner`.

combat_start:
        ret
combat_draw:
        ret
combat_frame:
        ret
