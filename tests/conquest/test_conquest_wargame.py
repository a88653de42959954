"""WAR GAME mode and the practice war (rule 2, "Practice Sessions"; issue 10, "Modes" ★)."""
import pytest

from conquest_helpers import SETTLE_FRAMES, landed, seconds
from conquest_screen import readouts


def war_game(game):
    landed()
    game.press("1")
    game.wait_for(lambda g: g.mode == "wargame", SETTLE_FRAMES)
    return game




def test_the_readouts_spin_too_fast_to_time_the_last_digit(game):
    """Rule 2D: 'One of the players stops the digital read-out ... without looking at the
    screen': both readouts run through new values nearly every frame, every last digit."""
    war_game(game)
    values = []
    for _ in range(120):
        game.tick()
        values.append((game.red.energy, game.blue.energy))
    for side in (0, 1):
        run = [v[side] for v in values]
        assert sum(a != b for a, b in zip(run, run[1:])) >= 100
        assert {v % 10 for v in run} == set(range(10))


def test_space_stops_the_readouts_and_the_left_one_is_what_rule_2d_reads(game):
    war_game(game)
    game.tick(37)
    game.press("SPACE")
    stopped = game.red.energy
    game.tick(2)
    shown = readouts(game.machine.screen)
    game.tick(seconds(game, 1))
    assert game.readout == stopped == game.red.energy
    assert shown[0] == stopped


def test_the_practice_war_cycles_through_all_nine_pairings(game):
    """'The computer will run through a complete cycle of weapon combinations and assign random
    amounts of energy units to each player.'"""
    landed("side_fire")
    from cart.conquest.bots import Bot, play_battle
    war_game(game)
    game.press("SPACE")                      # stops the rule-2 readouts
    game.press("SPACE")                      # the practice war: energies spin
    pairings, energies = [], []
    red, blue = Bot("red", seed=1), Bot("blue", seed=2)
    while len(pairings) < 9:
        game.wait_for(lambda g: g.mode == "wargame" and g.field("wargame_step") == "energy", 60)
        game.tick(5)
        game.press("SPACE")                  # stops the energies: the battle starts
        game.wait_for(lambda g: g.mode == "combat", 30)
        pairings.append((game.red.weapon, game.blue.weapon))
        energies.append((game.red.energy, game.blue.energy))
        play_battle(game, red, blue)
        game.press("SPACE")
    assert sorted(pairings) == sorted((r, b) for r in "SPT" for b in "SPT")
    assert len(set(energies)) == 9 and all(0 < e <= 9999 for pair in energies for e in pair)


def practice_battles(game, seeds=(3, 4)):
    """Runs the practice war battle by battle with bots; yields after each battle (result mode)."""
    from cart.conquest.bots import Bot, play_battle
    war_game(game)
    game.press("SPACE")                      # stops the rule-2 readouts
    game.press("SPACE")                      # the practice war
    red, blue = Bot("red", seed=seeds[0]), Bot("blue", seed=seeds[1])
    for _ in range(60):
        game.wait_for(lambda g: g.mode == "wargame" and g.field("wargame_step") == "energy", 60)
        game.press("SPACE")
        game.wait_for(lambda g: g.mode == "combat", 30)
        play_battle(game, red, blue)
        game.tick(5)
        yield game
        if max(game.tally.red, game.tally.blue) >= 10:
            return
        game.press("SPACE")
    raise AssertionError("no side won ten battles in 60")


def test_the_first_side_to_win_ten_battles_wins_the_practice_war(game):
    """'The first player to win ten battles wins the war.'"""
    landed("side_fire")
    for _ in practice_battles(game):
        pass
    winner = "red" if game.tally.red == 10 else "blue"
    assert game.mode == "result" and game.winner == winner          # fireworks at its flag
    assert min(game.tally.red, game.tally.blue) < 10
    game.press("SPACE")                      # the final tally (the next test)
    game.wait_for(lambda g: g.mode == "wargame", 30)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "select", 30)
    game.tick(2)                             # SELECT GAME as at power-on: no playfield left
    from conquest_helpers import new_game
    from conquest_screen import text
    fresh = new_game()
    fresh.tick(2)
    assert "SELECT GAME" in text(game.machine.screen)
    assert (game.machine.screen == fresh.machine.screen).all()


def test_the_final_tally_of_ten_wins_is_on_screen_after_the_last_battle(game):
    """The tally's two-digit count: after the tenth win SPACE shows the WAR GAME screen with the
    final tally (10 over the winner's readout, the loser's wins over the other) and holds it; the
    next SPACE returns to SELECT GAME."""
    landed("side_fire")
    from conquest_screen import numbers
    for _ in practice_battles(game):
        pass
    loser = min(game.tally.red, game.tally.blue)
    red_won = game.tally.red == 10
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "wargame", 30)
    for _ in range(3):                       # held, not a flash: three seconds apart
        game.tick(seconds(game, 1))
        found = numbers(game.machine.screen)
        tallies = [min((line, value) for line, column, value in found if (column >= 180) == right)[1]
                   for right in (False, True)]       # each half: the tally stands over the readout
        assert tallies == ([10, loser] if red_won else [loser, 10]), found
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "select", 30)


def test_the_tally_of_battles_won_is_on_screen(game):
    """Issue 10: 'a tally of battles won per side is on screen'."""
    landed("side_fire")
    from conquest_screen import numbers
    for _ in practice_battles(game):
        tally = game.tally
        if tally.red and tally.blue:
            game.press("SPACE")              # between battles: the WAR GAME screen with the tally
            game.wait_for(lambda g: g.mode == "wargame" and g.field("wargame_step") == "energy", 60)
            game.tick(2)
            shown = [value for _, _, value in numbers(game.machine.screen)]
            assert tally.red in shown and tally.blue in shown, (tally, shown)
            return
