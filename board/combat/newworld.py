"""Conquest of the New World III (a Diplomacy variant): a contested move, and the cartridge where it decides.

"all the rules of Diplomacy ... will apply" (rule 0): a unit's strength is 1 plus its valid supports; the
stronger side wins for certain and equal strengths bounce. Two ways to use the cartridge (board/COMBAT.md):
- "strength" (the default, faithful to Diplomacy): strength decides; only between equal strengths, where
  Diplomacy would bounce, a cartridge battle at equal energies decides instead;
- "battle" (a variant): every contest is a cartridge battle whose energies follow the strengths' ratio, so the
  weaker side may win.
A battle's result: the attacker wins: it moves in and a holding defender is dislodged; the defender wins: the
attacker bounces and the defender holds; a tie: a bounce, neither moves. A standoff (two units moving into
the same empty space) works the same way, except that the beaten unit simply stays where it was.
Refused: a battle in the Boxes (rule 5a), an A/F on a land space (rule 6a), an army on a sea space.
"""
from __future__ import annotations

from dataclasses import dataclass

from .core import (ATTACKER, DEFENDER, CombatError, Entry, Fields, Force, MappingError, Outcome, Plan,
                   Result, load_mapping, scaled_energies)

SUPPORT_LIMIT = 33      # a Diplomacy board holds at most 34 units: a move has at most 33 supports
MODES = ("strength", "battle")
TERRAINS = ("land", "sea", "islands")      # land: land and coastal spaces


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
    terrain: str = ""        # land, sea or islands; "" = islands for rule 9's islands, else land
    mode: str = "strength"   # MODES


@dataclass(frozen=True)
class UnitType:
    strength: int
    weapon: str
    moves: bool


class NewWorld:
    def __init__(self, name: str, max_energy: int, units: dict[str, UnitType], boxes: tuple[str, ...],
                 islands: tuple[str, ...] = ()):
        self.name, self.max_energy, self.units, self.boxes, self.islands = name, max_energy, units, boxes, islands

    @classmethod
    def load(cls, source="newworld3") -> "NewWorld":
        path, data = load_mapping(source)
        top = Fields(path, data)
        units = {name: UnitType(u.count("strength", 1, 100), u.weapon("weapon"), u.get("moves", bool))
                 for name, u in top.tables("units").items()}
        lists = {}
        for key in ("boxes", "islands"):
            lists[key] = top.get(key, list, [] if key == "islands" else None)
            if not all(isinstance(b, str) for b in lists[key]):
                raise MappingError(path, key, "expected a list of space names")
        return cls(top.get("name", str), top.max_energy(), units, tuple(lists["boxes"]), tuple(lists["islands"]))

    def _box(self, space: str) -> str | None:
        return next((b for b in self.boxes if b.casefold() == space.strip().casefold()), None)

    def terrain(self, contest: Contest) -> str:
        if contest.terrain:
            return contest.terrain
        known = any(i.casefold() == contest.space.strip().casefold() for i in self.islands)
        return "islands" if known else "land"

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
        if contest.mode not in MODES:
            raise CombatError(f"the mode is {' or '.join(MODES)}, not {contest.mode!r}")
        terrain = self.terrain(contest)
        if terrain not in TERRAINS:
            raise CombatError(f"the terrain is {', '.join(TERRAINS)}, not {terrain!r}")
        for role, unit in (("attacker", contest.attacker), ("defender", contest.defender)):
            if unit.kind == "army-fleet" and terrain == "land":
                raise CombatError(f"the {role}: an army-fleet cannot be on {contest.space}, a land space (rule 6a: "
                                  "\"A/F's may operate only in sea and islands spaces\"; one landing its army "
                                  "attacks as the army, rule 6b; give --terrain sea or islands for such a space)")
            if unit.kind in ("army", "indian-army") and terrain == "sea":
                raise CombatError(f"the {role}: an army cannot be on {contest.space}, a sea space (armies hold "
                                  "land and islands spaces, rule 9; at sea an army is part of an A/F, rule 6)")
        a, d = self.strength(contest.attacker), self.strength(contest.defender)
        held = "moving into it too" if contest.standoff else "holding it"
        lines = (f"{self.name}: a contested move into {contest.space} ({terrain})",
                 f"  attacker: {contest.attacker.kind} with {contest.attacker.supports} supports, strength {a}",
                 f"  defender: {contest.defender.kind} {held}, with {contest.defender.supports} supports, "
                 f"strength {d}")
        if contest.mode == "strength" and a != d:
            winner = ATTACKER if a > d else DEFENDER
            return Plan(lines, None, f"No battle: strength {a} against {d} decides, as in Diplomacy (the "
                        "cartridge decides only between equal strengths, where Diplomacy would bounce): "
                        + self._text(contest, winner))
        energies = scaled_energies(a, d, self.max_energy)
        return Plan(lines, Entry(Force(self.units[contest.attacker.kind].weapon, energies[0]),
                                 Force(self.units[contest.defender.kind].weapon, energies[1])))

    def resolve(self, contest: Contest, result: Result) -> Outcome:
        plan = self.plan(contest)
        if plan.entry is None:
            raise CombatError(plan.decided)
        result.check(plan.entry)
        return self.outcome(contest, result.winner)

    def outcome(self, contest: Contest, winner: str) -> Outcome:
        """The contest's end when `winner` (attacker, defender or tie) has won it, in Diplomacy's terms."""
        att, dfn = contest.attacker.kind, contest.defender.kind
        dislodged = dfn if winner == ATTACKER and not contest.standoff else None
        if winner == ATTACKER:
            holder = att
        elif winner == DEFENDER or not contest.standoff:
            holder = dfn
        else:
            holder = None
        return Outcome(f"{self.name}: {self._text(contest, winner)}",
                       {"holds": holder, "dislodged": dislodged, "bounce": winner == "tie"})

    def _text(self, contest: Contest, winner: str) -> str:
        space, att, dfn = contest.space, contest.attacker.kind, contest.defender.kind
        if winner == ATTACKER:
            if contest.standoff:
                text = f"the {att} moves into {space}; the {dfn} stays where it was."
            else:
                text = f"the {att} moves into {space}; the {dfn} is dislodged and must retreat"
                if contest.origin:
                    text += f", but not to {contest.origin}, where the attack came from"
                if dfn == "army-fleet":
                    text += " (rule 6f: if it retreats to a coastal space, its army is destroyed)"
                text += "."
        elif winner == DEFENDER:
            text = (f"the {dfn} moves into {space}; the {att} stays where it was." if contest.standoff
                    else f"the {att} bounces; the {dfn} holds {space}.")
        else:
            text = f"a bounce: neither unit moves into {space}." if contest.standoff else \
                f"a bounce: the {att} stays where it was and the {dfn} holds {space}."
        return text
