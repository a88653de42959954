"""The libretro core's speed beside the Python package's, on the busy and jet-jet setups of
tests/benchmarks/machine.py (the busy program over every object; Conquest of the World in a
jet-jet battle, 9999 units a side).

Each setup is reached in Python and saved; every round loads that state and runs the same frames,
again from the state until REPEAT_SECONDS of CPU time have passed (a battle lasts only so long),
(a) in Python in one call (run_frames(n): the package's batch figure), (b) through the core in
the C front end tests/libretro/bench_frontend.c (retro_run per frame, the picture and sound taken
as a front end takes them), loaded as a library into this process, and (c) through the ctypes
front end of the tests (tests/libretro/retro.py, its Python callbacks included). Frames per
CPU-second, medians of 21 rounds. (a) and (b), whose ratio is the measure, are taken in turn
within each round, some 10 ms of each at a time (paired_fps), the batch first in one round and
the core first in the next, so that a shared machine's changing load hits both alike; the
load average is printed beside them. Both run the same frames from the same state, the
machine's C built with the same flags (the Makefile's LIBRETRO_CFLAGS have the -fwrapv of
Python's CFLAGS); (b) adds what a front end needs of the core: the picture of every frame, its
sound, the input read. In all three the first frame after each load of the state is run untimed
(LOAD_FRAME): it is the load's, every line redrawn by the machine and converted by the core.

    libretro_fps_busy / _jet_jet         (b)
    libretro_ctypes_fps_busy / _jet_jet  (c)
    batch_fps_busy / _jet_jet            (a)
    libretro_batch_ratio_busy / _jet_jet (b) / (a) in each round, the median over the rounds
    libretro_batch_ratio_*_quartiles     the first and third quartiles of those ratios: how much
                                         the rounds differ on a loaded machine
    redrawn_lines_busy / _jet_jet        lines the machine redraws a frame (of 243): the lines
                                         the core converts for the front end
    redrawn_span_pixels_busy / _jet_jet  the pixels of their redrawn spans (what the core reads)
    changed_pixels_busy / _jet_jet       the pixels that differ from the frame before
    libretro_load_average                the machine's load average (1 minute) at the end

O2_LIBRETRO_OTHER=path/to/odyssey2_libretro.so adds another build of the core to every round,
taken in turn with (a) and (b), for a before/after comparison in one run: other_libretro_fps_*
and other_libretro_batch_ratio_*.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "libretro"))
import retro  # noqa: E402  (tests/libretro/retro.py)
from benchmarks.machine import (_battle_frames, _conquest_in_combat, busy_bios,  # noqa: E402
                                machine, MAME_WARM_UP, ROUND_FRAMES)

ROUNDS = 21
REPEAT_SECONDS = 0.1
BLOCK_FRAMES = 1000
# Each run's first frame after the state's load is not timed, in the batch as in the cores: it is
# the load's (the machine redraws every line, and a core converts every one), repeated here every
# round only because a battle lasts so long; a player's frames follow one another.
LOAD_FRAME = 1
FRONTEND = retro.ROOT / "build" / "libretro" / "bench_frontend"
FRONTEND_LIBRARY = retro.ROOT / "build" / "libretro" / "bench_frontend.so"


def build_frontend() -> Path:
    """The C front end as a program (FRONTEND, for tests/libretro/core_instructions.py) and as a
    library (FRONTEND_LIBRARY, which bench() loads)."""
    source = HERE.parent / "libretro" / "bench_frontend.c"
    flags = ["cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{retro.ROOT / 'native' / 'libretro'}"]
    for command in ([*flags, str(source), "-ldl", "-o", str(FRONTEND)],
                    [*flags, "-fPIC", "-shared", "-DBENCH_LIBRARY", str(source), "-ldl", "-o", str(FRONTEND_LIBRARY)]):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"bench_frontend.c: {done.stderr}")
    return FRONTEND


def setups(folder: Path) -> dict:
    """name: (Python machine, its saved state, content file, system folder, frames a round)."""
    busy = machine()
    busy.run_frames(MAME_WARM_UP)
    busy_dir = folder / "busy"
    busy_dir.mkdir()
    (busy_dir / "o2rom.bin").write_bytes(busy_bios())        # the busy program is a BIOS
    (busy_dir / "content.bin").write_bytes(bytes(2048))
    jets, _ = _conquest_in_combat("P", "P")
    jet_dir = folder / "jet_jet"
    jet_dir.mkdir()
    (jet_dir / "content.bin").write_bytes(retro.ROOT.joinpath("roms_free", "conquest.bin").read_bytes())
    found = {}
    for name, m, where, frames in (("busy", busy, busy_dir, ROUND_FRAMES),
                                   ("jet_jet", jets, jet_dir, _battle_frames(jets))):
        state = m.save_state()
        (where / "state").write_bytes(state)
        found[name] = (m, state, where, frames)
    return found


class CoreInProcess:
    """The C front end (bench_frontend.c as a library) with `library` loaded and the setup's
    content, in this process; each a copy of both files, as a libretro core and this front end
    are one of a kind in a process."""

    def __init__(self, library: Path, where: Path, frames: int, copies: Path):
        import ctypes
        copies.mkdir(parents=True, exist_ok=True)
        core, front = copies / library.name, copies / FRONTEND_LIBRARY.name
        shutil.copy(library, core)
        shutil.copy(FRONTEND_LIBRARY, front)
        self.lib = ctypes.CDLL(str(front))
        self.lib.bench_open.argtypes = [ctypes.c_char_p] * 4 + [ctypes.c_long]
        self.lib.bench_run.argtypes = [ctypes.c_long]
        self.lib.bench_run.restype = ctypes.c_double
        self.frames = frames
        if self.lib.bench_open(*(str(p).encode() for p in (core, where / "content.bin", where / "state", where)),
                               frames):
            raise RuntimeError(f"bench_frontend could not run {library} (its message above)")

    def run(self) -> float:
        """The CPU seconds of one run of the round's frames from the state, all but the first (the
        load's frame) timed."""
        spent = self.lib.bench_run(self.frames)
        if spent < 0:
            raise RuntimeError("the core refused the state")
        return spent

    def close(self):
        if self.lib.bench_close():
            raise RuntimeError("the core gave no picture or no sound")


def paired_fps(m, state: bytes, frames: int, cores: list, core_first: bool) -> list:
    """Frames per CPU-second of the package's batch and of each core, their runs of the round's
    frames from the state taken in turn, BLOCK_FRAMES or more at a time (some 10 ms: each keeps
    its memory in the caches as it would running alone), the batch first or the cores first,
    until each has REPEAT_SECONDS: a load that changes within the measurement hits all alike."""
    def batch() -> float:
        m.load_state(state)
        m.run_frames(1)                          # the load's frame, as the cores' (LOAD_FRAME)
        start = time.process_time()
        m.run_frames(frames - LOAD_FRAME)
        return time.process_time() - start
    runners = [*(core.run for core in cores), batch] if core_first else [batch, *(core.run for core in cores)]
    block = -(-BLOCK_FRAMES // frames)
    spent = [0.0] * len(runners)
    runs = 0
    while min(spent) < REPEAT_SECONDS:
        for k, run in enumerate(runners):
            spent[k] += sum(run() for _ in range(block))
        runs += block
    rates = [runs * (frames - LOAD_FRAME) / s for s in spent]
    return [rates[-1], *rates[:-1]] if core_first else rates


def ctypes_fps(library: Path, where: Path, state: bytes, frames: int) -> float:
    core = retro.Core(library, system_dir=where, keep_frames=False)
    try:
        core._video = lambda *args: None          # a front end keeps the pointer; no copy here
        core._callbacks[1] = retro.video_refresh_t(lambda data, width, height, pitch: None)
        core.lib.retro_set_video_refresh(core._callbacks[1])
        if not core.load((where / "content.bin").read_bytes()):
            raise RuntimeError("the core refused the setup")
        spent, runs = 0.0, 0
        while spent < REPEAT_SECONDS:
            if not core.unserialize(state):
                raise RuntimeError("the core refused the state")
            core.run(LOAD_FRAME)
            start = time.process_time()
            core.run(frames - LOAD_FRAME)
            spent += time.process_time() - start
            runs += 1
        return runs * (frames - LOAD_FRAME) / spent
    finally:
        core.unload()


def redrawn(m, state: bytes, frames: int) -> tuple:
    """Over the round's frames, the mean a frame of: the lines flagged by o2_screen_redrawn, the
    pixels in their spans (o2_screen_spans: what the core reads), and the pixels that changed."""
    import numpy as np
    from emu.native import ffi, lib
    m.load_state(state)
    m.run_frames(1)                              # the load redraws every line
    machine_ = m._machine._m
    flags = np.frombuffer(ffi.buffer(lib.o2_screen_redrawn(machine_), lib.O2_SCREEN_H), dtype=np.uint8)
    spans = np.frombuffer(ffi.buffer(lib.o2_screen_spans(machine_), 4 * lib.O2_SCREEN_H),
                          dtype=np.uint16).reshape(-1, 2)
    lines = span_pixels = changed = 0
    before = m.screen.copy()
    for _ in range(frames):
        flags[:] = 0
        m.run_frames(1)
        flagged = flags != 0
        lines += int(np.count_nonzero(flagged))
        span_pixels += int((spans[flagged, 1].astype(np.int64) - spans[flagged, 0]).sum())
        now = m.screen.copy()
        changed += int(np.count_nonzero((now != before).any(axis=2)))
        before = now
    return lines / frames, span_pixels / frames, changed / frames


def bench():
    library = retro.build()
    other = os.environ.get("O2_LIBRETRO_OTHER")
    other = Path(other).resolve() if other else None
    build_frontend()
    with tempfile.TemporaryDirectory() as folder:
        found = setups(Path(folder))
        rates = {name: {"batch": [], "c": [], "ctypes": [], "other": []} for name in found}
        cores = {name: [CoreInProcess(lib, where, frames, Path(folder) / f"{name}_{k}")
                        for k, lib in enumerate([library, *([other] if other else [])])]
                 for name, (m, state, where, frames) in found.items()}
        for turn in range(ROUNDS):
            for name, (m, state, where, frames) in found.items():
                r = rates[name]
                # the batch first in one round, the cores first in the next
                batch, c, *rest = paired_fps(m, state, frames, cores[name], core_first=turn % 2 == 1)
                r["batch"].append(batch)
                r["c"].append(c)
                if other:
                    r["other"].append(rest[0])
                rates[name]["ctypes"].append(ctypes_fps(library, where, state, frames))
        for runners in cores.values():
            for core in runners:
                core.close()
    for name, r in rates.items():
        batch, c, ctypes_ = (statistics.median(r[k]) for k in ("batch", "c", "ctypes"))
        yield f"libretro_fps_{name}", round(c)
        yield f"libretro_ctypes_fps_{name}", round(ctypes_)
        yield f"batch_fps_{name}", round(batch)
        # each round's two figures were taken one after the other, under the same load
        ratios = [core / batch for core, batch in zip(r["c"], r["batch"])]
        yield f"libretro_batch_ratio_{name}", round(statistics.median(ratios), 2)
        low, _, high = statistics.quantiles(ratios, n=4)
        yield f"libretro_batch_ratio_{name}_quartiles", f"{low:.2f} {high:.2f}"
        if other:
            yield f"other_libretro_fps_{name}", round(statistics.median(r["other"]))
            yield f"other_libretro_batch_ratio_{name}", round(statistics.median(
                core / batch for core, batch in zip(r["other"], r["batch"])), 2)
    for name, (m, state, _, frames) in found.items():
        lines, span_pixels, changed = redrawn(m, state, frames)
        yield f"redrawn_lines_{name}", round(lines, 1)
        yield f"redrawn_span_pixels_{name}", round(span_pixels)
        yield f"changed_pixels_{name}", round(changed)
    yield "libretro_load_average", round(os.getloadavg()[0], 1)
