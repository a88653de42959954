"""What every combat adapter shares: the cartridge's side of a battle (weapons and energies in, energies
left out), energies scaled to the strengths, the screen result checked, and the mapping files read.

The cartridge's readouts hold four digits, so an energy is 1-9999 when entered (the cartridge starts a
battle only with energy above 0 on both sides) and 0-9999 when read back.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path

from cart.files import TEXT_LIMIT, InputFileError, read_text

from ..toml_text import parse_toml

ENERGY_LIMIT = 9999
WEAPONS = {"T": "tank", "S": "sub", "P": "plane"}
ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"
WINNERS = (ATTACKER, DEFENDER, TIE)


class CombatError(ValueError):
    """A battle, result or mapping file that cannot be used; str() is the one-line message."""


class MappingError(CombatError):
    """A mapping or table file that cannot be used (names the file and the key)."""

    def __init__(self, path, key: str, reason: str):
        super().__init__(f"{path}: {key}: {reason}" if key else f"{path}: {reason}")


@dataclass(frozen=True)
class Force:
    """One side as entered on the cartridge."""
    weapon: str          # "T", "S" or "P"
    energy: int          # 1-9999


@dataclass(frozen=True)
class Entry:
    """What to type on the cartridge: the attacker on the left controller (red), the defender on the right."""
    attacker: Force
    defender: Force

    def keys(self) -> list[str]:
        """The keys in the order the manual gives them (rules 10C, 11B): side, weapon, energy; then ENTER."""
        return ["SPACE", "R", self.attacker.weapon, *str(self.attacker.energy),
                "B", self.defender.weapon, *str(self.defender.energy), "ENTER"]

    def lines(self) -> list[str]:
        a, d = self.attacker, self.defender
        return ["On the cartridge: press SPACE, then",
                f"  R {a.weapon} {a.energy:<5} attacker: {WEAPONS[a.weapon]}, left controller (red)",
                f"  B {d.weapon} {d.energy:<5} defender: {WEAPONS[d.weapon]}, right controller (blue)",
                "  and ENTER"]


@dataclass(frozen=True)
class Result:
    """A battle's end on the screen: who won (or a tie: both destroyed) and each side's energy left."""
    winner: str
    attacker_energy: int
    defender_energy: int

    @property
    def differential(self) -> int:
        """Attacker's energy left minus the defender's (the manual: "the differential between the onscreen
        energy units at the end of each battle")."""
        return self.attacker_energy - self.defender_energy

    def check(self, entry: Entry) -> "Result":
        if self.winner not in WINNERS:
            raise CombatError(f"the winner is attacker, defender or tie, not {self.winner!r}")
        for side, left, force in ((ATTACKER, self.attacker_energy, entry.attacker),
                                  (DEFENDER, self.defender_energy, entry.defender)):
            if not 0 <= left <= force.energy:
                raise CombatError(f"the {side} entered {force.energy} energy units: "
                                  f"{left} cannot be left on the screen")
        if self.winner != TIE and self.left(self.winner) == 0:
            raise CombatError(f"the {self.winner} cannot have won with 0 energy units left "
                              "(rule 12G: a player running out of energy units loses)")
        return self

    def left(self, side: str) -> int:
        return self.attacker_energy if side == ATTACKER else self.defender_energy

    def line(self) -> str:
        won = "a tie (both forces destroyed)" if self.winner == TIE else f"the {self.winner} won"
        return (f"Screen: {won}; {self.attacker_energy} energy units left to the attacker, "
                f"{self.defender_energy} to the defender")


@dataclass(frozen=True)
class Plan:
    """A battle in a game's terms turned into a cartridge entry (or decided by the game's own rules, when
    `entry` is None and `decided` says how)."""
    lines: tuple[str, ...]               # the battle described in the game's terms
    entry: Entry | None
    decided: str | None = None


@dataclass(frozen=True)
class Outcome:
    """The result in the game's own terms: a summary line and the game-specific facts for programs."""
    summary: str
    facts: dict


def exact_energies(attack: Fraction | int, defence: Fraction | int, max_energy: int) -> tuple[Fraction, Fraction]:
    """The stronger side's `max_energy` and the weaker side's exact share of it, in proportion to the
    strengths."""
    if attack <= 0 or defence <= 0:
        raise CombatError("both sides need a strength above 0 to fight a battle")
    strongest = max(attack, defence)
    return tuple(Fraction(max_energy) * Fraction(s) / Fraction(strongest) for s in (attack, defence))


def scaled_energies(attack: Fraction | int, defence: Fraction | int, max_energy: int) -> tuple[int, int]:
    """What the sides enter: their exact shares rounded to the nearest unit, at least 1 (the energies' ratio
    follows the strengths' ratio)."""
    return tuple(max(1, round_half_up(e)) for e in exact_energies(attack, defence, max_energy))


def round_half_up(value: Fraction) -> int:
    return int((Fraction(value) + Fraction(1, 2)).__floor__())


def load_mapping(name_or_path) -> tuple[Path | str, dict]:
    """A mapping file: a shipped one by name (board/data/combat/<name>.toml) or a path."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        shipped = resources.files("board").joinpath("data", "combat", f"{name_or_path}.toml")
        if not shipped.is_file():
            raise CombatError(f"no shipped combat mapping {name_or_path!r}")
        label = f"board/data/combat/{name_or_path}.toml"
        text = shipped.read_text(encoding="utf-8")
    else:
        label = path
        try:
            text = read_text(path, TEXT_LIMIT, "combat mapping")
        except InputFileError as err:
            raise MappingError(path, "", f"cannot read: {err.reason}") from None
    return label, parse_toml(text, lambda message: MappingError(label, "", message), "a combat mapping")


class Fields:
    """Typed access to one mapping file, each problem a MappingError naming the key."""

    def __init__(self, path, data: dict, prefix: str = ""):
        self.path, self.data, self.prefix = path, data, prefix

    def _key(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def get(self, key: str, kind, default=None):
        if key not in self.data:
            if default is None:
                raise MappingError(self.path, self._key(key), "missing")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            raise MappingError(self.path, self._key(key),
                               f"expected {kind.__name__}, found {type(value).__name__}")
        return value

    def count(self, key: str, low: int, high: int, default=None) -> int:
        value = self.get(key, int, default)
        if not low <= value <= high:
            raise MappingError(self.path, self._key(key), f"must be from {low} to {high}, not {value}")
        return value

    def weapon(self, key: str, allow_none: bool = False) -> str:
        value = self.get(key, str)
        if value in WEAPONS or (allow_none and value == ""):
            return value
        raise MappingError(self.path, self._key(key), f"weapon must be T, S or P, not {value!r}")

    def table(self, key: str) -> "Fields":
        return Fields(self.path, self.get(key, dict), f"{self._key(key)}.")

    def tables(self, key: str) -> dict[str, "Fields"]:
        return {name: self.table(key).table(name) for name in self.get(key, dict)}

    def max_energy(self) -> int:
        return self.count("max_energy", 1, ENERGY_LIMIT)


def strength(text: str, what: str) -> int:
    """A whole number typed by a player: ASCII digits only (no superscripts, no other scripts' digits)."""
    if not (text.isascii() and text.isdigit()):
        raise CombatError(f"{what}: {text!r} is not a whole number")
    return int(text)
