"""The durable game log: one SQLite file per game (WAL mode), one row per recorded event.

The game is its events: the configuration in the `game` row, then actions, undos and redos in
`events`, appended and never rewritten. The state is the replay of the actions that are in
force (an undo takes back the latest action in force, a redo puts back the latest undone one,
and a new action forgets what could have been redone). A row is reported as recorded only
after its transaction has committed with synchronous=FULL, so a crash or power cut after the
report loses nothing.
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from . import rules
from .rules import Action, GameConfig, State
from .text import escaped_all, first_unprintable
from .world import ScenarioError
from cart.files import InputFileError, regular_file_size

FORMAT = "conquest-of-the-world-game"
VERSION = 1
ACTION, UNDO, REDO = "action", "undo", "redo"
BUSY_WAIT_SECONDS = 10      # how long a writer waits for another command's lock

SCHEMA = """
CREATE TABLE game (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    format TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    config TEXT NOT NULL
);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('action', 'undo', 'redo')),
    action TEXT,
    recorded_at TEXT NOT NULL
);
""" + """
CREATE TABLE IF NOT EXISTS clock (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('pause', 'resume')),
    recorded_at TEXT NOT NULL
);
"""
CLOCK_SCHEMA = SCHEMA[SCHEMA.index("CREATE TABLE IF NOT EXISTS clock"):]
PAUSE, RESUME = "pause", "resume"


class LogError(Exception):
    """A game file or export that cannot be used."""


class NothingToDo(Exception):
    """An undo or redo with nothing to take back or put back."""


@dataclass(frozen=True)
class Event:
    seq: int
    type: str
    action: Action | None
    recorded_at: str


@dataclass(frozen=True)
class HistoryLine:
    seq: int
    recorded_at: str
    summary: str        # the action in words
    notes: list[str]
    in_force: bool      # False once undone
    action: Action | None = None


def _now() -> datetime:
    """The time now (one place, so that tests can move it)."""
    return datetime.now(timezone.utc)


def now_utc() -> str:
    return _now().isoformat(timespec="seconds")


def _check_timestamp(text) -> str:
    """A stored time must be an ISO 8601 time with its zone (the time limit counts from it)."""
    if not isinstance(text, str) or datetime.fromisoformat(text).tzinfo is None:
        raise ValueError(f"time {text!r} is not an ISO 8601 time with a zone")
    return text


def describe(action: Action) -> str:
    """A short command-like description of an action."""
    def text(value) -> str:
        if isinstance(value, dict):
            return ",".join(f"{k}={v}" for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return ",".join(map(str, value))
        return str(value)
    values = [f"{k}={text(v)}" for k, v in action.to_dict().items() if k != "action" and v != ""]
    return action.kind + (" " + " ".join(values) if values else "")


class GameLog:
    """One open game. Use it as a context manager (`with GameLog.open(path) as log:`): its
    connection is closed when the block ends, never left for the garbage collector."""

    def __init__(self, path: Path, conn: sqlite3.Connection, config: GameConfig, created_at: str):
        self.path = path
        self.conn = conn
        self.config = config
        self.created_at = created_at
        self.on_wait = None     # called once if another command holds the write lock

    def __enter__(self) -> "GameLog":
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | Path, config: GameConfig, created_at: str | None = None) -> "GameLog":
        path = Path(path)
        rules.new_game(config)          # refuse a configuration the engine would not start
        if os.path.lexists(path):
            raise LogError(f"{path}: already exists (use --force to replace it)")
        _check_folder_writable(path)
        conn = _connect(path, "rwc")
        try:
            created_at = created_at or now_utc()
            with conn:
                conn.executescript(SCHEMA)
                conn.execute("INSERT INTO game VALUES (1, ?, ?, ?, ?)",
                             (FORMAT, VERSION, created_at, json.dumps(config.to_dict())))
        except BaseException:
            conn.close()
            raise
        return cls(path, conn, config, created_at)

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False) -> "GameLog":
        """The game in `path`, checked (SQLite's quick check, the schema, the configuration).
        read_only opens it so that nothing, not even SQLite's journal settings, is written; a
        game in a folder this user cannot write can still be read.

        The file is only ever opened by SQLite: closing any other descriptor of a database
        file would drop this process's POSIX locks on it (SQLite's documentation, "How To
        Corrupt An SQLite Database File" 2.2), letting another process checkpoint and cut the
        write-ahead log under this one's feet."""
        path = Path(path)
        try:
            size = regular_file_size(path)
        except InputFileError as err:
            if isinstance(err.__cause__, FileNotFoundError):
                raise LogError(f"{path}: no such game (start one with `board new`)") from None
            raise LogError(str(err)) from None
        if size == 0:
            raise LogError(f"{path}: not a game database (empty file)")
        if not read_only:
            _check_writable(path)
        conn = _connect_read_only(path) if read_only else _connect(path, "rw")
        try:
            return cls(path, conn, *_read_game(conn, path))
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    # -- reading -------------------------------------------------------------------------------

    def events(self) -> list[Event]:
        try:
            rows = self.conn.execute("SELECT seq, type, action, recorded_at FROM events ORDER BY seq").fetchall()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as err:
            raise LogError(f"{self.path}: events unreadable ({err})") from None
        events = []
        for seq, kind, data, recorded_at in rows:
            action = None
            try:
                if not isinstance(seq, int) or kind not in (ACTION, UNDO, REDO):
                    raise ValueError(f"unknown event type {kind!r}")
                _check_timestamp(recorded_at)
                if kind == ACTION:
                    action = rules.action_from_dict(escaped_all(json.loads(data)))
            except (ValueError, TypeError, RecursionError) as err:
                raise LogError(f"{self.path}: event #{seq}: {err}") from None
            events.append(Event(seq, kind, action, recorded_at))
        try:
            in_force_actions(events)
        except IndexError:
            raise LogError(f"{self.path}: an undo or redo with nothing to take back or put back") from None
        return events

    def state(self) -> State:
        in_force, _ = in_force_actions(self.events())
        state = rules.new_game(self.config)
        for seq, action in in_force:
            try:
                rules.apply_in_place(state, action)
            except rules.RuleViolation as err:
                raise LogError(f"{self.path}: event #{seq}: {err}") from None
        return state

    def history(self) -> list[HistoryLine]:
        return _history(self.config, self.events(), str(self.path))

    def last_event(self) -> HistoryLine | None:
        """The latest recorded event in words (what a command killed before its confirmation
        did record), or None."""
        events = self.events()
        if not events:
            return None
        line = _history(self.config, events, str(self.path))[-1]
        return replace(line, action=events[-1].action)

    def event_count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    # -- the clock (game variation 1) --------------------------------------------------------

    def clock_events(self) -> list[tuple[str, str]]:
        """The pauses and resumptions of the clock, oldest first, as (type, recorded_at)."""
        try:
            rows = self.conn.execute("SELECT type, recorded_at FROM clock ORDER BY seq").fetchall()
        except sqlite3.OperationalError as err:
            if "no such table" in str(err):
                return []           # a game file from before the clock could be paused
            raise LogError(f"{self.path}: clock unreadable ({err})") from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as err:
            raise LogError(f"{self.path}: clock unreadable ({err})") from None
        for kind, at in rows:
            try:
                if kind not in (PAUSE, RESUME):
                    raise ValueError(f"unknown clock event {kind!r}")
                _check_timestamp(at)
            except (ValueError, TypeError) as err:
                raise LogError(f"{self.path}: clock: {err}") from None
        return rows

    def paused(self) -> bool:
        events = self.clock_events()
        return bool(events) and events[-1][0] == PAUSE

    def playing_time(self, at: datetime | None = None) -> timedelta:
        """Time on the clock at `at` (now by default): since `board new`, pauses left out."""
        at = at or _now()
        start = datetime.fromisoformat(self.created_at)
        total, running_since = timedelta(0), start
        for kind, recorded_at in self.clock_events():
            moment = min(datetime.fromisoformat(recorded_at), at)
            if kind == PAUSE and running_since is not None:
                total += max(moment - running_since, timedelta(0))
                running_since = None
            elif kind == RESUME and running_since is None:
                running_since = moment
        if running_since is not None:
            total += max(at - running_since, timedelta(0))
        return total

    def time_left(self, at: datetime | None = None) -> timedelta | None:
        """What is left of the agreed time (None without a time limit); below 0 once past."""
        limit = self.config.time_limit_minutes
        if limit is None:
            return None
        return timedelta(minutes=limit) - self.playing_time(at)

    def countdown(self) -> str | None:
        """Variation 1 in a few words: "12:34 left", "12:34 left, paused", "time is up"
        (None without a time limit)."""
        left = self.time_left()
        if left is None:
            return None
        if left <= timedelta(0):
            return "time is up"
        seconds = int(left.total_seconds())
        text = (f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}" if seconds >= 3600
                else f"{seconds // 60}:{seconds % 60:02d}")
        return f"{text} left" + (", paused" if self.paused() else "")

    def time_call_due(self) -> bool:
        """Variation 1: the agreed time has passed and nobody has recorded it yet. An undone
        time-up stays undone until the time really passes again: one typed early is called
        again when the time runs out; one undone after the time ran out means the table plays
        on (`board timeup` ends the game)."""
        left = self.time_left()
        if left is None or left > timedelta(0) or self.state().phase == "over":
            return False
        events = self.events()
        in_force = {seq for seq, _ in in_force_actions(events)[0]}
        limit = timedelta(minutes=self.config.time_limit_minutes)
        for event in events:
            if isinstance(event.action, rules.TimeUp) and event.seq not in in_force \
                    and self.playing_time(datetime.fromisoformat(event.recorded_at)) >= limit:
                return False
        return True

    def pause(self) -> str:
        return self._clock(PAUSE)

    def resume(self) -> str:
        return self._clock(RESUME)

    def _clock(self, kind: str) -> str:
        if self.config.time_limit_minutes is None:
            raise rules.RuleViolation("variation 1", "this game has no time limit")
        with self._write() as conn:
            conn.execute(CLOCK_SCHEMA)
            if self.paused() == (kind == PAUSE):
                raise rules.RuleViolation("variation 1", f"the clock is {'already' if kind == PAUSE else 'not'} paused")
            if kind == PAUSE and self.state().phase == "over":
                raise rules.RuleViolation("22", "the game is over")
            at = now_utc()
            conn.execute("INSERT INTO clock (type, recorded_at) VALUES (?, ?)", (kind, at))
        return at

    # -- writing -------------------------------------------------------------------------------

    def record(self, action: Action) -> tuple[int, State, list[str]]:
        """Validate `action` against the latest state and append it; RuleViolation leaves the
        log untouched. Returns the event number, the new state and what happened."""
        with self._write() as conn:
            new, notes = rules.apply(self.state(), action)
            seq = self._append(conn, ACTION, action)
        return seq, new, notes

    def undo(self) -> tuple[int, Action]:
        with self._write() as conn:
            in_force, _ = in_force_actions(self.events())
            if not in_force:
                raise NothingToDo("nothing to undo")
            seq = self._append(conn, UNDO, None)
        return seq, in_force[-1][1]

    def redo(self) -> tuple[int, Action]:
        with self._write() as conn:
            _, redoable = in_force_actions(self.events())
            if not redoable:
                raise NothingToDo("nothing to redo")
            seq = self._append(conn, REDO, None)
        return seq, redoable[-1][1]

    def _write(self):
        # BEGIN IMMEDIATE takes the write lock before reading, so the action is validated
        # against exactly the events it will follow even with two writers.
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) and "busy" not in str(err):
                raise
            if self.on_wait:
                self.on_wait()
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_WAIT_SECONDS * 1000}")
            self.conn.execute("BEGIN IMMEDIATE")
        return _Transaction(self.conn)

    def _append(self, conn, kind: str, action: Action | None, recorded_at: str | None = None) -> int:
        cur = conn.execute("INSERT INTO events (type, action, recorded_at) VALUES (?, ?, ?)",
                           (kind, json.dumps(action.to_dict()) if action else None,
                            recorded_at or now_utc()))
        return cur.lastrowid

    # -- export / import -----------------------------------------------------------------------

    def export(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "created_at": self.created_at,
                "config": self.config.to_dict(),
                "events": [{"seq": e.seq, "type": e.type,
                            "action": e.action.to_dict() if e.action else None,
                            "recorded_at": e.recorded_at} for e in self.events()],
                "clock": [{"type": kind, "recorded_at": at} for kind, at in self.clock_events()]}

    @classmethod
    def import_(cls, path: str | Path, data, source: str) -> "GameLog":
        """A new game file holding an export, checked event by event by replaying it."""
        config, events, created_at, clock = _parse_export(data, source)
        try:
            rules.new_game(config)
        except rules.RuleViolation as err:
            raise LogError(f"{source}: config: {err}") from None
        _history(config, events, source)            # every action must be legal where it stands
        log = cls.create(path, config, created_at)
        with log._write() as conn:
            for event in events:
                log._append(conn, event.type, event.action, event.recorded_at)
            conn.executemany("INSERT INTO clock (type, recorded_at) VALUES (?, ?)", clock)
        return log


class _Transaction:
    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        return self.conn

    def __exit__(self, kind, value, tb):
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except BaseException:
                self._roll_back()
                raise
        self._roll_back()
        return False

    def _roll_back(self):
        # A failed COMMIT (disk full, I/O error) may already have ended the transaction.
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    """A writing connection (mode "rw": the file must exist; "rwc": it may be created)."""
    # A short first wait: a longer one is announced (GameLog.on_wait) before it starts.
    try:
        conn = sqlite3.connect(f"{_uri(path)}?mode={mode}", uri=True, isolation_level=None, timeout=0.2)
    except sqlite3.Error as err:
        raise LogError(f"{path}: cannot open ({err})") from None
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")      # a committed event survives a power cut
    except (sqlite3.Error, UnicodeDecodeError) as err:
        conn.close()
        raise LogError(f"{path}: not a game database ({err})") from None
    return conn


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that writes nothing. In a folder this user cannot write, SQLite cannot make
    the write-ahead log's index beside the file; with no log left there, the file holds the
    whole game and is opened as immutable (nobody can be writing to it from this folder)."""
    immutable = not os.access(path.parent, os.W_OK) and not os.path.exists(f"{path}-wal")
    try:
        return sqlite3.connect(f"{_uri(path)}?mode=ro" + ("&immutable=1" if immutable else ""), uri=True,
                               isolation_level=None, timeout=BUSY_WAIT_SECONDS)
    except sqlite3.Error as err:
        raise LogError(f"{path}: cannot open ({err})") from None


def _uri(path: Path) -> str:
    return Path(os.path.abspath(path)).as_uri()


def _check_writable(path: Path) -> None:
    """A writing command on a game it cannot write says so, before SQLite's vaguer words."""
    _check_folder_writable(path)
    if not os.access(path, os.W_OK):
        raise LogError(f"{path}: the game file is not writable (read-only commands such as "
                       f"`board status` still work)")


def _check_folder_writable(path: Path) -> None:
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise LogError(f"{path}: the folder {str(folder)!r} is not writable, and SQLite writes its "
                       f"log beside the game (read-only commands such as `board status` still work)")


def _expected_schema() -> dict[str, bytes]:
    """Each table's definition as SQLite stores it for a game this version creates."""
    if not _SCHEMA_CACHE:
        conn = sqlite3.connect(":memory:")
        conn.executescript(SCHEMA)
        _SCHEMA_CACHE.update(_stored_schema(conn))
        conn.close()
    return _SCHEMA_CACHE


_SCHEMA_CACHE: dict[str, bytes] = {}


def _stored_schema(conn) -> dict[str, bytes]:
    # As bytes: a damaged definition need not be UTF-8.
    rows = conn.execute("SELECT CAST(name AS BLOB), CAST(sql AS BLOB) FROM sqlite_master").fetchall()
    return {bytes(name).decode("utf-8", "replace"): bytes(sql or b"") for name, sql in rows}


def _read_game(conn, path: Path) -> tuple[GameConfig, str]:
    """The checked game row: its configuration and when it was created."""
    row = _check_database(conn, path)
    if row is None or row[0] != FORMAT:
        raise LogError(f"{path}: not a Conquest of the World game")
    if isinstance(row[1], int) and row[1] > VERSION:
        raise LogError(f"{path}: written by a newer version ({row[1]} > {VERSION})")
    try:
        if not isinstance(row[1], int) or not isinstance(row[3], str):
            raise ValueError("wrong types")
        # Text from an older file is shown escaped (board.text): names could hold control characters.
        config = GameConfig.from_dict(escaped_all(json.loads(row[3])), str(path))
        _check_timestamp(row[2])
        rules.new_game(config)
    except (ValueError, KeyError, TypeError, OverflowError, RecursionError, rules.RuleViolation,
            ScenarioError) as err:
        raise LogError(f"{path}: game configuration unreadable ({err})") from None
    return config, row[2]


def _check_database(conn, path: Path):
    """SQLite's quick check of every page, then the tables, then the game row (a tuple or None).

    The tables must be defined exactly as this version defines them: SQLite quotes a damaged
    definition (say a CHECK constraint) in its error messages, which need not even be UTF-8."""
    try:
        conn.text_factory = lambda data: data.decode("utf-8", "replace")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)").fetchall()]
        conn.text_factory = str
        if problems != ["ok"]:
            raise LogError(f"{path}: damaged game database (SQLite's quick check: {problems[0]})")
        expected, stored = _expected_schema(), _stored_schema(conn)
        if not {"game", "events"} <= stored.keys() or not stored.keys() <= expected.keys():
            raise LogError(f"{path}: not a Conquest of the World game")
        for name, sql in stored.items():
            if sql != expected[name]:
                raise LogError(f"{path}: damaged game database (the table {name!r} is not defined "
                               f"as a game's)")
        return conn.execute("SELECT format, version, created_at, config FROM game").fetchone()
    except (sqlite3.DatabaseError, UnicodeDecodeError) as err:
        what = "not a game database" if "not a database" in str(err) else "damaged game database"
        raise LogError(f"{path}: {what} ({err})") from None


def in_force_actions(events: list[Event]) -> tuple[list[tuple[int, Action]], list[tuple[int, Action]]]:
    """(actions in force, actions that could be redone), each as (seq, action), oldest first."""
    in_force, redoable = [], []
    for event in events:
        if event.type == ACTION:
            in_force.append((event.seq, event.action))
            redoable.clear()
        elif event.type == UNDO:
            redoable.append(in_force.pop())
        else:
            in_force.append(redoable.pop())
    return in_force, redoable


def _history(config: GameConfig, events: list[Event], source: str) -> list[HistoryLine]:
    """Every event in words, replaying as it goes; LogError names the first bad event."""
    states = [rules.new_game(config)]
    lines: list[HistoryLine] = []
    in_force: list[tuple[int, int, Action]] = []     # (index in lines, original seq, action)
    redoable: list[tuple[int, Action]] = []
    for event in events:
        try:
            if event.type == UNDO:
                if not in_force:
                    raise LogError("undo with nothing to undo")
                index, origin, action = in_force.pop()
                states.pop()
                lines[index] = replace(lines[index], in_force=False)
                redoable.append((origin, action))
                lines.append(HistoryLine(event.seq, event.recorded_at, f"undo #{origin}", [], True))
                continue
            if event.type == ACTION:
                origin, action = event.seq, event.action
                redoable.clear()
                summary = describe(action)
            elif event.type == REDO:
                if not redoable:
                    raise LogError("redo with nothing to redo")
                origin, action = redoable.pop()
                summary = f"redo #{origin}: {describe(action)}"
            else:
                raise LogError(f"unknown event type {event.type!r}")
            new, notes = rules.apply(states[-1], action)
            states.append(new)
            lines.append(HistoryLine(event.seq, event.recorded_at, summary, notes, True))
            in_force.append((len(lines) - 1, origin, action))
        except (rules.RuleViolation, LogError) as err:
            raise LogError(f"{source}: event #{event.seq}: {err}") from None
    return lines


def _parse_export(data, source: str) -> tuple[GameConfig, list[Event], str, list[tuple[str, str]]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LogError(f"{source}: not a Conquest of the World game export")
    if data.get("version") != VERSION:
        raise LogError(f"{source}: export version {data.get('version')!r} is not {VERSION}")
    try:
        found = first_unprintable(data)
    except RecursionError:
        raise LogError(f"{source}: nested too deeply to be a game export") from None
    if found:
        raise LogError(f"{source}: {found[0]}: {found[1]}")
    try:
        config = GameConfig.from_dict(data["config"], source)
        events = []
        for i, item in enumerate(data["events"]):
            kind = item["type"]
            if kind not in (ACTION, UNDO, REDO):
                raise LogError(f"{source}: events[{i}]: unknown type {kind!r}")
            action = rules.action_from_dict(item["action"]) if kind == ACTION else None
            events.append(Event(int(item["seq"]), kind, action, str(item["recorded_at"])))
        created_at = _check_timestamp(data["created_at"])
        clock = []
        for i, item in enumerate(data.get("clock", [])):      # exports before pauses have none
            if item["type"] not in (PAUSE, RESUME):
                raise LogError(f"{source}: clock[{i}]: unknown type {item['type']!r}")
            clock.append((item["type"], _check_timestamp(item["recorded_at"])))
    except ScenarioError as err:
        raise LogError(str(err)) from None
    except (KeyError, TypeError, ValueError) as err:
        raise LogError(f"{source}: malformed export ({type(err).__name__}: {err})") from None
    seqs = [e.seq for e in events]
    if seqs != sorted(set(seqs)):
        raise LogError(f"{source}: event numbers must be increasing")
    return config, events, created_at, clock
