"""The sound generator and its PCM output (native/HARDWARE.md §3, Horton's sound tests 88-95,
the 8245 spec's sound control word; PCM scaling documented in native/sound.h)."""
import numpy as np
import pytest

from vdc_roms import WAIT, machine, setup

LEVEL_UNIT = 2048          # native/sound.h: PCM value per volume step
F_NTSC = 455 * 263         # half-clocks per frame
HC_PER_S_NUM, HC_PER_S_DEN = 78750000, 11   # 2 × 315/88 MHz


def sound_machine(shift, control, rate=44100, before=""):
    pairs = [(0xA7, shift >> 16), (0xA8, shift >> 8 & 0xFF), (0xA9, shift & 0xFF), (0xAA, control)]
    return machine(before + setup(pairs), sample_rate=rate)


def frames_audio(m, n):
    out = []
    for _ in range(n):
        m.run_frames(1)
        out.append(np.array(m.audio))
    return out


@pytest.mark.parametrize("volume", [15, 8, 1])
def test_steady_high_output_is_volume_times_unit(volume):
    m = sound_machine(0xFFFFFF, 0x80 | volume)
    audio = frames_audio(m, 3)
    assert set(audio[2].tolist()) == {volume * LEVEL_UNIT}


def test_disabled_or_empty_register_is_silent():
    assert all(not a.any() for a in frames_audio(sound_machine(0xFFFFFF, 0x0F), 3))
    assert all(not a.any() for a in frames_audio(sound_machine(0x000000, 0xBF), 3))


@pytest.mark.parametrize("rate", [44100, 48000])
def test_sample_count_follows_the_exact_clock(rate):
    # A sample is made when its second half-rate sub-sample ends: after n frames there are
    # floor(floor(n F × 2 rate / hc_per_second) / 2) samples.
    m = sound_machine(0, 0, rate=rate)
    counts = [len(a) for a in frames_audio(m, 60)]
    for n in (1, 7, 60):
        subs = n * F_NTSC * 2 * rate * HC_PER_S_DEN // HC_PER_S_NUM
        assert sum(counts[:n]) == subs // 2
    assert set(counts) <= {rate * 100 // 5983 - 1, rate * 100 // 5983, rate * 100 // 5983 + 1}


def test_fast_square_wave_is_high_half_the_time():
    # AAAAAA shifted every 4 lines: the pin alternates every 4 lines (1966.8 Hz, Horton test 93).
    m = sound_machine(0xAAAAAA, 0xAF)
    audio = np.concatenate(frames_audio(m, 20)[2:])
    assert abs(audio.mean() - 15 * LEVEL_UNIT / 2) < 0.01 * 15 * LEVEL_UNIT
    spectrum = np.abs(np.fft.rfft(audio - audio.mean()))
    peak_hz = np.argmax(spectrum) * 44100 / len(audio)
    assert abs(peak_hz - 3579545.45 / 910 / 2) < 5


SAMPLES_PER_SHIFT = 4 * 455 * 44100 * HC_PER_S_DEN / HC_PER_S_NUM   # fast rate: every 4 lines


def pin_bits(audio, count):
    """The pin's successive bits, read at the middle of each shift period after the first rise."""
    high = audio > audio.max() / 2
    first = int(np.argmax(high[1:] & ~high[:-1])) + 1
    return [int(high[int(first + (i + 0.5) * SAMPLES_PER_SHIFT)]) for i in range(count)]


def model_bits(start, step, count):
    """Bit 0 of each state from `start` on, the register advanced by `step`."""
    bits, v = [], start
    for _ in range(count):
        bits.append(v & 1)
        v = step(v)
    return bits


def rotate_step(v):
    return (v >> 1) | (v & 1) << 23


def noise_step(v):
    """Horton test 95: bit 0 XOR bit 5 feeds bits 23 and 15 while the register shifts right."""
    feed = (v ^ v >> 5) & 1
    v = rotate_step(v)
    return (v & ~(1 << 23 | 1 << 15)) | feed << 23 | feed << 15


def contains(sequence, bits):
    return any(sequence[k:k + len(bits)] == bits for k in range(len(sequence) - len(bits)))


def test_register_recirculates_every_24_shifts():
    audio = np.concatenate(frames_audio(sound_machine(0x00A001, 0xAF), 6)[1:])
    bits = pin_bits(audio, 200)
    assert contains(model_bits(0x00A001, rotate_step, 300), bits)


def test_noise_feeds_bit0_xor_bit5_into_bits_23_and_15():
    audio = np.concatenate(frames_audio(sound_machine(0x123456, 0xBF), 6)[1:])
    bits = pin_bits(audio, 200)
    assert contains(model_bits(0x123456, noise_step, 600), bits)
    assert not contains(model_bits(0x123456, rotate_step, 600), bits)


def test_register_shifts_while_disabled():
    # The enable gates only the output: disabled, the register rotates exactly as when enabled
    # (MAME, tests/conformance test_sound_disable), and the output is silent.
    from emu.native import DebugCore
    x = [(0xA7, 0x00), (0xA8, 0xA0), (0xA9, 0x01)]
    shift = {}
    for control in (0x2F, 0xAF):
        m = machine(setup(x + [(0xAA, control)]) + WAIT * 3)
        chip = DebugCore(m._machine, 1 << 20, 1)
        audio = frames_audio(m, 3)
        shift[control] = chip.sound()[0]
        assert audio[2].any() == (control == 0xAF)
    assert shift[0x2F] == shift[0xAF] != 0x00A001


def test_square_wave_has_no_aliases_above_minus_40_db():
    # A square wave holds only odd harmonics of its fundamental; whatever else the PCM holds is
    # aliasing from the resampling (native/sound.h: box integration + 16-tap low-pass).
    audio = np.concatenate(frames_audio(sound_machine(0xAAAAAA, 0xAF), 120)[4:]).astype(float)
    audio -= audio.mean()
    spectrum = np.abs(np.fft.rfft(audio * np.hanning(len(audio))))
    freqs = np.fft.rfftfreq(len(audio), 1 / 44100)
    f0 = 3579545.4545 / 910 / 2
    harmonic = np.zeros(len(freqs), dtype=bool)
    for k in range(1, 41, 2):
        harmonic |= np.abs(freqs - k * f0) < 8
    alias = spectrum[~harmonic & (freqs > 50)].max()
    assert 20 * np.log10(alias / spectrum.max()) < -40


def designed_step_response():
    """The low-pass of native/sound.h: 16 taps, a Hamming-windowed sinc cut off at 0.45 × the
    output rate (0.225 of the sub-sample rate), DC gain 1; its response to a unit step."""
    taps, cutoff = 16, 0.225
    middle = (taps - 1) / 2
    h = np.array([np.sin(2 * np.pi * cutoff * (k - middle)) / (np.pi * (k - middle))
                  * (0.54 - 0.46 * np.cos(2 * np.pi * k / (taps - 1))) for k in range(taps)])
    return np.cumsum(h / h.sum())


@pytest.mark.parametrize("rate", [44100, 48000])
def test_full_volume_edges_ring_and_the_top_is_clipped_to_int16(rate):
    """The filter rings at a square wave's edges (Gibbs): a full-volume rising edge overshoots to
    7.6 % above 15 × LEVEL_UNIT = 30720, beyond int16, and is clipped at 32767 (not wrapped); a
    falling edge undershoots below 0 by the same 7.6 %, which int16 holds."""
    step = designed_step_response()
    overshoot = step.max() - 1
    assert 15 * LEVEL_UNIT * (1 + overshoot) > 32767
    audio = np.concatenate(frames_audio(sound_machine(0xAAAAAA, 0xAF, rate), 30)[2:])
    assert audio.max() == 32767
    assert (audio == 32767).sum() > 100                   # every rising edge
    assert abs(audio.min() - 15 * LEVEL_UNIT * step.min()) < 0.001 * 15 * LEVEL_UNIT
