"""Battles between the bots, headless, to measure the cartridge's balance (tests/benchmarks/battle.py
prints the figures; docs/battle.md and cart/conquest/COMBAT.md quote them).

    python -m cart.conquest.balance TS 2 2 20      # 20 tank-sub battles, both bots at level 2

A battle starts as a player's does: power on, SPACE, each side's weapon and energy typed, ENTER;
then the bots hold the sticks until the result. Its length is counted in the battle's frames and
given in emulated seconds (the region's frame rate).
"""
import statistics
import sys
from dataclasses import dataclass

from cart.conquest.bots import LEVELS, Bot, play_battle

WEAPONS = "TSP"
PAIRINGS = tuple(r + b for r in WEAPONS for b in WEAPONS)
FPS = {"ntsc": 315e6 / 44 / (455 * 263), "pal": 7_093_790.4 / (456 * 313)}
BOOT_FRAMES = 10


@dataclass(frozen=True)
class Battle:
    pairing: str
    red_level: int
    blue_level: int
    seed: int
    winner: str          # "red", "blue" or "tie"
    seconds: float       # emulated
    overruns: int


def new_battle(red, blue, energy=2500, region="ntsc", bios=None):
    """A console with the cartridge, the battle red (weapon letter) against blue entered and started."""
    import roms_free
    from cart.conquest import Conquest
    from emu.odyssey2 import Odyssey2
    game = Conquest(Odyssey2(cart=roms_free.path("conquest.bin"), bios=bios, region=region))
    game.tick(BOOT_FRAMES)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 30)
    game.enter(red=(red, energy), blue=(blue, energy))
    game.wait_for(lambda g: g.mode == "combat", 30)
    return game


def run_battle(pairing: str, red_level: int, blue_level: int, seed: int, energy=2500,
               region="ntsc") -> Battle:
    game = new_battle(pairing[0], pairing[1], energy, region)
    frames = [0]

    def count(_):
        frames[0] += 1
    winner = play_battle(game, Bot("red", seed=2 * seed, level=red_level),
                         Bot("blue", seed=2 * seed + 1, level=blue_level), on_frame=count)
    return Battle(pairing, red_level, blue_level, seed, winner, frames[0] / FPS[region],
                  game.overruns)


def series(pairing, red_level, blue_level, count, first_seed=1, energy=2500, region="ntsc"):
    return [run_battle(pairing, red_level, blue_level, seed, energy, region)
            for seed in range(first_seed, first_seed + count)]


def summary(battles) -> dict:
    n = len(battles)
    wins = {w: sum(b.winner == w for b in battles) * 100 / n for w in ("red", "blue", "tie")}
    return {"median_s": statistics.median(b.seconds for b in battles), "red_wins_pct": wins["red"],
            "blue_wins_pct": wins["blue"], "ties_pct": wins["tie"],
            "overruns": sum(b.overruns for b in battles)}


def main(argv) -> int:
    if len(argv) != 4 or argv[0].upper() not in PAIRINGS or not all(a.isdigit() for a in argv[1:]) \
            or int(argv[1]) not in LEVELS or int(argv[2]) not in LEVELS:
        print("usage: python -m cart.conquest.balance PAIRING RED_LEVEL BLUE_LEVEL COUNT "
              f"(pairing one of {' '.join(PAIRINGS)}, levels {min(LEVELS)}-{max(LEVELS)})",
              file=sys.stderr)
        return 2
    battles = series(argv[0].upper(), int(argv[1]), int(argv[2]), int(argv[3]))
    for name, value in summary(battles).items():
        print(f"{name}: {value:.1f}" if isinstance(value, float) else f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
