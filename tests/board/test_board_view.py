"""The board view: markers where the table puts them, the record track, the live window."""

import pytest

from board import rules as R
from board import view as V
from board.log import GameLog

from board_helpers import play, started


def centre(box):
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def test_alliance_marker_sits_in_the_dark_area_conquest_in_the_light(world):
    state = started(world)              # Ann: United States, Bob: West Germany, Cy: Japan
    state, _ = play(state, R.Ally("Canada"), R.Pass(), R.Pass(), R.Pass(),
                    R.Attack("Norway"), R.BattleResult("attacker", "tank", "sub", 2000, 0))
    image, layout = V.render(state), V.layout_for(world, 3)
    ann, cy = V.PLAYER_COLOURS[0], V.PLAYER_COLOURS[2]
    assert image.getpixel(centre(layout.area("Canada", R.ALLIED))) == ann
    assert image.getpixel(centre(layout.area("Canada", R.CONQUERED))) == V.LIGHT_AREA
    assert image.getpixel(centre(layout.area("Norway", R.CONQUERED))) == cy
    assert image.getpixel(centre(layout.area("Norway", R.ALLIED))) == V.DARK_AREA
    assert image.getpixel(centre(layout.area("Mexico", R.ALLIED))) == V.DARK_AREA
    x, y = layout.homeland_point("Japan")
    assert image.getpixel((x - 6, y + 6)) == cy                         # the homeland marker


def test_war_marker_waits_just_outside_the_country(world):
    state, _ = play(started(world), R.Pass(), R.Pass(), R.Pass(), R.Attack("Brazil"))
    layout = V.layout_for(world, 3)
    assert V.render(state).getpixel(layout.outside_point("Brazil")) == V.PLAYER_COLOURS[2]


def test_half_records_sit_on_the_line_between_numbers(world):
    # Rule 6: 4.5 is on the line between 4 and 5: the right edge of cell 4, which is
    # left margin + start square + 4 cells = 16 + 56 + 4 x 56 = 296 pixels.
    layout = V.layout_for(world, 3)
    assert layout.track_point(9, 1)[0] == 296
    assert layout.track_point(8, 1)[0] == 16 + 56 + 3 * 56 + 28       # centre of cell 4
    assert layout.track_point(42, 1)[1] == layout.track_point(2, 1)[1] + V.TRACK_CELL_H   # 21: row 2
    assert layout.track_point(202, 1) == layout.track_point(2, 1)      # 101 goes round to 1
    assert layout.track_point(-4, 1) == layout.track_point(0, 1)       # below 0: start square


def test_record_markers_drawn_on_the_track(world):
    state = started(world, homelands=("U.S.S.R.", "West Germany", "Japan"))
    state, _ = play(state, *(R.Ally(c) for c in ("Romania", "Poland", "Czechoslovakia",
                                                 "East Germany", "Cuba")))
    layout = V.layout_for(world, 3)
    assert V.render(state).getpixel(layout.track_point(9, 0)) == V.PLAYER_COLOURS[0]


def shown(window, x, y):
    """The colour the window's surface shows at (x, y)."""
    import ctypes
    import sdl2
    surface = sdl2.SDL_GetWindowSurface(window.window).contents
    size = surface.format.contents.BytesPerPixel
    raw = ctypes.cast(surface.pixels, ctypes.POINTER(ctypes.c_uint8))
    offset = y * surface.pitch + x * size
    value = int.from_bytes(bytes(raw[offset:offset + size]), "little")
    r, g, b = ctypes.c_uint8(), ctypes.c_uint8(), ctypes.c_uint8()
    sdl2.SDL_GetRGB(value, surface.format, r, g, b)
    return r.value, g.value, b.value


@pytest.fixture
def sdl_dummy(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def test_window_shows_the_board_and_follows_the_game(sdl_dummy, tmp_path, world):
    log = GameLog.create(tmp_path / "g.db", R.GameConfig(("Ann", "Bob", "Cy"), world))
    for action in (R.ChooseFirst({"Ann": 0, "Bob": 1, "Cy": 2}, 0), R.ChooseHomeland("United States"),
                   R.ChooseHomeland("West Germany"), R.ChooseHomeland("Japan")):
        log.record(action)
    watcher = GameLog.open(log.path)                 # the window reads the file like a second program
    window = V.BoardWindow(watcher)
    try:
        assert window.refresh() is True
        layout = V.layout_for(world, 3)
        canada = centre(layout.area("Canada", R.ALLIED))
        assert shown(window, *canada) == V.DARK_AREA
        assert shown(window, 5, 5) == window.image.getpixel((5, 5))
        assert window.refresh() is False             # nothing new
        log.record(R.Ally("Canada"))
        assert window.refresh() is True
        assert shown(window, *canada) == V.PLAYER_COLOURS[0]
        log.undo()
        window.run(polls=2, interval=0)
        assert shown(window, *canada) == V.DARK_AREA
    finally:
        window.close()


def test_names_with_accents_are_drawn_with_their_letters():
    """Player names like "Zoé" or "Müller": the board's font has the accented letters (not
    the empty box a font draws for a letter it lacks)."""
    from board.view import _font
    font = _font(13)
    missing = bytes(font.getmask("\U0010fff0"))     # a code point no font has
    for letter, plain in (("é", "e"), ("ü", "u"), ("ñ", "n"), ("Ç", "C")):
        drawn = bytes(font.getmask(letter))
        assert drawn != missing and drawn != bytes(font.getmask(plain)), letter
