"""Helpers for the `board serve` tests: games made with the `board` command, a real server."""
from __future__ import annotations

import contextlib
import gc
import io
import json
import socket
import threading
import time
from pathlib import Path

import uvicorn

from board.cli import main as board_main
from board.serve.app import create_app

XSS_NAME = "<script>alert('owned')</script>"     # no "=": `board first NAME=N` must take it


def board(path: Path, *argv: str) -> str:
    """Run a `board` command on the game at `path` in this process; its printed lines."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = board_main(["-g", str(path), *argv])
    assert status == 0, out.getvalue()
    gc.collect()        # the command's game log connection closed now, as at a process's end
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
    """A viewer of GET /events on its own socket: a thread reads the stream and keeps
    (event, data, arrival time) triples; close() hangs up at once, as a phone leaving would."""

    def __init__(self, url: str, on_event=None):
        host, port = url.removeprefix("http://").split(":")
        self.on_event = on_event        # called with (event, data) in the reading thread
        self.received: list[tuple[str, dict, float]] = []
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        self.sock.sendall(f"GET /events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _chunks(self):
        """The body's pieces (the server sends it chunked), as they arrive."""
        buffer = b""

        def need(condition):
            nonlocal buffer
            while not condition():
                data = self.sock.recv(65536)
                if not data:
                    raise EOFError
                buffer += data
        need(lambda: b"\r\n\r\n" in buffer)
        head, buffer = buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 200"), head
        while True:
            need(lambda: b"\r\n" in buffer)
            size, buffer = buffer.split(b"\r\n", 1)
            size = int(size, 16)
            need(lambda: len(buffer) >= size + 2)
            yield buffer[:size]
            buffer = buffer[size + 2:]

    def _read(self):
        text, kind = "", None
        try:
            for chunk in self._chunks():
                text += chunk.decode()
                *lines, text = text.split("\n")
                for line in lines:
                    line = line.rstrip("\r")
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        self.received.append((kind, json.loads(line[6:]), time.monotonic()))
                        if self.on_event:
                            self.on_event(kind, self.received[-1][1])
        except (OSError, EOFError, ValueError):
            pass

    def of(self, kind: str) -> list[dict]:
        return [data for k, data, _ in self.received if k == kind]

    def close(self):
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.thread.join(5)
