"""Inputs that once ended in a traceback, a silent wait or a broken game file: each gets one
line naming the problem, a non-zero exit, and leaves the game file as it was."""
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from board.cli import main


@pytest.fixture
def game(tmp_path):
    return str(tmp_path / "game.db")


def board(capsys, game, *args):
    try:
        code = main(["-g", game, *args])
    except SystemExit as exit:          # argparse's refusals
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, game, *args, code=2):
    got, out, err = board(capsys, game, *args)
    assert got == code, (out, err)
    assert err.count("\n") == 1 and err.startswith("board: "), err
    return err


def dump(game):
    """The game's content (the file's bytes change when SQLite checkpoints its journal)."""
    conn = sqlite3.connect(game)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def setup(capsys, game):
    assert board(capsys, game, "new", "--players", "Ann,Bob")[0] == 0
    for args in (["first", "Ann=3", "Bob=7", "--readout", "0"], ["homeland", "japan"],
                 ["homeland", "china"], ["pass"], ["pass"], ["attack", "norway"]):
        assert board(capsys, game, *args)[0] == 0, args


def test_an_absurd_time_limit_is_refused_and_the_old_game_kept(capsys, game):
    setup(capsys, game)
    before = dump(game)
    err = one_line_error(capsys, game, "new", "--players", "Ann,Bob", "--force",
                         "--time-limit", "99999999999999999999999")
    assert "whole number" in err
    err = one_line_error(capsys, game, "new", "--players", "Ann,Bob", "--force", "--time-limit", "99999999")
    assert err.startswith("board: rule variation 1: the time limit is 1 to 10080 minutes")
    assert dump(game) == before


def test_a_stored_absurd_time_limit_is_a_one_line_error(capsys, game):
    setup(capsys, game)
    conn = sqlite3.connect(game)
    config = conn.execute("SELECT config FROM game").fetchone()[0]
    conn.execute("UPDATE game SET config = ?",
                 (config.replace('"time_limit_minutes": null', '"time_limit_minutes": 99999999999999999999999'),))
    conn.commit()
    conn.close()
    for command in ("status", "pass"):
        assert "game configuration unreadable" in one_line_error(capsys, game, command, code=1)


def test_new_on_a_directory_is_a_one_line_error(capsys, tmp_path):
    err = one_line_error(capsys, str(tmp_path), "new", "--players", "Ann,Bob", "--force", code=1)
    assert err == f"board: {tmp_path}: is a directory\n"
    game = str(tmp_path / "game.db")
    setup(capsys, game)
    assert board(capsys, game, "export", str(tmp_path / "g.json"))[0] == 0
    err = one_line_error(capsys, str(tmp_path), "import", str(tmp_path / "g.json"), "--force", code=1)
    assert err == f"board: {tmp_path}: is a directory\n"


@pytest.mark.parametrize("energy", ["²,100", "٣,100", "1e3,100", ",100", "99999999999999999999,1"])
def test_energy_takes_ascii_whole_numbers_only(capsys, game, energy):
    setup(capsys, game)
    err = one_line_error(capsys, game, "battle", "attacker", "--weapons", "tank,sub", "--energy", energy)
    assert "not a whole number" in err


def test_a_negative_energy_gets_the_rule_not_a_usage_line(capsys, game):
    setup(capsys, game)
    err = one_line_error(capsys, game, "battle", "attacker", "--weapons", "tank,sub", "--energy", "-5,100")
    assert err == "board: rule 12: the attacker had 2500 energy units; -5 cannot be left\n"


@pytest.mark.parametrize("number", ["²", "٣", "x", ""])
def test_called_numbers_are_ascii_digits(capsys, game, number):
    assert board(capsys, game, "new", "--players", "Ann,Bob")[0] == 0
    err = one_line_error(capsys, game, "first", f"Ann={number}", "Bob=4", "--readout", "3")
    assert "not a whole number" in err


def test_player_names_are_compared_without_case(capsys, game):
    err = one_line_error(capsys, game, "new", "--players", "Ann,ann,Bob")
    assert "Ann and ann are one player" in err
    assert not Path(game).exists()
    assert board(capsys, game, "new", "--players", "Ann,Bob")[0] == 0
    err = one_line_error(capsys, game, "first", "Ann=1", "ann=4", "Bob=3", "--readout", "3")
    assert err == "board: 'ann=4': Ann has already called 1\n"


def test_every_command_takes_a_player_name_in_any_case(capsys, game):
    assert board(capsys, game, "new", "--players", "Ann,Bob,Cy")[0] == 0
    for args in (["first", "ANN=1", "bob=4", "cY=7", "--readout", "0"], ["homeland", "united states"],
                 ["homeland", "ussr"], ["homeland", "japan"], ["pact", "ann", "CY"], ["ally", "canada"],
                 ["ally", "mexico"], ["pass"], ["pass"], ["pass"], ["ally", "bangladesh", "--by", "aNN"]):
        code, out, err = board(capsys, game, *args)
        assert code == 0, (args, err)
    assert "Ann pays 1000 PBU into the WARCHEST for an alliance with Bangladesh" in out
    code, out, _ = board(capsys, game, "break", "ANN")
    assert code == 0 and "Ann breaks the alliance with Cy for good" in out
    from board import rules as R
    from board.log import GameLog
    log = GameLog.open(game)                    # the engine itself, as a program would call it
    assert log.state().index("cy") == log.state().index("CY") == 2


def test_the_readout_is_the_whole_number_on_screen(capsys, game):
    """Rule 2D: "The player who selected the number closest to the last digit of the left-hand
    readout is the first to begin play": 2347 is typed as shown, and 7 counts (not 2)."""
    assert board(capsys, game, "new", "--players", "Ann,Bob")[0] == 0
    code, out, _ = board(capsys, game, "first", "Ann=2", "Bob=7", "--readout", "2347")
    assert code == 0 and "readout 7: Bob (called 7) plays first" in out


def test_status_into_a_closed_pipe_is_quiet(capsys, game):
    setup(capsys, game)
    run = subprocess.run(f"{sys.executable} -m board.cli -g {game} history | head -n 1",
                         shell=True, capture_output=True, text=True)
    assert run.stdout.startswith("#1 ") and run.stderr == ""


def test_status_never_writes_not_even_to_an_empty_file(capsys, game):
    Path(game).write_bytes(b"")
    err = one_line_error(capsys, game, "status", code=1)
    assert err == f"board: {game}: not a game database (empty file)\n"
    assert Path(game).read_bytes() == b""
    assert not Path(game + "-wal").exists()


def test_a_locked_game_says_it_is_waiting(capsys, game, monkeypatch):
    import board.cli as board_cli
    import board.log as board_log
    setup(capsys, game)
    for module in (board_cli, board_log):       # the wait shortened from 10 s, the same code path
        monkeypatch.setattr(module, "BUSY_WAIT_SECONDS", 1)
    holder = sqlite3.connect(game, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    start = time.monotonic()
    code, out, err = board(capsys, game, "undo")
    holder.execute("ROLLBACK")
    assert code == 1
    assert err.splitlines() == [f"board: {game} is in use by another command; waiting up to 1 s",
                                f"board: {game}: database is locked"]
    assert time.monotonic() - start >= 1


def test_the_last_recorded_action_is_shown_and_a_retype_noticed(capsys, game):
    setup(capsys, game)
    args = ("battle", "attacker", "--weapons", "tank,sub", "--energy", "2000,1500")
    assert board(capsys, game, *args)[0] == 0
    code, out, _ = board(capsys, game, "status")
    last = [line for line in out.splitlines() if line.startswith("last recorded: ")]
    assert len(last) == 1 and last[0].startswith("last recorded: #7 at ")
    assert last[0].endswith(": battle winner=attacker attacker_weapon=tank defender_weapon=sub "
                            "attacker_energy=2000 defender_energy=1500")
    code, out, err = board(capsys, game, *args)     # typed again: noticed, and here refused too
    assert code == 2
    assert err.startswith("board: note: #7 at ") and "was this same action" in err


def test_status_counts_down_the_time_limit(capsys, game):
    """Variation 1: "compete against the clock for a pre-agreed amount of time"."""
    assert board(capsys, game, "new", "--players", "Ann,Bob", "--time-limit", "30")[0] == 0
    code, out, _ = board(capsys, game, "status")
    line = [l for l in out.splitlines() if l.startswith("time limit 30 minutes from ")][0]
    assert line.endswith(" left") and line.split("; ")[1] in ("30:00 left", "29:59 left", "29:58 left")


def test_options_lists_what_the_rules_allow_with_costs(capsys, game):
    """Rule 4A: start-up alliances in the homeland zone, "as long as their numerical sum does
    not exceed" the homeland's value; 18A: player alliances "at any time during the game"."""
    assert board(capsys, game, "new", "--players", "Ann,Bob,Cy")[0] == 0
    for args in (["first", "Ann=3", "Bob=7", "Cy=5", "--readout", "3"], ["homeland", "united states"],
                 ["homeland", "west germany"], ["homeland", "japan"]):
        assert board(capsys, game, *args)[0] == 0
    code, out, _ = board(capsys, game, "options")
    assert out == ("Ann (start-up alliances) may:\n  ally with: Canada (free), Mexico (free)\n"
                   "  player alliance with: Bob, Cy\n  or pass\n")
    code, out, _ = board(capsys, game, "status")
    assert "can: ally with: 2; player alliance with: 2; or pass (board options)\n" in out
