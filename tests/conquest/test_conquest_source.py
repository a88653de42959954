"""The assembly is split into files by concern (issue 10, "Write it in 8048 assembly under
cart/conquest/, split into files by concern (main loop and modes, keyboard entry, readouts and
text, terrain and playfields, one file per weapon, explosions/fireworks/flags, sound, RAM map)").

Where each routine was assembled from is read from the symbol file's line table (the file and
line that produced the bytes at each address), so this checks the built cartridge, not a guess
about the sources.
"""
import json
import re
from pathlib import Path

import pytest

from conquest_helpers import SYMBOLS, landed, symbols

SOURCE = Path(__file__).resolve().parents[2] / "cart" / "conquest"

# Each concern's file and routines of it that the cartridge must have assembled from that file.
CONCERNS = {
    "main.asm": ("frame", "wait_frame", "measure_region", "clear_ram"),        # main loop, modes
    "keys.asm": ("read_key", "read_sticks", "scan_keys"),                     # the keyboard
    "entry.asm": ("select_frame", "entry_frame", "entry_digit", "entry_enter"),  # keyboard entry
    "text.asm": ("show", "show_readouts", "draw_readout", "put_flag"),         # readouts, text
    "terrain.asm": ("battle_setup",),                                          # terrain
    "ground.asm": ("draw_terrain", "field_read"),                              # its picture
    "start.asm": ("combat_start", "start_side"),                               # a battle's start
    "draw.asm": ("combat_draw", "draw_battle", "draw_side"),                   # weapons, shots
    "playfields.asm": ("cell_of", "terrain_at"),                               # playfields
    "tank.asm": ("move_tank", "step_tank", "tank_fire", "shell_tree"),         # one file
    "sub.asm": ("move_sub", "step_sub", "sub_fire", "missile_held", "missile_let_go"),  # per
    "jet.asm": ("move_jet", "step_jet", "jet_fire"),                           # weapon
    "result.asm": ("go_result", "result_frame", "fireworks_draw"),             # fireworks, flags
    "sound.asm": ("sound_frame", "play_sound", "click", "crackle"),            # sound
    "wargame.asm": ("wargame_frame", "spin_energies"),                         # WAR GAME
}


def files_at(address):
    table = json.loads(SYMBOLS.read_text())
    return {Path(row["file"]).name for row in table["lines"] if row["address"] == address}


@pytest.mark.parametrize("name", sorted(CONCERNS))
def test_each_concern_is_assembled_from_its_own_file(name):
    landed(*CONCERNS[name])
    labels = symbols()
    for label in CONCERNS[name]:
        assert name in files_at(labels[label]), f"{label} is not assembled from {name}"


def test_each_weapon_file_holds_only_its_own_weapons_rules():
    """A weapon's file names no other weapon's routine (they meet only in weapons.asm)."""
    own = {"tank.asm": "tank", "sub.asm": "sub", "jet.asm": "jet"}
    routines = {f: set(CONCERNS[f]) for f in own}
    for name in own:
        text = (SOURCE / name).read_text()
        code = "\n".join(line.split(";", 1)[0] for line in text.splitlines())
        words = set(re.findall(r"[a-z_][a-z0-9_]*", code))
        for other in own:
            if other != name:
                assert not words & routines[other], f"{name} uses {words & routines[other]}"


def test_the_ram_map_is_one_file_naming_every_field():
    """'RAM map': ram.inc defines every field the game wrapper and the debugger read."""
    import tomllib
    fields = tomllib.loads((SOURCE / "state.toml").read_text())
    names = set()

    def collect(node):
        for key, value in node.items():
            if isinstance(value, dict):
                if "symbol" in value:
                    names.add(value["symbol"])
                collect(value)
            elif key == "symbol":
                names.add(value)
    collect(fields)
    ram = (SOURCE / "ram.inc").read_text()
    defined = set(re.findall(r"^([a-z_][a-z0-9_]*)\s+equ\b", ram, re.M))
    assert names, "state.toml names no symbol"
    assert names <= defined, sorted(names - defined)
