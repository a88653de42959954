"""The reader on screens our emulator draws: clean frames read exactly, degraded captures read right."""
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from degrade import TYPICAL, degrade  # noqa: E402
from scenes import CHARSET_SOURCE, render  # noqa: E402

from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402


def glyph_rows(labels):
    rows, current = {}, None
    for line in CHARSET_SOURCE.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "char":
            current = parts[2] if parts[2] in labels else None
            if current:
                rows[current] = []
        elif current and line and line[0] in "#.":
            rows[current].append(line.strip())
    return rows


def text_field(name, x, y, cells, alphabet):
    """A [[text]] entry of the profile: `cells` characters 16 pixels apart from (x, y)."""
    return f'[[text]]\nname = "{name}"\nx = {x}\ny = {y}\ncells = {cells}\npitch = 16\nalphabet = "{alphabet}"\n'


def flag_patch(name, x):
    """A [[patch]] entry: the 12 x 12 flag at (x, 32), measured as red, blue or white."""
    return (f'[[patch]]\nname = "{name}"\nx = {x}\ny = 32\nwidth = 12\nheight = 12\nmeasure = "colour"\n'
            'colours = ["red", "blue", "white"]\n')


def entry_profile(red_x=40, blue_x=220, y=60):
    glyphs = glyph_rows("0123456789?SPT")
    shapes = "\n".join(f'"{k}" = [' + ", ".join(f'"{r}"' for r in v) + "]" for k, v in glyphs.items())
    sides = (("red", red_x), ("blue", blue_x))
    fields = "".join(text_field(f"{side}_energy", x, y, 4, "0123456789 ") for side, x in sides) + \
        "".join(text_field(f"{side}_weapon", x + 24, 30, 1, "?SPT") for side, x in sides) + \
        "".join(flag_patch(f"{side}_flag", x + 2) for side, x in sides)
    return Profile.parse(f'''format = "o2-screen-profile"
version = 1
name = "test entry screen"
[picture]
width = 360
height = 243
[glyphs]
dot_width = 2
dot_height = 2
[glyphs.shapes]
{shapes}
[colours]
red = [199, 81, 81]
blue = [92, 128, 246]
white = [255, 255, 255]
{fields}[[screen]]
name = "entry"
when = {{ red_weapon = "[?SPT]", blue_weapon = "[?SPT]" }}
[locate]
texts = {{ red_weapon = "#", blue_weapon = "#", red_energy = "...#", blue_energy = "...#" }}
patches = ["red_flag", "blue_flag"]
''')


def entry_scene(red="2500", blue="1234", red_weapon="S", blue_weapon="T", flags=("red", "blue")):
    return render([(40, 60, red, "white"), (220, 60, blue, "white"),
                   (64, 30, red_weapon, "white"), (244, 30, blue_weapon, "white")],
                  [(40, 30, flags[0]), (220, 30, flags[1])])


@pytest.fixture(scope="module")
def reader():
    return Reader(entry_profile())


def test_a_clean_entry_screen_reads_exactly(reader):
    reading = reader.read(entry_scene())
    assert reading.screen == "entry"
    assert {k: f.value for k, f in reading.fields.items()} == {
        "red_energy": "2500", "blue_energy": "1234", "red_weapon": "S", "blue_weapon": "T",
        "red_flag": "red", "blue_flag": "blue"}
    assert min(f.confidence for f in reading.fields.values()) > 0.8


def test_blank_cells_and_a_white_flag(reader):
    reading = reader.read(entry_scene(red=" 355", blue="9876", red_weapon="?", blue_weapon="P",
                                      flags=("white", "blue")))
    assert (reading["red_energy"], reading["blue_energy"], reading["red_weapon"], reading["red_flag"]) == \
        (" 355", "9876", "?", "white")


@pytest.mark.parametrize("capture", TYPICAL, ids=lambda c: f"{c.size[0]}x{c.size[1]}-j{c.jpeg}-b{c.blur}")
def test_degraded_captures_read_right(capture):
    reader = Reader(entry_profile())          # a capture's geometry is its own: a reader of its own
    frame = entry_scene(red="7081", blue="6093", red_weapon="P", blue_weapon="?")
    previous = entry_scene(red="1111", blue="2222")
    reading = reader.read(degrade(frame, capture, previous if capture.combing else None))
    assert (reading["red_energy"], reading["blue_energy"], reading["red_weapon"], reading["blue_weapon"],
            reading["red_flag"], reading["blue_flag"]) == ("7081", "6093", "P", "?", "red", "blue")


def test_a_run_the_geometry_correction_moves_is_not_sure_unless_searched_or_read_there():
    """When a search corrects the geometry (Reader._settle), a run read that frame through the old geometry is
    sure only if it was searched or read where the corrected geometry puts it (within a unit): the geometry
    just shown off may have put it a dot off, where a narrow 'P' fits a 'T'."""
    from board.screen import picture as pic
    from board.screen.reader import Field
    profile = Profile.load("conquest")
    reader = Reader(profile)
    before = pic.Geometry(np.eye(3), False, (profile.width, profile.height))
    runs = [t.name for t in profile.texts]
    fields = {name: Field("x", 0.8) for name in runs}
    searched, read_there, moved = runs[0], runs[1], runs[2:]

    def corrected(dx):
        reader.geometry = pic.Geometry(np.array([[1, 0, dx], [0, 1, 0], [0, 0, 1.0]]), False, before.size)
        cells = {t.name: t.cells for t in profile.texts}
        return reader._unconfirmed(fields, before, {read_there: ((2, 0),) * cells[read_there]}, {searched})

    out = corrected(1.5)      # every cell now 1.5 units right of where the old geometry put it
    assert out[searched].confidence == 0.8 and out[read_there].confidence == 0.8
    assert all(out[name].confidence == 0.0 for name in moved)
    out = corrected(0.5)      # half a unit: still read where it lies
    assert all(out[name].confidence == 0.8 for name in runs if name != read_there)
    assert out[read_there].confidence == 0.0      # read two units right, the geometry now half a unit
