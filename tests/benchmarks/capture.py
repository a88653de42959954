"""The screen reader on captures it was not drawn for: every glyph set (ours, and the two drawn for the tests)
through every simulated capture setting (tests/screen/capture_sim.py), a war of every pairing played by the
bots (over 1,500 frames), plus the WAR GAME readout. Ours is read with the shipped profile; the other sets with
a profile calibrated from stills of that same setting (tests/screen/calibration_stills.py); a set whose
calibration refuses counts as nothing right. Then the reader's CPU time per 720x480 frame and the whole
capture path's frame rate (decode, field, locate, sample, read) on 720x480 and 1280x720 H.264 video.

The 30 cases are independent: they run in worker processes (CAPTURE_BENCH_JOBS of them, by default one per
core), each rendering its glyph set's war itself (half a second) and simulating its own captures, and report
as they finish (stderr); the figures are the same whatever the order. CAPTURE_BENCH_SETS (e.g. "bold,narrow")
limits the sweep to those glyph sets. CAPTURE_BENCH_PARTS=speed runs only the speed measures (a minute or two),
=accuracy only the sweep."""
import functools
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path


HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screen"))

from capture_sim import SETTINGS, Simulator, captured  # noqa: E402
from conquest_war import play_war, results_in_ram  # noqa: E402
from glyph_sets import SETS, charset  # noqa: E402
from test_capture_settings import CODEC_LAG, follow, profile_for, readout_reported  # noqa: E402
from test_conquest_screens import PAIRINGS  # noqa: E402

from board.screen.calibrate import CalibrationError  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

ENERGY = 80          # a war of every pairing at this energy: 1,612 frames


PARTS = {"accuracy", "speed"}


def bench():
    parts = set(os.environ.get("CAPTURE_BENCH_PARTS", ",".join(sorted(PARTS))).split(","))
    if parts - PARTS:
        raise SystemExit(f"CAPTURE_BENCH_PARTS: no part named {', '.join(sorted(parts - PARTS))} "
                         f"(have: {', '.join(sorted(PARTS))})")
    if "accuracy" in parts:
        yield from accuracy()
    if "speed" in parts:
        yield from speed()


def accuracy():
    chosen = os.environ.get("CAPTURE_BENCH_SETS", "").split(",") if os.environ.get("CAPTURE_BENCH_SETS") else SETS
    unknown = sorted(set(chosen) - set(SETS))
    if unknown:
        raise SystemExit(f"CAPTURE_BENCH_SETS: no glyph set named {', '.join(unknown)} (have: {', '.join(SETS)})")
    cases = [(glyphs, name) for glyphs in chosen for name in SETTINGS]
    jobs = int(os.environ.get("CAPTURE_BENCH_JOBS", "0")) or min(len(cases), os.cpu_count() or 1)
    # Forked workers, one core each (_worker).
    with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker) as pool:
        results = dict(zip(cases, pool.imap(_case, cases)))
    lowest, wrong_reads, wars, war_count = 100.0, 0, 0, 0
    for right, count, wrong, wars_right, stops in results.values():
        lowest = min(lowest, 100 * right / count if count else 0.0)
        wrong_reads += wrong
        wars += wars_right
        war_count += stops
    yield "reader_degraded_frames_right_pct", round(lowest, 2)
    yield "reader_wrong_reads", wrong_reads
    yield "reader_wars_right", f"{wars}/{war_count}"


def _worker():
    """A worker's setup: OpenCV on one thread; and glibc's malloc keeping large blocks (the simulator's
    frame-sized arrays) instead of mapping fresh zeroed pages for each, which cost it as much system time as
    the simulation's own work."""
    import ctypes
    import cv2
    cv2.setNumThreads(1)
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    libc.mallopt(-3, 256 << 20)          # M_MMAP_THRESHOLD
    libc.mallopt(-1, 512 << 20)          # M_TRIM_THRESHOLD


@functools.lru_cache(maxsize=1)
def _war(glyphs: str):
    """A war of every pairing drawn with the glyph set: its frames, RAM each frame, each battle's result."""
    frames, truths, _ = play_war([((r, ENERGY), (b, ENERGY)) for r, b in PAIRINGS], seed=6, result_frames=30,
                                 charset=charset(glyphs))
    return frames, truths, results_in_ram(truths)


def _case(case) -> tuple:
    """One glyph set through one setting: (frames right, frames, fields wrong at the tracker's confidence, wars
    and readout stops right, wars and readout stops)."""
    glyphs, name = case
    setting = SETTINGS[name]
    start = time.process_time()
    frames, truths, expected = _war(glyphs)
    try:
        profile = profile_for(glyphs, setting)
    except CalibrationError as err:
        print(f"# {glyphs} {name}: calibration refused: {err}", file=sys.stderr, flush=True)
        return 0, 0, 0, 0, len(expected) + 1
    lag = CODEC_LAG if setting.h264_kbps else 0
    right, count, wrong, ended = follow(captured(frames, truths, setting), profile, lag)
    values, stopped = readout_reported(glyphs, profile, setting)
    stop_right = int([int(v) for v in values] == [stopped])
    print(f"# {glyphs} {name}: {100 * right / count:.2f}% of {count} frames right, {len(wrong)} wrong at the "
          f"tracker's confidence, battles {ended == expected}, readout {stop_right}/1 "
          f"({time.process_time() - start:.0f} s CPU)", file=sys.stderr, flush=True)
    return right, count, len(wrong), (len(expected) if ended == expected else 0) + stop_right, len(expected) + 1


SPEED_ENERGY = 150   # the battle the speed is measured on: 330 frames
SPEED_PASSES = 5     # the reading's CPU time is the median of this many passes over them


def speed():
    # Speed: CPU time of reading one 720x480 composite capture (the geometry found once, as a session does).
    frames, truths, _ = play_war([(("T", SPEED_ENERGY), ("P", SPEED_ENERGY))], seed=6, result_frames=30)
    shots = [s for s, _ in captured(frames[:400], truths[:400], SETTINGS["composite-720x480"])]
    reader = Reader(Profile.load("conquest"))
    reader.read(shots[0])
    passes = []
    for _ in range(SPEED_PASSES):
        start = time.process_time()
        for shot in shots:
            reader.read(shot)
        passes.append((time.process_time() - start) / len(shots))
    yield "readout_ms_per_frame_720", round(1000 * sorted(passes)[len(passes) // 2], 3)
    for size, label in (((720, 480), "720"), ((1280, 720), "1280")):
        setting = SETTINGS["composite-720x480"] if label == "720" else SETTINGS["pillarbox-1280x720"]
        sim = Simulator(setting)
        with tempfile.TemporaryDirectory() as work:
            video = Path(work) / "capture.mp4"
            data = b"".join(_encoded(sim, frames[:600], size))
            video.write_bytes(data)
            from board.screen.capture import Source
            reader = Reader(Profile.load("conquest"))
            count = 0
            start = time.process_time()
            for frame in Source(str(video)).frames():
                reader.read(frame)
                count += 1
            seconds = time.process_time() - start
        yield f"capture_fps_{label}", round(count / seconds, 1)


def _encoded(sim, frames, size):
    """An H.264 file (600 kbit/s) of the frames through the simulator, as bytes."""
    import io

    import av
    buffer = io.BytesIO()
    with av.open(buffer, "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=60)
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        stream.bit_rate = 600_000
        for frame in frames:
            for packet in stream.encode(av.VideoFrame.from_ndarray(sim.frame(frame), format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    yield buffer.getvalue()
