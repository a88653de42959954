"""The `board` command: outputs, exit codes, one-line errors, untouched files on refusal."""
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from board import rules as R
from board.cli import build_parser, main
from board.log import GameLog
from board.world import standard_world


@pytest.fixture
def game(tmp_path):
    return str(tmp_path / "game.db")


def board(capsys, game, *args):
    code = main(["-g", game, *args])
    out, err = capsys.readouterr()
    return code, out, err


def events(game):
    return sqlite3.connect(game).execute("SELECT * FROM events").fetchall()


def setup(capsys, game):
    assert board(capsys, game, "new", "--players", "Ann,Bob,Cy")[0] == 0
    for args in (["first", "ann=3", "Bob=7", "cy=5", "--readout", "0"],
                 ["homeland", "united states"], ["homeland", "west germany"], ["homeland", "JAPAN"]):
        assert board(capsys, game, *args)[0] == 0


def test_a_recorded_action_reports_number_effects_and_who_is_next(capsys, game):
    setup(capsys, game)
    code, out, err = board(capsys, game, "ally", "canada")
    assert code == 0 and err == ""
    assert out == ("#5 recorded: ally country=Canada\n"
                   "  Ann allies with Canada: record 3.5\n"
                   "next: Ann (start-up alliances, rule 4): board ally COUNTRY, or board pass to end them "
                   "(board options lists them)\n")


def test_refused_action_one_line_exit_2_file_untouched(capsys, game):
    setup(capsys, game)
    board(capsys, game, "pass")                                  # Ann allies with no one
    assert board(capsys, game, "ally", "norway")[0] == 0         # Bob (West Germany, 10): 2
    assert board(capsys, game, "ally", "france")[0] == 0         # 2 + 8 = 10
    before = events(game)
    code, out, err = board(capsys, game, "ally", "spain")        # 14 > 10
    assert (code, out) == (2, "")
    assert err == "board: rule 4A: alliances would total 14, more than West Germany's value 10\n"
    assert events(game) == before


@pytest.mark.parametrize("args, message", [
    (["attack", "atlantis"], "board: rule 10A: no country called 'atlantis' on the board\n"),
    (["attack", "united"], "board: 'united' could be any of: United States, United Kingdom\n"),
    (["battle", "attacker", "--weapons", "tank", "--energy", "1,2"],
     "board: --weapons: expected ATT,DEF or NAME=VALUE,NAME=VALUE, found 'tank'\n"),
    (["battle", "attacker", "--weapons", "tank,sub", "--energy", "1,2"],
     "board: rule 12A: no war is being fought (board attack first)\n"),
    (["redo"], "board: nothing to redo\n"),
    (["pact", "Ann", "Zed"], "board: rule 1: no player called 'Zed'\n"),
])
def test_bad_arguments_are_refused_in_one_line(capsys, game, args, message):
    setup(capsys, game)
    before = events(game)
    code, out, err = board(capsys, game, *args)
    assert (code, err) == (2, message)
    assert events(game) == before


def test_file_problems_name_the_file(capsys, game, tmp_path):
    code, _, err = board(capsys, game, "status")
    assert (code, err) == (1, f"board: {game}: no such game (start one with `board new`)\n")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"\x00garbage" * 200)
    code, _, err = board(capsys, str(junk), "status")
    assert code == 1 and err.startswith(f"board: {junk}: not a game database") and err.count("\n") == 1
    scenario = tmp_path / "s.toml"
    scenario.write_text("[pbu]\nFrance = -1\n")
    code, _, err = board(capsys, game, "new", "--players", "A,B", "--scenario", str(scenario))
    assert (code, err) == (1, f"board: {scenario}: France: PBU value must be a whole number >= 1, not -1\n")
    bad = tmp_path / "bad.json"
    bad.write_text('{\n "format": \n}')
    code, _, err = board(capsys, game, "import", str(bad))
    assert (code, err) == (1, f"board: {bad}:3: not JSON (Expecting value)\n")


def test_new_refuses_to_overwrite_without_force(capsys, game):
    setup(capsys, game)
    code, _, err = board(capsys, game, "new", "--players", "A,B")
    assert (code, err) == (1, f"board: {game}: already exists (use --force to replace it)\n")
    assert board(capsys, game, "new", "--players", "Solo", "--force")[0] == 2
    assert len(events(game)) == 4                   # the refused game did not replace it
    assert board(capsys, game, "new", "--players", "A,B", "--force")[0] == 0
    assert events(game) == []


def test_undo_redo_status_history(capsys, game):
    setup(capsys, game)
    code, out, _ = board(capsys, game, "undo")
    assert out == ("#5 recorded: undo of homeland country=Japan\nnext: Cy (choice of homelands): board homeland "
                   "COUNTRY (board options lists the free homelands)\n")
    code, out, _ = board(capsys, game, "redo")
    assert out == ("#6 recorded: redo of homeland country=Japan\nnext: Ann (start-up alliances, rule 4): board ally "
                   "COUNTRY, or board pass to end them (board options lists them)\n")
    code, out, _ = board(capsys, game, "status")
    assert "  Cy           record     0  chips      0  homeland Japan\n" in out
    assert out.endswith("next: Ann (start-up alliances, rule 4): board ally COUNTRY, or board pass to end them "
                        "(board options lists them)\n")
    code, out, _ = board(capsys, game, "history")
    assert "  (undone)\n" in out and "#5 " in out and "undo #4\n" in out


def test_export_then_import_gives_the_same_game(capsys, game, tmp_path):
    setup(capsys, game)
    exported = tmp_path / "g.json"
    assert board(capsys, game, "export", str(exported))[0] == 0
    copy = str(tmp_path / "copy.db")
    code, out, _ = board(capsys, copy, "import", str(exported))
    assert (code, out) == (0, f"{copy}: imported 4 events from {exported}\n")
    assert GameLog.open(copy).state() == GameLog.open(game).state()
    assert json.loads(exported.read_text())["events"][0]["action"]["readout"] == 0


def test_time_limit_is_called_by_the_next_command(capsys, game):
    config = R.GameConfig(("Ann", "Bob"), standard_world(), time_limit_minutes=30)
    GameLog.create(game, config, created_at="2020-01-01T00:00:00+00:00").close()
    before = Path(game).read_bytes()
    code, out, _ = board(capsys, game, "status")        # read-only: says so, records nothing
    assert "time is up: the next action records it" in out
    assert events(game) == [] and Path(game).read_bytes() == before
    code, out, _ = board(capsys, game, "first", "Ann=1", "Bob=2", "--readout", "1")
    assert out.startswith("#1 time limit of 30 minutes reached\n  time is up (variation 1)\n")
    assert GameLog.open(game).state().phase == "over"


def test_show_writes_a_png(capsys, game, tmp_path):
    setup(capsys, game)
    png = tmp_path / "board.png"
    code, out, _ = board(capsys, game, "show", "--png", str(png))
    assert (code, out) == (0, f"{png}: board drawn\n")
    assert Image.open(png).format == "PNG"


def test_every_command_has_help(capsys):
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    assert set(commands) == {"new", "first", "homeland", "ally", "attack", "battle", "pass", "pact",
                             "break", "timeup", "pause", "resume", "undo", "redo", "status", "history", "options", "export",
                             "import", "show", "combat", "watch", "play", "calibrate", "scenarios", "serve"}
    for name in commands:
        with pytest.raises(SystemExit) as exit:
            main([name, "--help"])
        assert exit.value.code == 0
        assert f"usage: board {name}" in capsys.readouterr().out


def test_installed_command_never_shows_a_traceback(tmp_path):
    game = str(tmp_path / "g.db")
    script = Path(sys.executable).parent / "board"        # the console script pyproject declares
    run = lambda *a: subprocess.run([str(script), "-g", game, *a], capture_output=True, text=True)
    assert run("new", "--players", "Ann,Bob").returncode == 0
    result = run("attack", "Japan")
    assert result.returncode == 2
    assert result.stderr == "board: rule 10A: no attacks during the choice of the first player\n"


def test_no_display_is_a_one_line_error(capsys, game, monkeypatch):
    setup(capsys, game)
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    code, _, err = board(capsys, game, "show")
    assert code == 1 and err.startswith("board: cannot open a window: ") and err.count("\n") == 1


def test_battle_input_checked_against_the_war(capsys, game):
    setup(capsys, game)
    for _ in range(3):
        board(capsys, game, "pass")
    assert board(capsys, game, "attack", "norw")[0] == 0                 # Cy, first turn
    code, _, err = board(capsys, game, "battle", "attacker", "--weapons", "tank,laser", "--energy", "1,2")
    assert (code, err) == (2, "board: rule 12: weapons are tank, sub, plane, not 'laser'\n")
    code, out, _ = board(capsys, game, "battle", "attacker", "--weapons", "T,s", "--energy", "2400,1000")
    assert code == 0 and "Cy's tank destroys the sub (1-0)" in out
