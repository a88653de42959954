"""Submarine school (the manual's words; issue 10, "Combat")."""
import numpy as np

from conquest_helpers import drive, drive_facing, landed, new_game, seconds, start_battle
from conquest_terrain import WATER, Field


def battle(red="S", blue="S"):
    landed("side_fire")
    return start_battle(new_game(), red=(red, 9999), blue=(blue, 9999))


def sprite_pixels(game, side):
    """Lit pixels of the side's colour in the box its sprite covers (column 2 (X + 5), line Y)."""
    s = game.side(side)
    box = game.machine.screen[s.y:s.y + 16, 2 * (s.x + 5):2 * (s.x + 5) + 16]
    colour = (199, 81, 81) if side == "red" else (92, 128, 246)    # luminous red / blue
    return int((box == colour).all(axis=2).sum())


def test_the_sub_submerges_to_travel_and_comes_up_when_the_stick_is_centred():
    """'The sub will automatically submerge and travel in the direction indicated by the joystick.
    Return the joystick to the center or neutral position to "Up Periscope".'"""
    game = battle()
    x = game.red.x
    game.sticks(red={"right"})
    game.tick(seconds(game, 0.5))
    assert game.red.submerged and game.red.x > x
    game.sticks(red=())
    game.tick(2)
    assert not game.red.submerged
    assert sprite_pixels(game, "red") > 0           # up periscope: visible


def test_a_submerged_sub_is_hidden_until_the_sonar_dings():
    """★ At every ding of the sonar each submerged sub shows at its position for a moment."""
    game = battle()
    game.sticks(red={"down"})
    shown, dings = [], 0
    for frame in range(seconds(game, 7)):
        game.tick()
        shown.append(sprite_pixels(game, "red") > 0)
    game.sticks(red=())
    assert not all(shown) and any(shown[seconds(game, 0.3):])   # hidden, but shown at the dings
    onsets = [i for i in range(1, len(shown)) if shown[i] and not shown[i - 1]]
    gaps = [b - a for a, b in zip(onsets, onsets[1:])]
    assert len(onsets) >= 2 and all(abs(g - gaps[0]) <= 2 for g in gaps)    # periodically


def test_the_missile_starts_upward_and_follows_the_joystick_while_the_button_is_held():
    """'Keep the action button depressed while you control the flight of the missile with the
    joystick. The missile automatically starts upward and will travel in the direction the
    joystick is moved.'"""
    game = battle()
    game.sticks(red={"fire"})
    game.tick(3)
    assert game.red.shot_state
    x0, y0 = game.red.shot_x, game.red.shot_y
    game.tick(seconds(game, 0.2))
    assert game.red.shot_y < y0 and game.red.shot_x == x0         # upward
    x1 = game.red.shot_x
    game.sticks(red={"fire", "right"})
    game.tick(seconds(game, 0.2))
    assert game.red.shot_x > x1                                     # follows the stick


def test_the_missile_explodes_when_the_button_is_released():
    game = battle()
    game.sticks(red={"fire"})
    game.tick(seconds(game, 0.3))
    assert game.red.shot_state
    game.sticks(red=())
    game.wait_for(lambda g: not g.red.shot_state, seconds(game, 1))


def test_the_missile_explodes_at_the_end_of_its_range():
    """'A missile will explode ... at the end of its range' (README: 56 steps, 40 a second): steered
    along open sea, far from the target and from any tree or edge, it ends where its range does."""
    from conquest_helpers import symbols
    game = battle()
    f = Field(int(game.machine.xram[symbols()["battle_field"]]))
    assert all(f.at(column, 0) == WATER for column in range(9)), "the sub-sub sea's top row"
    drive(game, "red", *f.xy(0, 0))
    game.sticks(red={"fire", "right"})                   # it starts upward, then follows the stick
    path = []
    while game.red.shot_state or not path:
        game.tick()
        path.append((game.red.shot_x, game.red.shot_y))
        assert len(path) < seconds(game, 3), "the missile never ended"
    game.sticks(red=())
    (x0, y0), (x1, y1) = path[0], path[-1]
    # a step is 1 unit across or 2 lines up; the first frame's step is before path[0]
    steps = 1 + (x1 - x0) + (y0 - y1) // 2
    assert 54 <= steps <= 56, (steps, path[0], path[-1])
    assert f.x0 < x1 < f.x0 + 16 * 9 - 16 and game.blue.alive      # inside the field, no target


def test_the_missile_explodes_on_the_target():
    """'A missile will explode on contact with the target.'"""
    game = battle()
    red = game.red
    drive(game, "blue", red.x, red.y - 40)                          # right above red
    game.sticks(red={"fire"})
    game.wait_for(lambda g: not g.blue.alive, seconds(game, 3))
    game.sticks(red=())
    game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
    assert game.winner == "red"


def test_subs_that_crash_into_each_other_both_explode():
    """'If subs crash into each other, they will explode. Both sides will display a white flag.'"""
    game = battle()
    red = game.red
    drive(game, "blue", red.x + 12, red.y)
    game.sticks(red={"right"}, blue={"left"})
    game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
    assert game.winner == "tie"
    assert not game.red.alive and not game.blue.alive


def test_the_missile_explodes_on_a_tree():
    """'A missile will explode on contact with a tree.'"""
    from conquest_helpers import symbols
    from conquest_terrain import WOODS, Field
    game = battle()
    f = Field(int(game.machine.xram[symbols()["battle_field"]]))
    column, row = next((c, r) for c, r in f.cells(WOODS)
                       if r + 2 < 7 and f.at(c, r + 1) == WATER and f.at(c, r + 2) == WATER)
    drive(game, "red", *f.xy(column, row + 2))
    game.sticks(red={"fire"})
    game.tick(3)
    assert game.red.shot_state
    game.wait_for(lambda g: not g.red.shot_state, seconds(game, 3))
    burst = game.red.shot_y                                          # where it blew up
    tree_top = f.y0 + 24 * row
    assert tree_top - 4 <= burst < tree_top + 24, (burst, tree_top)


def test_a_gun_or_a_shell_cannot_reach_a_submerged_sub():
    """'The sub will automatically submerge': a shell passes over a sub under the water, and
    destroys it with its periscope up (★ nothing reaches a sub deep below, README)."""
    from conquest_helpers import symbols
    outcomes = {}
    for stick in ({"right"}, set()):                         # submerged, then periscope up
        game = battle("T", "S")
        f = Field(int(game.machine.xram[symbols()["battle_field"]]))
        assert f.at(1, 3) != WATER and f.at(3, 3) == WATER
        drive_facing(game, "red", 2, *f.xy(1, 3))            # the tank on the shore, facing right
        drive(game, "blue", *f.xy(3, 3))
        game.sticks(blue=stick)
        game.tick(2)
        assert game.blue.submerged == bool(stick)
        game.sticks(red={"fire"}, blue=stick)
        game.tick(2)
        game.sticks(red=(), blue=stick)
        game.tick(seconds(game, 1))
        outcomes["submerged" if stick else "periscope"] = game.blue.alive
    assert outcomes == {"submerged": True, "periscope": False}


def test_releasing_the_button_blasts_a_weapon_inside_the_blast():
    """★ Releasing the button explodes the missile: a small blast that destroys a weapon in it."""
    game = battle()
    red = game.red
    drive(game, "blue", red.x + 6, red.y - 30)                      # beside the missile's path
    game.sticks(red={"fire"})
    game.wait_for(lambda g: g.red.shot_state and g.red.shot_y <= g.blue.y + 4, seconds(game, 2))
    game.sticks(red=())                                             # release: the blast
    game.wait_for(lambda g: not g.blue.alive, seconds(game, 1))
    assert game.red.alive


def blast_beside(game, *, blue_moves, at_ding):
    """Red's missile let go right beside blue (inside the blast's 8 units by 16 lines), blue moving
    (submerged) or standing (periscope up), at a sonar ding or between the dings. Blue's fate."""
    from conquest_helpers import symbols
    sonar, shows = symbols()["sonar"], symbols()["sonar_shows"]
    xram = game.machine.xram
    red = game.red
    drive(game, "blue", red.x + 6, red.y - 30)
    wiggle = ({"left"}, {"right"})                       # moving on the spot: it stays submerged
    frame = [0]

    def tick(red_stick):
        frame[0] += 1
        game.sticks(red=red_stick, blue=wiggle[frame[0] // 4 % 2] if blue_moves else ())
        game.tick()
    if at_ding:          # launched so that it reaches blue before the next ding, then held there
        while not seconds(game, 0.7) <= xram[sonar] <= seconds(game, 0.9):
            tick(())
    else:                # launched right after a ding: the next is 2.5 s away
        while not xram[shows]:
            tick(())
        while xram[shows]:
            tick(())
    tick({"fire"})
    while game.red.shot_state and game.red.shot_y > game.blue.y + 4:
        tick({"fire"})
    assert game.red.shot_state, "the missile ended before it reached blue"
    if at_ding:
        while not xram[shows]:
            tick({"fire", "down"} if frame[0] % 2 else {"fire", "up"})     # it hovers beside blue
            assert game.red.shot_state, "the missile ended before the ding"
    assert bool(game.blue.submerged) == blue_moves and bool(xram[shows]) == at_ding
    assert abs(game.red.shot_x - (game.blue.x + 4)) <= 8          # blue inside the blast
    tick(())                                                       # let go: the blast
    for _ in range(seconds(game, 0.5)):
        tick(())
    assert not game.red.shot_state
    return game.blue.alive


def test_a_sub_deep_below_is_out_of_the_blasts_reach():
    """'Submerge into the ocean depths to stalk your enemy undetected': a moving sub is deep below,
    and the missile's blast passes over it as guns and shells do (★ COMBAT.md, "Balance")."""
    assert blast_beside(battle(), blue_moves=True, at_ding=False)
    assert not blast_beside(battle(), blue_moves=False, at_ding=False)       # periscope up


def test_the_sonar_ding_brings_a_submerged_sub_into_the_blasts_reach():
    """'A submarine must "up periscope" every time the sonar dings': at the ding a moving sub is
    at periscope depth, and the blast reaches it."""
    assert not blast_beside(battle(), blue_moves=True, at_ding=True)
