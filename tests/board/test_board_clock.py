"""Game variation 1, "Players can compete against the clock for a pre-agreed amount of time":
the countdown, pauses, and a time call that was undone."""
from datetime import datetime, timedelta, timezone

import pytest

import board.log
from board.cli import main

START = datetime(2026, 3, 1, 19, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock(monkeypatch):
    """The table's clock, moved by the test: clock(minutes after the start)."""
    now = [START]
    monkeypatch.setattr(board.log, "_now", lambda: now[0])

    def move(minutes, seconds=0):
        now[0] = START + timedelta(minutes=minutes, seconds=seconds)
    return move


def board_(capsys, game, *args):
    code = main(["-g", game, *args])
    out, err = capsys.readouterr()
    return code, out, err


def time_line(capsys, game):
    code, out, _ = board_(capsys, game, "status")
    return [line for line in out.splitlines() if line.startswith("time limit")][0]


def start(capsys, game):
    assert board_(capsys, game, "new", "--players", "Ann,Bob", "--time-limit", "30")[0] == 0
    for args in (["first", "Ann=3", "Bob=7", "--readout", "0"], ["homeland", "japan"], ["homeland", "china"]):
        assert board_(capsys, game, *args)[0] == 0


def test_the_clock_counts_down_and_pauses(capsys, tmp_path, clock):
    game = str(tmp_path / "g.db")
    clock(0)
    start(capsys, game)
    clock(10)
    assert time_line(capsys, game) == "time limit 30 minutes from 2026-03-01T19:00:00+00:00 (variation 1); 20:00 left"
    code, out, _ = board_(capsys, game, "pause")
    assert code == 0 and out == "clock paused at 2026-03-01T19:10:00+00:00: 20:00 left, paused (board resume starts it again)\n"
    clock(55)                                       # a long break: the clock stands still
    assert time_line(capsys, game).endswith("; 20:00 left, paused")
    assert board_(capsys, game, "pass")[0] == 0     # play during a pause does not call time
    code, out, _ = board_(capsys, game, "resume")
    assert code == 0 and out == "clock running again at 2026-03-01T19:55:00+00:00: 20:00 left\n"
    clock(74, 59)
    assert time_line(capsys, game).endswith("; 0:01 left")
    clock(75)
    code, out, _ = board_(capsys, game, "pass")
    assert out.startswith("#5 time limit of 30 minutes reached\n")
    assert "game over: Ann and Bob win with record 0 (rule 22)" in out


def test_pause_and_resume_refuse_in_one_line(capsys, tmp_path, clock):
    game = str(tmp_path / "g.db")
    clock(0)
    start(capsys, game)
    assert board_(capsys, game, "resume")[1:] == ("", "board: rule variation 1: the clock is not paused\n")
    assert board_(capsys, game, "pause")[0] == 0
    assert board_(capsys, game, "pause") == (2, "", "board: rule variation 1: the clock is already paused\n")
    other = str(tmp_path / "untimed.db")
    assert board_(capsys, other, "new", "--players", "Ann,Bob")[0] == 0
    assert board_(capsys, other, "pause") == (2, "", "board: rule variation 1: this game has no time limit\n")


def test_an_undone_time_call_stays_undone_until_the_time_really_passes(capsys, tmp_path, clock):
    game = str(tmp_path / "g.db")
    clock(0)
    start(capsys, game)
    clock(5)
    assert board_(capsys, game, "timeup")[0] == 0                  # typed early, by mistake
    assert board_(capsys, game, "undo")[0] == 0
    clock(6)
    code, out, _ = board_(capsys, game, "pass")                    # not called again: 24:00 left
    assert code == 0 and out.startswith("#6 recorded: pass\n")
    clock(31)                                                      # the time really passes
    code, out, _ = board_(capsys, game, "pass")
    assert out.startswith("#7 time limit of 30 minutes reached\n")
    assert board_(capsys, game, "undo")[0] == 0                    # the table plays on
    clock(32)
    code, out, _ = board_(capsys, game, "pass")
    assert code == 0 and out.startswith("#9 recorded: pass\n")
    assert time_line(capsys, game).endswith("; time is up, its call undone: the table plays on until board timeup")


def test_pauses_are_in_the_history_and_travel_with_an_export(capsys, tmp_path, clock):
    game, copy, file = (str(tmp_path / n) for n in ("g.db", "copy.db", "g.json"))
    clock(0)
    start(capsys, game)
    clock(10)
    board_(capsys, game, "pause")
    clock(20)
    board_(capsys, game, "resume")
    code, out, _ = board_(capsys, game, "history")
    assert out.splitlines()[-2:] == ["   2026-03-01T19:10:00+00:00 clock paused (variation 1)",
                                     "   2026-03-01T19:20:00+00:00 clock running again (variation 1)"]
    assert board_(capsys, game, "export", file)[0] == 0
    assert board_(capsys, copy, "import", file)[0] == 0
    clock(25)
    assert time_line(capsys, copy).endswith("; 15:00 left")           # 30 - (25 - 10)
