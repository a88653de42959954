"""On-screen messages and the key-help panel, drawn in the window (not only in its title)."""
import ctypes

import numpy as np
import pytest

from emu.config import Config
from emu.frontend.osd import BACKDROP, Panel, fitted, font_pixels, position, render
from emu.frontend.sdl import sdl2
from emu.frontend.video import Video

BLUE = (0, 0, 200)


def test_panel_positions_in_the_window():
    # A 100 × 20 panel in a 640 × 480 window; the margin is 2% of the height (10 pixels).
    assert position("top-left", (100, 20), (640, 480)) == (10, 10)
    assert position("top-right", (100, 20), (640, 480)) == (530, 10)
    assert position("bottom-left", (100, 20), (640, 480)) == (10, 450)
    assert position("centre", (100, 20), (640, 480)) == (270, 230)
    assert position("centre", (800, 600), (640, 480)) == (0, 0)      # larger than the window
    with pytest.raises(ValueError, match="not 'middle'"):
        Panel(("x",), "middle")


def test_a_panel_larger_than_the_window_is_scaled_to_fit():
    # 640 × 480 window, margins of 10: at most 620 × 460, the panel's shape kept.
    assert fitted((100, 20), (640, 480)) == (100, 20)
    assert fitted((1240, 100), (640, 480)) == (620, 50)
    assert fitted((400, 920), (640, 480)) == (200, 460)


def test_the_font_grows_with_the_window():
    assert font_pixels(243) == 12            # never below 12 pixels
    assert font_pixels(486 * 2) == 30        # 1/32 of the height


def test_a_panel_is_white_text_on_a_translucent_box():
    image = render(("PAUSED",), 16)
    height, width, channels = image.shape
    assert channels == 4 and height == 16 + 2 * 5 and width > 16 * 3
    colours = {tuple(pixel) for pixel in image.reshape(-1, 4)}
    assert tuple(BACKDROP) in colours and (255, 255, 255, 255) in colours
    assert tuple(image[0, 0]) == tuple(BACKDROP)        # the padding is the box only


def test_tab_separated_columns_line_up():
    one = render(("a\tx",), 16)
    two = render(("a\tx", "a much longer first cell\tx"), 16)
    assert two.shape[1] > one.shape[1]
    # The second column starts at the same place on both lines: white pixels of the two "x"s
    # fill the same columns.
    rows = two.shape[0] // 2
    top = set(np.nonzero((two[:rows] == 255).all(axis=-1))[1])
    bottom = set(np.nonzero((two[rows:] == 255).all(axis=-1))[1])
    assert max(top) == max(bottom)


def window_pixels(video):
    w, h = ctypes.c_int(), ctypes.c_int()
    sdl2.SDL_GetRendererOutputSize(video.renderer, ctypes.byref(w), ctypes.byref(h))
    pixels = np.zeros((h.value, w.value, 4), np.uint8)
    assert sdl2.SDL_RenderReadPixels(video.renderer, None, sdl2.SDL_PIXELFORMAT_RGBA32,
                                     pixels.ctypes.data_as(ctypes.c_void_p), w.value * 4) == 0
    return pixels[..., :3]


@pytest.fixture
def video(user_dirs):
    assert sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) == 0
    video = Video("test", 360, 243, "ntsc", 2, False, False)
    yield video
    video.close()
    sdl2.SDL_Quit()


def test_panels_are_drawn_over_the_picture(video):
    screen = np.zeros((243, 360, 3), np.uint8)
    screen[:] = BLUE
    video.present(screen)
    plain = window_pixels(video)
    picture = plain[plain.shape[0] // 2, plain.shape[1] // 2]
    assert tuple(picture) == BLUE
    video.present(screen, [Panel(("HELLO",), "centre")])
    shown = window_pixels(video)
    centre = shown[shown.shape[0] // 2 - 20: shown.shape[0] // 2 + 20, shown.shape[1] // 4: -shown.shape[1] // 4]
    # The box darkens the blue by its alpha (190 of 255) and the text is white.
    assert (centre == (0, 0, round(200 * (255 - 190) / 255))).all(axis=-1).any()
    assert (centre == (255, 255, 255)).all(axis=-1).any()
    # Only the panel changed: the top of the picture is as it was.
    assert (shown[:10] == plain[:10]).all()
    video.present(screen)                                   # and it goes away again
    assert (window_pixels(video) == plain).all()


def texts(window):
    return {panel.place: panel.lines for panel in window.panels()}


def test_messages_and_state_are_on_screen(window, capsys):
    assert texts(window) == {"top-left": ("REC 0",)}
    window.tick()
    window._hotkey(2, sdl2.KMOD_LSHIFT)                  # Shift+F3: save slot 2
    # Over the picture the short form; the terminal gets the path too.
    assert texts(window)["bottom-left"] == ("saved slot 2",)
    assert f"o2: saved slot 2 ({window.slots.path(2)})\n" in capsys.readouterr().err
    window._hotkey("pause", 0)
    assert texts(window)["top-left"] == ("PAUSED · REC 1",)
    window._hotkey("pause", 0)
    assert texts(window)["top-left"] == ("REC 1",)
    window._hotkey("screenshot", 0)
    assert texts(window)["bottom-left"] == ("screenshot input_echo-0001.png",)
    assert capsys.readouterr().err.endswith("/screenshots/input_echo-0001.png\n")
    window.message_until = 0                             # messages go after a few seconds
    assert texts(window) == {"top-left": ("REC 1",)}


def test_reset_is_announced_on_screen(window):
    event = sdl2.SDL_Event()
    event.type = sdl2.SDL_KEYDOWN
    event.key.keysym.sym = sdl2.SDL_GetKeyFromName(b"F10")
    assert sdl2.SDL_PushEvent(ctypes.byref(event)) == 1
    window.poll_events()
    assert window.live.reset and texts(window)["bottom-left"] == ("reset",)


def test_f1_opens_and_closes_the_key_help(window):
    assert window.hotkeys[sdl2.SDL_GetKeyFromName(b"F1")] == "help"
    window._hotkey("help", 0)
    assert list(texts(window)) == ["centre"]               # the key help alone
    lines = texts(window)["centre"]
    assert lines[0] == "Keys (F1 closes)"
    assert "load / save state\tF2-F8 / Shift+F2-F8 (slots 1-7)" in lines
    assert "pause\tF9" in lines and "key help\tF1" in lines and "Odyssey2 keys\tthe PC keys with the same characters" in lines
    window.tick()                                         # drawn without trouble
    window._hotkey("help", 0)
    assert texts(window) == {"top-left": ("REC 1",)}


def test_a_config_from_before_the_key_help_keeps_its_slot_keys(tmp_path):
    # Written when slots were F1-F8: F1 stays slot 1 and the key help has no key.
    path = tmp_path / "config.toml"
    path.write_text('[hotkeys]\nslots = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"]\n')
    config = Config.load(path)
    assert config.data["hotkeys"]["slots"][0] == "F1" and config.data["hotkeys"]["help"] == ""
    # Naming a help key that another hotkey has is still refused.
    path.write_text('[hotkeys]\nhelp = "F1"\nslots = ["F1"]\n')
    with pytest.raises(Exception, match=r"config.toml:3: 'F1' is both the help and the slots hotkey"):
        Config.load(path)


@pytest.mark.parametrize("text, message", [
    ('[hotkeys]\nslots = 5\n', ":2: hotkeys.slots must list 1 to 8 keys"),
    ('[hotkeys]\nslots = "F1"\n', ":2: hotkeys.slots must list 1 to 8 keys"),
    ('[hotkeys]\nhelp = 3\n', ":2: 3 is not a PC key name SDL knows"),
    ('[hotkeys]\nhelp = "F2"\n', ":2: 'F2' is both the help and the slots hotkey"),
])
def test_bad_help_and_slot_keys_are_one_line(tmp_path, text, message):
    from emu.config import ConfigError
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        Config.load(path)
    assert str(error.value) == f"{path}{message}"


def test_no_key_help_is_allowed(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[hotkeys]\nhelp = ""\nslots = ["F1"]\n')
    assert Config.load(path).data["hotkeys"]["help"] == ""


def test_the_title_names_the_cartridge_and_the_state(window):
    window.tick()
    title = sdl2.SDL_GetWindowTitle(window.video.window).decode()
    assert title == "Odyssey² — input_echo · recording 1"
    window._hotkey("pause", 0)
    window.tick()
    assert sdl2.SDL_GetWindowTitle(window.video.window).decode() == \
        "Odyssey² — input_echo · paused · recording 1"
