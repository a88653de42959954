"""The screen reader: its speed on clean frames and on a whole capture path, and how often it reads right.

Frames come from bot-played battles of every pairing on our cartridge (tests/screen/conquest_war.py); each is
compared with what the game's RAM said when the cartridge drew it. Captures are those frames degraded as a
capture device degrades them (tests/screen/degrade.py), written to a 720x480 MJPG video, and read back through
OpenCV as `board watch` reads a file."""
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screen"))

from conquest_war import play_war  # noqa: E402
from degrade import TYPICAL, degrade  # noqa: E402
from test_conquest_screens import PAIRINGS, agrees  # noqa: E402

from board.screen.capture import Source, write_video  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

ENERGY = 250          # a few seconds of battle each: over 10,000 frames for the six pairings, 8 times


def bench():
    frames, truths = [], []
    for seed in range(1, 9):
        f, t, _ = play_war([((red, ENERGY), (blue, ENERGY)) for red, blue in PAIRINGS], seed=seed,
                           result_frames=60)
        frames += f
        truths += t
    profile = Profile.load("conquest")
    reader = Reader(profile)
    times, right = [], 0
    for frame, truth in zip(frames, truths):
        start = time.perf_counter()
        reading = reader.read(frame)
        times.append(time.perf_counter() - start)
        right += agrees(truth, reading)
    yield "readout_frames", len(frames)
    yield "readout_agreement_percent", round(100 * right / len(frames), 3)
    yield "readout_ms_per_frame", round(1000 * statistics.median(times), 3)
    # A capture of the first war, as a 720x480 capture card records it.
    sample = frames[:1500]
    capture = TYPICAL[2]
    with tempfile.TemporaryDirectory() as work:
        video = Path(work) / "capture.avi"
        write_video(video, (degrade(f, capture) for f in sample))
        reader = Reader(profile)
        right, count = 0, 0
        start = time.process_time()
        for frame, truth in zip(Source(str(video)).frames(), truths):
            right += agrees(truth, reader.read(frame))
            count += 1
        seconds = time.process_time() - start
    yield "capture_fps", round(count / seconds, 1)
    yield "capture_frames_read_right_percent", round(100 * right / count, 3)
