"""The one path by which an action enters a game: every `board` command that acts (`board battle`,
`board attack`, ...) and the screen companion (`board watch`, `board play`) call record().

record() calls time first when variation 1's limit has passed, builds the action on the state
after that, points out an action typed twice, appends it through the game log (the rules engine
checks it there: a RuleViolation leaves the file untouched) and says what happened.
"""
from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Callable

from . import log as game_log
from . import rules
from .log import GameLog, describe
from .rules import Action, State
from .table import next_line

RETYPE_WINDOW_SECONDS = 300


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def game_path(args) -> Path:
    """The game file a command names: -g/--game, else $BOARD_GAME, else conquest.db here."""
    return Path(getattr(args, "game", None) or os.environ.get("BOARD_GAME") or "conquest.db")


def open_game(path, read_only: bool = False, warn: Callable[[str], None] = _stderr) -> GameLog:
    """The game file at `path`, saying so when another command holds it and this one waits; use it
    in a `with` block, which closes its connection."""
    path = Path(path)
    log = GameLog.open(path, read_only=read_only)
    # The message names the path, not the log: a closure over the log would keep it (and its
    # open connection) alive in a reference cycle until some later garbage collection.
    log.on_wait = lambda: warn(f"board: {path} is in use by another command; "
                               f"waiting up to {game_log.BUSY_WAIT_SECONDS} s")
    return log


def call_time_if_due(log: GameLog, say: Callable[[str], None] = print) -> None:
    """Variation 1: once the agreed time has passed, the next action calls time first."""
    if log.time_call_due():
        limit = log.config.time_limit_minutes
        seq, _, notes = log.record(rules.TimeUp())
        say(f"#{seq} time limit of {limit} minutes reached")
        for note in notes:
            say(f"  {note}")


def record(log: GameLog, action: Action | Callable[[State], Action],
           say: Callable[[str], None] = print, warn: Callable[[str], None] = _stderr) -> int:
    """Records `action` (or make_action(state), built on the state once time has been called)
    and says the event, its consequences and who acts next; returns the event's number.
    RuleViolation, NothingToDo and LogError pass through with nothing recorded."""
    call_time_if_due(log, say)
    if callable(action) and not isinstance(action, Action):
        action = action(log.state())
    _warn_if_retyped(log, action, warn)
    seq, new, notes = log.record(action)
    say(f"#{seq} recorded: {describe(action)}")
    for note in notes:
        say(f"  {note}")
    say(f"next: {next_line(new)}")
    return seq


def _warn_if_retyped(log: GameLog, action: Action, warn: Callable[[str], None]) -> None:
    """A command killed after its commit but before its confirmation leaves the players unsure;
    if they type it again, say that the same action is already the latest one recorded."""
    last = log.last_event()
    if last is None or last.action != action or isinstance(action, (rules.Pass, rules.TimeUp)):
        return
    age = datetime.now(datetime.fromisoformat(last.recorded_at).tzinfo) - datetime.fromisoformat(last.recorded_at)
    if age.total_seconds() < RETYPE_WINDOW_SECONDS:
        warn(f"board: note: #{last.seq} at {last.recorded_at} was this same action; "
             f"if this is a retype, `board undo` takes the second one back")
