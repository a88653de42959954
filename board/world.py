"""The board: countries, zones, POWER BASE values, and "what if" scenarios that change them.

The board itself is board/data/world.toml. A scenario file (TOML) may rename countries
(`[rename]`, old = new), remove countries (`[scenario] remove`), set or add country values
(`[pbu]`; a new country is one listed in a zone with its value here), give a zone's full list
top to bottom (`[zones]`; a number after the last adds a zone, an empty list removes one and the
zones after it move up), change the WARCHEST's opening balance (`[scenario] warchest`) and set
the starting position (`[[side]]`, one per player in seating order: homeland, allied,
conquered, chips, and `pact`, a name shared by the sides in one player alliance). Every problem
is reported as a ScenarioError naming the file, the key and the reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from cart.files import TEXT_LIMIT, InputFileError, read_text

from .text import first_unprintable
from .toml_text import parse_toml

CHIP = 100  # the smallest PBU chip (white); every amount of chips is a multiple of it


class ScenarioError(ValueError):
    """A board or scenario file that cannot be used; str() is the one-line message."""

    def __init__(self, path: str, key: str, reason: str):
        where = f"{path}: {key}" if key else path
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Side:
    """A scenario's starting position for one player."""
    homeland: str
    allied: tuple[str, ...] = ()
    conquered: tuple[str, ...] = ()
    chips: int = 0
    pact: str = ""          # sides with the same pact name start in one player alliance (rule 18)


@dataclass(frozen=True)
class World:
    """The board in play: zones top to bottom as printed, values, bank, starting sides."""
    zones: tuple[tuple[str, ...], ...]
    pbu: dict[str, int]
    warchest: int
    sides: tuple[Side, ...] = ()
    name: str = "Conquest of the World"
    zone_index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __deepcopy__(self, memo):
        return self         # never changed once built: game states share it

    def __post_init__(self):
        object.__setattr__(self, "zone_index",
                           {c: z for z, members in enumerate(self.zones) for c in members})

    @property
    def countries(self) -> list[str]:
        return [c for members in self.zones for c in members]

    def zone_of(self, country: str) -> int:
        return self.zone_index[country]

    def homeland_sides(self, homeland: str) -> tuple[str, ...]:
        """The countries listed directly above and below `homeland` in its zone (rule 19A)."""
        members = self.zones[self.zone_of(homeland)]
        row = members.index(homeland)
        return tuple(members[r] for r in (row - 1, row + 1) if 0 <= r < len(members))

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "warchest": self.warchest,
            "zones": [[{"name": c, "pbu": self.pbu[c]} for c in members] for members in self.zones],
            "sides": [{"homeland": s.homeland, "allied": list(s.allied), "conquered": list(s.conquered),
                       "chips": s.chips, **({"pact": s.pact} if s.pact else {})} for s in self.sides],
        }

    @classmethod
    def from_dict(cls, data: dict, path: str = "<game>") -> "World":
        """Rebuild a world stored in a game log, checking it as strictly as a scenario file."""
        try:
            zones = [[(c["name"], c["pbu"]) for c in members] for members in data["zones"]]
            sides = [_side_from_table(path, f"sides[{i}]", s) for i, s in enumerate(data["sides"])]
            return _checked_world(path, zones, data["warchest"], sides, data["name"])
        except (KeyError, TypeError) as err:
            raise ScenarioError(path, "world", f"malformed board description ({err!r})") from None


def _zones_from_table(path: str, table: dict) -> tuple[list[list[tuple[str, int]]], int]:
    zones = []
    for z, zone in enumerate(_typed(path, "zone", table.get("zone"), list), start=1):
        members = _typed(path, f"zone[{z}].countries", zone.get("countries"), list)
        zones.append([(_typed(path, f"zone[{z}].countries.name", c.get("name"), str),
                       _typed(path, f"zone[{z}].countries.pbu", c.get("pbu"), int))
                      for c in members])
    game = _typed(path, "game", table.get("game", {}), dict)
    return zones, _typed(path, "game.warchest", game.get("warchest"), int)


def _typed(path: str, key: str, value, kind):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ScenarioError(path, key, f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def _names(path: str, key: str, value) -> tuple[str, ...]:
    items = _typed(path, key, value, list)
    return tuple(_typed(path, key, item, str) for item in items)


def _side_from_table(path: str, key: str, table) -> Side:
    table = _typed(path, key, table, dict)
    unknown = set(table) - {"homeland", "allied", "conquered", "chips", "pact"}
    if unknown:
        raise ScenarioError(path, f"{key}.{sorted(unknown)[0]}", "unknown key")
    return Side(homeland=_typed(path, f"{key}.homeland", table.get("homeland"), str),
                allied=_names(path, f"{key}.allied", table.get("allied", [])),
                conquered=_names(path, f"{key}.conquered", table.get("conquered", [])),
                chips=_typed(path, f"{key}.chips", table.get("chips", 0), int),
                pact=_typed(path, f"{key}.pact", table.get("pact", ""), str).strip())


def name_key(text: str) -> str:
    """How the table matches a typed name: any case, letters and digits only ("u.s.s.r" is U.S.S.R.)."""
    return re.sub(r"[\W_]", "", text.casefold())


def match_names(text: str, names) -> list[str]:
    """The names `text` may stand for: the one it spells (any case, letters and digits only), else those
    it begins, else those whose words it begins in order ("w germany" for West Germany)."""
    key = name_key(text)
    if not key:
        return []
    exact = [n for n in names if name_key(n) == key]
    if exact:
        return exact[:1]
    begun = [n for n in names if name_key(n).startswith(key)]
    if begun:
        return begun
    typed = _words(text)

    def word_starts(name: str) -> bool:
        words, i = _words(name), 0
        for t in typed:
            while i < len(words) and not words[i].startswith(t):
                i += 1
            if i == len(words):
                return False
            i += 1
        return True
    return [n for n in names if word_starts(n)]


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", text.casefold()) if w]


def _checked_world(path: str, zones: list[list[tuple[str, int]]], warchest: int,
                   sides: list[Side], name: str) -> World:
    pbu: dict[str, int] = {}
    keys: dict[str, str] = {}
    for z, members in enumerate(zones, start=1):
        if not members:
            raise ScenarioError(path, f"zone {z}", "a zone needs at least one country")
        for country, value in members:
            if country in pbu:
                raise ScenarioError(path, country, "country listed in two zones")
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ScenarioError(path, country, f"PBU value must be a whole number >= 1, not {value!r}")
            pbu[country] = value
            other = keys.setdefault(name_key(country), country)
            if other != country:
                raise ScenarioError(path, country, f"{country!r} and {other!r} differ only in case, spaces or "
                                                   "punctuation: the table matches names without them, so one "
                                                   "could never be named")
    if not isinstance(warchest, int) or warchest < 0 or warchest % CHIP:
        raise ScenarioError(path, "warchest", f"must be a non-negative multiple of {CHIP}")
    if sides and not 2 <= len(sides) <= 6:
        raise ScenarioError(path, "side", f"a scenario needs 2 to 6 sides, not {len(sides)}")
    held: dict[str, str] = {}
    for i, side in enumerate(sides, start=1):
        for role, names in (("homeland", (side.homeland,)), ("allied", side.allied),
                            ("conquered", side.conquered)):
            for country in names:
                key = f"side[{i}].{role}"
                if country not in pbu:
                    raise ScenarioError(path, key, f"unknown country {country!r}")
                if country in held:
                    raise ScenarioError(path, key, f"{country} is already held ({held[country]})")
                held[country] = key
        if side.chips < 0 or side.chips % CHIP:
            raise ScenarioError(path, f"side[{i}].chips", f"must be a non-negative multiple of {CHIP}")
    pacts: dict[str, list[int]] = {}
    for i, side in enumerate(sides, start=1):
        if side.pact:
            pacts.setdefault(side.pact, []).append(i)
    for pact, members in pacts.items():
        if len(members) < 2:
            raise ScenarioError(path, f"side[{members[0]}].pact", f"no other side is in the {pact!r} alliance")
        if len(members) == len(sides):
            raise ScenarioError(path, "side.pact", "an alliance of every side would leave no one to fight (rule 18C)")
    if sum(s.chips for s in sides) > warchest:
        raise ScenarioError(path, "side.chips", f"the sides' chips exceed the WARCHEST ({warchest})")
    return World(zones=tuple(tuple(c for c, _ in members) for members in zones), pbu=pbu,
                 warchest=warchest, sides=tuple(sides), name=name)


def _read_toml(path: Path) -> dict:
    try:
        text = read_text(path, TEXT_LIMIT, "scenario file")
    except InputFileError as err:
        raise ScenarioError(str(path), "", err.reason) from None
    return parse_toml(text, lambda message: ScenarioError(str(path), "", message), "a scenario", "TOML syntax: ")


def standard_world() -> World:
    """The board exactly as the manual prints it."""
    source = resources.files("board") / "data" / "world.toml"
    with resources.as_file(source) as path:
        table = _read_toml(path)
    zones, warchest = _zones_from_table(str(path), table)
    return _checked_world(str(path), zones, warchest, [], "Conquest of the World")


SCENARIO_KEYS = {"scenario", "rename", "pbu", "zones", "side"}
SCENARIO_PREFIX = "scenario-"


@dataclass(frozen=True)
class Shipped:
    """A scenario shipped in board/data: `board new --scenario KEY`."""
    key: str            # the file name without "scenario-" and ".toml"
    path: Path
    name: str
    question: str       # the manual's question it stages ([scenario] description)
    sides: int


def shipped_scenarios() -> list[Shipped]:
    import tomllib
    found = []
    for entry in sorted(resources.files("board").joinpath("data").iterdir(), key=lambda e: e.name):
        if entry.name.startswith(SCENARIO_PREFIX) and entry.name.endswith(".toml"):
            table = tomllib.loads(entry.read_text(encoding="utf-8"))
            meta = table.get("scenario", {})
            found.append(Shipped(entry.name[len(SCENARIO_PREFIX):-len(".toml")], Path(str(entry)),
                                 meta.get("name", entry.name), meta.get("description", ""),
                                 len(table.get("side", []))))
    return found


def find_scenario(text: str) -> Path:
    """A scenario file: a path that exists, or a shipped scenario by (part of) its key or name."""
    path = Path(text)
    if path.exists() or path.suffix == ".toml" or "/" in text:
        return path
    shipped = shipped_scenarios()
    keys = match_names(text, [s.key for s in shipped]) or match_names(text, [s.name for s in shipped])
    if len(keys) == 1:
        return next(s.path for s in shipped if keys[0] in (s.key, s.name))
    if keys:
        raise ScenarioError(text, "", f"could be any of the shipped scenarios: {', '.join(keys)}")
    raise ScenarioError(text, "", "no such file, and no shipped scenario of that name (board scenarios "
                                  f"lists them: {', '.join(s.key for s in shipped)})")


def load_scenario(path: str | Path) -> World:
    """The standard board with a scenario file's changes applied and validated."""
    name = str(path)
    table = _read_toml(Path(path))
    try:
        found = first_unprintable(table)
    except RecursionError:
        raise ScenarioError(name, "", "nested too deeply for a scenario") from None
    if found:
        raise ScenarioError(name, *found)
    unknown = set(table) - SCENARIO_KEYS
    if unknown:
        raise ScenarioError(name, sorted(unknown)[0], f"unknown table (expected one of {sorted(SCENARIO_KEYS)})")
    base = standard_world()
    meta = _typed(name, "scenario", table.get("scenario", {}), dict)
    unknown = set(meta) - {"name", "description", "warchest", "remove"}
    if unknown:
        raise ScenarioError(name, f"scenario.{sorted(unknown)[0]}", "unknown key")
    zones = [list(members) for members in base.zones]
    pbu = dict(base.pbu)
    # Renames first: everything after them uses the new names.
    renames = _typed(name, "rename", table.get("rename", {}), dict)
    for old, new in renames.items():
        new = _typed(name, f"rename.{old}", new, str).strip()
        if old not in base.pbu:
            raise ScenarioError(name, f"rename.{old}", "unknown country")
        if not new or (new in pbu and new not in renames) or list(renames.values()).count(new) > 1:
            raise ScenarioError(name, f"rename.{old}", f"{new!r} is not a new, unique name")
    renames = {old: new.strip() for old, new in renames.items()}
    zones = [[renames.get(c, c) for c in members] for members in zones]
    pbu = {renames.get(c, c): v for c, v in pbu.items()}
    for country in _names(name, "scenario.remove", meta.get("remove", [])):
        if country not in pbu:
            raise ScenarioError(name, "scenario.remove", f"unknown country {country!r}")
        del pbu[country]
        zones = [[c for c in members if c != country] for members in zones]
    values = _typed(name, "pbu", table.get("pbu", {}), dict)
    listed = {c for members in _typed(name, "zones", table.get("zones", {}), dict).values()
              if isinstance(members, list) for c in members if isinstance(c, str)}
    for country, value in values.items():
        if country not in pbu and country not in listed:
            raise ScenarioError(name, f"pbu.{country}", "unknown country (a new country is listed in [zones] too)")
        pbu[country] = value
    numbered = _typed(name, "zones", table.get("zones", {}), dict)
    def number_of(key: str) -> int:
        return int(key) if key.isascii() and key.isdigit() and len(key) < 6 else -1
    for number in sorted(numbered, key=number_of):
        if not 1 <= number_of(number) <= len(zones) + 1:
            raise ScenarioError(name, f"zones.{number}", f"zone number must be 1 to {len(zones)}, "
                                                         f"or {len(zones) + 1} for a new zone")
        members = _names(name, f"zones.{number}", numbered[number])
        for country in members:
            if country not in pbu:
                raise ScenarioError(name, f"zones.{number}", f"unknown country {country!r} "
                                                             f"(a new country needs its value in [pbu])")
        if int(number) > len(zones):
            zones.append([])
        zones[int(number) - 1] = list(members)
    zones = [members for members in zones if members]           # an emptied zone is removed
    placed = [c for members in zones for c in members]
    for country in pbu:
        if placed.count(country) == 0:
            raise ScenarioError(name, "zones", f"{country} is in no zone")
        if placed.count(country) > 1:
            raise ScenarioError(name, "zones", f"{country} is in more than one zone")
    sides = [_side_from_table(name, f"side[{i}]", s)
             for i, s in enumerate(_typed(name, "side", table.get("side", []), list), start=1)]
    warchest = meta.get("warchest", base.warchest)
    return _checked_world(name, [[(c, pbu[c]) for c in members] for members in zones],
                          warchest, sides, _typed(name, "scenario.name", meta.get("name", name), str))
