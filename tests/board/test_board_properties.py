"""Property tests over random games of 2-6 players: whatever is tried, legal or not, the
game stays consistent; the log replays and undoes exactly."""
import copy
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from board import rules as R
from board.log import GameLog
from board.world import standard_world

WORLD = standard_world()
COUNTRIES = WORLD.countries
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def draw_action(data, state):
    """Something a table might try next: mostly sensible, sometimes not legal at all."""
    pick = data.draw(st.integers(0, 99), label="kind")
    names = [p.name for p in state.players]
    if pick < 3:
        return data.draw(st.sampled_from([R.TimeUp(), R.Pass(), R.Ally("Norway"), R.Attack("Japan")]))
    if pick < 6 and len(names) >= 3:
        if pick < 5:
            return R.FormPact(tuple(data.draw(st.lists(st.sampled_from(names), min_size=2,
                                                       max_size=3, unique=True))))
        return R.BreakPact(data.draw(st.sampled_from(names)))
    if state.phase == "order":
        digits = data.draw(st.permutations(range(10)))
        return R.ChooseFirst(dict(zip(names, digits)), data.draw(st.integers(0, 9)))
    if state.phase == "homelands":
        return R.ChooseHomeland(data.draw(st.sampled_from(COUNTRIES)))
    if state.phase == "home_alliances":
        zone = WORLD.zones[WORLD.zone_of(state.players[state.current].homeland)]
        return R.Pass() if pick < 40 else R.Ally(data.draw(st.sampled_from(zone)))
    if state.war or state.confrontation:
        energy = state.war.energy if state.war else (
            state.confrontation.energy if state.confrontation.attacking == 0
            else state.confrontation.energy[::-1])
        return R.BattleResult(data.draw(st.sampled_from([R.ATTACKER, R.DEFENDER, R.TIE])),
                              data.draw(st.sampled_from(R.WEAPONS)), data.draw(st.sampled_from(R.WEAPONS)),
                              data.draw(st.integers(0, energy[0])), data.draw(st.integers(0, energy[1])))
    free = [c for c in COUNTRIES if c not in state.holdings]
    if pick < 55 and free:
        return R.Attack(data.draw(st.sampled_from(free)))
    if pick < 70:
        return R.Attack(data.draw(st.sampled_from(COUNTRIES)), by=data.draw(st.sampled_from(["", *names])))
    if pick < 85:
        return R.Ally(data.draw(st.sampled_from(COUNTRIES)))
    return R.Pass()


def held_halves(state, p):
    """The record holdings are worth, counted independently of the engine (rules 5, 13C, 16B)."""
    total = 0
    for country, (owner, kind) in state.holdings.items():
        if owner == p and kind == R.CONQUERED:
            total += 2 * WORLD.pbu[country]
        elif owner == p and kind == R.ALLIED:
            total += WORLD.pbu[country]
    return total


def check_consistent(state):
    # Chips are conserved between the WARCHEST and the players; nobody is in debt.
    assert state.warchest + sum(p.chips for p in state.players) == WORLD.warchest
    assert state.warchest >= 0 and all(p.chips >= 0 and p.chips % 100 == 0 for p in state.players)
    # Records follow the holdings until chips and end-game combats move them (rules 20C, 21).
    for p, player in enumerate(state.players):
        if state.phase in ("order", "homelands", "home_alliances", "turns", "final_round") or \
                (state.phase == "over" and not state.ladder and state.champion is None):
            assert player.record_adjust == 0
        assert state.record(p) == held_halves(state, p) + player.record_adjust
    # Holdings belong to players still in the game; homelands to their own players.
    for country, (owner, kind) in state.holdings.items():
        assert not state.players[owner].eliminated
        if kind == R.HOMELAND:
            assert state.players[owner].homeland == country
    for p, player in enumerate(state.players):
        if player.eliminated:
            assert player.chips == 0 and all(o != p for o, _ in state.holdings.values())
    # Start-up alliances never exceed the homeland's value (rule 4A).
    if state.phase == "home_alliances":
        for p, player in enumerate(state.players):
            if player.homeland:
                assert held_halves(state, p) <= WORLD.pbu[player.homeland]
    # Player alliances: disjoint, of living players, never renewed after a break (rule 18F).
    members = [p for group in state.pacts for p in group]
    assert len(members) == len(set(members))
    for group in state.pacts:
        assert len(group) >= 2 and all(not state.players[p].eliminated for p in group)
        assert not any(frozenset((a, b)) in state.broken for a in group for b in group if a != b)
    if state.war:
        a, d = state.war.sides
        assert a != d and not state.allied(a, d) and max(state.war.wins) < 2
        assert all(0 < e <= R.WAR_ENERGY for e in state.war.energy)
    if state.phase == "over":
        best = max(state.record(p) for p in state.active())
        assert state.winners and all(state.record(w) == best for w in state.winners)
    elif state.phase not in ("order", "end_game"):
        assert not state.players[state.current].eliminated


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.data())
def test_random_games_stay_consistent_and_refusals_change_nothing(players, data):
    config = R.GameConfig(NAMES[:players], WORLD, target=data.draw(st.sampled_from([None, None, 60])),
                          time_limit_minutes=data.draw(st.sampled_from([None, 30])))
    state = R.new_game(config)
    for _ in range(300):
        if state.phase == "over":
            break
        action = draw_action(data, state)
        snapshot = copy.deepcopy(state)
        try:
            state, _ = R.apply(state, action)
        except R.RuleViolation as err:
            assert snapshot == state and str(err).startswith(f"rule {err.rule}: ")
        check_consistent(state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.data())
def test_undo_restores_and_the_log_replays_the_live_state(players, data):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.db"
        log = GameLog.create(path, R.GameConfig(NAMES[:players], WORLD))
        live, previous = log.state(), []
        for _ in range(120):
            if live.phase == "over":
                break
            if previous and data.draw(st.integers(0, 9), label="undo?") == 0:
                log.undo()
                assert log.state() == previous[-1]          # exactly the state before
                log.redo()
                assert log.state() == live
                log.undo()
                live = previous.pop()
                continue
            try:
                _, new, _ = log.record(draw_action(data, live))
            except R.RuleViolation:
                continue
            previous.append(live)
            live = new
        log.close()
        reopened = GameLog.open(path)
        assert reopened.state() == live
        reopened.close()
