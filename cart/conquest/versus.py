"""Battles against the console's computer opponent (computer.asm), headless, measured: the
console plays one side at a level, the other side is a Python bot (cart/conquest/bots.py) or a
human-like random player. tests/benchmarks/computer.py prints the figures; docs/computer.md
quotes them.

    python -m cart.conquest.versus TS 3 20          # 20 tank-sub battles, the console at level 3
                                                    # against the bots' level 2, sides alternating

A battle starts as a player's does (power on, SPACE, both entries, the side key and C once per
level, ENTER); then the opponent holds its stick until the result.
"""
import random
import statistics
import sys
from dataclasses import dataclass

from cart.conquest.bots import BATTLE_FRAME_LIMIT, DIRECTIONS, FIRE, NEUTRAL, Bot

WEAPONS = "TSP"
PAIRINGS = tuple(r + b for r in WEAPONS for b in WEAPONS)
BOT_LEVEL = 2                    # the Python bots' middle level: the yardstick
BOOT_FRAMES = 10


@dataclass(frozen=True)
class Result:
    pairing: str
    level: int
    console: str         # the side the console played
    seed: int
    winner: str | None   # "red", "blue", "tie", or None when it did not end (stuck)
    seconds: float       # emulated
    overruns: int

    @property
    def console_won(self) -> bool:
        return self.winner == self.console


class RandomPlayer:
    """A human-like random player: a random stick direction (or none) and button, each held for
    0.2-1 s."""

    def __init__(self, seed: int, fps: int = 60):
        self.rng = random.Random(seed)
        self.fps = fps
        self.left = 0
        self.buttons = NEUTRAL

    def decide(self, game) -> frozenset:
        if self.left <= 0:
            self.left = self.rng.randint(round(0.2 * self.fps), self.fps)
            direction = self.rng.randrange(9)
            buttons = set(DIRECTIONS[direction]) if direction < 8 else set()
            if self.rng.random() < 0.5:
                buttons.add(FIRE)
            self.buttons = frozenset(buttons)
        self.left -= 1
        return self.buttons


def new_console_battle(pairing, level, console, energy=2500, region="ntsc"):
    import roms_free
    from cart.conquest import Conquest
    from emu.odyssey2 import Odyssey2
    game = Conquest(Odyssey2(cart=roms_free.path("conquest.bin"), region=region))
    game.tick(BOOT_FRAMES)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 30)
    game.enter(red=(pairing[0], energy), blue=(pairing[1], energy), computer=console, level=level)
    game.wait_for(lambda g: g.mode == "combat", 30)
    return game


def run_battle(pairing, level, seed, console="blue", opponent="bot", energy=2500,
               region="ntsc", limit=BATTLE_FRAME_LIMIT) -> Result:
    game = new_console_battle(pairing, level, console, energy, region)
    fps = game.field("fps")
    other = "red" if console == "blue" else "blue"
    player = Bot(other, seed=seed, level=BOT_LEVEL) if opponent == "bot" else RandomPlayer(seed, fps)
    frames = 0
    while game.mode == "combat" and frames < limit:
        game.sticks(**{other: player.decide(game)})
        game.tick()
        frames += 1
    winner = game.winner if game.mode != "combat" else None
    return Result(pairing, level, console, seed, winner, frames / fps, game.overruns)


def series(pairing, level, count, opponent="bot", first_seed=1, **kwargs):
    """`count` battles, the console blue in the even ones and red in the odd."""
    return [run_battle(pairing, level, seed, "blue" if seed % 2 == 0 else "red", opponent, **kwargs)
            for seed in range(first_seed, first_seed + count)]


def summary(results) -> dict:
    n = len(results)
    return {"console_wins_pct": 100 * sum(r.console_won for r in results) / n,
            "ties_pct": 100 * sum(r.winner == "tie" for r in results) / n,
            "median_s": statistics.median(r.seconds for r in results),
            "stuck": sum(r.winner is None for r in results),
            "overruns": sum(r.overruns for r in results)}


def main(argv) -> int:
    if len(argv) != 3 or argv[0].upper() not in PAIRINGS or argv[1] not in ("1", "2", "3") \
            or not argv[2].isdigit() or int(argv[2]) < 1:
        print("usage: python -m cart.conquest.versus PAIRING LEVEL COUNT (pairing one of "
              f"{' '.join(PAIRINGS)}, level 1-3, count 1 or more)", file=sys.stderr)
        return 2
    results = series(argv[0].upper(), int(argv[1]), int(argv[2]))
    for name, value in summary(results).items():
        print(f"{name}: {value:.1f}" if isinstance(value, float) else f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
