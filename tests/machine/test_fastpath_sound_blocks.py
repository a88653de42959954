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


# Pulses shorter than a sub-sample (1/88200 s, about 81 half-clocks at 44.1 kHz) on a steady level:
# volume 15 for 3 machine cycles (60 half-clocks) over volume 14, twice a frame, 202 cycles apart
# (about 50 sub-samples: the level after the first pulse is appended with the second's start, and
# the outputs filtered for the two lie apart). Four changes of level a frame, so the block's outputs
# are filtered only where a change lies; in about one frame of four a pulse begins and ends in one
# sub-sample, which then differs from the level on both sides of it, and the output whose window
# starts at it holds the second change only (native/sound.c, append_change records both).
# tests/machine/test_fastpath_reference.py compares its frames with the reference build's, which
# appends each sub-sample the general way and filters every output ("sound-pulses").
def sound_pulses_machine() -> Odyssey2:
    from cart.asm.assembler import assemble_text
    from machine_images import CHARSET
    from vdc_programs import RELEASE_INT, program, registers, write

    pulse = write(0xAA, 0x8F, "volume 15") + """
        dec     a               ; volume 14 again after 3 cycles
        movx    @r0,a"""
    scene = program(registers(0xA7, (0xFF, 0xFF, 0xFF), "the shift register all ones: the pin high")
                    + write(0xAA, 0x8E, "sound on, volume 14"),
                    RELEASE_INT + pulse + """
        mov     r1,#100         ; 202 cycles
wait:   djnz    r1,wait""" + pulse)
    return Odyssey2(cart=bytes(2048), bios=assemble_text(scene, "scene.asm").image(1024, fill=0x00),
                    charset=CHARSET)
