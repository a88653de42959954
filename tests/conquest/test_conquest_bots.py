"""The bots (cart/conquest/bots.py) play every pairing to a finish, headless and deterministic:
the same seeds give the same battle frame for frame."""
import hashlib

import pytest

from conquest_helpers import landed, new_game, start_battle
from cart.conquest.bots import Bot, play_battle

WEAPONS = "TSP"
PAIRINGS = [(r, b) for r in WEAPONS for b in WEAPONS]


def bot_battle(red, blue, seed=5):
    landed("side_fire")
    game = start_battle(new_game(), red=(red, 2500), blue=(blue, 2500))
    frames = []
    winner = play_battle(game, Bot("red", seed=seed), Bot("blue", seed=seed + 1),
                         on_frame=lambda g: frames.append(hashlib.sha256(g.machine.screen.tobytes()).digest()))
    return game, winner, frames


@pytest.mark.parametrize("red, blue", PAIRINGS, ids=[r + b for r, b in PAIRINGS])
def test_bots_play_every_pairing_to_a_finish(red, blue):
    game, winner, frames = bot_battle(red, blue)
    assert winner in ("red", "blue", "tie") and game.mode == "result"
    assert game.red.energy > 0 or game.blue.energy > 0 or winner == "tie"
    assert game.overruns == 0


def test_the_same_seeds_play_the_same_battle():
    _, winner_a, frames_a = bot_battle("P", "T", seed=9)
    _, winner_b, frames_b = bot_battle("P", "T", seed=9)
    assert winner_a == winner_b and frames_a == frames_b
