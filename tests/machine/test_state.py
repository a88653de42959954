"""Save states: save -> load -> run equals an uninterrupted run, frame for frame; bad states are
refused with a one-line StateError and leave the machine as it was (native/state.c's layout)."""
import numpy as np
import pytest

from emu.odyssey2 import Odyssey2
from save_states import refused
from machine_images import CHARSET, EN_I, INC_R7, MOVX_AT_R0_A, MOVX_A_AT_R0, RETR, STRT_T, \
    bios, jmp, mov_a, mov_r0, outl_p1

VDC_ONLY = 0x97
EN_TCNTI = 0x25
INC_R5, INC_R6, MOV_A_R5, SEL_RB1 = 0x1D, 0x1E, 0xFD, 0xD5
HANDLER = 0x020
LOOP = 0x100


def vdc_write(reg, value):
    return mov_r0(reg) + mov_a(value) + [MOVX_AT_R0_A]


def busy_bios():
    """A sprite, the grid, a tone at full volume, the VBLANK and timer interrupts, and a main loop
    that rewrites the colour register (A3) as fast as it can, so the screen changes mid-line."""
    setup = outl_p1(VDC_ONLY) + vdc_write(0x00, 0x40) + vdc_write(0x01, 0x30) + \
        vdc_write(0x02, 0x08) + vdc_write(0x80, 0xFF) + vdc_write(0xA7, 0xA5) + \
        vdc_write(0xAA, 0x8F) + vdc_write(0xA0, 0x28) + [EN_I, STRT_T, EN_TCNTI] + jmp(LOOP)
    loop = [INC_R5, MOV_A_R5] + mov_r0(0xA3) + [MOVX_AT_R0_A] + jmp(LOOP)
    handler = [SEL_RB1, INC_R7] + mov_r0(0xA1) + [MOVX_A_AT_R0, RETR]
    return bios(setup, irq=jmp(HANDLER), timer=[INC_R6, RETR], extra={HANDLER: handler, LOOP: loop})


def machine(**kw):
    return Odyssey2(cart=bytes(2048), bios=busy_bios(), charset=bytes(range(256)) * 2, **kw)


def snapshot(m):
    return (m.frame, m.cycles, m.screen.copy(), m.audio, m.iram.copy(), m.xram.copy(),
            m.vdc_regs, m.cpu.pc, m.cpu.a, m.cpu.psw, m.cpu.timer)


def assert_same(a, b):
    for x, y in zip(a, b):
        if isinstance(x, np.ndarray):
            np.testing.assert_array_equal(x, y)
        else:
            assert x == y


def test_the_busy_program_really_is_busy():
    m = machine()
    m.run_frames(3)
    assert m.cpu.r[5] != 0 and m.audio.any() and m.screen.any()
    assert len(np.unique(m.screen.reshape(-1, 3), axis=0)) > 2


@pytest.mark.parametrize("region", ["ntsc", "pal"])
def test_save_load_run_equals_an_uninterrupted_run(region):
    m = machine(region=region)
    m.run_frames(3)
    m.run_cycles(1234)                       # mid-frame, mid-line
    state = m.save_state()
    expected = []
    for _ in range(6):
        m.run_frames(1)
        expected.append(snapshot(m))

    fresh = machine(region=region)
    fresh.load_state(state)
    for want in expected:
        fresh.run_frames(1)
        assert_same(snapshot(fresh), want)

    m.load_state(state)                      # back in time, on the machine that ran ahead
    for want in expected:
        m.run_frames(1)
        assert_same(snapshot(m), want)


def test_state_keeps_inputs_bank_and_reset_pin():
    m = Odyssey2(cart=bytes(8192), bios=busy_bios(), charset=CHARSET)
    m.press("Q")
    m.joystick(1, left=True)
    m.press("RESET")
    state = m.save_state()
    other = Odyssey2(cart=bytes(8192), bios=busy_bios(), charset=CHARSET)
    other.load_state(state)
    assert other.save_state() == state
    other.run_cycles(500)
    assert other.cpu.pc == 0                 # still held in reset


@pytest.fixture
def saved():
    m = machine()
    m.run_frames(2)
    return m, m.save_state()


def test_wrong_magic(saved):
    m, state = saved
    refused(m, b"PNG\0" + state[4:], "not a save state")
    refused(m, b"", "not a save state")


def test_newer_version(saved):
    m, state = saved
    version = int.from_bytes(state[4:8], "little")
    refused(m, state[:4] + (version + 1).to_bytes(4, "little") + state[8:], "newer version")


def test_truncated(saved):
    m, state = saved
    refused(m, state[:-1], "truncated or corrupt")
    refused(m, state[:len(state) // 2], "truncated or corrupt")
    refused(m, state[:3], "truncated or corrupt")
    refused(m, state + b"\0", "truncated or corrupt")


def test_corrupt_byte(saved):
    m, state = saved
    damaged = bytearray(state)
    damaged[len(state) // 2] ^= 0x01
    refused(m, bytes(damaged), "truncated or corrupt")


def test_other_cartridge_or_region(saved):
    _, state = saved
    other_cart = Odyssey2(cart=bytes([1]) * 2048, bios=busy_bios(), charset=bytes(range(256)) * 2)
    refused(other_cart, state, "another cartridge")
    refused(machine(region="pal"), state, "another cartridge")


def test_views_keep_the_machine_alive():
    import gc
    m = machine()
    m.run_frames(2)
    screen, xram, iram, cpu = m.screen, m.xram, m.iram, m.cpu
    expected = screen.copy()
    del m
    gc.collect()
    np.testing.assert_array_equal(screen, expected)
    assert len(xram.tolist()) == 128 and len(iram.tolist()) == 64 and cpu.pc < 0x1000


def test_state_restores_the_bank_mapping():
    image = bios(outl_p1(0xFD) + jmp(0x010 + 3))           # bank 1, then loop on the JMP
    m = Odyssey2(cart=bytes(range(256)) * 32, bios=image, charset=CHARSET)
    m.run_cycles(20)
    assert m.cart_bank == 1
    other = Odyssey2(cart=bytes(range(256)) * 32, bios=image, charset=CHARSET)
    assert other.cart_bank == 3
    other.load_state(m.save_state())
    assert other.cart_bank == 1
    rows = other.trace(1)
    assert int(rows["pc"][0]) == 0x013


def test_a_state_keeps_the_loading_machines_sample_rate():
    made_at_48k = machine(sample_rate=48000)
    made_at_48k.run_frames(3)
    m = machine(sample_rate=44100)
    m.load_state(made_at_48k.save_state())
    m.run_frames(2)
    # 44100 / 59.826 = 737.1 samples per frame (48 kHz would give 802.3)
    assert len(m.audio) in (737, 738)


FNV1A_OFFSET, FNV1A_PRIME = 0xcbf29ce484222325, 0x100000001b3   # the published 64-bit FNV-1a


def fnv1a(data, h=FNV1A_OFFSET):
    for byte in data:
        h = ((h ^ byte) * FNV1A_PRIME) & (2**64 - 1)
    return h


def fnv1a_word(h, value):
    return ((h ^ value) * FNV1A_PRIME) & (2**64 - 1)


def test_state_hashes_are_fnv1a_as_the_layout_says(saved):
    """native/state.c's layout: the setup hash is FNV-1a over BIOS, charset and cartridge bytes,
    then the cartridge size and the region folded in as whole words; the last 8 bytes are FNV-1a
    of everything before them. Saved states and movies depend on these values."""
    assert fnv1a(b"a") == 0xaf63dc4c8601ec8c          # the published test vector
    _, state = saved
    setup = fnv1a(busy_bios() + bytes(range(256)) * 2 + bytes(2048))
    setup = fnv1a_word(fnv1a_word(setup, 2048), 0)     # size, then region 0 (NTSC)
    assert state[8] == 0
    assert int.from_bytes(state[9:17], "little") == setup
    assert int.from_bytes(state[-8:], "little") == fnv1a(state[:-8])


def test_a_frames_audio_is_its_own_copy():
    # m.audio is read from one buffer the core rewrites every frame (native/o2.h, o2_audio): what
    # a caller got must stay that frame's, and changing it must not reach the machine.
    m = machine()
    m.run_frames(3)
    first = m.audio
    kept = first.copy()
    m.run_frames(1)
    second = m.audio
    assert not np.array_equal(second, kept)          # the frames sound different
    np.testing.assert_array_equal(first, kept)
    second[:] = 0
    assert m.audio.any() and first.flags.writeable
