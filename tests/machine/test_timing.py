"""Frame length, T1 = HBLANK | VBLANK into the event counter, and /INT held until status is read
(native/HARDWARE.md §2, §3, §6 items 5-7; native/vdc8244.h for the frame model)."""
import pytest

from emu.odyssey2 import Odyssey2
from machine_images import (CHARSET, EN_I, INC_R7, MOVX_A_AT_R0, RETR, STRT_CNT, bios, jmp,
                            looping_bios, mov_r0, outl_p1)

VDC_ONLY = 0x97
HANDLER = 0x020


def nop_machine(region="ntsc", first=()):
    """A BIOS of 1-cycle instructions only: every machine cycle is an instruction boundary.
    Past 0x3FF the empty cartridge slot reads 0xFF (MOV A,R7, also 1 cycle); PC wraps at 0x7FF."""
    image = bytes(first) + bytes(1024 - len(first))
    return Odyssey2(bios=image, charset=CHARSET, region=region)


def test_ntsc_frame_k_ends_after_floor_k_times_5983_25_cycles():
    # A frame is 455 x 263 = 119665 half-clocks = 5983.25 cycles of 20 hc. The cycle in which
    # boundary k falls starts frame k + 1, as MAME counts: frame k ends after floor(k x 5983.25)
    # cycles, so frames last 5983, 5983, 5983, 5984, 5983, ...
    m = nop_machine()
    ends = []
    for _ in range(8):
        m.run_frames(1)
        ends.append(m.cycles)
    assert m.frame == 8
    assert ends == [5983, 11966, 17949, 23933, 29916, 35899, 41882, 47866]


def test_pal_frame_is_456_x_313_half_clocks_of_18_per_cycle():
    # 142728 hc / 18 = 7929 1/3 cycles per frame: floor(k x 7929.33).
    m = nop_machine("pal")
    ends = []
    for _ in range(4):
        m.run_frames(1)
        ends.append(m.cycles)
    assert ends == [7929, 15858, 23788, 31717]


def test_frame_counter_turns_at_the_cycle_holding_the_boundary():
    m = nop_machine()
    m.run_cycles(5982)
    assert m.frame == 0
    m.step()                  # cycle 5983 spans hc 119660-119679 and holds the boundary 119665
    assert (m.cycles, m.frame) == (5983, 1)


def test_run_frames_several_at_once_lands_on_the_same_boundary():
    m = nop_machine()
    m.run_frames(5)
    assert (m.frame, m.cycles) == (5, 29916)


def test_t1_counter_counts_one_falling_edge_per_visible_line():
    # T1 = HBLANK | VBLANK. From power-on (line 243, inside VBLANK) to the next boundary, T1 falls
    # at the end of HBLANK on lines 0-241; line 242's HBLANK merges into VBLANK (it rises at hc
    # 365, HBLANK at 366), and VBLANK's end at hc 365 of line 0 is followed by HBLANK at 366: the
    # one-half-clock gap is no edge. So 242 edges per frame.
    m = nop_machine(first=[STRT_CNT])
    m.run_frames(1)
    assert m.cpu.timer == 242
    # Every fourth frame an instruction boundary falls exactly on that gap; still no edge.
    m.run_frames(3)
    assert m.cpu.timer == (4 * 242) % 256


def irq_machine(read_status):
    handler = [INC_R7] + (mov_r0(0xA1) + [MOVX_A_AT_R0] if read_status else []) + [RETR]
    image = looping_bios(outl_p1(VDC_ONLY) + [EN_I], irq=jmp(HANDLER), extra={HANDLER: handler})
    return Odyssey2(bios=image, charset=CHARSET)


def test_vblank_interrupt_once_per_frame_when_status_is_read():
    m = irq_machine(read_status=True)
    m.run_frames(3)
    m.run_cycles(50)          # VBLANK rises 90 hc before each boundary: let the third one run
    assert m.cpu.r[7] == 3


def test_int_is_level_held_until_status_is_read():
    m = irq_machine(read_status=False)
    m.run_frames(1)
    m.run_cycles(100)
    # entry 2 + JMP 2 + INC R7 1 + RETR 2: the ISR is re-entered every 7 cycles while /INT is low
    assert m.cpu.r[7] >= 100 // 7


def test_audio_of_a_frame_has_the_rate_times_the_frame_time_in_samples():
    # NTSC frame: 119665 hc at 2 x 315/88 MHz = 1/59.826 s; PAL: 142728 hc at 35468952/5 Hz.
    for region, rate, per_frame in (("ntsc", 44100, 44100 / 59.826097856519),
                                    ("ntsc", 48000, 48000 / 59.826097856519),
                                    ("pal", 44100, 44100 * 142728 * 5 / 35468952)):
        m = Odyssey2(bios=looping_bios([]), charset=CHARSET, region=region, sample_rate=rate)
        m.run_frames(1)
        total = 0
        for _ in range(10):
            m.run_frames(1)
            total += len(m.audio)
        assert abs(total - 10 * per_frame) <= 1, (region, rate, total)


def test_sample_rate_is_44100_or_48000():
    with pytest.raises(ValueError, match="sample_rate"):
        Odyssey2(bios=looping_bios([]), charset=CHARSET, sample_rate=22050)
