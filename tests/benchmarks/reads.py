"""A frame's output read from Python: the audio (m.audio, a new array; read_audio, into a buffer
kept by the caller) and the picture (numpy.array(m.screen), a new array; read_screen, into a kept
buffer, every line or the lines redrawn in the frame), on the busy program of machine.py (sprites
move every frame, noise plays). CPU time per read, the median of ROUNDS rounds.

numpy.array(m.screen) asks malloc for 262 KB at every call. glibc serves a request that large
with a fresh mmap, page by page on first touch, until a free of such a block raises its
threshold; a process that set the threshold (M_MMAP_THRESHOLD, or the MALLOC_MMAP_THRESHOLD_
variable) keeps mapping afresh. screen_np_array_fresh_pages_us measures that case in a child
process with the threshold held at glibc's default, 128 KiB."""
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROUNDS, READS = 7, 2000


def _per_call_us(call, reads=READS):
    times = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for _ in range(reads):
            call()
        times.append((time.process_time() - start) / reads * 1e6)
    return statistics.median(times)


def _busy():
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_machine", ROOT / "tests" / "benchmarks" / "machine.py")
    bench_machine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_machine)
    m = bench_machine.machine()
    m.run_frames(100)
    return m


def _np_array_us() -> float:
    import numpy as np
    m = _busy()
    return _per_call_us(lambda: np.array(m.screen), 500)


def bench():
    import numpy as np
    from emu.odyssey2 import AUDIO_BUFFER_SAMPLES
    m = _busy()
    samples, picture = np.empty(AUDIO_BUFFER_SAMPLES, np.int16), np.empty_like(m.screen)
    yield "audio_copy_us", round(_per_call_us(lambda: m.audio), 2)
    yield "audio_read_us", round(_per_call_us(lambda: m.read_audio(samples)), 2)
    yield "screen_np_array_us", round(_np_array_us(), 1)
    yield "screen_read_us", round(_per_call_us(lambda: m.read_screen(picture)), 1)

    def frame_and_redrawn_lines():
        m.run_frames(1)
        m.read_screen(picture, redrawn_only=True)
    step = _per_call_us(frame_and_redrawn_lines, 500)
    yield "screen_read_redrawn_us", round(step - _per_call_us(lambda: m.run_frames(1), 500), 1)
    env = dict(os.environ, MALLOC_MMAP_THRESHOLD_="131072",
               PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    child = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True)
    yield "screen_np_array_fresh_pages_us", round(float(child.stdout), 1)


if __name__ == "__main__":
    print(_np_array_us())
