"""Following the game file, whoever writes it (`board` commands, `board watch`, `board play`).

One watcher per server, whatever the number of viewers. Every `interval` seconds it looks at the
game file and its write-ahead log with two stats (a commit appends to the log; `board new
--force` or `board import` puts another file in its place; a deleted file is gone). Only when
something changed is the game read again, in a worker thread, on a read-only connection closed
at once, and the viewers woken. No connection stays open between looks: SQLite's
`PRAGMA data_version` would need one, and with one kept open from the game's creation on, this
process was seen to go on reading an old state of the game (every new connection of the process
too) while `board` commands went on writing it. With a time limit running, the countdown is
looked up once a second and sent in the same words as `board status`.
"""
from __future__ import annotations

import asyncio
import collections
import json
import os
import sqlite3
import time
from pathlib import Path

from ..log import GameLog, LogError
from . import page, state

POLL_SECONDS = 0.1
CLOCK_SECONDS = 1.0
KEPT_CHANGES = 256          # news kept for viewers that fall behind; further back they get the state


class Change:
    """What one revision brought: the events recorded since the one before."""

    def __init__(self, revision: int, events: list[dict]):
        self.revision = revision
        self.events = events


class GameWatcher:
    def __init__(self, path: Path, interval: float = POLL_SECONDS):
        self.path = Path(path)
        self.interval = interval
        self.revision = 0
        self.document: dict | None = None
        self.panel_html = ""
        self.board_state = None         # the engine's state, for the picture
        self.clock: dict | None = None  # the latest countdown tick
        self.changes: collections.deque[Change] = collections.deque(maxlen=KEPT_CHANGES)
        self.viewers = 0
        self._last_good: dict | None = None
        self._seen_events: list[dict] = []
        self._wake = asyncio.Event()
        self._png: tuple[int, bytes] | None = None
        self._png_lock = asyncio.Lock()
        self._refresh_lock = asyncio.Lock()
        self._next_clock = 0.0
        self._json: tuple | None = None
        self._signature = self._look()
        self._publish(_read_game(self.path))

    # -- the file ------------------------------------------------------------------------------

    def close(self) -> None:
        """Nothing stays open between looks; kept for the application's shutdown."""

    def _look(self):
        """A cheap signature of the file: None if missing, else the identity, size and change
        time of the game file and of its write-ahead log (every commit appends to the log;
        a checkpoint rewrites the file)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        try:
            wal = os.stat(f"{self.path}-wal")
            wal = (wal.st_ino, wal.st_size, wal.st_mtime_ns)
        except OSError:
            wal = None
        return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns), wal

    async def refresh(self) -> bool:
        """Look once; read the game again and wake the viewers if it changed. True if it did.
        One at a time (the loop's and an action's), so that an older reading never comes last."""
        async with self._refresh_lock:
            signature = self._look()
            if signature == self._signature:
                return False
            self._signature = signature
            import anyio.to_thread
            reading = await anyio.to_thread.run_sync(_read_game, self.path)
            return self._publish(reading)

    def _publish(self, reading: state.Reading) -> bool:
        if reading.status == state.OK:
            self._last_good = reading.game
        doc = state.document(reading, self.revision, self.path.name, self._last_good)
        if _without_tick(doc) == _without_tick(self.document):
            return False        # e.g. a checkpoint after a commit already seen: only the clock moved
        new_events = []
        if reading.status == state.OK:
            seen = {e["seq"]: e for e in self._seen_events}
            new_events = [e for e in reading.events if e["seq"] not in seen]
            if len(reading.events) < len(self._seen_events) or \
                    any(seen.get(e["seq"], e)["recorded_at"] != e["recorded_at"] for e in reading.events):
                new_events = []             # another game in the file's place: its state says it all
            self._seen_events = reading.events
            self.board_state = reading.state
        self.revision += 1
        doc["revision"] = self.revision
        self.document = doc
        self.clock = None
        self.panel_html = page.panel(doc)
        self.changes.append(Change(self.revision, new_events))
        self.wake_viewers()
        return True

    def wake_viewers(self) -> None:
        wake, self._wake = self._wake, asyncio.Event()
        wake.set()

    def tick_clock(self) -> bool:
        """Once a second with a time limit: the countdown's words; True if they changed."""
        game = self.document["game"]
        if not game or not game["clock"] or game["game_over"] or self.document["file"]["status"] != state.OK:
            return False
        try:
            log = GameLog.open(self.path, read_only=True)
        except (LogError, sqlite3.Error, OSError):
            return False
        try:
            tick = state.clock_tick(log, over=False)
        except (LogError, sqlite3.Error):
            return False
        finally:
            log.close()
        if tick == (self.clock or {k: game["clock"][k] for k in tick}):
            return False
        self.clock = tick
        self.wake_viewers()
        return True

    async def run(self) -> None:
        """Follow the file until cancelled."""
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.refresh()
                now = time.monotonic()
                if now >= self._next_clock:
                    self._next_clock = now + CLOCK_SECONDS
                    self.tick_clock()
            except Exception as err:        # a watcher that dies would freeze every page
                self._publish(_unreadable(self.path, err))

    # -- for the viewers -----------------------------------------------------------------------

    def current(self) -> dict:
        """The state document with the latest countdown."""
        return state.with_clock(self.document, self.clock)

    def current_json(self) -> str:
        """current() as JSON, made once for every viewer."""
        if self._json is None or self._json[0] != self.revision or self._json[1] is not self.clock:
            self._json = (self.revision, self.clock, json.dumps(self.current()))
        return self._json[2]

    async def wait(self, revision: int, clock: dict | None, stop=None) -> None:
        """Until the revision or the clock differs from what a viewer has (or `stop` is set)."""
        while self.revision == revision and self.clock == clock and not (stop and stop.is_set()):
            await self._wake.wait()

    def news_since(self, revision: int) -> list[dict] | None:
        """The events recorded after `revision`, or None if they are no longer kept."""
        if revision == self.revision:
            return []
        kept = [c for c in self.changes if c.revision > revision]
        if not kept or kept[0].revision != revision + 1:
            return None
        return [event for change in kept for event in change.events]

    async def picture(self) -> bytes | None:
        """The board as `board show --png` draws it (without the clock, which the page shows
        live), drawn once per revision."""
        async with self._png_lock:
            revision, board = self.revision, self.board_state
            if board is None:
                return None
            if self._png is None or self._png[0] != revision:
                import anyio.to_thread
                self._png = (revision, await anyio.to_thread.run_sync(_png, board))
            return self._png[1]


def _read_game(path: Path) -> state.Reading:
    """state.read_game, with anything unforeseen in a strange file shown as damage on the page
    rather than stopping the server."""
    try:
        return state.read_game(path)
    except Exception as err:
        return _unreadable(path, err)


def _unreadable(path: Path, err: Exception) -> state.Reading:
    return state.Reading(state.DAMAGED, f"{path.name}: unreadable ({type(err).__name__}: {err})",
                         None, None, [])


def _without_tick(doc: dict | None) -> dict | None:
    """The document without the countdown's moving parts (sent each second on their own)."""
    game = doc and doc["game"]
    if not game or not game["clock"]:
        return doc
    clock = {k: v for k, v in game["clock"].items() if k not in ("countdown", "seconds_left")}
    return {**doc, "game": {**game, "clock": clock}}


def _png(board_state) -> bytes:
    import io

    from ..view import render
    buffer = io.BytesIO()
    # The least compression: drawing and encoding are most of a change's cost with 50 viewers
    # (tests/benchmarks/serve.py), and the table's network carries 100 kB easily.
    render(board_state).save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()
