"""roms_free's manifests agree with its sources: every test cartridge is built (roms.toml) and
has run instructions (corpus.toml) whose inputs the oracle and our machine both understand."""
import tomllib
from pathlib import Path

import pytest

from emu import keys
import mame
from rom_runners import corpus, rom

SOURCES = Path(rom("src"))
GROUPS = {"frame", "keys", "joy0", "joy1", "reset"}
BUTTONS = {"UP", "RIGHT", "DOWN", "LEFT", "FIRE"}


def built_roms():
    with open(rom("roms.toml"), "rb") as manifest:
        return {entry["name"]: entry["source"] for entry in tomllib.load(manifest)["rom"]}


def test_every_test_source_is_built_and_has_run_instructions():
    tests = {path.stem for path in SOURCES.glob("test_*.asm")}
    built = built_roms()
    assert tests <= set(built)
    assert set(corpus()) == tests
    assert all(built[name] == f"roms_free/src/{name}.asm" for name in tests)


@pytest.mark.parametrize("name", sorted(corpus()))
def test_run_instructions_are_well_formed(name):
    entry = corpus()[name]
    assert set(entry) <= {"frames", "inputs"} and entry["frames"] >= 1
    for step in entry.get("inputs", []):
        assert set(step) <= GROUPS and 2 <= step["frame"] <= entry["frames"]
        for key in step.get("keys", []):
            keys.key_position(key)                      # raises for a name our machine lacks
        for stick in ("joy0", "joy1"):
            assert set(step.get(stick, [])) <= BUTTONS


def test_run_instructions_speak_mames_key_names():
    for name, entry in corpus().items():
        mame.input_settings(entry.get("inputs", []))     # raises for an unknown key
