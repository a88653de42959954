"""Flight training (the manual's words; issue 10, "Combat")."""
from conquest_helpers import HEADING_STICK, landed, new_game, place, seconds, start_battle


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
