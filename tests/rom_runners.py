"""Run one of our cartridges for N frames, with our free BIOS and charset, and take a Snapshot:
in MAME's odyssey2 (NTSC) or videopac (PAL) driver (tests/mame.py) or in our machine
(emu.odyssey2). Also traces: every instruction executed, from either.

Inputs are a timeline [{"frame": k, "keys": [...], "joy0": [...], "joy1": [...], "reset": bool}]:
each named group is set to exactly the listed buttons (RESET held or not) from the start of frame
k (k >= 2, the first frame in which MAME lets an input act) and holds until changed.
"""
import json
import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

import mame
import roms_free
from emu.input import NOTHING, FrameInput, apply_input, canonical_key

@dataclass(frozen=True)
class Snapshot:
    iram: tuple          # 64 bytes of internal RAM
    xram: tuple          # 128 bytes of external RAM
    vdc: tuple           # 256 VDC registers
    image: np.ndarray    # 243 x 360 RGB: raster lines 0-242, two columns per X unit (both sides)
    cycles: int          # CPU machine cycles since power-on


def rom(name: str) -> Path:
    return Path(roms_free.path(name))


def corpus() -> dict:
    """roms_free/corpus.toml: {cartridge name: {"frames": n, "inputs": [...]}}."""
    with open(rom("corpus.toml"), "rb") as manifest:
        return tomllib.load(manifest)


def oracle_available() -> bool:
    return mame.available()


def require_oracle():
    """Skips the test when MAME is missing, unless O2_REQUIRE_MAME=1 (CI) demands it."""
    if oracle_available():
        return
    if os.environ.get("O2_REQUIRE_MAME") == "1":
        pytest.fail(f"O2_REQUIRE_MAME=1 but MAME ({mame.MAME}) is not installed")
    pytest.skip(f"MAME ({mame.MAME}, $MAME) is not installed")


def _freeze(inputs) -> str:
    return json.dumps(list(inputs or []), sort_keys=True)


def run(runner: str, cart: str, frames: int, inputs=(), region="ntsc") -> Snapshot:
    """The machine after `frames` frames of roms_free/<cart> (e.g. "test_bios.bin")."""
    return run_many(runner, cart, (frames,), inputs, region=region)[frames]


def run_many(runner: str, cart: str, frames: tuple, inputs=(), cache=True, model="hardware",
             region="ntsc") -> dict:
    """{frame: Snapshot} for each of `frames`, taken from one run of the cartridge (kept for the
    session unless cache=False). runner "oracle" is MAME, "machine" ours, in the reference model
    `model` ("mame" to compare with MAME: tests/conformance/DIFFERENCES.md)."""
    run_oracle, run_machine = _run_oracle, _run_machine
    if not cache:
        run_oracle, run_machine = _run_oracle.__wrapped__, _run_machine.__wrapped__
    if runner == "oracle":
        require_oracle()
        return run_oracle(cart, tuple(sorted(frames)), _freeze(inputs), region)
    return run_machine(cart, tuple(sorted(frames)), _freeze(inputs), model, region)


def run_mame(cart: str, frames: int, inputs=(), region="ntsc", capture=(), trace=False,
             sound=False) -> mame.MameRun:
    """roms_free/<cart> with our BIOS and charset in MAME (tests/mame.py)."""
    require_oracle()
    return mame.run(rom("bios.bin").read_bytes(), rom("charset.bin").read_bytes(), rom(cart).read_bytes(),
                    frames, capture=capture, inputs=list(inputs or ()), region=region, trace=trace,
                    sound=sound)


@lru_cache(maxsize=None)
def _run_oracle(cart: str, frames: tuple, inputs: str, region: str) -> dict:
    captured = run_mame(cart, frames[-1], json.loads(inputs), region, capture=frames).frames
    return {k: Snapshot(f.iram, f.xram, f.vdc, f.image, f.cycles) for k, f in captured.items()}


class _MachineInputs:
    """Applies an oracle input timeline to our machine at the start of each frame, as MAME does,
    through the front end's FrameInput (the same path movies take)."""

    def __init__(self, machine, inputs: str):
        self.machine = machine
        self.timeline = {}
        for entry in json.loads(inputs):
            self.timeline.setdefault(max(2, entry["frame"]), []).append(entry)
        self.held = NOTHING

    def start_frame(self, frame: int):
        held = self.held
        for entry in self.timeline.get(frame, []):
            sticks = tuple(frozenset(b.lower() for b in entry[f"joy{n}"]) if f"joy{n}" in entry
                           else held.joysticks[n] for n in (0, 1))
            held = FrameInput(frozenset(canonical_key(k) for k in entry["keys"]) if "keys" in entry
                              else held.keys, sticks, entry.get("reset", held.reset))
        apply_input(self.machine, self.held, held)
        self.held = held


def _machine(cart: str, model: str, region="ntsc"):
    from emu.odyssey2 import Odyssey2
    return Odyssey2(cart=rom(cart), model=model, region=region)


@lru_cache(maxsize=None)
def _run_machine(cart: str, frames: tuple, inputs: str, model: str, region: str) -> dict:
    m = _machine(cart, model, region)
    timeline = _MachineInputs(m, inputs)
    snapshots = {}
    for frame in range(1, frames[-1] + 1):
        timeline.start_frame(frame)
        m.run_frames(1)
        if frame in frames:
            snapshots[frame] = Snapshot(tuple(int(v) for v in m.iram), tuple(int(v) for v in m.xram),
                                        tuple(int(v) for v in m.vdc_regs), np.array(m.screen),
                                        int(m.cycles))
    return snapshots


TRACE_COLUMNS = ("cycle", "pc", "op", "a", "psw", "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7")


def trace_oracle(cart: str, frames: int, inputs=(), region="ntsc") -> dict:
    """{frame: array (n, 13) of TRACE_COLUMNS}: every instruction MAME ran in each frame."""
    return run_mame(cart, frames, inputs, region, trace=True).trace


def trace_machine(cart: str, counts: dict, inputs=(), model="hardware", region="ntsc") -> dict:
    """{frame: array (n, 13) of TRACE_COLUMNS} from our machine in reference model `model`,
    running counts[frame] instructions in each frame and applying the inputs between frames: the
    instructions are compared one by one, and where a frame ends is compared by the snapshots'
    cycle counts."""
    m = _machine(cart, model, region)
    timeline = _MachineInputs(m, _freeze(inputs))
    out = {}
    for frame in range(1, max(counts) + 1):
        timeline.start_frame(frame)
        if frame not in counts:        # no instruction ran (RESET held): time passes
            m.run_frames(1)
            continue
        t = m.trace(counts[frame])
        out[frame] = np.column_stack([t["cycle"], t["pc"], t["op"], t["a"], t["psw"], t["r"]]
                                     ).astype(np.int64)
    return out
