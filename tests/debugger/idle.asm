; A cartridge that never enables interrupts: INC R4 (1 cycle) and JMP (2 cycles) forever.
; From cycle 2 (after the BIOS's JMP 400h) the loop's boundaries are 2 + 3k (at idle) and
; 3 + 3k (at 401h).
        cpu 8048
        org 400h
idle:   inc r4                  ; 400  1
        jmp idle                ; 401  2
