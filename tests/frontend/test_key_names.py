"""emu.key_names: SDL's PC key names without SDL, agreeing with SDL_GetKeyFromName."""
import subprocess
import sys

import pytest

from emu.frontend.sdl import sdl2
from emu.key_names import NAMED, generated_table, key_code


def sdl(name):
    return sdl2.SDL_GetKeyFromName(name.encode())


def test_the_table_is_what_sdl_gives():
    assert NAMED == generated_table()
    assert len(NAMED) > 150 and NAMED["left ctrl"] == sdl("Left Ctrl")


@pytest.mark.parametrize("name", ["Left Ctrl", "left ctrl", "LEFT CTRL", "Keypad +", "Keypad Enter",
                                  "Return", "F1", "f12", "ScrollLock", "Escape", "Pause", "Space",
                                  "Backspace", "Up", "a", "A", "z", "Z", "1", "/", "[", "é", "É", "²",
                                  "Enter", "Ctrl", "ab", "", "F25", "Keypad", "Left  Ctrl", "ÿÿ"])
def test_names_give_the_codes_sdl_gives(name):
    assert key_code(name) == sdl(name)


def test_every_name_and_single_character_agrees_with_sdl():
    for name in NAMED:
        for variant in (name, name.upper(), name.title()):
            assert key_code(variant) == sdl(variant), variant
    for code in range(0x20, 0x800):
        assert key_code(chr(code)) == sdl(chr(code)), hex(code)


def test_not_a_string_is_unknown():
    assert key_code(None) == 0 and key_code(3) == 0


def test_checking_a_settings_file_does_not_load_sdl(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[hotkeys]\npause = "Keypad 5"\n[keyboard]\n"Left Ctrl" = "A"\n')
    script = ("import sys; from emu.config import Config; from emu.input import Bindings; "
              f"c = Config.load({str(path)!r}); Bindings.from_config(c); "
              "print(c.data['hotkeys']['pause'], 'sdl2' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout == "Keypad 5 False\n"
