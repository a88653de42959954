"""Sound with the VDC's sound register (issue 10, "Combat"): key clicks, motion, firing,
explosions, the sonar ding. A sound is heard when the frame's samples are not flat."""
import numpy as np

from conquest_helpers import landed, new_game, seconds, start_battle, to_entry


def heard(game, frames) -> int:
    """Frames of the next `frames` that make a sound."""
    count = 0
    for _ in range(frames):
        game.tick()
        count += int(np.ptp(game.machine.audio.astype(int)) > 0)
    return count


def test_a_key_clicks(game):
    to_entry(game)
    game.tick(30)
    assert heard(game, 10) == 0
    game.hold(keys={"R"})
    assert heard(game, 3) > 0


def test_firing_sounds():
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 9999), blue=("T", 9999))
    game.tick(seconds(game, 1))
    quiet = heard(game, 10)
    game.sticks(red={"fire"})
    loud = heard(game, 10)
    assert loud > quiet


def test_the_sonar_dings():
    landed("side_fire")
    game = start_battle(new_game(), red=("S", 9999), blue=("S", 9999))
    assert heard(game, seconds(game, 4)) > 0


def test_an_explosion_sounds():
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 40), blue=("T", 10))
    game.wait_for(lambda g: not g.blue.alive, seconds(game, 5))
    assert heard(game, 10) > 5


def test_motion_sounds():
    """Issue 10: sound for motion — a moving weapon is heard, a standing one is not."""
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 9999), blue=("T", 9999))
    game.tick(seconds(game, 2))
    standing = heard(game, 30)
    game.sticks(red={"up"})
    moving = heard(game, 30)
    assert moving > standing
