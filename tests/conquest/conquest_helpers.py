"""Helpers for the Conquest of the World tests: a console with the cartridge, the game wrapper on
it, and the steps every test takes (power on, SPACE to the entry, a battle entered).

A test that needs a part of the assembly names its code label with `landed("tank_fire")`: a label
missing from roms_free/conquest.sym.json (renamed, or the cartridge not rebuilt) fails the test
with its name, rather than passing it by silently.
"""
import json
from types import SimpleNamespace
from pathlib import Path

import pytest

import roms_free
from cart.conquest import Conquest

HERE = Path(__file__).resolve().parent

CART = Path(roms_free.path("conquest.bin"))
SYMBOLS = Path(roms_free.path("conquest.sym.json"))
# The minimal vector-only BIOS (roms_free/src/bios_min.asm): the three vectors jump into the
# cartridge and nothing else, as a console with someone else's BIOS gives the cartridge.
MIN_BIOS = Path(roms_free.path("bios_min.bin"))
BOOT_FRAMES = 10                 # power-on to SELECT GAME (the cart measures the region first)
SETTLE_FRAMES = 30               # a mode change shows within this many frames
FPS = {"ntsc": 315e6 / 44 / (455 * 263), "pal": 7_093_790.4 / (456 * 313)}


def symbols() -> dict:
    if not SYMBOLS.is_file():
        return {}
    table = json.loads(SYMBOLS.read_text())    # names in lower case, as the assembler ignores case
    return {k.lower(): v for k, v in {**table.get("labels", {}), **table.get("constants", {})}.items()}


def landed(*names):
    """Fails the test, naming what is missing, unless the cartridge and these labels exist."""
    if not CART.is_file():
        pytest.fail("roms_free/conquest.bin is missing (make roms)")
    known = {k.lower() for k in symbols()}
    missing = [n for n in names if n.lower() not in known]
    if missing:
        pytest.fail(f"roms_free/conquest.sym.json has no {', '.join(missing)} (make roms)")


def console(region="ntsc", bios=None, model="hardware"):
    from emu.odyssey2 import Odyssey2
    landed()
    return Odyssey2(cart=CART, bios=bios, region=region, model=model)


def new_game(region="ntsc", bios=None, model="hardware", runner=None, machine=None) -> Conquest:
    """The cartridge just after power-on, at SELECT GAME."""
    game = Conquest(machine or console(region, bios, model), runner=runner)
    game.tick(BOOT_FRAMES)           # RAM reads "select" before the cartridge has set it up
    assert game.mode == "select"
    return game


def to_entry(game):
    """SPACE at SELECT GAME: the combat entry."""
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", SETTLE_FRAMES)
    return game


def fight_again(game, pairing):
    """After a battle's end: SPACE, then the same weapons again at 9999 units (the entry keeps
    the console's side and level)."""
    game.sticks(red=(), blue=())
    game.tick(seconds(game, 1))
    to_entry(game)
    game.enter(red=(pairing[0], 9999), blue=(pairing[1], 9999))
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)


def start_battle(game, red=("T", 2500), blue=("T", 2500)):
    """From SELECT GAME or the entry: both entries typed, ENTER, the battle under way."""
    if game.mode == "select":
        to_entry(game)
    game.enter(red=red, blue=blue)
    game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
    return game


def seconds(game, s: float) -> int:
    """Frames in s seconds on the game's region."""
    return round(s * FPS[game.machine.region])


# Joystick directions by heading (0 up, then clockwise, as ram.inc numbers them).
HEADING_STICK = ({"up"}, {"up", "right"}, {"right"}, {"down", "right"}, {"down"},
                 {"down", "left"}, {"left"}, {"up", "left"})
HEADING_STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def drive(game, side, x, y, seconds_limit=30):
    """Steers `side`'s tank or sub with its stick until its sprite stands at (x, y) (Y within a
    line: a step is 2 lines), the way a player would: cell by cell over ground it can be in, mines
    avoided (cart.conquest.bots plans the cells), then straight to the spot. The other stick stays
    in the middle. Fails the test, naming where the weapon stopped, if it does not get there."""
    from cart.conquest.bots import DIRECTIONS, Bot, Ground, heading_to
    me = game.side(side)
    assert me.weapon in ("T", "S"), f"drive steers a tank or a sub, not {me.weapon!r}"
    bot = Bot(side)
    bot._setup(game)
    goal = Ground.cell_of(x + 4, (y + 8) / 2)
    for _ in range(round(seconds_limit * FPS[game.machine.region])):
        me = game.side(side)
        if me.x == x and abs(me.y - y) <= 1:
            break
        here = SimpleNamespace(u=me.x + 4, v=(me.y + 8) / 2)       # its middle, in steps
        if Ground.cell_of(here.u, here.v) == goal:
            u, v = x + 4, (y + 8) / 2
        else:
            cell = bot._route(here, {goal})
            assert cell is not None, f"no way for {side} from ({me.x}, {me.y}) to ({x}, {y})"
            u, v = Ground.middle(*cell)
        du, dv = u - here.u, v - here.v
        if abs(du) < 1:
            du = 0
        if abs(dv) < 0.75:
            dv = 0
        game.sticks(**{side: set(DIRECTIONS[heading_to(du, dv)])})
        game.tick()
    game.sticks(**{side: ()})
    game.tick()
    me = game.side(side)
    assert me.alive and me.x == x and abs(me.y - y) <= 1, \
        f"{side} stopped at ({me.x}, {me.y}) on the way to ({x}, {y})"
    return me.x, me.y


def drive_facing(game, side, heading, x, y):
    """drive() to (x, y), then taps the stick toward `heading` for a frame (it turns the weapon;
    a step comes only every few frames), driving back and tapping again if the tap stepped: the
    weapon stands at (x, y) facing `heading` (where its next shot flies)."""
    for _ in range(12):
        drive(game, side, x, y)
        game.sticks(**{side: HEADING_STICK[heading]})
        game.tick()
        game.sticks(**{side: ()})
        game.tick()
        me = game.side(side)
        if (me.x, me.heading) == (x, heading) and abs(me.y - y) <= 1:
            return
    raise AssertionError(f"{side} at ({me.x}, {me.y}) facing {me.heading}, not ({x}, {y}) "
                         f"facing {heading}")


def fly_into(game, side, cell, heading, seconds_limit=20):
    """Flies `side`'s jet with its stick into grid cell (column, row), turning it one angle a frame
    (a sharp turn, never the autopilot) and round trees and mountains on the way (cart.conquest.bots
    looks ahead), then holds the stick toward `heading`: the jet flies on from inside that cell
    along `heading`. Fails the test if the jet does not get there."""
    from cart.conquest.bots import Bot, Ground, heading_to
    bot = Bot(side, level=3)
    bot._setup(game)
    target = Ground.middle(*cell)
    for _ in range(round(seconds_limit * FPS[game.machine.region])):
        me = game.side(side)
        assert me.alive, f"the {side} jet went down on the way to {cell}"
        here = SimpleNamespace(u=me.x + 4, v=(me.y + 8) / 2)
        if Ground.cell_of(here.u, here.v) == tuple(cell):
            game.sticks(**{side: HEADING_STICK[heading]})
            return
        want = bot._clear_heading(here, heading_to(target[0] - here.u, target[1] - here.v))
        turn = (want - me.heading) % 8
        step = 0 if turn == 0 else (1 if turn <= 4 else -1)
        game.sticks(**{side: HEADING_STICK[(me.heading + step) % 8]})
        game.tick()
    raise AssertionError(f"the {side} jet did not reach {cell}")
