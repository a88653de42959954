"""The screen reader: its speed on clean frames and on a whole capture path, and how often it reads right.

Frames come from bot-played battles of every pairing on our cartridge (tests/screen/conquest_war.py); each is
compared with what the game's RAM said when the cartridge drew it (the game wrapper), and the tracker's war
results with the battles' results in RAM. Captures are those frames degraded as a capture device degrades them
(tests/screen/degrade.py: each fault alone and mixed, with dropped and repeated frames); the speed of the whole
capture path is measured on a 720x480 MJPG video read back through OpenCV as `board watch` reads a file."""
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screen"))

from conquest_war import play_war, results_in_ram  # noqa: E402
from degrade import KINDS, TYPICAL, captured, degrade  # noqa: E402
from test_conquest_screens import PAIRINGS, agrees  # noqa: E402

from board.screen.capture import Source, write_video  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402
from board.screen.tracker import Tracker  # noqa: E402

ENERGY = 250          # a few seconds of battle each: over 10,000 frames for the six pairings, 8 times


def follow(reader, shots):
    """(frames read right, frames, war results the tracker reported) over (frame, truth) pairs."""
    tracker, right, count, ended = Tracker(), 0, 0, []
    for number, (frame, truth) in enumerate(shots, 1):
        reading = reader.read(frame)
        right += agrees(truth, reading)
        count += 1
        ended += [(e.data["winner"], e.data["red_energy"], e.data["blue_energy"])
                  for e in tracker.feed(reading, number) if e.kind == "battle_ended"]
    return right, count, ended


def bench():
    wars = [play_war([((red, ENERGY), (blue, ENERGY)) for red, blue in PAIRINGS], seed=seed, result_frames=60)
            for seed in range(1, 9)]
    profile = Profile.load("conquest")
    frames, right, times, results_right, results = 0, 0, [], 0, 0
    for war_frames, truths, _ in wars:
        reader, tracker, ended = Reader(profile), Tracker(), []
        for number, (frame, truth) in enumerate(zip(war_frames, truths), 1):
            start = time.perf_counter()
            reading = reader.read(frame)
            times.append(time.perf_counter() - start)
            right += agrees(truth, reading)
            ended += [(e.data["winner"], e.data["red_energy"], e.data["blue_energy"])
                      for e in tracker.feed(reading, number) if e.kind == "battle_ended"]
        expected = results_in_ram(truths)
        results += len(expected)
        results_right += sum(a == b for a, b in zip(ended, expected)) if len(ended) == len(expected) else 0
        frames += len(war_frames)
    yield "readout_frames", frames
    yield "readout_agreement_percent", round(100 * right / frames, 3)
    yield "readout_war_results_right", f"{results_right}/{results}"
    yield "readout_ms_per_frame", round(1000 * statistics.median(times), 3)
    # Degraded captures of the first war: each fault alone and mixed, frames dropped and repeated.
    war_frames, truths, _ = wars[0]
    expected = results_in_ram(truths)
    for name, capture in KINDS.items():
        right, count, ended = follow(Reader(profile), captured(war_frames, truths, capture, drops=True))
        yield f"capture_{name}_frames_right_percent", round(100 * right / count, 3)
        yield f"capture_{name}_war_results_right", \
            f"{sum(a == b for a, b in zip(ended, expected)) if len(ended) == len(expected) else 0}/{len(expected)}"
    # The whole capture path on a 720x480 MJPG video: decoding, de-interlacing, framing, reading.
    sample = war_frames[:1500]
    with tempfile.TemporaryDirectory() as work:
        video = Path(work) / "capture.avi"
        write_video(video, (degrade(f, TYPICAL[2]) for f in sample))
        reader = Reader(profile)
        right, count = 0, 0
        start = time.process_time()
        for frame, truth in zip(Source(str(video)).frames(), truths):
            right += agrees(truth, reader.read(frame))
            count += 1
        seconds = time.process_time() - start
    yield "capture_fps", round(count / seconds, 1)
    yield "capture_frames_read_right_percent", round(100 * right / count, 3)
