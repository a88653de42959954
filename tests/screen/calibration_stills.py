"""The stills a player captures for `board calibrate`, made by playing our cartridge in the emulator (with
any character ROM): two entry screens with typed entries that show every digit and S P T, SELECT GAME, the
WAR GAME readouts stopped, and a result. Each comes with what it shows, as the player would say it."""
import numpy as np

from cart.conquest import Conquest
from cart.conquest.bots import Bot, play_battle
from cart.conquest.wrapper import rom_path
from emu.odyssey2 import Odyssey2

ENTRIES = (("S", 2500, "T", 1234), ("P", 6789, "S", 9876))


def stills(charset: bytes | None = None) -> list[dict]:
    """[{"kind", "frame", and "red"/"blue" ("S2500") or "winner"}] as the console shows them."""
    out = []
    game = Conquest(Odyssey2(cart=rom_path(), charset=charset))
    game.tick(60)
    game.wait_for(lambda g: g.mode == "select", 120)
    game.tick(10)
    out.append({"kind": "select", "frame": np.array(game.machine.screen)})
    game.press("A")
    game.wait_for(lambda g: g.mode == "wargame", 60)
    game.tick(10)
    game.press("SPACE")
    game.tick(10)
    out.append({"kind": "wargame", "frame": np.array(game.machine.screen)})
    game = Conquest(Odyssey2(cart=rom_path(), charset=charset))
    game.tick(60)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 60)
    for red_weapon, red, blue_weapon, blue in ENTRIES:
        for side in "RB":                  # CLEAR the side's energy first: digits add to what is shown
            game.press(side)
            game.press("CLEAR")
        game.enter(red=(red_weapon, red), blue=(blue_weapon, blue), start=False)
        game.tick(10)
        out.append({"kind": "entry", "frame": np.array(game.machine.screen),
                    "red": f"{red_weapon}{red:04d}", "blue": f"{blue_weapon}{blue:04d}"})
    game.press("ENTER")
    game.wait_for(lambda g: g.mode == "combat", 60)
    winner = play_battle(game, Bot("red", seed=11), Bot("blue", seed=12))
    game.tick(20)
    out.append({"kind": "result", "frame": np.array(game.machine.screen), "winner": winner})
    return out
