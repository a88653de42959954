"""Tank maneuvers (the manual's words; issue 10, "Combat")."""
import pytest

from conquest_helpers import (HEADING_STEP, HEADING_STICK, drive, drive_facing, landed, new_game,
                              seconds, start_battle, symbols)
from conquest_terrain import LAND, MINE, WATER, WOODS, Field

PAIRINGS = [("T", "T"), ("S", "S"), ("P", "P"), ("T", "S"), ("T", "P"), ("S", "P")]


def battle(red="T", blue="T"):
    landed("side_fire")
    return start_battle(new_game(), red=(red, 9999), blue=(blue, 9999))


def field(game):
    """The playfield of the battle under way (battle_field, external RAM, ram.inc)."""
    return Field(int(game.machine.xram[symbols()["battle_field"]]))


def open_cell(f, *steps):
    """A land cell whose neighbours at these (column, row) steps are land too (default: right)."""
    steps = steps or ((1, 0),)
    for column, row in f.cells(LAND):
        if all(0 <= column + dc < 9 and 0 <= row + dr < 7 and f.at(column + dc, row + dr) == LAND
               for dc, dr in steps):
            return column, row
    raise AssertionError(f"no land cell with land at {steps} in this playfield")


def travel(game, side, stick, s):
    me = game.side(side)
    game.sticks(**{side: stick})
    game.tick(seconds(game, s))
    game.sticks(**{side: ()})
    now = game.side(side)
    return now.x - me.x, now.y - me.y


@pytest.mark.parametrize("red, blue", PAIRINGS, ids=[r + b for r, b in PAIRINGS])
def test_red_starts_on_the_left(red, blue):
    """'The left-hand flag will show up red'; red starts on the left in every playfield."""
    game = battle(red, blue)
    assert game.red.x < game.blue.x
    assert game.red.alive and game.blue.alive


def start_cells(red, blue):
    """The battle's field and the cells each side starts in."""
    game = battle(red, blue)
    f = field(game)
    cells = {side: ((s.x - f.x0 + 4) // 16, (s.y - f.y0 + 8) // 24)
             for side, s in (("red", game.red), ("blue", game.blue))}
    return game, f, cells


@pytest.mark.parametrize("red, blue", PAIRINGS, ids=[r + b for r, b in PAIRINGS])
def test_both_sides_start_on_the_same_ground(red, blue):
    """Issue 10: a playfield for each pairing 'that gives both sides a fair chance' (README: the
    right half mirrors the left): a weapon starts in the mirror of the cell the same weapon starts
    in on the other side, on ground it can be on, and the ground on screen is the mirror image of
    itself (each cell's colours as its mirror cell's)."""
    game, f, cells = start_cells(red, blue)
    _, _, swapped = start_cells(blue, red)                 # the same playfield (field_of_pairing)
    mirror = lambda cell: (8 - cell[0], cell[1])
    assert cells["blue"] == mirror(swapped["red"]), (cells, swapped)
    can_start = {"T": (LAND,), "S": (WATER,), "P": (LAND, WATER)}
    for side, weapon in (("red", red), ("blue", blue)):
        assert f.at(*cells[side]) in can_start[weapon], (side, weapon, f.at(*cells[side]))
    screen = game.machine.screen
    weapons = set(cells.values()) | {mirror(c) for c in cells.values()}

    def colours(column, row):
        x, y = 2 * (f.x0 + 5 + 16 * column), f.y0 + 24 * row
        return {tuple(int(v) for v in p) for p in screen[y:y + 24, x:x + 32].reshape(-1, 3)}
    for row in range(7):
        for column in range(4):
            if (column, row) not in weapons:
                assert colours(column, row) == colours(8 - column, row), (column, row)


def test_the_left_controller_drives_red_and_the_right_one_blue():
    game = battle()
    blue = game.blue
    dx, _ = travel(game, "red", {"up"}, 0.3)
    assert game.blue.x == blue.x and game.blue.y == blue.y
    _, dy = travel(game, "blue", {"up"}, 0.3)
    assert dy < 0


@pytest.mark.parametrize("heading", range(8))
def test_tanks_travel_in_the_direction_of_the_joystick(heading):
    """'Tanks will travel in the direction indicated by the joystick' — all eight."""
    game = battle()
    f = field(game)
    drive(game, "red", *f.xy(*open_cell(f, HEADING_STEP[heading])))
    dx, dy = travel(game, "red", HEADING_STICK[heading], 0.5)
    step = HEADING_STEP[heading]
    assert (dx > 0) - (dx < 0) == step[0] and (dy > 0) - (dy < 0) == step[1], (dx, dy)
    assert game.red.heading == heading


def test_full_speed_on_open_land_half_speed_in_the_woods():
    """'Tanks roll at full speed over open terrain and at half speed through the wooded areas.'"""
    game = battle()
    f = field(game)
    drive(game, "red", *f.xy(*open_cell(f)))
    open_dx, _ = travel(game, "red", {"right"}, 0.4)
    woods = f.cells(WOODS)
    assert woods, "the tank playfield has woods"
    x, y = f.xy(*woods[0])
    drive(game, "red", x - 4, y)
    woods_dx, _ = travel(game, "red", {"right"}, 0.4)
    assert open_dx > 0 and abs(woods_dx * 2 - open_dx) <= 2, (open_dx, woods_dx)


def test_tanks_will_not_move_through_water():
    game = battle("T", "S")              # the tank-sub field: a lake in the middle
    f = field(game)
    shore = [(c, r) for c, r in f.cells(WATER) if c > 0 and f.at(c - 1, r) == LAND]
    assert shore
    column, row = shore[0]                # water with land to its left
    drive(game, "red", *f.xy(column - 1, row))
    travel(game, "red", {"right"}, 2)
    x = game.red.x
    travel(game, "red", {"right"}, 1)
    assert game.red.x == x                # it stopped at the shore
    assert x < f.xy(column, row)[0]       # before the middle of the water cell
    assert game.red.alive


def test_a_tank_running_onto_a_mine_is_destroyed():
    """'A tank running into a land mine (X) will burst into flame and be destroyed.'"""
    game = battle()
    f = field(game)
    mines = [c for c in f.cells(MINE) if c[0] > 0 and f.at(c[0] - 1, c[1]) == LAND]
    assert mines
    column, row = mines[0]
    drive(game, "red", *f.xy(column - 1, row))
    game.sticks(red={"right"})
    game.wait_for(lambda g: not g.red.alive, seconds(game, 3))
    game.sticks(red=())
    game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
    assert game.winner == "blue"


def test_the_cannon_fires_forward_and_the_shell_ends_at_its_range():
    """'Press the action button to fire your tank's armor piercing cannon.'"""
    game = battle()
    f = field(game)
    drive(game, "red", *f.xy(*open_cell(f, (0, -1), (0, -2), (0, -3))))
    travel(game, "red", {"up"}, 0.1)     # facing up
    y0 = game.red.y
    game.sticks(red={"fire"})
    game.tick(2)
    game.sticks(red=())
    assert game.red.shot_state
    ys = []
    while game.red.shot_state:
        ys.append(game.red.shot_y)
        game.tick()
        assert len(ys) < seconds(game, 5)
    assert ys[-1] < ys[0] <= y0 and all(b <= a for a, b in zip(ys, ys[1:]))


def test_a_shell_explodes_at_the_end_of_its_range():
    """'... or at the end of its range' (README: a shell flies 60 steps, 90 a second): fired along
    open land, away from the enemy, it ends inside the field where its range does."""
    game = battle()
    f = field(game)
    assert all(f.at(column, 0) == LAND for column in range(9)), "the tank-tank field's top row"
    drive(game, "red", *f.xy(0, 0))
    travel(game, "red", {"right"}, 0.05)                 # facing right
    game.sticks(red={"fire"})
    path = []
    while game.red.shot_state or not path:
        game.tick()
        path.append(game.red.shot_x)
        assert len(path) < seconds(game, 3), "the shell never ended"
    game.sticks(red=())
    steps = 2 + path[-1] - path[0]        # 1 unit a step; the first frame's 2 are before path[0]
    assert 58 <= steps <= 60, (steps, path[0], path[-1])
    assert path[-1] < f.x0 + 16 * 9 - 16 and game.blue.alive
    assert len(path) == 40                                # 1.5 steps a frame (NTSC)


def test_a_shell_destroys_the_enemy_tank():
    game = battle()
    f = field(game)
    x, y = f.xy(*open_cell(f, (1, 0), (2, 0)))
    drive(game, "red", x, y)
    drive(game, "blue", x + 32, y)
    travel(game, "red", {"right"}, 0.05)
    game.sticks(red={"fire"})
    game.wait_for(lambda g: not g.blue.alive, seconds(game, 2))
    game.sticks(red=())
    game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
    assert game.winner == "red"


def shell_path(game, column, row):
    """Fires one shell upward from the middle of a cell; the Y positions it flew through."""
    f = field(game)
    drive_facing(game, "red", 0, *f.xy(column, row))
    game.sticks(red={"fire"})
    game.tick(2)
    game.sticks(red=())
    ys = []
    while game.red.shot_state and len(ys) < 300:
        ys.append(game.red.shot_y)
        game.tick()
    return ys


def tree_with_land_below(f, rows_below):
    for column, row in f.cells(WOODS):
        if all(row + k < 7 and f.at(column, row + k) == LAND for k in range(1, rows_below + 1)):
            return column, row
    raise AssertionError("no tree with open land below it")


def test_a_shell_passes_through_a_tree_when_the_tank_is_close_enough():
    """'A tank can fire through a tree if it is close enough.'"""
    game = battle()
    f = field(game)
    column, row = tree_with_land_below(f, 2)
    tree_top = f.y0 + 24 * row
    ys = shell_path(game, column, row + 1)
    assert min(ys) < tree_top - 4, "the shell stopped at the tree"


def test_a_shell_explodes_on_a_tree_farther_away():
    """'If the tank is too far away, the shell will explode when it hits a tree.'"""
    game = battle()
    f = field(game)
    column, row = tree_with_land_below(f, 2)
    tree_top = f.y0 + 24 * row
    ys = shell_path(game, column, row + 2)
    assert min(ys) >= tree_top - 4, "the shell flew on past the tree"
    assert min(ys) < tree_top + 24, "the shell did not reach the tree"
