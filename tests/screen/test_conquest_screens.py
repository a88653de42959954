"""The reader on Conquest of the World's own screens: every frame of bot-played battles of every pairing read
exactly as the game's RAM says (the shipped profile), and a war followed from a degraded capture video by
`board watch`, which records each battle as `board battle` does."""
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conquest_war import play_war  # noqa: E402
from degrade import TYPICAL, degrade  # noqa: E402

from board.cli import main as board_main  # noqa: E402
from board.screen.capture import write_video  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

PAIRINGS = [("T", "T"), ("S", "S"), ("P", "P"), ("T", "S"), ("T", "P"), ("S", "P")]


def agrees(truth: dict, reading) -> bool:
    if reading.screen != truth["mode"]:
        return False
    if int(reading["red_energy"]) != truth["red_energy"] or int(reading["blue_energy"]) != truth["blue_energy"]:
        return False
    if (reading["red_weapon"], reading["blue_weapon"]) != (truth["red_weapon"], truth["blue_weapon"]):
        return False
    if truth["mode"] == "result":
        white = {"red": ("red_flag",), "blue": ("blue_flag",), "tie": ("red_flag", "blue_flag")}
        losers = {"red": ("blue_flag",), "blue": ("red_flag",), "tie": ("red_flag", "blue_flag")}[truth["winner"]]
        return all(reading[flag] == "white" for flag in losers) and \
            all(reading[flag] != "white" for flag in {"red_flag", "blue_flag"} - set(losers))
    return True


@pytest.fixture(scope="module")
def war():
    battles = [((red, 120), (blue, 120)) for red, blue in PAIRINGS]
    return play_war(battles, result_frames=30)


def test_every_frame_of_every_pairing_reads_as_the_game_says(war):
    frames, truths, _ = war
    reader = Reader(Profile.load("conquest"))
    wrong = [k for k, (frame, truth) in enumerate(zip(frames, truths)) if not agrees(truth, reader.read(frame))]
    assert len(frames) > 1000
    assert wrong == []


def fireworks_right(truth: dict, reading, frames_into_result: int) -> bool:
    """Once a result has been on screen for 8 frames: the winner's fireworks flash, the loser's side and both
    sides of a tie stay still (cart/conquest/README.md: "fireworks at the winner's flag ... both white in a
    tie (no fireworks)")."""
    if truth["mode"] != "result" or frames_into_result < 8:
        return True
    return (reading["red_fireworks"], reading["blue_fireworks"]) == \
        {"red": ("flashing", "still"), "blue": ("still", "flashing"), "tie": ("still", "still")}[truth["winner"]]


def test_the_winners_fireworks_flash(war):
    frames, truths, winners = war
    assert {"red", "blue", "tie"} <= set(winners)
    reader = Reader(Profile.load("conquest"))
    wrong, checked, since, previous = [], 0, 0, None
    for k, (frame, truth) in enumerate(zip(frames, truths)):
        since = since + 1 if truth["mode"] == previous else 0
        previous = truth["mode"]
        reading = reader.read(frame)
        checked += truth["mode"] == "result" and since >= 8
        if not fireworks_right(truth, reading, since):
            wrong.append(k)
    assert checked > 100 and wrong == []


def board_game(tmp_path):
    game = str(tmp_path / "g.db")
    for args in (["new", "--players", "Ann,Bob"], ["first", "Ann=3", "Bob=7", "--readout", "3"],
                 ["homeland", "United States"], ["homeland", "U.S.S.R."], ["pass"], ["pass"],
                 ["attack", "Indonesia"]):
        assert board_main(["-g", game, *args]) == 0, args
    return game


@pytest.mark.parametrize("capture", [TYPICAL[3]], ids=["640x480-gamma-jpeg"])
def test_board_watch_records_a_war_from_a_degraded_capture(tmp_path, capsys, capture):
    """Degraded as a capture device degrades it, with dropped and repeated frames."""
    # Ann attacks Indonesia with the left controller (red): three battles, new weapons each time.
    frames, truths, winners = play_war([(("T", 150), ("P", 150)), (("S", 150), ("T", 150)),
                                        (("P", 150), ("S", 150))], seed=5)
    video = tmp_path / "war.avi"
    previous = frames[0]
    degraded = []
    for number, frame in enumerate(frames):
        if number % 97 == 50:                  # a dropped frame
            continue
        shot = degrade(frame, capture, previous if capture.combing else None)
        degraded.append(shot)
        if number % 89 == 30:                  # a repeated one
            degraded.append(shot)
        previous = frame
    write_video(video, degraded)
    game = board_game(tmp_path)
    capsys.readouterr()
    assert board_main(["-g", game, "watch", "--capture", str(video), "--auto"]) == 0
    out = capsys.readouterr().out
    ended = [line for line in out.splitlines() if line.startswith("screen: battle ended")]
    assert len(ended) == len(winners)
    for line, winner in zip(ended, winners):
        assert (f"{winner} won" in line) if winner != "tie" else ("a tie" in line)
    assert out.count("recorded: battle") >= 1


def test_board_combat_takes_the_result_off_the_screen(tmp_path, capsys):
    # TripleA: 5 armies attack 3 (R T 5000, B T 387, board/COMBAT.md); a battle fought on the cartridge.
    frames, truths, winners = play_war([(("T", 500), ("T", 200))], seed=7)
    video = tmp_path / "battle.avi"
    write_video(video, frames)
    code = board_main(["combat", "triplea", "--attacker", "army=5", "--defender", "army=3",
                       "--screen", str(video)])
    out = capsys.readouterr().out
    assert code == 0
    last = truths[-1]
    won = {"red": "the attacker won", "blue": "the defender won", "tie": "a tie"}[winners[0]]
    assert f"Screen: {won}" in out
    assert f"{last['red_energy']} energy units left to the attacker, {last['blue_energy']} to the defender" in out


def test_the_war_game_readout_is_read_when_it_stops():
    """Rule 2D on our cartridge: any key but SPACE on SELECT GAME gives the WAR GAME readouts, spinning every
    frame; SPACE stops them and the left one is the number (cart/conquest/README.md, "wargame"). Every frame
    reads as the WAR GAME screen, the stopped number as the game's RAM says, and the tracker reports it once."""
    from board.screen.tracker import Tracker
    from cart.conquest import Conquest
    from cart.conquest.wrapper import rom_path
    from emu.odyssey2 import Odyssey2
    game = Conquest(Odyssey2(cart=rom_path()))
    game.tick(60)
    game.press("A")
    game.wait_for(lambda g: g.mode == "wargame", 60)
    reader, tracker = Reader(Profile.load("conquest")), Tracker()
    shown, events, values = [], [], set()

    def frames(count):
        for _ in range(count):
            before = (game.mode, game.readout)    # a frame shows what RAM held at the VBLANK before it
            game.tick()
            reading = reader.read(np.array(game.machine.screen))
            shown.append((before, reading))
            events.extend(tracker.feed(reading, len(shown)))
    frames(40)
    game.press("SPACE")
    frames(40)
    assert all(mode == "wargame" and reading.screen == "wargame" for (mode, _), reading in shown)
    stopped = game.readout
    last = [(value, reading) for (_, value), reading in shown[-20:]]
    assert all(value == stopped and int(reading["readout"]) == stopped for value, reading in last)
    assert [e.kind for e in events] == ["readout_stopped"]
    assert int(events[0].data["value"]) == stopped and events[0].data["value"].isdigit()
