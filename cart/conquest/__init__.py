"""Conquest of the World, our cartridge (cart/conquest/*.asm -> roms_free/conquest.bin): the
Python side — the game wrapper, its RAM map loader and the bots that play it.

    from cart.conquest import Conquest
"""
from cart.conquest.statemap import Field, StateMap, StateMapError
from cart.conquest.wrapper import (MODES, SIDES, WEAPONS, Conquest, Side, Tally, rom_path,
                                   symbols_path)

__all__ = ["Conquest", "Side", "Tally", "StateMap", "StateMapError", "Field", "MODES", "SIDES",
           "WEAPONS", "rom_path", "symbols_path"]
