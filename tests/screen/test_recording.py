"""What the companion does to the game file: a result read surely and confirmed is recorded as `board battle`
records it and `board undo` takes it back as for a typed one; a failed, unsure or declined read never touches
the game log."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_conquest_screens import board_game  # noqa: E402

from board.cli import main as board_main  # noqa: E402
from board.screen.cli import Companion  # noqa: E402
from board.screen.reader import Field, Reading  # noqa: E402
from board.screen.tracker import Event, Tracker  # noqa: E402

WON = Event("battle_ended", 40, {"winner": "blue", "red_energy": 1355, "blue_energy": 0,
                                 "red_weapon": "T", "blue_weapon": "P"})


def log(game, capsys) -> str:
    """The game's whole history and state as `board` shows them (timestamps and all)."""
    capsys.readouterr()
    assert board_main(["-g", game, "history"]) == 0
    assert board_main(["-g", game, "status"]) == 0
    return capsys.readouterr().out


def test_failed_reads_never_touch_the_game_log(tmp_path, capsys):
    game = board_game(tmp_path)              # Bob attacks Indonesia, Ann defends
    before = log(game, capsys)
    said = []
    auto = Companion(game, "blue", auto=True, ask=None, say=said.append)
    auto.handle(Event("unsure", 50, {"screen": "result"}))
    auto.handle(Event("battle_ended", 60, {**WON.data, "red_weapon": "?"}))     # a weapon not read
    Companion(game, "blue", auto=False, ask=lambda q: False, say=said.append).handle(WON)   # declined
    # A reading the rules refuse (more energy left than a war's 2500) is refused by board battle itself.
    auto.handle(Event("battle_ended", 70, {**WON.data, "winner": "red", "red_energy": 9999, "blue_energy": 0}))
    assert log(game, capsys) == before
    assert said[:4] == ["screen: cannot read the result screen surely: please enter the result by hand",
                        "screen: battle ended: blue won; energy left: red 1355, blue 0",
                        "  a weapon was not read: enter the result with `board battle`",
                        "screen: battle ended: blue won; energy left: red 1355, blue 0"]
    assert "  not recorded" in said


def test_a_recorded_result_is_undone_like_a_typed_one(tmp_path, capsys):
    game = board_game(tmp_path)
    before = log(game, capsys)
    said = []
    # Bob attacks with the right-hand controller (blue) and wins with his tank against Ann's plane.
    Companion(game, "blue", auto=True, ask=None, say=said.append).handle(
        Event("battle_ended", 40, {"winner": "blue", "red_energy": 0, "blue_energy": 1355,
                                   "red_weapon": "P", "blue_weapon": "T"}))
    out = capsys.readouterr().out
    assert "recorded: battle winner=attacker attacker_weapon=tank defender_weapon=plane attacker_energy=1355 " \
           "defender_energy=0" in out
    assert "Bob conquers Indonesia" in out
    assert board_main(["-g", game, "undo"]) == 0
    after = log(game, capsys)
    assert "(undone)" in after and "undo #7" in after
    status = after[after.index("Conquest of the World, turns"):]
    assert status.startswith(before[before.index("Conquest of the World, turns"):].split("last recorded")[0])
    assert "war for Indonesia: energy 2500 vs 2500; destroyed: attacker -, defender -" in status


def reading(screen, sure=1.0, **values):
    return Reading(screen, sure, {k: Field(v, sure) for k, v in values.items()})


ENTRY = dict(red_weapon="T", blue_weapon="S", red_energy="2500", blue_energy="2500")


def test_a_result_never_read_surely_is_asked_for_when_the_next_entry_comes():
    t = Tracker(agree=3, unsure_after=1000)
    events = []
    frames = [reading("entry", **ENTRY)] * 3 + [reading("combat", red_weapon="T", blue_weapon="S")] * 3 \
        + [reading("result", sure=0.2, red_flag="white", blue_flag="blue", red_energy="0", blue_energy="95")] * 20 \
        + [reading("entry", **ENTRY)] * 3
    for n, r in enumerate(frames, 1):
        events += t.feed(r, n)
    assert [(e.kind, e.data) for e in events] == [
        ("battle_started", {"red_weapon": "T", "blue_weapon": "S", "red_energy": 2500, "blue_energy": 2500}),
        ("unsure", {"screen": "result"})]


def test_a_result_sure_on_too_few_frames_is_never_reported():
    t = Tracker(agree=6, unsure_after=1000)
    sure = reading("result", red_flag="white", blue_flag="blue", red_energy="   0", blue_energy="  95")
    shaky = reading("result", sure=0.1, red_flag="white", blue_flag="blue", red_energy="   0", blue_energy="  96")
    frames = [reading("entry", **ENTRY)] * 6 + [reading("combat", red_weapon="T", blue_weapon="S")] * 6 \
        + ([sure] * 5 + [shaky]) * 10
    events = []
    for n, r in enumerate(frames, 1):
        events += t.feed(r, n)
    assert [e.kind for e in events] == ["battle_started"]
