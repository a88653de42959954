"""Every fast path of the C core changes nothing but speed. A reference build of the core with the
render cache compiled out (-DVDC_NO_RENDER_CACHE: every line drawn in full from its description, its
grid drawn afresh, no line kept or copied from the line above, the beam stepping every line, every
VDC write brought up to the beam), the CPU's switch loop instead of its threaded handlers
(-DCPU8048_SWITCH_DISPATCH: each instruction through one switch, the timer counted and the run's end
checked at every instruction), every MOVX and port write through the machine's callbacks
(-DCPU8048_NO_BUS_SHORTCUTS: no MOVX straight into the external RAM, no P1 write left out), the sound filter's scalar form (-U__SSE2__: one output at a time,
native/sound.c) and idle skipping off gives, after every frame, the same
screen, audio, RAM, registers and cycle count as the normal build with idle skipping on, over every cartridge of the
corpus (NTSC and PAL), the demo, the speed benchmark's busy program, an empty slot and long
random-input runs of Conquest of the World, random VDC programs (tests/conformance/random_programs.py);
and the same instruction traces.

The reference runs in a subprocess (this file run as a script) loading the other build through
O2_NATIVE_LIB (emu/native/extension.py)."""
import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_FLAGS = "-DVDC_NO_RENDER_CACHE -DCPU8048_SWITCH_DISPATCH -DCPU8048_NO_BUS_SHORTCUTS -U__SSE2__"
FRAMES = 120
CONQUEST_FRAMES = 1500
TRACE_STEPS = 30_000


def corpus():
    with open(ROOT / "roms_free" / "corpus.toml", "rb") as f:
        return sorted(tomllib.load(f))


def jobs():
    """(name, what) pairs: both builds run each the same way."""
    found = [(f"{name}-{region}", ("cart", name, region)) for name in corpus() + ["demo"]
             for region in ("ntsc", "pal")]
    found += [("busy", ("busy",)), ("empty-slot", ("empty",)), ("sprite-patch", ("sprite_patch",)),
              ("base-slots", ("base_slots",)), ("sound-power-on-mame", ("sound_power_on",)),
              ("sound-pulses", ("sound_pulses",)), ("narrow-redraw", ("narrow_redraw",)),
              ("conquest-1", ("conquest", 1)), ("conquest-2", ("conquest", 2))]
    found += [(f"trace-{name}", ("trace", name)) for name in ("demo", "test_select", "test_sound")]
    found += [(f"random-{seed}-{region}-{model}", ("random", seed, region, model))       # random VDC programs
              for seed in range(1, 7) for region in ("ntsc", "pal") for model in ("mame", "hardware")]
    return found


def conquest_inputs(seed):
    """Random keys and sticks, changing every 6 frames (as test_fast_paths.py's random play)."""
    from emu.input import FrameInput
    rng = random.Random(seed)
    keys = ["SPACE", "R", "B", "S", "P", "T", "ENTER", "CLEAR", "0", "1", "5", "9", "A"]
    script = []
    for k in range(CONQUEST_FRAMES):
        if k % 6 == 0:
            key = rng.choice(keys) if rng.random() < 0.5 else None
            sticks = [{d: rng.random() < 0.3 for d in ("up", "down", "left", "right", "fire")} for _ in range(2)]
        script.append(FrameInput(keys=frozenset([key]) if key and k % 6 < 3 else frozenset(),
                                 joysticks=tuple(frozenset(d for d, on in s.items() if on) for s in sticks)))
    return script


def run_job(what, skip_idle):
    """Per-frame digests (or the trace's digest) of one job on the loaded build."""
    import hashlib

    import roms_free
    from emu.input import apply_input
    from emu.odyssey2 import Odyssey2
    from machine.test_fast_paths import frame_digest

    inputs = None
    frames = FRAMES
    if what[0] == "cart":
        m = Odyssey2(cart=roms_free.path(f"{what[1]}.bin"), region=what[2])
    elif what[0] == "busy":
        import importlib.util
        spec = importlib.util.spec_from_file_location("bench_machine", ROOT / "tests" / "benchmarks" / "machine.py")
        bench_machine = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench_machine)
        m = bench_machine.machine()
    elif what[0] == "empty":
        m = Odyssey2()
    elif what[0] == "sprite_patch":
        from machine.test_fastpath_sprite_patch import scene
        m = scene()
    elif what[0] == "base_slots":
        from machine.test_fastpath_base_slots import SCENE
        from machine.test_fastpath_sprite_patch import scene
        m = scene(SCENE)
    elif what[0] == "sound_power_on":
        from machine.test_fastpath_quiet_lines import sound_power_on_machine
        m = sound_power_on_machine()
    elif what[0] == "sound_pulses":
        from machine.test_fastpath_sound_blocks import sound_pulses_machine
        m = sound_pulses_machine()
    elif what[0] == "narrow_redraw":
        from machine.test_fastpath_narrow_redraw import SCENE
        from machine.test_fastpath_sprite_patch import scene
        m = scene(SCENE)
    elif what[0] == "random":
        sys.path.insert(0, str(ROOT / "tests" / "conformance"))
        import differential
        import random_programs
        cart, charset = random_programs.cartridge(what[1])
        m = Odyssey2(cart=cart, bios=differential.stub_bios(), charset=charset, region=what[2], model=what[3])
    elif what[0] == "conquest":
        from cart.conquest.wrapper import rom_path
        m = Odyssey2(cart=rom_path())
        inputs, frames = conquest_inputs(what[1]), CONQUEST_FRAMES
    else:
        m = Odyssey2(cart=roms_free.path(f"{what[1]}.bin"))
        trace = m.trace(TRACE_STEPS)
        h = hashlib.sha256()
        for column in sorted(trace):
            h.update(column.encode() + trace[column].tobytes())
        return [h.hexdigest(), frame_digest(m)]
    m.skip_idle = skip_idle
    digests, before = [], None
    for k in range(frames):
        if inputs:
            apply_input(m, before, inputs[k])
            before = inputs[k]
        m.run_frames(1)
        digests.append(frame_digest(m))
    return digests


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The reference build's digests of every job."""
    out = tmp_path_factory.mktemp("reference_core")
    env = dict(os.environ, O2_CFLAGS=(os.environ.get("O2_CFLAGS", "") + " " + REFERENCE_FLAGS).strip())
    built = subprocess.run([sys.executable, str(ROOT / "native" / "build_ffi.py"), "--out", str(out)],
                           cwd=ROOT, env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    library = next((out / "emu").glob("_native*.so"))
    env = dict(os.environ, O2_NATIVE_LIB=str(library),
               PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    ran = subprocess.run([sys.executable, __file__], cwd=ROOT, env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-2000:]
    result = json.loads(ran.stdout)
    assert result.pop("_library") is True              # the reference build ran, not this one
    return result


@pytest.mark.parametrize("name,what", jobs(), ids=[name for name, _ in jobs()])
def test_fast_paths_give_the_same_frames_audio_ram_and_traces(reference, name, what):
    ours = run_job(what, skip_idle=True)
    theirs = reference[name]
    assert len(ours) == len(theirs)
    differing = [k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert not differing, f"{name}: first difference after frame {differing[0] + 1}"


def main():
    if not os.environ.get("O2_NATIVE_LIB"):
        sys.exit("test_fastpath_reference.py: run by its test with O2_NATIVE_LIB set to the reference build")
    result = {name: run_job(what, skip_idle=False) for name, what in jobs()}
    with open("/proc/self/maps") as maps:          # the shared objects this process has loaded
        result["_library"] = os.environ["O2_NATIVE_LIB"] in maps.read()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
