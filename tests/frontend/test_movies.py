"""Movies replay frame-exactly: same frames, same sound, also across save/load mid-movie."""
import hashlib

import pytest

from emu.input import FrameInput, NOTHING
from emu.movie import Movie, MovieError, Runner
from emu.odyssey2 import Odyssey2

# What the player does, frame by frame (frame: input held from then on).
SCRIPT = [
    (10, FrameInput(joysticks=({"right"}, set()))),
    (30, FrameInput(joysticks=({"right", "down", "fire"}, {"left"}))),
    (40, FrameInput({"A"})),
    (45, FrameInput({"A", "3"})),
    (50, NOTHING),
    (70, FrameInput(reset=True)),
    (72, NOTHING),
    (80, FrameInput({"ENTER"}, (set(), {"up", "fire"}))),
    (90, NOTHING),
]
FRAMES = 120


def identity(cart_path):
    sha = lambda data: hashlib.sha256(data).hexdigest()
    return {"cart": sha(cart_path.read_bytes()), "bios": "b" * 64, "charset": "c" * 64,
            "region": "ntsc", "sample_rate": 44100}


def machine(cart_path):
    return Odyssey2(cart=cart_path)


def scripted(frame):
    held = NOTHING
    for start, value in SCRIPT:
        if start <= frame:
            held = value
    return held


def run(runner, frames, live=None):
    """Frame hashes: (screen, audio) after each frame."""
    hashes = []
    for _ in range(frames):
        runner.run_frame(live(runner.next_frame) if live else NOTHING)
        m = runner.machine
        hashes.append((hashlib.sha256(m.screen.tobytes()).hexdigest(),
                       hashlib.sha256(m.audio.tobytes()).hexdigest()))
    return hashes


@pytest.fixture(scope="module")
def recorded(echo_cart):
    runner = Runner(machine(echo_cart), identity(echo_cart), record=True)
    hashes = run(runner, FRAMES, scripted)
    return runner.recorded_movie(), hashes, runner.machine


def test_recording_keeps_exactly_the_changes(recorded):
    movie, _, _ = recorded
    assert movie.frames == FRAMES
    assert movie.events == [(1, NOTHING)] + SCRIPT
    assert movie.start_state is None and movie.audio and movie.final_screen


def test_inputs_land_on_frame_boundaries(recorded, echo_cart):
    # RIGHT held for frames 10-29 (20 frames), then RIGHT+DOWN for 30-39 (10 frames): the cart
    # reads the stick once per frame, so sprite 0 moved right 30 pixels and down 10 before the
    # RESET at frame 70 put it back; after the reset it sits at its start, 0x40/0x40.
    movie, _, _ = recorded
    fresh = Runner(machine(echo_cart), identity(echo_cart), play=movie)
    for _ in range(69):
        fresh.run_frame()
    assert list(fresh.machine.iram[0x20:0x22]) == [0x40 + 30, 0x40 + 10]
    assert list(fresh.machine.iram[0x22:0x24]) == [0x80 - 10, 0x80]      # right stick LEFT 30-39
    for _ in range(FRAMES - 69):
        fresh.run_frame()
    # frames 80-89: right stick UP from 0x80 -> 0x80 - 10; sprite 0 untouched since the reset
    assert list(fresh.machine.iram[0x20:0x24]) == [0x40, 0x40, 0x80, 0x80 - 10]


def test_replay_gives_identical_frames_and_sound(recorded, echo_cart):
    movie, hashes, _ = recorded
    movie = Movie.parse(movie.to_text(), "m")          # through the text format
    runner = Runner(machine(echo_cart), identity(echo_cart), play=movie)
    assert run(runner, FRAMES, lambda f: FrameInput({"9"})) == hashes    # live input ignored
    assert runner.result == f"movie: replay of {FRAMES} frames matches the recording (screen and audio)"
    assert len({screen for screen, _ in hashes}) > 40     # the script really changes the picture


def test_the_sound_follows_the_inputs(echo_cart):
    runner = Runner(machine(echo_cart), identity(echo_cart))
    spread = {}
    for _ in range(50):
        frame = runner.next_frame
        runner.run_frame(scripted(frame))
        spread[frame] = int(runner.machine.audio.max()) - int(runner.machine.audio.min())
    assert all(spread[f] == 0 for f in range(12, 30))       # only RIGHT held: quiet
    assert all(spread[f] > 0 for f in range(32, 40))        # fire held: noise
    assert all(spread[f] > 0 for f in range(42, 50))        # a key down: the tone


def test_save_then_load_mid_movie_continues_identically(recorded, echo_cart):
    movie, hashes, _ = recorded
    runner = Runner(machine(echo_cart), identity(echo_cart), play=movie)
    run(runner, 60)
    state = runner.machine.save_state()
    after = run(runner, FRAMES - 60)
    assert after == hashes[60:]
    runner.machine.load_state(state)
    runner.state_loaded()
    assert runner.next_frame == 61
    assert run(runner, FRAMES - 60) == hashes[60:]
    assert runner.result == f"movie: replay of {FRAMES} frames matches the recording (screen)"


def test_a_changed_movie_is_reported(recorded, echo_cart):
    movie = Movie.parse(recorded[0].to_text(), "copy")
    movie.events[8] = (80, FrameInput(joysticks=(set(), {"down"})))   # was ENTER + UP + FIRE
    runner = Runner(machine(echo_cart), identity(echo_cart), play=movie)
    run(runner, FRAMES)
    assert runner.result == "movie: replay differs from the recording (final screen and audio)"


def test_movie_from_another_cart_is_refused(recorded, echo_cart):
    movie = Movie.parse(recorded[0].to_text(), "copy")
    movie.cart = "0" * 64
    with pytest.raises(MovieError, match="movie was recorded with cart 000000000000…, but this machine has"):
        Runner(machine(echo_cart), identity(echo_cart), play=movie)


def test_movie_starting_from_a_save_state(echo_cart):
    first = Runner(machine(echo_cart), identity(echo_cart))
    run(first, 25, scripted)                                 # sprite 0 moved right 16 pixels
    state = first.machine.save_state()
    recorder = Runner(machine(echo_cart), identity(echo_cart), record=True)
    recorder.start_from_state(state)
    hashes = run(recorder, 30, lambda f: FrameInput(joysticks=(set(), {"down"})))
    movie = Movie.parse(recorder.recorded_movie().to_text(), "m")
    assert movie.start_state == state and movie.events == [(1, FrameInput(joysticks=(set(), {"down"})))]
    replay = Runner(machine(echo_cart), identity(echo_cart), play=movie)
    assert replay.machine.frame == 25
    assert run(replay, 30) == hashes
    assert list(replay.machine.iram[0x20:0x24]) == [0x40 + 16, 0x40, 0x80, 0x80 + 30]
