"""`board serve`: how soon a recorded event reaches a connected viewer, and what 50 viewers cost.

serve_event_latency_ms: the real `board serve` command in its own process; a viewer connected to
GET /events; events committed by this process through the game log (the functions `board undo`
and `board redo` call), at irregular moments; the median time from the commit's return to the
event's arrival at the viewer.

serve_viewers_50_cpu_pct: the server's CPU time (user + system, /proc) while a game is played
with 50 viewers connected, each doing what the page does on a change (GET /panel and the new
picture), in a game with a running time limit (the countdown goes out each second): one event
every 5 s for a minute (a brisk table: a battle on the cartridge alone takes longer). Percent of
one core. serve_viewers_50_cpu_pct_event_per_s: the same with one event every second.
"""
import http.client
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from board.log import GameLog
from tests.serve.serve_helpers import EventReader, board, us_allied_game, wait_for

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _serve(game: Path):
    process = subprocess.Popen([sys.executable, "-m", "board.cli", "serve", str(game), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = process.stdout.readline()
    while process.stdout.readline().strip() != "Ctrl-C stops":
        pass
    return process, first.split(" at ")[1].strip().rstrip("/")


def _stop(process):
    process.terminate()
    process.wait(10)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class PageViewer(EventReader):
    """A viewer that, like the page, fetches the new panel and picture at each new state."""

    def __init__(self, url: str):
        host, port = url.removeprefix("http://").split(":")
        self.http = http.client.HTTPConnection(host, int(port), timeout=30)
        self.fetched = 0
        super().__init__(url, on_event=self._on_event)

    def _on_event(self, kind: str, data: dict):
        if kind == "state":
            for path in ("/panel", f"/board.png?rev={data['revision']}"):
                try:
                    self.http.request("GET", path)
                    self.http.getresponse().read()
                except (http.client.HTTPException, OSError):    # an idle connection closed
                    self.http.close()                           # by the server: a new one
                    self.http.request("GET", path)
                    self.http.getresponse().read()
            self.fetched += 1


def _undo_redo(log: GameLog, i: int) -> int:
    return (log.undo() if i % 2 == 0 else log.redo())[0]


def bench():
    with tempfile.TemporaryDirectory() as tmp:
        game = us_allied_game(Path(tmp) / "latency.db")
        process, url = _serve(game)
        reader = EventReader(url)
        try:
            wait_for(lambda: reader.of("state"), 10)
            log = GameLog.open(game)
            rng, latencies = random.Random(28), []
            try:
                for i in range(30):
                    time.sleep(rng.uniform(0.2, 0.5))
                    seq = _undo_redo(log, i)
                    committed = time.monotonic()
                    wait_for(lambda: any(k == "game" and d["seq"] == seq for k, d, _ in reader.received), 5,
                             step=0.001)
                    arrived = [t for k, d, t in reader.received if k == "game" and d["seq"] == seq]
                    latencies.append((arrived[0] - committed) * 1000 if arrived else float("inf"))
            finally:
                log.close()
        finally:
            reader.close()
            _stop(process)
        yield "serve_event_latency_ms", round(statistics.median(latencies), 1)

        for name, every, events in (("serve_viewers_50_cpu_pct", 5.0, 12),
                                    ("serve_viewers_50_cpu_pct_event_per_s", 1.0, 15)):
            yield name, _viewers_cpu(Path(tmp) / f"{name}.db", every, events)


def _viewers_cpu(game: Path, every: float, events: int) -> float:
    board(game, "new", "--players", "Ann,Bob", "--time-limit", "120")
    board(game, "first", "Ann=3", "Bob=7", "--readout", "3")
    board(game, "homeland", "United States")
    process, url = _serve(game)
    viewers = [PageViewer(url) for _ in range(50)]
    try:
        wait_for(lambda: all(v.fetched for v in viewers), 30)
        log = GameLog.open(game)
        try:
            start_cpu, start = _cpu_seconds(process.pid), time.monotonic()
            for i in range(events):
                _undo_redo(log, i)
                time.sleep(every)
            used = _cpu_seconds(process.pid) - start_cpu
            elapsed = time.monotonic() - start
        finally:
            log.close()
        # Every event must reach every viewer (states may be merged when they come fast).
        missed = events - min(len(v.of("game")) for v in viewers)
    finally:
        for viewer in viewers:
            viewer.close()
        _stop(process)
    if missed > 0:
        print(f"serve bench: a viewer missed {missed} of {events} events", file=sys.stderr)
    return round(used / elapsed * 100, 2)
