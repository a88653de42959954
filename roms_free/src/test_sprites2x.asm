; test_sprites2x.asm - the four sprites, double size, with the four shift patterns (sprites.inc).
SPRITE_SIZE     equ     4               ; SPRITE_DOUBLE (hardware.inc is included after this)
        include "sprites.inc"
