"""Combat adapters: the cartridge decides other war games' battles.

The manual: "Onscreen energy units can be programmed into the computer to reflect the relative strength
between different forces. The differential between the onscreen energy units at the end of each battle can also
be applied to the combat results tables that come with these games."

Each adapter turns a battle in its game's terms into a cartridge entry (`plan`), and a screen result back into
the game's terms (`resolve`). The game-specific numbers live in mapping files (board/data/combat/*.toml,
documented in board/COMBAT.md), not in code:

>>> from board.combat import load, Result
>>> from board.combat.triplea import Battle
>>> triplea = load("triplea")
>>> plan = triplea.plan(Battle(attacker={"army": 5}, defender={"army": 3}, territory="Ukraine"))
>>> plan.entry.keys()
['SPACE', 'R', 'T', '5', '0', '0', '0', 'B', 'T', '3', '8', '7', 'ENTER']
>>> triplea.resolve(Battle({"army": 5}, {"army": 3}, territory="Ukraine"),
...                 Result("attacker", 3100, 0)).facts
{'attacker_casualties': 1, 'defender_casualties': 3, 'conquered': True}
"""
from .conflict import Capture, Conflict
from .core import (ATTACKER, DEFENDER, ENERGY_LIMIT, TIE, CombatError, Entry, Force, MappingError, Outcome,
                   Plan, Result)
from .crt import Table
from .newworld import Contest, NewWorld, Unit
from .triplea import Battle, TripleA

ADAPTERS = {"triplea": TripleA, "conflict": Conflict, "newworld3": NewWorld, "crt": Table}


def load(game: str, mapping=None):
    """The adapter for `game` (triplea, conflict, newworld3, crt) with its shipped mapping, or `mapping` (a
    path to a .toml file in the same format)."""
    if game not in ADAPTERS:
        raise CombatError(f"no combat adapter for {game!r} (games: {', '.join(ADAPTERS)})")
    cls = ADAPTERS[game]
    return cls.load(mapping) if mapping else cls.load()


__all__ = ["ADAPTERS", "ATTACKER", "DEFENDER", "ENERGY_LIMIT", "TIE", "Battle", "Capture", "CombatError",
           "Conflict", "Contest", "Entry", "Force", "MappingError", "NewWorld", "Outcome", "Plan", "Result",
           "Table", "TripleA", "Unit", "load"]
