"""What the window draws over the picture: short messages (a state saved or loaded, a
screenshot, pause, reset, recording) and the key-help panel (F1).

Each panel is a few lines of text (a tab starts an aligned column) rendered with Pillow's built-in font into an RGBA image
(white on translucent black), which emu.frontend.video shows at one of PLACES in the window.
The font grows with the window so the text stays readable full screen.
"""
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

PLACES = ("top-left", "top-right", "bottom-left", "centre")
TEXT = (255, 255, 255, 255)
BACKDROP = (0, 0, 0, 190)
MIN_FONT_PIXELS = 12
LINES_PER_WINDOW = 32       # the font is 1/32 of the window's height, at least MIN_FONT_PIXELS
MARGIN_FRACTION = 0.02      # panels sit this far (of the window's height) from its edges


@dataclass(frozen=True)
class Panel:
    lines: tuple[str, ...]
    place: str = "bottom-left"

    def __post_init__(self):
        if self.place not in PLACES:
            raise ValueError(f"a panel goes at one of {', '.join(PLACES)}, not {self.place!r}")


def font_pixels(window_height: int) -> int:
    return max(MIN_FONT_PIXELS, window_height // LINES_PER_WINDOW)


_fonts = {}


def _font(pixels):
    if pixels not in _fonts:
        _fonts[pixels] = ImageFont.load_default(size=pixels)
    return _fonts[pixels]


def render(lines, pixels: int) -> np.ndarray:
    """`lines` as an RGBA image (rows × columns × 4, uint8): the text on a translucent box.
    The font is proportional, so tab-separated columns are placed by their widest cell."""
    font = _font(pixels)
    pad = max(2, pixels // 3)
    step = round(pixels * 1.25)
    rows = [line.split("\t") for line in lines]
    widths = {}
    for cells in rows:
        for column, cell in enumerate(cells):
            widths[column] = max(widths.get(column, 0), font.getbbox(cell)[2] if cell else 0)
    gap = pixels
    starts = [pad]
    for column in range(1, len(widths)):
        starts.append(starts[-1] + widths[column - 1] + gap)
    width = max(starts[len(cells) - 1] + (font.getbbox(cells[-1])[2] if cells[-1] else 0)
                for cells in rows) + pad if rows else 2 * pad
    image = Image.new("RGBA", (width, step * len(rows) + 2 * pad - (step - pixels)), BACKDROP)
    draw = ImageDraw.Draw(image)
    for row, cells in enumerate(rows):
        for column, cell in enumerate(cells):
            draw.text((starts[column], pad + row * step), cell, font=font, fill=TEXT)
    return np.ascontiguousarray(np.asarray(image, dtype=np.uint8))


def fitted(size, window) -> tuple[int, int]:
    """A panel's size on screen: as rendered, or scaled down (keeping its shape) to fit inside
    the window's margins (the key help in a small window)."""
    (width, height), (window_width, window_height) = size, window
    room = 2 * round(window_height * MARGIN_FRACTION)
    scale = min(1.0, (window_width - room) / width, (window_height - room) / height)
    return max(1, int(width * scale)), max(1, int(height * scale))


def position(place: str, size, window) -> tuple[int, int]:
    """Where a panel of size (width, height) goes in a window of size (width, height)."""
    (width, height), (window_width, window_height) = size, window
    margin = round(window_height * MARGIN_FRACTION)
    x = {"top-left": margin, "bottom-left": margin, "top-right": window_width - width - margin,
         "centre": (window_width - width) // 2}[place]
    y = {"top-left": margin, "top-right": margin, "bottom-left": window_height - height - margin,
         "centre": (window_height - height) // 2}[place]
    return max(0, x), max(0, y)
