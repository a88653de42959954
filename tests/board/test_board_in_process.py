"""`board.cli.main` called many times in one process (what `board watch` and `board play` do for
each battle), by several processes at once, some killed (SIGKILL) at random moments: every event
reported as recorded is in the game file exactly once, under the number it was reported with,
and the file passes SQLite's integrity check."""
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from board import rules as R
from board.cli import main
from board.log import GameLog
from board.world import standard_world

# One process calling the command line in-process in a loop; each event it is told was recorded
# goes to stdout as "#SEQ KIND" the moment main() returns.
LOOP = textwrap.dedent("""
    import contextlib, gc, io, random, sys
    from board.cli import main
    gc.disable()        # what a process sees before its collector runs: nothing may depend on it
    game, role, calls, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    draw = random.Random(seed)
    for i in range(calls):
        argv = (draw.choice([["undo"], ["redo"], ["attack", "norway"], ["pass"]]) if role == "writer"
                else draw.choice([["status"], ["history"], ["options"]]))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["-g", game, *argv])
        for line in out.getvalue().splitlines():
            if line.startswith("#") and " recorded: " in line:
                seq, text = line[1:].split(" recorded: ", 1)
                kind = text.split()[0] if text.split()[0] in ("undo", "redo") else "action"
                print(f"#{seq} {kind}", flush=True)
        said = [line for line in err.getvalue().splitlines()
                if not line.startswith("board: note: ") and "is in use by another command" not in line]
        refused = code == 2 and len(said) == 1
        if code != 0 and not refused:
            print("FAIL", code, argv, err.getvalue().replace("\\n", " | "), flush=True)
""")


def start(game, role, calls, seed):
    return subprocess.Popen([sys.executable, "-c", LOOP, str(game), role, str(calls), str(seed)],
                            stdout=subprocess.PIPE, text=True)


def new_game(game: Path) -> None:
    for argv in (["new", "--players", "Ann,Bob"], ["first", "Ann=1", "Bob=2", "--readout", "1"],
                 ["homeland", "japan"], ["homeland", "china"], ["pass"], ["pass"]):
        assert main(["-g", str(game), *argv]) == 0


def collect(lines, reported, failures):
    for line in lines:
        if line.startswith("FAIL"):
            failures.append(line)
        else:
            seq, kind = line.split()
            reported.append((int(seq[1:]), kind))


def test_in_process_writers_killed_at_random_lose_nothing_reported(tmp_path, capsys):
    game = tmp_path / "game.db"
    new_game(game)
    capsys.readouterr()
    draw = random.Random(os.environ.get("BOARD_STRESS_SEED", "22"))
    reported, failures, kills = [], [], 0
    for round_ in range(3):
        writers = [start(game, "writer", 60, draw.randrange(1 << 30)) for _ in range(2)]
        reader = start(game, "reader", 40, draw.randrange(1 << 30))
        victim = writers[round_ % 2]
        for _ in range(draw.randrange(3, 25)):          # kill it after some reported events
            line = victim.stdout.readline()
            if not line:
                break
            collect([line.strip()], reported, failures)
        if victim.poll() is None:
            victim.send_signal(signal.SIGKILL)
            kills += 1
        for process in writers + [reader]:
            out, _ = process.communicate()
            collect(out.splitlines(), reported, failures)
        conn = sqlite3.connect(game)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = dict(conn.execute("SELECT seq, type FROM events"))
        conn.close()
        numbers = [seq for seq, _ in reported]
        assert len(numbers) == len(set(numbers)), "an event number was reported twice"
        lost = [(seq, kind) for seq, kind in reported if stored.get(seq) != kind]
        assert not lost, f"reported as recorded but not in the file: {lost}"
    assert not failures, failures
    assert kills >= 1 and len(reported) >= 40
    with GameLog.open(game, read_only=True) as log:     # and the game still replays
        assert log.state().phase == "turns"


def test_another_command_in_the_same_process_keeps_this_ones_locks(tmp_path):
    """Closing any descriptor of a database file drops all of the process's POSIX locks on it
    (SQLite, "How To Corrupt An SQLite Database File" 2.2). If opening the game a second time
    did that, another process closing its last connection would believe itself alone, checkpoint
    and delete the write-ahead log the first connection is still using."""
    game = tmp_path / "game.db"
    with GameLog.create(game, R.GameConfig(("Ann", "Bob"), standard_world())) as log:
        log.record(R.ChooseFirst({"Ann": 1, "Bob": 2}, 1))
        GameLog.open(game).close()                  # another command, same process
        GameLog.open(game, read_only=True).close()
        subprocess.run([sys.executable, "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                        "c.execute('SELECT COUNT(*) FROM events').fetchall(); c.close()", str(game)], check=True)
        assert Path(f"{game}-wal").exists(), "another process thought it held the last connection"
        seq, _, _ = log.record(R.ChooseHomeland("Japan"))
    with GameLog.open(game) as log:
        assert [(e.seq, e.type) for e in log.events()] == [(1, "action"), (seq, "action")]


def test_main_leaves_no_connection_open(tmp_path, capsys):
    """Each command closes its connection when it returns, not when the garbage collector runs."""
    import gc
    game = tmp_path / "game.db"
    new_game(game)
    gc.collect()
    gc.disable()
    try:
        before = sum(isinstance(o, sqlite3.Connection) for o in gc.get_objects())
        for argv in (["status"], ["history"], ["options"], ["attack", "norway"], ["undo"], ["redo"],
                     ["export", str(tmp_path / "g.json")], ["show", "--png", str(tmp_path / "b.png")]):
            assert main(["-g", str(game), *argv]) == 0, argv
        after = sum(isinstance(o, sqlite3.Connection) for o in gc.get_objects())
        open_ones = [o for o in gc.get_objects() if isinstance(o, sqlite3.Connection)]
        for conn in open_ones:
            try:
                conn.execute("SELECT 1")
            except sqlite3.ProgrammingError:        # closed: harmless
                after -= 1
    finally:
        gc.enable()
    assert after == before
