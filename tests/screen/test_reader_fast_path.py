"""The reader's fast path against a straightforward reference, on simulated captures (capture_sim.py).

The fast path (board/screen/picture.py `Sampler`, board/screen/reader.py) samples only the pixels it reads,
each set straight from the frame into the order it is used in (the cells at their offsets, one row of every
band and patch pixel), scores every cell of every run in one batch, searches a run's offsets as windows of one
distance map in products kept small, takes every run's confidence and every patch's colour in a few numpy calls
for all of them, and levels a patch's median instead of every pixel. The reference does each step the obvious
way: the whole picture remapped through the geometry every frame, each cell and band cut out of it, every offset
of a search read as its own placement, each run's field, each patch and the level correction worked out on
their own from the picture. Both must give the same readings (values exactly, confidences to float rounding),
frame after frame, with every unsure run searched on every frame; and the comparison must notice each shortcut
broken on purpose (the broken readers below)."""
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capture_sim import SETTINGS, Simulator  # noqa: E402
from conquest_war import play_war  # noqa: E402

from board.screen import picture as pic  # noqa: E402
from board.screen import reader as rd  # noqa: E402
from board.screen.profile import SPACE, Profile  # noqa: E402
from board.screen.reader import Field, Reader  # noqa: E402
from board.screen.tracker import SURE  # noqa: E402

FRAMES = 40
RESULT_FRAMES = 16
ROUNDING = 1e-5       # confidences are float32 arithmetic done in another order


class WholePicture:
    """The whole picture through the geometry, every frame, in one piece; any pixels cut out of it."""

    def __init__(self, geometry, width: int, height: int):
        us, vs = np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5)
        x, y = geometry.map(us, vs)
        # The interpolation the reader uses (fixed-point maps; float ones round differently).
        self.maps = cv2.convertMaps(x.astype(np.float32), y.astype(np.float32), cv2.CV_16SC2)

    def sample(self, image):
        return cv2.remap(np.ascontiguousarray(image), *self.maps, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))

    def pixels(self, image, key, indices):
        return self.sample(image).reshape(-1, 3)[indices]


class Reference(Reader):
    def use(self, geometry):
        super().use(geometry)
        self.sampler = WholePicture(geometry, self.profile.width, self.profile.height)

    def _capture_source(self, frame):
        source = super()._capture_source(frame)
        self.whole = source.picture() if source is not None else None
        return source

    def _region(self, p, rows=1, columns=1):
        return self.whole[p.y:p.y + p.height:rows, p.x:p.x + p.width:columns].reshape(-1, 3)

    def _read_at(self, source, backgrounds, placed):
        parts = self._cells_at(source.picture(), backgrounds, placed)
        return tuple(np.concatenate([part[k] for part in parts]) for k in range(4))

    def _cells_at(self, picture, backgrounds, placed):
        """Each placement's cells (glyphs, score, second, contrast), one placement at a time."""
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

    def _search_at(self, picture, backgrounds, runs, offsets, per_run=0):
        if per_run:
            return self._cells_at(picture, backgrounds, [(t, o) for i, t in enumerate(runs)
                                                         for o in offsets[i * per_run:(i + 1) * per_run]])
        return self._cells_at(picture, backgrounds, [(t, o) for t in runs for o in offsets])

    def _score(self, distance, allowed):
        n = len(distance)
        inside = np.zeros((self.cell_h, self.cell_w), bool)
        inside[:, self._inner] = True
        contrast = distance[:, inside.reshape(-1)].max(axis=1)
        fg = distance - distance.mean(axis=1, keepdims=True)
        fg /= np.maximum(np.linalg.norm(fg, axis=1, keepdims=True), 1e-6)
        scores = fg @ self.templates_t
        scores[~allowed] = -1.0
        out = []
        for k in range(n):
            order = np.argsort(-scores[k], kind="stable")
            if contrast[k] < rd.MIN_CONTRAST:
                out.append((-1, 1.0 - contrast[k] / rd.MIN_CONTRAST * 0.5, 0.0))
            else:
                out.append((order[0], scores[k, order[0]], scores[k, order[1]] if len(order) > 1 else scores[k, 0]))
        return (np.array([o[0] for o in out]), np.array([o[1] for o in out], np.float32),
                np.array([o[2] for o in out], np.float32), contrast)

    def _backgrounds(self, bands):
        out = []
        for t in self.profile.texts:
            top, bottom = max(0, t.y - rd.BAND), min(self.profile.height, t.y + self.cell_h + rd.BAND)
            rows = [r for r in range(top, bottom) if not t.y <= r < t.y + self.cell_h]
            pixels = self.whole[rows][:, t.x:t.x + (t.cells - 1) * t.pitch + self.cell_w:2].reshape(-1, 3)
            pick = np.linspace(0, len(pixels) - 1, rd.BAND_SAMPLES).astype(int)
            out.append(np.sort(pixels[pick], axis=0)[rd.BAND_SAMPLES // 2])
        return np.array(out, np.float32)

    def _fields(self, texts, glyphs, score, second, contrast, starts):
        bounds = list(starts) + [len(glyphs)]
        return [self._field(t, *(a[bounds[k]:bounds[k + 1]] for a in (glyphs, score, second, contrast)))
                for k, t in enumerate(texts)]

    def _field(self, text, glyphs, score, second, contrast):
        """(field, fit) of one run, as its docstring in the reader says."""
        line = max(rd.GHOST_SHARE * float(contrast.max()), rd.MIN_CONTRAST + 1.0)
        glyphs, blanked = glyphs.copy(), np.zeros(len(glyphs), bool)
        if text.numeric and any(g >= 0 and c >= line for g, c in zip(glyphs, contrast)):
            for k in range(len(glyphs)):          # a number's leading ghosts, up to its first full character
                if glyphs[k] >= 0 and contrast[k] >= line:
                    break
                if glyphs[k] >= 0:
                    glyphs[k], blanked[k] = -1, True
        value = "".join(SPACE if g < 0 else self.glyph_names[g] for g in glyphs)
        drawn = glyphs >= 0
        if (SPACE not in text.alphabet and SPACE in value) or (text.numeric and SPACE in value.strip()) or \
                (self.templates is self.capture_templates and (drawn & (score < rd.FIT_FLOOR)).any()):
            return Field(value, 0.0), 0.0
        fit = float(min(1.0 if b else (s - r) / max(1.0 - r, 1e-6) for s, r, b in zip(score, second, blanked)))
        least = fit
        for c, d, b in zip(contrast, drawn, blanked):
            if d:
                least = min(least, float((c - rd.MIN_CONTRAST) / (line - rd.MIN_CONTRAST)))
            elif b:
                least = min(least, float((line - c) / (line - rd.MIN_CONTRAST)))
        return Field(value, min(1.0, max(0.0, least))), min(1.0, max(0.0, fit))

    def _residual(self, name):
        return max((max(abs(dx), abs(dy)) for dx, dy in self.offsets.get(name, ())), default=0)

    def _gains(self, pixels):
        b = self.background_patch
        region = self._region(b, 2, 3)
        measured = np.sort(region, axis=0)[len(region) // 2].astype(np.float32)
        known = np.array(self.background_colours, np.float32)
        distances = [np.linalg.norm(_chroma32(c) - _chroma32(measured)) for c in known]
        nearest = known[int(np.argmin(distances))]
        gains = (nearest + 8.0) / (measured + 8.0)
        reliable = nearest >= rd.DARK_CHANNEL
        if reliable.any():
            gains = np.where(reliable, gains, float(np.median(gains[reliable])))
        return np.clip(gains, *rd.GAIN_LIMITS).astype(np.float32)

    def _patches(self, fixed):
        out = {}
        for p in self.profile.patches:
            if p.measure == "colour":
                levelled = np.minimum(self._region(p)[::2] * self.gains, 255.0)
                colour = _chroma32(np.sort(levelled, axis=0)[len(levelled) // 2].astype(np.float32))
                distances = [float(np.linalg.norm(_chroma32(np.array(self.profile.colours[c], np.float32)) - colour))
                             for c in p.colours]
                order = sorted(range(len(distances)), key=distances.__getitem__)
                if len(order) == 1:
                    out[p.name] = Field(p.colours[0], max(0.0, 1.0 - distances[0] * 4))
                else:
                    out[p.name] = Field(p.colours[order[0]], float(np.clip(
                        1.0 - distances[order[0]] / max(distances[order[1]], 1e-6), 0.0, 1.0)))
                    self.runner_up[p.name] = p.colours[order[1]]
            elif p.measure == "flashing":
                region = self._region(p, 1, 2).astype(np.float64)
                previous, changes = self.flashes.get(p.name, (None, []))
                if previous is not None:
                    moved = float((np.linalg.norm(region - previous, axis=1) > rd.BUSY_DISTANCE).mean())
                    changes = (changes + [moved])[-rd.FLASH_FRAMES:]
                self.flashes[p.name] = (region, changes)
                if len(changes) < rd.FLASH_FRAMES:
                    out[p.name] = Field("still", 0.0)
                else:
                    share = max(changes)
                    out[p.name] = Field("flashing" if share >= rd.FLASH_SHARE else "still",
                                        min(1.0, abs(share - rd.FLASH_SHARE) / rd.FLASH_SHARE))
            else:
                out[p.name] = rd._busy(self._region(p))
        return out


def _chroma32(rgb):
    total = float(rgb.sum()) + 30.0
    return np.array([rgb[0] / total, rgb[1] / total, rgb[2] / total, rgb.max() / 255.0 * 0.5], np.float32)


_FRAMES: dict = {}


def shots(setting_name: str) -> list:
    """Frames of a short war through the setting: a battle, its result with fireworks, and the next entry."""
    if setting_name not in _FRAMES:
        frames, truths, _ = play_war([(("T", 30), ("P", 30))], seed=3, result_frames=RESULT_FRAMES)
        sim = Simulator(SETTINGS[setting_name])
        # Frames spread over the war, and the result's last frames one after another (fireworks change every 4).
        picked = frames[:-RESULT_FRAMES:max(1, len(frames) // FRAMES)][:FRAMES - RESULT_FRAMES] + \
            frames[-RESULT_FRAMES:]
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
        if list(a.fields) != list(b.fields):
            out.append((number, "fields", list(a.fields), list(b.fields)))
        for name in b.fields:
            fa, fb = a.fields.get(name), b.fields[name]
            if fa is None or fa.value != fb.value or abs(fa.confidence - fb.confidence) > ROUNDING:
                out.append((number, name, fa, fb))
    return out


SETTINGS_COMPARED = ["composite-720x480", "overscan-640x480", "rotated-keystone", "pillarbox-1280x720", "drift"]


@pytest.mark.parametrize("setting", SETTINGS_COMPARED)
def test_the_fast_path_reads_as_the_reference_does(setting):
    profile = Profile.load("conquest")
    fast, reference = Reader(profile), Reference(profile)
    frames = shots(setting)
    assert disagreements(fast, reference, frames) == []
    # The readings compared are real ones: the war's screens recognised, the geometry found, fireworks seen.
    readings = [reference.read(f) for f in frames]
    assert sum(r.screen is not None for r in readings) >= 0.9 * len(frames)
    assert {r.screen for r in readings} >= {"combat", "result", "entry"}
    assert any(r.fields["red_fireworks"].value == "flashing" or r.fields["blue_fireworks"].value == "flashing"
               for r in readings)


# -- each shortcut broken on purpose ---------------------------------------------------------------------

class OffByOne(Reader):
    """A search whose windows are a pixel to the right of where they should be."""

    def _search_at(self, picture, backgrounds, runs, offsets, per_run=0):
        return super()._search_at(np.roll(picture, 1, axis=1), backgrounds, runs, offsets, per_run)


class _Through:
    """A source whose pixels go through `change` first."""

    def __init__(self, source, change):
        self.source, self.change = source, change

    def pixels(self, key, indices):
        return self.change(self.source.pixels(key, indices))

    def picture(self):
        return self.source.picture()


class Swapped(Reader):
    """Cells gathered with their red and blue planes swapped."""

    def _read_at(self, source, backgrounds, placed):
        return super()._read_at(_Through(source, lambda p: np.ascontiguousarray(p[..., ::-1])), backgrounds, placed)


class Narrow(Reader):
    """A sampler that leaves the search's outer pixels black."""

    def use(self, geometry):
        super().use(geometry)
        self.sampler = pic.Sampler(geometry, pic.regions(self.profile, 1), self.profile.width, self.profile.height)


class MapsAside(Reader):
    """Pixels sampled through maps half a unit to the right of the picture's (the sets' own maps)."""

    def use(self, geometry):
        super().use(geometry)
        shifted = pic.Geometry(geometry.matrix @ np.array([[1, 0, 0.5], [0, 1, 0], [0, 0, 1.0]]), geometry.field,
                               geometry.size, geometry.score)
        self.sampler = pic.Sampler(geometry, self.regions, self.profile.width, self.profile.height)
        self.sampler.geometry = shifted       # `sample` keeps its maps; `pixels` makes its own through this


class BandsLower(Reader):
    """The bands and patches gathered a line lower than they lie."""

    def __init__(self, profile):
        super().__init__(profile)
        self._fixed_pixels = np.minimum(self._fixed_pixels + profile.width, profile.width * profile.height - 1)


class RunsShifted(Reader):
    """Every run's field but the first taken from its cells one further on (the batch's starts off by one)."""

    def _fields(self, texts, glyphs, score, second, contrast, starts):
        shifted = starts.copy()
        shifted[1:] += 1
        return super()._fields(texts, glyphs, score, second, contrast, shifted)


class NoGhost(Reader):
    """Fields whose confidence leaves out the ghost test (a faint character as sure as a strong one)."""

    def _fields(self, texts, glyphs, score, second, contrast, starts):
        return [(Field(f.value, fit), fit) for f, fit in super()._fields(texts, glyphs, score, second, contrast,
                                                                          starts)]


class Unlevelled(Reader):
    """Patch colours taken from the medians before the level correction."""

    def _patches(self, fixed):
        kept, self.gains = self.gains, (1.0, 1.0, 1.0)
        try:
            return super()._patches(fixed)
        finally:
            self.gains = kept


class Unsquared(Reader):
    """Fireworks' changes counted with the squared colour distance held against the distance itself."""

    def _flashing(self, name, region):
        kept = rd.BUSY_DISTANCE
        rd.BUSY_DISTANCE = kept ** 0.5
        try:
            return super()._flashing(name, region)
        finally:
            rd.BUSY_DISTANCE = kept


class PartsOff(Reader):
    """A search's product in parts, each part's rows written one row off."""

    def _correlations(self, fg):
        scores = super()._correlations(fg)
        if len(fg) > max(1, (1 << 18) // self.templates_t.size):
            scores[:-1] = scores[1:].copy()
        return scores


class InkedRolled(Reader):
    """The glyph scores of the cells with ink handed to their neighbours (the compared rows put back wrongly)."""

    def _correlations(self, fg):
        return np.roll(super()._correlations(fg), 1, axis=0)


class EdgeForgotten(Reader):
    """The farthest offset of a run's cells remembered as nought (a run found at the search's edge trusted)."""

    def _residual(self, name):
        return 0


@pytest.mark.parametrize("broken, setting", [
    (OffByOne, "composite-720x480"), (Swapped, "composite-720x480"), (Narrow, "composite-720x480"),
    (MapsAside, "composite-720x480"), (BandsLower, "composite-720x480"), (RunsShifted, "composite-720x480"),
    (NoGhost, "faint"), (Unlevelled, "drift"), (Unsquared, "composite-720x480"),
    (PartsOff, "composite-720x480"), (InkedRolled, "composite-720x480"), (EdgeForgotten, "composite-720x480")])
def test_the_comparison_notices_a_broken_fast_path(broken, setting):
    profile = Profile.load("conquest")
    frames = faint_shots() if setting == "faint" else shots(setting)
    assert disagreements(broken(profile), Reference(profile), frames) != []


def units_digit_faded(columns: slice, fraction: float) -> tuple[list, list]:
    """Composite captures of battle frames whose cell at `columns` of the red readout's line shows the readout's
    units digit at `fraction` of its contrast over that cell's own background, and what RAM held for each."""
    frames, truths, _ = play_war([(("T", 30), ("P", 30))], seed=3, result_frames=0)
    sim = Simulator(SETTINGS["composite-720x480"])
    out = []
    for frame in frames[:FRAMES]:
        frame = frame.copy()
        units = frame[214:228, 122:138].astype(np.float32)
        background = np.median(frame[210:213, columns].reshape(-1, 3), axis=0)
        frame[214:228, columns] = np.round(background + (units - background) * fraction).astype(np.uint8)
        out.append(sim.frame(frame, frame))
    return out, truths[:FRAMES]


def faint_shots() -> list:
    """The red readout's units digit drawn at a third of its contrast (a ghost: unsure however well it fits)."""
    return units_digit_faded(slice(122, 138), 1 / 3)[0]


def test_the_fast_path_reads_a_ghost_as_the_reference_does():
    profile = Profile.load("conquest")
    frames = faint_shots()
    assert disagreements(Reader(profile), Reference(profile), frames) == []
    # The faint digit is read, and only as surely as it stands above an empty cell.
    reference = Reference(profile)
    readings = [reference.read(f).fields.get("red_energy") for f in frames]
    assert any(f is not None and f.value[3] != SPACE and 0.0 < f.confidence < 0.9 for f in readings)


def leading_ghost_shots() -> tuple[list, list]:
    """The red readout's first cell (blank: the energy is under 1,000) showing its units digit at a fifth of its
    contrast (the ghost an encoder leaves of a character gone or still to come)."""
    return units_digit_faded(slice(26, 42), 1 / 5)


class GhostKept(Reader):
    """A reader that reads a number's leading ghost as a character (unsure), never as the blank it stands for."""

    def _numeric_cells(self, texts, starts):
        return np.zeros(len(texts), bool)


def test_a_numbers_leading_ghost_reads_blank_and_surely():
    """A faint character before a number's first one drawn at full strength is a ghost where a blank may stand:
    the readout reads as RAM has it, surely, on nearly every frame, and never surely otherwise; the fast path
    reads it as the reference does. A reader keeping the ghost as a character is sure of hardly any frame."""
    profile = Profile.load("conquest")
    frames, truths = leading_ghost_shots()
    assert disagreements(Reader(profile), Reference(profile), frames) == []
    expected = [str(t["red_energy"]).rjust(4) for t in truths]
    for reader, least, most in ((Reader(profile), 0.9, 1.0), (GhostKept(profile), 0.0, 0.5)):
        fields = [reader.read(f).fields["red_energy"] for f in frames]
        sure = [(f.value, e) for f, e in zip(fields, expected) if f.confidence >= SURE]
        assert all(value == e for value, e in sure), (type(reader).__name__, sure)
        assert least * len(frames) <= len(sure) <= most * len(frames), (type(reader).__name__, len(sure))


def test_a_background_two_screens_share_reads_as_the_screen_the_rest_shows():
    """A capture frame woven from a result (land, the loser's flag white) and the next entry (sea blue) shares one
    colour between their backgrounds (4:2:0 chroma spans both fields' lines): the background reads nearer sea
    blue, which with a white flag names no screen; its runner-up, land, names the result, taken at no confidence."""
    profile = Profile.load("conquest")
    frames, truths, _ = play_war([(("T", 10), ("P", 10))], seed=3, result_frames=10)
    frame = next(f for f, t in zip(frames, truths) if t["mode"] == "result").copy()
    land, sea = (np.array(profile.colours[c], np.float32) for c in ("land", "sea_blue"))
    shown = np.all(frame == land.astype(np.uint8), axis=2)
    assert shown.mean() > 0.3                        # the picture is mostly land
    frame[shown] = np.round((land + sea) / 2).astype(np.uint8)
    reading = Reader(profile).read(frame)
    assert reading.screen == "result" and "white" in (reading["red_flag"], reading["blue_flag"])
    assert reading.fields["background"] == Field("land", 0.0)
    # Read as it is, the blend is nearer sea blue: a reader that never tries the runner-up names no screen.
    assert NoRunnerUp(profile).read(frame).screen is None


class NoRunnerUp(Reader):
    def _patches(self, fixed):
        out = super()._patches(fixed)
        self.runner_up.clear()
        return out
