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

from cart.files import MIB, InputFileError, OutputFileError, atomic_output, read_text, write_output
from cart.oneline import OneLineParser
from emu.version import __version__

from . import rules
from .combat.cli import add_command as add_combat_command
from .screen.cli import add_commands as add_screen_commands
from .serve.cli import add_command as add_serve_command
from .log import GameLog, LogError, NothingToDo, describe
from .record import call_time_if_due, game_path, open_game, record
from .table import battle_sides, next_line, options, summary
from .rules import RuleViolation, fmt_record
from .text import check as check_text
from .exits import EXIT_FILE, EXIT_REFUSED, say as _say
from .world import ScenarioError, find_scenario, load_scenario, match_names, shipped_scenarios, standard_world

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


def _resolve(text: str, names) -> str:
    """A country, player or weapon name from what was typed: any case, dots and spaces
    optional, or an unambiguous beginning of the name or of its words ("ussr", "united s",
    "w germany", "t" for tank). An ambiguous name is refused with its candidates; a name that
    matches nothing is passed on as typed, for the rules to refuse with their rule number."""
    found = match_names(text, names)
    if len(found) > 1:
        raise _Refused(f"{text!r} could be any of: {', '.join(found)}")
    return found[0] if found else text


def _open(args, read_only: bool = False) -> GameLog:
    """The game, to be used in a `with` block (its connection closes when the command ends)."""
    return open_game(game_path(args), read_only=read_only)


def _print_notes(notes) -> None:
    for note in notes:
        print(f"  {note}")


def _act(args, make_action) -> int:
    with _open(args) as log:
        record(log, make_action)
    return 0


# -- commands --------------------------------------------------------------------------------

def cmd_new(args) -> int:
    world = load_scenario(find_scenario(args.scenario)) if args.scenario else standard_world()
    names = tuple(n.strip() for n in args.players.split(","))
    for name in names:
        try:
            check_text(name, "--players: the name")
        except ValueError as err:
            raise _Refused(str(err)) from None
    config = rules.GameConfig(names, world, args.time_limit, args.target)
    path = game_path(args)
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
    print(f"next: {next_line(rules.new_game(config))}")
    return 0


def cmd_scenarios(args) -> int:
    for scenario in shipped_scenarios():
        print(f"{scenario.key}: {scenario.name} ({scenario.sides} players)")
        if scenario.question:
            print(f"  {scenario.question}")
        print(f"  board new --players {','.join(['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'][:scenario.sides])} "
              f"--scenario {scenario.key}")
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


def _pair(text: str, option: str, sides) -> list[str]:
    """ATT,DEF in that order, or NAME=VALUE,NAME=VALUE by player name in any order."""
    parts = [p.strip() for p in text.split(",")]
    named = [p.partition("=") for p in parts]
    if len(parts) != 2:
        raise _Refused(f"{option}: expected ATT,DEF or NAME=VALUE,NAME=VALUE, found {text!r}")
    if not any(sep for _, sep, _ in named):
        return parts
    if sides is None or not all(sep for _, sep, _ in named):
        raise _Refused(f"{option}: expected ATT,DEF or NAME=VALUE,NAME=VALUE, found {text!r}")
    values = {}
    for name, _, value in named:
        player = _resolve(name, sides)
        if player not in sides:
            raise _Refused(f"{option}: {name.strip()!r} is not fighting this battle ({sides[0]} attacks, "
                           f"{sides[1]} defends)")
        if player in values:
            raise _Refused(f"{option}: {player} is named twice")
        values[player] = value.strip()
    return [values[sides[0]], values[sides[1]]]


def cmd_battle(args) -> int:
    def make(state):
        sides = battle_sides(state)
        winner = args.winner.strip().lower()
        if winner not in (rules.ATTACKER, rules.DEFENDER, rules.TIE):
            player = _resolve(args.winner, sides) if sides else args.winner
            if not sides or player not in sides:
                names = f", {sides[0]} or {sides[1]}" if sides else ""
                raise _Refused(f"the winner is attacker, defender, tie{names}, not {args.winner!r}")
            winner = rules.ATTACKER if player == sides[0] else rules.DEFENDER
        weapons = [_resolve(w.lower(), rules.WEAPONS) for w in _pair(args.weapons, "--weapons", sides)]
        energy = [_whole(e, "--energy") for e in _pair(args.energy, "--energy", sides)]
        return rules.BattleResult(winner, weapons[0], weapons[1], energy[0], energy[1])
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
        call_time_if_due(log)
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
        print(f"next: {next_line(log.state())}")
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
        print("can: " + "; ".join(summary(line) for line in can) + " (board options lists them)")
    last = log.last_event()
    if last:
        print(f"last recorded: #{last.seq} at {last.recorded_at}: {last.summary}")
    print(f"next: {next_line(state)}")
    return 0


def cmd_options(args) -> int:
    with _open(args, read_only=True) as log:
        state = log.state()
    can = options(state)
    print(f"{state.to_act()} may:" if can else f"next: {next_line(state)}")
    for line in can:
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
    print(f"{args.file}: exported {game_path(args)}")
    return 0


def cmd_import(args) -> int:
    path = game_path(args)
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
    parser = OneLineParser(prog="board", description="Conquest of the World scorekeeper: "
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
    p.add_argument("--scenario", help="a shipped scenario by name (board scenarios lists them) or a scenario "
                                      "TOML file overriding values, zones, holdings")
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
                "winner: attacker, defender, or tie (both forces destroyed), or the winner's name\n"
                "example: board battle attacker --weapons plane,sub --energy 1800,1355\n"
                "end game (rule 21E, the roles alternate): board battle Ann --weapons Ann=tank,Bob=sub "
                "--energy Ann=3000,Bob=2500")
    p.add_argument("winner", metavar="WINNER", help="attacker, defender or tie (both forces destroyed), "
                                                   "or the winning player's name")
    p.add_argument("--weapons", required=True, metavar="ATT,DEF",
                   help="tank, sub or plane for each side, or by name: Ann=tank,Bob=sub")
    p.add_argument("--energy", required=True, metavar="ATT,DEF",
                   help="energy units left on screen, or by name: Ann=3000,Bob=2500")

    command("pass", cmd_pass, "end start-up alliances, or pass the attack option to the left")
    command("scenarios", cmd_scenarios, "the shipped scenarios, the manual's questions they stage, how to start one")
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
    add_serve_command(sub)
    return parser


def _game_first(argv: list[str]) -> list[str]:
    """`-g FILE` / `--game FILE` may come anywhere on the line: moved before the command."""
    found, rest, i = [], [], 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg in ("-g", "--game") and i + 1 < len(argv) and not argv[i + 1].startswith("-"):
            found, i = ["--game", argv[i + 1]], i + 2
            continue
        if arg.startswith("--game="):
            found = ["--game", arg.partition("=")[2]]
        elif arg.startswith("-g") and len(arg) > 2 and not arg.startswith("--"):
            found = ["--game", arg[2:]]
        else:
            rest.append(arg)
        i += 1
    return found + rest


def main(argv=None) -> int:
    argv = _game_first(_join_option_values(list(sys.argv[1:] if argv is None else argv)))
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
        _say(f"{game_path(args)}: {err}")
        return EXIT_FILE


if __name__ == "__main__":
    sys.exit(main())
