"""Properties every combat adapter keeps, over random battles and screen results (Hypothesis):
energies stay within the cartridge's four digits and follow the strengths' ratio; a stronger side never gets a
worse outcome for the same screen result; the extremes of the screen map to the game's extremes."""
from fractions import Fraction

from hypothesis import assume, given, settings, strategies as st

from board.combat import ATTACKER, DEFENDER, ENERGY_LIMIT, TIE, Battle, Capture, Contest, Result, Unit, load
from board.combat.core import scaled_energies
from board.combat.crt import Battle as CRTBattle
from board.combat.triplea import quantile

TRIPLEA, CONFLICT, NEWWORLD, CRT = load("triplea"), load("conflict"), load("newworld3"), load("crt")
strengths = st.integers(1, 10**6)


@given(strengths, strengths, st.integers(1, ENERGY_LIMIT))
def test_energies_fit_the_readouts_and_follow_the_strengths(attack, defence, max_energy):
    assert_follows(scaled_energies(attack, defence, max_energy), attack, defence, max_energy)


def assert_follows(energies, attack, defence, max_energy):
    """Within the readouts, the stronger side at max_energy, the weaker within half a unit of its share."""
    a, d = energies
    assert 1 <= a <= ENERGY_LIMIT and 1 <= d <= ENERGY_LIMIT
    assert max(a, d) == max_energy
    weaker, exact = (d, Fraction(max_energy * defence, attack)) if attack >= defence else \
        (a, Fraction(max_energy * attack, defence))
    assert abs(weaker - exact) <= Fraction(1, 2) or weaker == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 25), st.integers(1, 25), st.integers(1, 10), st.floats(0, 1, exclude_min=True),
       st.sampled_from((ATTACKER, DEFENDER)))
def test_triplea_a_stronger_side_never_does_worse(a, d, extra, fraction, grows):
    """A side with more units wins more often, and for the same share of its energy kept it keeps at least as
    many survivors (its survivors given a win are stochastically larger)."""
    weak = Battle({"army": a}, {"army": d})
    strong = Battle({"army": a + extra if grows == ATTACKER else a},
                    {"army": d + extra if grows == DEFENDER else d})
    chances = [TRIPLEA.chances(b) for b in (weak, strong)]
    side_chance = (lambda c: c.attacker) if grows == ATTACKER else (lambda c: c.defender)
    assert side_chance(chances[1]) > side_chance(chances[0])
    kept = [quantile(c.survivors[grows], fraction) for c in chances]
    assert kept[1] >= kept[0]


@settings(deadline=None)
@given(st.integers(1, 40), st.integers(1, 40))
def test_triplea_chances_and_extremes(a, d):
    battle = Battle({"army": a}, {"army": d})
    chances = TRIPLEA.chances(battle)
    assert abs(chances.attacker + chances.defender - 1) < 1e-9
    assert abs(sum(chances.survivors[ATTACKER]) - chances.attacker) < 1e-9
    plan = TRIPLEA.plan(battle)
    assume(plan.entry is not None)
    entry = plan.entry
    # the energies follow the chances: the likelier winner at max_energy, the other its share
    assert_follows((entry.attacker.energy, entry.defender.energy), Fraction(chances.attacker),
                   Fraction(chances.defender), TRIPLEA.max_energy)
    best = TRIPLEA.resolve(battle, Result(ATTACKER, entry.attacker.energy, 0)).facts
    assert best == {"attacker_casualties": 0, "defender_casualties": d, "conquered": True}
    worst = TRIPLEA.resolve(battle, Result(DEFENDER, 0, entry.defender.energy)).facts
    assert worst == {"attacker_casualties": a, "defender_casualties": 0, "conquered": False}
    assert TRIPLEA.resolve(battle, Result(TIE, 0, 0)).facts == {"again": True}


@given(strengths, strengths, st.integers(1, 10**5), st.integers(-ENERGY_LIMIT, ENERGY_LIMIT))
def test_crt_more_odds_never_worse_for_the_same_differential(attack, defence, extra, differential):
    rank = list(CRT.results).index
    codes = []
    for a in (attack, attack + extra):
        odds = CRT.column(a, defence)
        row = next(c for low, high, c in CRT.rows if low <= differential <= high)
        codes.append(rank(row[CRT.odds.index(odds)]))
    assert codes[1] >= codes[0]


@given(strengths, strengths)
def test_crt_extremes(attack, defence):
    battle = CRTBattle(attack, defence)
    entry = CRT.plan(battle).entry
    best = CRT.resolve(battle, Result(ATTACKER, entry.attacker.energy, 0)).facts["code"]
    worst = CRT.resolve(battle, Result(DEFENDER, 0, entry.defender.energy)).facts["code"]
    assert list(CRT.results).index(best) >= list(CRT.results).index(worst)
    if attack >= 6 * defence:
        assert best == "DE"
    if 3 * attack <= defence:
        assert worst == "AE"


@given(st.integers(0, 33), st.integers(0, 33), st.sampled_from(["army", "fleet", "army-fleet"]),
       st.sampled_from(["army", "fleet", "army-fleet", "indian-army"]), st.sampled_from((ATTACKER, DEFENDER, TIE)),
       st.sampled_from(["strength", "battle"]))
def test_newworld_strength_or_the_screen_decides(sa, sd, ua, ud, winner, mode):
    """Strength mode: the stronger side wins for certain and only equal strengths are fought; battle mode:
    every contest is fought with energies following the strengths. Either way the screen's winner holds."""
    contest = Contest("Cuba", Unit(ua, sa), Unit(ud, sd), mode=mode)      # islands: every unit may be there
    plan = NEWWORLD.plan(contest)
    if mode == "strength" and sa != sd:
        assert plan.entry is None and f"strength {1 + sa} against {1 + sd} decides" in plan.decided
        stronger = ua if sa > sd else ud
        assert f"the {stronger} holds Cuba" in plan.decided or f"the {stronger} moves into Cuba" in plan.decided
        return
    entry = plan.entry
    assert_follows((entry.attacker.energy, entry.defender.energy), 1 + sa, 1 + sd, NEWWORLD.max_energy)
    facts = NEWWORLD.resolve(contest, Result(winner, entry.attacker.energy if winner != DEFENDER else 0,
                                             entry.defender.energy if winner != ATTACKER else 0)).facts
    assert facts["holds"] == (ua if winner == ATTACKER else ud)
    assert facts["dislodged"] == (ud if winner == ATTACKER else None)


@given(st.sampled_from(sorted(CONFLICT.pieces)), st.sampled_from(sorted(CONFLICT.pieces)),
       st.sampled_from(["land", "water"]))
def test_conflict_every_allowed_capture_fights_with_the_pieces_weapons(mover, target, area):
    try:
        plan = CONFLICT.plan(Capture(mover, target, area))
    except Exception as err:                      # refused: always with a rule, never a crash
        assert type(err).__name__ == "CombatError"
        return
    assert plan.entry.attacker.weapon == CONFLICT.pieces[mover].weapon
    assert plan.entry.defender.weapon == CONFLICT.pieces[target].weapon


@given(strengths, st.integers(1, 9 * 10**5), st.integers(1, 10**5), st.sampled_from((ATTACKER, DEFENDER, TIE)),
       st.floats(0, 1), st.floats(0, 1))
def test_crt_a_stronger_defender_never_does_worse(attack, defence, extra, winner, fa, fd):
    """The same screen result against a stronger defender: the code is never better for the attacker."""
    rank = list(CRT.results).index
    battles = [CRTBattle(attack, defence), CRTBattle(attack, defence + extra)]
    entries = [CRT.plan(b).entry for b in battles]
    result = Result(winner, round(fa * min(e.attacker.energy for e in entries)),
                    round(fd * min(e.defender.energy for e in entries)))
    assume(winner == TIE or result.left(winner) > 0)
    codes = [rank(CRT.resolve(b, result).facts["code"]) for b in battles]
    assert codes[1] <= codes[0]
