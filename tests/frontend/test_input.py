"""PC keyboard and game controller readings turned into Odyssey² frame inputs."""
from emu.config import Config
from emu.frontend.sdl import sdl2
from emu.input import Bindings, FrameInput, LiveInput, apply_input, canonical_key


def code(name):
    return sdl2.SDL_GetKeyFromName(name.encode())


def live():
    return LiveInput(Bindings.from_config(Config.defaults()), deadzone=0.4)


def test_default_keyboard_map_types_odyssey_keys():
    inp = live()
    for pc in ("Q", "7", "Space", "Return", "Backspace", "/", "Keypad +", "]", "\\"):
        inp.key(code(pc), True)
    assert inp.current() == FrameInput({"Q", "7", "SPACE", "ENTER", "CLEAR", "?", "+", "*", "/"})
    inp.key(code("Q"), False)
    assert "Q" not in inp.current().keys


def test_keyboard_joysticks_wasd_left_arrows_right():
    inp = live()
    for pc in ("W", "A", "Left Ctrl", "Down", "Right Ctrl"):
        inp.key(code(pc), True)
    assert inp.current() == FrameInput(set(), ({"up", "left", "fire"}, {"down", "fire"}))


def test_typing_mode_sends_joystick_keys_to_the_keyboard():
    inp = live()
    inp.key(code("W"), True)
    inp.key(code("Up"), True)          # bound only to the joystick: nothing to type
    inp.typing_mode = True
    assert inp.current() == FrameInput({"W"})


def test_controller_stick_deadzone():
    inp = live()
    inp.pad_axes_moved(1, -0.39, 0.0)
    assert inp.current().joysticks[1] == frozenset()
    inp.pad_axes_moved(1, -0.41, 0.9)
    assert inp.current().joysticks[1] == {"left", "down"}
    inp.set_pad_buttons(1, {"fire"})
    inp.set_pad_buttons(0, {"up"})
    assert inp.current().joysticks == ({"up"}, {"left", "down", "fire"})


def test_release_all_forgets_held_keys_and_pads():
    inp = live()
    inp.key(code("Z"), True)
    inp.set_pad_buttons(0, {"fire"})
    inp.reset = True
    inp.release_all()
    assert inp.current() == FrameInput()


def test_aliases_are_the_matrix_keys():
    assert canonical_key("YES") == "Y" and canonical_key("no") == "N" and canonical_key("+") == "+"


class RecordingMachine:
    """Records the calls apply_input makes (the input API of emu.odyssey2.Odyssey2)."""
    def __init__(self):
        self.calls = []

    def press(self, key):
        self.calls.append(("press", key))

    def release(self, key):
        self.calls.append(("release", key))

    def joystick(self, n, **buttons):
        self.calls.append(("joystick", n, tuple(b for b, on in buttons.items() if on)))


def test_apply_input_sends_only_the_changes():
    m = RecordingMachine()
    apply_input(m, FrameInput({"A", "B"}, ({"up"}, set())), FrameInput({"B", "C"}, ({"up"}, {"fire"}), True))
    assert m.calls == [("release", "A"), ("press", "C"), ("joystick", 1, ("fire",)), ("press", "RESET")]


def test_apply_input_from_unknown_sets_everything():
    m = RecordingMachine()
    apply_input(m, None, FrameInput({"5"}, (set(), {"left"})))
    presses = [c for c in m.calls if c[0] == "press"]
    releases = [c for c in m.calls if c[0] == "release"]
    assert presses == [("press", "5")]
    assert len(releases) == 46 - 1 + 1          # the other 45 of the 46 matrix keys, and RESET
    assert releases[-1] == ("release", "RESET")
    assert ("joystick", 0, ()) in m.calls and ("joystick", 1, ("left",)) in m.calls


def test_aliases_in_the_config_become_matrix_keys():
    config = Config.defaults()
    config.data["keyboard"] = {"Home": "YES", "End": "no"}
    inp = LiveInput(Bindings.from_config(config))
    inp.key(code("Home"), True)
    inp.key(code("End"), True)
    assert inp.current() == FrameInput({"Y", "N"})
