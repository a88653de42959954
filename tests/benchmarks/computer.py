"""The console's computer opponent (cart/conquest/computer.asm), measured with
cart/conquest/versus.py: fixed seeds, 2500 units a side, O2_BATTLES battles (default 100) per
pairing, the console's side alternating red and blue.

- cart_ai_level<N>_win_pct: level N against the Python bots' middle level (2), all nine pairings;
- cart_ai_min_pairing_win_pct: level 3's smallest share of wins in any pairing
  (cart_ai_level3_<pairing>_win_pct each);
- cart_ai_level1_vs_random_win_pct: level 1 against a human-like random player (sticks held
  0.2-1 s), all nine pairings;
- cart_ai_median_battle_s: the median length of all these battles (emulated seconds);
- cart_ai_stuck: battles that had not ended after ten emulated minutes;
- cart_ai_overruns: frames that ran past VBLANK in all of them (stays 0).

    O2_BATTLES=20 nice .venv/bin/python tests/run_bench.py computer
"""
import os
import statistics

from cart.conquest.versus import PAIRINGS, series, summary

BATTLES = int(os.environ.get("O2_BATTLES", "100"))


def bench():
    everything = []
    for level in (1, 2, 3):
        results = []
        for pairing in PAIRINGS:
            battles = series(pairing, level, BATTLES)
            results += battles
            if level == 3:
                won = summary(battles)["console_wins_pct"]
                yield f"cart_ai_level3_{pairing}_win_pct", round(won, 1)
        everything += results
        yield f"cart_ai_level{level}_win_pct", round(summary(results)["console_wins_pct"], 1)
        if level == 3:
            worst = min(summary([r for r in results if r.pairing == p])["console_wins_pct"]
                        for p in PAIRINGS)
            yield "cart_ai_min_pairing_win_pct", round(worst, 1)
    against_random = []
    for pairing in PAIRINGS:
        against_random += series(pairing, 1, BATTLES, opponent="random", first_seed=5000)
    everything += against_random
    yield "cart_ai_level1_vs_random_win_pct", round(summary(against_random)["console_wins_pct"], 1)
    yield "cart_ai_median_battle_s", round(statistics.median(r.seconds for r in everything), 1)
    yield "cart_ai_stuck", sum(r.winner is None for r in everything)
    yield "cart_ai_overruns", sum(r.overruns for r in everything)
