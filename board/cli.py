"""`board`: the Conquest of the World scorekeeper.

Every command works on one game file (`-g FILE`, or $BOARD_GAME, or ./conquest.db). Actions
are checked against the rules before they are written: a refused action prints one line
(`board: rule 9A: ...`) on stderr, exits with status 2 and leaves the game file untouched.
Problems with files (game, scenario, export) print one line naming the file and exit with 1.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

from emu.files import MIB, InputFileError, OutputFileError, atomic_output, read_text, write_output
from emu.version import __version__

from . import rules
from .combat.cli import add_command as add_combat_command
from .screen.cli import add_commands as add_screen_commands
from .log import BUSY_WAIT_SECONDS, GameLog, LogError, NothingToDo, describe
from .rules import RuleViolation, fmt_record
from .text import check as check_text, escaped
from .world import ScenarioError, load_scenario, standard_world

EXIT_FILE, EXIT_REFUSED = 1, 2
EXPORT_LIMIT = 256 * MIB        # 100,000 events export to about 25 MiB

EPILOG = """\
examples:
  board new --players Ann,Bob,Cy          start a game (seating order = clockwise)
  board first Ann=3 Bob=7 Cy=5 --readout 2346
  board homeland "United States"          the player to act chooses a homeland
  board ally Canada                       alliance (own zone at the start, bought later)
  board pass                              end start-up alliances / pass the attack option
  board attack Indonesia                  start a war
  board battle defender --weapons tank,plane --energy 1200,2000
  board pact Ann Cy / board break Ann     player alliances (rule 18)
  board status / options / history / undo / redo / show --png board.png
  board pause / resume                    variation 1: stop and restart the clock
  board combat triplea --attacker army=5 --defender army=3     another war game's battle
"""


class _Refused(Exception):
    """A bad argument on the command line (exit status 2)."""


_DIGITS = re.compile(r"-?[0-9]+")     # ASCII digits only: "²" or "٣" are not numbers here


def _whole(text: str, what: str) -> int:
    """A whole number as typed (a sign allowed, for the rules to refuse with their number)."""
    text = text.strip()
    if not _DIGITS.fullmatch(text) or len(text) > 12:
        raise _Refused(f"{what}: {text!r} is not a whole number")
    return int(text)


def _whole_arg(text: str) -> int:
    """argparse type for numeric options: ASCII digits only, of a sane length."""
    try:
        return _whole(text, "")
    except _Refused:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _say(message: str) -> None:
    """One line on stderr: what was typed is echoed with control characters escaped, so a
    newline or U+0085 in an argument cannot split the message."""
    print(f"board: {escaped(str(message))}", file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error instead of a usage block (exit status 2)."""

    def error(self, message):
        _say(f"{message} (see {self.prog} --help)")
        sys.exit(EXIT_REFUSED)


# Options whose value may start with "-" (a negative energy is for rule 12 to refuse,
# not for argparse to take as an unknown option).
_VALUE_OPTIONS = ("--energy", "--weapons", "--readout", "--time-limit", "--target", "--polls")


def _join_option_values(argv: list[str]) -> list[str]:
    out, i = [], 0
    while i < len(argv):
        if argv[i] in _VALUE_OPTIONS and i + 1 < len(argv) and argv[i + 1].startswith("-"):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def _name_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _resolve(text: str, names) -> str:
    """A country, player or weapon name from what was typed: any case, dots and spaces
    optional, or an unambiguous beginning ("ussr", "united s", "t" for tank). A name that
    matches nothing is passed on as typed, for the rules to refuse with their rule number."""
    key = _name_key(text)
    exact = [n for n in names if _name_key(n) == key]
    if exact:
        return exact[0]
    starts = [n for n in names if _name_key(n).startswith(key)] if key else []
    if len(starts) > 1:
        raise _Refused(f"{text!r} could be any of: {', '.join(starts)}")
    return starts[0] if starts else text


def _game_path(args) -> Path:
    return Path(args.game or os.environ.get("BOARD_GAME") or "conquest.db")


def _open(args, read_only: bool = False) -> GameLog:
    """The game, to be used in a `with` block (its connection closes when the command ends)."""
    path = _game_path(args)
    log = GameLog.open(path, read_only=read_only)
    # The message names the path, not the log: a closure over the log would keep it (and its
    # open connection) alive in a reference cycle until some later garbage collection.
    log.on_wait = lambda: print(f"board: {path} is in use by another command; "
                                f"waiting up to {BUSY_WAIT_SECONDS} s", file=sys.stderr, flush=True)
    return log


def _print_notes(notes) -> None:
    for note in notes:
        print(f"  {note}")


def _check_clock(log: GameLog) -> None:
    """Variation 1: once the agreed time has passed, the next action calls time first."""
    if log.time_call_due():
        limit = log.config.time_limit_minutes
        seq, _, notes = log.record(rules.TimeUp())
        print(f"#{seq} time limit of {limit} minutes reached")
        _print_notes(notes)


def _act(args, make_action) -> int:
    with _open(args) as log:
        _check_clock(log)
        state = log.state()
        action = make_action(state)
        _warn_if_retyped(log, action)
        seq, new, notes = log.record(action)
    print(f"#{seq} recorded: {describe(action)}")
    _print_notes(notes)
    print(f"next: {new.to_act()}")
    return 0


RETYPE_WINDOW_SECONDS = 300


def _warn_if_retyped(log: GameLog, action) -> None:
    """A command killed after its commit but before its confirmation leaves the players unsure;
    if they type it again, say that the same action is already the latest one recorded."""
    last = log.last_event()
    if last is None or last.action != action or isinstance(action, (rules.Pass, rules.TimeUp)):
        return
    age = datetime.now(datetime.fromisoformat(last.recorded_at).tzinfo) - datetime.fromisoformat(last.recorded_at)
    if age.total_seconds() < RETYPE_WINDOW_SECONDS:
        print(f"board: note: #{last.seq} at {last.recorded_at} was this same action; "
              f"if this is a retype, `board undo` takes the second one back", file=sys.stderr)


# -- commands --------------------------------------------------------------------------------

def cmd_new(args) -> int:
    world = load_scenario(args.scenario) if args.scenario else standard_world()
    names = tuple(n.strip() for n in args.players.split(","))
    for name in names:
        try:
            check_text(name, "--players: the name")
        except ValueError as err:
            raise _Refused(str(err)) from None
    config = rules.GameConfig(names, world, args.time_limit, args.target)
    path = _game_path(args)
    rules.new_game(config)                  # a bad configuration must not cost the old game
    if path.is_dir():
        raise LogError(f"{path}: is a directory")
    if path.exists() and args.force:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    GameLog.create(path, config)
    print(f"{path}: new game of {world.name} for {', '.join(names)} (clockwise)")
    if world.sides:
        for name, side in zip(names, world.sides):
            print(f"  {name}: homeland {side.homeland}"
                  + (f", in the player alliance {side.pact!r}" if side.pact else ""))
    print("next: each player calls a number 0-9, one stops the readout: board first NAME=N ... --readout D")
    return 0


def cmd_first(args) -> int:
    def make(state):
        numbers = {}
        for item in args.numbers:
            name, equals, number = item.partition("=")
            if not equals:
                raise _Refused(f"{item!r}: expected NAME=NUMBER")
            player = _resolve(name, [p.name for p in state.players])
            if player in numbers:
                raise _Refused(f"{item!r}: {player} has already called {numbers[player]}")
            numbers[player] = _whole(number, f"{item!r}")
        if args.readout < 0:
            raise rules.RuleViolation("2D", f"the readout {args.readout} is not a number on the screen")
        return rules.ChooseFirst(numbers, args.readout % 10)     # rule 2D: its last digit
    return _act(args, make)


def _country_action(cls):
    def run(args) -> int:
        def make(state):
            by = _resolve(args.by, [p.name for p in state.players]) if getattr(args, "by", None) else ""
            country = _resolve(args.country, state.world.countries)
            return cls(country, by) if by else cls(country)
        return _act(args, make)
    return run


def cmd_battle(args) -> int:
    def make(state):
        weapons = [w.strip().lower() for w in args.weapons.split(",")]
        energy = args.energy.split(",")
        if len(weapons) != 2 or len(energy) != 2:
            raise _Refused("--weapons ATTACKER,DEFENDER and --energy ATTACKER,DEFENDER (whole numbers)")
        energy = [_whole(e, "--energy") for e in energy]
        weapons = [_resolve(w, rules.WEAPONS) for w in weapons]
        return rules.BattleResult(args.winner, weapons[0], weapons[1], energy[0], energy[1])
    return _act(args, make)


def cmd_pass(args) -> int:
    return _act(args, lambda state: rules.Pass())


def cmd_pact(args) -> int:
    return _act(args, lambda state: rules.FormPact(
        tuple(_resolve(n, [p.name for p in state.players]) for n in args.players)))


def cmd_break(args) -> int:
    return _act(args, lambda state: rules.BreakPact(
        _resolve(args.player, [p.name for p in state.players])))


def cmd_timeup(args) -> int:
    return _act(args, lambda state: rules.TimeUp())


def cmd_pause(args) -> int:
    with _open(args) as log:
        _check_clock(log)
        at = log.pause()
        print(f"clock paused at {at}: {log.countdown()} (board resume starts it again)")
    return 0


def cmd_resume(args) -> int:
    with _open(args) as log:
        at = log.resume()
        print(f"clock running again at {at}: {log.countdown()}")
    return 0


def _take_back_or_put_back(args, verb: str) -> int:
    with _open(args) as log:
        seq, action = getattr(log, verb)()
        print(f"#{seq} recorded: {verb} of {describe(action)}")
        print(f"next: {log.state().to_act()}")
    return 0


def cmd_undo(args) -> int:
    return _take_back_or_put_back(args, "undo")


def cmd_redo(args) -> int:
    return _take_back_or_put_back(args, "redo")


def cmd_status(args) -> int:
    with _open(args, read_only=True) as log:       # a read-only command never writes
        _print_status(log)
    return 0


def _print_status(log: GameLog) -> None:
    state = log.state()
    print(f"{log.path}: {state.world.name}, {rules.PHASE_WORDS[state.phase]}; "
          f"WARCHEST {state.warchest} PBU")
    if state.config.target:
        print(f"playing to record {state.config.target} (variation 2)")
    if state.config.time_limit_minutes:
        clock = log.countdown()
        if state.phase == "over":
            clock = ""
        elif log.time_call_due():
            clock = "; time is up: the next action records it (or board timeup)"
        elif clock == "time is up":
            clock = "; time is up, its call undone: the table plays on until board timeup"
        else:
            clock = f"; {clock}"
        print(f"time limit {state.config.time_limit_minutes} minutes from {log.created_at} (variation 1)"
              + clock)
    for p, player in enumerate(state.players):
        held = {kind: sorted(c for c, (o, k) in state.holdings.items() if o == p and k == kind)
                for kind in (rules.CONQUERED, rules.ALLIED)}
        allies = sorted(state.name(q) for q in state.pact_of(p) - {p})
        flags = (" OUT" if player.eliminated else "") + (" WINNER" if p in state.winners else "")
        print(f"  {player.name:<12} record {fmt_record(state.record(p)):>5}  chips {player.chips:>6}  "
              f"homeland {player.homeland or '-'}{flags}")
        for kind, countries in held.items():
            if countries:
                print(f"    {kind}: {', '.join(countries)}")
        if allies:
            print(f"    player alliance with {', '.join(allies)}")
    if state.war:
        war = state.war
        print(f"  war for {war.country}: energy {war.energy[0]} vs {war.energy[1]}; destroyed: "
              f"attacker {', '.join(sorted(war.destroyed[0])) or '-'}, "
              f"defender {', '.join(sorted(war.destroyed[1])) or '-'}")
    if state.confrontation:
        c = state.confrontation
        print(f"  end game: {state.name(c.sides[0])} {c.energy[0]} vs {state.name(c.sides[1])} {c.energy[1]} energy")
    can = options(state)
    if can:
        print("can: " + "; ".join(_summary(line) for line in can) + " (board options)")
    last = log.last_event()
    if last:
        print(f"last recorded: #{last.seq} at {last.recorded_at}: {last.summary}")
    print(f"next: {state.to_act()}")


def _summary(line: str) -> str:
    """An options line in a few words: "attack occupied: 3", "or pass", "Ann may use: sub, tank"."""
    label, colon, items = line.partition(": ")
    if not colon or " may use" in label:
        return line
    return f"{label}: {len(items.split('), ')) if '(' in items else len(items.split(', '))}"


def _cost(notes) -> str:
    paid = [re.search(r"(\d+) PBU\)?$|pays (\d+) PBU", n) for n in notes if "WARCHEST for" in n]
    amounts = [int(m.group(1) or m.group(2)) for m in paid if m]
    return f"{amounts[0]} PBU" if amounts else "free"


def _legal(state, action) -> list[str] | None:
    """The notes of `action` if the rules allow it now, else None."""
    try:
        return rules.apply(state, action)[1]
    except RuleViolation:
        return None


def options(state) -> list[str]:
    """What the player to act may do now, found by trying each action on the rules engine
    (so this never disagrees with it): alliances, attacks on unoccupied countries, occupied
    countries and homelands with their cost, player alliances, and in a war or the end game
    the weapons each side may use."""
    if state.phase in ("order", "over"):
        return []
    if state.war:
        war = state.war
        return [f"{role} {state.name(side)} may use: "
                + ", ".join(w for w in rules.WEAPONS if w not in war.destroyed[i])
                + (f" ({', '.join(sorted(war.destroyed[i]))} destroyed in this war, rule 12F)"
                   if war.destroyed[i] else "")
                for i, (role, side) in enumerate((("attacker", war.sides[0]), ("defender", war.sides[1])))]
    if state.confrontation:
        c = state.confrontation
        lines = []
        for role, i in (("attacker", c.attacking), ("defender", 1 - c.attacking)):
            barred = c.barred[i]
            lines.append(f"{role} {state.name(c.sides[i])} may use: "
                         + ", ".join(w for w in rules.WEAPONS if w != barred)
                         + (f" (the {barred} is barred for this battle, rule 21F)" if barred else ""))
        return lines
    groups: dict[str, list[str]] = {"ally with": []}
    for country in state.world.countries:
        notes = _legal(state, rules.Ally(country))
        if notes is not None:
            groups["ally with"].append(f"{country} ({_cost(notes)})")
    for country in state.world.countries:
        notes = _legal(state, rules.Attack(country))
        if notes is not None:
            held = state.holdings.get(country)
            label = ("attack unoccupied" if held is None else
                     "attack a homeland" if held[1] == rules.HOMELAND else "attack occupied")
            owner = f", {state.name(held[0])}" if held else ""
            groups.setdefault(label, []).append(f"{country} ({_cost(notes)}{owner})")
    me = state.current
    partners = []
    for q in state.active():
        if q in state.pact_of(me):
            continue
        members = sorted(state.pact_of(me) | state.pact_of(q))
        partner = " + ".join(state.name(p) for p in sorted(state.pact_of(q)))
        if partner not in partners and \
                _legal(state, rules.FormPact(tuple(state.name(p) for p in members))) is not None:
            partners.append(partner)
    groups["player alliance with"] = partners
    lines = [f"{label}: {', '.join(items)}" for label, items in groups.items() if items]
    if _legal(state, rules.Pass()) is not None:
        lines.append("or pass")
    return lines


def cmd_options(args) -> int:
    with _open(args, read_only=True) as log:
        state = log.state()
    print(f"{state.to_act()} may:" if options(state) else f"next: {state.to_act()}")
    for line in options(state):
        print(f"  {line}")
    return 0


def cmd_history(args) -> int:
    with _open(args, read_only=True) as log:
        clock_events, history = log.clock_events(), log.history()
    clock = [(datetime.fromisoformat(at), f"clock {'paused' if kind == 'pause' else 'running again'}")
             for kind, at in clock_events]
    for line in history:
        while clock and clock[0][0] <= datetime.fromisoformat(line.recorded_at):
            at, what = clock.pop(0)
            print(f"   {at.isoformat()} {what} (variation 1)")
        mark = "" if line.in_force else "  (undone)"
        print(f"#{line.seq} {line.recorded_at} {line.summary}{mark}")
        _print_notes(line.notes)
    for at, what in clock:
        print(f"   {at.isoformat()} {what} (variation 1)")
    return 0


def cmd_export(args) -> int:
    with _open(args, read_only=True) as log:
        text = json.dumps(log.export(), indent=1)
    if args.file == "-":
        print(text)
        return 0
    try:
        write_output(args.file, text + "\n")
    except OutputFileError as err:
        raise LogError(str(err)) from None
    print(f"{args.file}: exported {_game_path(args)}")
    return 0


def cmd_import(args) -> int:
    path = _game_path(args)
    try:
        data = json.loads(read_text(args.file, EXPORT_LIMIT, "game export"))
    except InputFileError as err:
        raise LogError(str(err)) from None
    except json.JSONDecodeError as err:
        raise LogError(f"{args.file}:{err.lineno}: not JSON ({err.msg})") from None
    except RecursionError:
        raise LogError(f"{args.file}: nested too deeply to be a game export") from None
    if path.is_dir():
        raise LogError(f"{path}: is a directory")
    if path.exists() and not args.force:
        raise LogError(f"{path}: already exists (use --force to replace it)")
    staging = path.with_name(path.name + ".importing")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{staging}{suffix}").unlink(missing_ok=True)
    GameLog.import_(staging, data, args.file).close()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    os.replace(staging, path)
    print(f"{path}: imported {len(data['events'])} events from {args.file}")
    return 0


def cmd_show(args) -> int:
    from .view import BoardWindow, WindowError, render
    with _open(args, read_only=True) as log:
        if args.png:
            state = log.state()
            image = render(state, log.countdown() if state.phase != "over" else None)
            try:
                with atomic_output(args.png) as file:
                    image.save(file, format="PNG")
            except (OutputFileError, ValueError) as err:
                raise LogError(str(err)) from None
            print(f"{args.png}: board drawn")
            return 0
        try:
            window = BoardWindow(log)
        except WindowError as err:
            raise LogError(str(err)) from None
        try:
            window.run(polls=args.polls)
        finally:
            window.close()
    return 0


# -- parser ----------------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="board", description="Conquest of the World scorekeeper: "
                                     "the rules, the game log and the board view.",
                                     epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-g", "--game", help="game file (default $BOARD_GAME or ./conquest.db)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name, func, help, epilog=None):
        p = sub.add_parser(name, help=help, description=help, epilog=epilog,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(func=func)
        return p

    p = command("new", cmd_new, "start a new game file",
                "example: board new --players Ann,Bob,Cy --target 60")
    p.add_argument("--players", required=True, help="2 to 6 names, comma-separated, clockwise")
    p.add_argument("--scenario", help="scenario TOML overriding values, zones, holdings")
    p.add_argument("--time-limit", type=_whole_arg, metavar="MINUTES", help="variation 1: play against the clock")
    p.add_argument("--target", type=_whole_arg, metavar="RECORD", help="variation 2: first to this record wins")
    p.add_argument("--force", action="store_true", help="replace an existing game file")

    p = command("first", cmd_first, "rule 2: the numbers called and the readout's last digit",
                "example: board first Ann=3 Bob=7 Cy=5 --readout 2346")
    p.add_argument("numbers", nargs="+", metavar="NAME=N")
    p.add_argument("--readout", type=_whole_arg, required=True, metavar="NUMBER",
                   help="the number on the screen when stopped (its last digit counts, rule 2D)")

    for name, cls, help in (("homeland", rules.ChooseHomeland, "rule 3: choose the homeland of the player to act"),
                            ("ally", rules.Ally, "rules 4, 9: ally with a country (start-up or bought)"),
                            ("attack", rules.Attack, "rules 10, 15, 19: attack a country")):
        p = command(name, _country_action(cls), help, f'example: board {name} "West Germany"')
        p.add_argument("country")
        if cls is not rules.ChooseHomeland:
            p.add_argument("--by", metavar="PLAYER", help="a player ally who directs it (rule 18B)")

    p = command("battle", cmd_battle, "rules 12, 21: the result of one battle on screen",
                "winner: attacker, defender, or tie (both forces destroyed)\n"
                "example: board battle attacker --weapons plane,sub --energy 1800,1355")
    p.add_argument("winner", choices=(rules.ATTACKER, rules.DEFENDER, rules.TIE))
    p.add_argument("--weapons", required=True, metavar="ATT,DEF", help="tank, sub or plane for each side")
    p.add_argument("--energy", required=True, metavar="ATT,DEF", help="energy units left on screen")

    command("pass", cmd_pass, "end start-up alliances, or pass the attack option to the left")
    p = command("pact", cmd_pact, "rule 18: form (or join) a player alliance", "example: board pact Ann Cy")
    p.add_argument("players", nargs="+")
    p = command("break", cmd_break, "rule 18F: leave a player alliance for good")
    p.add_argument("player")
    command("timeup", cmd_timeup, "variation 1: call time now (it is also called automatically)")
    command("pause", cmd_pause, "variation 1: stop the clock (a break in the evening)")
    command("resume", cmd_resume, "variation 1: start the clock again")
    command("undo", cmd_undo, "take back the latest action in force")
    command("redo", cmd_redo, "put back the latest undone action")
    command("status", cmd_status, "players, records, chips, holdings and who is to act")
    command("history", cmd_history, "every recorded event in words")
    command("options", cmd_options, "what the player to act can do now: alliances, attacks, costs")
    p = command("export", cmd_export, "write the game as JSON", "example: board export game.json")
    p.add_argument("file", help="JSON file, or - for stdout")
    p = command("import", cmd_import, "make a game file from exported JSON (checked action by action)")
    p.add_argument("file")
    p.add_argument("--force", action="store_true", help="replace an existing game file")
    p = command("show", cmd_show, "draw the board to a PNG, or show it in a window that follows the game")
    p.add_argument("--png", metavar="FILE", help="write a PNG instead of opening a window")
    p.add_argument("--polls", type=_whole_arg, metavar="N", help="close the window after N looks (4 per second)")
    add_combat_command(sub)
    add_screen_commands(sub)
    return parser


def main(argv=None) -> int:
    argv = _join_option_values(list(sys.argv[1:] if argv is None else argv))
    try:
        args = build_parser().parse_args(argv)
        status = args.func(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:             # `board status | head`: the reader has gone
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FILE
    except (RuleViolation, _Refused, NothingToDo) as err:
        _say(err)
        return EXIT_REFUSED
    except (LogError, ScenarioError) as err:
        _say(err)
        return EXIT_FILE
    except sqlite3.Error as err:      # locked past the timeout, disk full, damaged pages
        _say(f"{_game_path(args)}: {err}")
        return EXIT_FILE


if __name__ == "__main__":
    sys.exit(main())
