"""The debugger's `game` view: the decoded state of a cartridge that has a game wrapper.

A wrapper fits when the debugger's symbol file defines every symbol the wrapper's RAM map
(its state.toml) names, so a rebuilt cartridge anywhere on disk is recognised by its symbols,
not by its path or hash. GAMES lists the wrappers, each a class taking (machine, symbols=path)
with a describe() method.
"""
import importlib

from emu.errors import DebugError, O2Error

GAMES = ("cart.conquest:Conquest",)


def game_view(machine, symbols_path) -> str:
    if symbols_path is None:
        raise DebugError("game: no symbol file is loaded, so no game wrapper can read the "
                         "state (--symbols FILE.sym.json)")
    reasons = []
    for entry in GAMES:
        module, _, name = entry.partition(":")
        wrapper = getattr(importlib.import_module(module), name)
        try:
            return wrapper(machine, symbols=symbols_path).describe()
        except O2Error as e:
            reasons.append(f"{name}: {e}")
    raise DebugError(f"game: no game wrapper fits {symbols_path} ({'; '.join(reasons)})")
