"""A movie means in MAME what it means in our machine: the input_echo cartridge driven by the
same inputs on the same frames (a movie's frame k = the oracle's timeline entry {"frame": k}),
compared with MAME's odyssey2 driver at chosen frames: the cart's own RAM 0x20-0x25 (both
sprites' positions, the fire buttons, the key it read) and the screen. The rest of internal RAM
is the BIOS's and the VDC's business (tests/conformance)."""
import pytest

from emu.input import FrameInput, NOTHING
from emu.movie import Movie, Runner
from emu.odyssey2 import Odyssey2
import mame
from rom_runners import require_oracle, rom

pytestmark = pytest.mark.conformance

FRAMES = 120
CAPTURES = (29, 45, 69, 75, 120)
EVENTS = [(1, NOTHING),
          (10, FrameInput(joysticks=({"right"}, set()))),
          (30, FrameInput(joysticks=({"right", "down", "fire"}, {"left"}))),
          (40, FrameInput({"A"})),
          (45, FrameInput({"3"}, (set(), {"up"}))),
          (50, NOTHING),
          (70, FrameInput(reset=True)),
          (72, NOTHING),
          (80, FrameInput({"ENTER"}, (set(), {"up", "fire"}))),
          (90, NOTHING)]


def oracle_timeline(movie):
    """The movie as the oracle's input timeline: every group set on every change."""
    return [{"frame": frame, "keys": sorted(held.keys),
             "joy0": [b.upper() for b in held.joysticks[0]], "joy1": [b.upper() for b in held.joysticks[1]],
             "reset": held.reset} for frame, held in movie.events]


def test_movie_frames_match_mame(echo_cart):
    require_oracle()
    identity = {"cart": "0" * 64, "bios": "0" * 64, "charset": "0" * 64, "region": "ntsc",
                "sample_rate": 44100}
    movie = Movie(**identity, frames=FRAMES, events=EVENTS)
    theirs = mame.run(rom("bios.bin").read_bytes(), rom("charset.bin").read_bytes(), echo_cart.read_bytes(),
                      FRAMES, capture=CAPTURES, inputs=oracle_timeline(movie)).frames
    runner = Runner(Odyssey2(cart=echo_cart), identity, play=movie)
    for frame in range(1, FRAMES + 1):
        runner.run_frame()
        if frame in CAPTURES:
            assert runner.machine.iram.tolist()[0x20:0x26] == list(theirs[frame].iram[0x20:0x26]), \
                f"frame {frame}: inputs seen"
            assert (runner.machine.screen == theirs[frame].image).all(), f"frame {frame}: screen differs from MAME"
