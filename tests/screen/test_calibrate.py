"""Calibration on screens our emulator draws with a second character set drawn for these tests, and with the
readouts, letters and flags moved: the profile it makes reads new entries exactly, also from captures."""
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from degrade import TYPICAL, degrade  # noqa: E402
from scenes import charset_codes, render  # noqa: E402
from test_reader import entry_profile  # noqa: E402

import roms_free  # noqa: E402
from board.screen.calibrate import CalibrationError, Typed, calibrate, picture  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

# Seven-segment digits and blocky letters, 6 dots wide in the 8-dot cell: nothing like our glyphs.
SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
            "7": "abc", "8": "abcdefg", "9": "abcdfg"}
LETTERS = {
    "S": ["######", "#.....", "#.....", "######", ".....#", ".....#", "######"],
    "P": ["######", "#....#", "#....#", "######", "#.....", "#.....", "#....."],
    "T": ["######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##.."],
    "?": ["######", ".....#", "...###", "...#..", "...#..", "......", "...#.."],
}


def seven_segment(segments: str) -> list[str]:
    grid = [["."] * 8 for _ in range(7)]
    def h(row):
        for c in range(1, 7):
            grid[row][c] = "#"
    def v(col, rows):
        for r in rows:
            grid[r][col] = "#"
    for s in segments:
        {"a": lambda: h(0), "g": lambda: h(3), "d": lambda: h(6), "f": lambda: v(1, range(0, 4)),
         "b": lambda: v(6, range(0, 4)), "e": lambda: v(1, range(3, 7)), "c": lambda: v(6, range(3, 7))}[s]()
    return ["".join(r) for r in grid]


def second_charset() -> bytes:
    rom = bytearray(Path(roms_free.path("charset.bin")).read_bytes())
    codes = charset_codes()
    shapes = {**{d: seven_segment(s) for d, s in SEGMENTS.items()},
              **{k: ["." + r + "." for r in v] for k, v in LETTERS.items()}}
    for ch, rows in shapes.items():
        for i, row in enumerate(rows):
            rom[codes[ch] * 8 + i] = int(row.replace("#", "1").replace(".", "0"), 2)
    return bytes(rom)


CHARSET = second_charset()
RED_AT, BLUE_AT = (72, 104), (236, 150)            # moved: not where the base profile has them


def moved_scene(red, blue, red_weapon, blue_weapon, flags=("red", "blue")):
    return render([(RED_AT[0], RED_AT[1], red, "yellow"), (BLUE_AT[0], BLUE_AT[1], blue, "cyan"),
                   (RED_AT[0] - 30, RED_AT[1] + 30, red_weapon, "white"),
                   (BLUE_AT[0] + 70, BLUE_AT[1] - 30, blue_weapon, "white")],
                  [(RED_AT[0], RED_AT[1] - 40, flags[0]), (BLUE_AT[0] + 20, BLUE_AT[1] + 40, flags[1])],
                  charset=CHARSET)


@pytest.fixture(scope="module")
def calibrated():
    captures = [(moved_scene("2500", "1234", "S", "T"), Typed("S", "2500"), Typed("T", "1234")),
                (moved_scene("6789", "9876", "P", "S"), Typed("P", "6789"), Typed("S", "9876"))]
    return calibrate(captures, entry_profile(), name="second charset")


def test_calibration_finds_the_moved_readouts(calibrated):
    profile, _ = calibrated
    red, blue = profile.text("red_energy"), profile.text("blue_energy")
    assert (red.x, red.y, red.pitch, blue.x, blue.y) == (RED_AT[0], RED_AT[1], 16, BLUE_AT[0], BLUE_AT[1])
    assert (profile.text("red_weapon").x, profile.text("red_weapon").y) == (RED_AT[0] - 30, RED_AT[1] + 30)
    # The learned glyphs are the second set's shapes, dot for dot.
    assert ["".join("#" if b else "." for b in row) for row in profile.glyphs["8"]] == seven_segment("abcdefg")
    assert ["".join("#" if b else "." for b in row) for row in profile.glyphs["T"]] == ["." + r + "." for r in LETTERS["T"]]


def test_the_calibrated_profile_reads_new_entries(calibrated):
    reader = Reader(calibrated[0])
    reading = reader.read(moved_scene("4031", "5702", "T", "P"))
    assert (reading["red_energy"], reading["blue_energy"], reading["red_weapon"], reading["blue_weapon"],
            reading["red_flag"], reading["blue_flag"]) == ("4031", "5702", "T", "P", "red", "blue")


@pytest.mark.parametrize("capture", TYPICAL[:2], ids=lambda c: f"{c.size[0]}x{c.size[1]}")
def test_calibration_from_degraded_captures(capture):
    captures = [(degrade(moved_scene("2500", "1234", "S", "T"), capture), Typed("S", "2500"), Typed("T", "1234")),
                (degrade(moved_scene("6789", "9876", "P", "S"), capture), Typed("P", "6789"), Typed("S", "9876"))]
    profile, _ = calibrate(captures, entry_profile())
    reading = Reader(profile).read(degrade(moved_scene("4031", "5702", "T", "P"), capture))
    assert (reading["red_energy"], reading["blue_energy"], reading["red_weapon"], reading["blue_weapon"]) == \
        ("4031", "5702", "T", "P")


def test_characters_never_typed_are_named():
    with pytest.raises(CalibrationError, match="never typed.*: 6 7 8 9 P"):
        calibrate([(moved_scene("2500", "1234", "S", "T"), Typed("S", "2500"), Typed("T", "1234"))],
                  entry_profile())


def test_a_screen_without_readouts_is_refused():
    blank = render([], [])
    with pytest.raises(CalibrationError, match="no run of 4 characters"):
        calibrate([(blank, Typed("S", "2500"), Typed("T", "1234"))], entry_profile())


def test_the_calibration_picture(calibrated, tmp_path):
    profile, found = calibrated
    image = picture(found[-1], profile)
    assert image.shape[1] == 360 * 3 and image.shape[2] == 3
    assert (image == (0, 255, 0)).all(axis=2).any()           # the flags' boxes are drawn


@pytest.mark.parametrize("text", ["S250", "X2500", "S25a0", "S²500"])
def test_typed_entries_are_checked(text):
    with pytest.raises(CalibrationError, match="expected a weapon"):
        Typed.parse(text, "red")


def test_calibration_learns_the_flags_colours():
    """A console whose sides' flags are violet and green (not the base profile's red and blue): the calibrated
    profile takes their colours off the captures and reads them as the red and the blue flag."""
    flags = ("violet", "green")
    scenes = [(moved_scene("2500", "1234", "S", "T", flags), Typed("S", "2500"), Typed("T", "1234")),
              (moved_scene("6789", "9876", "P", "S", flags), Typed("P", "6789"), Typed("S", "9876"))]
    profile, _ = calibrate(scenes, entry_profile())
    frame = scenes[0][0]
    # The flags are 8x8 sprites; their pixels show the colours the console draws them in.
    assert profile.colours["red"] == tuple(int(v) for v in frame[RED_AT[1] - 40 + 4, RED_AT[0] + 4])
    assert profile.colours["blue"] == tuple(int(v) for v in frame[BLUE_AT[1] + 40 + 4, BLUE_AT[0] + 20 + 4])
    assert profile.colours["red"] != entry_profile().colours["red"]
    reading = Reader(profile).read(moved_scene("4031", "5702", "T", "P", flags))
    assert (reading["red_flag"], reading["blue_flag"]) == ("red", "blue")
    whites = Reader(profile).read(moved_scene("4031", "5702", "T", "P", ("white", "green")))
    assert (whites["red_flag"], whites["blue_flag"]) == ("white", "blue")


def test_board_calibrate_on_our_cartridges_entry_screens(tmp_path, capsys):
    """`board calibrate` on pictures of our cartridge's entry screen with the typed entries: the profile it
    writes loads, finds the readouts where the shipped profile has them, and reads another entry; the
    picture of what it found is written."""
    import cv2
    from board.cli import main as board_main
    from board.screen.profile import Profile
    from cart.conquest import Conquest
    from cart.conquest.wrapper import rom_path
    from emu.odyssey2 import Odyssey2

    def entry_screen(red, blue):
        game = Conquest(Odyssey2(cart=rom_path()))
        game.tick(60)
        game.press("SPACE")
        game.enter(red=red, blue=blue, start=False)
        game.tick(10)
        return np.array(game.machine.screen)

    shots = []
    for name, red, blue in (("a.png", ("S", 2500), ("T", 1234)), ("b.png", ("P", 6789), ("S", 9876))):
        cv2.imwrite(str(tmp_path / name), entry_screen(red, blue)[:, :, ::-1])
        shots.append(str(tmp_path / name))
    out, png = tmp_path / "mine.toml", tmp_path / "calibration.png"
    code = board_main(["calibrate", "--capture", shots[0], "--red", "S2500", "--blue", "T1234",
                       "--capture", shots[1], "--red", "P6789", "--blue", "S9876",
                       "--out", str(out), "--png", str(png), "--name", "my console"])
    printed = capsys.readouterr().out
    assert code == 0 and f"{out}: profile 'my console' written" in printed
    profile, shipped = Profile.load(out), Profile.load("conquest")
    for name in ("red_energy", "blue_energy", "red_weapon", "blue_weapon"):
        mine, ours = profile.text(name), shipped.text(name)
        assert (mine.x, mine.y, mine.cells) == (ours.x, ours.y, ours.cells), name
        assert mine.cells == 1 or mine.pitch == ours.pitch, name
    assert cv2.imread(str(png)) is not None
    reading = Reader(profile).read(entry_screen(("T", 4031), ("P", 5702)))
    assert (reading.screen, reading["red_energy"], reading["blue_energy"], reading["red_weapon"],
            reading["blue_weapon"]) == ("entry", "4031", "5702", "T", "P")
