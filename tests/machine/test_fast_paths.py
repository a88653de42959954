"""The CPU's idle-loop skipping (cpu8048.h, "Idle loops") changes nothing but speed: with it on and off, every
cartridge of the corpus and long random-input runs of Conquest of the World give the same screen, audio, RAM,
registers and cycle count after every frame."""
import hashlib
import random
import tomllib

import pytest

import roms_free
from cart.conquest.wrapper import rom_path
from emu.input import FrameInput, apply_input
from emu.odyssey2 import Odyssey2


def frame_digest(m) -> str:
    h = hashlib.sha256()
    for part in (m.screen.tobytes(), m.audio.tobytes(), bytes(m.iram), bytes(m.xram), bytes(m.cpu.r),
                 str((m.cycles, m.cpu.pc, m.cpu.a, m.cpu.psw)).encode()):
        h.update(part)
    return h.hexdigest()


def run(cart, frames, skip, inputs=None, region="ntsc"):
    m = Odyssey2(cart=cart, region=region)
    m.skip_idle = skip
    digests, before = [], None
    for k in range(frames):
        if inputs:
            now = inputs(k)
            apply_input(m, before, now)
            before = now
        m.run_frames(1)
        digests.append(frame_digest(m))
    return digests


def corpus():
    with open(roms_free.path("corpus.toml"), "rb") as f:
        return sorted(tomllib.load(f))


@pytest.mark.parametrize("name", corpus() + ["demo"])
@pytest.mark.parametrize("region", ["ntsc", "pal"])
def test_corpus_cartridges_run_the_same_with_and_without_idle_skipping(name, region):
    cart = roms_free.path(f"{name}.bin")
    assert run(cart, 120, True, region=region) == run(cart, 120, False, region=region)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_of_the_cartridge_runs_the_same(seed):
    rng = random.Random(seed)
    keys = ["SPACE", "R", "B", "S", "P", "T", "ENTER", "CLEAR", "0", "1", "5", "9", "A"]
    script = []
    for k in range(1500):
        if k % 6 == 0:
            key = rng.choice(keys) if rng.random() < 0.5 else None
            sticks = [{d: rng.random() < 0.3 for d in ("up", "down", "left", "right", "fire")} for _ in range(2)]
        script.append(FrameInput(keys=frozenset([key]) if key and k % 6 < 3 else frozenset(),
                                 joysticks=tuple(frozenset(d for d, on in s.items() if on) for s in sticks)))
    inputs = script.__getitem__
    assert run(rom_path(), 1500, True, inputs) == run(rom_path(), 1500, False, inputs)
