"""Reads into a caller's buffer (Odyssey2.read_audio, read_screen): a front end's frame step
copies the frame's samples and the picture's redrawn lines into buffers it keeps, allocating
nothing. What they copy is what `audio` and `screen` show; with redrawn_only a buffer given every
frame stays equal to the screen while only the lines the VDC redrew are copied."""
import array
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import roms_free
from emu.odyssey2 import AUDIO_BUFFER_SAMPLES, Odyssey2

ROOT = Path(__file__).resolve().parents[2]


def busy_machine():
    """The speed benchmark's busy program: sprites move every frame, noise at full volume."""
    spec = importlib.util.spec_from_file_location("bench_machine", ROOT / "tests" / "benchmarks" / "machine.py")
    bench_machine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_machine)
    return bench_machine.machine()


def test_read_audio_copies_the_frames_samples_into_the_buffer():
    m = busy_machine()
    out = np.full(AUDIO_BUFFER_SAMPLES, -1, np.int16)
    for _ in range(20):
        m.run_frames(1)
        out[:] = -1
        count = m.read_audio(out)
        # 44100 Hz over an NTSC frame (59.83 Hz): 737 samples, give or take one
        assert 736 <= count <= 738
        np.testing.assert_array_equal(out[:count], m.audio)
        assert (out[count:] == -1).all()              # nothing beyond the frame's samples
    assert np.unique(out[:count]).size > 2           # the noise really plays


def test_read_audio_takes_any_writable_buffer_of_int16():
    m = busy_machine()
    m.run_frames(3)
    samples = array.array("h", bytes(2 * AUDIO_BUFFER_SAMPLES))
    count = m.read_audio(samples)
    assert list(samples[:count]) == m.audio.tolist()


def test_read_screen_copies_the_picture():
    m = Odyssey2(cart=roms_free.path("demo.bin"))
    m.run_frames(30)
    out = np.zeros_like(m.screen)
    assert m.read_screen(out) == m.screen.shape[0]
    np.testing.assert_array_equal(out, m.screen)
    assert out.any()


def test_a_buffer_read_with_redrawn_only_follows_the_screen():
    m = busy_machine()
    out = np.zeros_like(m.screen)
    assert m.read_screen(out, redrawn_only=True) == m.screen.shape[0]   # power-on: every line
    copied = []
    for _ in range(30):
        m.run_frames(1)
        copied.append(m.read_screen(out, redrawn_only=True))
        np.testing.assert_array_equal(out, m.screen)
    assert m.read_screen(out, redrawn_only=True) == 0                   # nothing drawn since
    assert 0 < max(copied[5:]) < m.screen.shape[0]   # the moving sprites' lines, not the screen


def test_a_loaded_state_marks_every_line_redrawn():
    m = busy_machine()
    m.run_frames(10)
    state = m.save_state()
    out = np.zeros_like(m.screen)
    m.run_frames(50)
    m.read_screen(out, redrawn_only=True)
    m.load_state(state)
    assert m.read_screen(out, redrawn_only=True) == m.screen.shape[0]
    np.testing.assert_array_equal(out, m.screen)


@pytest.mark.parametrize("reader,buffer,problem", [
    ("read_audio", np.empty(AUDIO_BUFFER_SAMPLES - 1, np.int16), "holds 4094 bytes"),
    ("read_audio", b"\0" * (2 * AUDIO_BUFFER_SAMPLES), "writable"),
    ("read_audio", 7, "writable contiguous"),
    ("read_screen", np.empty((243, 360, 2), np.uint8), "holds 174960 bytes"),
    ("read_screen", np.empty((243, 720, 3), np.uint8)[:, ::2], "contiguous"),
])
def test_an_unfit_buffer_is_refused_with_a_reason(reader, buffer, problem):
    m = Odyssey2()
    with pytest.raises(ValueError, match=problem):
        getattr(m, reader)(buffer)


def test_redrawn_only_copies_each_flagged_line_and_no_other():
    # o2.h's contract for any one line (the flags are tested in blocks, the last one short):
    # a line whose flag is set is copied and its flag cleared; no other line is touched.
    from emu.native.extension import lib
    m = Odyssey2(cart=roms_free.path("demo.bin"))
    m.run_frames(5)
    flags = lib.o2_screen_redrawn(m._machine._pointer)
    out = np.zeros_like(m.screen)
    m.read_screen(out, redrawn_only=True)
    for y in range(m.screen.shape[0]):
        out[:] = 0
        m.screen[y] = y % 200 + 1                     # the line's new pixels
        flags[y] = 1
        assert m.read_screen(out, redrawn_only=True) == 1
        assert (out[y] == y % 200 + 1).all()
        assert not out[:y].any() and not out[y + 1:].any()
        assert flags[y] == 0


def test_a_frame_stepper_runs_a_frame_and_fills_both_buffers():
    """frame_stepper: one call a frame gives what run_frames(1), audio and screen give on a
    machine run beside it; the busy program's picture and noise change every frame."""
    m, beside = busy_machine(), busy_machine()
    samples, picture = np.full(AUDIO_BUFFER_SAMPLES, -1, np.int16), np.zeros_like(m.screen)
    step = m.frame_stepper(samples, picture)
    for frame in range(30):
        count = step()
        beside.run_frames(1)
        assert m.frame == beside.frame
        np.testing.assert_array_equal(samples[:count], beside.audio, err_msg=f"frame {frame}")
        np.testing.assert_array_equal(picture, beside.screen, err_msg=f"frame {frame}")
    assert 736 <= count <= 738 and np.unique(samples[:count]).size > 2


def test_a_frame_stepper_runs_the_frame_hooks_and_takes_no_buffer_too():
    m, beside = busy_machine(), busy_machine()
    picture = np.zeros_like(m.screen)
    seen = []
    step = m.frame_stepper(screen_out=picture)
    assert step() == 0                                    # no audio buffer: no samples copied
    m.on_frame(lambda machine: seen.append(machine.frame))
    for _ in range(3):
        step()
    beside.run_frames(4)
    assert seen == [m.frame - 2, m.frame - 1, m.frame]
    np.testing.assert_array_equal(picture, beside.screen)
    samples = np.zeros(AUDIO_BUFFER_SAMPLES, np.int16)
    count = m.frame_stepper(audio_out=samples)()
    beside.run_frames(1)
    np.testing.assert_array_equal(samples[:count], beside.audio)


@pytest.mark.parametrize("audio_out, screen_out, problem", [
    (np.zeros(10, np.int16), None, "2048 int16 samples"),
    (None, np.zeros(100, np.uint8), "262440 bytes"),
    (None, b"\0" * 262440, "writable contiguous array"),
])
def test_a_frame_stepper_refuses_a_buffer_too_small_or_read_only(audio_out, screen_out, problem):
    m = busy_machine()
    with pytest.raises(ValueError, match=problem):
        m.frame_stepper(audio_out, screen_out)
