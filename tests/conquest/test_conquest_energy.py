"""Energy drain while a battle runs (the manual: "Planes use up energy units faster than any other
weapon", "a sub will consume energy units at a greatly accelerated rate" while its missile flies;
issue 10, "Energy drains ...")."""
import pytest

from conquest_helpers import landed, seconds, start_battle, new_game

MEASURE_S = 4


def drain(red, blue, seconds_run=MEASURE_S, red_stick=(), blue_stick=(), region="ntsc"):
    """Energy each side used in `seconds_run` seconds of a 9999-unit battle."""
    landed("side_fire")
    game = start_battle(new_game(region), red=(red, 9999), blue=(blue, 9999))
    game.sticks(red=red_stick, blue=blue_stick)
    game.tick(seconds(game, seconds_run))
    assert game.mode == "combat", "the battle ended while measuring"
    return 9999 - game.red.energy, 9999 - game.blue.energy


def test_energy_drains_while_the_battle_runs():
    tank, _ = drain("T", "T")
    assert tank > 0


def test_jets_drain_fastest_tanks_and_idle_subs_slowest():
    """'Planes use up energy units faster than any other weapon.'"""
    jet, tank = drain("P", "T", seconds_run=2)
    sub, tank_again = drain("S", "T", seconds_run=2)
    assert jet > tank and jet > sub
    assert abs(sub - tank_again) <= 1          # the slowest: tanks and idle subs alike


def test_a_sub_with_a_missile_in_flight_drains_greatly_accelerated():
    """'When a missile is fired, a sub will consume energy units at a greatly accelerated rate
    for the duration of its flight.'"""
    landed("side_fire")
    idle, _ = drain("S", "T", seconds_run=1)
    firing, _ = drain("S", "T", seconds_run=1, red_stick={"fire"})
    assert firing >= 3 * idle


@pytest.mark.parametrize("weapon", ["T", "P"])
def test_a_2500_unit_battle_lasts_about_a_minute_or_two(weapon):
    """★ README: a 2500-unit battle lasts about a minute or two of play."""
    used, _ = drain(weapon, "T")
    lasts = 2500 / (used / MEASURE_S)
    assert 30 <= lasts <= 200, f"{weapon}: 2500 units last {lasts:.0f} s"


def test_the_readouts_show_each_sides_energy_live():
    """Issue 10: 'During combat the readouts show each side's energy live.'"""
    from conquest_screen import readouts
    landed("side_fire")
    game = start_battle(new_game(), red=("T", 2500), blue=("P", 2500))
    seen = []
    for _ in range(4):
        game.tick(seconds(game, 0.5))
        shown = readouts(game.machine.screen)
        seen.append(shown)
        # drawn during VBLANK, before this frame's drain: at most one frame behind
        for value, side in zip(shown, (game.red, game.blue)):
            assert side.energy <= value <= side.energy + 1, (shown, game.red.energy, game.blue.energy)
    assert len({tuple(s) for s in seen}) == 4              # they change as the energy drains
