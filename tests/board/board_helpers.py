"""Helpers for the board companion tests: quick ways to reach a position."""
import copy
from dataclasses import replace

import pytest

from board import rules as R
from board.world import Side


def play(state, *actions):
    """Apply legal actions in turn; returns the final state and every note."""
    notes = []
    for action in actions:
        state, more = R.apply(state, action)
        notes += more
    return state, notes


def refused(state, action, rule):
    """The action is refused under `rule` and the state is exactly as before."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(R.RuleViolation) as err:
        R.apply(state, action)
    assert err.value.rule == rule, str(err.value)
    assert state == snapshot
    return str(err.value)


def scenario_game(world, players, sides, first, **config):
    """A game whose holdings come from scenario sides; `first` plays the first turn."""
    scenario = replace(world, sides=tuple(Side(**s) for s in sides))
    state = R.new_game(R.GameConfig(tuple(players), scenario, **config))
    numbers = {name: i for i, name in enumerate(players)}
    state, _ = R.apply(state, R.ChooseFirst(numbers, numbers[first]))
    return state


def started(world, players=("Ann", "Bob", "Cy"), homelands=("United States", "West Germany", "Japan"),
            first="Ann"):
    """Homelands chosen clockwise from `first`, no start-up alliances yet."""
    state = R.new_game(R.GameConfig(tuple(players), world))
    numbers = {name: i for i, name in enumerate(players)}
    state, _ = R.apply(state, R.ChooseFirst(numbers, numbers[first]))
    for country in homelands:
        state, _ = R.apply(state, R.ChooseHomeland(country))
    return state
