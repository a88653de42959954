; test_service_power_on.asm - the sound service request counted from power-on, with no write to
; A7-A9 ever: AA = BFh (enabled, fast, noise, volume 15), A0 = 06h (beam strobe, service
; interrupt). The BIOS's VBLANK handler runs at every /INT (VBLANK or service request) and calls
; the hook, which stores the beam's line (A4) at external RAM 00h, 01h, ... (7Fh = the next
; address). MAME counts the 24 shift clocks toward the request from the first line 0, not
; through the VBLANK lines after power-on (its first request at line 96 in both regions).
; DIFFERENCES.md, "Sound clock in the first 20 lines after power-on".

        include "cart.inc"              ; the CPU, the names, the reset vector
        include "line_log.inc"          ; the BIOS's handler calls `hook`

        org     410h
start:
        LOG_START 0BFh                  ; AA: enabled, fast, noise, volume 15
idle:   jmp     idle

hook:   LOG_LINE                        ; the line at NEXT

        org     500h
        include "testlib.inc"
