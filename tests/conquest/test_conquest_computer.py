"""The console plays one side (issue 26; docs/computer.md, cart/conquest/README.md "One player"):
C at the entry gives the side being entered to the console and raises its level, 1-3, then gives
it back; its mark (the level's digit) stands on its side of the bar; in a battle it moves and
fires through its side's stick byte by itself, seeing what a player sees (a submerged sub only at
a sonar ding); it never makes a frame overrun, on NTSC and PAL, with either BIOS; a one-player
battle's movie gives the same RAM and pixels in MAME."""
import os
import random
from functools import lru_cache

import pytest

from conquest_helpers import (MIN_BIOS, SETTLE_FRAMES, fight_again, landed, new_game, seconds,
                              symbols, to_entry)
from conquest_screen import glyphs
from conquest_scripts import assert_same_as_mame, recorder_at_entry
from test_conquest_overruns import random_stick
from cart.conquest import Conquest
from cart.conquest.bots import Bot
from cart.conquest.oneplayer import inputs, parse
from cart.conquest.versus import RandomPlayer
from emu.movie import Movie

SOAK_SECONDS = float(os.environ.get("O2_SOAK_SECONDS", "20"))
PAIRINGS = [r + b for r in "TSP" for b in "TSP"]
SIDE_SHOWN = 8                         # combat.asm: offset in a side's block in external RAM
SIDE_BLOCK = {"red": 0x10, "blue": 0x20}


def console_battle(pairing="TT", computer="blue", level=3, region="ntsc", bios=None, energy=2500):
    game = to_entry(new_game(region, bios))
    game.enter(red=(pairing[0], energy), blue=(pairing[1], energy), computer=computer, level=level)
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    return game


# ---- the keys

def test_c_gives_the_side_being_entered_to_the_console_and_raises_its_level():
    landed("computer_frame")
    game = to_entry(new_game())
    assert (game.computer, game.level) == (None, None)
    seen = []
    for _ in range(4):                      # the entry starts on red (the arrow on the left)
        game.press("C")
        seen.append((game.computer, game.level))
    assert seen == [("red", 1), ("red", 2), ("red", 3), (None, None)]
    game.press("B")
    game.press("C")
    assert (game.computer, game.level) == ("blue", 1)
    game.press("R")                         # one side only: C on red moves it there
    game.press("C")
    assert (game.computer, game.level) == ("red", 1)


def test_the_choice_stays_for_the_next_battle_of_the_war():
    landed("computer_frame")
    game = console_battle("TT", "blue", 2, energy=40)
    game.wait_for(lambda g: g.mode == "result", seconds(game, 30))
    game.tick(seconds(game, 1))
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", SETTLE_FRAMES)
    assert (game.computer, game.level) == ("blue", 2)


def test_c_in_a_practice_war_gives_blue_to_the_console():
    landed("computer_frame")
    game = new_game()
    game.press("W")                         # any key but SPACE: the WAR GAME
    game.press("SPACE")                     # stop the readouts
    game.press("SPACE")                     # the practice war: energies spin
    assert game.field("wargame_step") == "energy"
    game.press("C")
    game.press("C")
    assert (game.computer, game.level) == ("blue", 2)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    assert (game.computer, game.level) == ("blue", 2)


def _bar_glyphs(game):
    """Characters on the line of the weapon letters (the bar above the readouts)."""
    found = glyphs(game.machine.screen)
    letters = [(line, col) for line, col, ch in found if ch in "TSP?"]
    assert letters, "no weapon letter on the screen"
    line = letters[0][0]
    return sorted((col, ch) for l, col, ch in found if abs(l - line) <= 1), letters


@pytest.mark.parametrize("computer, level", [("red", 1), ("blue", 3)])
def test_the_mark_is_the_level_digit_on_the_console_side(computer, level):
    landed("put_mark")
    game = to_entry(new_game())
    game.enter(red=("T", 2500), blue=("S", 2500), start=False, computer=computer, level=level)
    game.tick(2)
    bar, letters = _bar_glyphs(game)
    digits = [(col, ch) for col, ch in bar if ch.isdigit()]
    assert [ch for _, ch in digits] == [str(level)], bar
    red_letter = min(col for _, col in letters)
    blue_letter = max(col for _, col in letters)
    middle = (red_letter + blue_letter) / 2
    col = digits[0][0]
    assert (col < middle) == (computer == "red"), (col, middle)
    game.press("ENTER")                     # the mark stays through the battle
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    game.tick(seconds(game, 1))
    bar, _ = _bar_glyphs(game)
    assert [ch for _, ch in bar if ch.isdigit()] == [str(level)], bar


def test_no_mark_without_the_console():
    landed("put_mark")
    game = to_entry(new_game())
    game.enter(red=("T", 2500), blue=("S", 2500), start=False)
    game.tick(2)
    bar, _ = _bar_glyphs(game)
    assert not [ch for _, ch in bar if ch.isdigit()], bar


# ---- it plays

@pytest.mark.parametrize("pairing, computer", [("TT", "red"), ("TS", "blue"), ("ST", "red"),
                                               ("PT", "red"), ("TP", "blue"), ("PP", "blue")])
def test_the_console_moves_and_fires_by_itself(pairing, computer):
    """Its tank, sub and jet, on either side, against a player moving at random."""
    landed("computer_frame")
    game = console_battle(pairing, computer, 3, energy=9999)
    player = RandomPlayer(seed=len(pairing + computer))
    human = "red" if computer == "blue" else "blue"
    me = game.side(computer)
    start = (me.x, me.y)
    moved = fired = False
    for _ in range(seconds(game, 120)):
        game.sticks(**{human: player.decide(game)})
        game.tick()
        if game.mode != "combat":           # over: the same battle again, the console kept
            fight_again(game, pairing)
            game.tick(2)
            start = (game.side(computer).x, game.side(computer).y)
        side = game.side(computer)
        moved |= (side.x, side.y) != start
        fired |= bool(side.shot_state)
        if moved and fired:
            break
    assert moved and fired, (moved, fired, game.mode, game.winner)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_each_level_ends_battles_against_a_player_who_does_nothing(level):
    """No stuck state: against a player who never touches the stick the console wins or the
    battle ends (energy runs out) within the 2500 units' time."""
    landed("computer_frame")
    for pairing, computer in (("TP", "red"), ("PT", "blue"), ("SS", "blue")):
        game = console_battle(pairing, computer, level)
        game.wait_for(lambda g: g.mode == "result", seconds(game, 140), step=10)


def test_its_jet_flies_round_trees_and_mountains():
    """A jet crashes into trees and mountains (README "Battles"). The console's at level 2 (a
    look every 9 frames, one angle at a time) flies round them while it fights a bot's jet on the
    jet-jet field, whose start row runs into a mountain beside woods: of ten battles, at most one
    ends with it destroyed while no enemy shot flew (a crash; the jets themselves do not collide)."""
    landed("computer_frame")
    crashes = 0
    for seed in range(10):
        computer = "red" if seed % 2 else "blue"
        other = "blue" if seed % 2 else "red"
        game = console_battle("PP", computer, 2)
        bot = Bot(other, seed=seed, level=2)
        shot_lately = 0                     # frames since the enemy's shot last flew or moved
        shot = None                         # (a shot fired point-blank hits in its first frame)
        while game.mode == "combat" and game.side(computer).alive:
            game.sticks(**{other: bot.decide(game)})
            game.tick()
            enemy = game.side(other)
            fresh = (enemy.shot_state, enemy.shot_x, enemy.shot_y)
            shot_lately = 0 if enemy.shot_state or fresh != shot else shot_lately + 1
            shot = fresh
        crashes += not game.side(computer).alive and shot_lately > 8
    assert crashes <= 1, crashes


def test_it_cannot_see_a_submerged_sub():
    """The console's tank learns where the player's sub is only while the sub is drawn (at
    periscope depth, or at a sonar ding): the place it keeps changes only in such frames."""
    landed("computer_frame", "ai_seen_x", "ai_seen_y")
    names = symbols()
    seen_x, seen_y = names["ai_seen_x"], names["ai_seen_y"]
    game = console_battle("TS", "red", 3)
    xram = game.machine.xram
    rng = random.Random(5)
    learned_hidden = learned_shown = 0
    apart = 0
    for frame in range(seconds(game, 30)):
        if frame % 20 == 0:                 # the sub keeps moving: submerged
            game.sticks(blue=rng.choice([{"up"}, {"down"}, {"left"}, {"right"}]))
        shown = xram[SIDE_BLOCK["blue"] + SIDE_SHOWN]
        before = (xram[seen_x], xram[seen_y])
        game.tick()
        if game.mode != "combat":
            break
        after = (xram[seen_x], xram[seen_y])
        if after != before:
            learned_shown += bool(shown)
            learned_hidden += not shown
        apart += after != (game.blue.x, game.blue.y)
    assert learned_hidden == 0
    assert learned_shown > 0                # it did learn at the dings
    assert apart > seconds(game, 5)         # and between them it did not know


# ---- the frame budget and the BIOS

@pytest.mark.parametrize("region", ["ntsc", "pal"])
@pytest.mark.parametrize("pairing", PAIRINGS)
def test_no_overrun_with_the_console_playing(pairing, region):
    landed("computer_frame")
    rng = random.Random(pairing)
    game = console_battle(pairing, "blue" if rng.random() < 0.5 else "red", 3, region, energy=9999)
    human = "red" if game.computer == "blue" else "blue"
    for frame in range(seconds(game, SOAK_SECONDS)):
        if frame % rng.randint(2, 12) == 0:
            game.sticks(**{human: random_stick(rng)})
        game.tick()
        if game.mode != "combat":
            fight_again(game, pairing)
    assert game.overruns == 0


def test_the_console_plays_with_the_vector_only_bios_and_calls_no_bios_routine():
    landed("computer_frame")
    game = console_battle("SP", "blue", 3, bios=MIN_BIOS)
    game.sticks(red={"down"})
    rows = game.machine.trace(20 * 6000)
    low = {int(pc) for pc in rows["pc"] if pc < 0x400}
    assert low <= {0x003, 0x004, 0x005, 0x006}, sorted(hex(pc) for pc in low)
    game.wait_for(lambda g: g.mode == "result", seconds(game, 140), step=10)
    assert game.overruns == 0


# ---- the tools

def test_enter_refuses_a_wrong_side_or_level():
    landed("computer_frame")
    game = to_entry(new_game())
    with pytest.raises(ValueError, match="computer must be"):
        game.enter(computer="green", start=False)
    with pytest.raises(ValueError, match="level must be 1, 2 or 3"):
        game.enter(computer="red", level=4, start=False)
    with pytest.raises(ValueError, match="level needs computer"):
        game.enter(level=2, start=False)


def test_the_game_view_shows_the_console_side_and_level():
    landed("computer_frame")
    game = console_battle("TS", "blue", 2)
    assert "computer blue level 2" in game.describe().splitlines()[0]


@pytest.mark.parametrize("spec, expected", [
    ("T2500 vs computer S2500 level 2", (("T", 2500), ("S", 2500), "blue", 2)),
    ("computer p900 vs t25", (("P", 900), ("T", 25), "red", 1)),
    ("S1 vs T9999", (("S", 1), ("T", 9999), None, None)),
])
def test_conquest_specs(spec, expected):
    assert parse(spec) == expected


@pytest.mark.parametrize("spec, message", [
    ("T2500 against S2500", "is not a battle"),
    ("X2500 vs S2500", "weapon 'X' is not T, S or P"),
    ("T0 vs S2500", "energy 0 is not 1-9999"),
    ("T2500 vs computer S2500 level 4", "level '4' is not 1, 2 or 3"),
    ("computer T1 vs computer S1", "one side only"),
    ("T1 vs S1 level 2", "a level needs a side marked 'computer'"),
])
def test_o2_run_conquest_refuses_a_malformed_spec_in_one_line(spec, message, capsys):
    from emu.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--headless", "--conquest", spec])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("o2: error: run: argument --conquest:")
    assert message in err


def test_o2_run_conquest_starts_in_the_battle_with_the_console_playing():
    landed("computer_frame")
    from emu.frontend.session import Session, SessionOptions
    session = Session(SessionOptions(start_inputs=inputs(*parse("T2500 vs computer S2500 level 2"))))
    game = Conquest(session.machine)
    assert game.mode == "combat"
    assert (game.computer, game.level) == ("blue", 2)
    assert (game.red.weapon, game.blue.weapon) == ("T", "S")
    assert 2490 <= game.red.energy <= 2500          # the battle has just begun


# ---- MAME

@lru_cache(maxsize=None)
def one_player_movie():
    """A one-player battle (the console's sub at level 3 against a bot's jet), recorded."""
    landed("computer_frame")
    recorder = recorder_at_entry()
    game = recorder.game
    game.enter(red=("P", 600), blue=("S", 600), computer="blue", level=3)
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    bot = Bot("red", seed=21, level=2)
    frames = 0
    while game.mode == "combat" and frames < seconds(game, 40):
        game.sticks(red=bot.decide(game))
        game.tick()
        frames += 1
    game.sticks(red=())
    game.tick(seconds(game, 1))
    return recorder.movie().to_text()


@pytest.mark.conformance
def test_a_one_player_battle_in_mame_gives_the_same_ram_and_pixels_every_frame():
    movie = Movie.parse(one_player_movie())
    assert_same_as_mame(movie, tuple(range(1, movie.frames + 1)))
