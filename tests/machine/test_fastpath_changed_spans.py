"""Where the VDC draws a line (or a part of one) again that a front end holds already, it compares
the new pixels with the old and flags only the columns from the first that changed to the last
(native/vdc8244.c, changed_pixels): o2_screen_spans then covers fewer columns than were drawn.
Here: a buffer read with redrawn_only, which copies the flagged spans only, stays equal to the
screen whether it is taken at frame ends or in the middle of frames and lines, on the busy
program (the background colour rewritten all along each line, so parts of lines are drawn again
and compared) and on Conquest of the World in a jet-jet battle; and the check is not blind: with
every flagged span one column shorter at each end, it finds a difference."""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from emu.native.extension import ffi, lib

ROOT = Path(__file__).resolve().parents[2]


def bench_machine():
    spec = importlib.util.spec_from_file_location("bench_machine", ROOT / "tests" / "benchmarks" / "machine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setup(name):
    bench = bench_machine()
    return bench.machine() if name == "busy" else bench._conquest_in_combat("P", "P")[0]


# frame ends, then stops in the middle of frames and lines (odd cycle counts)
STOPS = [None] * 20 + [1, 7, 37, 229, 1001, 3323, 5000, 12345] * 4


def first_difference(m, stops, cut=False):
    """Takes the picture with read_screen(redrawn_only=True) after each stop (None: a frame):
    the index of the first take whose buffer differs from the screen, else None. With cut, every
    flagged span is one column shorter at each end before the take."""
    spans = np.frombuffer(ffi.buffer(ffi.cast("uint16_t *", lib.o2_screen_spans(m._machine._pointer)),
                                     4 * m.screen.shape[0]), dtype=np.uint16).reshape(-1, 2)
    out = np.zeros_like(m.screen)
    m.read_screen(out, redrawn_only=True)
    for i, stop in enumerate(stops):
        if stop is None:
            m.run_frames(1)
        else:
            m.run_cycles(stop)
        if cut:
            wide = spans[:, 1] - spans[:, 0] > 2
            spans[wide, 0] += 1
            spans[wide, 1] -= 1
        m.read_screen(out, redrawn_only=True)
        if not np.array_equal(out, m.screen):
            return i
    return None


@pytest.mark.parametrize("name", ["busy", "jet_battle"])
def test_a_buffer_of_the_flagged_spans_follows_the_screen_at_any_stop(name):
    assert first_difference(setup(name), STOPS) is None


def test_the_check_finds_spans_a_column_short():
    assert first_difference(setup("busy"), STOPS, cut=True) is not None
