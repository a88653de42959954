"""After a battle: fireworks, white flags, SPACE back to the entry (issue 10, "After a battle";
the manual's "Submarine school" and rule 12)."""
import numpy as np
import pytest

from conquest_helpers import SETTLE_FRAMES, landed, seconds, start_battle

IDLE_LIMIT_S = 180


def idle_battle(game, red, blue):
    """A battle with both sticks left alone: it ends when energy runs out."""
    landed("side_fire")
    start_battle(game, red=red, blue=blue)
    game.wait_for(lambda g: g.mode == "result", seconds(game, IDLE_LIMIT_S), step=5)
    return game


@pytest.mark.parametrize("red_energy, blue_energy", [(40, 10), (40, 30)])
def test_a_side_that_reaches_zero_loses(game, red_energy, blue_energy):
    """'A side that reaches 0 loses the battle' (and rule 12G: running out of energy loses) —
    also when the other is only a little ahead: it wins with what it has left."""
    idle_battle(game, ("T", red_energy), ("T", blue_energy))
    assert game.winner == "red"
    assert game.blue.energy == 0 and not game.blue.alive
    assert game.red.energy > 0 and game.red.alive


def test_both_destroyed_is_a_tie(game):
    """Rule 12B: 'If both player's forces are destroyed in one of the battles, neither is
    considered a winner and that battle is a tie.'"""
    idle_battle(game, ("T", 10), ("T", 10))
    assert game.winner == "tie"
    assert not game.red.alive and not game.blue.alive


def test_space_halts_the_fireworks_and_keeps_the_energy(game):
    """'Press the SPACE bar to halt the fireworks. The computer is now ready to accept a new
    program entry by each player' — the war goes on with each side's energy left."""
    idle_battle(game, ("T", 40), ("T", 10))
    left = game.red.energy
    game.tick(seconds(game, 0.5))                      # fireworks going on
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", SETTLE_FRAMES)
    assert game.red.energy == left and game.blue.energy == 0
    assert game.red.weapon == "?" and game.blue.weapon == "?"    # new weapons to choose
    game.tick(2)
    above_the_bar = game.machine.screen[:180]          # halted: no fireworks, no playfield left
    colours = np.unique(above_the_bar.reshape(-1, 3), axis=0)
    assert len(colours) == 1, colours.tolist()


def test_new_weapons_keep_the_energy_and_digits_replace_it(game):
    idle_battle(game, ("T", 90), ("T", 30))
    red_left, blue_left = game.red.energy, game.blue.energy
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", SETTLE_FRAMES)
    game.enter(red="P", blue=("S", 2500), start=False)       # red: new weapon only
    assert (game.red.weapon, game.red.energy) == ("P", red_left)
    assert (game.blue.weapon, game.blue.energy) == ("S", 2500) and blue_left != 2500
    game.press("ENTER")
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)


def test_the_fireworks_sound(game):
    """Sound for the fireworks: the result screen is not silent."""
    import numpy as np
    idle_battle(game, ("T", 40), ("T", 10))
    loud = 0
    for _ in range(seconds(game, 2)):
        game.tick()
        loud += int(np.ptp(game.machine.audio.astype(int)) > 0)
    assert loud > 0


RED, BLUE, WHITE = (199, 81, 81), (92, 128, 246), (255, 255, 255)


def patch(screen, colour):
    """The bounding box (line0, line1, col0, col1) of the pixels of one colour in the lower third."""
    lines, columns = np.nonzero((screen[160:] == colour).all(axis=2))
    return 160 + lines.min(), 160 + lines.max() + 1, columns.min(), columns.max() + 1


def colour_of(screen, box):
    line0, line1, col0, col1 = box
    area = screen[line0:line1, col0:col1].reshape(-1, 3)
    colours, counts = np.unique(area, axis=0, return_counts=True)
    return tuple(int(v) for v in colours[counts.argmax()])


def flags(game):
    """Where the red and blue flags are, seen on the entry screen."""
    game.tick(2)
    return patch(game.machine.screen, RED), patch(game.machine.screen, BLUE)


def test_fireworks_at_the_winners_flag_and_a_white_flag_for_the_loser(game):
    """'A VICTORY won by either player will be celebrated by a fireworks display at that player's
    flag. The losing side will display a white flag.'"""
    from conquest_helpers import to_entry
    red_flag, blue_flag = flags(to_entry(game))
    idle_battle(game, ("T", 40), ("T", 10))
    game.tick(seconds(game, 0.5))
    above = {"red": 0, "blue": 0}          # pixels that change over each flag: the fireworks
    before = np.array(game.machine.screen)
    for _ in range(seconds(game, 2)):
        game.tick()
        screen = game.machine.screen
        for side, (line0, _, col0, col1) in (("red", red_flag), ("blue", blue_flag)):
            region = (slice(max(0, line0 - 60), line0 - 2), slice(max(0, col0 - 24), col1 + 24))
            above[side] += int((screen[region] != before[region]).any(axis=2).sum())
        before = np.array(screen)
    assert colour_of(game.machine.screen, red_flag) == RED
    assert colour_of(game.machine.screen, blue_flag) == WHITE
    assert above["red"] > 0 and above["blue"] == 0


def test_a_tie_shows_two_white_flags(game):
    """'If subs crash into each other ... Both sides will display a white flag.'"""
    from conquest_helpers import to_entry
    red_flag, blue_flag = flags(to_entry(game))
    idle_battle(game, ("T", 10), ("T", 10))
    game.tick(5)
    assert game.winner == "tie"
    assert colour_of(game.machine.screen, red_flag) == WHITE
    assert colour_of(game.machine.screen, blue_flag) == WHITE


def test_subs_that_crash_into_each_other_show_two_white_flags(game):
    """'If subs crash into each other, they will explode. Both sides will display a white flag.'"""
    from conquest_helpers import drive, to_entry
    red_flag, blue_flag = flags(to_entry(game))
    start_battle(game, red=("S", 2500), blue=("S", 2500))
    drive(game, "blue", game.red.x + 12, game.red.y)
    game.sticks(red={"right"}, blue={"left"})
    game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
    game.sticks(red=(), blue=())
    game.tick(5)
    assert game.winner == "tie"
    assert game.red.energy > 0 and game.blue.energy > 0             # crashed, not run out
    assert colour_of(game.machine.screen, red_flag) == WHITE
    assert colour_of(game.machine.screen, blue_flag) == WHITE
    # rule 12C: 'the winner is the player with the greatest number of energy units remaining on
    # the screen' — both readouts still show what is left
    from conquest_screen import readouts
    status_bar = game.machine.screen[200:]             # (the sea above is not its background)
    assert readouts(status_bar) == [game.red.energy, game.blue.energy]
