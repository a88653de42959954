"""Start-up cost of the programs: CPU time (user + system, of the process and its children) of
`board --version` and `o2 --version`, the least of RUNS runs -- what the interpreter and the
imports cost before a command does anything. Goal: 0.1 s or less each (a `board` command at the
table, or `o2` in a script, should not wait for OpenCV, numpy or the compiled core to load).

The first run of each writes the bytecode caches (as pip does on install), so the figures are
those of an installed program, not of a first run compiling its sources.
"""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 10


def _command(program: str) -> list:
    script = Path(sys.executable).parent / program      # the console script pip installed
    if script.is_file():
        return [str(script)]
    module = {"board": "board.cli", "o2": "emu.cli"}[program]
    return [sys.executable, "-m", module]


def cpu_seconds(argv, runs: int = RUNS) -> float:
    """The least CPU time of `runs` runs of argv, after one run that writes the caches."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(runs + 1):
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)     # the child's own rusage (and its children's)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} exited with status {proc.returncode}")
        times.append(usage.ru_utime + usage.ru_stime)
    return min(times[1:])


def bench():
    for program in ("board", "o2"):
        yield f"{program}_startup_cpu_s", round(cpu_seconds(_command(program) + ["--version"]), 3)
