"""What the player holds during one frame, and how it reaches the machine.

A `FrameInput` is the whole input of one frame: the Odyssey² keys held, the buttons of the two
joysticks, and the RESET key. Inputs change only at frame boundaries (as MAME samples them), so
a frame's input is applied just before the frame runs; movies record exactly these values, which
is what makes a replay frame-exact.

`LiveInput` builds FrameInputs from the PC: the keyboard map and the two keyboard joysticks of
the config, plus SDL game controllers. It holds no SDL objects itself; the window loop feeds it
key codes and controller readings.
"""
from dataclasses import dataclass, field

from emu.config import JOYSTICK_BUTTONS
from emu.key_names import key_code
from emu.keys import MATRIX, RESET, key_position

# Every key of the matrix once, by its own name (YES and NO are the Y and N keys).
KEY_NAMES = tuple(name for row in MATRIX for name in row if name is not None)


def canonical_key(name):
    """The matrix name of a key name or alias ("YES" -> "Y"); ValueError for unknown names."""
    row, column = key_position(name)
    return MATRIX[row][column]

JOYSTICKS = ("left", "right")   # joystick 0 is the left-hand one


@dataclass(frozen=True)
class FrameInput:
    keys: frozenset = frozenset()                          # emu.keys names
    joysticks: tuple = (frozenset(), frozenset())          # JOYSTICK_BUTTONS held, per stick
    reset: bool = False                                    # the console's RESET key

    def __post_init__(self):
        object.__setattr__(self, "keys", frozenset(self.keys))
        object.__setattr__(self, "joysticks", tuple(frozenset(j) for j in self.joysticks))


NOTHING = FrameInput()


def apply_input(machine, before, after):
    """Make the machine see `after`, given that it currently sees `before` (None = unknown)."""
    if before is None:   # set every key, both joysticks and RESET explicitly
        for key in KEY_NAMES:
            (machine.press if key in after.keys else machine.release)(key)
        changed_sticks = (0, 1)
    else:
        for key in before.keys - after.keys:
            machine.release(key)
        for key in after.keys - before.keys:
            machine.press(key)
        changed_sticks = [n for n in (0, 1) if before.joysticks[n] != after.joysticks[n]]
    for n in changed_sticks:
        machine.joystick(n, **{b: b in after.joysticks[n] for b in JOYSTICK_BUTTONS})
    if before is None or before.reset != after.reset:
        (machine.press if after.reset else machine.release)(RESET)


@dataclass
class Bindings:
    """PC key codes (SDL keycodes) -> what they press."""
    keys: dict = field(default_factory=dict)        # keycode -> Odyssey² key
    joystick: dict = field(default_factory=dict)    # keycode -> (stick, button)

    @classmethod
    def from_config(cls, config):
        code = key_code
        keys = {code(pc): canonical_key(o2) for pc, o2 in config.data["keyboard"].items()}
        joystick = {}
        for stick, side in enumerate(JOYSTICKS):
            for button, pc in config.data["joystick"][side].items():
                joystick[code(pc)] = (stick, button)
        return cls(keys, joystick)


class LiveInput:
    """The PC's keyboard and game controllers, read as Odyssey² inputs.

    In the default joystick mode a PC key bound to a keyboard joystick drives only the joystick
    (so WASD steer instead of typing); typing mode (toggled by a hotkey) sends every bound key to
    the Odyssey² keyboard instead.
    """

    def __init__(self, bindings, deadzone=0.4):
        self.bindings = bindings
        self.deadzone = deadzone
        self.typing_mode = False
        self.held_codes = set()
        self.reset = False
        # Game controller readings per stick: buttons held by d-pad/face buttons and by the axes.
        self.pad_buttons = [set(), set()]
        self.pad_axes = [set(), set()]

    def key(self, keycode, down):
        if down:
            self.held_codes.add(keycode)
        else:
            self.held_codes.discard(keycode)

    def release_all(self):
        """Forget everything held (the window lost focus: its key-up events will not come)."""
        self.held_codes.clear()
        self.reset = False
        for s in self.pad_buttons + self.pad_axes:
            s.clear()

    def set_pad_buttons(self, stick, buttons):
        """The joystick buttons a controller's d-pad and face buttons hold now."""
        self.pad_buttons[stick] = set(buttons)

    def pad_axes_moved(self, stick, x, y):
        """Left stick position, each axis in -1..1 (y positive = down)."""
        held = set()
        if x <= -self.deadzone:
            held.add("left")
        elif x >= self.deadzone:
            held.add("right")
        if y <= -self.deadzone:
            held.add("up")
        elif y >= self.deadzone:
            held.add("down")
        self.pad_axes[stick] = held

    def current(self):
        keys, sticks = set(), [set(), set()]
        for code in self.held_codes:
            if code in self.bindings.joystick and not self.typing_mode:
                stick, button = self.bindings.joystick[code]
                sticks[stick].add(button)
            elif code in self.bindings.keys:
                keys.add(self.bindings.keys[code])
        for n in (0, 1):
            sticks[n] |= self.pad_buttons[n] | self.pad_axes[n]
        return FrameInput(keys, tuple(sticks), self.reset)
