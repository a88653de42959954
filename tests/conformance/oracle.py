"""Runs the MAME oracle kit (../shared/oracle) on our ROMs, and our machine the same way.

The kit lives outside this repository (O2_ORACLE_DIR, default ../shared/oracle next to the
checkout). Without MAME or the kit the conformance tests are skipped — unless O2_REQUIRE_MAME=1
(CI, `make conformance`), where a missing reference is a failure, never a silent pass.
"""
import functools
import importlib.util
import os
import pathlib
import tomllib

import pytest

from emu.odyssey2 import Odyssey2

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROMS = ROOT / "roms_free"
ORACLE_DIR = pathlib.Path(os.environ.get("O2_ORACLE_DIR", ROOT.parent / "shared" / "oracle"))
MAME = os.environ.get("MAME", "/usr/games/mame")
CASES = pathlib.Path(__file__).with_name("cases.toml")


def require_oracle():
    """The oracle module, or a skip (a failure when O2_REQUIRE_MAME=1) naming what is missing."""
    missing = [str(p) for p in (ORACLE_DIR / "mame_oracle.py", pathlib.Path(MAME)) if not p.exists()]
    if missing:
        message = "MAME oracle not available: missing " + ", ".join(missing)
        if os.environ.get("O2_REQUIRE_MAME") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return _load_oracle()


@functools.cache
def _load_oracle():
    spec = importlib.util.spec_from_file_location("mame_oracle", ORACLE_DIR / "mame_oracle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases() -> dict:
    """Every test ROM in roms_free/roms.toml (names test_* and demo) with its parameters from
    cases.toml: frames to run, frames to capture, frames to trace, an input timeline."""
    manifest = tomllib.loads((ROMS / "roms.toml").read_text())
    table = tomllib.loads(CASES.read_text())
    default = table["default"]
    out = {}
    for rom in manifest.get("rom", []):
        name = rom["name"]
        if name.startswith("test_") or name == "demo":
            case = dict(default, **table.get("rom", {}).get(name, {}))
            case["captures"] = sorted({k for k in case["captures"] if k <= case["frames"]} | {case["frames"]})
            out[name] = case
    return out


def apply_inputs(machine: Odyssey2, timeline: list, frame: int, held: dict):
    """Applies the timeline entries of `frame` the way the oracle does: each group an entry names
    (keys, joy0, joy1, reset) is set to exactly its list; MAME samples inputs at frame
    boundaries, so entries for frames <= 1 take effect from frame 2."""
    for entry in timeline:
        if max(2, entry["frame"]) != frame:
            continue
        if "keys" in entry:
            for key in held.get("keys", set()) - set(entry["keys"]):
                machine.release(key)
            for key in entry["keys"]:
                machine.press(key)
            held["keys"] = set(entry["keys"])
        for n in (0, 1):
            if f"joy{n}" in entry:
                machine.joystick(n, **{b.lower(): True for b in entry[f"joy{n}"]})
        if "reset" in entry:
            (machine.press if entry["reset"] else machine.release)("RESET")


def run_ours(name: str, case: dict):
    """Runs our machine like the oracle run: yields (frame, machine) after each captured frame."""
    machine = Odyssey2(cart=ROMS / f"{name}.bin")
    held = {}
    captures = set(case["captures"])
    for frame in range(1, case["frames"] + 1):
        apply_inputs(machine, case.get("inputs", []), frame, held)
        machine.run_frames(1)
        if frame in captures:
            yield frame, machine
