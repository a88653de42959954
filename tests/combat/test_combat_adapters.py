"""Combat adapters (board.combat): the worked examples of board/COMBAT.md, refusals quoting each game's rules,
and the properties every mapping keeps. Expected values are worked by hand from the mapping files' numbers and
the rules quoted in board/COMBAT.md."""
from fractions import Fraction

import pytest

from board.combat import (ATTACKER, DEFENDER, TIE, Battle, Capture, CombatError, Contest, MappingError, Result,
                          Unit, load)
from board.combat.crt import Battle as CRTBattle, Table
from board.combat.triplea import win_chances

TRIPLEA, CONFLICT, NEWWORLD, CRT = load("triplea"), load("conflict"), load("newworld3"), load("crt")


def energies(plan):
    return (plan.entry.attacker.weapon, plan.entry.attacker.energy,
            plan.entry.defender.weapon, plan.entry.defender.energy)


# -- TripleA -----------------------------------------------------------------------------------------------
# What the seed's rules show players (tripleA-conquest-of-the-world-rules.html, outside its HTML comments):
ARMY = 'There is only one unit, the "army", having movement 1, defence 2 and attack 3.'
DEFENDER_FIRST = "The defender fires before the attacker."
NO_FIREBACK = "Casualties are removed instantly (no fireback)."
NO_OVERSTACK = "You can roll no more dice than the total current number of enemy units (no overstack)."
BY_LAND = "You can move by land between all territories sharing a border or connected by dotted lines."
# The map author's own note (inside a comment of the same file): "If the attacker has the same number of
# attacking units as the defender, at the start of any battle rounds, the victory probability for the remaining
# battle spans from exactly 50%, in case of only 1 against 1 unit, to about 62% win probability, in case of
# infinite against infinite units (but 10 attacking armies against 10 defending armies is about 59% win for the
# attacker, already)"
HALF, ONE_THIRD = Fraction(1, 2), Fraction(1, 3)           # attack 3 and defence 2 on a six-sided die


def test_the_rules_one_army_against_one_is_exactly_even():
    # Defender first: it hits with 1/3 and the attacker dies before firing; else the attacker hits with 1/2;
    # else the round starts over: P(attacker) = (2/3 x 1/2) / (1/3 + 2/3 x 1/2) = 1/2.
    assert win_chances(1, 1, HALF, ONE_THIRD).attacker == Fraction(1, 2)
    assert TRIPLEA.chances(Battle({"army": 1}, {"army": 1}), exact=True).attacker == Fraction(1, 2)
    assert energies(TRIPLEA.plan(Battle({"army": 1}, {"army": 1}))) == ("T", 5000, "T", 5000)


@pytest.mark.parametrize("a, d, chance", [
    # 2 against 1: no overstack, so one die a side. Round start W; after the defender's fire (hit 1/3): the
    # 1-1 battle's first attacker roll: 1/2 + 1/2 x 1/2 = 3/4; missed (2/3): 1/2 + 1/2 W.
    # W = 1/3 x 3/4 + 2/3 x (1/2 + W/2) = 7/12 + W/3, so W = 7/8.
    (2, 1, Fraction(7, 8)),
    # 1 against 2: the defender rolls one die (no overstack): hit (1/3) ends it; else the attacker hits (1/2)
    # into 1 against 1 (1/2) or misses into this battle again: W = 2/3 x (1/4 + W/2), so W = 1/4.
    (1, 2, Fraction(1, 4)),
    # 2 against 2: the defender's two dice hit 0, 1, 2 times with 4/9, 4/9, 1/9. After 0: the attacker's two
    # dice: 1/4 back here, 1/2 into 2-1 (7/8), 1/4 a win. After 1: one attacker die: 1/2 into 1-1 (1/2), 1/2
    # into 1-2 (1/4): 3/8. W = 4/9 (W/4 + 7/16 + 1/4) + 4/9 x 3/8 = W/9 + 17/36, so W = 17/32.
    (2, 2, Fraction(17, 32)),
])
def test_hand_worked_chances(a, d, chance):
    assert win_chances(a, d, HALF, ONE_THIRD).attacker == chance


def test_the_authors_figures_for_larger_even_battles():
    assert round(float(win_chances(10, 10, HALF, ONE_THIRD).attacker), 2) == 0.59      # "about 59%"
    big = win_chances(300, 300, 0.5, 1 / 3).attacker
    assert 0.61 < big < 0.625                                                           # toward "about 62%"


def test_survivor_chances_add_up_to_each_sides_chance():
    chances = win_chances(2, 1, HALF, ONE_THIRD)
    # 2 against 1 won with 2 survivors: the attacker's first-round hit before any defender hit, or after misses:
    # each round, 2/3 (defender misses) x 1/2 (hit): 1/3, repeating with 2/3 x 1/2 = 1/3: 1/3 / (1 - 1/3) = 1/2.
    assert chances.survivors[ATTACKER] == [0, Fraction(3, 8), Fraction(1, 2)]
    assert chances.survivors[DEFENDER] == [0, Fraction(1, 8)]


def test_energies_follow_the_chances():
    # 2 against 1: 7/8 against 1/8, so 5000 against 5000 x 1/7 = 714.
    assert energies(TRIPLEA.plan(Battle({"army": 2}, {"army": 1}))) == ("T", 5000, "T", 714)
    # 1 against 2: 1/4 against 3/4: 1667 against 5000.
    assert energies(TRIPLEA.plan(Battle({"army": 1}, {"army": 2}))) == ("T", 1667, "T", 5000)


def test_survivors_are_the_quantile_of_the_energy_kept():
    battle = Battle({"army": 2}, {"army": 1}, territory="Egypt")
    # Given a win (7/8), 1 survivor has 3/7, 2 survivors 4/7: up to 3/7 of the energy kept, 1 survives.
    low = TRIPLEA.resolve(battle, Result(ATTACKER, 2000, 0))                 # 2000/5000 = 0.4 <= 3/7
    high = TRIPLEA.resolve(battle, Result(ATTACKER, 2200, 0))                # 0.44 > 3/7
    assert low.facts == {"attacker_casualties": 1, "defender_casualties": 1, "conquered": True}
    assert high.facts == {"attacker_casualties": 0, "defender_casualties": 1, "conquered": True}
    assert "Egypt is conquered and occupied by the 2 surviving attacking units" in high.summary
    beaten = TRIPLEA.resolve(battle, Result(DEFENDER, 0, 1))
    assert beaten.facts == {"attacker_casualties": 2, "defender_casualties": 0, "conquered": False}


def test_a_cartridge_tie_is_fought_again():
    # Defender first and no fireback: one side always survives, so the tie is no TripleA outcome.
    assert DEFENDER_FIRST and NO_FIREBACK
    outcome = TRIPLEA.resolve(Battle({"army": 1}, {"army": 1}, territory="Egypt"), Result(TIE, 40, 12))
    assert outcome.facts == {"again": True}
    assert "fight this battle again" in outcome.summary


def test_sea_battles_are_refused():
    assert "only one unit" in ARMY and "by land" in BY_LAND
    with pytest.raises(CombatError, match="no sea battles") as refused:
        TRIPLEA.plan(Battle({"army": 2}, {"army": 4}, terrain="sea"))
    assert 'There is only one unit, the "army"' in str(refused.value)


def test_no_overstack_limits_the_dice():
    # a attackers against 1 roll one die a round, not a. L(a), the defender's chance from a round's start:
    # its die hits (1/3), then the a-1 survivors' one die misses (1/2): L(a-1) again; or its die misses (2/3)
    # and the attacker's misses (1/2): L(a) again. L(a) = L(a-1)/6 + L(a)/3, so L(a) = L(a-1)/4, L(1) = 1/2.
    assert NO_OVERSTACK
    assert [win_chances(a, 1, HALF, ONE_THIRD).defender for a in (1, 2, 3, 4)] == \
        [Fraction(1, 2), Fraction(1, 8), Fraction(1, 32), Fraction(1, 128)]


@pytest.mark.parametrize("battle, message", [
    (Battle({"army": 0}, {"army": 3}), "the attacker has no units"),
    (Battle({"tank": 2}, {"army": 3}), "'tank' is not a unit type"),
    (Battle({"army": 2}, {"army": 3}, terrain="air"), "terrain is land or sea"),
    (Battle({"army": 10**30}, {"army": 3}), "is not a number of units"),
])
def test_triplea_refuses_impossible_battles(battle, message):
    with pytest.raises(CombatError, match=message):
        TRIPLEA.plan(battle)


def test_a_lopsided_battle_needs_no_cartridge():
    plan = TRIPLEA.plan(Battle({"army": 40}, {"army": 2}))
    assert plan.entry is None and "the defender cannot win" in plan.decided


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
# conquest-of-the-new-world-III.txt:
RULE_0 = "Except as stated below, all the rules of Diplomacy, as prescribed in the 1971 and 1976 Rulebooks, will apply."
RULE_6A = "A/F's may operate only in sea and islands spaces"
RULE_6A_STRENGTH = "An A/F has the strength of a single unit - the army contributes nothing."
RULE_9 = "Antilles, Cuba, Easter Is., Hawaii, Hispaniola and Jamaica are islands spaces."


def test_newworld_refuses_an_army_fleet_on_a_land_space():
    with pytest.raises(CombatError) as refused:
        NEWWORLD.plan(Contest("Virginia", Unit("army", 2), Unit("army-fleet"), origin="Maine"))
    assert "rule 6a" in str(refused.value) and RULE_6A in str(refused.value)
    # Rule 9's islands and a space the players call sea are where an A/F may be.
    assert "Cuba" in RULE_9
    assert NEWWORLD.terrain(Contest("cuba", Unit("army-fleet"), Unit("army"))) == "islands"
    NEWWORLD.plan(Contest("Cuba", Unit("army-fleet", 1), Unit("army")))
    NEWWORLD.plan(Contest("Caribbean", Unit("fleet", 1), Unit("army-fleet"), terrain="sea"))
    with pytest.raises(CombatError, match="an army cannot be on Caribbean, a sea space"):
        NEWWORLD.plan(Contest("Caribbean", Unit("army"), Unit("army-fleet"), terrain="sea"))


def test_newworld_strength_decides_as_in_diplomacy():
    # The default: the stronger side wins for certain; no cartridge battle.
    assert "rules of Diplomacy" in RULE_0 and "the army contributes nothing" in RULE_6A_STRENGTH
    contest = Contest("Caribbean", Unit("fleet", 2), Unit("army-fleet"), origin="Panama", terrain="sea")
    plan = NEWWORLD.plan(contest)
    assert plan.entry is None
    assert "strength 3 against 1" in plan.decided
    assert "the army-fleet is dislodged and must retreat, but not to Panama" in plan.decided
    assert "rule 6f" in plan.decided
    weak = NEWWORLD.plan(Contest("Virginia", Unit("army"), Unit("army", 2)))
    assert weak.entry is None and "the army bounces; the army holds Virginia" in weak.decided
    with pytest.raises(CombatError, match="No battle"):
        NEWWORLD.resolve(contest, Result(ATTACKER, 10, 0))


def test_newworld_equal_strengths_are_a_battle_instead_of_a_bounce():
    contest = Contest("Ohio", Unit("army", 1), Unit("army", 1))
    assert energies(NEWWORLD.plan(contest)) == ("T", 5000, "T", 5000)
    assert NEWWORLD.resolve(contest, Result(ATTACKER, 10, 0)).facts == {"holds": "army", "dislodged": "army",
                                                                       "bounce": False}
    assert NEWWORLD.resolve(contest, Result(DEFENDER, 0, 5)).facts == {"holds": "army", "dislodged": None,
                                                                      "bounce": False}
    assert NEWWORLD.resolve(contest, Result(TIE, 0, 0)).facts["bounce"] is True


def test_newworld_battle_mode_lets_the_cartridge_decide_every_contest():
    contest = Contest("Caribbean", Unit("fleet", 2), Unit("army-fleet"), origin="Panama", terrain="sea",
                      mode="battle")
    assert energies(NEWWORLD.plan(contest)) == ("S", 5000, "S", 1667)      # strengths 3 and 1: 5000/3
    outcome = NEWWORLD.resolve(contest, Result(DEFENDER, 0, 10))            # the weaker side may win
    assert outcome.facts == {"holds": "army-fleet", "dislodged": None, "bounce": False}
    assert NEWWORLD.resolve(contest, Result(ATTACKER, 10, 0)).facts["dislodged"] == "army-fleet"


def test_newworld_standoff_tie_leaves_the_space_empty():
    contest = Contest("Ohio", Unit("army", 1), Unit("army", 1), standoff=True)
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
    (Contest("Peru", Unit("army"), Unit("army"), mode="dice"), "the mode is strength or battle"),
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
