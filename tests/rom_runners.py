"""Run one of our cartridges for N frames, with our free BIOS and charset, and take a Snapshot:
in MAME's odyssey2 driver (the oracle kit in ../shared/oracle) or in our machine (emu.odyssey2).

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

ORACLE_DIR = Path(__file__).resolve().parents[3] / "shared" / "oracle"
MAME = os.environ.get("MAME", "/usr/games/mame")


@dataclass(frozen=True)
class Snapshot:
    iram: tuple          # 64 bytes of internal RAM
    xram: tuple          # 128 bytes of external RAM
    vdc: tuple           # 256 VDC registers
    image: np.ndarray    # 243 x 360 RGB: raster lines 0-242, two columns per X unit (both sides)


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


def run_many(runner: str, cart: str, frames: tuple, inputs=()) -> dict:
    """{frame: Snapshot} for each of `frames`, taken from one run of the cartridge."""
    if runner == "oracle":
        require_oracle()
        return _run_oracle(cart, tuple(sorted(frames)), _freeze(inputs))
    return _run_machine(cart, tuple(sorted(frames)), _freeze(inputs))


@lru_cache(maxsize=None)
def _run_oracle(cart: str, frames: tuple, inputs: str) -> dict:
    if str(ORACLE_DIR) not in sys.path:
        sys.path.insert(0, str(ORACLE_DIR))
    import mame_oracle
    snapshots = {}
    with tempfile.TemporaryDirectory(prefix="o2_roms_") as out:
        summary = mame_oracle.run_oracle(str(rom("bios.bin")), str(rom("charset.bin")),
                                         str(rom(cart)), frames[-1], out,
                                         inputs=json.loads(inputs), capture=frames)
        for path in summary["captures"]:
            capture = json.load(open(path))
            width, height, rgb = mame_oracle.read_ppm(capture["ppm"])
            image = np.frombuffer(rgb, dtype=np.uint8).reshape(height, width, 3)
            snapshots[capture["frame"]] = Snapshot(tuple(capture["iram"]), tuple(capture["xram"]),
                                                   tuple(capture["vdc"]), image)
    return snapshots


def _joystick_kwargs(buttons) -> dict:
    return {b.lower(): True for b in buttons}


@lru_cache(maxsize=None)
def _run_machine(cart: str, frames: tuple, inputs: str) -> dict:
    from emu.odyssey2 import Odyssey2
    m = Odyssey2(cart=rom(cart))
    timeline = {}
    for entry in json.loads(inputs):
        timeline.setdefault(max(2, entry["frame"]), []).append(entry)
    keys_down: set = set()
    snapshots = {}
    for frame in range(1, frames[-1] + 1):
        for entry in timeline.get(frame, []):
            if "keys" in entry:
                for key in keys_down - set(entry["keys"]):
                    m.release(key)
                for key in set(entry["keys"]) - keys_down:
                    m.press(key)
                keys_down = set(entry["keys"])
            for n in (0, 1):
                if f"joy{n}" in entry:
                    m.joystick(n, **_joystick_kwargs(entry[f"joy{n}"]))
            if "reset" in entry:
                (m.press if entry["reset"] else m.release)("RESET")
        m.run_frames(1)
        if frame in frames:
            snapshots[frame] = Snapshot(tuple(int(v) for v in m.iram), tuple(int(v) for v in m.xram),
                                        tuple(int(v) for v in m.vdc_regs), np.array(m.screen))
    return snapshots
