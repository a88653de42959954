"""`board combat`: what to enter on the cartridge for another war game's battle, and what the result means.

    board combat triplea --attacker army=5 --defender army=3 --territory Ukraine
    board combat triplea --attacker army=5 --defender army=3 --result attacker --energy 3100,0
    board combat conflict --mover airplane --target battleship --area water
    board combat newworld3 --space Virginia --attacker army+1 --defender army+1
    board combat crt --attack 12 --defence 4 --result defender --energy 0,1500
"""
from __future__ import annotations

import argparse

from ..exits import EXIT_FILE, EXIT_REFUSED, fail
from . import load
from .conflict import Capture
from .core import ATTACKER, DEFENDER, TIE, WINNERS, CombatError, MappingError, Result, strength
from .crt import Battle as CRTBattle
from .newworld import Contest, Unit
from .triplea import Battle as TripleABattle



def _units(text: str, what: str) -> dict[str, int]:
    """"army=5,fighter=2" -> {"army": 5, "fighter": 2}."""
    units = {}
    for part in text.split(","):
        name, sep, count = part.partition("=")
        if not sep or not name.strip():
            raise CombatError(f"{what}: expected UNIT=COUNT[,UNIT=COUNT...], found {part!r}")
        units[name.strip().lower()] = units.get(name.strip().lower(), 0) + strength(count.strip(), what)
    return units


def _unit(text: str, what: str) -> Unit:
    """"army+2" -> an army with 2 supports."""
    kind, _, supports = text.partition("+")
    return Unit(kind.strip().lower(), strength(supports.strip(), what) if supports else 0)


def _energies(text: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise CombatError(f"--energy: expected ATTACKER,DEFENDER energy units left, found {text!r}")
    return strength(parts[0].strip(), "--energy"), strength(parts[1].strip(), "--energy")


def _battle(args):
    if args.game == "triplea":
        return TripleABattle(_units(args.attacker, "--attacker"), _units(args.defender, "--defender"),
                             args.terrain, args.territory)
    if args.game == "conflict":
        return Capture(args.mover.lower(), args.target.lower(), args.area, args.own_mine)
    if args.game == "newworld3":
        return Contest(args.space, _unit(args.attacker, "--attacker"), _unit(args.defender, "--defender"),
                       args.standoff, args.origin or "", args.terrain or "", args.mode)
    weapons = tuple(w.strip().upper() for w in args.weapons.split(","))
    if len(weapons) != 2 or any(w not in ("T", "S", "P") for w in weapons):
        raise CombatError(f"--weapons: expected two of T, S, P (ATTACKER,DEFENDER), found {args.weapons!r}")
    return CRTBattle(strength(args.attack, "--attack"), strength(args.defence, "--defence"), weapons)


def _result_from_screen(capture: str) -> Result:
    """The battle's end as the companion reads it off a capture (the attacker on the left, red)."""
    try:
        import cv2  # noqa: F401  (the capture extra)
    except ModuleNotFoundError:
        from board.screen.cli import NEEDS_OPENCV
        raise CombatError(NEEDS_OPENCV) from None
    from board.screen.capture import CaptureError, Source
    from board.screen.profile import Profile
    from board.screen.reader import Reader
    from board.screen.tracker import Tracker
    reader, tracker = Reader(Profile.load("conquest")), Tracker()
    try:
        for number, frame in enumerate(Source(capture).frames(), 1):
            for event in tracker.feed(reader.read(frame), number):
                if event.kind == "battle_ended":
                    d = event.data
                    winner = {"red": ATTACKER, "blue": DEFENDER, "tie": TIE}[d["winner"]]
                    return Result(winner, d["red_energy"], d["blue_energy"])
                if event.kind == "unsure":
                    raise CombatError(f"{capture}: the result cannot be read surely: give it with --result")
    except CaptureError as err:
        raise CombatError(str(err)) from None
    raise CombatError(f"{capture}: no battle ended in this capture")


def run(args) -> int:
    try:
        adapter = load(args.game, args.mapping)
        battle = _battle(args)
        if (args.result is None) != (args.energy is None):
            raise CombatError("--result and --energy go together")
        plan = adapter.plan(battle)
        print("\n".join(plan.lines))
        if plan.entry is None:
            print(plan.decided)
            return 0
        print("\n".join(plan.entry.lines()))
        if args.result and args.screen:
            raise CombatError("--result and --screen: give the result one way")
        result = Result(args.result, *_energies(args.energy)) if args.result else None
        if args.screen:
            result = _result_from_screen(args.screen)
        if result is not None:
            outcome = adapter.resolve(battle, result)
            print(result.line())
            print(outcome.summary)
        return 0
    except MappingError as err:
        return fail(err, EXIT_FILE)
    except CombatError as err:
        return fail(err, EXIT_REFUSED)


def add_command(sub) -> None:
    """Adds `board combat` to the `board` command's subparsers."""
    combat = sub.add_parser("combat", help="decide another war game's battle with the cartridge",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    games = combat.add_subparsers(dest="game", required=True, metavar="GAME")

    def game(name, help):
        p = games.add_parser(name, help=help, description=help)
        p.set_defaults(func=run)
        p.add_argument("--mapping" if name != "crt" else "--table", dest="mapping", metavar="FILE.toml",
                       help="a mapping file of your own (default: the shipped one)")
        p.add_argument("--result", choices=WINNERS, help="who won on the screen (tie: both destroyed)")
        p.add_argument("--energy", metavar="ATT,DEF", help="energy units left on the screen")
        p.add_argument("--screen", metavar="DEVICE|FILE",
                       help="read the result off the cartridge's screen (a capture; the attacker red)")
        return p

    p = game("triplea", "TripleA's Conquest of the World: one cartridge battle decides one TripleA battle")
    p.add_argument("--attacker", required=True, metavar="UNIT=N[,...]", help="e.g. army=5")
    p.add_argument("--defender", required=True, metavar="UNIT=N[,...]", help="e.g. army=3")
    p.add_argument("--terrain", choices=("land", "sea"), default="land",
                   help="land (sea is refused: the game's armies move by land only)")
    p.add_argument("--territory", default="", help="its name, for the messages")
    p = game("conflict", "Parker Brothers' Conflict: a capture move decided by a battle")
    p.add_argument("--mover", required=True, help="airplane, battleship, artillery or anti-aircraft-gun")
    p.add_argument("--target", required=True, help="the piece it would capture")
    p.add_argument("--area", required=True, choices=("land", "water"), help="where the target rests")
    p.add_argument("--own-mine", action="store_true", help="the target rests on its own player's mine")
    p = game("newworld3", "Conquest of the New World III: a contested move decided by a battle")
    p.add_argument("--space", required=True)
    p.add_argument("--attacker", required=True, metavar="UNIT[+SUPPORTS]", help="e.g. army+2")
    p.add_argument("--defender", required=True, metavar="UNIT[+SUPPORTS]", help="e.g. fleet+1")
    p.add_argument("--standoff", action="store_true", help="the defender is moving into the space too")
    p.add_argument("--from", dest="origin", metavar="SPACE", help="where the attacker moves from")
    p.add_argument("--terrain", choices=("land", "sea", "islands"),
                   help="the space's kind (default: islands for rule 9's islands, else land)")
    p.add_argument("--mode", choices=("strength", "battle"), default="strength",
                   help="strength (default, Diplomacy): the stronger wins, the cartridge decides equal "
                        "strengths; battle (variant): every contest is a battle, energies following strengths")
    p = game("crt", "a combat results table (odds x energy differential), Avalon Hill / SPI style")
    p.add_argument("--attack", required=True, metavar="N", help="attacker's combat strength")
    p.add_argument("--defence", required=True, metavar="N", help="defender's combat strength")
    p.add_argument("--weapons", default="T,T", metavar="ATT,DEF", help="cartridge weapons (default T,T)")
