"""The words at the table: `next:` and `board options` name the command for what the manual allows; names,
scenarios and the game file are found the way players type them; 19D's booty is split once. Each test quotes
the manual's sentence it rests on (conquest-of-the-world-manual.txt)."""
import pytest

from board import rules as R
from board.cli import main
from board.table import next_line, options
from board.world import ScenarioError, find_scenario, load_scenario, shipped_scenarios

from board_helpers import play, scenario_game

RULE_3 = "The first player selects any HOMELAND (country) and places a Homeland marker on the country chosen."
RULE_13D = ("D. The attacking player is entitled to buy one alliance with any unoccupied country which is not "
            "in another player's HOMELAND ZONE.")
RULE_13E = "E. The attacking player has the option to continue attacking until losing a war."
RULE_18B = "The allied countries may alternate between themselves directing the attack on the enemy."
RULE_19D = ("D. If a player in a player alliance has conquered an enemy HOMELAND, the booty is divided "
            "**equally** between all players in the alliance.")
RULE_21E = "E. The attack and defense alternates between the combatants after each battle."
QUESTIONS = [
    "What might happen if a Warsaw Pact country decided to break its relationship with the U.S.S.R.?",
    "What might happen if a mid-east war broke out and the U.S. or the U.S.S.R. chose to make a serious "
    "commitment to one of the countries involved?",
    "What might have happened during World War II if the allies came into the war immediately after Hitler "
    "invaded Poland?",
    "What might have happened if Hitler had invaded England right after Dunkirk?",
]


def board(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game(tmp_path):
    return str(tmp_path / "game.db")


# -- 19D: one booty, one division ------------------------------------------------------------------------

def test_the_booty_of_a_homeland_is_divided_as_one_amount(world):
    """19D: the winner's energy (700 left to the loser on screen) and the loser's chips (1500) are one booty:
    2200 divided equally is 1100 each, not 400 + 800 and 300 + 700."""
    assert "divided **equally**" in RULE_19D
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "conquered": ("Italy", "Spain"), "chips": 100000},
        {"homeland": "West Germany", "chips": 1500},
        {"homeland": "China"}], first="Cy")
    state, _ = play(state, R.FormPact(("Ann", "Cy")), R.Pass())               # Cy's first turn; Ann's now
    state, notes = play(state, R.Attack("West Germany"),
                        R.BattleResult("attacker", "tank", "sub", 2000, 900),
                        R.BattleResult("attacker", "plane", "tank", 1800, 700))
    assert state.players[0].chips == 100000 - 10000 + 1100
    assert state.players[2].chips == 1100
    assert ("Ann receives 1100 PBU in chips (the loser's energy left on screen and Bob's chips, shared as one "
            "(19D))") in notes


# -- scenarios ----------------------------------------------------------------------------------------------

def test_a_scenario_with_two_names_differing_only_in_case_is_refused(tmp_path, capsys):
    scenario = tmp_path / "iraq.toml"
    scenario.write_text('[rename]\n"Iran" = "iraq"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="'Iraq' and 'iraq' differ only in case|'iraq' and 'Iraq' differ"):
        load_scenario(scenario)
    code, out, err = board(capsys, "new", "--players", "Ann,Bob", "--scenario", str(scenario),
                           "-g", str(tmp_path / "g.db"))
    assert code == 1 and err.count("\n") == 1 and "differ only in case" in err


def test_shipped_scenarios_by_name_and_their_questions(capsys, game):
    assert sorted(s.question for s in shipped_scenarios()) == sorted(QUESTIONS)
    code, out, _ = board(capsys, "scenarios")
    assert code == 0
    for question in QUESTIONS:
        assert f"  {question}\n" in out
    assert "  board new --players Ann,Bob,Cy --scenario poland-breaks-away\n" in out
    assert find_scenario("poland").name == "scenario-poland-breaks-away.toml"
    assert find_scenario("Mid-east").name == "scenario-mideast-war.toml"          # the name's words too
    code, out, err = board(capsys, "new", "--players", "Ann,Bob,Cy", "--scenario", "poland", "-g", game)
    assert (code, err) == (0, "") and "new game of Poland breaks away" in out
    code, _, err = board(capsys, "new", "--players", "Ann,Bob,Cy", "--scenario", "atlantis", "-g", game, "--force")
    assert code == 1 and "no shipped scenario of that name" in err and "poland-breaks-away" in err


# -- the game file anywhere on the line ----------------------------------------------------------------------

def test_the_game_file_may_be_named_anywhere(capsys, tmp_path, monkeypatch):
    first, second = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    assert board(capsys, "new", "-g", first, "--players", "Ann,Bob")[0] == 0
    assert board(capsys, "new", "--players", "Cy,Dee", f"--game={second}")[0] == 0
    assert "Ann" in board(capsys, "status", "-g", first)[1]
    monkeypatch.setenv("BOARD_GAME", second)
    assert "Cy" in board(capsys, "status")[1]
    assert "Ann" in board(capsys, "-g", first, "status")[1]              # -g wins over BOARD_GAME


# -- names ---------------------------------------------------------------------------------------------------

def started(capsys, game):
    assert board(capsys, "-g", game, "new", "--players", "Ann,Bob,Cy")[0] == 0
    assert board(capsys, "-g", game, "first", "Ann=3", "Bob=7", "Cy=5", "--readout", "3")[0] == 0


def test_a_name_matches_the_start_of_any_word(capsys, game):
    started(capsys, game)
    code, out, _ = board(capsys, "-g", game, "homeland", "w germany")
    assert code == 0 and "Ann chooses West Germany" in out
    code, _, err = board(capsys, "-g", game, "homeland", "korea")
    assert code == 2 and err == "board: 'korea' could be any of: North Korea, South Korea\n"
    code, _, err = board(capsys, "-g", game, "homeland", "germany")
    assert code == 2 and err == "board: 'germany' could be any of: East Germany, West Germany\n"


# -- choosing a homeland ------------------------------------------------------------------------------------

def test_the_homeland_choice_lists_the_free_homelands_and_the_command(capsys, game):
    assert "selects any HOMELAND" in RULE_3
    started(capsys, game)
    code, out, _ = board(capsys, "-g", game, "homeland", "united states")
    assert out.endswith("next: Bob (choice of homelands): board homeland COUNTRY (board options lists the free "
                        "homelands)\n")
    code, out, _ = board(capsys, "-g", game, "options")
    homelands = next(line for line in out.splitlines() if "choose a homeland" in line)
    assert homelands.startswith("  choose a homeland (board homeland COUNTRY): Canada (7), Mexico (5), ")
    assert "United States" not in homelands and homelands.count("(") == 1 + 42
    code, out, _ = board(capsys, "-g", game, "status")
    assert "can: choose a homeland: 42 (board homeland COUNTRY); " in out


# -- after a won war -----------------------------------------------------------------------------------------

def test_after_a_won_war_next_names_the_extra_purchase_and_the_choice_to_go_on(world):
    assert "buy one alliance" in RULE_13D and "continue attacking" in RULE_13E
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 20000}, {"homeland": "Japan"}], first="Bob")
    state, _ = play(state, R.Pass(), R.Ally("Canada"), R.Attack("Mexico"),
                    R.BattleResult("attacker", "tank", "sub", 2000, 500),
                    R.BattleResult("attacker", "tank", "plane", 1500, 300))
    assert next_line(state) == ("Ann won the war for Mexico and may buy one more alliance, board ally COUNTRY "
                                "(13D), continue attacking, board attack COUNTRY (13E), or pass the attack "
                                "option, board pass (board options lists them)")
    state, _ = play(state, R.Ally("China"))                      # the extra purchase, spent
    assert "buy one more alliance" not in next_line(state)
    assert "continue attacking, board attack COUNTRY (13E)" in next_line(state)


# -- what an ally may direct ---------------------------------------------------------------------------------

def test_options_list_what_an_ally_may_direct(world):
    assert "directing the attack" in RULE_18B
    state = scenario_game(world, ["Ann", "Bob", "Cy"], [
        {"homeland": "United States", "chips": 20000}, {"homeland": "Japan"}, {"homeland": "China"}],
        first="Bob")
    state, _ = play(state, R.FormPact(("Ann", "Cy")), R.Pass(), R.Pass())            # now Ann's turn
    lines = options(state)
    directed = [line for line in lines if "directed by Cy" in line]
    assert any(line.startswith("ally with, directed by Cy (rule 18B) (board ally COUNTRY --by Cy): ")
               for line in directed)
    assert any(line.startswith("attack unoccupied, directed by Cy (rule 18B) (board attack COUNTRY --by Cy): ")
               and "Canada (free)" in line for line in directed)


# -- the end game by player name -----------------------------------------------------------------------------

def endgame(world):
    rest = tuple(c for c in world.countries if c not in ("United States", "Canada", "U.S.S.R."))
    state = scenario_game(world, ["Ann", "Bob"], [
        {"homeland": "United States", "chips": 7000}, {"homeland": "U.S.S.R.", "conquered": rest}], first="Ann")
    state, _ = play(state, R.Attack("Canada"), R.BattleResult("attacker", "tank", "sub", 2000, 500),
                    R.BattleResult("attacker", "sub", "plane", 1500, 300), R.Pass(), R.Pass())
    return state


def test_the_end_game_takes_weapons_and_energy_by_player_name(capsys, game, world, tmp_path):
    assert "alternates" in RULE_21E
    state = endgame(world)
    assert state.confrontation.sides == (0, 1)                          # Ann, lower, challenges Bob
    assert next_line(state) == (
        "end game: Ann attacks Bob: board battle Ann|Bob|tie --weapons Ann=WEAPON,Bob=WEAPON --energy "
        "Ann=LEFT,Bob=LEFT (the winner, each player's weapon and energy left on screen; rule 21E: attack and "
        "defence alternate; board options lists the weapons)")
    # the same game through the command line
    rest = [c for c in world.countries if c not in ("United States", "Canada", "U.S.S.R.")]
    scenario = tmp_path / "endgame.toml"
    scenario.write_text('[[side]]\nhomeland = "United States"\nchips = 7000\n[[side]]\nhomeland = "U.S.S.R."\n'
                        f"conquered = {rest!r}\n".replace("'", '"'), encoding="utf-8")
    for args in (["new", "--players", "Ann,Bob", "--scenario", str(scenario)],
                 ["first", "Ann=1", "Bob=5", "--readout", "1"], ["attack", "canada"],
                 ["battle", "attacker", "--weapons", "tank,sub", "--energy", "2000,500"],
                 ["battle", "attacker", "--weapons", "sub,plane", "--energy", "1500,300"], ["pass"], ["pass"]):
        code, out, err = board(capsys, "-g", game, *args)
        assert code == 0, err
    assert out.endswith(f"next: {next_line(state)}\n")
    ann, bob = state.confrontation.energy
    # Ann attacks this battle; named, the order of the pairs does not matter
    code, out, err = board(capsys, "battle", "Ann", "--weapons", "Bob=sub,Ann=tank",
                           "--energy", f"Bob={bob - 100},Ann={ann - 200}", "-g", game)
    assert (code, err) == (0, "")
    assert (f"battle winner=attacker attacker_weapon=tank defender_weapon=sub attacker_energy={ann - 200} "
            f"defender_energy={bob - 100}") in out
    assert "next: end game: Bob attacks Ann: board battle Bob|Ann|tie" in out       # 21E: the roles swap
    # now Bob attacks: Bob's values are the attacker's, whichever order they are typed in
    code, out, err = board(capsys, "battle", "bob", "--weapons", "Ann=plane,Bob=tank",
                           "--energy", f"Ann={ann - 300},Bob={bob - 200}", "-g", game)
    assert (code, err) == (0, "")
    assert (f"battle winner=attacker attacker_weapon=tank defender_weapon=plane attacker_energy={bob - 200} "
            f"defender_energy={ann - 300}") in out
    code, _, err = board(capsys, "battle", "Cy", "--weapons", "Ann=plane,Bob=tank",
                         "--energy", "Ann=1,Bob=1", "-g", game)
    assert code == 2 and err == "board: the winner is attacker, defender, tie, Ann or Bob, not 'Cy'\n"


def test_a_named_end_game_battle_is_recorded_with_the_roles_of_rule_21e(world):
    from board.cli import _pair
    from board.table import battle_sides
    state = endgame(world)
    state, _ = play(state, R.BattleResult("attacker", "tank", "sub", 300, 9000))
    sides = battle_sides(state)
    assert sides == ("Bob", "Ann")                                      # 21E: Bob attacks now
    assert _pair("Ann=sub,Bob=plane", "--weapons", sides) == ["plane", "sub"]
    assert _pair("bob=2000,ann=100", "--energy", sides) == ["2000", "100"]
    with pytest.raises(Exception, match="'Cy' is not fighting this battle"):
        _pair("Cy=1,Ann=2", "--energy", sides)
