"""What the window really shows (read back from SDL's software renderer, dummy video driver)."""
import ctypes

import numpy as np
import pytest

from emu.frontend.sdl import sdl2
from emu.frontend.video import SCANLINE_ALPHA, Video


@pytest.fixture
def sdl_video(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) == 0
    yield
    sdl2.SDL_Quit()


def shown(video, width, height):
    pixels = np.zeros((height, width, 4), np.uint8)
    assert sdl2.SDL_RenderReadPixels(video.renderer, None, sdl2.SDL_PIXELFORMAT_RGBA32,
                                     pixels.ctypes.data_as(ctypes.c_void_p), width * 4) == 0
    return pixels[:, :, :3]


def two_colour_screen():
    screen = np.zeros((243, 360, 3), np.uint8)
    screen[:, :180] = (200, 100, 50)
    screen[:, 180:] = (0, 0, 255)
    return screen


def test_scale_three_with_scanlines(sdl_video):
    video = Video("t", 360, 243, "ntsc", 3, False, True)
    video.present(two_colour_screen())
    window = shown(video, 926, 729)             # 360 × 6/7 × 3 = 925.7 -> 926 wide, 243 × 3 tall
    assert SCANLINE_ALPHA == 110
    # Each machine line is 3 rows; the last (3 // 2 = 1) is darkened to (255 - 110) / 255.
    assert window[0, 10].tolist() == [200, 100, 50]
    assert window[1, 10].tolist() == [200, 100, 50]
    assert window[2, 10].tolist() == [113, 56, 28]        # 200·145/255 = 113.7, 100 -> 56.9, 50 -> 28.4
    assert window[5, 900].tolist() == [0, 0, 145]          # 255·145/255
    # Machine column 180 starts at window column 180 × 926/360 = 463.0: a sharp edge.
    assert window[0, 462].tolist() == [200, 100, 50]
    assert window[0, 463].tolist() == [0, 0, 255]
    video.close()


def test_without_scanlines_every_row_is_full_colour(sdl_video):
    video = Video("t", 360, 243, "ntsc", 2, False, False)
    video.present(two_colour_screen())
    window = shown(video, 617, 486)             # 360 × 6/7 × 2 = 617.1
    assert (window[:, :300] == (200, 100, 50)).all()
    assert (window[:, 320:] == (0, 0, 255)).all()
    video.close()
