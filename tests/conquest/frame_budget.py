"""The battle's frame budget: the heaviest battle frame of each pairing, in machine cycles from the
end of one VBLANK wait (`wait_done`) to the start of the next (`wait_frame`), under the random
sticks of test_conquest_overruns.py (the same seeds and battles). An NTSC frame is 5983 cycles.

    .venv/bin/python tests/conquest/frame_budget.py [SECONDS]      (default 20 s a pairing)

Prints one line a pairing: red, blue, worst cycles, overruns. The figures are in COMBAT.md.
"""
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]

from conquest_helpers import new_game, seconds, start_battle, symbols  # noqa: E402
from emu.input import apply_input  # noqa: E402
from test_conquest_overruns import PAIRINGS, random_stick  # noqa: E402

GAME_BANK = 3                    # the frame loop runs in bank 3 (the last); the others have other code there


class BudgetRunner:
    """Runs the game's frames through the debugger core, stopping at the VBLANK wait's start and
    end to time the work between them."""

    def __init__(self, game):
        names = symbols()
        self.wait, self.done = names["wait_frame"], names["wait_done"]
        self.game, self.machine = game, game.machine
        self.core = self.machine.debug_core(1 << 30, 1)
        self.core.breakpoints[self.wait] = self.core.breakpoints[self.done] = 1
        self.core.changed()
        self.applied = game._applied
        self.end = None
        self.last_mode = None
        self.worst = 0

    def run_frame(self, held):
        apply_input(self.machine, self.applied, held)
        self.applied = held
        target = self.machine.frame + 1
        while True:
            stop = self.core.run(frame=target)
            pc = self.machine.cpu.pc if self.machine.cart_bank == GAME_BANK else None
            cycle = self.machine.cycles
            if stop.reason != 0:                     # a breakpoint: step over it
                self.core.run(steps=1, replay=True)
            if pc == self.done:
                self.end = cycle
            elif pc == self.wait and self.end is not None:
                mode = self.game.mode
                if mode == "combat" and self.last_mode == "combat":
                    self.worst = max(self.worst, cycle - self.end)
                self.last_mode = mode
            if stop.reason == 0:                     # the frame is over
                return


def worst_frame(red, blue, secs):
    """(worst battle frame in cycles, overruns) for the overrun test's run of this pairing."""
    game = start_battle(new_game(), red=(red, 9999), blue=(blue, 9999))
    runner = BudgetRunner(game)
    game.runner = runner
    rng = random.Random(f"{red}{blue}")
    for frame in range(seconds(game, secs)):
        if frame % rng.randint(2, 12) == 0:
            game.sticks(red=random_stick(rng), blue=random_stick(rng))
        game.tick()
        if game.mode != "combat":
            game.sticks(red=(), blue=())
            game.tick(seconds(game, 1))
            game.press("SPACE")
            game.wait_for(lambda g: g.mode == "entry", 30)
            start_battle(game, red=(red, 9999), blue=(blue, 9999))
    return runner.worst, game.overruns


def main(argv):
    secs = float(argv[1]) if len(argv) > 1 else 20.0
    for red, blue in PAIRINGS:
        print(red, blue, *worst_frame(red, blue, secs), flush=True)


if __name__ == "__main__":
    main(sys.argv)
