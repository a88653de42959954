"""Parker Brothers' CONFLICT: a capture move decided by a cartridge battle.

The rules have no combat dice ("A piece is captured when another piece lands exactly on or passes through the
square it occupies"); with the cartridge, the moving piece and the piece it would take fight:
- the mover wins: the capture stands, its player takes the piece;
- the other piece wins: the attack fails and the mover is captured instead (its weapon was destroyed);
- a tie: both pieces are destroyed and each player receives the other's piece, as the rules' MINES paragraph
  does when "the water pieces of both players are destroyed and each player receives his opponent's piece".
A capture the rules forbid ("An airplane may capture any piece except an anti-aircraft gun", land pieces stay
on land, water pieces on water) is refused, and the MINES case is decided by the rules without a battle.
"""
from __future__ import annotations

from dataclasses import dataclass

from .core import (ATTACKER, DEFENDER, TIE, CombatError, Entry, Fields, Force, MappingError, Outcome, Plan,
                   Result, load_mapping, scaled_energies)

AREAS = ("land", "water")
AIRPLANE = "airplane"
MINES_RULE = ("MINES: \"Should any piece, other than an airplane, take a water piece resting on its own mine, "
              "the water pieces of both players are destroyed and each player receives his opponent's piece.\"")


@dataclass(frozen=True)
class Capture:
    mover: str               # the piece that moves onto or through the other's square
    target: str              # the piece it would capture
    area: str                # where the target rests: "land" or "water"
    on_own_mine: bool = False   # the target rests on one of its own player's mines


@dataclass(frozen=True)
class Piece:
    strength: int
    weapon: str
    moves_on: tuple[str, ...]
    against_airplane: int
    targets: tuple[str, ...]


def _a(piece: str) -> str:
    """"a battleship", "an airplane", "an anti-aircraft gun"."""
    name = piece.replace("-gun", " gun")
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _the(piece: str) -> str:
    return f"the {piece.replace('-gun', ' gun')}"


class Conflict:
    def __init__(self, name: str, max_energy: int, pieces: dict[str, Piece]):
        self.name, self.max_energy, self.pieces = name, max_energy, pieces

    @classmethod
    def load(cls, source="conflict") -> "Conflict":
        path, data = load_mapping(source)
        top = Fields(path, data)
        captures = top.tables("captures")
        pieces = {}
        for name, p in top.tables("pieces").items():
            moves_on = tuple(p.get("moves_on", list))
            if not moves_on or any(area not in AREAS for area in moves_on):
                raise MappingError(path, f"pieces.{name}.moves_on", f"areas are {' and '.join(AREAS)}")
            if name not in captures:
                raise MappingError(path, f"captures.{name}", "missing")
            pieces[name] = Piece(p.count("strength", 1, 1000), p.weapon("weapon"), moves_on,
                                 p.count("against_airplane", 1, 100, default=1),
                                 tuple(captures[name].get("targets", list)))
        for name, piece in pieces.items():
            for target in piece.targets:
                if target not in pieces:
                    raise MappingError(path, f"captures.{name}.targets", f"unknown piece {target!r}")
        return cls(top.get("name", str), top.max_energy(), pieces)

    def _piece(self, name: str) -> Piece:
        if name not in self.pieces:
            raise CombatError(f"{name!r} is not a piece of {self.name} (pieces: {', '.join(self.pieces)})")
        return self.pieces[name]

    def _strength(self, piece_name: str, other: str) -> int:
        piece = self.pieces[piece_name]
        return piece.strength * (piece.against_airplane if other == AIRPLANE else 1)

    def plan(self, capture: Capture) -> Plan:
        mover, target = self._piece(capture.mover), self._piece(capture.target)
        if capture.area not in AREAS:
            raise CombatError(f"the area is land or water, not {capture.area!r}")
        if capture.area not in target.moves_on:
            raise CombatError(f"{_a(capture.target)} cannot rest on {capture.area}")
        if capture.target not in mover.targets:
            raise CombatError(f"{_a(capture.mover)} cannot capture {_a(capture.target)} (VALUE OF PIECES)")
        if capture.area not in mover.moves_on:
            raise CombatError(f"{_a(capture.mover)} cannot reach {_a(capture.target)} resting on {capture.area} "
                              "(VALUE OF PIECES)")
        lines = (f"{self.name}: {_a(capture.mover)} captures {_a(capture.target)} on {capture.area}"
                 + (" resting on its own mine" if capture.on_own_mine else ""),
                 f"  mover: {capture.mover}, strength {self._strength(capture.mover, capture.target)}",
                 f"  target: {capture.target}, strength {self._strength(capture.target, capture.mover)}")
        if capture.on_own_mine and capture.area == "water" and capture.mover != AIRPLANE:
            return Plan(lines, None, f"No battle: {MINES_RULE}")
        energies = scaled_energies(self._strength(capture.mover, capture.target),
                                   self._strength(capture.target, capture.mover), self.max_energy)
        return Plan(lines, Entry(Force(mover.weapon, energies[0]), Force(target.weapon, energies[1])))

    def resolve(self, capture: Capture, result: Result) -> Outcome:
        plan = self.plan(capture)
        if plan.entry is None:
            raise CombatError(plan.decided)
        result.check(plan.entry)
        if result.winner == ATTACKER:
            summary = f"capture: {_the(capture.mover)} takes {_the(capture.target)}; its player keeps the piece."
        elif result.winner == DEFENDER:
            summary = (f"no capture: {_the(capture.target)} holds and the attacking {capture.mover.replace('-gun', ' gun')} is captured "
                       "by the target's player.")
        else:
            summary = (f"both pieces are destroyed: {_the(capture.mover)}'s player receives {_the(capture.target)} "
                       f"and {_the(capture.target)}'s player {_the(capture.mover)}, as in MINES.")
        return Outcome(f"{self.name}: {summary}",
                       {"captured": {ATTACKER: [capture.target], DEFENDER: [capture.mover],
                                     TIE: [capture.mover, capture.target]}[result.winner],
                        "winner": result.winner})
