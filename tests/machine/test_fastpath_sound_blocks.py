"""The sound generator filters its sub-samples in blocks (native/sound.c, sound_filter_block): a
block ends when a frame ends, a steady stretch starts, the block is full or a state is saved. Where
a block ends must change nothing: a run cut at irregular points mid-frame, each cut saving the
state and going on in a fresh machine loaded from it (the save filters what is pending, the load
starts from the saved history), gives every frame's audio exactly as one uninterrupted run does.
The busy benchmark program plays fast noise at full volume, a level change every few lines."""
import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest

from emu.odyssey2 import Odyssey2

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 40
NTSC_CYCLES_PER_FRAME = 5983           # 357955 / 59.83, the shortest NTSC frame in cycles


def busy_machine(sample_rate):
    spec = importlib.util.spec_from_file_location("bench_machine", ROOT / "tests" / "benchmarks" / "machine.py")
    bench_machine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_machine)
    return Odyssey2(cart=bytes(2048), bios=bench_machine.busy_bios(),
                    charset=bench_machine.CHARSET.read_bytes(), sample_rate=sample_rate)


@pytest.mark.parametrize("sample_rate", [44100, 48000])
def test_audio_does_not_depend_on_where_the_filter_blocks_end(sample_rate):
    whole = busy_machine(sample_rate)
    expected = []
    for _ in range(FRAMES):
        whole.run_frames(1)
        expected.append(whole.audio.copy())

    rng = random.Random(13)
    m = busy_machine(sample_rate)
    for k in range(FRAMES):
        for _ in range(rng.randint(1, 3)):
            m.run_cycles(rng.randint(1, NTSC_CYCLES_PER_FRAME // 4))
            state = m.save_state()
            m = busy_machine(sample_rate)
            m.load_state(state)
        m.run_frames(1)
        assert m.frame == whole.frame - FRAMES + k + 1
        np.testing.assert_array_equal(m.audio, expected[k], err_msg=f"frame {k + 1}")
    assert any(np.unique(a).size > 2 for a in expected)   # the sound really changes level
