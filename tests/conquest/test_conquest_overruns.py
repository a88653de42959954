"""'Never misses a frame': the frame-overrun counter stays 0 through runs of random input on every
playfield and in every mode (issue 10, "The cartridge").

The default run is short (O2_SOAK_SECONDS=20 seconds of play per playfield) so `make test` stays
quick; a long soak is the same test with a larger figure, e.g. O2_SOAK_SECONDS=900.
"""
import os
import random

import pytest

from conquest_helpers import landed, new_game, seconds, start_battle
from emu.input import KEY_NAMES

SOAK_SECONDS = float(os.environ.get("O2_SOAK_SECONDS", "20"))
PAIRINGS = [("T", "T"), ("S", "S"), ("P", "P"), ("T", "S"), ("T", "P"), ("S", "P")]
BUTTONS = ("up", "right", "down", "left", "fire")


def random_stick(rng):
    return frozenset(b for b in BUTTONS if rng.random() < 0.3)


@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("red, blue", PAIRINGS, ids=[r + b for r, b in PAIRINGS])
def test_no_overrun_under_random_joysticks(red, blue, region):
    landed("side_fire")
    rng = random.Random(f"{red}{blue}")
    game = start_battle(new_game(region), red=(red, 9999), blue=(blue, 9999))
    frames = seconds(game, SOAK_SECONDS)
    battles = 1
    for frame in range(frames):
        if frame % rng.randint(2, 12) == 0:
            game.sticks(red=random_stick(rng), blue=random_stick(rng))
        game.tick()
        if game.mode != "combat":            # destroyed: the same pairing again
            game.sticks(red=(), blue=())
            game.tick(seconds(game, 1))
            game.press("SPACE")
            game.wait_for(lambda g: g.mode == "entry", 30)
            start_battle(game, red=(red, 9999), blue=(blue, 9999))
            battles += 1
    assert game.overruns == 0, f"{game.overruns} overruns in {frames} frames ({battles} battles)"


@pytest.mark.parametrize("region", ["ntsc", "pal"])
def test_no_overrun_under_random_keys_in_every_mode(region):
    landed()
    rng = random.Random(7)
    game = new_game(region)
    seen = set()
    for _ in range(seconds(game, SOAK_SECONDS)):
        if rng.random() < 0.2:
            game.hold(keys={rng.choice(KEY_NAMES)} if rng.random() < 0.7 else (),
                      red=random_stick(rng), blue=random_stick(rng))
        game.tick()
        seen.add(game.mode)
    assert game.overruns == 0
    assert len(seen) >= 3, seen
