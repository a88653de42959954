"""WAR GAME mode and the practice war (rule 2, "Practice Sessions"; issue 10, "Modes" ★)."""
import pytest

from conftest import SETTLE_FRAMES, landed, seconds
from screen_text import strings


def war_game(game):
    landed()
    game.press("1")
    game.wait_for(lambda g: g.mode == "wargame", SETTLE_FRAMES)
    return game


def numbers(game):
    found = [(column, t) for _, column, t in strings(game.machine.screen) if t.isdigit() and len(t) >= 2]
    return [int(t) for _, t in sorted(found)]


def test_the_readouts_spin_too_fast_to_time_the_last_digit(game):
    """Rule 2D: 'One of the players stops the digital read-out ... without looking at the
    screen': the last digit runs through every value, changing nearly every frame."""
    war_game(game)
    values = []
    for _ in range(120):
        game.tick()
        values.append(game.readout)
    changes = sum(a != b for a, b in zip(values, values[1:]))
    assert changes >= 100
    assert {v % 10 for v in values} == set(range(10))


def test_space_stops_the_readouts_and_the_left_one_is_what_rule_2d_reads(game):
    war_game(game)
    game.tick(37)
    game.press("SPACE")
    stopped = game.readout
    shown = numbers(game)
    game.tick(seconds(game, 1))
    assert game.readout == stopped
    assert shown and shown[0] == stopped


def test_the_practice_war_cycles_through_all_nine_pairings(game):
    """'The computer will run through a complete cycle of weapon combinations and assign random
    amounts of energy units to each player.'"""
    landed("combat_frame", "tally_red")
    from cart.conquest.bots import Bot, play_battle
    war_game(game)
    game.press("SPACE")                      # stops the rule-2 readouts
    pairings, energies = [], []
    red, blue = Bot("red", seed=1), Bot("blue", seed=2)
    while len(pairings) < 9:
        game.wait_for(lambda g: g.mode in ("combat", "wargame", "entry"), seconds(game, 10))
        if game.mode != "combat":
            game.press("SPACE")              # stop the energy readouts: the battle starts
            game.wait_for(lambda g: g.mode == "combat", seconds(game, 5))
        pairings.append((game.red.weapon, game.blue.weapon))
        energies.append((game.red.energy, game.blue.energy))
        play_battle(game, red, blue)
        game.press("SPACE")
    assert sorted(pairings) == sorted((r, b) for r in "SPT" for b in "SPT")
    assert len(set(energies)) == 9 and all(0 < e <= 9999 for pair in energies for e in pair)
