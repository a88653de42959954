"""The libretro core's own host instructions per frame, by function, counted by callgrind through
the C front end of the benchmark (tests/libretro/bench_frontend.c) on the busy and jet-jet setups
of tests/benchmarks/libretro.py:

    python tests/libretro/core_instructions.py [CORE.so]

Each setup runs twice under valgrind --tool=callgrind, 4 rounds from its saved state of a full
round's frames and of half as many; the difference between the two, over the frames between
them, is a steady frame's count without the state loads (the first frame after a load converts
every line that differs). The core's own work is retro_run's inclusive count less the machine's
(o2_run_frames); its functions are listed by their own count. The same frames from the same
state are counted in the Python package too (the batch figure's run_frames, only what runs inside
o2_run_frames), so that the machine's count in the core can be set beside the package's: the two
are built from the same C with the same flags. Needs valgrind (callgrind_annotate)."""
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import retro  # noqa: E402
from benchmarks import libretro as bench  # noqa: E402

ROUNDS = 3          # timed rounds; the front end runs one more first
CORE_FUNCTIONS = ("retro_run", "update_line", "take_block", "double_samples", "convert_", "send_audio",
                  "apply_input", "copy_ram", "recolour")


def counts(core: Path, where: Path, frames: int, inclusive: bool) -> dict:
    out = where / f"callgrind.{frames}.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(bench.FRONTEND),
                    str(core), str(where / "content.bin"), str(where / "state"), str(where), str(frames),
                    str(ROUNDS)], check=True, capture_output=True)
    listing = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}",
                              "--show-percs=no", str(out)], check=True, capture_output=True, text=True).stdout
    found = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].replace(",", "").isdigit():
            name = parts[1].split(":")[-1]
            found[name] = found.get(name, 0) + int(parts[0].replace(",", ""))
    return found


def package_counts(where: Path, frames: int) -> int:
    """Instructions inside o2_run_frames in the Python package: ROUNDS + 1 times `frames` frames
    from the setup's state, as the front end runs them."""
    out = where / f"package.{frames}.out"
    subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=o2_run_frames", f"--callgrind-out-file={out}",
                    sys.executable, __file__, "--package", str(where), str(frames)], check=True, capture_output=True)
    listing = subprocess.run(["callgrind_annotate", "--show-percs=no", str(out)], check=True, capture_output=True,
                             text=True).stdout
    for line in listing.splitlines():
        if line.strip().endswith("PROGRAM TOTALS"):
            return int(line.split()[0].replace(",", ""))
    raise RuntimeError("callgrind_annotate gave no total")


def run_package(where: Path, frames: int):
    """Under callgrind: the setup's machine in Python, its state loaded before each round."""
    from emu.odyssey2 import Odyssey2
    images = {"cart": (where / "content.bin").read_bytes()}
    if (where / "o2rom.bin").exists():
        images["bios"] = (where / "o2rom.bin").read_bytes()
    m = Odyssey2(**images)
    for _ in range(ROUNDS + 1):
        m.load_state((where / "state").read_bytes())
        m.run_frames(frames)


def main():
    if sys.argv[1:2] == ["--package"]:
        run_package(Path(sys.argv[2]), int(sys.argv[3]))
        return
    core = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else retro.build()
    bench.build_frontend()
    with tempfile.TemporaryDirectory() as folder:
        for name, (_, _, where, frames) in bench.setups(Path(folder)).items():
            half = frames // 2
            steady = (ROUNDS + 1) * (frames - half)
            full, part = counts(core, where, frames, True), counts(core, where, half, True)
            own = ((full["retro_run"] - full["o2_run_frames"]) - (part["retro_run"] - part["o2_run_frames"])) / steady
            machine = (full["o2_run_frames"] - part["o2_run_frames"]) / steady
            print(f"core_instructions_{name}: {own:.0f}")
            print(f"machine_instructions_{name}: {machine:.0f}")
            package = (package_counts(where, frames) - package_counts(where, half)) / steady
            print(f"package_machine_instructions_{name}: {package:.0f}")
            full, part = counts(core, where, frames, False), counts(core, where, half, False)
            for function in sorted(full, key=lambda f: part.get(f, 0) - full[f]):
                if any(function.startswith(p) for p in CORE_FUNCTIONS):
                    print(f"  {function}: {(full[function] - part.get(function, 0)) / steady:.0f}")


if __name__ == "__main__":
    main()
