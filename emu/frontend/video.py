"""The window: the machine's raster shown at its real 4:3 shape, integer-scaled, with scanlines.

Aspect ratio, from the pixel clock. The machine's screen has one pixel per VDC half-clock, and
each of its lines is one line of a non-interlaced field, which a TV draws twice as tall as a line
of an interlaced frame. A TV shows square pixels when sampled at the "square-pixel" rate of its
standard: 135/11 MHz for 525-line NTSC, 14.75 MHz for 625-line PAL. So one machine pixel is

    width / height = (square-pixel rate / pixel clock) / 2

    NTSC: pixel clock 315/44 MHz (2 × the 3.579545 MHz colour burst; 455 per line)
          (135/11) / (315/44) / 2 = 6/7            ≈ 0.857
    PAL:  pixel clock 17.734476 × 2/5 MHz = 7.0937904 MHz (456 per line)
          14.75 / 7.0937904 / 2                    ≈ 1.0396

so the NTSC raster of 360 × 243 pixels is shown 308.6 × 243 units wide/tall (1.27:1, the part of
the 4:3 picture that the 360 pixels span).

Scaling: each machine line becomes `k` window rows, k the largest integer that fits; the width
follows from the aspect ratio. To keep pixel edges sharp at a width that is not a whole multiple,
the frame is first enlarged by whole numbers (nearest neighbour) to at least the final width,
then scaled down to it with linear filtering ("sharp bilinear"). Scanlines darken the lower half
of each machine line's k rows (none when k = 1).
"""
import ctypes
import math
from dataclasses import dataclass
from fractions import Fraction

from emu.frontend import osd
from emu.frontend.sdl import sdl2

# Pixel width/height of one machine pixel, derived above.
PIXEL_ASPECT = {
    "ntsc": Fraction(135, 11) / Fraction(315, 44) / 2,
    "pal": Fraction(1475, 100) / (Fraction(17734476, 1000000) * Fraction(2, 5)) / 2,
}
SCANLINE_ALPHA = 110    # how dark the scanline rows get (0-255)


@dataclass(frozen=True)
class Geometry:
    x: int              # where the picture goes in the window
    y: int
    width: int          # its size in the window
    height: int
    line_scale: int     # window rows per machine line (0 when the window is smaller than 1×)
    prescale_x: int     # whole-number enlargement before the final (linear) scaling
    prescale_y: int


def picture_width(columns, aspect, line_scale):
    return round(columns * aspect * line_scale)


def initial_window_size(columns, rows, region, scale):
    return picture_width(columns, PIXEL_ASPECT[region], scale), rows * scale


def fit(columns, rows, region, window_width, window_height):
    """Where and how big the picture goes in a window of the given size, centred."""
    aspect = PIXEL_ASPECT[region]
    k = window_height // rows
    while k > 0 and picture_width(columns, aspect, k) > window_width:
        k -= 1
    if k > 0:
        width, height = picture_width(columns, aspect, k), rows * k
    else:   # smaller than 1×: fit the window keeping the aspect ratio
        ratio = columns * aspect / rows
        width = min(window_width, round(window_height * ratio))
        height = min(window_height, round(window_width / ratio))
    prescale_y = max(k, 1)
    prescale_x = max(1, math.ceil(width / columns))
    return Geometry((window_width - width) // 2, (window_height - height) // 2, width, height,
                    k, prescale_x, prescale_y)


class VideoError(Exception):
    pass


def _check(ok, what):
    if not ok:
        raise VideoError(f"{what}: {sdl2.SDL_GetError().decode(errors='replace')}")
    return ok


class Video:
    """The SDL window, its renderer and the textures the frame passes through."""

    def __init__(self, title, columns, rows, region, scale, fullscreen, scanlines):
        self.columns, self.rows, self.region = columns, rows, region
        self.scanlines = scanlines
        width, height = initial_window_size(columns, rows, region, scale)
        self.window = _check(sdl2.SDL_CreateWindow(
            title.encode(), sdl2.SDL_WINDOWPOS_CENTERED, sdl2.SDL_WINDOWPOS_CENTERED, width, height,
            sdl2.SDL_WINDOW_RESIZABLE | sdl2.SDL_WINDOW_ALLOW_HIGHDPI), "cannot open a window")
        sdl2.SDL_SetWindowMinimumSize(self.window, columns // 2, rows // 2)
        self.renderer = _check(sdl2.SDL_CreateRenderer(self.window, -1, sdl2.SDL_RENDERER_TARGETTEXTURE),
                               "cannot create a renderer")
        self.frame = _check(sdl2.SDL_CreateTexture(
            self.renderer, sdl2.SDL_PIXELFORMAT_RGB24, sdl2.SDL_TEXTUREACCESS_STREAMING, columns, rows),
            "cannot create the frame texture")
        sdl2.SDL_SetTextureScaleMode(self.frame, sdl2.SDL_ScaleModeNearest)
        self.prescaled = None
        self.scanline_rects = None
        self.geometry = None
        self.fullscreen = False
        self.panel_textures = {}    # (lines, font pixels) -> (texture, width, height)
        if fullscreen:
            self.toggle_fullscreen()

    def set_title(self, title):
        sdl2.SDL_SetWindowTitle(self.window, title.encode())

    def toggle_fullscreen(self):
        self.fullscreen = not self.fullscreen
        flags = sdl2.SDL_WINDOW_FULLSCREEN_DESKTOP if self.fullscreen else 0
        if sdl2.SDL_SetWindowFullscreen(self.window, flags) != 0:
            self.fullscreen = not self.fullscreen
        self.geometry = None

    def _layout(self):
        w, h = ctypes.c_int(), ctypes.c_int()
        sdl2.SDL_GetRendererOutputSize(self.renderer, ctypes.byref(w), ctypes.byref(h))
        geometry = fit(self.columns, self.rows, self.region, w.value, h.value)
        old = self.geometry
        if old is None or (old.prescale_x, old.prescale_y) != (geometry.prescale_x, geometry.prescale_y):
            if self.prescaled:
                sdl2.SDL_DestroyTexture(self.prescaled)
            self.prescaled = _check(sdl2.SDL_CreateTexture(
                self.renderer, sdl2.SDL_PIXELFORMAT_RGB888, sdl2.SDL_TEXTUREACCESS_TARGET,
                self.columns * geometry.prescale_x, self.rows * geometry.prescale_y),
                "cannot create the scaling texture")
            sdl2.SDL_SetTextureScaleMode(self.prescaled, sdl2.SDL_ScaleModeLinear)
        dark = geometry.prescale_y // 2
        self.scanline_rects = (sdl2.SDL_Rect * self.rows)(*[
            sdl2.SDL_Rect(0, (y + 1) * geometry.prescale_y - dark, self.columns * geometry.prescale_x, dark)
            for y in range(self.rows)])
        self.geometry = geometry

    def resized(self):
        self.geometry = None

    def present(self, screen, panels=()):
        """Show `screen` (rows × columns × RGB uint8, C-contiguous) with the text `panels`
        (emu.frontend.osd.Panel) over it."""
        if self.geometry is None:
            self._layout()
        g = self.geometry
        sdl2.SDL_UpdateTexture(self.frame, None, screen.ctypes.data_as(ctypes.c_void_p), self.columns * 3)
        sdl2.SDL_SetRenderTarget(self.renderer, self.prescaled)
        sdl2.SDL_RenderCopy(self.renderer, self.frame, None, None)
        if self.scanlines and g.line_scale >= 2:
            self._draw_scanlines()
        sdl2.SDL_SetRenderTarget(self.renderer, None)
        sdl2.SDL_SetRenderDrawColor(self.renderer, 0, 0, 0, 255)
        sdl2.SDL_RenderClear(self.renderer)
        sdl2.SDL_RenderCopy(self.renderer, self.prescaled, None, sdl2.SDL_Rect(g.x, g.y, g.width, g.height))
        self._draw_panels(panels)
        sdl2.SDL_RenderPresent(self.renderer)

    def _draw_panels(self, panels):
        w, h = ctypes.c_int(), ctypes.c_int()
        sdl2.SDL_GetRendererOutputSize(self.renderer, ctypes.byref(w), ctypes.byref(h))
        pixels = osd.font_pixels(h.value)
        shown = {}
        for panel in panels:
            key = (panel.lines, pixels)
            entry = self.panel_textures.pop(key, None) or shown.get(key) or self._panel_texture(panel.lines, pixels)
            shown[key] = entry
            texture, width, height = entry
            width, height = osd.fitted((width, height), (w.value, h.value))
            x, y = osd.position(panel.place, (width, height), (w.value, h.value))
            sdl2.SDL_RenderCopy(self.renderer, texture, None, sdl2.SDL_Rect(x, y, width, height))
        for texture, _, _ in self.panel_textures.values():   # panels no longer shown
            sdl2.SDL_DestroyTexture(texture)
        self.panel_textures = shown

    def _panel_texture(self, lines, pixels):
        image = osd.render(lines, pixels)
        height, width, _ = image.shape
        texture = _check(sdl2.SDL_CreateTexture(self.renderer, sdl2.SDL_PIXELFORMAT_RGBA32,
                                                sdl2.SDL_TEXTUREACCESS_STATIC, width, height),
                         "cannot create a text texture")
        sdl2.SDL_UpdateTexture(texture, None, image.ctypes.data_as(ctypes.c_void_p), width * 4)
        sdl2.SDL_SetTextureBlendMode(texture, sdl2.SDL_BLENDMODE_BLEND)
        sdl2.SDL_SetTextureScaleMode(texture, sdl2.SDL_ScaleModeLinear)   # when fitted smaller
        return texture, width, height

    def _draw_scanlines(self):
        sdl2.SDL_SetRenderDrawBlendMode(self.renderer, sdl2.SDL_BLENDMODE_BLEND)
        sdl2.SDL_SetRenderDrawColor(self.renderer, 0, 0, 0, SCANLINE_ALPHA)
        sdl2.SDL_RenderFillRects(self.renderer, self.scanline_rects, self.rows)

    def close(self):
        for texture in (self.prescaled, self.frame, *(t for t, _, _ in self.panel_textures.values())):
            if texture:
                sdl2.SDL_DestroyTexture(texture)
        sdl2.SDL_DestroyRenderer(self.renderer)
        sdl2.SDL_DestroyWindow(self.window)
