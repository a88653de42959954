"""Host instructions per emulated frame, counted by callgrind inside o2_run_frames only: FRAMES
frames in one call from each measured state of tests/benchmarks/machine.py (its setups()), the
table of docs/performance.md's last section. Needs valgrind; takes a few minutes.

    .venv/bin/python docs/callgrind_frames.py [setup ...]

Set O2_NATIVE_LIB to measure another build of the core (emu/native/extension.py)."""
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRAMES = 200


def _paths():
    for path in (ROOT, ROOT / "tests", ROOT / "tests" / "benchmarks"):
        sys.path.insert(0, str(path))


def _machine(name):
    """A machine with the setup's cartridge, BIOS and character set (the state brings the rest)."""
    import machine as bench_machine
    import roms_free
    from cart.conquest.wrapper import rom_path
    from emu.odyssey2 import Odyssey2
    if name == "busy":
        return bench_machine.machine()
    if name == "empty_slot":
        return Odyssey2()
    if name in ("demo", "select_game"):
        return Odyssey2(cart=roms_free.path("demo.bin" if name == "demo" else "test_select.bin"))
    return Odyssey2(cart=rom_path())


def run(folder: Path, names):
    """Under callgrind: one run_frames(FRAMES) per setup, each dumped on its own."""
    for name in names:
        m = _machine(name)
        m.load_state((folder / f"{name}.state").read_bytes())
        m.run_frames(FRAMES)


def main(names) -> int:
    import machine as bench_machine
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        found = bench_machine.setups()
        names = names or list(found)
        unknown = sorted(set(names) - set(found))
        if unknown:
            print(f"callgrind_frames: no setup named {', '.join(unknown)} (have: {', '.join(found)})",
                  file=sys.stderr)
            return 2
        for name in names:
            (folder / f"{name}.state").write_bytes(found[name][0].save_state())
        out = folder / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=o2_run_frames",
                               "--dump-after=o2_run_frames", f"--callgrind-out-file={out}",
                               sys.executable, __file__, "--run", str(folder), *names],
                              capture_output=True, text=True)
        if done.returncode != 0:
            print(f"callgrind_frames: valgrind failed: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
            return 1
        for k, name in enumerate(names, start=1):
            totals = [line for line in Path(f"{out}.{k}").read_text().splitlines()
                      if line.startswith(("summary:", "totals:"))]
            print(f"{name}_host_instructions_per_frame: {int(totals[0].split()[1]) // FRAMES}")
    return 0


if __name__ == "__main__":
    _paths()
    if sys.argv[1:2] == ["--run"]:
        run(Path(sys.argv[2]), sys.argv[3:])
    else:
        sys.exit(main(sys.argv[1:]))
