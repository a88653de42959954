"""`make conformance`'s random programs against MAME: seeded VDC programs (random_programs.py)
compared frame by frame (image, internal and external RAM, cycles, A7-A9), the sound for every
tenth seed, and random CPU programs (random_cpu.py) instruction by instruction. Prints

    random_frames_equal ntsc: N/M
    random_frames_equal pal: N/M
    random_programs_equal: N/M
    random_cpu_programs_equal: N/M

and, for each program that differs, its seed, region and first difference. Exit status 1 when any
differs. Seeds run from --first (use other seeds than CI's, tests/conformance/test_random.py, for
an unseen run: --first 100000).

    python tests/conformance/random_run.py --ntsc 500 --pal 200 --cpu 200 --frames 120 [--jobs 2]
"""
import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]


def _vdc(job):
    import differential
    import random_programs
    seed, region, frames = job
    cart, charset = random_programs.cartridge(seed)
    result = differential.compare(cart, frames, region, charset=charset, sound=seed % 10 == 0)
    return seed, region, result.frames, result.equal_frames, result.sound_error, \
        (result.describe() if result.differ else "")


def _cpu(job):
    import random_cpu
    seed, frames = job
    first = random_cpu.compare(seed, frames)
    return seed, first


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ntsc", type=int, default=500)
    parser.add_argument("--pal", type=int, default=200)
    parser.add_argument("--cpu", type=int, default=200)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--cpu-frames", type=int, default=8)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    import mame
    if not mame.available():
        print(f"random_run: MAME ({mame.MAME}) is not installed", file=sys.stderr)
        return 2
    jobs = [(args.first + i, "ntsc", args.frames) for i in range(args.ntsc)]
    jobs += [(args.first + i, "pal", args.frames) for i in range(args.pal)]
    totals = {"ntsc": [0, 0], "pal": [0, 0]}
    programs_equal = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, region, frames, equal, sound_error, first in pool.map(_vdc, jobs):
            totals[region][0] += equal
            totals[region][1] += frames
            sound_ok = sound_error is None or sound_error == ""
            programs_equal += equal == frames and sound_ok
            if equal != frames or not sound_ok:
                print(f"differs: program {seed} {region}: {equal}/{frames} frames equal; {first} {sound_error or ''}",
                      flush=True)
        cpu_equal = 0
        for seed, first in pool.map(_cpu, [(args.first + i, args.cpu_frames) for i in range(args.cpu)]):
            cpu_equal += first is None
            if first is not None:
                print(f"differs: cpu program {seed}: {first}", flush=True)
    for region in ("ntsc", "pal"):
        print(f"random_frames_equal {region}: {totals[region][0]}/{totals[region][1]}")
    print(f"random_programs_equal: {programs_equal}/{len(jobs)}")
    print(f"random_cpu_programs_equal: {cpu_equal}/{args.cpu}")
    return 0 if programs_equal == len(jobs) and cpu_equal == args.cpu else 1


if __name__ == "__main__":
    sys.exit(main())
