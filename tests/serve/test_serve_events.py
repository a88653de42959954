"""GET /events under a real server: each event recorded by another process arrives, undo and
redo too; the countdown's words; viewers that leave are forgotten."""
from __future__ import annotations

import subprocess
import sys
import time

from serve_helpers import EventReader, Served, board, us_allied_game, wait_for


def board_process(path, *argv) -> subprocess.CompletedProcess:
    """A `board` command in its own process, as another terminal at the table would run it."""
    result = subprocess.run([sys.executable, "-m", "board.cli", "-g", str(path), *argv],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result


def test_events_from_another_process_arrive_within_a_second(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    with Served(game) as served:
        reader = EventReader(served.url)
        try:
            assert wait_for(lambda: reader.of("state"), 5)
            assert reader.of("state")[0]["game"]["event_count"] == 5
            for argv, seq, summary in ((("pass",), 6, "pass"), (("undo",), 7, "undo #6"),
                                       (("redo",), 8, "redo #6: pass")):
                board_process(game, *argv)
                committed = time.monotonic()
                got = wait_for(lambda: [e for e in reader.of("game") if e["seq"] == seq], 3)
                assert got, reader.received
                arrived = [t for k, d, t in reader.received if k == "game" and d["seq"] == seq][0]
                assert arrived - committed < 1.0
                assert got[0]["summary"] == summary
                assert got[0]["type"] == argv[0] if argv[0] != "pass" else "action"
            # The state that follows each event says who is to act now.
            assert wait_for(lambda: reader.of("state")[-1]["game"]["event_count"] == 8)
            assert reader.of("state")[-1]["game"]["to_act"] == "Bob (start-up alliances)"
        finally:
            reader.close()


def test_viewers_that_leave_are_forgotten(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    with Served(game) as served:
        readers = [EventReader(served.url) for _ in range(5)]
        assert wait_for(lambda: served.watcher.viewers == 5, 5), served.watcher.viewers
        for reader in readers[:3]:
            reader.close()
        assert wait_for(lambda: served.watcher.viewers == 2, 5), served.watcher.viewers
        board(game, "pass")         # the ones still there still hear of it
        assert wait_for(lambda: all(r.of("game") for r in readers[3:]), 3)
        for reader in readers[3:]:
            reader.close()
        assert wait_for(lambda: served.watcher.viewers == 0, 5), served.watcher.viewers


def test_the_countdown_is_sent_each_second(tmp_path):
    game = tmp_path / "game.db"
    board(game, "new", "--players", "Ann,Bob", "--time-limit", "90")
    with Served(game) as served:
        reader = EventReader(served.url)
        try:
            assert wait_for(lambda: len(reader.of("clock")) >= 2, 5), reader.received
            first, second = reader.of("clock")[:2]
            assert first["countdown"].endswith(" left") and not first["paused"]
            assert second["seconds_left"] < first["seconds_left"] <= 90 * 60
            board(game, "pause")
            assert wait_for(lambda: reader.of("state")[-1]["game"]["clock"]["paused"], 3)
            assert reader.of("state")[-1]["game"]["clock"]["countdown"].endswith("left, paused")
        finally:
            reader.close()
