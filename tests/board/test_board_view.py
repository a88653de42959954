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


def at_records(world, records, names=None):
    """A game whose players stand at these records (in halves) on the POWER BASE RECORD."""
    names = names or tuple("ABCDEF"[:len(records)])
    state = R.new_game(R.GameConfig(tuple(names), world))
    for player, halves in zip(state.players, records):
        player.record_adjust = halves
    return state


def test_markers_never_cover_the_record_tracks_numbers(world):
    """Rule 5B: "Place your C/A marker on the appropriate number on the POWER BASE RECORD";
    rule 6: a half "on the line between four and five". Six players on whole and half records
    across the track: every printed number reads exactly as on an empty track."""
    crowded = at_records(world, [2, 3, 41, 42, 199, 200])        # 1, 1.5, 20.5, 21, 99.5, 100
    empty = at_records(world, [0] * 6)
    layout = V.layout_for(world, 6)
    full, bare = V.render(crowded), V.render(empty)
    for number in range(0, V.TRACK_LENGTH + 1):
        box = layout.track_number_box(number)
        if number:
            assert full.crop(box).tobytes() == bare.crop(box).tobytes(), number
        assert (bare if number else full).crop(box).getcolors(4096) and \
            any(sum(c) < 200 for _, c in (bare if number else full).crop(box).getcolors(4096)), number
    for slot, halves in enumerate([2, 3, 41, 42, 199, 200]):
        assert full.getpixel(layout.track_point(halves, slot)) == V.PLAYER_COLOURS[slot]


def test_a_half_at_the_end_of_a_row_stays_on_the_track(world):
    """Rule 6: "To record half PBU values, place the marker on the line of the POWER BASE ...
    Place a marker on the line between four and five." The line between 20 and 21 is also the
    line before 21, where the next row starts: six players at 20.5, 40.5, 60.5, 80.5, 100.5
    (the second time round, before 1: its marker carries the lap) and 40.5 stand there, every
    marker whole and on the track's grid, which runs from the left margin (16) across the start
    column and 20 cells of 56 pixels to 16 + 21 x 56 = 1192, and nothing of them past its edges."""
    records = [41, 81, 121, 161, 201, 81]
    before = [21, 41, 61, 81, 1, 41]            # the number each marker stands just before
    layout = V.layout_for(world, 6)
    picture = V.render(at_records(world, records))
    top, bottom = layout.track_top, layout.track_top + V.TRACK_ROWS * V.TRACK_CELL_H
    for outside in ((0, top, 16, bottom + 1), (1193, top, layout.width, bottom + 1)):
        assert picture.crop(outside).getcolors() == [((outside[2] - outside[0]) * (bottom + 1 - top),
                                                      V.BACKGROUND)], outside
    r = V.TRACK_MARKER_RADIUS
    for slot, (halves, number) in enumerate(zip(records, before)):
        x, y = layout.track_point(halves, slot)
        assert x == 16 + 56 + (slot % 3 - 1) * (2 * r + 1), slot    # the line after the start column
        row_top = top + (number - 1) // 20 * V.TRACK_CELL_H          # in the row of `number`
        assert row_top < y - r and y + r < row_top + V.TRACK_CELL_H, slot
        for dx in (-(r - 2), r - 2):            # the whole disc is drawn, not cut at an edge
            assert picture.getpixel((x + dx, y)) == V.PLAYER_COLOURS[slot], (slot, dx)


def test_records_above_100_show_the_lap(world):
    """The track is printed 1 to 100 (the manual's POWER BASE RECORD grid); a record of 130
    stands on 30 the second time round: its marker carries a 2, and the status says so."""
    layout = V.layout_for(world, 2)
    once, twice = V.render(at_records(world, [60, 0])), V.render(at_records(world, [260, 0]))
    assert layout.track_point(60, 0) == layout.track_point(260, 0)
    x, y = layout.track_point(60, 0)
    r = V.TRACK_MARKER_RADIUS // 2      # inside the outline
    inside = (x - r, y - r, x + r + 1, y + r + 1)
    assert {c for _, c in once.crop(inside).getcolors(4096)} == {V.PLAYER_COLOURS[0]}
    digit = [c for _, c in twice.crop(inside).getcolors(4096) if min(c) > 200]
    assert digit, "the lap number is drawn in light ink on the marker"
    assert V.track_lap(200) == 1 and V.track_lap(201) == 2 and V.track_lap(400) == 2 and V.track_lap(401) == 3


def test_accented_player_and_country_names_are_drawn(world, tmp_path):
    """Names with accents reach the picture: "Zoé" is drawn unlike "Zoe" and unlike a letter
    the font lacks; so is a country renamed by a scenario, "Côte d'Ivoire"."""
    from dataclasses import replace
    def status_line(name):
        state = at_records(world, [0, 0], names=(name, "Bob"))
        layout = V.layout_for(world, 2)
        top = layout.status_top + V.STATUS_LINE
        return V.render(state).crop((0, top, layout.width, top + V.STATUS_LINE)).tobytes()
    assert len({status_line("Zoé"), status_line("Zoe"), status_line("Zo\U0010fff0")}) == 3
    zones = tuple(tuple("Côte d'Ivoire" if c == "Nigeria" else c for c in z) for z in world.zones)
    pbu = {("Côte d'Ivoire" if c == "Nigeria" else c): v for c, v in world.pbu.items()}
    ivory = replace(world, zones=zones, pbu=pbu)
    plain = replace(world, zones=tuple(tuple("Cote d'Ivoire" if c == "Côte d'Ivoire" else c for c in z)
                                       for z in zones),
                    pbu={("Cote d'Ivoire" if c == "Côte d'Ivoire" else c): v for c, v in pbu.items()})
    box = V.layout_for(ivory, 2).area("Côte d'Ivoire", "name")
    accented = V.render(R.new_game(R.GameConfig(("A", "B"), ivory))).crop(box)
    assert accented.tobytes() != V.render(R.new_game(R.GameConfig(("A", "B"), plain))).crop(box).tobytes()


def test_the_window_counts_down_the_time_limit(sdl_dummy, tmp_path, world, monkeypatch):
    """Variation 1: the board view shows the time left, and redraws as it runs down."""
    from datetime import datetime, timedelta, timezone
    import board.log
    now = [datetime(2026, 3, 1, 19, 0, tzinfo=timezone.utc)]
    monkeypatch.setattr(board.log, "_now", lambda: now[0])
    log = GameLog.create(tmp_path / "g.db", R.GameConfig(("Ann", "Bob"), world, time_limit_minutes=45))
    window = V.BoardWindow(GameLog.open(log.path))
    try:
        assert window.refresh() is True
        first = window.image
        assert window.refresh() is False                  # the same second: nothing to redraw
        now[0] += timedelta(minutes=1)
        assert window.refresh() is True                   # a minute later: 44:00 left
        layout = V.layout_for(world, 2)
        line = (0, layout.status_top, layout.width, layout.status_top + V.STATUS_LINE)
        assert first.crop(line).tobytes() != window.image.crop(line).tobytes()
        assert first.crop((0, 0, layout.width, layout.status_top)).tobytes() == \
            window.image.crop((0, 0, layout.width, layout.status_top)).tobytes()
        assert V.render(log.state(), "44:00 left").tobytes() == window.image.tobytes()
    finally:
        window.close()
