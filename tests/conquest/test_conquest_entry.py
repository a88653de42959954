"""Combat entry, from "Submarine school", "Flight training", "Tank maneuvers" and rules 10-11
(issue 10, "Combat entry")."""
import pytest

from conquest_helpers import SETTLE_FRAMES, to_entry
from conquest_screen import readouts, strings


def marks(game):
    """The weapon marks on screen, left then right: '?', 'S', 'P' or 'T' standing alone."""
    found = [(column, t) for _, column, t in strings(game.machine.screen) if t in ("?", "S", "P", "T")]
    return [t for _, t in sorted(found)]


def shown(game):
    """The two energy readouts on screen, left then right."""
    return readouts(game.machine.screen)


@pytest.fixture
def entry(game):
    return to_entry(game)


@pytest.mark.parametrize("letter", ["S", "P", "T"])
def test_r_then_a_weapon_letter_changes_the_left_question_mark(entry, letter):
    """'Press R for RED ... Then press S for SUBMARINE. The question mark on the screen will
    change to S to confirm your selection.'"""
    entry.press("R")
    entry.press(letter)
    entry.tick(2)
    assert entry.red.weapon == letter and entry.blue.weapon == "?"
    assert marks(entry) == [letter, "?"]


def test_b_selects_the_right_hand_side(entry):
    """'The player using the right-hand control now presses B for BLUE and repeats.'"""
    entry.enter(red=("S", 2500), blue=("P", 1234), start=False)
    entry.tick(2)
    assert (entry.red.weapon, entry.red.energy) == ("S", 2500)
    assert (entry.blue.weapon, entry.blue.energy) == ("P", 1234)
    assert marks(entry) == ["S", "P"]
    assert shown(entry) == [2500, 1234]


def test_energy_is_shown_as_typed(entry):
    """'Enter 2500 energy units using the numeric section of the keyboard' — shown as typed."""
    entry.press("R")
    typed = []
    for digit in "2500":
        entry.press(digit)
        entry.tick(1)
        typed.append((entry.red.energy, shown(entry)[0]))
    assert typed == [(2, 2), (25, 25), (250, 250), (2500, 2500)]


def test_energy_goes_up_to_9999(entry):
    """Issue 10: 'digits enter its energy (up to 9999, shown as typed)'; README: a fifth digit is
    ignored."""
    entry.enter_side("red", "T", 9999)
    assert entry.red.energy == 9999
    entry.press("1")
    entry.tick(2)
    assert entry.red.energy == 9999 and shown(entry)[0] == 9999


RED, BLUE = (199, 81, 81), (92, 128, 246)          # luminous red and blue (hardware notes §3)


def test_a_red_flag_on_the_left_and_a_blue_flag_on_the_right(entry):
    """'The left-hand flag will show up red on color TV.' ... 'The right-hand flag will show up
    blue on color TV.' — each beside its side's energy readout."""
    import numpy as np
    entry.enter(red=("T", 2500), blue=("S", 1500), start=False)
    entry.tick(2)
    screen = entry.machine.screen
    columns = {}
    for name, colour in (("red", RED), ("blue", BLUE)):
        lines, cols = np.nonzero((screen[160:] == colour).all(axis=2))    # the status bar
        assert len(cols) >= 16, f"no {name} flag in the status bar"
        columns[name] = (cols.min(), cols.max())
    assert columns["red"][1] < screen.shape[1] // 2 <= columns["blue"][0], columns
    assert shown(entry) == [2500, 1500]


def test_clear_clears_only_that_sides_entry(entry):
    entry.enter(red=("T", 2500), blue=("S", 1500), start=False)
    entry.press("R")
    entry.press("CLEAR")
    entry.tick(2)
    assert (entry.red.weapon, entry.red.energy) == ("?", 0)
    assert (entry.blue.weapon, entry.blue.energy) == ("S", 1500)
    assert marks(entry) == ["?", "S"]


@pytest.mark.parametrize("red, blue", [
    (("T", 2500), None),             # blue has nothing
    (("T", 2500), ("S", 0)),         # blue has a weapon but no energy
    ((None, 2500), ("S", 2500)),     # red has energy but no weapon
])
def test_enter_waits_for_both_weapons_and_energy(entry, red, blue):
    """'When both players have programmed their weapons and energy units into the computer,
    PRESS ENTER': ENTER does nothing before that."""
    entry.enter(red=red, blue=blue, start=False)
    entry.press("ENTER")
    entry.tick(SETTLE_FRAMES)
    assert entry.mode == "entry"


def test_enter_starts_the_battle(entry):
    entry.enter(red=("T", 2500), blue=("S", 2500))
    entry.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    assert (entry.red.weapon, entry.blue.weapon) == ("T", "S")
    assert 2490 <= entry.red.energy <= 2500 and 2490 <= entry.blue.energy <= 2500


def test_the_wrapper_refuses_an_entry_no_player_could_type(entry):
    with pytest.raises(ValueError, match="weapon must be 'S', 'P' or 'T', not 'X'"):
        entry.enter(red=("X", 100))
    with pytest.raises(ValueError, match="energy must be a whole number from 0 to 9999, not 10000"):
        entry.enter(red=("T", 10000))
    with pytest.raises(ValueError, match="side must be 'red' or 'blue', not 'green'"):
        entry.enter_side("green", "T", 1)
