"""Modes and keys, from the manual's "TO BEGIN" and rule 2 (issue 10, "Modes")."""
import pytest

from conquest_helpers import SETTLE_FRAMES, landed, new_game, to_entry
from conquest_screen import strings, text

KEYS_EXCEPT_SPACE = ("1", "A", "R", "ENTER", "CLEAR", "?", "Y")


def test_power_on_shows_select_game(game):
    """'Turn on the power ... SELECT GAME will appear on your TV screen.'"""
    assert game.mode == "select"
    assert "SELECT GAME" in text(game.machine.screen)


def test_reset_returns_to_select_game(game):
    """'If it does not, press the RESET key': RESET brings SELECT GAME back from any mode."""
    to_entry(game)
    game.hold(keys={"RESET"})
    game.tick(3)
    game.hold()
    game.wait_for(lambda g: g.mode == "select", 120)
    game.tick(SETTLE_FRAMES)
    assert "SELECT GAME" in text(game.machine.screen)


def test_space_starts_the_combat_entry(game):
    """'Press SPACE bar': both flags, both energy readouts and '?' for each weapon."""
    to_entry(game)
    game.tick(SETTLE_FRAMES)
    assert game.red.weapon == "?" and game.blue.weapon == "?"
    found = strings(game.machine.screen)
    marks = [(line, column) for line, column, t in found if "?" in t]
    assert len(marks) == 2, found
    (_, left), (_, right) = sorted(marks, key=lambda m: m[1])
    assert left < 180 <= right          # one on each half of the screen


@pytest.mark.parametrize("key", KEYS_EXCEPT_SPACE)
def test_any_other_key_starts_the_war_game(key):
    """Rule 2B: 'Press any key on the alpha-numeric keyboard except the SPACE bar. This will
    program the WAR GAME into the computer mode.'"""
    game = new_game()
    game.press(key)
    game.wait_for(lambda g: g.mode == "wargame", SETTLE_FRAMES)
