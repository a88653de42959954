"""Save states carry MAME's timeslice (native/machine.c mame_next_slice, state layout version 3):
save -> load -> run equals running on in the "mame" model, also where an access ends a hair below
one half of a half-clock, whose rounding depends on how far into its slice it is. No MAME needed:
the reference is our own machine running on."""
import gzip
from pathlib import Path

import numpy as np
import pytest

import differential
import random_programs
from rom_runners import rom
from save_states import refused
from emu.odyssey2 import Odyssey2


def snapshot(m):
    return (m.cycles, np.array(m.screen).tobytes(), bytes(np.array(m.iram)), bytes(np.array(m.xram)),
            bytes(m.vdc_registers), np.array(m.audio).tobytes())


def loaded_runs_on_as_the_original(make, saves) -> list:
    """Runs a machine, saves a state at each cycle count `saves` gives (from the machine), loads
    each into a fresh machine and runs both to the end of the next frame: the cycles whose state
    ran on differently."""
    original = make()
    states = []
    for cycle in saves(original):
        if cycle < original.cycles:
            continue                 # inside the instruction that ended the last run
        original.run_cycles(cycle - original.cycles)
        states.append((original.cycles, original.frame, original.save_state()))
    reference, ends = make(), {}
    while reference.frame <= states[-1][1] + 1:
        reference.run_frames(1)
        ends[reference.frame] = snapshot(reference)
    differ = []
    for cycle, frame, state in states:
        loaded = make()
        loaded.load_state(state)
        loaded.run_frames(1)
        if snapshot(loaded) != ends[loaded.frame]:
            differ.append(cycle)
    return differ


# Where test_slice_drift's accesses end just below one half (every 6th NTSC frame, 5th PAL): a
# state saved at these boundaries and loaded into a new slice ran on differently before the slice
# was saved (NTSC cycles 17901-17917, PAL 59117).
SLICE_DRIFT_WINDOWS = {"ntsc": (17860, 17960), "pal": (59060, 59160)}


@pytest.mark.parametrize("region", ["ntsc", "pal"])
def test_a_state_saved_inside_a_slice_runs_on_as_the_original(region):
    def make():
        return Odyssey2(cart=rom("test_slice_drift.bin"), model="mame", region=region)

    first, last = SLICE_DRIFT_WINDOWS[region]
    assert loaded_runs_on_as_the_original(make, lambda m: range(first, last)) == []


@pytest.mark.parametrize("seed,region", [(1, "ntsc"), (2, "pal")])
def test_a_random_program_saved_at_many_points_runs_on_as_the_original(seed, region):
    cart, charset = random_programs.cartridge(seed)

    def make():
        return Odyssey2(cart=cart, bios=differential.stub_bios(), charset=charset, model="mame", region=region)

    rng = np.random.default_rng(seed)
    points = np.cumsum(rng.integers(1, 400, size=150)) + 100   # about 4 frames, at random points
    assert loaded_runs_on_as_the_original(make, lambda m: points.tolist()) == []


DATA = Path(__file__).parent / "data"
SLICE_BYTES = 16       # the layout's last two fields before the check word: slice start and end


def fnv1a(data: bytes) -> int:
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & (2**64 - 1)
    return h


def with_check(body: bytes) -> bytes:
    return body + fnv1a(body).to_bytes(8, "little")


@pytest.mark.parametrize("model", ["hardware", "mame"])
def test_a_version_2_state_still_loads_and_runs_on(model):
    """A state saved by the build before the slice was saved (layout version 2, test_slice_drift
    after 2 frames and 1234 cycles) loads: the MAME model starts a new slice there, as that build
    did; both run on as the machine they were saved from."""
    state = gzip.decompress((DATA / f"test_slice_drift_{model}_v2.o2st.gz").read_bytes())
    assert int.from_bytes(state[4:8], "little") == 2
    loaded = Odyssey2(cart=rom("test_slice_drift.bin"), model="hardware" if model == "mame" else "mame")
    loaded.load_state(state)
    assert loaded.model == model
    on = Odyssey2(cart=rom("test_slice_drift.bin"), model=model)
    on.run_frames(2)
    on.run_cycles(1234)
    assert loaded.cycles == on.cycles
    for _ in range(3):
        loaded.run_frames(1)
        on.run_frames(1)
        assert snapshot(loaded) == snapshot(on)


def test_a_state_whose_slice_does_not_fit_its_clock_is_refused():
    m = Odyssey2(cart=rom("test_slice_drift.bin"), model="mame")
    m.run_frames(1)
    m.run_cycles(100)
    state = m.save_state()
    cycles = m.cycles
    body = state[:-8 - SLICE_BYTES]
    start, end = (int.from_bytes(state[-8 - SLICE_BYTES + 8 * i:-8 - SLICE_BYTES + 8 * (i + 1)], "little") for i in (0, 1))
    assert start <= cycles <= end + 4
    for bad_start, bad_end in ((cycles + 1, end), (start, end + 1), (start, 2**64 - 1), (0, end)):
        damaged = with_check(body + bad_start.to_bytes(8, "little") + bad_end.to_bytes(8, "little"))
        refused(m, damaged, "truncated or corrupt")
    version_1 = state[:4] + (1).to_bytes(4, "little") + state[8:-8]
    refused(m, with_check(version_1), "truncated or corrupt")
    hardware = Odyssey2(cart=rom("test_slice_drift.bin"))
    hardware_state = hardware.save_state()
    refused(hardware, with_check(hardware_state[:-8 - SLICE_BYTES] + bytes(SLICE_BYTES)), "truncated or corrupt")
