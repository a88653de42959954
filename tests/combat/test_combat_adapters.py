"""Combat adapters (board.combat): the worked examples of board/COMBAT.md, refusals quoting each game's rules,
and the properties every mapping keeps. Expected values are worked by hand from the mapping files' numbers and
the rules quoted in board/COMBAT.md."""
import pytest

from board.combat import (ATTACKER, DEFENDER, TIE, Battle, Capture, CombatError, Contest, MappingError, Result,
                          Unit, load)
from board.combat.crt import Battle as CRTBattle, Table

TRIPLEA, CONFLICT, NEWWORLD, CRT = load("triplea"), load("conflict"), load("newworld3"), load("crt")


def energies(plan):
    return (plan.entry.attacker.weapon, plan.entry.attacker.energy,
            plan.entry.defender.weapon, plan.entry.defender.energy)


# -- TripleA -----------------------------------------------------------------------------------------------

def test_triplea_five_armies_attack_three():
    # Attack 3 each: 15; defence 2 each: 6. The stronger enters 5000, the other 5000 x 6/15 = 2000.
    battle = Battle({"army": 5}, {"army": 3}, territory="Ukraine")
    assert energies(TRIPLEA.plan(battle)) == ("T", 5000, "T", 2000)
    # Attacker wins with 3100 of 5000 left: keeps round(5 x 0.62) = 3 armies; the defender loses all 3.
    outcome = TRIPLEA.resolve(battle, Result(ATTACKER, 3100, 0))
    assert outcome.facts == {"attacker_casualties": 2, "defender_casualties": 3, "conquered": True}
    assert "Ukraine is conquered and occupied by the 3 surviving attacking units" in outcome.summary


def test_triplea_sea_battle_is_fought_by_submarines():
    # 2 armies (attack 6) against 4 (defence 8): 5000 x 6/8 = 3750 against 5000, both submarines.
    battle = Battle({"army": 2}, {"army": 4}, terrain="sea")
    assert energies(TRIPLEA.plan(battle)) == ("S", 3750, "S", 5000)
    # The defender wins with 1000 of 5000 left: keeps round(4 x 0.2) = 1 army (0.8 rounds to 1).
    assert TRIPLEA.resolve(battle, Result(DEFENDER, 200, 1000)).facts == {
        "attacker_casualties": 2, "defender_casualties": 3, "conquered": False}


def test_triplea_tie_destroys_both_and_conquers_nothing():
    battle = Battle({"army": 1}, {"army": 1}, territory="Egypt")
    assert energies(TRIPLEA.plan(battle)) == ("T", 5000, "T", 3333)        # 5000 x 2/3 = 3333.3
    outcome = TRIPLEA.resolve(battle, Result(TIE, 40, 12))
    assert outcome.facts == {"attacker_casualties": 1, "defender_casualties": 1, "conquered": False}
    assert "Egypt is not conquered" in outcome.summary


def test_triplea_a_winner_keeps_at_least_one_unit():
    # "the invaded territory is conquered and occupied by all surviving attacking units": a winner survives.
    battle = Battle({"army": 10}, {"army": 10})
    assert TRIPLEA.resolve(battle, Result(ATTACKER, 1, 0)).facts["attacker_casualties"] == 9


@pytest.mark.parametrize("battle, message", [
    (Battle({"army": 0}, {"army": 3}), "the attacker has no units"),
    (Battle({"tank": 2}, {"army": 3}), "'tank' is not a unit type"),
    (Battle({"army": 2}, {"army": 3}, terrain="air"), "terrain is land or sea"),
    (Battle({"army": 10**30}, {"army": 3}), "is not a number of units"),
])
def test_triplea_refuses_impossible_battles(battle, message):
    with pytest.raises(CombatError, match=message):
        TRIPLEA.plan(battle)


@pytest.mark.parametrize("result, message", [
    (Result(ATTACKER, 5001, 0), "cannot be left on the screen"),
    (Result(DEFENDER, 100, 0), "cannot have won with 0 energy units left"),
    (Result("draw", 1, 1), "the winner is attacker, defender or tie"),
])
def test_a_screen_result_must_fit_the_entry(result, message):
    with pytest.raises(CombatError, match=message):
        TRIPLEA.resolve(Battle({"army": 5}, {"army": 3}), result)


# -- Conflict ----------------------------------------------------------------------------------------------

def test_conflict_airplane_attacks_a_battleship():
    capture = Capture("airplane", "battleship", "water")
    assert energies(CONFLICT.plan(capture)) == ("P", 5000, "S", 3750)      # strengths 4 and 3
    assert CONFLICT.resolve(capture, Result(ATTACKER, 900, 0)).facts == {"captured": ["battleship"],
                                                                        "winner": ATTACKER}
    # The battleship wins: the attack fails and the airplane is captured instead.
    assert CONFLICT.resolve(capture, Result(DEFENDER, 0, 10)).facts["captured"] == ["airplane"]


def test_conflict_anti_aircraft_gun_counts_double_against_an_airplane():
    assert energies(CONFLICT.plan(Capture("anti-aircraft-gun", "airplane", "land"))) == ("T", 5000, "P", 5000)
    assert energies(CONFLICT.plan(Capture("artillery", "airplane", "land"))) == ("T", 2500, "P", 5000)


def test_conflict_a_tie_exchanges_the_pieces_as_the_mines_rule_does():
    outcome = CONFLICT.resolve(Capture("artillery", "artillery", "land"), Result(TIE, 0, 0))
    assert outcome.facts["captured"] == ["artillery", "artillery"]
    assert "as in MINES" in outcome.summary


@pytest.mark.parametrize("capture, message", [
    # "An airplane may capture any piece except an anti-aircraft gun."
    (Capture("airplane", "anti-aircraft-gun", "land"), "an airplane cannot capture an anti-aircraft gun"),
    # "Land pieces must travel entirely on land ... and water pieces on water"
    (Capture("artillery", "battleship", "water"), "an artillery cannot capture a battleship"),
    (Capture("battleship", "airplane", "land"), "a battleship cannot reach an airplane resting on land"),
    (Capture("artillery", "artillery", "water"), "an artillery cannot rest on water"),
    (Capture("submarine", "artillery", "land"), "'submarine' is not a piece"),
])
def test_conflict_refuses_captures_the_rules_forbid(capture, message):
    with pytest.raises(CombatError, match=message):
        CONFLICT.plan(capture)


def test_conflict_a_water_piece_on_its_own_mine_is_decided_by_the_rules():
    plan = CONFLICT.plan(Capture("battleship", "battleship", "water", on_own_mine=True))
    assert plan.entry is None
    assert "the water pieces of both players are destroyed" in plan.decided
    # An airplane is the exception the rule names: it fights.
    assert CONFLICT.plan(Capture("airplane", "battleship", "water", on_own_mine=True)).entry is not None


# -- Conquest of the New World III -------------------------------------------------------------------------

def test_newworld_supported_army_attacks_an_army_fleet():
    contest = Contest("Virginia", Unit("army", 2), Unit("army-fleet"), origin="Maine")
    assert energies(NEWWORLD.plan(contest)) == ("T", 5000, "S", 1667)      # strengths 3 and 1: 5000/3
    outcome = NEWWORLD.resolve(contest, Result(ATTACKER, 10, 0))
    assert outcome.facts == {"holds": "army", "dislodged": "army-fleet", "bounce": False}
    assert "not to Maine" in outcome.summary and "rule 6f" in outcome.summary


def test_newworld_defender_wins_or_ties_and_holds():
    contest = Contest("Ohio", Unit("army", 1), Unit("army", 1))
    assert energies(NEWWORLD.plan(contest)) == ("T", 5000, "T", 5000)
    assert NEWWORLD.resolve(contest, Result(DEFENDER, 0, 5)).facts == {"holds": "army", "dislodged": None,
                                                                      "bounce": False}
    assert NEWWORLD.resolve(contest, Result(TIE, 0, 0)).facts["bounce"] is True


def test_newworld_standoff_tie_leaves_the_space_empty():
    contest = Contest("Ohio", Unit("army", 1), Unit("fleet", 1), standoff=True)
    assert NEWWORLD.resolve(contest, Result(TIE, 0, 0)).facts == {"holds": None, "dislodged": None,
                                                                 "bounce": True}


def test_newworld_indian_army_defends_with_european_support():
    contest = Contest("Mexico", Unit("army", 1), Unit("indian-army", 1))
    assert energies(NEWWORLD.plan(contest)) == ("T", 5000, "T", 5000)


@pytest.mark.parametrize("contest, message", [
    (Contest("Atlantic Ocean", Unit("fleet"), Unit("fleet")), "Conflicts never occur there"),
    (Contest("western pacific", Unit("fleet"), Unit("fleet")), "Conflicts never occur there"),
    (Contest("Peru", Unit("indian-army"), Unit("army")), "do not move"),
    (Contest("Peru", Unit("army", 34), Unit("army")), "34 supports is not possible"),
    (Contest("Peru", Unit("cavalry"), Unit("army")), "'cavalry' is not a unit"),
])
def test_newworld_refusals(contest, message):
    with pytest.raises(CombatError, match=message):
        NEWWORLD.plan(contest)


# -- combat results tables ---------------------------------------------------------------------------------

def test_crt_three_to_one_defender_wins():
    battle = CRTBattle(12, 4)
    assert energies(CRT.plan(battle)) == ("T", 5000, "T", 1667)
    outcome = CRT.resolve(battle, Result(DEFENDER, 0, 1500))
    assert outcome.facts == {"code": "EX", "odds": "3-1", "differential": -1500}


def test_crt_odds_round_down_in_the_defenders_favour_and_clamp():
    assert CRT.resolve(CRTBattle(5, 3), Result(ATTACKER, 2000, 0)).facts["odds"] == "1-1"   # 1.67 -> 1-1
    assert CRT.column(1, 10).text == "1-3"
    assert CRT.column(100, 1).text == "6-1"


def test_crt_extremes_are_the_tables_extremes():
    assert CRT.resolve(CRTBattle(600, 1), Result(ATTACKER, 5000, 0)).facts["code"] == "DE"
    assert CRT.resolve(CRTBattle(1, 300), Result(DEFENDER, 0, 5000)).facts["code"] == "AE"


def write(tmp_path, text):
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


TABLE = """name = "t"
max_energy = 5000
odds = ["1-1", "2-1"]
[results]
AE = "a"
DE = "d"
[[rows]]
from = -9999
to = 0
results = [{low}]
[[rows]]
from = 1
to = 9999
results = ["DE", "DE"]
"""


def test_crt_table_files_are_checked(tmp_path):
    assert Table.load(write(tmp_path, TABLE.format(low='"AE", "DE"'))).column(2, 1).text == "2-1"
    with pytest.raises(MappingError, match=r"table.toml: rows\[1\].results: AE at 2-1 is worse"):
        Table.load(write(tmp_path, TABLE.format(low='"DE", "AE"')))
    with pytest.raises(MappingError, match=r"rows\[2\]: must start at 1"):
        Table.load(write(tmp_path, TABLE.format(low='"AE", "DE"').replace("from = 1", "from = 5")))
    with pytest.raises(MappingError, match=r"odds\[2\]: expected \"a-b\""):
        Table.load(write(tmp_path, TABLE.format(low='"AE", "DE"').replace('"2-1"]', '"2:1"]')))
    with pytest.raises(MappingError, match="cannot read"):
        Table.load(tmp_path / "missing.toml")
