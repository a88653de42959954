"""Combat adapters' speed: TripleA's exact win chance (dynamic programming over both sides' armies) for even
battles, and a whole plan (what `board combat triplea` computes); best of three runs each."""
import time

from board.combat import Battle, load
from board.combat.triplea import win_chances


def _best(run, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def bench():
    for n in (10, 100, 300):
        yield f"triplea_chance_{n}v{n}_ms", round(_best(lambda: win_chances(n, n, 0.5, 1 / 3)) * 1e3, 2)
    triplea = load("triplea")
    battle = Battle({"army": 40}, {"army": 30})
    yield "triplea_plan_40v30_ms", round(_best(lambda: triplea.plan(battle)) * 1e3, 2)
