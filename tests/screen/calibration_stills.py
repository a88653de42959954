"""The stills a player captures for `board calibrate`, made by playing our cartridge in the emulator (with
any character ROM): two entry screens with typed entries that show every digit and S P T, SELECT GAME, the
WAR GAME readouts stopped, and a result. Each comes with what it shows, as the player would say it."""
import numpy as np

from cart.conquest import Conquest
from cart.conquest.bots import Bot, play_battle
from cart.conquest.wrapper import rom_path
from emu.odyssey2 import Odyssey2

ENTRIES = (("S", 2500, "T", 1234), ("P", 6789, "S", 9876))


_CALIBRATED: dict = {}
_STILLS: dict = {}


WARS = ((11, 12), (31, 32))      # the bots' seeds of the battle whose result is captured, one pair a war


def stills_of(glyphs: str, war: int = 0) -> list[dict]:
    """The stills of a glyph set (tests/screen/glyph_sets.py), its result from war `war` (WARS), made once a
    session."""
    if (glyphs, war) not in _STILLS:
        from glyph_sets import charset
        _STILLS[glyphs, war] = stills(charset(glyphs), WARS[war])
    return _STILLS[glyphs, war]


def calibrated(glyphs: str, setting, war: int = 0):
    """What `board calibrate` learns from the stills of a glyph set (tests/screen/glyph_sets.py) captured
    through a simulated setting (tests/screen/capture_sim.py), as a player would make them, the result from war
    `war` (WARS): learned once a session (the tests and the bench share it). Raises CalibrationError as
    calibration does."""
    key = (glyphs, setting, war)
    if key not in _CALIBRATED:
        from board.screen.calibrate import CalibrationError, Still, Typed, calibrate
        from board.screen.profile import Profile
        from capture_sim import Simulator
        sim = Simulator(setting)
        shots = [Still(sim.frame(d["frame"]), d["kind"], f"{n}-{d['kind']}.png",
                       Typed.parse(d["red"], "red") if "red" in d else None,
                       Typed.parse(d["blue"], "blue") if "blue" in d else None, d.get("winner"))
                 for n, d in enumerate(stills_of(glyphs, war), 1)]
        try:
            _CALIBRATED[key] = calibrate(shots, Profile.load("conquest"))
        except CalibrationError as err:
            _CALIBRATED[key] = err
    if isinstance(_CALIBRATED[key], Exception):
        raise _CALIBRATED[key]
    return _CALIBRATED[key]


def stills(charset: bytes | None = None, seeds: tuple[int, int] = WARS[0]) -> list[dict]:
    """[{"kind", "frame", and "red"/"blue" ("S2500") or "winner"}] as the console shows them; the result is of
    a battle the bots play with `seeds` (red's, blue's)."""
    out = []
    game = Conquest(Odyssey2(cart=rom_path(), charset=charset))
    game.tick(60)
    game.wait_for(lambda g: g.mode == "select", 120)
    game.tick(10)
    out.append({"kind": "select", "frame": np.array(game.machine.screen)})
    game.press("A")
    game.wait_for(lambda g: g.mode == "wargame", 60)
    game.tick(10)
    game.press("SPACE")
    game.tick(10)
    out.append({"kind": "wargame", "frame": np.array(game.machine.screen)})
    game = Conquest(Odyssey2(cart=rom_path(), charset=charset))
    game.tick(60)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 60)
    for red_weapon, red, blue_weapon, blue in ENTRIES:
        for side in "RB":                  # CLEAR the side's energy first: digits add to what is shown
            game.press(side)
            game.press("CLEAR")
        game.enter(red=(red_weapon, red), blue=(blue_weapon, blue), start=False)
        game.tick(10)
        out.append({"kind": "entry", "frame": np.array(game.machine.screen),
                    "red": f"{red_weapon}{red:04d}", "blue": f"{blue_weapon}{blue:04d}"})
    game.press("ENTER")
    game.wait_for(lambda g: g.mode == "combat", 60)
    winner = play_battle(game, Bot("red", seed=seeds[0]), Bot("blue", seed=seeds[1]))
    game.tick(20)
    out.append({"kind": "result", "frame": np.array(game.machine.screen), "winner": winner})
    return out
