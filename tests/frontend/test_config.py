"""The TOML config file: defaults, round trip, merging, and one-line errors with file:line."""
import pytest

from emu.config import Config, ConfigError, DEFAULTS, default_path


def test_default_path_follows_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_path() == tmp_path / "odyssey2" / "config.toml"


def test_defaults_round_trip_through_the_file(tmp_path):
    path = tmp_path / "config.toml"
    Config.defaults().save(path)
    assert Config.load(path).data == DEFAULTS


def test_changed_settings_round_trip(tmp_path):
    config = Config.defaults()
    config.data["video"]["scale"] = 5
    config.data["video"]["scanlines"] = True
    config.data["keyboard"] = {"Q": "ENTER", "Keypad 5": "SPACE", "Home": "yes"}
    config.data["joystick"]["right"]["fire"] = "Keypad 0"
    config.data["hotkeys"]["slots"] = ["1", "2"]
    path = tmp_path / "config.toml"
    config.save(path)
    again = Config.load(path)
    assert again.data == config.data
    assert again.data["keyboard"] == {"Q": "ENTER", "Keypad 5": "SPACE", "Home": "yes"}


def test_load_or_create_writes_the_defaults_once(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    config = Config.load_or_create()
    assert (tmp_path / "odyssey2" / "config.toml").exists()
    assert config.data == DEFAULTS


def test_tables_merge_over_defaults_but_keyboard_replaces(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[video]\nscale = 2\n\n[keyboard]\n"Return" = "ENTER"\n\n'
                    '[joystick.left]\nfire = "Space"\n')
    data = Config.load(path).data
    assert data["video"] == {"scale": 2, "fullscreen": False, "scanlines": False}
    assert data["keyboard"] == {"Return": "ENTER"}
    assert data["joystick"]["left"] == {"up": "W", "right": "D", "down": "S", "left": "A", "fire": "Space"}


@pytest.mark.parametrize("text, message", [
    ('[video]\nscale = 3\nscanlines = "yes"\n', ":3: video.scanlines must be true or false"),
    ('[video]\nscale = 0\n', ":2: video.scale must be an integer from 1 to 8"),
    ('[audio]\n\nsample_rate = 22050\n', ":3: audio.sample_rate must be one of 44100, 48000"),
    ('[keyboard]\n"A" = "A"\n"Return" = "ENTR"\n', ":3: 'ENTR' is not an Odyssey² key"),
    ('[keyboard]\n"Retrun" = "ENTER"\n', ":2: 'Retrun' is not a PC key name SDL knows"),
    ('[joystick.right]\njump = "Space"\n', ":2: unknown joystick button 'jump'"),
    ('# settings\n[sound]\nvolume = 3\n', ":2: unknown table [sound]"),
    ('[hotkeys]\nsave_modifier = "Meta"\n', ":2: hotkeys.save_modifier must be one of Shift, Ctrl, Alt"),
    ('[hotkeys]\npause = "F12"\n', ":2: 'F12' is both the pause and the screenshot hotkey"),
    ('[hotkeys]\nslots = ["F1", "f1"]\n', ":2: 'f1' is listed twice in hotkeys.slots"),
    ('[keyboard]\n"A" = "A"\n"F3" = "ENTER"\n', ":3: 'F3' is the slots hotkey"),
    ('[joystick.left]\nfire = "Escape"\n', ":2: 'Escape' is the quit hotkey"),
    ('[controllers]\nleft = 1\nright = 1\n', ":3: controllers.left and controllers.right must be different"),
])
def test_bad_values_name_the_line(tmp_path, text, message):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as e:
        Config.load(path)
    assert str(e.value).startswith(str(path) + message)
    assert "\n" not in str(e.value)


def test_invalid_toml_is_one_line(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[video\nscale = 3\n")
    with pytest.raises(ConfigError) as e:
        Config.load(path)
    assert str(e.value).startswith(f"{path}: not valid TOML: ")
    assert "line 1" in str(e.value)


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="cannot read config file"):
        Config.load(tmp_path / "absent.toml")


def test_unwritable_config_dir_warns_and_uses_defaults(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker))
    assert Config.load_or_create().data == DEFAULTS
    assert capsys.readouterr().err == (f"o2: warning: cannot write the default config "
                                       f"{blocker}/odyssey2/config.toml: Not a directory\n")


def test_binary_file_is_one_line(tmp_path):
    path = tmp_path / "game.bin"
    path.write_bytes(b"[video]\n\x84\x00\xff")
    with pytest.raises(ConfigError) as e:
        Config.load(path)
    assert str(e.value) == f"{path}: not a text (UTF-8) config file: byte 8 is 0x84"
