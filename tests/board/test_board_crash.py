"""Killing the writer (SIGKILL) in the middle of writes loses no event it reported as recorded."""
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

from board.log import GameLog

WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from board import rules as R
    from board.log import GameLog
    from board.world import standard_world

    path = Path(sys.argv[1])
    if path.exists():
        log = GameLog.open(path)
        if log.state().war:     # killed between an attack and its undo
            seq, _ = log.undo()
            print(seq, "undo", flush=True)
    else:
        log = GameLog.create(path, R.GameConfig(("Ann", "Bob"), standard_world()))
        for action in (R.ChooseFirst({"Ann": 1, "Bob": 2}, 1), R.ChooseHomeland("Japan"),
                       R.ChooseHomeland("China"), R.Pass(), R.Pass()):
            seq, _, _ = log.record(action)
            print(seq, "action", flush=True)
    while True:             # Bob's turn: attack, take it back, again and again
        seq, _, _ = log.record(R.Attack("Norway"))
        print(seq, "action", flush=True)
        seq, _ = log.undo()
        print(seq, "undo", flush=True)
""")


def run_and_kill(path, lines_before_kill):
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    reported = []
    while len(reported) < lines_before_kill:
        line = writer.stdout.readline()
        assert line, "the writer stopped on its own"
        seq, kind = line.split()
        reported.append((int(seq), kind))
    writer.send_signal(signal.SIGKILL)       # while it is writing the next event
    # What it printed before dying was also reported as recorded.
    reported += [(int(s), k) for s, k in (line.split() for line in writer.stdout.read().splitlines())]
    writer.wait()
    return reported


def test_sigkill_mid_write_loses_nothing_reported(tmp_path):
    path = tmp_path / "game.db"
    reported = []
    for lines in (37, 101, 64):              # three crashes, resuming the same file each time
        reported += run_and_kill(path, lines)
        assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
        log = GameLog.open(path)
        recorded = {e.seq: e.type for e in log.events()}
        for seq, kind in reported:
            assert recorded.get(seq) == kind, f"event #{seq} reported but lost"
        state = log.state()                  # and the game resumes where it was
        assert state.phase == "turns" and state.name(state.current) == "Bob"
        assert state.war is None or recorded[max(recorded)] == "action"
        log.close()
    assert len(reported) >= 37 + 101 + 64
