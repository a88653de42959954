"""Run one of our cartridges for N frames, with our free BIOS and charset, and take a Snapshot:
in MAME's odyssey2 driver (the oracle kit in ../shared/oracle, or $O2_ORACLE_DIR) or in our
machine (emu.odyssey2). Also traces: every instruction executed, from either.

Inputs are a timeline in the oracle's form, [{"frame": k, "keys": [...], "joy0": [...], "joy1":
[...], "reset": bool}]: each named group is set to exactly the listed buttons (RESET held or not)
from the start of frame k (k >= 2, the first frame in which MAME lets an input act) and holds
until changed.
"""
import json
import os
import shutil
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

import roms_free
from emu.input import NOTHING, FrameInput, apply_input, canonical_key

ORACLE_DIR = Path(os.environ.get("O2_ORACLE_DIR",
                                 Path(__file__).resolve().parents[2] / "shared" / "oracle"))
MAME = os.environ.get("MAME", "/usr/games/mame")


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
    return (ORACLE_DIR / "mame_oracle.py").is_file() and shutil.which(MAME) is not None


def require_oracle():
    """Skips the test when MAME or the kit is missing, unless O2_REQUIRE_MAME=1 demands them."""
    if oracle_available():
        return
    if os.environ.get("O2_REQUIRE_MAME") == "1":
        pytest.fail(f"O2_REQUIRE_MAME=1 but MAME ({MAME}) or the oracle kit ({ORACLE_DIR}) is missing")
    pytest.skip("MAME or the oracle kit is not installed")


def _freeze(inputs) -> str:
    return json.dumps(list(inputs or []), sort_keys=True)


def run(runner: str, cart: str, frames: int, inputs=()) -> Snapshot:
    """The machine after `frames` frames of roms_free/<cart> (e.g. "test_bios.bin")."""
    return run_many(runner, cart, (frames,), inputs)[frames]


def run_many(runner: str, cart: str, frames: tuple, inputs=(), cache=True, model="hardware") -> dict:
    """{frame: Snapshot} for each of `frames`, taken from one run of the cartridge (kept for the
    session unless cache=False). runner "machine" is ours, in the reference model `model`
    ("mame" to compare with the oracle: tests/conformance/DIFFERENCES.md)."""
    run_oracle, run_machine = _run_oracle, _run_machine
    if not cache:
        run_oracle, run_machine = _run_oracle.__wrapped__, _run_machine.__wrapped__
    if runner == "oracle":
        require_oracle()
        return run_oracle(cart, tuple(sorted(frames)), _freeze(inputs))
    return run_machine(cart, tuple(sorted(frames)), _freeze(inputs), model)


def _oracle():
    if str(ORACLE_DIR) not in sys.path:
        sys.path.insert(0, str(ORACLE_DIR))
    import mame_oracle
    return mame_oracle


def _run_oracle_kit(cart: str, frames: int, inputs: str, out: str, capture=(), trace=False) -> dict:
    return _oracle().run_oracle(str(rom("bios.bin")), str(rom("charset.bin")), str(rom(cart)),
                                frames, out, inputs=json.loads(inputs), capture=capture, trace=trace)


@lru_cache(maxsize=None)
def _run_oracle(cart: str, frames: tuple, inputs: str) -> dict:
    mame_oracle = _oracle()
    snapshots = {}
    with tempfile.TemporaryDirectory(prefix="o2_roms_") as out:
        summary = _run_oracle_kit(cart, frames[-1], inputs, out, capture=frames)
        for path in summary["captures"]:
            capture = json.load(open(path))
            width, height, rgb = mame_oracle.read_ppm(capture["ppm"])
            image = np.frombuffer(rgb, dtype=np.uint8).reshape(height, width, 3)
            snapshots[capture["frame"]] = Snapshot(tuple(capture["iram"]), tuple(capture["xram"]),
                                                   tuple(capture["vdc"]), image, capture["cycles"])
    return snapshots


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


def _machine(cart: str, model: str):
    from emu.odyssey2 import Odyssey2
    return Odyssey2(cart=rom(cart), model=model)


@lru_cache(maxsize=None)
def _run_machine(cart: str, frames: tuple, inputs: str, model: str) -> dict:
    m = _machine(cart, model)
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


def _trace_frame(reported: int) -> int:
    """The frame number of a trace line. The kit sets MAME's debugger variable temp0 to the frame
    number written in decimal, but MAME's debugger reads numbers in hexadecimal: frame 10 sets
    0x10 and the trace prints 16. Every decimal numeral is a hex numeral, so this inverts it."""
    return int(format(reported, "x"))


def trace_oracle(cart: str, frames: int, inputs=()) -> dict:
    """{frame: array (n, 13) of TRACE_COLUMNS}: every instruction MAME ran in each frame. MAME
    reports the PSW with bit 3 = 0; it reads as 1 on the 8048, so it is set here."""
    require_oracle()
    rows: dict = {}
    with tempfile.TemporaryDirectory(prefix="o2_trace_") as out:
        summary = _run_oracle_kit(cart, frames, _freeze(inputs), out, trace=True)
        for line in _oracle().iter_trace(summary["trace"]):
            rows.setdefault(_trace_frame(line["FRAME"]), []).append(
                (line["CYC"], line["PC"], line["OP"], line["A"], line["PSW"] | 0x08,
                 *(line[f"R{n}"] for n in range(8))))
    return {frame: np.array(r, dtype=np.int64) for frame, r in rows.items()}


def trace_machine(cart: str, counts: dict, inputs=(), model="hardware") -> dict:
    """{frame: array (n, 13) of TRACE_COLUMNS} from our machine in reference model `model`,
    running counts[frame] instructions in each frame and applying the inputs between frames: the
    instructions are compared one by one, and where a frame ends is compared by the snapshots'
    cycle counts."""
    m = _machine(cart, model)
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
