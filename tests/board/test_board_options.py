"""`board options`: what the player to act may do now, with the manual's costs."""
from board import rules as R
from board.cli import options

from board_helpers import play, scenario_game


def test_options_name_alliances_attacks_homelands_and_pacts_with_their_cost(world):
    """9A: "one country alliance with any unoccupied country which is not in another player's
    homeland zone", 9B: "1/2 of the prospective ally's board PBU value x 1000"; 15A: "the board
    PBU value x 1000 of the country under attack"; 19A-B: the homeland once "The countries
    bordering each side" are conquered, "(Full PBU board value x 1000.)"; 18A: player alliances."""
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "conquered": ("Italy", "Spain"), "chips": 12000},
        {"homeland": "West Germany", "allied": ("Greece",)},
        {"homeland": "Japan"}], first="Bob")
    state, _ = play(state, R.Pass(), R.Pass())              # Bob's first turn, Cy's; now Ann
    lines = dict(line.split(": ", 1) for line in options(state) if ": " in line)
    lines = {label.split(" (board")[0]: items for label, items in lines.items()}
    allies = lines["ally with"].split(", ")
    assert "Canada (3500 PBU)" in allies and "China (6500 PBU)" in allies
    assert not any(a.startswith(("U.S.S.R.", "France", "Taiwan")) for a in allies)  # 15000 > 12000; zones 4, 8
    assert lines["attack a homeland"] == "West Germany (10000 PBU, Bob)"
    assert lines["attack occupied"] == "Greece (1000 PBU, Bob)"        # Japan's sides are empty
    assert "Norway (free)" in lines["attack unoccupied"].split(", ")
    assert lines["player alliance with"] == "Bob, Cy"
    assert options(state)[-1] == "or pass (board pass)"


def test_options_show_the_weapons_each_side_may_use(world):
    """12F: "A player whose weapon is destroyed in any battle cannot use the same weapon during
    the duration of that war"; 21F: "A weapon lost in one battle cannot be used by the losing
    player in the next battle"."""
    rest = tuple(c for c in world.countries if c not in ("United States", "Canada", "U.S.S.R."))
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 7000}, {"homeland": "U.S.S.R.", "conquered": rest}],
        first="Ann")
    state, _ = play(state, R.Attack("Canada"), R.BattleResult("defender", "tank", "sub", 2000, 2400))
    assert options(state) == ["attacker Ann may use: sub, plane (tank destroyed in this war, rule 12F); "
                              "up to 2000 energy left",
                              "defender Bob may use: tank, sub, plane; up to 2400 energy left"]
    state, _ = play(state, R.BattleResult("attacker", "sub", "sub", 1500, 0))   # Ann: Canada, 3.5
    state, _ = play(state, R.Pass(), R.Pass())                  # the final round; the end game
    assert state.confrontation.sides == (0, 1)                  # Ann, lower, challenges Bob
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 300, 9000))
    # 21E: Bob attacks the next battle; his sub, lost, is barred for it
    assert options(state) == ["attacker Bob may use: tank, plane (the sub is barred for this battle, rule 21F); "
                              "up to 9000 energy left",
                              "defender Ann may use: tank, sub, plane; up to 300 energy left"]
