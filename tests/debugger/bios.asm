; The smallest BIOS for the debugger tests: the three vectors jump into the cartridge
; (native/HARDWARE.md §5), nothing else, so every cycle of a test is the test program's.
        cpu 8048
        org 0
        jmp 400h                ; reset
        org 3
        jmp 402h                ; external interrupt (VBLANK)
        org 7
        jmp 404h                ; timer interrupt
        org 3ffh
        nop                     ; pads the image to 1 KiB
