"""Whole wars read off degraded captures: every battle of every pairing on our cartridge, each capture fault on
its own and mixed, with dropped and repeated frames. Every war result must come out right (winner and both
energies left, as the game's RAM says) and at least 99.5% of the frames must read exactly as the RAM says
(the winner's fireworks flashing too);
nothing unsure may be reported where the result was readable, and nothing wrong ever."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conquest_war import play_war  # noqa: E402
from degrade import KINDS, TYPICAL, captured  # noqa: E402
from test_conquest_screens import PAIRINGS, agrees, fireworks_right  # noqa: E402

from board.screen.capture import Source, write_video  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402
from board.screen.tracker import Tracker  # noqa: E402

FRAMES_RIGHT = 0.995


@pytest.fixture(scope="module")
def war():
    frames, truths, winners = play_war([((red, 120), (blue, 120)) for red, blue in PAIRINGS], seed=3,
                                       result_frames=30)
    # Each battle's result as the RAM shows it on its result screen.
    results, previous = [], None
    for truth in truths:
        if truth["mode"] == "result" and previous != "result":
            results.append((truth["winner"], truth["red_energy"], truth["blue_energy"]))
        previous = truth["mode"]
    assert [r[0] for r in results] == winners and len(results) == len(PAIRINGS)
    return frames, truths, results


def wars_out_of_energy(results):
    """The wars these battles end: each is entered with new, equal energies, so each is a war of its own (the
    attacker red), ended only when a side runs out of energy (rule 12G: it loses; both out: the attack
    fails, as the rules engine has it): (winner, the loser's energy left)."""
    return [("red" if red else "blue", 0) for _, red, blue in results if 0 in (red, blue)]


def follow(shots):
    """Reads (frame, truth) pairs: (share of frames read right, battle results the tracker reported, the
    other events' kinds, wars ended as (winner, the loser's energy))."""
    reader, tracker = Reader(Profile.load("conquest")), Tracker()
    right = count = since = 0
    ended, others, wars, previous = [], [], [], None
    for number, (shot, truth) in enumerate(shots, 1):
        reading = reader.read(shot)
        since = since + 1 if truth["mode"] == previous else 0
        previous = truth["mode"]
        right += agrees(truth, reading) and fireworks_right(truth, reading, since)
        count += 1
        for event in tracker.feed(reading, number):
            if event.kind == "battle_ended":
                ended.append((event.data["winner"], event.data["red_energy"], event.data["blue_energy"]))
            elif event.kind == "war_ended":
                wars.append((event.data["winner"], event.data["loser_energy"]))
            else:
                others.append(event.kind)
    return right / count, ended, others, wars


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_war_on_a_degraded_capture_reads_right(war, kind):
    frames, truths, results = war
    share, ended, others, wars = follow(captured(frames, truths, KINDS[kind], drops=True))
    assert ended == results
    assert others == ["battle_started"] * len(results)
    assert wars == wars_out_of_energy(results)
    assert share >= FRAMES_RIGHT, f"{kind}: {100 * share:.2f}% of frames read right"


def test_a_war_through_an_mpeg4_video(war, tmp_path):
    """An inter-frame codec (MPEG-4 part 2, as OpenCV writes it everywhere; H.264 needs an encoder OpenCV's
    wheels lack) adds motion artifacts to the JPEG-like ones; read back through the capture source."""
    frames, truths, results = war
    shots = list(captured(frames, truths, TYPICAL[2], drops=True))
    video = tmp_path / "war.mp4"
    write_video(video, (shot for shot, _ in shots), codec="mp4v")
    decoded = list(Source(str(video)).frames())
    assert len(decoded) == len(shots)
    share, ended, others, wars = follow(zip(decoded, (truth for _, truth in shots)))
    assert ended == results
    assert wars == wars_out_of_energy(results)
    assert share >= FRAMES_RIGHT, f"{100 * share:.2f}% of frames read right"
