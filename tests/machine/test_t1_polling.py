"""JT1/JNT1 see T1 = HBLANK | VBLANK while the event counter is off, when the run loop no longer
stops at T1's edges and the CPU asks for the pin on demand (cpu8048_bus.read_t1; native/machine.c).
Raster facts: native/HARDWARE.md §3 and native/vdc8244.h."""
import pytest

from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2

# Counts T1's rising edges seen by polling, in R6:R5. It first waits for T1 low: power-on is
# inside VBLANK (line 243), where T1 is high.
POLL_RISES = """
        org     000h
        jmp     start
        org     003h
        retr
        org     007h
        retr
start:  mov     r5,#0
        mov     r6,#0
low:    jt1     low             ; wait while T1 is high
high:   jnt1    high            ; wait while T1 is low: a rising edge follows
        inc     r5
        mov     a,r5
        jnz     low
        inc     r6
        jmp     low
"""
INTO_VBLANK_CYCLES = 130        # about 5.7 lines past the frame boundary: inside VBLANK, no edge


def polling_machine(region):
    image = assemble_text(POLL_RISES, "poll_rises.asm").image(1024, fill=0x00)
    return Odyssey2(cart=bytes(2048), bios=image, region=region)


@pytest.mark.parametrize("region", ["ntsc", "pal"])
def test_polling_sees_every_rising_edge_of_t1(region):
    # Per frame T1 rises at HBLANK's start on lines 1-241 (241 edges) and once more with VBLANK at
    # line 242 (line 0's HBLANK lies inside VBLANK); PAL adds only VBLANK lines. HBLANK lasts
    # 87 half-clocks and JNT1 samples every 2 cycles (40 / 36 hc), so none is missed.
    # Frames 1-3 hold 3 x 242 = 726 = 0x2D6 rises.
    m = polling_machine(region)
    m.run_frames(3)
    m.run_cycles(INTO_VBLANK_CYCLES)
    assert (m.cpu.r[6], m.cpu.r[5]) == (0x02, 0xD6)


def test_a_state_saved_mid_frame_resumes_the_same_count():
    # Saved 2000 cycles into frame 2 (40000 hc past line 243: line 67, x 415, inside HBLANK);
    # run_frames(2) then runs to the end of frame 3, so the count is again 3 x 242 = 0x2D6.
    m = polling_machine("ntsc")
    m.run_cycles(5983 + 2000)
    saved = m.save_state()
    m.run_frames(2)
    m.run_cycles(INTO_VBLANK_CYCLES)
    straight = (m.cpu.r[6], m.cpu.r[5])
    m.load_state(saved)
    m.run_frames(2)
    m.run_cycles(INTO_VBLANK_CYCLES)
    assert (m.cpu.r[6], m.cpu.r[5]) == straight == (0x02, 0xD6)
