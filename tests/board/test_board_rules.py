"""Rules 1-22 and the variations, one behaviour per test, figures worked out from the manual."""
import pytest

from board import rules as R

from board_helpers import play, refused, scenario_game, started


def new(world, players=("Ann", "Bob", "Cy")):
    return R.new_game(R.GameConfig(tuple(players), world))


# -- rule 1-3: players, first player, homelands --------------------------------------------------

@pytest.mark.parametrize("players", [("Ann",), tuple("ABCDEFG")])
def test_two_to_six_players(world, players):
    with pytest.raises(R.RuleViolation) as err:
        new(world, players)
    assert err.value.rule == "1"


@pytest.mark.parametrize("readout, numbers, first", [
    (0, {"Ann": 3, "Bob": 7, "Cy": 5}, "Ann"),      # 3 is closest to 0
    (9, {"Ann": 3, "Bob": 7, "Cy": 5}, "Bob"),
    (6, {"Ann": 3, "Bob": 7, "Cy": 5}, "Bob"),      # 5 and 7 tie: the higher goes first
    (4, {"Ann": 3, "Bob": 7, "Cy": 5}, "Cy"),       # 3 and 5 tie: 5
    (5, {"Ann": 3, "Bob": 7, "Cy": 5}, "Cy"),       # exact
])
def test_first_player_closest_to_readout(world, readout, numbers, first):
    state, _ = play(new(world), R.ChooseFirst(numbers, readout))
    assert state.name(state.current) == first and state.phase == "homelands"


def test_no_two_players_call_the_same_number(world):
    refused(new(world), R.ChooseFirst({"Ann": 3, "Bob": 3, "Cy": 5}, 4), "2C")
    refused(new(world), R.ChooseFirst({"Ann": 3, "Bob": 10, "Cy": 5}, 4), "2C")
    refused(new(world), R.ChooseFirst({"Ann": 3, "Bob": 4}, 4), "2C")


def test_homelands_chosen_clockwise_from_the_first_player(world):
    state, _ = play(new(world), R.ChooseFirst({"Ann": 3, "Bob": 7, "Cy": 5}, 9))
    state, _ = play(state, R.ChooseHomeland("Japan"))            # Bob
    assert state.name(state.current) == "Cy"
    refused(state, R.ChooseHomeland("Japan"), "3")
    refused(state, R.ChooseHomeland("Atlantis"), "3")
    state, _ = play(state, R.ChooseHomeland("China"), R.ChooseHomeland("India"))
    assert [p.homeland for p in state.players] == ["India", "Japan", "China"]
    assert state.phase == "home_alliances" and state.name(state.current) == "Bob"


# -- rule 4, 7, 8: start-up alliances, zone bonus, first turn ------------------------------------

def test_start_up_alliances_stay_in_the_zone_and_within_the_homeland_value(world):
    state = started(world, homelands=("West Germany", "Japan", "United States"))
    refused(state, R.Ally("Poland"), "4A")
    state, _ = play(state, R.Ally("Italy"), R.Ally("Spain"), R.Ally("Greece"))     # 10 of 10
    refused(state, R.Ally("Norway"), "4A")                                          # 12 > 10


def test_last_to_choose_a_homeland_has_the_first_turn(world):
    state = started(world, first="Bob", homelands=("United States", "West Germany", "Japan"))
    state, notes = play(state, R.Pass(), R.Pass(), R.Pass())
    # Bob, Cy, Ann chose in that order: Ann (to Bob's right) plays first.
    assert state.phase == "turns" and state.name(state.current) == "Ann"
    assert "the attack option passes to Ann" in notes


def test_first_turn_allows_an_alliance_and_unoccupied_attacks_only(world):
    state = started(world)
    state, _ = play(state, R.Ally("Canada"), R.Pass(), R.Pass(), R.Pass())     # Cy plays first
    refused(state, R.Attack("Canada"), "8B")
    state, _ = play(state, R.Attack("Norway"))
    assert state.war.kind == "unoccupied"


def test_zone_bonus_excludes_own_homeland(world):
    # Cy (Japan) conquers Taiwan and South Korea: zone 8 has 3 countries, 2 besides Japan.
    state = started(world)
    state, _ = play(state, R.Pass(), R.Pass(), R.Pass(), R.Attack("Taiwan"),
                    R.BattleResult("attacker", "tank", "sub", 2000, 0))
    cy = state.index("Cy")
    state, notes = play(state, R.Attack("South Korea"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert state.players[cy].chips == 2000
    assert "Cy dominates zone 8: 2000 PBU bonus in chips" in notes


# -- rule 9: buying alliances ---------------------------------------------------------------------

def test_one_alliance_per_turn_plus_one_per_war_won(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 10000}, {"homeland": "U.S.S.R."}], first="Ann")
    state, _ = play(state, R.Ally("Norway"))
    refused(state, R.Ally("Libya"), "9A")
    state, _ = play(state, R.Attack("Egypt"), R.BattleResult("attacker", "tank", "sub", 2000, 0))
    state, _ = play(state, R.Ally("Libya"))
    assert state.players[0].chips == 10000 - 1000 - 1500


def test_no_alliance_in_another_players_homeland_zone(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 10000}, {"homeland": "U.S.S.R."}], first="Ann")
    refused(state, R.Ally("Cuba"), "9A")
    state, _ = play(state, R.Ally("Canada"))           # Ann's own homeland zone is allowed


def test_alliance_needs_the_chips(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 3400}, {"homeland": "U.S.S.R."}], first="Ann")
    message = refused(state, R.Ally("Canada"), "9B")   # 7 / 2 x 1000 = 3500
    assert message == "rule 9B: an alliance with Canada costs 3500 PBU and Ann has only 3400 in chips"


def test_occupied_country_cannot_be_bought(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 9000},
        {"homeland": "U.S.S.R.", "allied": ("Norway",)}], first="Ann")
    refused(state, R.Ally("Norway"), "9A")


# -- rules 10-14: wars for unoccupied countries ---------------------------------------------------

def four_players(world):
    return scenario_game(world, ["Ann", "Bob", "Cy", "Dee"], [
        {"homeland": "United States"}, {"homeland": "U.S.S.R."},
        {"homeland": "China"}, {"homeland": "Japan"}], first="Ann")


def test_defender_is_to_the_left_and_rotates_while_the_attacker_wins(world):
    state = four_players(world)
    state, notes = play(state, R.Attack("Norway"))
    assert state.war.sides == (0, 1)                               # Bob, to Ann's left
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 0), R.Attack("Libya"))
    assert state.war.sides == (0, 2)                               # left of the last defender
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 0), R.Attack("Syria"))
    assert state.war.sides == (0, 3)
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 0), R.Attack("Iraq"))
    assert state.war.sides == (0, 1)                               # skips Ann herself


def test_a_battle_win_destroys_the_losers_weapon_for_the_war(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("defender", "tank", "sub", 2000, 2200))
    refused(state, R.BattleResult("attacker", "tank", "sub", 1500, 1000), "12F")
    state, _ = play(state, R.BattleResult("attacker", "plane", "sub", 1500, 1000))
    assert state.war.wins == [1, 1] and state.war.destroyed == [{"tank"}, {"sub"}]


def test_tie_battle_destroys_both_and_counts_for_no_one(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("tie", "tank", "sub", 2000, 2200))
    assert state.war.wins == [0, 0] and state.war.destroyed == [{"tank"}, {"sub"}]


def test_one_all_then_mutual_destruction_goes_to_the_most_energy(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"),
                    R.BattleResult("attacker", "tank", "sub", 2000, 2200),
                    R.BattleResult("defender", "sub", "plane", 1500, 1700))
    state, notes = play(state, R.BattleResult("tie", "plane", "plane", 900, 800))
    assert state.war is None and state.holdings["Norway"] == (0, R.CONQUERED)
    assert state.players[0].chips == 800


def test_equal_energy_after_one_all_and_a_tie_keeps_the_defender(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"),
                    R.BattleResult("attacker", "tank", "sub", 2000, 2200),
                    R.BattleResult("defender", "sub", "plane", 1500, 1700),
                    R.BattleResult("tie", "plane", "plane", 900, 900))
    assert state.holdings["Norway"] == (1, R.ALLIED)


@pytest.mark.parametrize("first, second", [
    (("tie", "tank", "sub"), ("attacker", "sub", "tank")),      # tie, win, win
    (("attacker", "tank", "sub"), ("tie", "sub", "tank"))])     # win, tie, win
def test_a_war_has_at_most_three_battles(world, first, second):
    """10B: "each war which is decided by the best of three battles"; 12C: "If each player has
    won a battle but destroys each other's forces in the remaining battle, the winner is the
    player with the greatest number of energy units remaining on the screen" — whatever the
    order, after one win each and one tie the third battle is the last."""
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult(*first, 2000, 2200),
                    R.BattleResult(*second, 1500, 1700))
    assert state.war is not None
    state, _ = play(state, R.BattleResult("defender", "plane", "plane", 1200, 1300))
    assert state.war is None and state.holdings["Norway"] == (1, R.ALLIED)


@pytest.mark.parametrize("battles", [
    (("tie", "tank", "sub"), ("attacker", "sub", "tank"), ("defender", "plane", "plane")),
    (("attacker", "tank", "sub"), ("tie", "sub", "tank"), ("defender", "plane", "plane")),
    (("attacker", "tank", "sub"), ("defender", "sub", "plane"), ("tie", "plane", "tank"))])
def test_one_win_each_and_a_tie_in_any_order_goes_to_the_most_energy(world, battles):
    """12C: "If each player has won a battle but destroys each other's forces in the remaining
    battle, the winner is the player with the greatest number of energy units remaining on the
    screen" — not the winner of the last battle, and no fourth battle (10B: "decided by the best
    of three battles"). Here the attacker ends with 1400 against 1100 and takes the war."""
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult(*battles[0], 2200, 2300),
                    R.BattleResult(*battles[1], 1800, 1900))
    state, notes = play(state, R.BattleResult(*battles[2], 1400, 1100))
    assert state.war is None and "Ann wins the war for Norway" in notes
    assert state.holdings["Norway"] == (0, R.CONQUERED)
    assert state.players[0].chips == 1100          # 13A: the loser's energy left, in chips


def test_two_ties_then_a_win_decides_the_best_of_three(world):
    """10B "best of three battles": after two ties the third battle's winner takes the war."""
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("tie", "tank", "sub", 2000, 2200),
                    R.BattleResult("tie", "sub", "tank", 1500, 1700),
                    R.BattleResult("attacker", "plane", "plane", 900, 1300))
    assert state.war is None and state.holdings["Norway"] == (0, R.CONQUERED)


def test_running_out_of_energy_loses_the_war(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("tie", "plane", "tank", 0, 1300))
    assert state.holdings["Norway"] == (1, R.ALLIED)
    assert state.players[1].chips == 0 and state.current == 1         # rule 14D


def test_energy_cannot_rise_and_an_empty_side_cannot_win(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("tie", "plane", "tank", 1200, 1300))
    refused(state, R.BattleResult("attacker", "sub", "sub", 1300, 1000), "12")
    refused(state, R.BattleResult("attacker", "sub", "sub", 0, 1000), "12G")
    refused(state, R.BattleResult("winner", "sub", "sub", 10, 1000), "12")
    refused(state, R.BattleResult("attacker", "rock", "sub", 10, 1000), "12")


def test_no_other_action_during_a_war(world):
    state = four_players(world)
    state, _ = play(state, R.Attack("Norway"))
    refused(state, R.Attack("Libya"), "12A")
    refused(state, R.Pass(), "12A")


def test_defender_of_unoccupied_country_wins_chips_and_alliance(world):
    state = four_players(world)
    state, notes = play(state, R.Attack("Brazil"),
                        R.BattleResult("defender", "tank", "sub", 1249, 2000),
                        R.BattleResult("defender", "plane", "sub", 1149, 1800))
    assert state.holdings["Brazil"] == (1, R.ALLIED) and state.record(1) == 6
    assert state.players[1].chips == 1100                              # 1149 -> 1100
    assert state.name(state.current) == "Bob"


# -- rules 15-17: occupied countries --------------------------------------------------------------

def occupied_game(world, chips=20000):
    return scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "chips": chips},
        {"homeland": "U.S.S.R.", "allied": ("Norway", "India"), "conquered": ("Brazil",)},
        {"homeland": "China"}], first="Cy")


def test_attacking_an_occupied_country_costs_its_value_in_thousands(world):
    state, _ = play(occupied_game(world, chips=5000), R.Pass())
    refused(state, R.Attack("Brazil"), "15A")                          # 6000 > 5000
    state, _ = play(state, R.Attack("Norway"))                         # 2000
    assert state.players[0].chips == 3000 and state.war.sides == (0, 1)


def test_losing_an_allied_country_costs_half_its_value(world):
    state, _ = play(occupied_game(world), R.Pass(), R.Attack("India"),
                    R.BattleResult("attacker", "tank", "sub", 2000, 300),
                    R.BattleResult("attacker", "tank", "plane", 2000, 251))
    assert state.record(1) == 2 + 12                  # Norway 2/2 and Brazil 6 remain: 7
    assert state.record(0) == 12                      # India conquered: 6
    assert state.players[0].chips == 20000 - 6000 + 300


def test_defender_keeps_the_country_and_the_attacker_loses_the_option(world):
    state, _ = play(occupied_game(world), R.Pass(), R.Attack("Brazil"),
                    R.BattleResult("defender", "tank", "sub", 50, 2000),
                    R.BattleResult("defender", "plane", "sub", 50, 1800))
    assert state.holdings["Brazil"] == (1, R.CONQUERED)
    assert state.players[1].chips == 100 and state.players[0].chips == 14000
    assert state.name(state.current) == "Bob"


def test_cannot_attack_own_country(world):
    state, _ = play(occupied_game(world), R.Pass())
    refused(state, R.Attack("United States"), "15B")


# -- rule 18: player alliances --------------------------------------------------------------------

def test_player_alliances_need_three_players(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States"}, {"homeland": "U.S.S.R."}], first="Ann")
    refused(state, R.FormPact(("Ann", "Bob")), "18")


def test_allies_pool_chips_and_never_attack_each_other(world):
    state, _ = play(occupied_game(world, chips=3000), R.FormPact(("Cy", "Ann")))
    cy = state.index("Cy")
    state, _ = play(state, R.Pass(), R.Pass())       # Cy's first turn, then Ann's; now Bob
    state, _ = play(state, R.Pass())
    assert state.current == cy
    refused(state, R.Attack("United States"), "18C")
    state, notes = play(state, R.Attack("Norway"))     # 2000 PBU: Cy has none, Ann pays
    assert state.players[0].chips == 1000 and state.players[cy].chips == 0
    assert "Ann 2000 to the WARCHEST for attacking Norway (2000 PBU)" in notes
    state, notes = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 1500),
                        R.BattleResult("attacker", "tank", "plane", 2000, 1300))
    # The 1300 won is shared equally in chips of 100: 700 to Cy who fought, 600 to Ann.
    assert state.players[cy].chips == 700 and state.players[0].chips == 1600
    assert state.holdings["Norway"] == (cy, R.CONQUERED)


def test_a_pooled_payment_names_each_payer(world):
    """18B: "Allied players may combine their PBU chips to purchase alliances with unoccupied
    countries"; the note names who pays what, for the players moving the real chips."""
    state = scenario_game(world, ["Ann", "Bob", "Cy", "Dee"], [
        {"homeland": "United States", "chips": 500}, {"homeland": "U.S.S.R."},
        {"homeland": "China", "chips": 3000}, {"homeland": "Japan"}], first="Ann")
    state, _ = play(state, R.FormPact(("Ann", "Cy")))
    state, notes = play(state, R.Ally("Canada"))         # 7 / 2 x 1000 = 3500
    assert "Ann 500 + Cy 3000 to the WARCHEST for an alliance with Canada (3500 PBU)" in notes


def test_allies_are_not_asked_to_defend_against_each_other(world):
    state = four_players(world)
    state, _ = play(state, R.FormPact(("Ann", "Bob")), R.Attack("Norway"))
    assert state.war.sides == (0, 2)


def test_a_broken_alliance_is_never_renewed(world):
    state = four_players(world)
    state, notes = play(state, R.FormPact(("Ann", "Bob")), R.FormPact(("Cy", "Bob", "Ann")))
    assert state.pacts == [{0, 1, 2}]
    state, notes = play(state, R.BreakPact("Cy"))
    assert state.pacts == [{0, 1}]
    refused(state, R.FormPact(("Cy", "Ann", "Bob")), "18F")
    refused(state, R.BreakPact("Dee"), "18F")


def test_an_alliance_of_every_player_is_refused(world):
    refused(four_players(world), R.FormPact(("Ann", "Bob", "Cy", "Dee")), "18C")


# -- rule 19: homelands ---------------------------------------------------------------------------

def west_germany_game(world, first="Bob"):
    return scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "chips": 100000},
        {"homeland": "West Germany", "allied": ("Italy", "Spain", "Greece"),
         "conquered": ("Norway",), "chips": 2500},
        {"homeland": "China"}], first=first)


def win_war(state, country):
    return play(state, R.Attack(country), R.BattleResult("attacker", "tank", "sub", 2000, 0))[0]


def test_allies_freed_in_the_final_round_are_fair_game(world):
    """19C: "The losing player's allied countries are returned to unoccupied status and are
    fair game for the rest of the players" — in the final round too."""
    rest = tuple(c for c in world.countries if c not in
                 ("United States", "West Germany", "Italy", "Spain", "Greece", "China"))
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "conquered": ("Italy", "Spain"), "chips": 100000},
        {"homeland": "West Germany", "allied": ("Greece",)},
        {"homeland": "China", "conquered": rest}], first="Ann")
    assert state.phase == "final_round" and state.name(state.current) == "Ann"
    state, notes = play(state, R.Attack("West Germany"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 700),
                        R.BattleResult("attacker", "tank", "plane", 2000, 600))
    assert "Bob is out of the game" in notes and "Greece" not in state.holdings
    assert state.name(state.current) == "Cy"
    state, _ = play(state, R.Attack("Greece"), R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert state.holdings["Greece"] == (2, R.CONQUERED)


def test_a_neighbouring_homeland_or_own_ally_counts_as_a_side(world):
    """19A: "The countries bordering each side of the enemy HOMELAND must first be conquered
    before the HOMELAND itself can be attacked"; 19B: "Once these countries are occupied". Cy's
    own homeland Spain, beside Bob's West Germany, and Cy's own ally Italy are Cy's markers on
    each side: they could never be conquered by Cy, and must not block the attack forever."""
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States"}, {"homeland": "West Germany"},
        {"homeland": "Spain", "allied": ("Italy",), "chips": 20000}], first="Cy")
    state, _ = play(state, R.Pass())                    # Cy's first turn: no occupied attacks
    state, _ = play(state, R.Pass(), R.Pass())          # Ann, Bob; Cy again
    assert state.name(state.current) == "Cy"
    state, notes = play(state, R.Attack("West Germany"))
    assert state.war.kind == "homeland" and state.war.sides == (2, 1)


def test_west_germany_attackable_once_italy_and_spain_are_conquered(world):
    """Rule 4, Example 2: West Germany's sides are Italy and Spain; 19A: "must first be
    conquered"; 19B: "(Full PBU board value x 1000.)"; 19C: "that player is out of the game"."""
    state, _ = play(west_germany_game(world), R.Pass(), R.Pass())       # Bob, Cy; now Ann
    assert state.name(state.current) == "Ann"
    assert "Italy" in refused(state, R.Attack("West Germany"), "19A")
    state = win_war(state, "Italy")
    assert "Spain" in refused(state, R.Attack("West Germany"), "19A")
    state = win_war(state, "Spain")
    state, notes = play(state, R.Attack("West Germany"))
    assert state.players[0].chips == 100000 - 5000 - 4000 - 10000       # rule 19B: 10 x 1000
    state, notes = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 700),
                        R.BattleResult("attacker", "tank", "plane", 2000, 600))
    # Rule 19C: Bob is out; Ann takes the homeland, his conquest and his chips; his ally
    # Greece is unoccupied again. Record: Italy 5 + Spain 4 + West Germany 10 + Norway 2 = 21.
    assert state.players[1].eliminated and "Bob is out of the game" in notes
    assert {c: h for c, h in state.holdings.items() if h[0] == 0} == {
        "United States": (0, R.HOMELAND), "Italy": (0, R.CONQUERED), "Spain": (0, R.CONQUERED),
        "West Germany": (0, R.CONQUERED), "Norway": (0, R.CONQUERED)}
    assert "Greece" not in state.holdings
    assert state.record(0) == 42
    assert state.players[0].chips == 81000 + 600 + 2500 and state.players[1].chips == 0
    assert state.phase == "turns" and state.active() == [0, 2]


def test_the_booty_is_divided_within_the_alliance_country_by_country(world):
    """19D: "the booty is divided equally between all players in the alliance": the homeland
    and conquests are dealt by value, highest first, clockwise from the conqueror (RULES.md 20);
    each country moves its holder's record."""
    state, _ = play(west_germany_game(world), R.FormPact(("Ann", "Cy")), R.Pass(), R.Pass())
    state = win_war(state, "Italy")
    state = win_war(state, "Spain")
    state, notes = play(state, R.Attack("West Germany"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert "Ann takes West Germany (10) from Bob's booty (19D)" in notes
    assert "Cy takes Norway (2) from Bob's booty (19D)" in notes
    assert state.holdings["West Germany"] == (0, R.CONQUERED) and state.holdings["Norway"] == (2, R.CONQUERED)
    assert state.record(2) == 4 and state.record(0) == 2 * (5 + 4 + 10)


def test_a_side_held_as_an_alliance_opens_the_homeland(world):
    # The attacker cannot conquer its own ally Italy (15B), so its marker there counts as the
    # side held (19B: "Once these countries are occupied"); an empty side does not.
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "allied": ("Italy",), "chips": 20000},
        {"homeland": "West Germany"}], first="Bob")
    state, _ = play(state, R.Pass())
    assert "Spain" in refused(state, R.Attack("West Germany"), "19A")
    refused(state, R.Attack("Italy"), "15B")
    state = win_war(state, "Spain")
    state, _ = play(state, R.Attack("West Germany"))
    assert state.war.kind == "homeland"


def test_homeland_at_the_end_of_its_list_has_one_side(world):
    # Canada is first in zone 1: only the United States, listed below it, must be conquered.
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "Canada", "allied": ("Mexico",)},
        {"homeland": "Japan", "conquered": ("United States",), "chips": 7000}], first="Ann")
    state, _ = play(state, R.Pass(), R.Attack("Canada"))
    assert state.war.kind == "homeland" and state.players[1].chips == 0


def test_single_country_zone_homeland_can_be_attacked_directly(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "Australia"}, {"homeland": "Japan", "chips": 4000}], first="Ann")
    state, _ = play(state, R.Pass(), R.Attack("Australia"))
    assert state.war.kind == "homeland"


def test_alliance_shares_the_booty_of_a_homeland(world):
    state, _ = play(west_germany_game(world, first="Cy"), R.FormPact(("Ann", "Cy")), R.Pass())
    state, _ = play(state, R.Attack("Norway"), R.BattleResult("attacker", "tank", "sub", 2000, 0))
    state = win_war(state, "Italy")
    state = win_war(state, "Spain")
    state, notes = play(state, R.Attack("West Germany"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 0))
    # Rule 19D: Bob's 2500 in chips, shared in chips of 100: 1300 to Ann who conquered, 1200 to Cy.
    assert state.players[2].chips == 1200
    assert state.players[0].chips == 100000 - 2000 - 5000 - 4000 - 10000 + 1300


# -- rules 20-22: final round, end game, winner --------------------------------------------------

def full_board(world, chips=(3300, 1200, 0), pact=None):
    rest = tuple(c for c in world.countries
                 if c not in ("United States", "U.S.S.R.", "Norway", "China"))
    sides = [{"homeland": "United States", "chips": chips[0]},
             {"homeland": "U.S.S.R.", "conquered": ("Norway",), "chips": chips[1]},
             {"homeland": "China", "conquered": rest, "chips": chips[2]}]
    if pact is None:
        return scenario_game(world, ["Ann", "Bob", "Cy"], sides, first="Ann")
    from dataclasses import replace
    from board.world import Side
    state = R.new_game(R.GameConfig(("Ann", "Bob", "Cy"),
                                    replace(world, sides=tuple(Side(**s) for s in sides))))
    state, _ = play(state, R.FormPact(pact), R.ChooseFirst({"Ann": 0, "Bob": 1, "Cy": 2}, 0))
    return state


def test_final_round_one_attack_each_then_chips_to_record(world):
    state = full_board(world)
    assert state.phase == "final_round" and state.current == 0
    state, _ = play(state, R.Attack("Norway"),
                    R.BattleResult("defender", "tank", "sub", 800, 2400),
                    R.BattleResult("defender", "sub", "plane", 200, 2000))
    assert state.current == 1
    refused(state, R.Ally("Norway"), "20A")
    state, notes = play(state, R.Pass())
    assert state.current == 2
    bank = state.warchest
    state, notes = play(state, R.Pass())
    # Rule 20C: Ann 1300 -> 1500 = 1.5 spaces; Bob 1200 + 200 = 1400 -> 1500 = 1.5 spaces.
    assert state.phase == "end_game"
    assert [state.record(p) for p in range(3)] == [3, 4 + 3, 2 * (230 - 30 - 30 - 2 - 13)]
    assert [p.chips for p in state.players] == [0, 0, 0] and state.warchest == bank + 2700


def test_end_game_ladder_alternation_weapon_restriction_and_winner(world):
    state = full_board(world)
    state, _ = play(state, R.Pass(), R.Pass(), R.Pass())
    # Records (halves): Ann 3300 -> 3500 = 7; Bob 4 + 1200 -> 1000 = 2 -> 6; Cy 310.
    assert [state.record(p) for p in range(3)] == [7, 6, 310]
    c = state.confrontation
    assert c.sides == (1, 0) and c.energy == [300, 350]          # Bob 3 x 100, Ann 3.5 x 100
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 290, 300))   # Bob attacks
    assert [state.record(1), state.record(0)] == [8, 5]           # rule 21D: one position each
    refused(state, R.BattleResult("attacker", "sub", "tank", 300, 290), "21F")   # Ann lost the sub
    state, _ = play(state, R.BattleResult("attacker", "plane", "tank", 260, 280))  # rule 21E: Ann
    assert [state.record(1), state.record(0)] == [6, 7]
    refused(state, R.BattleResult("attacker", "tank", "sub", 270, 200), "21F")   # Bob lost the tank
    state, notes = play(state, R.BattleResult("attacker", "sub", "plane", 270, 0))
    # Ann is out of energy: Bob 8, Ann 5, and Bob's 270 left rounds to 500: half a space (21G).
    assert [state.record(1), state.record(0)] == [9, 5]
    c = state.confrontation                       # rule 21H: Bob, now higher, challenges Cy
    assert c.sides == (1, 2) and c.energy == [450, 15500]
    state, _ = play(state, R.BattleResult("tie", "plane", "tank", 400, 15000))
    assert [state.record(1), state.record(2)] == [9, 310]
    refused(state, R.BattleResult("attacker", "tank", "sub", 14000, 300), "21F")  # Cy's tank
    state, notes = play(state, R.BattleResult("attacker", "sub", "sub", 14000, 0))
    assert state.phase == "over" and state.winners == [2]
    assert [state.record(p) for p in range(3)] == [5, 7, 312 + 28]
    refused(state, R.Pass(), "22")


def test_a_record_of_zero_enters_no_energy_and_gives_none_away(world):
    """21C: "The low player enters his or her total POWER BASE RECORD x 100": 0 enters nothing,
    so no battle is fought, and 21G's "leftover screen units" — left after combat — do not
    arise: Bob's record stays as it was and Bob climbs on."""
    state = full_board(world, chips=(0, 1200, 0))
    state, notes = play(state, R.Pass(), R.Pass(), R.Pass())
    assert [state.record(p) for p in range(3)] == [0, 6, 310]
    assert "Ann has no record to enter as energy: no combat, no leftover energy (rules 21C, 21G)" in notes
    assert state.confrontation.sides == (1, 2)
    assert [state.record(p) for p in range(3)] == [0, 6, 310]


def test_allies_do_not_fight_in_the_end_game(world):
    state = full_board(world, pact=("Ann", "Bob"))
    state, notes = play(state, R.Pass(), R.Pass(), R.Pass())
    assert "Bob and Ann are allies: no combat" in notes
    assert state.confrontation.sides == (0, 2)        # Ann (3.5) is higher and goes on


def test_no_player_alliance_once_the_board_is_filled(world):
    refused(full_board(world), R.FormPact(("Ann", "Bob")), "18A")


# -- variations -----------------------------------------------------------------------------------

def test_time_limit_ends_the_game_and_equal_records_share_the_win(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "allied": ("Canada",)},                         # 3.5
        {"homeland": "U.S.S.R.", "allied": ("Poland", "Cuba", "Czechoslovakia", "East Germany")}],
        first="Ann", time_limit_minutes=60)
    state, notes = play(state, R.TimeUp())
    assert state.phase == "over" and state.winners == [0, 1]


def test_time_up_needs_a_time_limit(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States"}, {"homeland": "U.S.S.R."}], first="Ann")
    refused(state, R.TimeUp(), "variation 1")


def test_first_to_the_target_record_wins(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "conquered": ("China",), "chips": 3000},        # 13
        {"homeland": "U.S.S.R."}], first="Ann", target=15)
    state, _ = play(state, R.Ally("India"))                                            # 16
    assert state.phase == "over" and state.winners == [0]
    refused(state, R.Pass(), "22")


def test_filling_the_board_ends_the_turn_and_the_final_round_starts_to_the_left(world):
    rest = tuple(c for c in world.countries if c not in ("United States", "U.S.S.R.", "China", "Norway"))
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "chips": 1000}, {"homeland": "U.S.S.R."},
        {"homeland": "China", "conquered": rest}], first="Ann")
    state, notes = play(state, R.Ally("Norway"))
    assert "every country is occupied" in notes
    assert state.phase == "final_round" and state.final_queue == [1, 2, 0]


def test_last_player_left_wins(world):
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "Australia"}, {"homeland": "Japan", "chips": 4000}], first="Ann")
    state, notes = play(state, R.Pass(), R.Attack("Australia"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert state.phase == "over" and state.winners == [1]
    assert state.holdings["Australia"] == (1, R.CONQUERED) and state.record(1) == 8


def test_the_warchest_pays_what_it_holds(world):
    from dataclasses import replace
    state = started(replace(world, warchest=1500))
    state, notes = play(state, R.Ally("Canada"), R.Ally("Mexico"))
    assert state.players[0].chips == 1500 and state.warchest == 0
    assert "Ann dominates zone 1: 1500 PBU bonus in chips" in notes


def test_joining_an_alliance_needs_every_members_consent(world):
    """18A: "Two or more players may form player alliances between themselves": Cy, allied with
    Bob, cannot bring Dee in (and Bob's chips, 18B, to Dee's attacks) without Bob."""
    state, _ = play(four_players(world), R.FormPact(("Bob", "Cy")))
    assert "Bob must agree too" in refused(state, R.FormPact(("Cy", "Dee")), "18A")
    state, notes = play(state, R.FormPact(("Cy", "Dee", "Bob")))
    assert "player alliance: Bob, Cy, Dee" in notes


def test_an_ally_may_direct_the_attack_and_place_the_marker(world):
    """18B: "The allied countries may alternate between themselves directing the attack on the
    enemy. Each allied player places his or her C/A marker on the conquered or allied country";
    14D: "After the defeat of an attacking player, the attack option passes to the losing
    attacker's left"."""
    state, _ = play(four_players(world), R.FormPact(("Ann", "Cy")))
    refused(state, R.Attack("Norway", by="Bob"), "18B")
    state, _ = play(state, R.Attack("Norway", by="Cy"))
    assert state.war.sides == (2, 3)            # Cy fights; Dee, to Cy's left, defends
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert state.holdings["Norway"] == (2, R.CONQUERED) and state.record(2) == 4
    assert state.record(0) == 0 and state.current == 0
    state, _ = play(state, R.Attack("Libya", by="Cy"),
                    R.BattleResult("defender", "tank", "sub", 0, 2000))
    # 14D: "the attack option passes to the losing attacker's left": Cy lost, Dee is next
    # (not Bob, left of Ann who held the option: Cy was the attacker).
    assert state.name(state.current) == "Dee"


def test_each_final_round_attacker_is_first_defended_by_the_player_to_the_left(world):
    """14D: "The first player to defend an unoccupied country is the player to the immediate left
    of the new attacking player" (11A: "The defending player is the first player to the left of the
    attacking player"); the rotation "to the left of the last defending player" (13E) belongs to
    an attacker who "keeps winning", not to the next one. In the final round Ann conquers Bob's
    homeland, freeing his allies Greece and Norway (19C); Cy, allied with Dee, attacks Greece and
    Eve defends; then Dee, the new attacker, attacks Norway and Eve, to Dee's immediate left,
    defends again — not Ann, who sits left of the last defender."""
    held = ("United States", "Italy", "Spain", "West Germany", "Greece", "Norway",
            "China", "Japan", "U.S.S.R.")
    rest = tuple(c for c in world.countries if c not in held)
    state = scenario_game(world, ["Ann", "Bob", "Cy", "Dee", "Eve"], [
        {"homeland": "United States", "conquered": ("Italy", "Spain"), "chips": 10000},
        {"homeland": "West Germany", "allied": ("Greece", "Norway")},
        {"homeland": "China", "conquered": rest, "pact": "east"},
        {"homeland": "Japan", "pact": "east"},
        {"homeland": "U.S.S.R."}], first="Ann")
    assert state.phase == "final_round" and state.name(state.current) == "Ann"
    state, notes = play(state, R.Attack("West Germany"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert "Bob is out of the game" in notes
    assert "Greece" not in state.holdings and "Norway" not in state.holdings
    assert state.name(state.current) == "Cy"
    state, notes = play(state, R.Attack("Greece"))
    assert "Cy attacks unoccupied Greece; Eve defends" in notes     # Dee is Cy's ally (18C)
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 2000, 0))
    assert state.holdings["Greece"] == (2, R.CONQUERED) and state.name(state.current) == "Dee"
    state, notes = play(state, R.Attack("Norway"))
    assert "Dee attacks unoccupied Norway; Eve defends" in notes
    assert state.war.sides == (3, 4)
