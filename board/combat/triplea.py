"""TripleA's "Conquest of the World": one cartridge battle decides one whole TripleA battle.

The shared rules: each active unit "rolls 1 six-sided dice, hitting on a number equal or lower than its
defence or attack value"; rounds go on until "all attacker units are removed, all defender units are removed
(the invaded territory is conquered and occupied by all surviving attacking units) or the attacker retreats".
Mapping (board/COMBAT.md):
- strength of a side = the sum of its units' attack values (attacker) or defence values (defender): units held
  in reserve by the no-overstack rule still fight in later rounds, so every unit counts;
- the side whose weapon is destroyed loses all its units; in a tie both do and nothing is conquered;
- the winner keeps round(units x energy left / its share of the energies) of its units (at least 1; the share
  before rounding to what is typed): the energy it spent is the casualties it took on the way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .core import (ATTACKER, DEFENDER, TIE, CombatError, Entry, Fields, Force, Outcome, Plan, Result,
                   exact_energies, load_mapping, round_half_up, scaled_energies)

TERRAINS = ("land", "sea")
UNIT_LIMIT = 9999


@dataclass(frozen=True)
class Battle:
    attacker: dict[str, int]           # unit type -> count
    defender: dict[str, int]
    terrain: str = "land"
    territory: str = ""


@dataclass(frozen=True)
class UnitType:
    attack: int
    defence: int
    weapon: str


@dataclass
class TripleA:
    name: str
    max_energy: int
    units: dict[str, UnitType]
    terrain_weapon: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, source="triplea") -> "TripleA":
        path, data = load_mapping(source)
        top = Fields(path, data)
        units = {name: UnitType(t.count("attack", 0, 6), t.count("defence", 0, 6), t.weapon("weapon"))
                 for name, t in top.tables("units").items()}
        if not units:
            raise CombatError(f"{path}: units: at least one unit type is needed")
        terrain = top.table("terrain")
        return cls(top.get("name", str), top.max_energy(), units,
                   {t: terrain.weapon(t, allow_none=True) for t in TERRAINS})

    # -- the battle ----------------------------------------------------------------------------

    def _check(self, battle: Battle) -> None:
        if battle.terrain not in TERRAINS:
            raise CombatError(f"terrain is land or sea, not {battle.terrain!r}")
        for side, units in ((ATTACKER, battle.attacker), (DEFENDER, battle.defender)):
            if not any(units.values()):
                raise CombatError(f"the {side} has no units: there is no battle")
            for unit, count in units.items():
                if unit not in self.units:
                    raise CombatError(f"{unit!r} is not a unit type of {self.name} "
                                      f"(known: {', '.join(self.units)})")
                if not 0 <= count <= UNIT_LIMIT:
                    raise CombatError(f"{count} {unit} is not a number of units (0 to {UNIT_LIMIT})")

    def strength(self, side: str, units: dict[str, int]) -> int:
        value = (lambda u: u.attack) if side == ATTACKER else (lambda u: u.defence)
        return sum(value(self.units[name]) * count for name, count in units.items())

    def _weapon(self, side: str, battle: Battle) -> str:
        fixed = self.terrain_weapon.get(battle.terrain, "")
        if fixed:
            return fixed
        units = battle.attacker if side == ATTACKER else battle.defender
        value = (lambda u: u.attack) if side == ATTACKER else (lambda u: u.defence)
        # The unit type that carries most of the side's strength (ties: the first listed in the mapping).
        best = max((n for n in self.units if units.get(n)),
                   key=lambda n: (value(self.units[n]) * units[n], -list(self.units).index(n)))
        return self.units[best].weapon

    def plan(self, battle: Battle) -> Plan:
        self._check(battle)
        att, dfn = self.strength(ATTACKER, battle.attacker), self.strength(DEFENDER, battle.defender)
        if att == 0:
            raise CombatError("the attacker's units have no attack value: they cannot attack")
        if dfn == 0:
            return Plan(self._describe(battle, att, dfn), None,
                        "No battle: the defender's units have no defence value; the attacker takes "
                        f"{battle.territory or 'the territory'} without losses.")
        a_energy, d_energy = scaled_energies(att, dfn, self.max_energy)
        entry = Entry(Force(self._weapon(ATTACKER, battle), a_energy),
                      Force(self._weapon(DEFENDER, battle), d_energy))
        return Plan(self._describe(battle, att, dfn), entry)

    def _describe(self, battle: Battle, att: int, dfn: int) -> tuple[str, ...]:
        where = f" in {battle.territory}" if battle.territory else ""
        return (f"{self.name}: {battle.terrain} battle{where}",
                f"  attacker: {_units(battle.attacker)}, strength {att} (attack values)",
                f"  defender: {_units(battle.defender)}, strength {dfn} (defence values)")

    def resolve(self, battle: Battle, result: Result) -> Outcome:
        plan = self.plan(battle)
        if plan.entry is None:
            raise CombatError(plan.decided)
        result.check(plan.entry)
        units = {ATTACKER: sum(battle.attacker.values()), DEFENDER: sum(battle.defender.values())}
        lost = dict(units)                     # the loser, or both in a tie, lose every unit
        if result.winner != TIE:
            # The winner's share of the energies before rounding: a side's survivors then never fall when it
            # gets stronger (the rounding of what is typed would make them wobble by one).
            shares = exact_energies(self.strength(ATTACKER, battle.attacker),
                                    self.strength(DEFENDER, battle.defender), self.max_energy)
            share = shares[0] if result.winner == ATTACKER else shares[1]
            kept = max(1, round_half_up(Fraction(units[result.winner] * result.left(result.winner)) / share))
            lost[result.winner] = units[result.winner] - kept
        place = battle.territory or "the territory"
        if result.winner == ATTACKER:
            held = f"{place} is conquered and occupied by the {units[ATTACKER] - lost[ATTACKER]} surviving attacking units"
        elif result.winner == DEFENDER:
            held = f"the attack is beaten off; {place} stays the defender's"
        else:
            held = f"both forces are destroyed; {place} is not conquered (no attacking unit survives)"
        summary = (f"{self.name}: the attacker loses {lost[ATTACKER]} of {units[ATTACKER]} units, "
                   f"the defender {lost[DEFENDER]} of {units[DEFENDER]}; {held}. "
                   "Each owner chooses which of its units are the casualties.")
        return Outcome(summary, {"attacker_casualties": lost[ATTACKER], "defender_casualties": lost[DEFENDER],
                                 "conquered": result.winner == ATTACKER})


def _units(units: dict[str, int]) -> str:
    return ", ".join(f"{count} {name}" for name, count in units.items() if count)
