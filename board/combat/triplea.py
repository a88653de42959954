"""TripleA's "Conquest of the World": one cartridge battle decides one whole TripleA battle.

What the rules show players (board/COMBAT.md quotes them): "There is only one unit, the "army", having
movement 1, defence 2 and attack 3"; the game "plays as per WWIIv1 rules" (each unit in combat rolls one die
and hits on its value or lower), except that "The defender fires before the attacker", "Casualties are removed
instantly (no fireback)" and "You can roll no more dice than the total current number of enemy units (no
overstack)". There are no sea battles: "You can move by land between all territories".

Mapping (board/COMBAT.md, "TripleA"):
- the attacker's chance of winning is computed exactly from that dice procedure (`win_chances`), rounds going
  on until one side has no unit left (one cartridge battle stands for the whole battle, so nobody retreats);
- the energies follow the chances: the likelier winner enters `max_energy`, the other its chance's share of it
  (an even battle is an even cartridge battle);
- the side whose weapon is destroyed loses every unit; the winner's survivors follow the energy it kept: the
  fraction of its energy left on the screen picks that quantile of its survivors, given that it wins;
- a cartridge tie (both weapons destroyed) is an outcome TripleA cannot give (the defender fires first and
  casualties never fire back, so one side always survives): the battle is fought again on the cartridge.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from .core import (ATTACKER, DEFENDER, TIE, CombatError, Entry, Fields, Force, Outcome, Plan, Result,
                   load_mapping, scaled_energies)

TERRAINS = ("land", "sea")
DIE_FACES = 6
UNIT_LIMIT = 300            # per side: the exact computation takes about a second of CPU at 300 against 300
NO_SEA = ('there are no sea battles in TripleA\'s Conquest of the World: "There is only one unit, the '
          '\"army\"" and "You can move by land between all territories sharing a border or connected by '
          'dotted lines"')


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


@dataclass(frozen=True)
class Chances:
    """What the dice give for one battle fought to its end: the attacker's chance of winning, and for each
    side the chance of winning with each number of survivors (index = survivors, index 0 unused)."""
    attacker: object                                  # Fraction or float
    survivors: dict[str, list]

    @property
    def defender(self):
        return 1 - self.attacker


def _binomial(n: int, p, dtype):
    """P(k hits) for n dice hitting with probability p each, k = 0..n (an ndarray)."""
    import numpy as np     # numpy only where a battle is worked out: `board` starts without it
    q = 1 - p
    return np.array([comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1)], dtype=dtype)


@lru_cache(maxsize=32, typed=True)   # plan and resolve of one battle ask for the same distribution
def win_chances(attackers: int, defenders: int, attack_hit, defence_hit) -> Chances:
    """The exact outcome distribution of a TripleA battle fought to its end.

    Each round the defender rolls one die per unit, at most as many as there are attacking units, each hitting
    with probability `defence_hit`; the hits are removed at once (no fireback); then the surviving attackers
    roll, at most as many dice as there are defending units, each hitting with probability `attack_hit`.
    Probabilities are Fractions (exact) or floats. The probability mass moves through the states (attackers,
    defenders) in decreasing order of their total; a round with no hit on either side comes back to its own
    state, which is solved for directly (a geometric series)."""
    import numpy as np
    dtype = object if isinstance(attack_hit, Fraction) else float
    zero = Fraction(0) if dtype is object else 0.0
    start = np.full((attackers + 1, defenders + 1), zero, dtype=dtype)    # mass at a round's start
    fired = np.full((attackers + 1, defenders + 1), zero, dtype=dtype)    # after the defender's fire
    start[attackers, defenders] = zero + 1
    dice = range(min(attackers, defenders) + 1)
    def_dice = [_binomial(n, defence_hit, dtype) for n in dice]
    att_dice = [_binomial(n, attack_hit, dtype) for n in dice]
    for total in range(attackers + defenders, 1, -1):
        for a in range(max(1, total - defenders), min(attackers, total - 1) + 1):
            d = total - a
            s_in, f_in = start[a, d], fired[a, d]
            if not (s_in or f_in):
                continue
            k = min(a, d)
            miss_d, miss_a = def_dice[k][0], att_dice[k][0]
            # s = s_in + miss_a * f and f = f_in + miss_d * s: the round with no hit comes back here.
            s = (s_in + miss_a * f_in) / (1 - miss_a * miss_d)
            f = f_in + miss_d * s
            fired[a - k:a, d] += s * def_dice[k][:0:-1]          # k hits down to 1
            start[a, d - k:d] += f * att_dice[k][:0:-1]
    won = {ATTACKER: [zero] + list(start[1:, 0]), DEFENDER: [zero] + list(fired[0, 1:])}
    return Chances(sum(won[ATTACKER]), won)


def quantile(weights: list, fraction) -> int:
    """The smallest index whose cumulative share of `weights` reaches `fraction` (0 < fraction <= 1)."""
    total, running = sum(weights), 0
    for index, weight in enumerate(weights):
        running += weight
        if weight and running >= fraction * total:
            return index
    return max(i for i, w in enumerate(weights) if w)


@dataclass
class TripleA:
    name: str
    max_energy: int
    units: dict[str, UnitType]

    @classmethod
    def load(cls, source="triplea") -> "TripleA":
        path, data = load_mapping(source)
        top = Fields(path, data)
        units = {name: UnitType(t.count("attack", 0, DIE_FACES), t.count("defence", 0, DIE_FACES),
                                t.weapon("weapon"))
                 for name, t in top.tables("units").items()}
        if not units:
            raise CombatError(f"{path}: units: at least one unit type is needed")
        return cls(top.get("name", str), top.max_energy(), units)

    # -- the battle ----------------------------------------------------------------------------

    def _check(self, battle: Battle) -> None:
        if battle.terrain not in TERRAINS:
            raise CombatError(f"terrain is land or sea, not {battle.terrain!r}")
        if battle.terrain == "sea":
            raise CombatError(NO_SEA)
        for side, units in ((ATTACKER, battle.attacker), (DEFENDER, battle.defender)):
            if not any(units.values()):
                raise CombatError(f"the {side} has no units: there is no battle")
            for unit, count in units.items():
                if unit not in self.units:
                    raise CombatError(f"{unit!r} is not a unit type of {self.name} "
                                      f"(known: {', '.join(self.units)})")
                if not 0 <= count <= UNIT_LIMIT:
                    raise CombatError(f"{count} {unit} is not a number of units this companion computes "
                                      f"(0 to {UNIT_LIMIT} a side)")
            if sum(1 for count in units.values() if count) > 1:
                raise CombatError(f"the {side} has units of more than one type: the chance is computed for "
                                  "one type a side (the rules' only unit is the army)")

    def _side(self, units: dict[str, int]) -> tuple[UnitType, int]:
        name = next(n for n, count in units.items() if count)
        return self.units[name], units[name]

    def chances(self, battle: Battle, exact: bool = False) -> Chances:
        """The dice's outcome distribution for `battle` (Fractions when `exact`, else floats)."""
        self._check(battle)
        (att, a), (dfn, d) = self._side(battle.attacker), self._side(battle.defender)
        hit = (lambda v: Fraction(v, DIE_FACES)) if exact else (lambda v: v / DIE_FACES)
        return win_chances(a, d, hit(att.attack), hit(dfn.defence))

    def plan(self, battle: Battle) -> Plan:
        self._check(battle)
        (att, _), (dfn, _) = self._side(battle.attacker), self._side(battle.defender)
        if att.attack == 0:
            raise CombatError("the attacker's units have no attack value: they cannot attack")
        if dfn.defence == 0:
            return Plan(self._describe(battle, None), None,
                        "No battle: the defender's units have no defence value; the attacker takes "
                        f"{battle.territory or 'the territory'} without losses.")
        chances = self.chances(battle)
        lines = self._describe(battle, chances)
        if chances.defender < 1 / self.max_energy / 2:
            return Plan(lines, None, f"No battle: the defender cannot win (its chance rounds to 0 of "
                                     f"{self.max_energy}); the attacker takes {battle.territory or 'the territory'}.")
        if chances.attacker < 1 / self.max_energy / 2:
            return Plan(lines, None, "No battle: the attacker cannot win (its chance rounds to 0 of "
                                     f"{self.max_energy}); the attack is beaten off.")
        a_energy, d_energy = scaled_energies(Fraction(chances.attacker), Fraction(chances.defender),
                                             self.max_energy)
        return Plan(lines, Entry(Force(att.weapon, a_energy), Force(dfn.weapon, d_energy)))

    def _describe(self, battle: Battle, chances: Chances | None) -> tuple[str, ...]:
        where = f" in {battle.territory}" if battle.territory else ""
        lines = [f"{self.name}: land battle{where}",
                 f"  attacker: {_units(battle.attacker)}",
                 f"  defender: {_units(battle.defender)}"]
        if chances is not None:
            lines.append(f"  the dice (defender first, no fireback): the attacker wins "
                         f"{100 * chances.attacker:.1f}%, the defender {100 * chances.defender:.1f}%")
        return tuple(lines)

    def resolve(self, battle: Battle, result: Result) -> Outcome:
        plan = self.plan(battle)
        if plan.entry is None:
            raise CombatError(plan.decided)
        result.check(plan.entry)
        place = battle.territory or "the territory"
        if result.winner == TIE:
            return Outcome(f"{self.name}: no result: a TripleA battle cannot end with both sides destroyed "
                           "(the defender fires first and casualties never fire back); fight this battle again "
                           "on the cartridge with the same entry.", {"again": True})
        units = {ATTACKER: sum(battle.attacker.values()), DEFENDER: sum(battle.defender.values())}
        winner = result.winner
        entered = plan.entry.attacker.energy if winner == ATTACKER else plan.entry.defender.energy
        kept = quantile(self.chances(battle).survivors[winner], Fraction(result.left(winner), entered))
        lost = dict(units)                     # the loser loses every unit
        lost[winner] = units[winner] - kept
        if winner == ATTACKER:
            held = (f"{place} is conquered and occupied by the {kept} surviving attacking "
                    f"unit{'' if kept == 1 else 's'}")
        else:
            held = f"the attack is beaten off; {place} stays the defender's"
        summary = (f"{self.name}: the attacker loses {lost[ATTACKER]} of {units[ATTACKER]} units, "
                   f"the defender {lost[DEFENDER]} of {units[DEFENDER]}; {held}. "
                   "Each owner chooses which of its units are the casualties.")
        return Outcome(summary, {"attacker_casualties": lost[ATTACKER], "defender_casualties": lost[DEFENDER],
                                 "conquered": winner == ATTACKER})


def _units(units: dict[str, int]) -> str:
    return ", ".join(f"{count} {name}" for name, count in units.items() if count)
