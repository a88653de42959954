"""The tracker: events only after agreeing frames, never a guessed result; the companion records a battle the
way `board battle` does."""
from board.screen.reader import Field, Reading
from board.screen.tracker import Event, Tracker
from board.rules import BattleResult
from board.screen.cli import Companion, battle_command, battle_result


def reading(screen, sure=1.0, **values):
    return Reading(screen, sure, {k: Field(v, sure) for k, v in values.items()})


ENTRY = dict(red_weapon="T", blue_weapon="S", red_energy="2500", blue_energy="2500")


def feed(tracker, readings, start=1):
    events = []
    for n, r in enumerate(readings, start):
        events += tracker.feed(r, n)
    return events


def test_a_war_battle_from_entry_to_result():
    t = Tracker(agree=3)
    events = feed(t, [reading("entry", **ENTRY)] * 3 + [reading("combat", red_weapon="T", blue_weapon="S")] * 3
                  + [reading("result", red_flag="red", blue_flag="white", red_energy="1355", blue_energy=" 120")] * 3)
    assert [e.kind for e in events] == ["battle_started", "battle_ended"]
    assert events[0].data == {"red_weapon": "T", "blue_weapon": "S", "red_energy": 2500, "blue_energy": 2500}
    assert events[1].data == {"winner": "red", "red_energy": 1355, "blue_energy": 120, "red_weapon": "T",
                              "blue_weapon": "S"}
    assert events[1].frame == 9


def test_both_white_flags_are_a_tie():
    t = Tracker(agree=2)
    events = feed(t, [reading("entry", **ENTRY)] * 2 + [reading("combat", red_weapon="T", blue_weapon="S")] * 2
                  + [reading("result", red_flag="white", blue_flag="white", red_energy="0900", blue_energy="0040")] * 2)
    assert events[-1].data["winner"] == "tie"


def test_rolling_digits_are_not_believed_until_they_stop():
    t = Tracker(agree=4)
    spinning = [reading("wargame", readout=f"{n:04d}") for n in range(1234, 1300, 7)]
    assert feed(t, spinning) == []
    events = feed(t, [reading("wargame", readout="2347")] * 4, start=100)
    assert [(e.kind, e.data) for e in events] == [("readout_stopped", {"value": "2347"})]
    assert "last digit 7" in events[0].line()


def test_unsure_frames_never_make_a_result_and_the_players_are_asked():
    t = Tracker(agree=2, unsure_after=5)
    events = feed(t, [reading("entry", **ENTRY)] * 2 + [reading("combat", red_weapon="T", blue_weapon="S")] * 2)
    shaky = [reading("result", sure=0.1, red_flag="white", blue_flag="blue", red_energy="0", blue_energy="9")] * 8
    events = feed(t, shaky, start=10)
    assert [e.kind for e in events] == ["unsure"]


def test_a_flicker_in_between_restarts_the_count():
    t = Tracker(agree=3)
    frames = [reading("entry", **ENTRY)] * 3 + [reading("combat", red_weapon="T", blue_weapon="S")] * 2 + \
        [reading("entry", **ENTRY)] + [reading("combat", red_weapon="T", blue_weapon="S")] * 2
    assert feed(t, frames) == []


def test_the_battle_follows_the_attackers_colour():
    event = Event("battle_ended", 1, {"winner": "red", "red_energy": 1355, "blue_energy": 0,
                                      "red_weapon": "T", "blue_weapon": "P"})
    assert battle_result(event, "red") == BattleResult("attacker", "tank", "plane", 1355, 0)
    assert battle_result(event, "blue") == BattleResult("defender", "plane", "tank", 0, 1355)
    assert battle_command(battle_result(event, "blue")) == "board battle defender --weapons plane,tank --energy 0,1355"


def test_the_companion_records_only_when_confirmed(tmp_path, capsys):
    from board.cli import main
    game = str(tmp_path / "g.db")
    for args in (["new", "--players", "Ann,Bob"], ["first", "Ann=3", "Bob=7", "--readout", "3"],
                 ["homeland", "United States"], ["homeland", "U.S.S.R."], ["pass"], ["pass"], ["attack", "Indonesia"]):
        assert main(["-g", game, *args]) == 0, args
    capsys.readouterr()
    event = Event("battle_ended", 1, {"winner": "red", "red_energy": 1355, "blue_energy": 0,
                                      "red_weapon": "T", "blue_weapon": "P"})
    said = []
    Companion(game, "red", auto=False, ask=lambda q: False, say=said.append).handle(event)
    assert said[-1] == "  not recorded"
    Companion(game, "red", auto=False, ask=lambda q: True, say=said.append).handle(event)
    out = capsys.readouterr().out
    assert "recorded: battle winner=attacker" in out


def test_a_battle_after_a_result_starts_only_from_an_entry_read_anew():
    """A new battle's entry never read surely (a capture too poor there): its combat screen must not start a
    battle with the previous battle's weapons, nor its result be reported as that battle's."""
    t = Tracker(agree=2)
    first = [reading("entry", **ENTRY)] * 2 + [reading("combat", red_weapon="T", blue_weapon="S")] * 2 \
        + [reading("result", red_flag="red", blue_flag="white", red_energy="1355", blue_energy=" 120")] * 2
    assert [e.kind for e in feed(t, first)] == ["battle_started", "battle_ended"]
    unread = [reading("entry", sure=0.1, **dict(ENTRY, red_weapon="P"))] * 4
    second = [reading("combat", red_weapon="P", blue_weapon="S")] * 2 \
        + [reading("result", red_flag="white", blue_flag="blue", red_energy="   0", blue_energy=" 100")] * 2
    assert [e.kind for e in feed(t, unread + second, start=10)] == []
