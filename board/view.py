"""The board as the table knows it: zone charts with C/A and homeland markers, the POWER BASE
RECORD track 1-100 with each player's marker, and who is to act. Drawn with Pillow to a PNG,
or shown in an SDL window that redraws whenever the game file gains an event.

Each zone chart lists its countries top to bottom as on the board; a country's row has the
lighter CONQUERED area and the darker ALLIED area (rules 9B, 13B) where the holder's C/A marker
sits, the country's PBU value, and the homeland marker [H] beside the name. A C/A marker just
outside a country's row marks the war being fought for it (rule 10A).
"""
from __future__ import annotations

import ctypes
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .rules import ALLIED, CONQUERED, HOMELAND, State, fmt_record
from .world import World

PLAYER_COLOURS = [(200, 30, 30), (30, 80, 210), (20, 150, 60), (235, 195, 20),
                  (140, 60, 175), (240, 125, 25)]
BACKGROUND = (24, 44, 74)
INK = (20, 20, 20)
PAPER = (240, 236, 222)
LIGHT_AREA = (226, 218, 190)    # conquered
DARK_AREA = (120, 104, 78)      # allied
TRACK_CELL = (214, 222, 232)
TEXT_LIGHT = (240, 240, 240)

MARGIN = 16
COLUMNS = 4
COLUMN_WIDTH = 300
ROW = 22
ZONE_GAP = 12
NAME_WIDTH = 142
AREA_WIDTH = 48
PBU_WIDTH = 36
TRACK_CELLS_PER_ROW = 20
TRACK_ROWS = 5
TRACK_CELL_W = 56
TRACK_CELL_H = 48
TRACK_LENGTH = TRACK_CELLS_PER_ROW * TRACK_ROWS     # the printed track: 1 to 100
TRACK_NUMBER_BAND = 16      # a cell's number sits in its top band; markers below it, never on it
MARKER_RADIUS = 7
TRACK_MARKER_RADIUS = 7
STATUS_LINE = 20


@dataclass(frozen=True)
class Layout:
    """Where everything is drawn; tests and the window use the same geometry."""
    width: int
    height: int
    rows: dict          # country -> (x, y) top left of its row
    zone_titles: list   # (zone number, x, y)
    track_top: int
    status_top: int

    def area(self, country: str, kind: str) -> tuple[int, int, int, int]:
        """Box of a country's "name", CONQUERED (light) or ALLIED (dark) area."""
        x, y = self.rows[country]
        left = {"name": x, CONQUERED: x + NAME_WIDTH,
                ALLIED: x + NAME_WIDTH + AREA_WIDTH}[kind]
        width = NAME_WIDTH if kind == "name" else AREA_WIDTH
        return left, y, left + width, y + ROW

    def homeland_point(self, country: str) -> tuple[int, int]:
        x, y = self.rows[country]
        return x + 10, y + ROW // 2

    def outside_point(self, country: str) -> tuple[int, int]:
        """Just outside the country's row: where an attacker's marker waits (rule 10A)."""
        x, y = self.rows[country]
        return x + NAME_WIDTH + 2 * AREA_WIDTH + PBU_WIDTH + 12, y + ROW // 2

    def track_point(self, halves: int, slot: int) -> tuple[int, int]:
        """A record marker's centre: on a number, or for a half on the line before the next
        number (rule 6: 4.5 "on the line between four and five"), in the cell's lower part so
        the number stays readable; each player has a slot (three across, two down). A half at
        the end of a row (20.5, 40.5, ...) sits on the line before the next row's first
        number, where the row's lead-in square keeps the whole marker on the track. Record 0
        or below sits on the start square; beyond 100 the marker goes round again (track_lap
        says which time round), so 100.5 stands before 1."""
        whole, half = divmod(max(halves, 0), 2)
        row, column = _track_cell(whole + half)
        cx = MARGIN + TRACK_CELL_W * column + (0 if half else TRACK_CELL_W // 2)
        band = self.track_top + row * TRACK_CELL_H + TRACK_NUMBER_BAND
        r = TRACK_MARKER_RADIUS
        dx = (slot % 3 - 1) * (2 * r + 1)
        dy = r + 1 + (slot // 3) * (2 * r + 1)
        return cx + dx, band + dy

    def track_number_box(self, number: int) -> tuple[int, int, int, int]:
        """Where the track's printed number `number` (1-100, or 0 for the start) is written."""
        row, column = _track_cell(number)
        x = MARGIN + TRACK_CELL_W * column
        y = self.track_top + row * TRACK_CELL_H
        left, top, right, bottom = _font(11).getbbox(str(number))
        return x + 3 + left, y + 2 + top, x + 3 + right, y + 2 + bottom


def _track_cell(number: int) -> tuple[int, int]:
    """Row and column of the track's `number` (0: the start square; past 100 it goes round)."""
    if number <= 0:
        return 0, 0
    row, column = divmod((number - 1) % TRACK_LENGTH, TRACK_CELLS_PER_ROW)
    return row, column + 1


def layout_for(world: World, players: int) -> Layout:
    heights = [ROW * (len(members) + 1) + ZONE_GAP for members in world.zones]
    budget = max(heights)       # the shortest columns that take the zones in board order
    while len(_columns(heights, budget)) > COLUMNS:
        budget += ROW
    starts = _columns(heights, budget)
    rows, titles = {}, []
    column, y, top = -1, 0, MARGIN + 30
    for z, members in enumerate(world.zones):
        if z in starts:
            column, y = column + 1, 0
        x = MARGIN + column * COLUMN_WIDTH
        titles.append((z + 1, x, top + y))
        for i, country in enumerate(members):
            rows[country] = (x, top + y + ROW * (i + 1))
        y += heights[z]
    zones_bottom = top + max(r[1] for r in rows.values()) - top + ROW + ZONE_GAP
    track_top = zones_bottom + 30
    status_top = track_top + TRACK_ROWS * TRACK_CELL_H + 20
    height = status_top + STATUS_LINE * (players + 3) + MARGIN
    width = max(MARGIN * 2 + COLUMNS * COLUMN_WIDTH, MARGIN * 2 + TRACK_CELL_W * (TRACK_CELLS_PER_ROW + 1))
    return Layout(width, height, rows, titles, track_top, status_top)


def _columns(heights: list[int], budget: int) -> list[int]:
    """The zones that start a column when each column holds at most `budget` pixels."""
    starts, used = [0], 0
    for z, height in enumerate(heights):
        if used and used + height > budget:
            starts.append(z)
            used = 0
        used += height
    return starts


# DejaVu Sans, shipped with the package under its free licence (data/fonts/LICENSE-DejaVu.txt):
# Pillow's built-in font has no accented letters, and player names may have them.
FONT_FILE = Path(__file__).parent / "data" / "fonts" / "DejaVuSans.ttf"


def _font(size: int):
    return ImageFont.truetype(str(FONT_FILE), size=size)


def track_lap(halves: int) -> int:
    """Which time round the 1-100 track a record is on: 1 up to 100, 2 from 100.5, ..."""
    return max(halves - 1, 0) // (2 * TRACK_LENGTH) + 1


def render(state: State, clock: str | None = None) -> Image.Image:
    """The board for `state`; `clock` is the time-limit countdown to show (variation 1)."""
    world = state.world
    layout = layout_for(world, len(state.players))
    image = _board(world, len(state.players), layout)
    draw = ImageDraw.Draw(image)
    font = _font(13)
    for country, (owner, kind) in state.holdings.items():
        colour = PLAYER_COLOURS[owner]
        if kind == HOMELAND:
            cx, cy = layout.homeland_point(country)
            draw.rectangle((cx - 8, cy - 9, cx + 8, cy + 9), fill=colour, outline=INK)
            draw.text((cx - 4, cy - 7), "H", font=font, fill=TEXT_LIGHT)
        else:
            box = layout.area(country, kind)
            _marker(draw, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), colour)
    if state.war:
        _marker(draw, layout.outside_point(state.war.country), PLAYER_COLOURS[state.war.sides[0]])
    _draw_track_markers(draw, layout, state)
    _draw_status(draw, layout, state, font, clock)
    return image


_printed_board: list = []     # [(world, players, image)]: the last board drawn without pieces


def _board(world: World, players: int, layout: Layout) -> Image.Image:
    """A copy of the board as printed, without pieces: zone charts and the track. Drawn once per
    board (most of a picture's text), so that following a game redraws only its pieces."""
    if _printed_board and _printed_board[0][1] == players and \
            (_printed_board[0][0] is world or _printed_board[0][0] == world):
        return _printed_board[0][2].copy()
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    font, small, title = _font(13), _font(11), _font(18)
    draw.text((MARGIN, MARGIN), world.name, font=title, fill=TEXT_LIGHT)
    for number, x, y in layout.zone_titles:
        draw.rectangle((x, y, x + COLUMN_WIDTH - 20, y + ROW), fill=PAPER, outline=INK)
        draw.text((x + 4, y + 4), f"Zone {number}", font=font, fill=INK)
        draw.text((x + NAME_WIDTH + 2, y + 5), "Conq.  Allied  PBU", font=small, fill=INK)
    for country, (x, y) in layout.rows.items():
        name_box = layout.area(country, "name")
        draw.rectangle(name_box, fill=PAPER, outline=INK)
        draw.text((x + 22, y + 4), country, font=font, fill=INK)
        draw.rectangle(layout.area(country, CONQUERED), fill=LIGHT_AREA, outline=INK)
        draw.rectangle(layout.area(country, ALLIED), fill=DARK_AREA, outline=INK)
        pbu_left = x + NAME_WIDTH + 2 * AREA_WIDTH
        draw.rectangle((pbu_left, y, pbu_left + PBU_WIDTH, y + ROW), fill=PAPER, outline=INK)
        draw.text((pbu_left + 8, y + 4), str(world.pbu[country]), font=font, fill=INK)
    _draw_track(draw, layout, small, font)
    _printed_board[:] = [(world, players, image)]
    return image.copy()


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[int, int], colour) -> None:
    cx, cy = centre
    draw.ellipse((cx - MARKER_RADIUS, cy - MARKER_RADIUS, cx + MARKER_RADIUS, cy + MARKER_RADIUS),
                 fill=colour, outline=INK)


def _draw_track(draw, layout: Layout, small, font) -> None:
    top = layout.track_top
    draw.text((MARGIN, top - 22), "POWER BASE RECORD", font=font, fill=TEXT_LIGHT)
    draw.rectangle((MARGIN, top, MARGIN + TRACK_CELL_W - 1, top + TRACK_CELL_H), fill=PAPER, outline=INK)
    draw.text((MARGIN + 3, top + 2), "0", font=small, fill=INK)
    for row in range(1, TRACK_ROWS):    # lead-in squares: a row-end half's marker stands on them
        y = top + row * TRACK_CELL_H
        draw.rectangle((MARGIN, y, MARGIN + TRACK_CELL_W - 1, y + TRACK_CELL_H), fill=PAPER, outline=INK)
    for n in range(1, TRACK_LENGTH + 1):
        row, column = _track_cell(n)
        x = MARGIN + TRACK_CELL_W * column
        y = top + row * TRACK_CELL_H
        draw.rectangle((x, y, x + TRACK_CELL_W, y + TRACK_CELL_H), fill=TRACK_CELL, outline=INK)
        draw.text((x + 3, y + 2), str(n), font=small, fill=INK)


def _draw_track_markers(draw, layout: Layout, state: State) -> None:
    lap_font = _font(11)
    r = TRACK_MARKER_RADIUS
    for p in state.active():
        cx, cy = layout.track_point(state.record(p), p)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PLAYER_COLOURS[p], outline=INK)
        lap = track_lap(state.record(p))
        if lap > 1:             # beyond 100: the marker carries the number of times round
            draw.text((cx, cy), str(lap), font=lap_font, fill=TEXT_LIGHT, anchor="mm")


def _draw_status(draw, layout: Layout, state: State, font, clock: str | None) -> None:
    y = layout.status_top
    draw.text((MARGIN, y), f"WARCHEST {state.warchest} PBU    to act: {state.to_act()}"
              + (f"    clock: {clock}" if clock else ""), font=font, fill=TEXT_LIGHT)
    for p, player in enumerate(state.players):
        y += STATUS_LINE
        _marker(draw, (MARGIN + MARKER_RADIUS, y + 8), PLAYER_COLOURS[p])
        allies = sorted(state.pact_of(p) - {p})
        lap = track_lap(state.record(p))
        text = (f"{player.name}: homeland {player.homeland or '-'}, record "
                f"{fmt_record(state.record(p))}" + (f" (lap {lap} of the track)" if lap > 1 else "")
                + f", chips {player.chips}"
                + (f", allied with {', '.join(state.name(q) for q in allies)}" if allies else "")
                + (" - out of the game" if player.eliminated else "")
                + (" - WINNER" if p in state.winners else ""))
        draw.text((MARGIN + 22, y + 1), text, font=font, fill=TEXT_LIGHT)


# ---------------------------------------------------------------------------------------------
# The window

class WindowError(RuntimeError):
    """No window can be opened (no display, SDL failure); str() is the one-line reason."""

class BoardWindow:
    """An SDL window showing a game file, redrawn whenever the file gains an event."""

    def __init__(self, log):
        import sdl2
        self.sdl2 = sdl2
        self.log = log
        if sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) != 0:
            raise WindowError(f"cannot open a window: {sdl2.SDL_GetError().decode()}")
        layout = layout_for(log.config.world, len(log.config.players))
        title = f"{log.config.world.name} - {log.path}"
        self.window = sdl2.SDL_CreateWindow(title.encode(), sdl2.SDL_WINDOWPOS_CENTERED,
                                            sdl2.SDL_WINDOWPOS_CENTERED, layout.width,
                                            layout.height, sdl2.SDL_WINDOW_SHOWN)
        if not self.window:
            raise WindowError(f"cannot open a window: {sdl2.SDL_GetError().decode()}")
        self.seen = None
        self.image: Image.Image | None = None

    def refresh(self) -> bool:
        """Redraw if the game or the time-limit countdown changed since the last look; True
        if it did."""
        count, clock = self.log.event_count(), self.log.countdown()
        if self.seen is not None and self.seen[0] == count and (self.seen[2] or self.seen[1] == clock):
            return False                # nothing new (and once the game is over, no countdown)
        state = self.log.state()
        over = state.phase == "over"
        self.seen = (count, clock, over)
        self.image = render(state, None if over else clock)
        self._blit(self.image)
        return True

    def _blit(self, image: Image.Image) -> None:
        sdl2 = self.sdl2
        data = image.convert("RGBA").tobytes()
        buffer = ctypes.create_string_buffer(data, len(data))
        source = sdl2.SDL_CreateRGBSurfaceWithFormatFrom(buffer, image.width, image.height, 32,
                                                         image.width * 4, sdl2.SDL_PIXELFORMAT_RGBA32)
        target = sdl2.SDL_GetWindowSurface(self.window)
        sdl2.SDL_BlitSurface(source, None, target, None)
        sdl2.SDL_FreeSurface(source)
        sdl2.SDL_UpdateWindowSurface(self.window)

    def run(self, polls: int | None = None, interval: float = 0.25) -> None:
        """Show the game until the window is closed (or Escape), looking for news every
        `interval` seconds; `polls` stops after that many looks (scripted screenshots)."""
        sdl2 = self.sdl2
        event = sdl2.SDL_Event()
        done = 0
        while polls is None or done < polls:
            while sdl2.SDL_PollEvent(ctypes.byref(event)):
                if event.type == sdl2.SDL_QUIT or (event.type == sdl2.SDL_KEYDOWN and
                                                   event.key.keysym.sym == sdl2.SDLK_ESCAPE):
                    return
            self.refresh()
            done += 1
            time.sleep(interval)

    def close(self) -> None:
        self.sdl2.SDL_DestroyWindow(self.window)
        self.sdl2.SDL_Quit()
