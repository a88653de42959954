"""The tracker reports a war's end as rule 12 decides it: the winner and the loser's energy left on screen
(rules 13A, 14A pay it, rounded to the nearest hundred)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conquest_war import play_war  # noqa: E402

from board.screen.cli import Companion  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Field, Reader, Reading  # noqa: E402
from board.screen.tracker import Tracker  # noqa: E402

AGREE = 3


def reading(screen, **values):
    return Reading(screen, 1.0, {k: Field(v, 1.0) for k, v in values.items()})


def battle(red_weapon, blue_weapon, energies, left, winner):
    """The readings of one battle: its entry, combat, and result screen (the loser's flag white)."""
    flags = {"red": ("red", "white"), "blue": ("white", "blue"), "tie": ("white", "white")}[winner]
    return ([reading("entry", red_weapon=red_weapon, blue_weapon=blue_weapon, red_energy=f"{energies[0]:4d}",
                     blue_energy=f"{energies[1]:4d}")] * AGREE
            + [reading("combat", red_weapon=red_weapon, blue_weapon=blue_weapon)] * AGREE
            + [reading("result", red_flag=flags[0], blue_flag=flags[1], red_energy=f"{left[0]:4d}",
                       blue_energy=f"{left[1]:4d}")] * AGREE)


def follow(readings, attacker="red"):
    tracker, events = Tracker(agree=AGREE, attacker=attacker), []
    for number, r in enumerate(readings, 1):
        events += tracker.feed(r, number)
    return events


def wars(events):
    return [e.data for e in events if e.kind == "war_ended"]


def test_one_win_each_and_a_tie_goes_to_the_most_energy_left():
    # Rule 12C: "If each player has won a battle but destroys each other's forces in the remaining battle,
    # the winner is the player with the greatest number of energy units remaining on the screen."
    events = follow(battle("T", "S", (2500, 2500), (2100, 1800), "red")
                    + battle("S", "P", (2100, 1800), (1700, 1500), "blue")
                    + battle("P", "T", (1700, 1500), (900, 1200), "tie"))
    assert [e.kind for e in events] == ["battle_started", "battle_ended"] * 3 + ["war_ended"]
    assert wars(events) == [{"winner": "blue", "loser_energy": 900, "wins": (1, 1)}]
    # Rule 14A: the defender (blue) receives the attacker's 900 units, rounded to the nearest hundred.
    assert events[-1].line() == ("war ended: blue won (1-1, red-blue); red's energy left: 900 "
                                 "(rules 13A, 14A: 900 PBU chips)")


def test_a_war_won_two_nil_ends_after_the_second_battle():
    # Rule 12A: "The first player to win the majority of three battles wins the war".
    events = follow(battle("T", "P", (2500, 2500), (2200, 1900), "red")
                    + battle("S", "T", (2200, 1900), (2000, 1355), "red"))
    assert wars(events) == [{"winner": "red", "loser_energy": 1355, "wins": (2, 0)}]
    assert events[-1].frame == 2 * 3 * AGREE
    # Rule 13A's example: 1355 units left on screen are 1400 PBU chips.
    assert events[-1].line().endswith("blue's energy left: 1355 (rules 13A, 14A: 1400 PBU chips)")


def test_the_next_war_is_followed_from_its_own_entry():
    events = follow(battle("T", "P", (2500, 2500), (2200, 1900), "blue")
                    + battle("S", "T", (2200, 1900), (2000, 1355), "blue")
                    + battle("P", "S", (2500, 2500), (2400, 1000), "red")
                    + battle("T", "P", (2400, 1000), (300, 600), "blue")
                    + battle("S", "T", (300, 600), (250, 100), "blue"))
    assert wars(events) == [{"winner": "blue", "loser_energy": 2000, "wins": (0, 2)},
                            {"winner": "blue", "loser_energy": 250, "wins": (1, 2)}]


def test_the_attackers_colour_decides_an_even_tie_breaker():
    # Rules 12C and 12G: energy units equal after a tie in the third battle, and both out of energy:
    # the attack fails, as the rules engine decides it (board battle).
    war = (battle("T", "S", (2500, 2500), (2100, 1800), "red")
           + battle("S", "P", (2100, 1800), (1700, 1500), "blue")
           + battle("P", "T", (1700, 1500), (0, 0), "tie"))
    assert wars(follow(war, attacker="red"))[0]["winner"] == "blue"
    assert wars(follow(war, attacker="blue"))[0]["winner"] == "red"


def test_running_out_of_energy_loses_the_war_at_once():
    # Rule 12G: "A player running out of energy units on the screen automatically loses the war."
    events = follow(battle("T", "S", (2500, 2500), (1500, 0), "red"))
    assert wars(events) == [{"winner": "red", "loser_energy": 0, "wins": (1, 0)}]


def test_a_war_with_a_battle_not_read_surely_has_no_reported_end():
    shaky = [Reading("result", 0.1, {"red_flag": Field("white", 0.1), "blue_flag": Field("blue", 0.1),
                                     "red_energy": Field("1900", 0.1), "blue_energy": Field("2000", 0.1)})] * 3
    readings = (battle("T", "P", (2500, 2500), (2200, 1900), "red")
                + battle("S", "T", (2200, 1900), (0, 0), "tie")[:2 * AGREE] + shaky
                + battle("P", "S", (1900, 2000), (1000, 1500), "blue")
                + battle("T", "S", (1000, 1500), (200, 1000), "blue"))
    events = follow(readings)
    assert "unsure" in [e.kind for e in events]
    assert wars(events) == []


def test_the_companion_shows_the_war_ended():
    said = []
    companion = Companion(None, "red", auto=False, ask=lambda q: False, say=said.append)
    for event in follow(battle("T", "P", (2500, 2500), (2200, 1900), "red")
                        + battle("S", "T", (2200, 1900), (2000, 1355), "red")):
        companion.handle(event)
    assert said[-1] == "screen: war ended: red won (2-0, red-blue); blue's energy left: 1355 " \
                       "(rules 13A, 14A: 1400 PBU chips)"


@pytest.fixture(scope="module")
def bot_war():
    # Red attacks with 2500 units and keeps the energy left on screen for the next battles (rule 10B).
    return play_war([(("T", 2500), ("S", 2500)), ("S", "P"), ("P", "T")], seed=23, result_frames=40)


def test_a_war_played_by_the_bots_ends_as_rule_12_says(bot_war):
    frames, truths, winners = bot_war
    reader, tracker = Reader(Profile.load("conquest")), Tracker(attacker="red")
    events = [e for number, frame in enumerate(frames, 1) for e in tracker.feed(reader.read(frame), number)]
    # Each battle's end as the game's RAM shows it on its result screen.
    results, previous = [], None
    for truth in truths:
        if truth["mode"] == "result" and previous != "result":
            results.append((truth["winner"], truth["red_energy"], truth["blue_energy"]))
        previous = truth["mode"]
    assert [r[0] for r in results] == winners == ["blue", "red", "blue"]    # these seeds' war, as the RAM says
    # Rule 12A: blue won two of the three battles; red's energy left on the last result screen is what
    # blue receives (rule 14A).
    assert wars(events) == [{"winner": "blue", "loser_energy": results[-1][1], "wins": (1, 2)}]
    assert [e.kind for e in events][-2:] == ["battle_ended", "war_ended"]


def test_board_watch_shows_the_war_ended_as_the_game_file_records_it(bot_war, tmp_path, capsys):
    # Bob attacks Indonesia with the left controller (red); Ann defends with the right one (blue).
    from board.cli import main as board_main
    from board.screen.capture import write_video
    from test_conquest_screens import board_game
    frames, truths, winners = bot_war
    game = board_game(tmp_path)
    video = tmp_path / "war.avi"
    write_video(video, frames)
    capsys.readouterr()
    assert board_main(["-g", game, "watch", "--capture", str(video), "--auto"]) == 0
    out = capsys.readouterr().out
    red_left = [t for t in truths if t["mode"] == "result"][-1]["red_energy"]
    war_lines = [line for line in out.splitlines() if line.startswith("screen: war ended")]
    assert war_lines == [f"screen: war ended: blue won (1-2, red-blue); red's energy left: {red_left} "
                         f"(rules 13A, 14A: {(red_left + 50) // 100 * 100} PBU chips)"]
    # The three battles recorded: the rules engine ends the same war, Ann (the defender) winning it.
    assert out.count("recorded: battle") == 3
    assert f"Ann wins the war for Indonesia\n  Ann receives {(red_left + 50) // 100 * 100} PBU in chips" in out
