"""Calibration from the stills a player captures (tests/screen/calibration_stills.py: two entry screens with
typed entries, SELECT GAME, WAR GAME, a result), with our character set and the two drawn for the tests
(tests/screen/glyph_sets.py): the shapes it learns are the character ROM's, clean or through a capture
device; what it cannot learn it names in one line; `board calibrate` writes a profile that reads the stills
and a picture of what it learned."""
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from calibration_stills import calibrated, stills_of  # noqa: E402
from capture_sim import SETTINGS, Simulator  # noqa: E402
from glyph_sets import READ, SETS, charset  # noqa: E402
from scenes import charset_codes  # noqa: E402

from board.cli import main as board_main  # noqa: E402
from board.screen.calibrate import CalibrationError, Still, Typed, calibrate  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

def as_stills(shots: list[dict], frame=lambda f: f) -> list[Still]:
    return [Still(frame(d["frame"]), d["kind"], f"{n}-{d['kind']}.png",
                  Typed.parse(d["red"], "red") if "red" in d else None,
                  Typed.parse(d["blue"], "blue") if "blue" in d else None, d.get("winner"))
            for n, d in enumerate(shots, 1)]


def moved(rom: np.ndarray, dy: int, dx: int) -> np.ndarray | None:
    """The shape moved by whole dots, None if that cuts it at the cell's edge."""
    out = np.zeros_like(rom)
    h, w = rom.shape
    out[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] = rom[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
    return out if out.sum() == rom.sum() else None


def not_the_rom(glyphs: dict, rom: bytes, symbols: str) -> list[str]:
    """The symbols whose learned shape is not the ROM's, all moved alike by the same whole dots (the one move
    that makes most of them the ROM's): through a capture, what the stills show is each shape; where the set
    draws in its cells is bound up with the geometry (calibration moves the cells so no shape is cut)."""
    h, w = rom_shape(rom, symbols[0]).shape
    best = None
    for dy in range(-h + 1, h):
        for dx in range(-w + 1, w):
            wrong = [ch for ch in symbols if (m := moved(rom_shape(rom, ch), dy, dx)) is None
                     or not np.array_equal(glyphs[ch], m)]
            if best is None or len(wrong) < len(best):
                best = wrong
    return best


def rom_shape(rom: bytes, ch: str) -> np.ndarray:
    """A character's 7 rows of 8 dots as the ROM holds them (bit 7 the leftmost: cart/charset.py)."""
    code = charset_codes()[ch]
    return np.array([[(rom[code * 8 + r] >> (7 - c)) & 1 for c in range(8)] for r in range(7)], bool)


@pytest.mark.parametrize("glyphs", SETS)
def test_clean_stills_teach_the_rom_shapes_exactly(glyphs):
    learned = calibrate(as_stills(stills_of(glyphs)), Profile.load("conquest"))
    rom = charset(glyphs)
    wrong = [ch for ch in READ if not np.array_equal(learned.profile.glyphs[ch], rom_shape(rom, ch))]
    assert wrong == []
    assert learned.profile.capture is None            # our emulator's frames are the picture itself


@pytest.mark.parametrize("glyphs", ["bold", "narrow"])
def test_stills_through_a_cheap_capture_stick_read_back(glyphs):
    """Through the cheap stick (overscan, rotation, interlace, composite, drift): every still reads back as
    it shows (calibration checks that itself), the geometry is learned for the device's frame size, and every
    digit's shape is the ROM's."""
    learned = calibrated(glyphs, SETTINGS["cheap-stick"])
    assert learned.profile.capture[0] == (640, 480)
    rom = charset(glyphs)
    assert not_the_rom(learned.profile.glyphs, rom, "0123456789") == []
    assert min(m for m, _ in learned.margins.values()) >= 0.04


def test_symbols_never_shown_are_named_in_one_line():
    entries = [d for d in stills_of("ours") if d["kind"] == "entry"][:1]      # S2500 and T1234 only
    with pytest.raises(CalibrationError) as err:
        calibrate(as_stills(entries), Profile.load("conquest"))
    message = str(err.value)
    assert "\n" not in message
    for ch in "6789?PWRLMA":
        assert f" {ch}" in message.split("(")[0]
    assert "WAR GAME" in message and "SELECT GAME" in message


def test_what_was_typed_must_be_what_is_shown():
    shots = [dict(d) for d in stills_of("ours")]
    entry = next(d for d in shots if d["kind"] == "entry")
    entry["red"] = "S2580"                    # the screen shows 2500
    with pytest.raises(CalibrationError, match="red_energy|too close"):
        calibrate(as_stills(shots), Profile.load("conquest"))


def test_stills_of_different_sizes_are_refused():
    shots = as_stills(stills_of("ours"))
    shots[1] = Still(np.zeros((480, 720, 3), np.uint8), shots[1].kind, "odd.png")
    with pytest.raises(CalibrationError, match="odd.png: 720x480"):
        calibrate(shots, Profile.load("conquest"))


@pytest.mark.parametrize("text", ["S250", "X2500", "S25OO", ""])
def test_typed_entries_are_checked(text):
    with pytest.raises(CalibrationError, match="--red"):
        Typed.parse(text, "red")


def test_board_calibrate_from_capture_stills(tmp_path, capsys):
    """The workflow of docs/capture.md: stills of a console with the bold glyphs through a composite
    720x480 capture, `board calibrate` with what each shows; the profile reads the stills through the
    learned geometry, and the picture of what was learned is written."""
    import cv2
    sim = Simulator(SETTINGS["composite-720x480"])
    args = ["calibrate"]
    for n, d in enumerate(stills_of("bold"), 1):
        path = tmp_path / f"{n}-{d['kind']}.png"
        cv2.imwrite(str(path), sim.frame(d["frame"])[:, :, ::-1])
        if d["kind"] == "entry":
            args += ["--capture", str(path), "--red", d["red"], "--blue", d["blue"]]
        elif d["kind"] == "result":
            args += ["--result", str(path), "--winner", d["winner"]]
        else:
            args += [f"--{d['kind']}", str(path)]
    out, png = tmp_path / "console.toml", tmp_path / "learned.png"
    assert board_main(args + ["--out", str(out), "--png", str(png)]) == 0
    printed = capsys.readouterr().out
    assert "margins: " in printed and "read back as it shows" in printed
    profile = Profile.load(str(out))
    assert profile.capture[0] == (720, 480)
    assert cv2.imread(str(png)) is not None
    entry = cv2.imread(str(tmp_path / "3-entry.png"))[:, :, ::-1]
    reading = Reader(profile).read(np.ascontiguousarray(entry))
    assert (reading.screen, reading["red_energy"], reading["blue_energy"]) == ("entry", "2500", "1234")


def test_board_calibrate_refuses_in_one_line(tmp_path, capsys):
    import cv2
    path = tmp_path / "entry.png"
    cv2.imwrite(str(path), stills_of("ours")[2]["frame"][:, :, ::-1])
    code = board_main(["calibrate", "--capture", str(path), "--red", "S2500", "--blue", "T1234",
                       "--out", str(tmp_path / "p.toml")])
    err = capsys.readouterr().err
    assert code != 0 and err.startswith("board: never shown") and err.count("\n") == 1
    assert not (tmp_path / "p.toml").exists()


def same_but_moved(a: dict, b: dict) -> list[str]:
    """The symbols whose shapes differ between two learned sets, once all of b's are moved alike by the whole
    dots that make most of them a's (where a set draws in its cells is bound up with the geometry: a narrow
    set drawn in half of each cell reads alike placed anywhere in it, so any move that cuts no shape)."""
    h, w = next(iter(a.values())).shape
    best = None
    for dy in range(-h + 1, h):
        for dx in range(-w + 1, w):
            wrong = [ch for ch in a if (m := moved(b[ch], dy, dx)) is None or not np.array_equal(a[ch], m)]
            if best is None or len(wrong) < len(best):
                best = wrong
    return best


@pytest.mark.parametrize("glyphs, name", [("narrow", "overscan-640x480"), ("narrow", "rotated-keystone"),
                                          ("bold", "cheap-stick"), ("narrow", "cheap-stick")])
def test_the_result_of_another_war_teaches_the_same(glyphs, name):
    """A player's result still shows whatever war they played: stills whose result comes from another war
    (tests/screen/calibration_stills.py WARS) teach the same shapes, each symbol's margin within 0.05 of the
    other war's, and both sets of stills read back as they show (calibration checks that itself)."""
    results = [stills_of(glyphs, war)[-1] for war in (0, 1)]
    assert (results[0]["winner"], results[0]["frame"].tobytes()) != (results[1]["winner"], results[1]["frame"].tobytes())
    a, b = (calibrated(glyphs, SETTINGS[name], war) for war in (0, 1))
    assert same_but_moved(a.profile.glyphs, b.profile.glyphs) == []
    apart = {ch: round(abs(a.margins[ch][0] - b.margins[ch][0]), 3) for ch in a.margins}
    assert max(apart.values()) <= 0.05, apart
    assert min(m for m, _ in a.margins.values()) >= 0.04 and min(m for m, _ in b.margins.values()) >= 0.04
