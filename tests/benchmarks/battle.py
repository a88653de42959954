"""Conquest of the World's balance, measured with the bots (cart/conquest/bots.py, balance.py):
fixed seeds, 2500 units a side, O2_BATTLES battles (default 100) per pairing and level.

- battle_<pairing>_median_s, _red_wins_pct, _ties_pct: both sides at the middle level (2);
- battle_level<N>_median_s: the median over all nine pairings with both sides at level N;
- battle_skill_min_win_pct: the top level (3) against the bottom (1), the smallest share of wins
  the top level took in any pairing with either colour; battle_skill_<pairing>_<colour>_win_pct
  each of them;
- battle_overruns: frames that ran past VBLANK in all of these battles (stays 0).

The emulator runs thousands of times faster than a console; a battle here is a few tenths of a
second of CPU (`make bench` runs this module with the others; `tests/run_bench.py battle` alone).
"""
import os
import statistics

from cart.conquest.balance import PAIRINGS, series, summary

BATTLES = int(os.environ.get("O2_BATTLES", "100"))
EQUAL, TOP, BOTTOM = 2, 3, 1


def bench():
    overruns = 0
    for pairing in PAIRINGS:
        figures = summary(battles := series(pairing, EQUAL, EQUAL, BATTLES))
        overruns += figures["overruns"]
        yield f"battle_{pairing}_median_s", round(figures["median_s"], 1)
        yield f"battle_{pairing}_red_wins_pct", round(figures["red_wins_pct"], 1)
        yield f"battle_{pairing}_ties_pct", round(figures["ties_pct"], 1)
    for level in (BOTTOM, TOP):
        lengths = []
        for pairing in PAIRINGS:
            battles = series(pairing, level, level, max(10, BATTLES // 10), first_seed=1000)
            overruns += summary(battles)["overruns"]
            lengths += [b.seconds for b in battles]
        yield f"battle_level{level}_median_s", round(statistics.median(lengths), 1)
    worst = 100.0
    for pairing in PAIRINGS:
        for colour, (red, blue) in (("red", (TOP, BOTTOM)), ("blue", (BOTTOM, TOP))):
            figures = summary(series(pairing, red, blue, BATTLES, first_seed=5000))
            overruns += figures["overruns"]
            won = figures[f"{colour}_wins_pct"]
            worst = min(worst, won)
            yield f"battle_skill_{pairing}_{colour}_win_pct", round(won, 1)
    yield "battle_skill_min_win_pct", round(worst, 1)
    yield "battle_overruns", overruns
