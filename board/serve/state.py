"""The game as data: the document served at GET /state.json and sent on GET /events.

Every value comes from the game log and the rules engine the CLI uses; the words (`to_act`,
`options`, `countdown`, event summaries) are the very strings `board status`, `board options`
and `board history` print, produced by the same functions.

Document version 1 (docs/serve.md lists the fields):

    {"format": "board-serve-state", "version": 1, "revision": 7,
     "file": {"name": "conquest.db", "status": "ok" | "missing" | "damaged", "problem": null | "..."},
     "game": null | {...}}

When the file is missing or damaged, "game" holds the last state read while it was fine (or
null), and "file" says what is wrong.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .. import rules
from ..log import GameLog, LogError
from ..rules import fmt_record
from ..table import next_line, options   # the very words of `board status`, `options` and next:

FORMAT = "board-serve-state"
VERSION = 1
LAST_EVENTS = 10        # how many of the latest events the page lists
OK, MISSING, DAMAGED = "ok", "missing", "damaged"


@dataclass
class Reading:
    """One look at the game file: its status, the game document (None if unreadable), the
    engine's state (for the picture) and every event line (to find the new ones)."""
    status: str
    problem: str | None
    game: dict | None
    state: rules.State | None
    events: list[dict]


def read_game(path: Path) -> Reading:
    """Read the game file once, read-only, closing the connection before returning."""
    if not path.exists():
        return Reading(MISSING, f"{path.name}: no such game (start one with `board new`)", None, None, [])
    try:
        log = GameLog.open(path, read_only=True)
    except (LogError, sqlite3.Error, OSError) as err:
        return Reading(DAMAGED, _problem(path, err), None, None, [])
    try:
        return _read(log)
    except (LogError, sqlite3.Error, OSError) as err:
        if not path.exists():
            return Reading(MISSING, f"{path.name}: no such game (start one with `board new`)", None, None, [])
        return Reading(DAMAGED, _problem(path, err), None, None, [])
    finally:
        log.close()


def _problem(path: Path, err: Exception) -> str:
    text = str(err)
    full = str(path)
    # Name the file by its name only: the page is seen by the whole table.
    return text.replace(full, path.name) if full in text else f"{path.name}: {text}"


def _read(log: GameLog) -> Reading:
    history = log.history()
    state = log.state()
    events = [{"seq": line.seq, "recorded_at": line.recorded_at, "summary": line.summary,
               "notes": list(line.notes), "in_force": line.in_force} for line in history]
    types = {event.seq: event.type for event in log.events()}
    for event in events:
        event["type"] = types.get(event["seq"], "action")
    players = []
    for p, player in enumerate(state.players):
        held = {kind: sorted(c for c, (o, k) in state.holdings.items() if o == p and k == kind)
                for kind in (rules.CONQUERED, rules.ALLIED)}
        players.append({
            "seat": p, "name": player.name, "homeland": player.homeland,
            "record": fmt_record(state.record(p)), "record_halves": state.record(p),
            "chips": player.chips, "conquered": held[rules.CONQUERED], "allied": held[rules.ALLIED],
            "alliance": sorted(state.name(q) for q in state.pact_of(p) - {p}),
            "eliminated": player.eliminated, "winner": p in state.winners})
    war = None
    if state.war:
        w = state.war
        war = {"country": w.country, "kind": w.kind, "attacker": state.name(w.sides[0]),
               "defender": state.name(w.sides[1]), "energy": list(w.energy), "wins": list(w.wins),
               "destroyed": [sorted(d) for d in w.destroyed]}
    confrontation = None
    if state.confrontation:
        c = state.confrontation
        confrontation = {"sides": [state.name(s) for s in c.sides], "energy": list(c.energy),
                         "attacking": state.name(c.sides[c.attacking]),
                         "barred": list(c.barred)}
    can = options(state)
    game = {
        "scenario": state.world.name,
        "phase": state.phase, "phase_words": rules.PHASE_WORDS[state.phase],
        "warchest": state.warchest, "target": state.config.target,
        "players": players,
        "to_act": state.to_act(),
        "next": next_line(state),
        "options_heading": f"{state.to_act()} may:" if can else None,
        "options": can,
        "war": war, "confrontation": confrontation,
        "clock": _clock(log, state),
        "game_over": state.phase == "over",
        "winners": [state.name(p) for p in state.winners],
        "event_count": len(events),
        "last_events": events[-LAST_EVENTS:],
    }
    return Reading(OK, None, game, state, events)


def _clock(log: GameLog, state: rules.State) -> dict | None:
    """Variation 1: the time limit, with the countdown as `board status` words it."""
    if log.config.time_limit_minutes is None:
        return None
    over = state.phase == "over"
    return {"time_limit_minutes": log.config.time_limit_minutes, "started_at": log.created_at,
            **clock_tick(log, over), "time_call_due": log.time_call_due()}


def clock_tick(log: GameLog, over: bool) -> dict:
    """The parts of the clock that move without an event (the server sends them each second)."""
    left = log.time_left()
    return {"countdown": None if over else log.countdown(),
            "seconds_left": max(int(left.total_seconds()), 0), "paused": log.paused()}


def document(reading: Reading, revision: int, name: str, last_game: dict | None) -> dict:
    """The versioned document; `last_game` is shown while the file is missing or damaged."""
    return {"format": FORMAT, "version": VERSION, "revision": revision,
            "file": {"name": name, "status": reading.status, "problem": reading.problem},
            "game": reading.game if reading.status == OK else last_game}


def with_clock(doc: dict, tick: dict | None) -> dict:
    """The document with the countdown as of the latest tick (the rest changes only with events)."""
    game = doc.get("game")
    if not tick or not game or not game.get("clock") or doc["file"]["status"] != OK:
        return doc
    return {**doc, "game": {**game, "clock": {**game["clock"], **tick}}}
