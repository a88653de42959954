"""The reader's fast path against a straightforward reference, on simulated captures (capture_sim.py).

The fast path (board/screen/picture.py `Sampler`, board/screen/reader.py `_read_at`, `_search_at`) samples only
the rectangles the profile reads, gathers the cells' pixels as colour planes and searches a run's offsets as
windows of one distance map. The reference does each step the obvious way: the whole picture remapped through
the geometry, each cell cut out of it, its pixels' distance from the background taken in ink space, every
offset of a search read as its own placement. Both must give the same readings (values exactly, confidences
to float rounding), frame after frame, with every unsure run searched on every frame; and the comparison must
notice a fast path that reads a pixel off or samples too little."""
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capture_sim import SETTINGS, Simulator  # noqa: E402
from conquest_war import play_war  # noqa: E402

from board.screen import picture as pic  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from board.screen.reader import Reader  # noqa: E402

FRAMES = 40
ROUNDING = 1e-5       # confidences are float32 arithmetic done in another order


class WholePicture:
    """The whole picture through the geometry, every frame, in one piece."""

    def __init__(self, geometry, width: int, height: int):
        us, vs = np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5)
        x, y = geometry.map(us, vs)
        # The interpolation the reader uses (fixed-point maps; float ones round differently).
        self.maps = cv2.convertMaps(x.astype(np.float32), y.astype(np.float32), cv2.CV_16SC2)

    def sample(self, image):
        return cv2.remap(np.ascontiguousarray(image), *self.maps, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))


class Reference(Reader):
    def use(self, geometry):
        super().use(geometry)
        self.sampler = WholePicture(geometry, self.profile.width, self.profile.height)

    def _read_at(self, flat, backgrounds, placed):
        parts = self._cells_at(flat, backgrounds, placed)
        return tuple(np.concatenate([part[k] for part in parts]) for k in range(4))

    def _cells_at(self, flat, backgrounds, placed):
        """Each placement's cells (glyphs, score, second, contrast), one placement at a time."""
        picture = flat.reshape(self.profile.height, self.profile.width, 3)
        out = []
        for t, shift in placed:
            ys, xs = self._place(t, shift)
            cells = np.stack([picture[y:y + self.cell_h, x:x + self.cell_w] for y, x in zip(ys, xs)])
            background = backgrounds[self._run_index[t.name]]
            ink = (cells.astype(np.float32) - background) @ pic.INK_SPACE
            distance = np.sqrt((ink ** 2).sum(axis=-1)).reshape(t.cells, -1).astype(np.float32)
            allowed = np.repeat(self.allowed[t.name][None], t.cells, axis=0)
            out.append(self._score(distance, allowed))
        return out

    def _search_at(self, picture, backgrounds, runs, offsets):
        return self._cells_at(picture.reshape(-1, 3), backgrounds, [(t, o) for t in runs for o in offsets])


_FRAMES: dict = {}


def shots(setting_name: str) -> list:
    if setting_name not in _FRAMES:
        frames, _, _ = play_war([(("T", 30), ("P", 30))], seed=3, result_frames=5)
        sim = Simulator(SETTINGS[setting_name])
        picked = frames[::max(1, len(frames) // FRAMES)][:FRAMES]
        _FRAMES[setting_name] = [sim.frame(f, f) for f in picked]
    return _FRAMES[setting_name]


def disagreements(fast: Reader, reference: Reader, frames) -> list:
    """Where the two readers' readings differ, frame by frame; every run not sure where it stands is searched
    on every frame (a reader searches it only now and then)."""
    out = []
    for number, frame in enumerate(frames):
        fast.searched.clear()
        reference.searched.clear()
        a, b = fast.read(frame), reference.read(frame)
        if a.screen != b.screen or abs(a.confidence - b.confidence) > ROUNDING:
            out.append((number, "screen", a.screen, b.screen))
        for name in b.fields:
            fa, fb = a.fields.get(name), b.fields[name]
            if fa is None or fa.value != fb.value or abs(fa.confidence - fb.confidence) > ROUNDING:
                out.append((number, name, fa, fb))
    return out


@pytest.mark.parametrize("setting", ["composite-720x480", "overscan-640x480", "rotated-keystone",
                                     "pillarbox-1280x720"])
def test_the_fast_path_reads_as_the_reference_does(setting):
    profile = Profile.load("conquest")
    fast, reference = Reader(profile), Reference(profile)
    frames = shots(setting)
    assert disagreements(fast, reference, frames) == []
    # The readings compared are real ones: the war's screens recognised, the geometry found.
    assert sum(reference.read(f).screen is not None for f in frames) >= 0.9 * len(frames)


class OffByOne(Reader):
    """A search whose windows are a pixel to the right of where they should be."""

    def _search_at(self, picture, backgrounds, runs, offsets):
        return super()._search_at(np.roll(picture, 1, axis=1), backgrounds, runs, offsets)


class Swapped(Reader):
    """Cells gathered with their red and blue planes swapped."""

    def _read_at(self, flat, backgrounds, placed):
        return super()._read_at(np.ascontiguousarray(flat[:, ::-1]), backgrounds, placed)


class Narrow(Reader):
    """A sampler that leaves the search's outer pixels black."""

    def use(self, geometry):
        super().use(geometry)
        self.sampler = pic.Sampler(geometry, pic.regions(self.profile, 1), self.profile.width, self.profile.height)


@pytest.mark.parametrize("broken", [OffByOne, Swapped, Narrow])
def test_the_comparison_notices_a_broken_fast_path(broken):
    profile = Profile.load("conquest")
    assert disagreements(broken(profile), Reference(profile), shots("composite-720x480")) != []
