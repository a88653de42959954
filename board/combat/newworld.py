"""Conquest of the New World III (a Diplomacy variant): a contested move decided by a cartridge battle.

In Diplomacy a unit's strength is 1 plus its valid supports and equal strengths bounce. With the cartridge,
the strengths set the energies (their ratio follows the strengths' ratio) and the battle decides:
- the attacker wins: it moves in; a holding defender is dislodged and must retreat;
- the defender wins: the attacker bounces and the defender holds;
- a tie: a bounce, as for equal strengths: neither moves.
A standoff (two units moving into the same empty space) works the same way, except that the beaten unit
simply stays where it was. Rule 5a: no battle is ever fought in the Boxes.
"""
from __future__ import annotations

from dataclasses import dataclass

from .core import (ATTACKER, DEFENDER, CombatError, Entry, Fields, Force, MappingError, Outcome, Plan,
                   Result, load_mapping, scaled_energies)

SUPPORT_LIMIT = 33      # a Diplomacy board holds at most 34 units: a move has at most 33 supports


@dataclass(frozen=True)
class Unit:
    kind: str                # a unit type of the mapping: army, fleet, army-fleet, indian-army
    supports: int = 0


@dataclass(frozen=True)
class Contest:
    space: str
    attacker: Unit           # the unit moving into `space`
    defender: Unit           # the unit holding it, or (standoff) the other unit moving there
    standoff: bool = False
    origin: str = ""         # where the attacker moves from (for rule 5b)


@dataclass(frozen=True)
class UnitType:
    strength: int
    weapon: str
    moves: bool


class NewWorld:
    def __init__(self, name: str, max_energy: int, units: dict[str, UnitType], boxes: tuple[str, ...]):
        self.name, self.max_energy, self.units, self.boxes = name, max_energy, units, boxes

    @classmethod
    def load(cls, source="newworld3") -> "NewWorld":
        path, data = load_mapping(source)
        top = Fields(path, data)
        units = {name: UnitType(u.count("strength", 1, 100), u.weapon("weapon"), u.get("moves", bool))
                 for name, u in top.tables("units").items()}
        boxes = top.get("boxes", list)
        if not all(isinstance(b, str) for b in boxes):
            raise MappingError(path, "boxes", "expected a list of space names")
        return cls(top.get("name", str), top.max_energy(), units, tuple(boxes))

    def _box(self, space: str) -> str | None:
        return next((b for b in self.boxes if b.casefold() == space.strip().casefold()), None)

    def strength(self, unit: Unit) -> int:
        return self.units[unit.kind].strength + unit.supports

    def plan(self, contest: Contest) -> Plan:
        for role, unit in (("attacker", contest.attacker), ("defender", contest.defender)):
            if unit.kind not in self.units:
                raise CombatError(f"the {role}: {unit.kind!r} is not a unit of {self.name} "
                                  f"(units: {', '.join(self.units)})")
            if not 0 <= unit.supports <= SUPPORT_LIMIT:
                raise CombatError(f"the {role}: {unit.supports} supports is not possible (0 to {SUPPORT_LIMIT})")
        box = self._box(contest.space)
        if box:
            raise CombatError(f"no battle in {box}: rule 5a, \"Conflicts never occur there\"")
        for role, unit in (("attacker", contest.attacker),) + ((("defender", contest.defender),)
                                                               if contest.standoff else ()):
            if not self.units[unit.kind].moves:
                raise CombatError(f"the {role}: the {unit.kind} does not move (rule 10: the Indian Standing "
                                  "Armies \"do not move\")")
        a, d = self.strength(contest.attacker), self.strength(contest.defender)
        held = "moving into it too" if contest.standoff else "holding it"
        lines = (f"{self.name}: a contested move into {contest.space}",
                 f"  attacker: {contest.attacker.kind} with {contest.attacker.supports} supports, strength {a}",
                 f"  defender: {contest.defender.kind} {held}, with {contest.defender.supports} supports, "
                 f"strength {d}")
        energies = scaled_energies(a, d, self.max_energy)
        return Plan(lines, Entry(Force(self.units[contest.attacker.kind].weapon, energies[0]),
                                 Force(self.units[contest.defender.kind].weapon, energies[1])))

    def resolve(self, contest: Contest, result: Result) -> Outcome:
        plan = self.plan(contest)
        result.check(plan.entry)
        space, att, dfn = contest.space, contest.attacker.kind, contest.defender.kind
        dislodged = None
        if result.winner == ATTACKER:
            if contest.standoff:
                text = f"the {att} moves into {space}; the {dfn} stays where it was."
            else:
                dislodged = dfn
                text = f"the {att} moves into {space}; the {dfn} is dislodged and must retreat"
                if contest.origin:
                    text += f", but not to {contest.origin}, where the attack came from"
                if dfn == "army-fleet":
                    text += " (rule 6f: if it retreats to a coastal space, its army is destroyed)"
                text += "."
        elif result.winner == DEFENDER:
            text = (f"the {dfn} moves into {space}; the {att} stays where it was." if contest.standoff
                    else f"the {att} bounces; the {dfn} holds {space}.")
        else:
            text = f"a bounce: neither unit moves into {space}." if contest.standoff else \
                f"a bounce: the {att} stays where it was and the {dfn} holds {space}."
        if result.winner == ATTACKER:
            holder = att
        elif result.winner == DEFENDER or not contest.standoff:
            holder = dfn
        else:
            holder = None
        return Outcome(f"{self.name}: {text}", {"holds": holder, "dislodged": dislodged,
                                                "bounce": result.winner == "tie"})
