"""A war played by the bots on our cartridge, frame by frame: the frames and, for each, what the game's RAM
(the wrapper) said when the cartridge drew it (a frame shows what was in RAM at the VBLANK before it)."""
import numpy as np

from cart.conquest import Conquest
from cart.conquest.bots import Bot, play_battle
from cart.conquest.wrapper import rom_path
from emu.odyssey2 import Odyssey2


def snapshot(game) -> dict:
    red, blue = game.red, game.blue
    return {"mode": game.mode, "red_weapon": red.weapon, "blue_weapon": blue.weapon,
            "red_energy": red.energy, "blue_energy": blue.energy, "winner": game.winner}


def play_war(battles, seed: int = 1, result_frames: int = 90, entry_frames: int = 20, region: str = "ntsc",
             charset: bytes | None = None):
    """battles: [((red weapon, energy or None), (blue weapon, energy or None))]. Returns (frames, truths,
    winners): every frame from the first ENTER on (drawn with the character ROM `charset`, ours by default), the
    RAM state each one shows, each battle's winner."""
    m = Odyssey2(cart=rom_path(), region=region, charset=charset)
    game = Conquest(m)
    frames, truths, winners = [], [], []
    last = [snapshot(game)]

    def record(game):
        frames.append(np.array(m.screen))
        truths.append(last[0])
        last[0] = snapshot(game)

    game.tick(60)
    game.press("SPACE")
    for number, (red, blue) in enumerate(battles):
        if number:
            game.press("SPACE")            # halt the fireworks: back to the entry
        game.enter(red=red, blue=blue, start=False)
        last[0] = snapshot(game)
        for _ in range(entry_frames):      # the entry as typed, on screen a moment
            game.tick()
            record(game)
        game.press("ENTER")
        game.wait_for(lambda g: g.mode == "combat", 60)
        last[0] = snapshot(game)
        winners.append(play_battle(game, Bot("red", seed=seed + 2 * number),
                                   Bot("blue", seed=seed + 2 * number + 1), on_frame=record))
        for _ in range(result_frames):
            game.tick()
            record(game)
    return frames, truths, winners


def results_in_ram(truths):
    """Each battle's (winner, red energy, blue energy) as its result screen shows them in RAM."""
    results, previous = [], None
    for truth in truths:
        if truth["mode"] == "result" and previous != "result":
            results.append((truth["winner"], truth["red_energy"], truth["blue_energy"]))
        previous = truth["mode"]
    return results
