; test_sprites.asm - the four sprites, single size, with the four shift patterns (sprites.inc).
SPRITE_SIZE     equ     0
        include "sprites.inc"
