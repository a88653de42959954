"""Flight training (the manual's words; issue 10, "Combat")."""
from conquest_helpers import HEADING_STICK, fly_into, landed, new_game, seconds, start_battle


def battle(red="P", blue="T"):
    landed("side_fire")
    return start_battle(new_game(), red=(red, 9999), blue=(blue, 9999))


def test_the_jet_is_always_flying():
    game = battle()
    x = game.red.x
    game.tick(seconds(game, 0.25))
    assert game.red.x != x


def test_one_angle_off_the_heading_turns_sharply_at_once():
    """'For sharp turns, do not move the joystick more than one angle at a time.'"""
    game = battle()
    heading = game.red.heading
    one_off = (heading + 1) % 8
    game.sticks(red=HEADING_STICK[one_off])
    game.tick(2)
    assert game.red.heading == one_off


def test_more_than_one_angle_the_autopilot_turns_slowly_at_half_speed():
    """'For slower turns, move the joystick more than one angle and the automatic pilot will take
    over. Your jet will flash and move at half speed during this maneuver.'"""
    game = battle()
    heading = game.red.heading
    target = (heading + 4) % 8
    x, y = game.red.x, game.red.y
    game.tick(4)
    straight = abs(game.red.x - x) + abs(game.red.y - y)
    game.sticks(red=HEADING_STICK[target])
    headings = []
    for _ in range(seconds(game, 2)):
        game.tick()
        headings.append(game.red.heading)
        if game.red.heading == target:
            break
    assert headings[-1] == target and len(set(headings)) >= 3      # through the angles between
    assert headings[0] != target


def test_leaving_an_edge_returns_at_the_opposite_one():
    """'If you fly off any edge of the screen, you will return from the opposite side.'"""
    game = battle()
    game.sticks(red=HEADING_STICK[2])                               # keep heading right
    xs = []
    for _ in range(seconds(game, 8)):
        game.tick()
        xs.append(game.red.x)
        if len(xs) > 1 and xs[-1] < xs[-2] - 40:
            break
    assert xs[-1] < xs[-2] - 40, "never came back on the left"


def test_the_gun_fires_forward():
    """'Press the action button to fire your jet's armor piercing weapon.'"""
    game = battle()
    heading = game.red.heading
    game.sticks(red=HEADING_STICK[heading] | {"fire"})
    game.tick(3)
    assert game.red.shot_state
    x = game.red.shot_x
    game.tick(3)
    assert game.red.shot_x > x                                      # red starts heading right


def field(game):
    from conquest_helpers import symbols
    from conquest_terrain import Field
    return Field(int(game.machine.xram[symbols()["battle_field"]]))


def off_screen(game):
    """The red jet's sprite is past the field's right edge (combat.asm X_LAST)."""
    f = field(game)
    return game.red.x > f.x0 + 16 * 9 - 8


def fly_off_right(game):
    """The red jet flown with its stick into the rightmost column and on to the right, until it
    is off the screen."""
    from conquest_terrain import MOUNTAIN, WOODS
    f = field(game)
    row = next(r for r in (3, 2, 4, 1, 5, 0, 6) if f.at(8, r) not in (WOODS, MOUNTAIN))
    fly_into(game, "red", (8, row), 2)
    game.wait_for(lambda g: off_screen(g) or not g.red.alive, seconds(game, 2))
    assert game.red.alive


def crash_into(kind):
    from conquest_terrain import LAND
    game = battle("P", "P")
    f = field(game)
    cells = [(c, r) for c, r in f.cells(kind) if c > 0 and f.at(c - 1, r) == LAND]
    assert cells, f"no {kind} with land to its left"
    column, row = cells[0]
    fly_into(game, "red", (column - 1, row), 2)                     # then on to the right
    game.wait_for(lambda g: not g.red.alive, seconds(game, 2))
    assert f.cell(game.red.x, game.red.y) in ((column - 1, row), (column, row))   # at the obstacle
    return game


def test_the_jet_crashes_into_mountains():
    """'Your jet will fly over land and water but will crash into trees, mountains.'"""
    from conquest_terrain import MOUNTAIN
    crash_into(MOUNTAIN)


def test_the_jet_crashes_into_trees():
    from conquest_terrain import WOODS
    crash_into(WOODS)


def test_the_jet_flies_over_water():
    game = battle("S", "P")                                         # the sea with islands
    from conquest_terrain import WATER
    f = field(game)
    row = next(r for r in range(7) if all(f.at(c, r) in (WATER, "land") for c in range(9)))
    fly_into(game, "blue", (8, row), 6)                             # then west over the sea
    game.tick(seconds(game, 2))
    assert game.blue.alive


def test_the_autopilot_flies_at_half_speed_and_the_jet_flashes():
    """'Your jet will flash and move at half speed during this maneuver.'"""
    from test_conquest_sub import sprite_pixels
    game = battle()
    heading = game.red.heading
    game.sticks(red=HEADING_STICK[heading])
    x, y = game.red.x, game.red.y
    game.tick(8)
    straight = abs(game.red.x - x) + abs(game.red.y - y)
    game.sticks(red=HEADING_STICK[(heading + 3) % 8])
    x, y = game.red.x, game.red.y
    seen = []
    for _ in range(8):
        game.tick()
        seen.append(sprite_pixels(game, "red") > 0)
    turning = abs(game.red.x - x) + abs(game.red.y - y)
    assert straight > 0 and abs(2 * turning - straight) <= 2, (straight, turning)
    assert any(seen) and not all(seen)                              # it flashes


def test_offscreen_with_the_stick_centred_the_jet_goes_out_of_control():
    """'Offscreen planes will go out of control if the joystick is placed in neutral.'"""
    game = battle()
    on_screen = []
    game.tick(4)
    for _ in range(12):
        game.tick()
        on_screen.append(game.red.heading)
    assert len(set(on_screen)) == 1                                 # on screen it flies straight
    headings = []
    for _ in range(20):                             # flown off the right edge, again and again
        fly_off_right(game)
        game.sticks(red=())                                         # the stick in the middle
        while off_screen(game) and game.red.alive:
            game.tick()
            headings.append(game.red.heading)
        if len(headings) >= seconds(game, 3):
            break
    assert len(headings) >= seconds(game, 3), "the jet kept coming back"
    assert len(set(headings)) > 1


def test_a_jet_out_of_energy_goes_down():
    """'... go down in flame if hit by enemy fire or if it runs out of energy units.'"""
    landed("side_fire")
    game = start_battle(new_game(), red=("P", 10), blue=("T", 9999))
    game.wait_for(lambda g: g.mode == "result", seconds(game, 10))
    assert game.red.energy == 0 and not game.red.alive and game.winner == "blue"


def test_enemy_fire_brings_a_jet_down():
    """'Your jet ... will ... go down in flame if hit by enemy fire.'"""
    from cart.conquest.bots import Bot
    game = battle("P", "P")
    red = Bot("red", seed=1, level=3)               # red hunts with its stick; blue only flies
    blue = Bot("blue", seed=2, level=1)             # (round trees and mountains, never firing,
                                                    # careless: a level 3 pilot dodges red's shots)
    hit = False
    for _ in range(seconds(game, 60)):
        shot = game.red.shot_state, game.red.shot_x, game.red.shot_y     # its middle, last frame
        game.sticks(red=red.decide(game), blue=blue.decide(game) - {"fire"})
        game.tick()
        if not game.blue.alive:     # red's shell was in flight, at most two frames from blue's middle
            hit = bool(shot[0]) and abs(shot[1] - (game.blue.x + 4)) <= 8 \
                and abs(shot[2] - (game.blue.y + 8)) <= 16
            break
    game.sticks(red=())
    assert hit, "blue went down, but not where red's shot was"
    game.wait_for(lambda g: g.mode == "result", seconds(game, 3))
    assert game.winner == "red" and game.blue.energy > 0


def test_offscreen_the_jet_still_obeys_the_joystick():
    """'You can use the joystick to control offscreen flight and re-enter the screen in a new
    position.'"""
    back = {}
    for name, turn in (("up", 1), ("down", 3)):
        game = battle()
        fly_off_right(game)
        left_at = game.red.y
        game.sticks(red=HEADING_STICK[turn])                        # one angle: at once
        headings = []
        while game.red.x >= 16:                                     # until it is back on the left
            game.tick()
            headings.append(game.red.heading)
            assert len(headings) < seconds(game, 3), "it never came back"
        assert set(headings) == {turn}, headings                    # steered, never at random
        back[name] = game.red.y - left_at
    assert back["up"] < -8 and back["down"] > 8, back               # a new place, as steered
