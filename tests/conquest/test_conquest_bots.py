"""The bots (cart/conquest/bots.py) play every pairing to a finish, headless and deterministic:
the same seeds give the same battle frame for frame."""
import hashlib

import pytest

from conquest_helpers import landed, new_game, seconds, start_battle
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


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("red, blue", [("T", "S"), ("P", "P")])
def test_every_level_plays_to_a_finish(level, red, blue):
    landed("side_fire")
    game = start_battle(new_game(), red=(red, 300), blue=(blue, 300))
    winner = play_battle(game, Bot("red", seed=3, level=level), Bot("blue", seed=4, level=level))
    assert winner in ("red", "blue", "tie") and game.overruns == 0


def test_a_bot_has_one_of_three_levels():
    with pytest.raises(ValueError, match="level must be one of"):
        Bot("red", level=4)


def test_a_bot_does_not_see_a_submerged_sub_between_the_pings():
    """A bot knows what the screen shows: a sub moving under water is not followed until the
    sonar's ding shows it (README: the first ding 2 s into the battle)."""
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 2500), blue=("S", 2500))
    bot = Bot("red", seed=1, level=3)
    for _ in range(20):                                    # the sub at its start, periscope up
        game.sticks(red=bot.decide(game))
        game.tick()
    seen_at = bot.known
    assert seen_at is not None
    game.sticks(blue={"left"})                             # it dives and moves away
    for _ in range(seconds(game, 1.2)):
        game.sticks(red=bot.decide(game))
        game.tick()
    assert game.blue.submerged and game.blue.x != seen_at[0] - 4
    assert bot.known == seen_at, "the bot followed a sub it could not see"
