"""`Conquest(machine)`: the Conquest of the World cartridge's state, typed, and its controls, as a
player uses them (PyBoy's game wrappers are the model).

    >>> from emu.odyssey2 import Odyssey2
    >>> from cart.conquest import Conquest
    >>> game = Conquest(Odyssey2(cart=roms_free.path("conquest.bin")))   # doctest: +SKIP
    >>> game.tick(60); game.mode                                         # doctest: +SKIP
    'select'
    >>> game.press("SPACE"); game.enter(red=("T", 2500), blue=("S", 2500))  # doctest: +SKIP
    >>> game.mode, game.red.weapon, game.red.energy                      # doctest: +SKIP
    ('combat', 'T', 2500)

Every value is read from RAM by symbol name (statemap.py: state.toml + the symbol file), so
nothing here knows an address. Input goes in as a player's would: keys held for whole frames and
joysticks set at frame boundaries, through emu.input's FrameInput, optionally through an
emu.movie.Runner so that a session can be recorded as a movie.
"""
from dataclasses import dataclass
from pathlib import Path

import roms_free
from emu.input import NOTHING, FrameInput, apply_input
from cart.conquest.statemap import StateMap, StateMapError

HERE = Path(__file__).resolve().parent
STATE_FILE = HERE / "state.toml"
SYMBOLS_NAME = "conquest.sym.json"
ROM_NAME = "conquest.bin"

MODES = ("select", "wargame", "entry", "combat", "result")
WEAPONS = ("?", "S", "P", "T")
WEAPON_KEYS = {"S": "S", "P": "P", "T": "T"}      # the keyboard letter of each weapon
SIDES = ("red", "blue")
SIDE_KEYS = {"red": "R", "blue": "B"}
COMPUTER_KEY = "C"               # the console plays the side being entered; each press a level up
LEVELS = (1, 2, 3)
SIDE_STICKS = {"red": 0, "blue": 1}               # left-hand controller drives red
WINNERS = {"none": None, "": None, "red": "red", "blue": "blue", "tie": "tie"}
MAX_ENERGY = 9999
# A key is held this many frames, then released this many, as a quick typist would.
KEY_HOLD_FRAMES, KEY_GAP_FRAMES = 3, 3
BOOT_FRAMES = 10                 # power-on to the cartridge's frame loop, with room to spare
# The fields the wrapper's typed properties need; the rest of state.toml is shown as is.
REQUIRED_FIELDS = ("mode", "winner", "readout", "tally_red", "tally_blue", "overruns") + tuple(
    f"{side}_{what}" for side in SIDES for what in ("weapon", "energy", "x", "y", "alive"))
SIDE_EXTRAS = ("heading", "submerged", "shot_state", "shot_x", "shot_y")


def rom_path():
    return roms_free.path(ROM_NAME)


def symbols_path():
    return roms_free.path(SYMBOLS_NAME)


@dataclass(frozen=True)
class Side:
    """One side's weapon and its state at the moment it was read."""
    name: str                    # "red" or "blue"
    weapon: str                  # "?", "S", "P" or "T"
    energy: int
    x: int
    y: int
    alive: bool
    heading: int | None = None
    submerged: bool | None = None
    shot_state: int | None = None
    shot_x: int | None = None
    shot_y: int | None = None


@dataclass(frozen=True)
class Tally:
    red: int
    blue: int


class Conquest:
    """The cartridge running in `machine` (an emu.odyssey2.Odyssey2). state/symbols: the
    state.toml and .sym.json to read (default: cart/conquest/state.toml and
    roms_free/conquest.sym.json). runner: an emu.movie.Runner to run frames through (recording
    a movie); without one, inputs go straight to the machine."""

    def __init__(self, machine, state=None, symbols=None, runner=None):
        self.machine = machine
        self.map = StateMap.load(state or STATE_FILE, symbols or symbols_path())
        self.map.require(*REQUIRED_FIELDS)
        self.runner = runner
        self.held = NOTHING
        self._applied = None

    # ---- state ----

    def field(self, name):
        """Any state.toml field by name, decoded by its type."""
        return self.map.read(self.machine, name)

    def _optional(self, name):
        return self.field(name) if name in self.map else None

    @property
    def mode(self) -> str:
        return self.field("mode")

    def side(self, name: str) -> Side:
        if name not in SIDES:
            raise ValueError(f"side must be 'red' or 'blue', not {name!r}")
        get = lambda what: self.field(f"{name}_{what}")
        extras = {what: self._optional(f"{name}_{what}") for what in SIDE_EXTRAS}
        return Side(name, get("weapon"), get("energy"), get("x"), get("y"), bool(get("alive")),
                    **extras)

    @property
    def red(self) -> Side:
        return self.side("red")

    @property
    def blue(self) -> Side:
        return self.side("blue")

    @property
    def winner(self):
        """"red", "blue", "tie" or None (no battle decided)."""
        value = self.field("winner")
        if isinstance(value, str):
            if value not in WINNERS:
                raise StateMapError(f"{self.map.state_path}: winner: value {value!r} is not one of "
                                    f"none, red, blue, tie")
            return WINNERS[value]
        # A state file that reads the winner as a number: ram.inc's WINNER_* name them.
        codes = {self.map.constant(f"WINNER_{name}"): WINNERS[name.lower()] for name in ("NONE", "RED", "BLUE", "TIE")}
        return codes.get(int(value))

    @property
    def computer(self):
        """The side the console plays: None, "red" or "blue" (the C key at the entry)."""
        if "computer" not in self.map:
            return None
        value = self.field("computer")
        return None if value in ("none", "", 0) else value

    @property
    def level(self):
        """The console's level, 1-3, or None when it plays no side."""
        if self.computer is None:
            return None
        return int(self.field("level"))

    @property
    def readout(self) -> int:
        """The WAR GAME readout (the left-hand one rule 2D reads)."""
        return self.field("readout")

    @property
    def tally(self) -> Tally:
        """Practice battles won by each side."""
        return Tally(self.field("tally_red"), self.field("tally_blue"))

    @property
    def overruns(self) -> int:
        """Frames whose work did not fit in the frame, since power-on."""
        return self.field("overruns")

    def state(self) -> dict:
        """Every field of state.toml, decoded: {name: value}."""
        return {name: f.read(self.machine) for name, f in self.map.fields.items()}

    def describe(self) -> str:
        """The decoded state as text (the debugger's `game` view)."""
        lines = [f"Conquest of the World  mode {self.mode}  winner {self.winner or '-'}  "
                 f"readout {self.readout}  tally {self.tally.red}-{self.tally.blue}  "
                 f"overruns {self.overruns}"]
        if self.computer is not None:
            lines[0] += f"  computer {self.computer} level {self.level}"
        for name in SIDES:
            s = self.side(name)
            extra = "".join(f"  {what} {getattr(s, what)}" for what in SIDE_EXTRAS
                            if getattr(s, what) is not None)
            lines.append(f"  {name:<4}  weapon {s.weapon}  energy {s.energy:4d}  x {s.x:3d} y {s.y:3d}"
                         f"  {'alive' if s.alive else 'destroyed'}{extra}")
        shown = set(REQUIRED_FIELDS) | {f"{s}_{w}" for s in SIDES for w in SIDE_EXTRAS} | {"computer", "level"}
        rest = [f"{name} {value}" for name, value in self.state().items() if name not in shown]
        if rest:
            lines.append("  " + "  ".join(rest))
        return "\n".join(lines)

    # ---- input and time ----

    def hold(self, keys=(), red=(), blue=()):
        """What is held from the next frame on: Odyssey² keys and each side's joystick buttons
        ("up", "right", "down", "left", "fire"); everything not named is released."""
        self.held = FrameInput(frozenset(keys), (frozenset(red), frozenset(blue)))

    def sticks(self, red=None, blue=None):
        """Changes one or both joysticks, keeping the keys held."""
        sticks = list(self.held.joysticks)
        for name, buttons in (("red", red), ("blue", blue)):
            if buttons is not None:
                sticks[SIDE_STICKS[name]] = frozenset(buttons)
        self.held = FrameInput(self.held.keys, tuple(sticks), self.held.reset)

    def tick(self, frames: int = 1):
        """Runs whole frames with what is held."""
        for _ in range(int(frames)):
            if self.runner is not None:
                self.runner.run_frame(self.held)
            else:
                apply_input(self.machine, self._applied, self.held)
                self._applied = self.held
                self.machine.run_frames(1)

    def press(self, key: str, hold: int = KEY_HOLD_FRAMES, gap: int = KEY_GAP_FRAMES):
        """Presses one key for `hold` frames and lets it go for `gap` frames (joysticks kept)."""
        sticks = self.held.joysticks
        self.held = FrameInput({key}, sticks)
        self.tick(hold)
        self.held = FrameInput(frozenset(), sticks)
        self.tick(gap)

    def type(self, text: str):
        """Presses each key of `text` in turn (characters are key names: "R", "2", ...)."""
        for key in text:
            self.press("SPACE" if key == " " else key)

    def wait_for(self, condition, limit: int, step: int = 1) -> int:
        """Runs frames until condition(self) holds; the frames it took. TimeoutError after
        `limit` frames, naming the mode it is stuck in."""
        waited = 0
        while not condition(self):
            if waited >= limit:
                raise TimeoutError(f"still waiting after {limit} frames (mode {self.mode})")
            self.tick(step)
            waited += step
        return waited

    # ---- as PyBoy's wrappers: from power-on to play, and whether it is over ----

    def start_game(self, red=("T", 2500), blue=("T", 2500), limit: int = 300):
        """From power-on (or SELECT GAME) to a battle under way: SPACE, both entries, ENTER."""
        self.tick(BOOT_FRAMES)       # RAM reads "select" before the cartridge has set it up
        self.wait_for(lambda g: g.mode == "select", limit)
        self.press("SPACE")
        self.wait_for(lambda g: g.mode == "entry", limit)
        self.enter(red=red, blue=blue)
        self.wait_for(lambda g: g.mode == "combat", limit)

    def game_over(self) -> bool:
        """The battle is decided (fireworks or white flags on screen)."""
        return self.mode == "result"

    def enter_side(self, side: str, weapon=None, energy=None):
        """Types one side's entry: R or B, the weapon letter, the energy digits (None: keep)."""
        if side not in SIDES:
            raise ValueError(f"side must be 'red' or 'blue', not {side!r}")
        self.press(SIDE_KEYS[side])
        if weapon is not None:
            if weapon not in WEAPON_KEYS:
                raise ValueError(f"weapon must be 'S', 'P' or 'T', not {weapon!r}")
            self.press(WEAPON_KEYS[weapon])
        if energy is not None:
            if not isinstance(energy, int) or not 0 <= energy <= MAX_ENERGY:
                raise ValueError(f"energy must be a whole number from 0 to {MAX_ENERGY}, not {energy!r}")
            self.type(str(energy))

    def enter(self, red=("T", 2500), blue=("S", 2500), start=True, computer=None, level=None):
        """Types both entries as a player would — R, weapon, energy; B, weapon, energy — and
        presses ENTER (start=False leaves it at the entry screen). A side given as a weapon letter
        alone, or (weapon, None), keeps the energy on screen (the war goes on); None skips it.
        computer="red" or "blue" gives that side to the console at `level` (1-3, default 1) with
        the C key; computer=None leaves the console's choice as it is."""
        if computer is not None:
            if computer not in SIDES:
                raise ValueError(f"computer must be 'red', 'blue' or None, not {computer!r}")
            level = 1 if level is None else level
            if level not in LEVELS:
                raise ValueError(f"level must be 1, 2 or 3, not {level!r}")
        elif level is not None:
            raise ValueError("level needs computer='red' or 'blue'")
        for side, entry in (("red", red), ("blue", blue)):
            if entry is None:
                continue
            weapon, energy = (entry, None) if isinstance(entry, str) else entry
            self.enter_side(side, weapon, energy)
        if computer is not None:
            self.choose_computer(computer, level)
        if start:
            self.press("ENTER")

    def choose_computer(self, side, level):
        """At the entry: R or B, then C until the console plays `side` at `level`."""
        self.press(SIDE_KEYS[side])
        for _ in range(2 * len(LEVELS) + 2):
            if self.computer == side and self.level == level:
                return
            self.press(COMPUTER_KEY)
        raise StateMapError(f"the C key did not give {side} to the console at level {level} "
                            f"(computer {self.computer}, level {self.level})")
