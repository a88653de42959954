"""Board companion speed: the engine, replaying a game log, recording an action durably."""
import random
import tempfile
import time
from pathlib import Path

from board import rules as R
from board.log import GameLog
from board.world import standard_world

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def _legal_game(length: int, seed: int = 7) -> list:
    """A reproducible game of `length` legal actions chosen at random."""
    rng, world = random.Random(seed), standard_world()
    state = R.new_game(R.GameConfig(PLAYERS, world))
    actions = []
    while len(actions) < length and state.phase != "over":
        if state.phase == "order":
            action = R.ChooseFirst(dict(zip(PLAYERS, rng.sample(range(10), 4))), rng.randrange(10))
        elif state.phase == "homelands":
            action = R.ChooseHomeland(rng.choice(world.countries))
        elif state.war or state.confrontation:
            c = state.confrontation
            energy = state.war.energy if state.war else [c.energy[c.attacking], c.energy[1 - c.attacking]]
            action = R.BattleResult(rng.choice((R.ATTACKER, R.DEFENDER, R.TIE)), rng.choice(R.WEAPONS),
                                    rng.choice(R.WEAPONS), rng.randint(1, energy[0]), rng.randint(0, energy[1]))
        else:
            action = rng.choice([R.Pass(), R.Attack(rng.choice(world.countries)),
                                 R.Ally(rng.choice(world.countries))])
        try:
            state, _ = R.apply(state, action)
        except R.RuleViolation:
            continue
        actions.append(action)
    return actions


def bench():
    world = standard_world()
    config = R.GameConfig(PLAYERS, world)
    actions = _legal_game(400)
    start = time.perf_counter()
    state = R.new_game(config)
    for action in actions:
        state, _ = R.apply(state, action)
    yield "board_apply_us_per_action", round((time.perf_counter() - start) / len(actions) * 1e6, 1)
    start = time.perf_counter()
    R.replay(config, actions)
    yield "board_replay_us_per_action", round((time.perf_counter() - start) / len(actions) * 1e6, 1)
    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog.create(Path(tmp) / "bench.db", config)
        start = time.perf_counter()
        for action in actions[:100]:
            log.record(action)
        yield "board_record_ms_per_action", \
            round((time.perf_counter() - start) / 100 * 1e3, 2)
        start = time.perf_counter()
        log.state()
        yield "board_open_100_event_log_ms", round((time.perf_counter() - start) * 1e3, 2)
        log.close()
