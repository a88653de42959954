"""The reference-model switch: Odyssey2(model="hardware") follows the hardware documentation,
model="mame" reproduces MAME 0.251's odyssey2 driver where the two differ (each point with its
evidence in tests/conformance/DIFFERENCES.md). The conformance suite runs the MAME model against
the oracle; these pin both sides of each difference on our own machine."""
import pytest

from emu.errors import StateError
from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MOVX_AT_R0_A, looping_bios, mov_a, mov_r0, outl_p1

RAM_BANK0 = 0xAC     # 1010 1100: external RAM selected, bank 0


def nop_machine(model):
    """A BIOS of 1-cycle NOPs only: every machine cycle is an instruction boundary."""
    return Odyssey2(bios=bytes(1024), charset=CHARSET, model=model)


def test_the_hardware_model_is_the_default_and_names_are_checked():
    assert Odyssey2(bios=bytes(1024), charset=CHARSET).model == "hardware"
    assert nop_machine("mame").model == "mame"
    with pytest.raises(ValueError, match="model must be 'hardware' or 'mame', not 'mess'"):
        nop_machine("mess")


@pytest.mark.parametrize("model, floating", [("hardware", True), ("mame", False)])
def test_unconnected_register_bits(model, floating):
    # Horton's read-back maps: A3 and A6 drive no bit and read the address left on the bus, A1
    # bit 5 floats high; MAME reads those bits as 0. Nothing has been written: A0 = 0.
    regs = nop_machine(model).vdc_regs
    assert (regs[0xA3], regs[0xA6], regs[0xF5], regs[0xA1] & 0x20) == \
        ((0xA3, 0xA6, 0xF5, 0x20) if floating else (0, 0, 0, 0))


@pytest.mark.parametrize("model, ends", [
    # 119665 hc a frame at 20 hc a cycle: frame k ends at cycle floor(k x 5983.25).
    ("hardware", {1: 5983, 3: 17949, 4: 23933, 35: 209413}),
    # MAME's CPU: 357955 cycles a second against 7159090 half-clocks, so floor(k x 5983.2584):
    # the oracle's frame 35 of test_sound_holdoff ends at 209414 (its frame 3 at 17949).
    ("mame", {1: 5983, 3: 17949, 4: 23933, 35: 209414}),
])
def test_frames_end_where_a_whole_cycle_no_longer_fits(model, ends):
    m = nop_machine(model)
    seen = {}
    for frame in range(1, 36):
        m.run_frames(1)
        seen[frame] = m.cycles
    assert {k: seen[k] for k in ends} == ends
    assert m.frame == 35


def busy_machine(model):
    """Leaves RAM selected with bank 0 mapped (P1 = AC), looping."""
    code = outl_p1(RAM_BANK0) + mov_r0(0x20) + mov_a(0x77) + [MOVX_AT_R0_A]
    m = Odyssey2(cart=bytes(8192), bios=looping_bios(code), charset=CHARSET, model=model)
    m.run_cycles(100)
    return m


def test_reset_takes_effect_at_the_press_on_hardware_and_at_the_release_in_mame():
    # MCS-48 manual: the 8048 takes its reset state while RESET is held (P1 = FF: the last bank);
    # MAME leaves the CPU as it was while held and resets it on release.
    hardware, mame = busy_machine("hardware"), busy_machine("mame")
    for m in (hardware, mame):
        m.press("RESET")
        m.run_cycles(50)
    assert (hardware.cpu.p1, hardware.cart_bank) == (0xFF, 3)
    assert (mame.cpu.p1, mame.cart_bank) == (RAM_BANK0, 0)
    mame.release("RESET")
    assert (mame.cpu.pc, mame.cpu.p1, mame.cart_bank) == (0, 0xFF, 3)


def test_a_save_state_carries_its_model():
    mame = nop_machine("mame")
    mame.run_frames(2)
    state = mame.save_state()
    other = nop_machine("hardware")
    other.load_state(state)
    assert other.model == "mame"
    assert other.vdc_regs[0xA6] == 0
    assert other.save_state() == state


def test_a_state_of_an_older_layout_is_refused():
    state = bytearray(nop_machine("hardware").save_state())
    state[4:8] = (1).to_bytes(4, "little")      # version 1 had no model
    with pytest.raises(StateError):
        nop_machine("hardware").load_state(bytes(state))


def rotated_right(value, bits):
    return (value >> bits | value << (24 - bits)) & 0xFFFFFF


@pytest.mark.parametrize("control, mame_shifts, power_on_shifts", [
    (0xA0, 12, 5),      # enabled, every 4 lines: the prescaler passes 16, 20, 24, 28, 32
    (0x80, 15, 2),      # enabled, every 16 lines: 16 and 32
])
def test_sound_in_the_vblank_lines_after_power_on(control, mame_shifts, power_on_shifts):
    # A BIOS writes 12 34 57 to A7-A9 and `control` to AA at once (line 243), then loops. The
    # oracle's frame-1 capture holds the register rotated right by 12 (fast) or 15 (slow): MAME
    # does not shift in the 20 VBLANK lines before the first line 0. The hardware clocks them
    # like any line, the prescaler counting 13 (power-on) to 32 there.
    from emu.native import DebugCore
    code = outl_p1(0x97)                                        # the VDC selected
    for reg, value in ((0xA7, 0x12), (0xA8, 0x34), (0xA9, 0x57), (0xAA, control)):
        code += mov_r0(reg) + mov_a(value) + [MOVX_AT_R0_A]
    code += [0x04, len(code)]                                   # JMP to itself
    shifted = {}
    for model in ("hardware", "mame"):
        m = Odyssey2(bios=bytes(code) + bytes(1024 - len(code)), charset=CHARSET, model=model)
        sound = DebugCore(m._machine, 1, 1)
        m.run_frames(1)
        shifted[model] = sound.sound()[0]
    assert shifted == {"mame": rotated_right(0x123457, mame_shifts),
                       "hardware": rotated_right(0x123457, mame_shifts + power_on_shifts)}


@pytest.mark.parametrize("model", ["hardware", "mame"])
def test_polling_the_vdc_loses_no_event_counter_edge(model):
    # roms_free test_counter_poll: the counter (T1 = HBLANK | VBLANK) loaded with 256 - 100 at
    # VBLANK interrupts at the 100th falling edge, the end of line 99's HBLANK, while the program
    # polls A4 (odd frames) or the external RAM (even frames). The counter counts every T1 edge
    # whatever the bus does, so the handler reads the same line (A4, latched by its A5 read) in
    # both kinds of frame: 65h, as MAME reads it in every frame.
    from rom_runners import run_many
    xram = run_many("machine", "test_counter_poll.bin", (12,), model=model)[12].xram
    assert [xram[2 * frame + 1] for frame in range(1, 12)] == [0x65] * 11


@pytest.mark.parametrize("model", ["hardware", "mame"])
def test_int_in_the_first_cycle_of_a_two_cycle_instruction_is_taken_before_it(model):
    # roms_free test_int_phase: the VBLANK interrupt swept over a run of 2-cycle instructions.
    # The last instruction before each interrupt entry in frames 2-12, from MAME's trace: in
    # frames 2 and 3 the edge falls in the first cycle of the DJNZ after MOV R7,#3 (43Fh), in 9 of
    # the MOV R0,# after JMP (443h), in 10 and 11 of the MOVX after MOV R0,# (43Ch), and MAME
    # takes the interrupt before them. Both models sample /INT so (DIFFERENCES.md, "When /INT is
    # seen"); the MCS-48 documentation to hand does not say otherwise.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_int_phase.bin"), model=model)
    m.run_frames(1)
    t = m.trace(12 * 3600)
    before = [int(t["pc"][i]) for i in range(len(t["pc"]) - 1) if t["pc"][i + 1] == 0x003]
    assert before[:11] == [0x43F, 0x43F, 0x445, 0x427, 0x436, 0x421, 0x445, 0x443, 0x43C, 0x43C, 0x436]


def test_a_change_in_line_0s_first_cycle_shows_from_column_0_in_mame():
    # test_line0_change's NTSC frame 10: P17 goes high (dim background) under 20 half-clocks into line 0
    # in the MAME model, by an instruction begun before the cycle in which line 0 starts: MAME applies
    # it when line 0 starts, so its whole line 0 is dim (the oracle's frame 10: 1a37be from column 0).
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_line0_change.bin"), model="mame")
    m.run_frames(10)
    assert {tuple(int(c) for c in m.screen[0][x]) for x in range(30)} == {(0x1A, 0x37, 0xBE)}


def test_a_change_on_line_0_shows_from_where_it_lands_in_the_hardware_model():
    # The documentation knows no exception for line 0: frame 7's change (P17 high, dim) lands a
    # little into line 0 in the hardware model, and the columns before it stay bright.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_line0_change.bin"), model="hardware")
    m.run_frames(7)
    row = [tuple(int(c) for c in m.screen[0][x]) for x in range(60)]
    assert row[0] == (0x5C, 0x80, 0xF6) and row[-1] == (0x1A, 0x37, 0xBE)


def test_accesses_late_in_a_mame_timeslice_land_a_half_clock_later():
    # test_slice_drift PAL frame 18, line 54: a MOVX and two P17 changes end a hair below one half
    # of a half-clock (x 50.4998, 86.4997, 158.4996 by the cycle count) 8-14 cycles into MAME's
    # timeslice. The oracle's frame 18 has column 50 green (the change after it), 86 bright
    # green, 158 green: each change a half-clock later than the cycle count rounds to.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_slice_drift.bin"), model="mame", region="pal")
    m.run_frames(18)
    assert [tuple(int(c) for c in m.screen[54][x]) for x in (50, 86, 158)] == \
        [(0x00, 0x6D, 0x07), (0x56, 0xC4, 0x69), (0x00, 0x6D, 0x07)]


def test_a_change_begun_in_line_0s_first_cycle_shows_from_its_column_in_mame():
    # test_slice_drift NTSC frame 59: an ORL P1 (P17 high, dim) begun in the cycle in which line 0
    # starts ends at x 20.29; the oracle's line 0 is bright green to column 19, dim from 20.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_slice_drift.bin"), model="mame")
    m.run_frames(59)
    row = [tuple(int(c) for c in m.screen[0][x]) for x in range(22)]
    assert row[:20] == [(0x56, 0xC4, 0x69)] * 20 and row[20] == (0x00, 0x6D, 0x07)


@pytest.mark.parametrize("region, frame, k", [("ntsc", 19, 17), ("pal", 25, 23)])
def test_a_status_read_misses_vblank_rising_in_its_last_cycle_in_mame(region, frame, k):
    # test_status_event: the first of two A1 reads begins at x 341.99 (PAL 343.17) of line 242,
    # and VBLANK rises (x 365) in its last cycle. MAME read 03 (no VBLANK bit), the next read
    # 0A: the bit is latched in an event MAME runs between its timeslices, after the reading
    # instruction. The pair is stored at external RAM 2k, 2k + 1 (the oracle's frame 19, PAL 25).
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_status_event.bin"), model="mame", region=region)
    m.run_frames(frame)
    assert (int(m.xram[2 * k]), int(m.xram[2 * k + 1])) == (0x03, 0x0A)


def test_the_horizontal_status_bit_ends_at_414_in_mames_pal_machine():
    # test_status_event PAL frame 66: an A1 read landing at x 412.72 of line 241 (413 to the
    # nearest half-clock) saw the horizontal status bit in MAME (03, stored at external RAM 2),
    # as a read at 413.49 did and one at 413.52 did not (a status read swept along the line in
    # the oracle's trace). MAME's NTSC machine, like the hardware model, ends the bit at 413.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_status_event.bin"), model="mame", region="pal")
    m.run_frames(67)
    assert int(m.xram[2]) == 0x03


@pytest.mark.parametrize("region, frame, k", [("ntsc", 4, 2), ("pal", 41, 7)])
def test_the_major_overlap_bit_counts_an_overlap_shown_after_the_later_start_in_mame(region, frame, k):
    # test_major_span: characters at X 10h and 11h (columns 42-57 and 44-59) on line 37, objects
    # shown from x 49.46 (PAL 45.88) for 5 cycles: the span holds part of the overlap, not the
    # later character's start. The oracle's A1 read after it: 82 (stored at external RAM k).
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_major_span.bin"), model="mame", region=region)
    m.run_frames(frame)
    assert int(m.xram[k]) == 0x82


@pytest.mark.parametrize("region, frame, k", [("ntsc", 19, 0x11), ("pal", 23, 0x15)])
def test_a_write_between_hblank_and_the_shift_clock_restarts_the_service_count_after_it(region, frame, k):
    # test_service_write: A9 written between HBLANK's start and the shift clock one cycle later;
    # MAME's next service request comes at line 8Eh (A4 read at the request, stored at external
    # RAM k): the write came before that line's count. Counted first, it came at 92h.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_service_write.bin"), model="mame", region=region)
    m.run_frames(frame)
    assert int(m.xram[k]) == 0x8E


@pytest.mark.parametrize("region, oracle", [
    ("ntsc", "D407C706D907B806DE07D10727070607BF06B306C406CC060D07010712071A07"
             "D307C606D707B706DC07D00726070507BE06B106C306CA060C07000711071B07"),
    ("pal", "CB07C807E007CB0711070E0726071107D707B007C707D607DC07D9070D071C07"
            "BE07BB07D307BD070307000718070307C907C607DE07C9070F070B0723070607")])
def test_an_a0_write_at_line_0s_start_latches_the_beam_where_it_lands_in_mame(region, oracle):
    # test_line0_latch: A0 = 00h (strobe cleared) swept over line 0's start, A5 and A4 stored at
    # external RAM 2k, 2k + 1; the oracle's external RAM after frame 64. Writes begun before the
    # cycle in which line 0 starts latched X where they landed (NTSC slots 7, 13, 23: X 06h, 01h,
    # 05h; PAL 20, 23, 31: 03h, 03h, 06h), not 00h, although their picture change counts from
    # column 0.
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_line0_latch.bin"), model="mame", region=region)
    m.run_frames(64)
    assert bytes(int(v) for v in m.xram[:64]).hex(" ") == bytes.fromhex(oracle).hex(" ")


def test_a4_resets_at_half_clock_366_of_line_0_in_mame():
    # test_major_span NTSC frame 58: A4 polled every 5 cycles through VBLANK's end; the fourth read
    # of 07h (line 263) lands at x 365.46 of line 0, where the hardware model's counter has reset
    # (00h). The oracle's trace: 07h, 07h, 07h, 07h, then 01h (line 1).
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_major_span.bin"), model="mame")
    m.run_frames(57)
    t = m.trace(2998)
    reads = [int(t["a"][k + 1]) for k in range(len(t["pc"]) - 1)
             if int(t["op"][k]) == 0x80 and int(t["r"][k][0]) == 0xA4]
    first = reads.index(0x07)
    assert reads[first:first + 5] == [0x07, 0x07, 0x07, 0x07, 0x01]


@pytest.mark.parametrize("region, frame, k, seen", [("ntsc", 16, 11, (0x06, 0xC8)), ("pal", 54, 49, (0x0A, 0xF3))])
def test_an_a0_write_begun_before_the_shift_clock_gates_its_service_request(region, frame, k, seen):
    # test_service_enable: A0's sound interrupt enable written by a MOVX whose first cycle ends
    # before HBLANK's start and which lands after it, on the line where a request is due. NTSC
    # pass 11 turns it on: MAME's next /INT is that request (status 06, line C8h); PAL pass 49
    # turns it off: MAME's next /INT is VBLANK's (0A, F3h). The status and A4 read at that /INT
    # are stored at external RAM 2k and 2k + 1. Taken where the write lands, NTSC saw VBLANK
    # (0A) and PAL the request (06).
    from rom_runners import rom
    m = Odyssey2(cart=rom("test_service_enable.bin"), model="mame", region=region)
    m.run_frames(frame)
    assert (int(m.xram[2 * k]), int(m.xram[2 * k + 1])) == seen


@pytest.mark.parametrize("model, stored", [
    ("hardware", "10 a0 a0 30 11 a1 a1 31 12 a2 a2 32 13 a3 a3 33"),
    ("mame", "10 a0 b0 20 11 a1 b1 21 12 a2 b2 22 13 a3 b3 23")])
def test_what_answers_at_0xc00_of_a_bank_switched_cartridge(model, stored):
    # roms_free test_bank_c00 (8 KiB, four 2 KiB banks, each with its constants): per bank, a MOVP
    # of its page, CALL 0820h, CALL 0C20h and CALL 0C30h (a MOVP of that page). The board repeats
    # 0x800-0xBFF at 0xC00 (A10 unconnected): A0h + bank, 30h + bank; MAME shows the selected
    # bank's first KiB there: B0h + bank (its 0420h), 20h + bank (0x4F1). The oracle's internal RAM
    # 20h-2Fh after frame 4 is the "mame" row (ours before: the hardware row).
    from rom_runners import run_many
    iram = run_many("machine", "test_bank_c00.bin", (4,), model=model)[4].iram
    assert bytes(iram[0x20:0x30]).hex(" ") == stored


@pytest.mark.parametrize("size", [2048, 4096, 8192])
@pytest.mark.parametrize("model", ["hardware", "mame"])
def test_0xc00_of_every_standard_size(model, size):
    # Each KiB of the image marked with 0xB0 + its index; the opcode fetched at 0xC00 with bank 1
    # selected (P1 = FDh): the board repeats 0x800 there (the bank's second KiB), MAME the bank's
    # first KiB, for 2 KiB (random CPU programs 1, 4, 5) as for 4 and 8 KiB (test_bank_c00).
    from machine_images import SEL_MB1, bios, jmp
    cart = bytes(0xB0 + i // 1024 for i in range(size))
    m = Odyssey2(cart=cart, bios=bios(outl_p1(0xFD) + [SEL_MB1] + jmp(0x400)), charset=CHARSET, model=model)
    rows = m.trace(1 + 2 + 1 + 1 + 1)
    assert int(rows["pc"][-1]) == 0xC00
    first = (1 % (size // 2048)) * 2
    assert int(rows["op"][-1]) - 0xB0 == (first + 1 if model == "hardware" else first)
