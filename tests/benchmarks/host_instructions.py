"""Host instructions per emulated frame, counted by callgrind: a figure that does not depend on the
machine's load, unlike the CPU-time ratios of machine.py (which stay there).

Each setup of machine.py (busy, demo, SELECT GAME, an empty slot, Conquest's six battle pairings)
is brought to its measured state here, natively; the states go to a worker process run under
`valgrind --tool=callgrind`, which loads each one, runs machine.py's LEAD_FRAMES frames (not
counted) and then the frames machine.py times (a round: FRAMES at most, fewer where a battle ends
sooner: jet-jet's 107) in one o2_run_frames call, as a round of machine.py does: the counts stand
for the frames whose CPU time machine.py measures, on both sides the same, and a battle's figure
does not take in the screens after it. Only what runs inside o2_run_frames is counted
(--toggle-collect), and each call is dumped on its own (--dump-after), so start-up, state
loading, the lead frames and Python do not count.

    <setup>_host_instructions_per_frame     instructions inside o2_run_frames / the frames run
    conquest_pp_host_instructions_per_8048_instruction
        the CPU core's own instructions (functions of native/cpu8048.c) on the jet-jet battle,
        divided by the 8048 instructions of its game code (game_instructions: wait loops left out)

Run as a script it also keeps each setup's callgrind file and prints where the instructions go:
    .venv/bin/python tests/benchmarks/host_instructions.py [--lib SO] [--top N] [SETUP ...]
(--lib: another build of the core, as O2_NATIVE_LIB; files in build/callgrind/<setup>.callgrind,
for callgrind_annotate.)
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 200           # a round's frames at most (machine.py's are ROUND_FRAMES: fewer here, as
                       # callgrind runs some 50 times slower)
KEEP = ROOT / "build" / "callgrind"
INTERPRETED = "conquest_pp"   # the jet-jet battle: the most 8048 instructions a frame
CPU_SOURCE = "cpu8048.c"


def _machine_bench():
    """tests/benchmarks/machine.py, whose setups() makes the measured states."""
    spec = importlib.util.spec_from_file_location("bench_machine", Path(__file__).with_name("machine.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measured_states(names=None) -> tuple[dict, dict, int]:
    """name: (bios, charset, cart or None, state) at each setup's measured state, and name: the
    frames counted from LEAD_FRAMES frames past it (machine.py's round, FRAMES at most).
    machine.py keeps the images it gives MAME; our machine has no cartridge where its cart_size is
    0 (the empty slot: MAME is given 0xFF bytes instead). And LEAD_FRAMES."""
    bench_machine = _machine_bench()
    found = bench_machine.setups()
    states, frames = {}, {}
    for name, (m, _still, round_frames, (bios, charset, cart, _inputs, _lead)) in found.items():
        if names and name not in names:
            continue
        states[name] = (bios, charset, cart if m.cart_size else None, m.save_state())
        frames[name] = min(FRAMES, round_frames)
    return states, frames, bench_machine.LEAD_FRAMES


def available() -> bool:
    return shutil.which("valgrind") is not None


def count(states: dict, frames: int | dict = FRAMES, lead: int = 0, library: str | None = None,
          keep: Path | None = None) -> dict:
    """name: the host instructions inside o2_run_frames over `frames` frames (one number for all,
    or name: frames) from `lead` frames past each state (those run first, not counted), by
    function (own_costs), one callgrind run for all. `library`: another build of the core
    (O2_NATIVE_LIB); `keep`: a folder for each setup's callgrind file (<name>.callgrind)."""
    with tempfile.TemporaryDirectory(prefix="o2_callgrind_") as tmp:
        tmp = Path(tmp)
        manifest = []
        for k, (name, (bios, charset, cart, state)) in enumerate(states.items()):
            files = {}
            for what, data in (("bios", bios), ("charset", charset), ("cart", cart), ("state", state)):
                if data is not None:
                    files[what] = str(tmp / f"{k}.{what}")
                    Path(files[what]).write_bytes(data)
            manifest.append({"name": name, "lead": lead,
                             "frames": frames[name] if isinstance(frames, dict) else frames, **files})
        (tmp / "manifest.json").write_text(json.dumps({"setups": manifest}))
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        if library:
            env["O2_NATIVE_LIB"] = str(library)
        command = ["valgrind", "--tool=callgrind", "--toggle-collect=o2_run_frames",
                   "--dump-after=o2_run_frames", "--compress-strings=no", "--compress-pos=no",
                   f"--callgrind-out-file={tmp}/out.%p",
                   sys.executable, __file__, "--worker", str(tmp / "manifest.json")]
        ran = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        if ran.returncode != 0:
            raise RuntimeError(f"callgrind run failed: {ran.stderr.strip().splitlines()[-1:]}")
        parts = sorted((p for p in tmp.glob("out.*.*") if p.suffix[1:].isdigit()), key=lambda p: int(p.suffix[1:]))
        calls = 2 if lead else 1                 # the lead's call, then the counted one
        if len(parts) != calls * len(manifest):
            raise RuntimeError(f"callgrind wrote {len(parts)} dumps for {len(manifest)} setups")
        result = {}
        for entry, part in zip(manifest, parts[calls - 1::calls]):
            result[entry["name"]] = own_costs(part)
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(part, keep / f"{entry['name']}.callgrind")
        return result


def game_instructions(images: tuple, frames: int = FRAMES, lead: int = 0) -> int:
    """The 8048 instructions the interpreter runs one by one over `frames` frames from `lead`
    frames past a state (bios, charset, cart, state): every instruction of a trace of those frames
    (steps run them all) but those of wait loops, one or two instructions repeating at the same
    addresses, which idle skipping jumps over (it runs the last pass of each wait itself: two
    instructions or so)."""
    import numpy as np

    from emu.odyssey2 import Odyssey2
    bios, charset, cart, state = images
    ahead = Odyssey2(bios=bios, charset=charset, cart=cart)
    ahead.load_state(state)
    ahead.run_frames(lead + frames)
    m = Odyssey2(bios=bios, charset=charset, cart=cart)
    m.load_state(state)
    if lead:
        m.run_frames(lead)
    pcs = []
    while m.cycles < ahead.cycles:
        trace = m.trace(10_000)
        pcs.append(trace["pc"][trace["cycle"] < ahead.cycles].astype(np.int64))
    pc = np.concatenate(pcs)
    waiting = np.zeros(len(pc), dtype=bool)
    for period in (1, 2):
        waiting[:-period] |= pc[:-period] == pc[period:]
    return int(len(pc) - waiting.sum())


def worker(manifest_path: str) -> None:
    """Under callgrind: each setup's machine, its state, the lead's o2_run_frames call if any, then
    the counted one (each dumped)."""
    from emu.odyssey2 import Odyssey2
    manifest = json.loads(Path(manifest_path).read_text())
    for entry in manifest["setups"]:
        images = {what: Path(entry[what]).read_bytes() for what in ("bios", "charset", "cart") if what in entry}
        m = Odyssey2(**images)
        m.load_state(Path(entry["state"]).read_bytes())
        if entry["lead"]:
            m.run_frames(entry["lead"])
        m.run_frames(entry["frames"])


def bench():
    if not available():
        print("host_instructions: valgrind not installed (apt-get install valgrind): skipped", file=sys.stderr)
        return
    states, frames, lead = measured_states()
    costs = count(states, frames, lead)
    for name, own in costs.items():
        yield f"{name}_host_instructions_per_frame", round(sum(own.values()) / frames[name])
    yield (f"{INTERPRETED}_host_instructions_per_8048_instruction",
           round(core_instructions(costs[INTERPRETED])
                 / game_instructions(states[INTERPRETED], frames[INTERPRETED], lead), 1))


def core_instructions(own: dict) -> int:
    """The host instructions of the CPU core's own code (native/cpu8048.c) in one setup's costs."""
    return sum(cost for (source, _), cost in own.items() if Path(source).name == CPU_SOURCE)


def own_costs(path: Path) -> dict:
    """(source file, function): the instructions it ran itself (not in what it called), from a
    callgrind file written with uncompressed names: cost lines count for the current fl=/fn=,
    except the one after each calls= line (the callee's inclusive cost)."""
    own, where, source, call_cost = {}, None, None, False
    for line in path.read_text().splitlines():
        if line.startswith("fl="):
            source = line[3:]
        elif line.startswith("fn="):
            where = (source, line[3:])
        elif line.startswith("calls="):
            call_cost = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            fields = line.split()
            if not call_cost and where is not None and len(fields) > 1:
                own[where] = own.get(where, 0) + int(fields[1])
            call_cost = False
    return own


def _annotate(path: Path, top: int, frames: int) -> list[str]:
    """The `top` functions by their own instructions, per frame (of `frames`) and as percentages."""
    own = own_costs(path)
    total = sum(own.values())
    return [f"    {cost / frames:9.0f} per frame  {100 * cost / total:5.1f} %  {function} ({Path(source).name})"
            for (source, function), cost in sorted(own.items(), key=lambda item: -item[1])[:top]]


def main(argv: list) -> int:
    if argv[:1] == ["--worker"]:
        worker(argv[1])
        return 0
    parser = argparse.ArgumentParser(description="host instructions per frame on each setup (callgrind)")
    parser.add_argument("setups", nargs="*", help="setup names (default: all)")
    parser.add_argument("--lib", help="another build of the core (emu/_native*.so)")
    parser.add_argument("--top", type=int, default=8, help="functions listed per setup")
    args = parser.parse_args(argv)
    if not available():
        print("host_instructions: valgrind not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    states, frames, lead = measured_states(set(args.setups) or None)
    unknown = set(args.setups) - set(states)
    if unknown:
        print(f"host_instructions: no setup named {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for name, own in count(states, frames, lead, library=args.lib, keep=KEEP).items():
        print(f"{name}_host_instructions_per_frame: {round(sum(own.values()) / frames[name])}")
        if args.top:
            print("\n".join(_annotate(KEEP / f"{name}.callgrind", args.top, frames[name])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
