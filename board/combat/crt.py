"""Combat results tables (Avalon Hill / SPI style): odds column x energy differential row.

The attacker-to-defender strength ratio picks the column (rounded down to the nearest column, in the
defender's favour, and clamped to the table); the differential of the energies left on the screen (attacker
minus defender) picks the row. The table file's format is documented in board/data/combat/crt-example.toml
and board/COMBAT.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .core import (ENERGY_LIMIT, CombatError, Entry, Fields, Force, MappingError, Outcome, Plan, Result,
                   load_mapping, scaled_energies)

STRENGTH_LIMIT = 10**6


@dataclass(frozen=True)
class Odds:
    text: str
    ratio: Fraction


@dataclass(frozen=True)
class Battle:
    attack: int
    defence: int
    weapons: tuple[str, str] = ("T", "T")      # the table does not care; players pick by terrain


class Table:
    def __init__(self, name: str, max_energy: int, odds: list[Odds], rows: list[tuple[int, int, list[str]]],
                 results: dict[str, str]):
        self.name, self.max_energy, self.odds, self.rows, self.results = name, max_energy, odds, rows, results

    @classmethod
    def load(cls, source="crt-example") -> "Table":
        path, data = load_mapping(source)
        top = Fields(path, data)
        odds = [_odds(path, i, text) for i, text in enumerate(top.get("odds", list))]
        if not odds or any(b.ratio <= a.ratio for a, b in zip(odds, odds[1:])):
            raise MappingError(path, "odds", "needs at least one column, weakest odds first")
        results = top.get("results", dict)
        if not results or not all(isinstance(v, str) for v in results.values()):
            raise MappingError(path, "results", "needs each result code's meaning as a string")
        rows, expected = [], -ENERGY_LIMIT
        for number, raw in enumerate(top.get("rows", list), 1):
            if not isinstance(raw, dict):
                raise MappingError(path, f"rows[{number}]", "expected a table")
            row = Fields(path, raw, f"rows[{number}].")
            low, high = row.get("from", int), row.get("to", int)
            if low != expected or high < low:
                raise MappingError(path, f"rows[{number}]", f"must start at {expected} and not end before it")
            codes = row.get("results", list)
            if len(codes) != len(odds) or any(code not in results for code in codes):
                raise MappingError(path, f"rows[{number}].results",
                                   f"needs {len(odds)} codes, each one of {', '.join(results)}")
            rows.append((low, high, codes))
            expected = high + 1
        if expected != ENERGY_LIMIT + 1:
            raise MappingError(path, "rows", f"must cover the differential from -{ENERGY_LIMIT} to {ENERGY_LIMIT}")
        table = cls(top.get("name", str), top.max_energy(), odds, rows, results)
        table._check_monotone(path)
        return table

    def _rank(self, code: str) -> int:
        return list(self.results).index(code)

    def _check_monotone(self, path) -> None:
        """More odds or a larger differential never gives the attacker a worse result."""
        for r, (low, _, codes) in enumerate(self.rows):
            for c, code in enumerate(codes):
                if c and self._rank(code) < self._rank(codes[c - 1]):
                    raise MappingError(path, f"rows[{r + 1}].results", f"{code} at {self.odds[c].text} is worse "
                                       f"for the attacker than {codes[c - 1]} at {self.odds[c - 1].text}")
                if r and self._rank(code) < self._rank(self.rows[r - 1][2][c]):
                    raise MappingError(path, f"rows[{r + 1}].results", f"{code} at {self.odds[c].text} is worse "
                                       f"for the attacker than {self.rows[r - 1][2][c]} one row above")

    def column(self, attack: int, defence: int) -> Odds:
        ratio = Fraction(attack, defence)
        eligible = [o for o in self.odds if o.ratio <= ratio]
        return eligible[-1] if eligible else self.odds[0]

    def _check(self, battle: Battle) -> None:
        for what, value in (("attack", battle.attack), ("defence", battle.defence)):
            if not 1 <= value <= STRENGTH_LIMIT:
                raise CombatError(f"the {what} strength must be from 1 to {STRENGTH_LIMIT}, not {value}")

    def plan(self, battle: Battle) -> Plan:
        self._check(battle)
        energies = scaled_energies(battle.attack, battle.defence, self.max_energy)
        odds = self.column(battle.attack, battle.defence)
        lines = (f"{self.name}: attack {battle.attack} against defence {battle.defence}, "
                 f"odds column {odds.text}",)
        return Plan(lines, Entry(Force(battle.weapons[0], energies[0]), Force(battle.weapons[1], energies[1])))

    def resolve(self, battle: Battle, result: Result) -> Outcome:
        plan = self.plan(battle)
        result.check(plan.entry)
        odds = self.column(battle.attack, battle.defence)
        diff = result.differential
        row = next(codes for low, high, codes in self.rows if low <= diff <= high)
        code = row[self.odds.index(odds)]
        return Outcome(f"{self.name}: odds {odds.text}, differential {diff:+d}: {code} ({self.results[code]})",
                       {"code": code, "odds": odds.text, "differential": diff})


def _odds(path, index: int, text) -> Odds:
    parts = text.split("-") if isinstance(text, str) else []
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and int(p) > 0 for p in parts):
        raise MappingError(path, f"odds[{index + 1}]", f"expected \"a-b\" with whole numbers above 0, found {text!r}")
    return Odds(text, Fraction(int(parts[0]), int(parts[1])))
