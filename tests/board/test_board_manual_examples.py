"""Every worked example in the manual, with the figures it prints."""
from board import rules as R

from board_helpers import play, scenario_game, started


def test_us_allies_canada_and_mexico_record_6_and_2000_bonus(world):
    # Rule 4 example 1, rule 5 example 1 (12/2 = 6), rule 7 example (1000 x 2 countries).
    state = started(world)
    bank = state.warchest
    state, notes = play(state, R.Ally("Canada"), R.Ally("Mexico"))
    ann = state.index("Ann")
    assert state.record(ann) == 12                      # halves: record 6
    assert R.fmt_record(state.record(ann)) == "6"
    assert state.players[ann].chips == 2000
    assert state.warchest == bank - 2000
    assert "Ann dominates zone 1: 2000 PBU bonus in chips" in notes


def test_west_germany_allies_spain_italy_greece_record_5(world):
    # Rule 4 example 2 and rule 5 example 2: 4 + 5 + 1 = 10 <= 10, 10/2 = 5.
    state = started(world)
    state, _ = play(state, R.Pass(), R.Ally("Spain"), R.Ally("Italy"), R.Ally("Greece"))
    bob = state.index("Bob")
    assert state.players[bob].homeland == "West Germany"
    assert state.record(bob) == 10
    assert state.players[bob].chips == 0       # zone 4 has France, UK, Norway unallied


def test_half_values_nine_over_two_is_four_and_a_half(world):
    # Rule 6: 9/2 = 4.5. The U.S.S.R. allies with its whole zone: 2 + 3 + 1 + 2 + 1 = 9.
    state = started(world, homelands=("U.S.S.R.", "West Germany", "Japan"))
    state, _ = play(state, *(R.Ally(c) for c in ("Romania", "Poland", "Czechoslovakia",
                                                 "East Germany", "Cuba")))
    ann = state.index("Ann")
    assert state.record(ann) == 9
    assert R.fmt_record(state.record(ann)) == "4.5"
    assert state.players[ann].chips == 5000        # rule 7: five countries besides the homeland


def test_us_buys_bangladesh_for_1000_and_advances_one(world):
    # Rule 9B illustration: the 2000 bonus lets the U.S. pay 1000 for Bangladesh (2/2 x 1000)
    # and advance 1. The U.S. player chooses last, so has the first turn (rule 8A).
    state = started(world, homelands=("West Germany", "Japan", "United States"), first="Ann")
    state, _ = play(state, R.Pass(), R.Pass(), R.Ally("Canada"), R.Ally("Mexico"), R.Pass())
    cy = state.index("Cy")
    assert (state.phase, state.current) == ("turns", cy)
    bank = state.warchest
    state, notes = play(state, R.Ally("Bangladesh"))
    assert state.players[cy].chips == 1000
    assert state.warchest == bank + 1000
    assert state.record(cy) == 14                      # 6 -> 7
    assert state.holdings["Bangladesh"] == (cy, R.ALLIED)
    assert "Cy pays 1000 PBU into the WARCHEST for an alliance with Bangladesh" in notes


def test_indonesia_successfully_defended_advances_three(world):
    # Rule 14B-C illustration: the defender allies with Indonesia (6) and moves 9 -> 12.
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States"},
        {"homeland": "Japan", "conquered": ("Australia", "Nigeria")},      # 4 + 5 = 9
    ], first="Ann")
    bob = state.index("Bob")
    assert state.record(bob) == 18
    state, notes = play(state, R.Attack("Indonesia"),
                        R.BattleResult("defender", "tank", "sub", 2000, 2400),
                        R.BattleResult("defender", "plane", "sub", 850, 1900))
    assert state.holdings["Indonesia"] == (bob, R.ALLIED)
    assert state.record(bob) == 24                     # 12
    assert state.players[bob].chips == 900             # the attacker's 850 rounded (rule 14A)
    assert state.current == bob                        # rule 14D: left of the losing attacker


def test_attacking_the_occupied_philippines(world):
    # Rule 15A: 3 x 1000 = 3000 committed; rule 16B-C: attacker 29 -> 32, defender 33 -> 30
    # (the Philippines were the defender's conquest); rule 16D: 1355 left -> 1400 chips.
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "conquered": ("China", "Japan", "Brazil"), "chips": 3000},
        {"homeland": "U.S.S.R.", "conquered": ("Philippines", "West Germany", "France",
                                                "United Kingdom", "Australia")},
    ], first="Bob")
    ann, bob = state.index("Ann"), state.index("Bob")
    assert (state.record(ann), state.record(bob)) == (58, 66)       # 29 and 33
    state, _ = play(state, R.Pass())                                  # Bob's first turn
    bank = state.warchest
    state, notes = play(state, R.Attack("Philippines"))
    assert state.players[ann].chips == 0 and state.warchest == bank + 3000
    state, notes = play(state, R.BattleResult("attacker", "plane", "sub", 2100, 1900),
                        R.BattleResult("attacker", "plane", "tank", 1700, 1355))
    assert (state.record(ann), state.record(bob)) == (64, 60)       # 32 and 30
    assert state.holdings["Philippines"] == (ann, R.CONQUERED)
    assert state.players[ann].chips == 1400
    assert state.warchest == bank + 3000 - 1400
    assert state.current == ann                                       # rule 16F: may go on


def test_1355_energy_units_are_1400_chips():
    assert R.round_to(1355, 100) == 1400


def test_end_game_record_55_enters_5500_energy(world):
    # Rule 21C: record x 100. Every country is held, so the final round starts at once.
    rest = [c for c in world.countries
            if c not in ("Australia", "United States", "China", "Japan", "Venezuela", "U.S.S.R.")]
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "Australia", "conquered": ("United States", "China", "Japan", "Venezuela")},
        {"homeland": "U.S.S.R.", "conquered": tuple(rest)},
    ], first="Ann")
    assert state.phase == "final_round"
    state, _ = play(state, R.Pass(), R.Pass())
    assert state.phase == "end_game"
    ann, bob = state.index("Ann"), state.index("Bob")
    assert state.record(ann) == 110                    # 30 + 13 + 10 + 2 = 55
    assert state.confrontation.sides == (ann, bob)     # the lowest challenges (rule 21B)
    assert state.confrontation.energy == [5500, (230 - 4 - 55 - 30) * 100]
