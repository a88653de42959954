"""The README's screenshots of Conquest of the World, played through the game wrapper:

    .venv/bin/python -m cart.conquest.screens [OUT_DIR]     (default cart/conquest/screens)

One PNG per scene, one pixel per machine pixel (360 x 243), as `o2 run --screenshot` writes.
"""
import sys
from pathlib import Path

from cart.conquest.wrapper import HERE, Conquest, rom_path

PAIRINGS = {"tank_tank": ("T", "T"), "sub_sub": ("S", "S"), "jet_jet": ("P", "P"),
            "tank_sub": ("T", "S"), "tank_jet": ("T", "P"), "sub_jet": ("S", "P")}
FPS = 60


def _game():
    from emu.odyssey2 import Odyssey2
    return Conquest(Odyssey2(cart=rom_path()))


def select_game(game):
    game.tick(FPS)


def entry(game):
    game.tick(10)
    game.press("SPACE")
    game.enter(red=("T", 2500), blue=("S", 1500), start=False)
    game.tick(10)


def war_game(game):
    game.tick(10)
    game.press("1")
    game.tick(FPS // 2)


def playfield(red, blue):
    def scene(game):
        game.start_game(red=(red, 2500), blue=(blue, 2500))
        game.tick(FPS // 2)
    return scene


def _until_result(game, red, blue, seconds_after):
    game.start_game(red=red, blue=blue)
    game.wait_for(lambda g: g.mode == "result", 600 * FPS, step=10)
    game.tick(int(seconds_after * FPS))


def fireworks(game):
    _until_result(game, ("T", 40), ("T", 10), 0.5)


def white_flags(game):
    _until_result(game, ("T", 10), ("T", 10), 0.5)


SCENES = {"select_game": select_game, "entry": entry, "war_game": war_game,
          **{f"playfield_{name}": playfield(*pair) for name, pair in PAIRINGS.items()},
          "fireworks": fireworks, "white_flags": white_flags}


def main(argv=None) -> int:
    from PIL import Image
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else HERE / "screens"
    out.mkdir(parents=True, exist_ok=True)
    for name, scene in SCENES.items():
        game = _game()
        scene(game)
        Image.fromarray(game.machine.screen).save(out / f"{name}.png")
        print(f"{out / name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
