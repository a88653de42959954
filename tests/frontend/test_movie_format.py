"""The movie text format: what each line means, round trip, and file:line errors."""
import hashlib

import pytest

from emu.input import FrameInput, NOTHING
from emu.movie import Movie, MovieError

SHA_A = hashlib.sha256(b"a").hexdigest()
SHA_B = hashlib.sha256(b"b").hexdigest()

HEADER = f"""odyssey2-movie 1
cart {SHA_A}
bios {SHA_B}
charset {SHA_B}
region ntsc
sample-rate 44100
start power-on
frames 600
"""

BODY = """# a comment line
120 keys=1,YES   # YES is the Y key
125

300 joy0=up+FIRE keys=A,B
400 reset joy1=LEFT
401
"""


def parse(text):
    return Movie.parse(text, "m.txt")


def test_header_fields():
    movie = parse(HEADER + BODY)
    assert (movie.cart, movie.bios, movie.charset) == (SHA_A, SHA_B, SHA_B)
    assert (movie.region, movie.sample_rate, movie.frames) == ("ntsc", 44100, 600)
    assert movie.start_state is None and movie.final_screen is None and movie.audio is None


def test_each_line_holds_until_the_next():
    movie = parse(HEADER + BODY)
    assert movie.input_at(1) == NOTHING                      # before the first line
    assert movie.input_at(119) == NOTHING
    assert movie.input_at(120) == FrameInput({"1", "Y"})
    assert movie.input_at(124) == FrameInput({"1", "Y"})
    assert movie.input_at(125) == NOTHING
    assert movie.input_at(300) == FrameInput({"A", "B"}, ({"up", "fire"}, set()))
    assert movie.input_at(399) == FrameInput({"A", "B"}, ({"up", "fire"}, set()))
    assert movie.input_at(400) == FrameInput(set(), (set(), {"left"}), reset=True)
    assert movie.input_at(401) == NOTHING
    assert movie.input_at(600) == NOTHING


def test_written_text_is_canonical_and_reads_back():
    movie = parse(HEADER + BODY)
    movie.final_screen, movie.audio = SHA_A, SHA_B
    movie.start_state = bytes(range(5))
    text = movie.to_text()
    assert text.splitlines()[6] == "start state AAECAwQ="
    assert text.splitlines()[-5:] == ["120 keys=1,Y", "125", "300 keys=A,B joy0=UP+FIRE",
                                      "400 joy1=LEFT reset", "401"]
    again = parse(text)
    assert again == movie
    assert again.start_state == bytes(range(5))


def test_save_and_load(tmp_path):
    movie = parse(HEADER + BODY)
    movie.save(tmp_path / "run.movie")
    assert Movie.load(tmp_path / "run.movie") == movie
    assert [p.name for p in tmp_path.iterdir()] == ["run.movie"]


@pytest.mark.parametrize("text, message", [
    ("", "m.txt:1: empty file, not an Odyssey² movie"),
    ("hello\n", "m.txt:1: not an Odyssey² movie"),
    ("odyssey2-movie 2\n", "m.txt:1: movie format version 2 is newer than this emulator reads (1)"),
    (HEADER.replace("region ntsc", "region secam"), "m.txt:5: region must be ntsc or pal, not 'secam'"),
    (HEADER.replace("frames 600", "frames many"), "m.txt:8: frames must be a positive whole number"),
    (HEADER.replace("frames 600", "frames 6²"), "m.txt:8: frames must be a positive whole number"),
    (HEADER.replace("frames 600", "frames 99999999999999999999999"),
     "m.txt:8: frames 99999999999999999999999 is more than a day of play (5184000)"),
    (HEADER + "²\n", "m.txt:9: unknown header line '²'"),
    (HEADER.replace(f"cart {SHA_A}", "cart 1234"), "m.txt:2: cart must be a SHA-256"),
    (HEADER.replace("start power-on", "start state !!!"), "m.txt:7: the start state is not valid base64"),
    (HEADER.replace("start power-on", "start later"), "m.txt:7: start must be 'power-on' or 'state <base64>'"),
    (HEADER + "speed 2\n", "m.txt:9: unknown header line 'speed'"),
    (HEADER + "region pal\n", "m.txt:9: 'region' given twice"),
    (HEADER.replace("frames 600\n", "") + "5 keys=A\n", "m.txt:8: frame lines must follow the header; missing frames"),
    (HEADER.replace("sample-rate 44100\n", ""), "m.txt: header is missing sample-rate"),
    (HEADER + "10 keys=A\n10\n", "m.txt:10: frame 10 does not come after frame 10"),
    (HEADER + "0 keys=A\n", "m.txt:9: frame 0 is outside the movie (1 to 600)"),
    (HEADER + "601\n", "m.txt:9: frame 601 is outside the movie (1 to 600)"),
    (HEADER + "5 keys=A,Å\n", "m.txt:9: 'Å' is not an Odyssey² key"),
    (HEADER + "5 joy0=UP+JUMP\n", "m.txt:9: 'JUMP' is not a joystick button"),
    (HEADER + "5 A\n", "m.txt:9: cannot read 'A' (expected keys=, joy0=, joy1= or reset)"),
    (HEADER + "5\nregion pal\n", "m.txt:10: header line 'region' after the frame lines"),
])
def test_errors_name_file_and_line(text, message):
    with pytest.raises(MovieError) as e:
        parse(text)
    assert str(e.value).startswith(message)
    assert "\n" not in str(e.value)


def test_unreadable_file(tmp_path):
    with pytest.raises(MovieError, match=r"absent.movie: cannot read movie"):
        Movie.load(tmp_path / "absent.movie")
