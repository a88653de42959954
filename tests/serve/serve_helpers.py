"""Helpers for the `board serve` tests: games made with the `board` command, a real server."""
from __future__ import annotations

import contextlib
import io
import json
import socket
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from board.cli import main as board_main
from board.serve.app import create_app

XSS_NAME = "<script>document.title='owned'</script>"


def board(path: Path, *argv: str) -> str:
    """Run a `board` command on the game at `path` in this process; its printed lines."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = board_main(["-g", str(path), *argv])
    assert status == 0, out.getvalue()
    return out.getvalue()


def us_allied_game(path: Path, players=("Ann", "Bob")) -> Path:
    """The manual's rule 5-7 examples: the United States (Ann) allies with Canada (7 PBU) and
    Mexico (5 PBU): record 12/2 = 6, and 2000 PBU of zone bonus in chips."""
    board(path, "new", "--players", ",".join(players))
    board(path, "first", f"{players[0]}=3", f"{players[1]}=7", "--readout", "3")
    board(path, "homeland", "United States")
    board(path, "homeland", "West Germany")
    board(path, "ally", "Canada")
    board(path, "ally", "Mexico")
    return path


def wait_for(predicate, seconds: float = 3.0, step: float = 0.02):
    """Poll until predicate() is truthy (returns it) or the time is up (returns the last value)."""
    end = time.monotonic() + seconds
    while True:
        value = predicate()
        if value or time.monotonic() > end:
            return value
        time.sleep(step)


class Served:
    """`create_app` under a real uvicorn server in a thread, on a free port of 127.0.0.1."""

    def __init__(self, path: Path, **options):
        self.app = create_app(path, **options)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="on",
                                                    timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    @property
    def watcher(self):
        return self.app.state.holder["watcher"]

    def __enter__(self):
        self.thread.start()
        assert wait_for(lambda: self.server.started, 10), "the server did not start"
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


class EventReader:
    """A viewer of GET /events: reads the stream in a thread, keeps (event, data) pairs."""

    def __init__(self, url: str):
        self.received: list[tuple[str, dict, float]] = []
        self._client = httpx.Client(timeout=httpx.Timeout(10, read=None))
        self._stop = False
        self._response = None
        self.thread = threading.Thread(target=self._read, args=(url,), daemon=True)
        self.thread.start()

    def _read(self, url: str):
        with self._client.stream("GET", url + "/events") as response:
            self._response = response
            kind = None
            try:
                for line in response.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        self.received.append((kind, json.loads(line[6:]), time.monotonic()))
            except (httpx.HTTPError, RuntimeError):
                pass

    def of(self, kind: str) -> list[dict]:
        return [data for k, data, _ in self.received if k == kind]

    def close(self):
        if self._response is not None:
            self._response.close()
        self._client.close()
        self.thread.join(5)
