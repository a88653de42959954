"""Property-based fuzzing of every board input: command-line arguments, game databases and
scenario files. Whatever is given, `board` succeeds (0) or refuses with exactly one line on
stderr (1: a file problem, 2: a refused argument or action) — never a traceback.

BOARD_FUZZ_EXAMPLES raises the number of examples per property (`make fuzz-board`)."""
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from board.cli import main

EXAMPLES = int(os.environ.get("BOARD_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

COMMANDS = ["new", "first", "homeland", "ally", "attack", "battle", "pass", "pact", "break", "timeup",
            "pause", "resume", "undo", "redo", "status", "history", "export", "import", "options"]   # show opens a window
OPTIONS = ["--players", "--scenario", "--time-limit", "--target", "--force", "--readout", "--by",
           "--weapons", "--energy", "--png", "--polls", "-g"]
WORDS = ["Ann", "ann", "Bob", "Cy", "Ann,Bob", "Ann,ann,Bob", "Ann=1", "Bob=2", "ann=4", "Ann=²", "Bob=٣",
         "Japan", "china", "united s", "u", "Norway", "attacker", "defender", "tie", "tank,sub", "plane,t",
         "2000,1500", "-5,100", "²,100", "0", "-1", "2347", "99999999999999999999999", "1e26", "", "-", "=",
         ",", "\x00", "é", "ⅷ", "--", "-h"]
TOKEN = st.one_of(st.sampled_from(COMMANDS + OPTIONS + WORDS), st.text(max_size=12))


def run(argv):
    """Run `board`; the exit status and stderr, asserting the contract."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        import sys
        sys.stdout.flush()
        old = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = open(1, "w", closefd=False), open(2, "w", closefd=False)
        try:
            try:
                code = main(argv)
            except SystemExit as exit:      # argparse: --help (0) and refusals (2)
                code = exit.code
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            sys.stdout, sys.stderr = old
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        err.seek(0)
        message = err.read()
    assert code in (0, 1, 2), (argv, code, message)
    if code == 0:
        assert "Traceback" not in message, (argv, message)
    else:
        lines = [line for line in message.splitlines() if not line.startswith("board: note: ")
                 and "is in use by another command" not in line]
        assert len(lines) == 1 and lines[0].startswith("board: "), (argv, message)
    return code, message


_STARTED = {}


def started_game(folder: Path) -> Path:
    """A game after the homelands, copied from one made once."""
    game = folder / "game.db"
    if "game" in _STARTED:
        shutil.copy(_STARTED["game"], game)
        return game
    _STARTED["folder"] = tempfile.TemporaryDirectory()
    _STARTED["game"] = made = Path(_STARTED["folder"].name) / "game.db"
    for argv in (["new", "--players", "Ann,Bob,Cy"], ["first", "Ann=1", "Bob=2", "Cy=3", "--readout", "2"],
                 ["homeland", "japan"], ["homeland", "china"], ["homeland", "west germany"]):
        assert run(["-g", str(made), *argv])[0] == 0
    conn = sqlite3.connect(made)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")      # all in the main file, ready to copy
    conn.close()
    return started_game(folder)


@FUZZ
@given(st.lists(TOKEN, max_size=8))
def test_any_command_line_succeeds_or_refuses_in_one_line(tokens):
    with tempfile.TemporaryDirectory() as folder:
        game = started_game(Path(folder))
        home = os.getcwd()
        os.chdir(folder)        # a stray file name lands in the scratch folder
        try:
            run(["-g", str(game), *tokens])
        finally:
            os.chdir(home)


@FUZZ
@given(st.data())
def test_any_damaged_game_database_is_a_one_line_error(data):
    with tempfile.TemporaryDirectory() as folder:
        game = started_game(Path(folder))
        conn = sqlite3.connect(game)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        raw = bytearray(game.read_bytes())
        how = data.draw(st.sampled_from(["bytes", "truncate", "config", "event", "clock"]))
        if how == "bytes":
            for _ in range(data.draw(st.integers(1, 20))):
                raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
            game.write_bytes(bytes(raw))
        elif how == "truncate":
            game.write_bytes(bytes(raw[:data.draw(st.integers(0, len(raw)))]))
        else:
            text = data.draw(st.one_of(st.text(max_size=40), st.sampled_from(
                ['{}', '[]', 'null', '{"action": "battle"}', '{"players": ["Ann"]}',
                 '{"action": "first", "numbers": {"Ann": 1e400}, "readout": 1}',
                 '{"players": ["Ann", "Bob"], "world": {}, "time_limit_minutes": 1e999}',
                 '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00', '9999-12-31T23:59:59+14:00'])))
            conn = sqlite3.connect(game)
            if how == "clock":      # the time limit's pauses, damaged past the table's own checks
                conn.execute("UPDATE game SET config = json_set(config, '$.time_limit_minutes', 30)")
                conn.execute("PRAGMA ignore_check_constraints = ON")
                conn.execute("INSERT INTO clock (type, recorded_at) VALUES (?, ?)",
                             (data.draw(st.sampled_from(["pause", "resume", "stop", "", 3])), text))
            elif how == "config":
                conn.execute("UPDATE game SET config = ?", (text,))
            else:
                conn.execute("UPDATE events SET action = ? WHERE seq = ?", (text, data.draw(st.integers(1, 4))))
            conn.commit()
            conn.close()
        for command in (["status"], ["history"], ["export", "-"], ["pass"], ["undo"]):
            run(["-g", str(game), *command])


SCENARIO_LINES = ['[scenario]', 'name = "x"', 'warchest = 1', 'warchest = -5', 'warchest = 1e400',
                  '[pbu]', '"Japan" = 9', '"Japan" = -1', '"Japan" = "x"', '"Nowhere" = 1',
                  '[zones]', '"1" = ["Japan"]', '"9" = []', '"x" = 1', '[[sides]]', 'homeland = "Japan"',
                  'homeland = "China"', 'chips = 500', 'chips = 99999999999999999999', 'allied = ["Korea"]',
                  'conquered = ["Nowhere"]', '[other]', 'a = [', '\x00', 'é = 1', '[rename]',
                  '"Japan" = "Nippon"', '"Cuba" = "Japan"', 'remove = ["Cuba"]', 'remove = ["Nowhere"]',
                  'pact = "Axis"', 'pact = 3', '"12" = ["Japan"]', '"12" = ["Atlantis"]', '"Atlantis" = 2',
                  '"1" = []', '"²" = ["Japan"]']


@FUZZ
@given(st.lists(st.one_of(st.sampled_from(SCENARIO_LINES), st.text(max_size=20)), max_size=12),
       st.sampled_from(["Ann,Bob", "Ann,Bob,Cy"]))
def test_any_scenario_file_loads_or_is_a_one_line_error(lines, players):
    with tempfile.TemporaryDirectory() as folder:
        scenario = Path(folder) / "s.toml"
        scenario.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass") \
            if all("\ud800" > c or c > "\udfff" for line in lines for c in line) \
            else scenario.write_bytes(b"\xff\xfe")
        game = Path(folder) / "game.db"
        code, _ = run(["-g", str(game), "new", "--players", players, "--scenario", str(scenario)])
        if code == 0:
            run(["-g", str(game), "first", "Ann=1", "Bob=2", "Cy=3", "--readout", "1"])
            run(["-g", str(game), "status"])


def test_the_harness_itself_notices_a_traceback(tmp_path):
    """A test that cannot fail is a defect: a crashing command must fail the contract."""
    import board.cli as cli
    saved = cli.cmd_status
    cli.cmd_status = lambda args: 1 / 0
    try:
        run(["-g", str(tmp_path / "g.db"), "status"])
    except ZeroDivisionError:
        pass
    else:
        raise AssertionError("a ZeroDivisionError went unnoticed")
    finally:
        cli.cmd_status = saved
