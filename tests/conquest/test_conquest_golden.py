"""Golden screenshots: the entry screen, each of the six playfields, fireworks and white flags.

Each golden PNG is MAME's odyssey2 frame (a measured reference, never our own output) for the
input timeline stored beside it (golden/<name>.json: the frame to capture and the inputs, in the
oracle's form). The timelines were made by playing the scene through the game wrapper, as a
player would type it. O2_UPDATE_GOLDEN=1 regenerates both on purpose (needs MAME); the ROM
changing makes the goldens stale, which this test reports.
"""
import json
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from conquest_helpers import SETTLE_FRAMES, landed, seconds, start_battle, to_entry
from rom_runners import run_many
from conquest_scripts import Recorder, timeline

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
PAIRINGS = {"tank_tank": ("T", "T"), "sub_sub": ("S", "S"), "jet_jet": ("P", "P"),
            "tank_sub": ("T", "S"), "tank_jet": ("T", "P"), "sub_jet": ("S", "P")}


def scene_entry(game):
    to_entry(game)
    game.enter(red=("T", 2500), blue=("S", 1500), start=False)
    game.tick(SETTLE_FRAMES)


def scene_playfield(red, blue):
    def scene(game):
        start_battle(game, red=(red, 2500), blue=(blue, 2500))
        game.tick(seconds(game, 0.5))
    return scene


def scene_fireworks(game):
    """Idle tanks: blue's smaller energy runs out first, red wins."""
    start_battle(game, red=("T", 40), blue=("T", 10))
    game.wait_for(lambda g: g.mode == "result", seconds(game, 120), step=10)
    game.tick(seconds(game, 1))


def scene_white_flags(game):
    """Equal tanks left idle run out together: both destroyed, a tie."""
    start_battle(game, red=("T", 10), blue=("T", 10))
    game.wait_for(lambda g: g.mode == "result", seconds(game, 120), step=10)
    game.tick(seconds(game, 1))


SCENES = {"entry": (scene_entry, ()),
          **{f"playfield_{name}": (scene_playfield(*pair), ("side_fire",))
             for name, pair in PAIRINGS.items()},
          "fireworks": (scene_fireworks, ("side_fire",)),
          "white_flags": (scene_white_flags, ("side_fire",))}


def record(name):
    scene, _ = SCENES[name]
    recorder = Recorder()
    scene(recorder.game)
    movie = recorder.movie()
    return {"frames": movie.frames, "inputs": timeline(movie)}


def golden(name):
    png, spec = GOLDEN / f"{name}.png", GOLDEN / f"{name}.json"
    if os.environ.get("O2_UPDATE_GOLDEN") == "1":
        script = record(name)
        frames = script["frames"]
        image = run_many("oracle", "conquest.bin", (frames,), script["inputs"], cache=False)[frames].image
        Image.fromarray(image).save(png)
        spec.write_text(json.dumps(script, indent=1) + "\n")
    if not png.is_file():
        pytest.skip(f"no golden {png.name} yet (O2_UPDATE_GOLDEN=1 makes it with MAME)")
    return json.loads(spec.read_text()), np.asarray(Image.open(png).convert("RGB"))


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_equals_mames_golden(name):
    landed(*SCENES[name][1])
    script, expected = golden(name)
    frames = script["frames"]
    ours = run_many("machine", "conquest.bin", (frames,), script["inputs"])[frames].image
    diff = np.argwhere((expected != ours).any(axis=2))
    assert len(diff) == 0, (f"{name}: {len(diff)} pixels differ from MAME's frame, first (line, "
                            f"column) {diff[:5].tolist()} (a changed ROM: O2_UPDATE_GOLDEN=1)")
