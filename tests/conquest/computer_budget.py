"""The frame budget with the console playing (docs/computer.md): the heaviest battle frame of each
pairing, in machine cycles between the VBLANK waits (frame_budget.BudgetRunner), with the
console at levels 1 and 3 on either side against a human-like random player (versus.RandomPlayer),
on NTSC and PAL. An NTSC frame is 5983 cycles.

    .venv/bin/python tests/conquest/computer_budget.py [SECONDS]     (default 10 s a battle)

Prints one line a pairing and region: the worst cycles and overruns over its four battles, then
the worst of all.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]

from conquest_helpers import SETTLE_FRAMES, fight_again, new_game, seconds, to_entry  # noqa: E402
from frame_budget import BudgetRunner  # noqa: E402
from test_conquest_overruns import PAIRINGS  # noqa: E402
from cart.conquest.versus import RandomPlayer  # noqa: E402


def worst_frame(pairing, level, computer, region, secs):
    """(worst battle frame in cycles, overruns) of `secs` of battles, the same weapons again
    whenever one ends."""
    game = to_entry(new_game(region))
    game.enter(red=(pairing[0], 9999), blue=(pairing[1], 9999), computer=computer, level=level)
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    runner = BudgetRunner(game)
    game.runner = runner
    human = "red" if computer == "blue" else "blue"
    player = RandomPlayer(seed=level * 10 + len(computer), fps=game.field("fps"))
    for _ in range(seconds(game, secs)):
        game.sticks(**{human: player.decide(game)})
        game.tick()
        if game.mode != "combat":
            fight_again(game, pairing)
    return runner.worst, game.overruns


def main(argv):
    secs = float(argv[1]) if len(argv) > 1 else 10.0
    everything = []
    for region in ("ntsc", "pal"):
        for red, blue in PAIRINGS:
            runs = [worst_frame(red + blue, level, computer, region, secs)
                    for level in (1, 3) for computer in ("red", "blue")]
            worst, overruns = max(w for w, _ in runs), sum(o for _, o in runs)
            everything.append((worst, overruns))
            print(f"{region} {red}{blue} worst {worst} overruns {overruns}", flush=True)
    print(f"worst {max(w for w, _ in everything)} overruns {sum(o for _, o in everything)}")


if __name__ == "__main__":
    main(sys.argv)
