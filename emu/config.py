"""The front end's settings: a TOML file in the user's config directory.

The file is `$XDG_CONFIG_HOME/odyssey2/config.toml` (`~/.config/odyssey2/config.toml` when the
variable is unset). `o2 run` writes the defaults there on first use so there is a complete file to
edit. Tables merge over the defaults key by key, except the `[keyboard]` table, which replaces the
default keyboard map as a whole (so a binding can be removed by deleting its line).

PC keys are named as SDL names them ("A", "Left Ctrl", "Keypad +", "Return"; case does not
matter). Odyssey² keys use the names of `emu.keys` (YES and NO are the Y and N keys).
"""
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from emu.errors import O2Error
from cart.files import MIB, InputFileError, read_input, write_output
from emu.key_names import key_code
from emu.keys import JOYSTICK_BITS, key_position

JOYSTICK_BUTTONS = tuple(JOYSTICK_BITS)   # up right down left fire
SLOT_COUNT = 8
CONFIG_LIMIT = MIB       # a settings file larger than this is not one

# PC key -> Odyssey² key. Letters and digits map to themselves; the symbols sit where a PC
# keyboard has them, with the keypad as a second home for + - × ÷ . = ENTER.
_DEFAULT_KEYBOARD = {
    **{d: d for d in "0123456789"},
    **{f"Keypad {d}": d for d in "0123456789"},
    **{c: c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    "Space": "SPACE",
    "/": "?",
    "-": "-",
    "=": "=",
    ".": ".",
    "[": "+",
    "]": "*",
    "\\": "/",
    "Keypad +": "+",
    "Keypad -": "-",
    "Keypad *": "*",
    "Keypad /": "/",
    "Keypad .": ".",
    "Keypad =": "=",
    "Keypad Enter": "ENTER",
    "Return": "ENTER",
    "Backspace": "CLEAR",
}

DEFAULTS = {
    "video": {"scale": 3, "fullscreen": False, "scanlines": False},
    "audio": {"enabled": True, "sample_rate": 44100, "latency_frames": 3},
    "keyboard": _DEFAULT_KEYBOARD,
    "joystick": {
        "left": {"up": "W", "right": "D", "down": "S", "left": "A", "fire": "Left Ctrl"},
        "right": {"up": "Up", "right": "Right", "down": "Down", "left": "Left", "fire": "Right Ctrl"},
    },
    "controllers": {"left": 0, "right": 1, "deadzone": 0.4},
    "hotkeys": {
        "help": "F1",
        "quit": "Escape",
        "pause": "F9",
        "reset": "F10",
        "fullscreen": "F11",
        "screenshot": "F12",
        "typing_mode": "ScrollLock",
        "debug": "Pause",
        # F1 is the key help, as players expect: slots 1-7 on F2-F8 (an eighth key may be added).
        "slots": [f"F{n}" for n in range(2, SLOT_COUNT + 1)],
        "save_modifier": "Shift",
    },
    "paths": {"states": "", "screenshots": ""},
}

SAMPLE_RATES = (44100, 48000)
SAVE_MODIFIERS = ("Shift", "Ctrl", "Alt")


class ConfigError(O2Error):
    """A config file that cannot be used; the message names file:line and the problem."""


def config_dir():
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "odyssey2"


def data_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "odyssey2"


def default_path():
    return config_dir() / "config.toml"


@dataclass
class Config:
    """Validated settings; `data` has the same shape as DEFAULTS."""
    data: dict
    path: Path | None = None

    @classmethod
    def defaults(cls):
        return cls(_copy(DEFAULTS))

    @classmethod
    def load(cls, path):
        """Read and validate `path`; raise ConfigError naming file:line on a bad value."""
        path = Path(path)
        try:
            data = read_input(path, CONFIG_LIMIT, "config file")
        except InputFileError as e:
            raise ConfigError(f"{path}: cannot read config file: {e.reason}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConfigError(f"{path}: not a text (UTF-8) config file: byte {e.start} is "
                              f"{e.object[e.start]:#04x}") from None
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"{path}: not valid TOML: {e}") from None
        except RecursionError:
            raise ConfigError(f"{path}: nested too deeply for a config file") from None
        data = _copy(DEFAULTS)
        for section, value in raw.items():
            if section not in DEFAULTS:
                raise ConfigError(_where(path, text, None, section) + f"unknown table [{section}]")
            if not isinstance(value, dict):
                raise ConfigError(_where(path, text, None, section) + f"{section} must be a table")
            if section == "keyboard":
                data["keyboard"] = dict(value)
            elif section == "joystick":
                for side, buttons in value.items():
                    if side not in DEFAULTS["joystick"] or not isinstance(buttons, dict):
                        raise ConfigError(_where(path, text, "joystick", side)
                                          + f"joystick tables are [joystick.left] and [joystick.right], not {side!r}")
                    data["joystick"][side].update(buttons)
            else:
                data[section].update(value)
        _unbind_help_if_taken(data, raw.get("hotkeys", {}))
        _validate(data, path, text)
        return cls(data, path)

    @classmethod
    def load_or_create(cls, path=None):
        """The user's config: read it, or write the defaults there first if there is none."""
        path = Path(path) if path else default_path()
        if not path.exists():
            config = cls.defaults()
            try:
                config.save(path)
            except OSError as e:   # a read-only home still plays, with the defaults
                reason = getattr(e, "reason", None) or e.strerror
                print(f"o2: warning: cannot write the default config {path}: {reason}", file=sys.stderr)
            return config
        return cls.load(path)

    @classmethod
    def load_existing(cls, path=None):
        """The given file, else the user's file if there is one, else the defaults; writes nothing."""
        if path:
            return cls.load(path)
        return cls.load(default_path()) if default_path().exists() else cls.defaults()

    def save(self, path=None):
        """Write the settings as TOML (to a temp file, then renamed over the old one)."""
        path = Path(path or self.path)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_output(path, _HEADER + tomli_w.dumps(self.data))
        self.path = path

    # Convenience views used by the front end.
    @property
    def states_dir(self):
        return Path(self.data["paths"]["states"] or data_dir() / "states")

    @property
    def screenshots_dir(self):
        return Path(self.data["paths"]["screenshots"] or data_dir() / "screenshots")


_HEADER = """\
# Odyssey² emulator front end settings (see docs/emulator.md, "The window").
# PC keys use SDL's key names; Odyssey² keys use emu.keys names.
# [keyboard], when present, replaces the whole default keyboard map.

"""


def _copy(d):
    return {k: _copy(v) if isinstance(v, dict) else (list(v) if isinstance(v, list) else v)
            for k, v in d.items()}


def _where(path, text, section, key):
    """'file:line: ' of `key` in `[section]` (or of the table header when section is None)."""
    lines = text.splitlines()
    current = None
    header = re.compile(r"^\s*\[([^\]]+)\]\s*(#.*)?$")
    for number, line in enumerate(lines, 1):
        m = header.match(line)
        if m:
            current = m.group(1).strip()
            if section is None and current == key:
                return f"{path}:{number}: "
            continue
        if section is not None and current == section:
            name = line.split("=", 1)[0].strip().strip('"').strip("'")
            if "=" in line and name == key:
                return f"{path}:{number}: "
    return f"{path}: "


def _pc_key_code(name):
    """SDL's key code for a key name (0 = unknown), from emu.key_names: checking a file needs no SDL."""
    return key_code(name)


def _pc_key_ok(name):
    return _pc_key_code(name) != 0


def _unbind_help_if_taken(data, own_hotkeys):
    """A file written before the key help existed may put another hotkey (slot 1) on its
    default key: that file keeps working, without the key help, until it names a help key."""
    if "help" in own_hotkeys:
        return
    hotkeys = data["hotkeys"]
    others = [name for key, value in hotkeys.items() if key not in ("help", "save_modifier")
              for name in (value if key == "slots" and isinstance(value, list) else [value])]
    help_code = _pc_key_code(hotkeys["help"])
    if any(_pc_key_code(name) == help_code for name in others if isinstance(name, str)):
        hotkeys["help"] = ""


def _validate(data, path, text):
    def fail(section, key, message):
        raise ConfigError(_where(path, text, section, key) + message)

    video = data["video"]
    for key in video:
        if key not in DEFAULTS["video"]:
            fail("video", key, f"unknown setting video.{key}")
    if not isinstance(video["scale"], int) or isinstance(video["scale"], bool) or not 1 <= video["scale"] <= 8:
        fail("video", "scale", "video.scale must be an integer from 1 to 8")
    for flag in ("fullscreen", "scanlines"):
        if not isinstance(video[flag], bool):
            fail("video", flag, f"video.{flag} must be true or false")

    audio = data["audio"]
    for key in audio:
        if key not in DEFAULTS["audio"]:
            fail("audio", key, f"unknown setting audio.{key}")
    if not isinstance(audio["enabled"], bool):
        fail("audio", "enabled", "audio.enabled must be true or false")
    if audio["sample_rate"] not in SAMPLE_RATES:
        fail("audio", "sample_rate", f"audio.sample_rate must be one of {', '.join(map(str, SAMPLE_RATES))}")
    if not isinstance(audio["latency_frames"], int) or not 1 <= audio["latency_frames"] <= 10:
        fail("audio", "latency_frames", "audio.latency_frames must be an integer from 1 to 10")

    for pc_key, o2_key in data["keyboard"].items():
        if not _pc_key_ok(pc_key):
            fail("keyboard", pc_key, f"{pc_key!r} is not a PC key name SDL knows")
        try:
            key_position(o2_key)
        except ValueError:
            fail("keyboard", pc_key, f"{o2_key!r} is not an Odyssey² key")

    for side in ("left", "right"):
        table = data["joystick"][side]
        for button, pc_key in table.items():
            if button not in JOYSTICK_BUTTONS:
                fail(f"joystick.{side}", button, f"unknown joystick button {button!r} (use {', '.join(JOYSTICK_BUTTONS)})")
            if not _pc_key_ok(pc_key):
                fail(f"joystick.{side}", button, f"{pc_key!r} is not a PC key name SDL knows")

    controllers = data["controllers"]
    for key in controllers:
        if key not in DEFAULTS["controllers"]:
            fail("controllers", key, f"unknown setting controllers.{key}")
    for side in ("left", "right"):
        if not isinstance(controllers[side], int) or controllers[side] < 0:
            fail("controllers", side, f"controllers.{side} must be a controller number (0 = first plugged in)")
    if controllers["left"] == controllers["right"]:
        fail("controllers", "right", "controllers.left and controllers.right must be different controllers")
    if not isinstance(controllers["deadzone"], (int, float)) or not 0 < controllers["deadzone"] < 1:
        fail("controllers", "deadzone", "controllers.deadzone must be between 0 and 1")

    hotkeys = data["hotkeys"]
    for key, value in hotkeys.items():
        if key not in DEFAULTS["hotkeys"]:
            fail("hotkeys", key, f"unknown hotkey {key!r}")
        if key == "slots":
            if not isinstance(value, list) or not 1 <= len(value) <= SLOT_COUNT:
                fail("hotkeys", key, f"hotkeys.slots must list 1 to {SLOT_COUNT} keys")
            for name in value:
                if not _pc_key_ok(name):
                    fail("hotkeys", key, f"{name!r} is not a PC key name SDL knows")
        elif key == "save_modifier":
            if value not in SAVE_MODIFIERS:
                fail("hotkeys", key, f"hotkeys.save_modifier must be one of {', '.join(SAVE_MODIFIERS)}")
        elif key == "help" and value == "":
            continue                   # no key help
        elif not _pc_key_ok(value):
            fail("hotkeys", key, f"{value!r} is not a PC key name SDL knows")
    # A PC key does one thing: a hotkey shadows any Odyssey² key or joystick bound to it.
    taken = {}
    for key, value in hotkeys.items():
        if key == "save_modifier" or value == "":
            continue
        for name in value if key == "slots" else [value]:
            code = _pc_key_code(name)
            if code in taken and taken[code] == key:
                fail("hotkeys", key, f"{name!r} is listed twice in hotkeys.{key}")
            if code in taken:   # name the line the user wrote, whichever of the two it is
                line = key if _where(path, text, "hotkeys", key) != f"{path}: " else taken[code]
                fail("hotkeys", line, f"{name!r} is both the {taken[code]} and the {key} hotkey")
            taken[code] = key
    for pc_key in data["keyboard"]:
        if _pc_key_code(pc_key) in taken:
            fail("keyboard", pc_key, f"{pc_key!r} is the {taken[_pc_key_code(pc_key)]} hotkey")
    for side in ("left", "right"):
        for button, pc_key in data["joystick"][side].items():
            if _pc_key_code(pc_key) in taken:
                fail(f"joystick.{side}", button, f"{pc_key!r} is the {taken[_pc_key_code(pc_key)]} hotkey")

    for key, value in data["paths"].items():
        if key not in DEFAULTS["paths"]:
            fail("paths", key, f"unknown setting paths.{key}")
        if not isinstance(value, str):
            fail("paths", key, f"paths.{key} must be a string (empty for the default)")
