; bios_min.asm - the smallest BIOS a cartridge can meet: the 8048's three vectors jump to the
; cartridge's entry table (native/HARDWARE.md §5) and nothing else runs. No RAM, VDC or port is set up
; and no routine exists to call: a cartridge that runs on it relies on no BIOS convention but the
; jump to 400h. Conquest of the World is tested on it (`o2 run --bios roms_free/bios_min.bin`).

        cpu     8048
        org     000h
        jmp     400h                    ; reset
        org     003h
        jmp     402h                    ; external interrupt (the VDC's VBLANK)
        org     007h
        jmp     404h                    ; timer interrupt
