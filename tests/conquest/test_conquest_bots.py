"""The bots (cart/conquest/bots.py) play every pairing to a finish, headless and deterministic:
the same seeds give the same battle frame for frame."""
import hashlib

import pytest

from conquest_helpers import HEADING_STICK, landed, new_game, seconds, start_battle
from cart.conquest.bots import Bot, heading_to, play_battle

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


def open_land_tank(level):
    """A bot driving a tank on open land (no game: its ground and kinds set by hand)."""
    from cart.conquest.bots import Ground
    bot = Bot("red", seed=1, level=level)
    bot.ground, bot.kind, bot.enemy_kind = Ground(bytes(16)), "T", "T"
    return bot


def shell(u, v, heading, steps=40):
    from cart.conquest.bots import Seen
    return Seen(u=0, v=0, shown=True, alive=True, shot=steps, shot_u=u, shot_v=v, shot_heading=heading,
                heading=heading)


def test_a_level_3_tank_steps_off_a_shell_the_near_way_and_keeps_that_way():
    """A shell flying right (heading 2) along the row 1 step above the tank's middle: the near way off
    its line is down (heading 4); the bot keeps it while the shell comes (a side chosen afresh every
    frame would only shuffle on the line) and stops once off the line."""
    from cart.conquest.bots import Seen, HIT_U
    bot = open_land_tank(3)
    me = Seen(u=80, v=50, shown=True, alive=True, shot=0, shot_u=0, shot_v=0, shot_heading=0, heading=6)
    ways = []
    for frame in range(12):
        me.v = 50 + frame // 3                          # a tank's step down every third frame
        ways.append(bot._dodge(me, shell(40 + frame * 1.5, 49, 2)))
    off = [w for w, frame in zip(ways, range(12)) if 50 + frame // 3 - 49 <= HIT_U + 3]
    assert off and set(off) == {4}


def test_a_level_1_tank_that_misses_a_shell_coming_does_not_dodge_it_later():
    """Whether a shell is dodged is decided once, when it is seen coming: at level 1 (dodge 0.2)
    some shells are never dodged, and those that are, are dodged from the first frame on."""
    from cart.conquest.bots import Seen
    never = always = 0
    for seed in range(40):
        bot = open_land_tank(1)
        bot.rng.seed(seed)
        me = Seen(u=80, v=50, shown=True, alive=True, shot=0, shot_u=0, shot_v=0, shot_heading=0, heading=6)
        ways = [bot._dodge(me, shell(40 + frame * 1.5, 50, 2)) for frame in range(10)]
        never += all(w is None for w in ways)
        always += all(w is not None for w in ways)
        assert all(w is None for w in ways) or all(w is not None for w in ways), ways
    assert never > always > 0


def test_a_level_3_tank_does_not_press_fire_while_its_gun_reloads():
    """A shot that ended shows its explosion for a second and its weapon fires again only after that
    (README "Battles"); a level 3 player watches it and moves meanwhile instead of pressing fire."""
    from cart.conquest.bots import SIDE_BLOCK, SIDE_SHOT_BOOM
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 2500), blue=("T", 2500))
    red, blue = Bot("red", seed=10, level=3), Bot("blue", seed=11, level=1)
    booms = pressed_in_boom = 0
    while game.mode == "combat":
        reloading = game.machine.xram[SIDE_BLOCK["red"] + SIDE_SHOT_BOOM] != 0
        buttons = red.decide(game)
        booms += reloading
        pressed_in_boom += reloading and "fire" in buttons
        game.sticks(red=buttons, blue=blue.decide(game))
        game.tick()
    assert booms > 0 and pressed_in_boom == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_level_3_sub_goes_deep_when_the_enemy_missile_comes(seed):
    """A sub deep below is out of a missile's reach (README, "Battles"): the good player's sub keeps
    moving while the enemy's missile comes near, letting its own go if it was steering one."""
    from conquest_helpers import drive, symbols
    from conquest_terrain import Field
    landed("side_fire")
    game = start_battle(new_game(), red=("S", 9999), blue=("S", 9999))
    f = Field(int(game.machine.xram[symbols()["battle_field"]]))
    drive(game, "red", *f.xy(7, 1))                     # 24 steps above blue's start cell (8, 3)
    bot = Bot("blue", seed=seed, level=3)
    near = []
    for frame in range(seconds(game, 2.5)):
        red, blue = game.red, game.blue
        steer = {"fire"} if frame < 4 else {"fire", *HEADING_STICK[heading_to(
            blue.x + 4 - red.shot_x, (blue.y + 8 - red.shot_y) / 2)]}
        game.sticks(red=steer, blue=bot.decide(game))
        game.tick()
        if frame > 4 and not (red.shot_state and blue.alive):
            break
        if frame > 20 and max(abs(blue.x + 4 - red.shot_x), abs(blue.y + 8 - red.shot_y) / 2) <= 12:
            near.append(bool(blue.submerged))
    assert near, "red's missile never came near blue"
    assert all(near), f"blue stood at periscope depth in {near.count(False)} of {len(near)} frames"
