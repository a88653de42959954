"""Issue 25: a battle worth fighting — what a shot does where it ends, the tank's shell through a
tree of the next cell in every direction, the sub showing while it steers its missile, the first
battle frame, the fireworks at the winner's flag, and starts out of each other's line of fire.

Expected values come from the manual ("A tank can fire through a tree if it is close enough. If
the tank is too far away, the shell will explode when it hits a tree."; "celebrated by a fireworks
display at that player's flag") and from README.md/COMBAT.md's rules (a cell is 16 units by 24
lines; an ended shot's explosion shows for a second, the weapon's reload).
"""
import numpy as np
import pytest

from conquest_helpers import (HEADING_STEP, HEADING_STICK, drive, drive_facing, landed, new_game,
                              seconds, start_battle, symbols, to_entry)
from conquest_terrain import LAND, MOUNTAIN, WOODS, Field

PAIRINGS = [(r, b) for r in "TSP" for b in "TSP"]


def battle(red="T", blue="T", region="ntsc", model="hardware"):
    landed("shot_boom", "draw_terrain")
    return start_battle(new_game(region, model=model), red=(red, 9999), blue=(blue, 9999))


def field(game):
    return Field(int(game.machine.xram[symbols()["battle_field"]]))


def aim(game, side, heading, x, y):
    """The weapon driven with its stick to sprite X/Y, facing `heading`."""
    drive_facing(game, side, heading, x, y)


def fire_and_follow(game, side="red"):
    """Presses fire once; the shot's middles (x, y) until it ends."""
    game.sticks(**{side: {"fire"}})
    path = []
    for _ in range(seconds(game, 3)):
        game.tick()
        s = game.side(side)
        if not s.shot_state:
            if path:
                break
            continue
        path.append((s.shot_x, s.shot_y))
    game.sticks(**{side: ()})
    assert path, "no shot was fired"
    return path


# ---- a shell and a tree (the tank-tank field's tree at column 2, row 1, land all round it)

TREE = (2, 1)


def tree_box(f):
    c, r = TREE
    return f.x0 + 16 * c, f.y0 + 24 * r, f.x0 + 16 * c + 16, f.y0 + 24 * r + 24


def tank_places(f, heading, cells_away, side):
    """Sprite X/Y of a tank `cells_away` cells from the tree against `heading`, its middle at the
    far side of its cell ("far") or the near side ("near"), or in the middle."""
    du, dv = HEADING_STEP[heading]
    column, row = TREE[0] - du * cells_away, TREE[1] - dv * cells_away
    x, y = f.xy(column, row)
    shift = {"far": 7, "near": -7, "middle": 0}[side]     # units across, lines x 1.5 up or down
    x, y = x - du * shift, y - dv * round(shift * 1.5)
    # as far as a tank goes: its sprite stays inside the field (combat.asm X_LAST, Y_LAST)
    return min(max(x, f.x0), f.x0 + 16 * 9 - 8), min(max(y, f.y0), f.y0 + 24 * 7 - 16), (column, row)


@pytest.mark.parametrize("heading", range(8))
@pytest.mark.parametrize("side", ["far", "middle", "near"])
def test_a_shell_passes_through_a_tree_in_the_next_cell_in_every_direction(heading, side):
    """'A tank can fire through a tree if it is close enough': from anywhere in a cell next to the
    tree's, in each of the eight directions, the shell comes out on the tree's far side."""
    game = battle()
    f = field(game)
    assert f.at(*TREE) == WOODS
    x, y, cell = tank_places(f, heading, 1, side)
    assert f.at(*cell) == LAND
    aim(game, "red", heading, x, y)
    path = fire_and_follow(game)
    left, top, right, bottom = tree_box(f)
    du, dv = HEADING_STEP[heading]
    beyond = [(px, py) for px, py in path
              if (du == 0 or (px >= right if du > 0 else px < left))
              and (dv == 0 or (py >= bottom if dv > 0 else py < top))]
    assert beyond, f"the shell ended in the tree: last at {path[-1]}, tree {tree_box(f)}"


@pytest.mark.parametrize("heading", [0, 2, 6, 4])
def test_a_shell_explodes_on_a_tree_two_cells_away(heading):
    """'If the tank is too far away, the shell will explode when it hits a tree': from the cell
    beyond the next one, even from its side nearest the tree, the shell ends inside the tree."""
    game = battle()
    f = field(game)
    du, dv = HEADING_STEP[heading]
    if not (0 <= TREE[0] - 2 * du < 9 and 0 <= TREE[1] - 2 * dv < 7):
        pytest.skip("the field ends there")
    x, y, cell = tank_places(f, heading, 2, "near")
    if f.at(*cell) != LAND or f.at(TREE[0] - du, TREE[1] - dv) != LAND:
        pytest.skip("no open land two cells from the tree that way")
    aim(game, "red", heading, x, y)
    path = fire_and_follow(game)
    left, top, right, bottom = tree_box(f)
    end_x, end_y = path[-1]
    assert left - 2 <= end_x <= right + 2 and top - 4 <= end_y <= bottom + 4, (path[-1], tree_box(f))
    assert burst_pixels(game, end_x, end_y) > 8, "no explosion on the tree"


# ---- an ended shot is seen: its explosion, and the reload

def region_pixels(game, x, y, w=10, h=20):
    """Screen pixels of the box around object X/Y (X in VDC units: 2 pixels, 5 units from the
    left edge; Y in lines) that are not the land's green."""
    screen = np.asarray(game.machine.screen)
    left, top = 2 * (x + 5 - w // 2), y - h // 2
    box = screen[max(top, 0):top + h, max(left, 0):left + 2 * w].reshape(-1, 3)
    land = tuple(int(v) for v in screen[8, 4])                  # the border: the land's colour
    return sum(1 for p in box if tuple(int(v) for v in p) != land)


def test_a_shell_at_the_end_of_its_range_explodes_where_it_ends_and_the_tank_reloads():
    """A shell at the end of its range does not just vanish: an explosion shows where it ended for
    a second (README), and the cannon fires again only after it."""
    game = battle()
    f = field(game)
    assert all(f.at(c, 0) == LAND for c in range(9))
    aim(game, "red", 2, *f.xy(0, 0))
    path = fire_and_follow(game)
    end_x, end_y = path[-1]
    assert region_pixels(game, end_x, end_y) > 8, "no explosion where the shell ended"
    game.sticks(red={"fire"})                                    # at once: still reloading
    game.tick(2)
    game.sticks(red=())
    assert not game.red.shot_state, "fired again during the explosion"
    game.tick(seconds(game, 0.5))
    assert region_pixels(game, end_x, end_y) > 8, "the explosion ended before its second"
    assert not game.red.shot_state
    game.tick(seconds(game, 0.6))
    assert region_pixels(game, end_x, end_y) == 0, "the explosion did not end"
    game.sticks(red={"fire"})                                    # reloaded
    game.tick(2)
    game.sticks(red=())
    assert game.red.shot_state


def test_a_shell_on_a_mountain_explodes_where_it_ends():
    game = battle()
    f = field(game)
    mountains = [(c, r) for c, r in f.cells(MOUNTAIN) if c > 1 and f.at(c - 1, r) == LAND]
    column, row = mountains[0]
    aim(game, "red", 2, *f.xy(column - 1, row))
    path = fire_and_follow(game)
    end_x, end_y = path[-1]
    assert f.x0 + 16 * column - 2 <= end_x <= f.x0 + 16 * column + 16
    assert burst_pixels(game, end_x, end_y) > 8, "no explosion on the mountain"


def test_a_released_missile_explodes_where_it_is():
    """'A missile will explode ... when the action button is released': seen where it was."""
    game = battle("S", "S")
    game.sticks(red={"fire"})
    game.tick(seconds(game, 0.3))
    x, y = game.red.shot_x, game.red.shot_y
    game.sticks(red=())
    game.tick(2)
    assert not game.red.shot_state
    screen = np.asarray(game.machine.screen)
    box = screen[y - 8:y + 8, 2 * (x + 5 - 4):2 * (x + 5 + 4)].reshape(-1, 3)
    colours = {tuple(int(v) for v in p) for p in box}
    assert len(colours) >= 2, "nothing seen where the missile blew up"


def burst_pixels(game, x, y, w=10, h=20):
    """Pixels of the box around object X/Y that change once the explosion there is over (1.2 s
    later, the sticks in the middle): what the explosion showed, whatever the ground's colour."""
    def box():
        screen = np.asarray(game.machine.screen)
        left, top = 2 * (x + 5 - w // 2), y - h // 2
        return screen[max(top, 0):top + h, max(left, 0):left + 2 * w].astype(int)
    now = box()
    game.sticks(red=(), blue=())
    game.tick(seconds(game, 1.2))
    return int(np.any(now != box(), axis=2).sum())


def missile_end(game, stick):
    """Fires red's missile (sub-sub field), steers it with `stick` held with the button until it
    ends by itself; its last middle (x, y)."""
    game.sticks(red={"fire"} | stick)
    path = []
    for _ in range(seconds(game, 4)):
        game.tick()
        if game.red.shot_state:
            path.append((game.red.shot_x, game.red.shot_y))
        elif path:
            break
    assert path and not game.red.shot_state, "the missile never ended"
    return path[-1]


def test_a_missile_at_the_end_of_its_range_explodes_where_it_ends():
    """An explosion wherever a missile ends: at the end of its range (steered right along the
    top row of open sea, the sub driven to its left end with the stick)."""
    game = battle("S", "S")
    f = field(game)
    drive(game, "red", *f.xy(0, 0))
    end_x, end_y = missile_end(game, {"right"})
    assert f.x0 + 16 * 3 <= end_x < f.x0 + 16 * 8 and game.blue.alive      # in the field: range
    assert burst_pixels(game, end_x, end_y) > 8, "no explosion at the missile's range"


def test_a_missile_on_a_tree_explodes_where_it_ends():
    """'A missile will explode ... on contact with a tree' — and is seen exploding there."""
    from conquest_terrain import WATER
    game = battle("S", "S")
    f = field(game)
    column, row = next((c, r) for c, r in f.cells(WOODS)
                       if r + 2 < 7 and f.at(c, r + 1) == WATER and f.at(c, r + 2) == WATER)
    drive(game, "red", *f.xy(column, row + 2))
    end_x, end_y = missile_end(game, set())                        # it starts upward
    # its last middle in flight: in the tree's cell or the 4 lines below (ground every 2nd step)
    assert f.y0 + 24 * row - 4 <= end_y <= f.y0 + 24 * row + 24 + 4, (end_y, row)
    assert burst_pixels(game, end_x, end_y) > 8, "no explosion on the tree"


def shot_rows(game, side):
    """The rows of the shot's sprite on the screen that hold its colour: its height in lines."""
    s = game.side(side)
    screen = np.asarray(game.machine.screen)
    box = screen[s.shot_y - 2:s.shot_y + 18, 2 * (s.shot_x + 5):2 * (s.shot_x + 5 + 8)]
    return int(np.any(box.min(axis=2) > 200, axis=1).sum())      # white rows


def test_a_missile_is_drawn_as_a_missile_not_as_a_shell():
    """'a readable missile': the missile's sprite is taller than a shell's round."""
    heights = {}
    for weapon in "ST":
        game = battle(weapon, weapon)
        if weapon == "T":
            aim(game, "red", 0, *field(game).xy(0, 6))       # up the open left column
        game.sticks(red={"fire"})
        game.tick(4)
        heights[weapon] = shot_rows(game, "red")
        game.sticks(red=())
    assert heights["S"] > heights["T"] > 0, heights


# ---- the sub steering its missile shows itself and stands

def test_a_sub_steering_its_missile_stands_at_periscope_depth():
    """While the missile flies the stick steers the missile, not the sub: the sub stands, seen
    (our decision where the manual is silent; COMBAT.md: the sub must show itself to strike)."""
    game = battle("S", "S")
    game.sticks(red={"down"})
    game.tick(seconds(game, 0.5))
    assert game.red.submerged
    game.sticks(red={"down", "fire"})
    game.tick(3)
    x, y = game.red.x, game.red.y
    game.tick(seconds(game, 0.3))
    assert game.red.shot_state and (game.red.x, game.red.y) == (x, y) and not game.red.submerged
    game.sticks(red={"down"})                                     # let go: it moves, submerged
    game.tick(seconds(game, 0.5))
    assert game.red.submerged and game.red.y > y


# ---- the first frame of a battle

FIELDS = [("T", "T"), ("S", "S"), ("P", "P"), ("T", "S"), ("T", "P"), ("S", "P")]   # the six


@pytest.mark.parametrize("model", ["hardware", "mame"])
@pytest.mark.parametrize("red, blue", FIELDS, ids=[r + b for r, b in FIELDS])
def test_the_first_battle_frames_are_the_same_on_ntsc_and_pal(model, red, blue):
    """No colour is written while the beam draws the picture at a battle's start: the first
    battle frame is the field's plain colour on both regions, and the frames after it show the
    same picture on NTSC (a short VBLANK) as on PAL (a long one) — on each of the six fields."""
    frames = {}
    for region in ("ntsc", "pal"):
        game = new_game(region, model=model)
        to_entry(game)
        game.enter(red=(red, 2500), blue=(blue, 2500), start=False)
        game.hold(keys={"ENTER"})
        shots = []
        while len(shots) < 4:
            game.tick()
            if game.mode == "combat":
                shots.append(np.asarray(game.machine.screen).copy())
            assert game.overruns == 0
        game.hold()
        frames[region] = shots
    for region, shots in frames.items():                 # shots[0]: the entry's last picture
        assert len({tuple(int(v) for v in p) for p in shots[1].reshape(-1, 3)}) == 1, region
    rows = min(frames["ntsc"][3].shape[0], frames["pal"][3].shape[0])
    for k in (2, 3):
        assert (frames["ntsc"][k][:rows] == frames["pal"][k][:rows]).all(), f"frame {k}"


# ---- fireworks at the winner's flag

FLAG_X = {"red": 0x0C, "blue": 0x98}        # README, "The screens": the flags' X (VDC units)
BAR_Y = 0xC4                                 # ... and their Y


def test_the_fireworks_burst_at_the_winners_flag():
    """'A VICTORY won by either player will be celebrated by a fireworks display at that
    player's flag': the bursts stand right above the winner's flag (within a flag's width and
    two on either side), never over the playfield's far side."""
    for winner, loser_energy in (("blue", 1), ("red", 9999)):
        energies = {"red": ("T", 1), "blue": ("T", 2500)} if winner == "blue" else \
            {"red": ("T", 2500), "blue": ("T", 1)}
        game = start_battle(new_game(), **energies)
        game.wait_for(lambda g: g.mode == "result", seconds(game, 5))
        assert game.winner == winner
        flag_left = 2 * (FLAG_X[winner] + 5)
        seen = 0
        for _ in range(seconds(game, 2)):
            game.tick()
            screen = np.asarray(game.machine.screen)
            land = np.array(screen[8, 4])
            above = screen[BAR_Y - 20:BAR_Y - 2]         # (the field's bottom row: open land)
            ys, xs = np.nonzero(np.any(above != land, axis=2))
            if len(xs):
                seen += 1
                assert flag_left - 40 <= xs.min() and xs.max() <= flag_left + 56, \
                    (winner, xs.min(), xs.max(), flag_left)
        assert seen > seconds(game, 1), f"no fireworks above {winner}'s flag"


# ---- starts out of each other's line of fire

@pytest.mark.parametrize("red, blue", PAIRINGS, ids=[r + b for r, b in PAIRINGS])
def test_the_starts_are_out_of_each_others_line_of_fire(red, blue):
    """Issue 25: 'starting positions out of each other's line of fire': two weapons starting on
    one row have a mountain or trees between them; otherwise they start on different rows and
    columns, off the diagonals (a diagonal step is 1 column-unit across and 2 lines down)."""
    game = battle(red, blue)
    f = field(game)
    (rc, rr), (bc, br) = f.cell(game.red.x, game.red.y), f.cell(game.blue.x, game.blue.y)
    if rr == br:
        between = [f.at(c, rr) for c in range(min(rc, bc) + 1, max(rc, bc))]
        assert MOUNTAIN in between or WOODS in between, (red, blue, between)
    else:
        du = abs(game.blue.x - game.red.x)
        dv = abs(game.blue.y - game.red.y) / 2
        assert rc != bc and abs(du - dv) > 8, (red, blue, du, dv)
