"""Input scripts for the Conquest tests: movies recorded while bots play, and their conversion to
the oracle's input timeline, so the same inputs run in MAME's odyssey2 driver and in our machine.

A movie's frame k is the oracle's {"frame": k} (README, "Movies"; tests/frontend/test_movie_mame.py):
both apply a frame's input at its start, at the VBLANK boundary.
"""
import hashlib

import numpy as np

import roms_free
from emu.movie import Runner

from conquest_helpers import CART, console, new_game, to_entry
from rom_runners import run_many


def identity(machine, cart=CART, bios=None):
    sha = lambda data: hashlib.sha256(data).hexdigest()
    read = lambda p: open(p, "rb").read()
    return {"cart": sha(read(cart)), "bios": sha(read(bios or roms_free.path("bios.bin"))),
            "charset": sha(read(roms_free.path("charset.bin"))), "region": machine.region,
            "sample_rate": machine.sample_rate}


class Recorder:
    """A game whose frames run through an emu.movie.Runner that records them, keeping each
    frame's screen hash so a replay can be compared frame by frame."""

    def __init__(self, region="ntsc", model="hardware"):
        machine = console(region, model=model)
        self.runner = Runner(machine, identity(machine), record=True)
        self.hashes = []
        original = self.runner.run_frame

        def run_frame(live):
            held = original(live)
            self.hashes.append(hashlib.sha256(machine.screen.tobytes()).hexdigest())
            return held

        self.runner.run_frame = run_frame
        self.game = new_game(machine=machine, runner=self.runner)

    def movie(self):
        return self.runner.recorded_movie()


def recorder_at_entry():
    """A Recorder whose game has left the title (SPACE) and shows the entry screen."""
    recorder = Recorder()
    to_entry(recorder.game)
    return recorder


def assert_same_as_mame(movie, frames):
    """`movie`'s inputs run in MAME's odyssey2 driver and in our machine (its MAME model) give the
    same internal and external RAM and the same pixels after each of `frames`."""
    inputs = timeline(movie)
    theirs = run_many("oracle", "conquest.bin", frames, inputs, cache=False)
    ours = run_many("machine", "conquest.bin", frames, inputs, cache=False, model="mame")
    for frame in frames:
        a, b = theirs[frame], ours[frame]
        assert a.iram == b.iram, f"frame {frame}: internal RAM differs"
        assert a.xram == b.xram, f"frame {frame}: external RAM differs"
        diff = np.argwhere((a.image != b.image).any(axis=2))
        assert len(diff) == 0, f"frame {frame}: {len(diff)} pixels differ, first {diff[:3].tolist()}"


def replay_hashes(movie, model="hardware"):
    """Every frame's screen hash when `movie` replays on a fresh console; and the verdict."""
    machine = console(movie.region, model=model)
    runner = Runner(machine, identity(machine), play=movie)
    hashes = []
    for _ in range(movie.frames):
        runner.run_frame()
        hashes.append(hashlib.sha256(machine.screen.tobytes()).hexdigest())
    return hashes, runner.result


def timeline(movie):
    """The movie's inputs as the oracle's timeline (every group named at every change)."""
    out = []
    for frame, held in movie.events:
        out.append({"frame": frame, "keys": sorted(held.keys),
                    "joy0": sorted(b.upper() for b in held.joysticks[0]),
                    "joy1": sorted(b.upper() for b in held.joysticks[1]),
                    "reset": held.reset})
    return out
