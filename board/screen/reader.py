"""Reading one frame: pixels in, a typed reading out (which screen, every text and patch of the profile,
each with a confidence). It never looks at the machine's memory, so a capture of real hardware reads the same
way as our emulator's screen.

A capture is first located (board/screen/picture.py: the geometry found by what the frame shows, or the one
calibration learned for this device) and only the pixels the profile reads are sampled through it. A field's
confidence is the least of its cells' margins between the best and the second-best glyph (and, for a character
far fainter than its run's strongest, between it and an empty cell), and nothing when
the best glyph itself fits poorly or the run fitted only at the edge of its search (the geometry is off
there): a poor fit is unsure, never a confident guess.

Text: each cell's foreground is its distance from the cell's own background colour, scaled to the cell's
contrast; it is compared with every allowed glyph by normalised correlation. A run is read at its profile
position and, unless every cell is certain there, at the offset within a few pixels that fits best (captures
are a little off). A cell with no contrast is a space.
Patches: "colour" gives the allowed colour nearest in chromaticity to the patch's median; "busy" gives "busy"
when enough of the patch differs from its median colour (fireworks), "calm" otherwise.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from . import picture as pic
from .profile import SPACE, Profile

MIN_CONTRAST = 32.0        # colour distance below which a cell is empty
GHOST_SHARE = 0.5          # a character fainter than this share of its run's strongest is not surely drawn
CERTAIN = 0.9              # every cell at least this sure: no offset search
CAPTURE_BLUR = 0.7         # Gaussian sigma (picture pixels) of the glyphs a capture is compared with
SEARCH = 4                 # picture pixels searched each way around a run's position
BAND = 3                   # lines above and below a run where its background is measured
BAND_SAMPLES = 64          # pixels of those bands taken
KEEP_OFFSET = 0.3          # a run read this surely where it fitted last time is not searched again
SLOPES = (0.0, -1 / 3, 1 / 3, -2 / 3, 2 / 3)   # drifts across a run tried, pixels a cell (no drift first)
SEARCH_EVERY = 60          # a run still unsure after a search is searched again only this many frames on
BUSY_DISTANCE = 60.0       # a patch pixel this far from the patch's median colour is "busy"
BUSY_SHARE = 0.04          # and a patch with this share of such pixels is busy
FLASH_FRAMES = 8           # a patch that changed within this many frames is flashing (fireworks: every 4)
FLASH_SHARE = 0.01         # the share of a patch's pixels that must move far in colour for a change
FIT_FLOOR = 0.55           # on a capture, a cell whose best glyph correlates less than this is unsure
LOCATED = 0.12             # the least score of a located geometry (the expectation on the ink) to read through
TITLE_FIT = 0.2            # the least score of a title's own ink for its fit to be taken
RELOCATE_AFTER = 90        # frames in a row with no screen recognised before the picture is looked for again
LOCATE_EVERY = 15          # while no geometry is found, frames between two attempts
SETTLE_SURE = 0.5          # the least confidence of a run whose place corrects the geometry
DARK_CHANNEL = 40.0        # a known background channel below this level gives no gain of its own
GAIN_LIMITS = (0.5, 2.0)   # per-channel gains the colour correction may apply
PLACED_FULL = 2            # picture units a run may lie off the geometry and be read as surely as it fits
PLACED_NONE = 4            # and off by this much, it is not sure at all (the geometry is off there)
JUMP = 2                   # picture units a search may move a run from where it was last read surely
PHASE_FRAMES = 6           # frames of sure runs whose sub-unit phase is measured before the geometry takes it
PHASE_AGAIN = 60           # frames after a phase found right before it is measured again
PHASE_LEAST = 0.2          # picture units: a phase correction moving nothing this far is not made
RUNNER_UP_BELOW = 0.9      # a colour patch read less surely than this may show its runner-up (read): the level
                           # correction pulls the background toward the nearest known one, so a blend of two
                           # reads surer than it is


@dataclass(frozen=True)
class Field:
    value: str
    confidence: float       # 0 (a guess) .. 1 (certain)


@dataclass(frozen=True)
class Reading:
    screen: str | None
    confidence: float
    fields: dict[str, Field] = field(default_factory=dict)

    def __getitem__(self, name: str) -> str:
        return self.fields[name].value

    def sure(self, name: str, threshold: float = 0.5) -> bool:
        return name in self.fields and self.fields[name].confidence >= threshold


class Whole:
    """A frame that is the picture itself (our emulator's screen): its pixels taken by index."""

    def __init__(self, picture: np.ndarray):
        self._picture, self._flat = picture, picture.reshape(-1, 3)

    def pixels(self, key, indices: np.ndarray) -> np.ndarray:
        return np.take(self._flat, indices, axis=0)

    def picture(self) -> np.ndarray:
        return self._picture


class Sampled:
    """A capture: only the picture's pixels asked for are sampled from the frame (pic.Sampler), each set straight
    into the order its reader wants; the picture around the runs (for a search) once a frame at most."""

    def __init__(self, sampler: "pic.Sampler", image: np.ndarray):
        self.sampler, self.image, self._picture = sampler, image, None

    def pixels(self, key, indices: np.ndarray) -> np.ndarray:
        return self.sampler.pixels(self.image, key, indices)

    def picture(self) -> np.ndarray:
        if self._picture is None:
            self._picture = self.sampler.sample(self.image)
        return self._picture


class Reader:
    def __init__(self, profile: Profile, search: int = SEARCH):
        self.profile, self.search = profile, search
        self.offsets: dict[str, tuple] = {}     # per run: each cell's offset (dx, dy) that fitted best last
        self.searched: dict[str, int] = {}                  # per run: frames since its last search
        self.before_search: dict[str, tuple | None] = {}    # per run searched this frame: its offsets before
        self.home: dict[str, tuple] = {}                    # per run: the offsets it was last read surely at
        self._batch_cache: dict = {}
        self.flashes: dict[str, tuple] = {}                 # per flashing patch: last pixels, recent changes
        self.runner_up: dict[str, str] = {}                 # per colour patch: the colour read second nearest
        self.cell_h, self.cell_w = profile.cell_size
        # Every column of a cell is compared (one column per dot reads half a per cent fewer capture frames).
        columns = np.arange(self.cell_w)
        # A cell's contrast is taken inside it, two dots in from its sides (_score).
        self._inner = slice(2 * profile.dot_width, self.cell_w - 2 * profile.dot_width)
        # Templates: every glyph scaled to the cell, zero mean and unit norm, one row per glyph.
        names = sorted(profile.glyphs)
        self.glyph_names = names
        sharp = np.stack([np.kron(profile.glyphs[n], np.ones((profile.dot_height, profile.dot_width)))
                          .astype(np.float32) for n in names])
        self.exact_templates = _templates(sharp[:, :, columns])
        # A capture's path blurs every edge: its cells are compared with glyphs blurred as much.
        self.capture_templates = _templates(np.stack([pic.cv2().GaussianBlur(g, (0, 0), CAPTURE_BLUR)[:, columns]
                                                      for g in sharp]))
        self._exact_t = np.ascontiguousarray(self.exact_templates.T)
        self._capture_t = np.ascontiguousarray(self.capture_templates.T)
        self.templates, self.templates_t = self.exact_templates, self._exact_t
        # A cell's pixels compared, as offsets from its top-left corner in the picture's flat index.
        self._cell_offsets = (np.arange(self.cell_h)[:, None] * profile.width + columns[None, :]).reshape(-1)
        self._run_index = {t.name: k for k, t in enumerate(profile.texts)}
        # Per run: whether a blank may show at all, and whether it is a number (no blank inside).
        self._blanks = {t.name: (SPACE in t.alphabet, t.numeric) for t in profile.texts}
        self._numeric_runs = np.array([t.numeric for t in profile.texts], bool)
        self._reach: dict[tuple, int] = {}       # per offsets of a run's cells: the farthest one, picture units
        self._search_offsets = [(dx, dy) for dy in range(-search, search + 1) for dx in range(-search, search + 1)]
        self.allowed = {t.name: np.array([n in t.alphabet for n in names]) for t in profile.texts}
        self.colour_names = list(profile.colours)
        self.colour_chroma = {name: _chroma(c) for name, c in profile.colours.items()}
        # Captures: the geometry in use, the sampler through it, and when to look for the picture again.
        self.geometry: pic.Geometry | None = None
        self.sampler: pic.Sampler | None = None
        self.regions = pic.regions(profile, max(BAND, search))     # what a search and the bands reach
        self.unrecognised = 0
        self.wait_locate = 0
        self.settle = True               # correct the geometry by where the runs are found
        self.phases: list = []           # (u, v, du, dv) of sure runs' cells, sub-unit, since the geometry was set
        self.phase_frames = 0            # frames measured for them (PHASE_FRAMES, then the geometry is corrected)
        self.gains = (1.0, 1.0, 1.0)
        background = next((p for p in profile.patches if p.name == "background"), None)
        self.background_patch = background
        self.background_colours = ([tuple(float(v) for v in profile.colours[c]) for c in background.colours]
                                   if background is not None else None)
        # Where each run's cells start in a batch of every run (profile order), and each cell's run.
        cells = [t.cells for t in profile.texts]
        self._starts = np.cumsum([0] + cells[:-1]).astype(np.intp)
        self._cell_run = np.repeat(np.arange(len(cells)), cells)
        # Each patch's pixels read, as indices into the picture's pixel rows (one gather a frame): a colour
        # patch every other pixel, the level correction every other line and third column of the background,
        # a flashing patch every other column (an object's dot is two columns wide).
        self._colour_patches = [(p.name, p.colours, self._patch_pixels(p)[::2],
                                 [self.colour_chroma[c] for c in p.colours])
                                for p in profile.patches if p.measure == "colour"]
        self._flashing_patches = [(p.name, self._patch_pixels(p, columns=2)) for p in profile.patches
                                  if p.measure == "flashing"]
        self._busy_patches = [(p.name, self._patch_pixels(p)) for p in profile.patches if p.measure == "busy"]
        gain_pixels = self._patch_pixels(background, rows=2, columns=3) if background is not None else np.zeros(0, int)
        # Every pixel a frame reads besides the cells, one row of pixel indices: what each reading takes is a
        # slice of it (_fixed).
        parts = [("gains", gain_pixels), ("bands", self._band_pixels())]
        parts += [(name, pixels) for name, _, pixels, _ in self._colour_patches]
        parts += self._flashing_patches + self._busy_patches
        ends = np.cumsum([len(pixels.reshape(-1)) for _, pixels in parts])
        self._fixed = {name: slice(end - len(pixels.reshape(-1)), end) for (name, pixels), end in zip(parts, ends)}
        self._fixed_pixels = np.concatenate([pixels.reshape(-1) for _, pixels in parts])

    # -- one frame ---------------------------------------------------------------------------------

    def read(self, frame: np.ndarray) -> Reading:
        exact = frame.shape[:2] == (self.profile.height, self.profile.width)   # our emulator's own picture
        if exact:
            source = Whole(frame if frame.dtype == np.uint8 else np.clip(frame, 0, 255).astype(np.uint8))
            self.templates, self.templates_t = self.exact_templates, self._exact_t
        else:
            source = self._capture_source(frame)
            if source is None:
                return Reading(None, 0.0, {})
            self.templates, self.templates_t = self.capture_templates, self._capture_t
        # The pixels every frame reads besides the cells (the runs' bands, the patches), in one gather.
        fixed = source.pixels("fixed", self._fixed_pixels)
        self.gains = (1.0, 1.0, 1.0) if exact else self._gains(fixed[self._fixed["gains"]])
        self.searched_now = False
        fields = self._texts(source, fixed[self._fixed["bands"]].reshape(-1, BAND_SAMPLES, 3), search=not exact)
        if not exact:
            fields = {name: self._trusted(name, f) for name, f in fields.items()}
            fields, settling = self._placed(fields)
            if self.searched_now and self.settle:
                before, read_at, searched = self.geometry, dict(self.offsets), set(self.before_search)
                self._settle(settling)
                if self.geometry is not before:
                    fields = self._unconfirmed(fields, before, read_at, searched)
            elif self.settle and self.phase_frames < PHASE_FRAMES:
                self._phase(source, fields, fixed[self._fixed["bands"]].reshape(-1, BAND_SAMPLES, 3))
        fields.update(self._patches(fixed))
        screen = self._screen(fields)
        if screen is None:
            # Two console frames woven into one capture frame, each with its own background, share their colour
            # (4:2:0 chroma spans both fields' lines): a colour patch read unsurely may show its runner-up. A
            # screen then recognised with that colour is taken, as a guess (the colour at no confidence).
            for name in sorted(self.runner_up, key=lambda n: fields[n].confidence):
                if fields[name].confidence >= RUNNER_UP_BELOW:
                    break
                swapped = dict(fields)
                swapped[name] = Field(self.runner_up[name], 0.0)
                screen = self._screen(swapped)
                if screen is not None:
                    fields = swapped
                    break
        if screen is None:
            self.unrecognised += 1
            return Reading(None, 0.0, fields)
        self.unrecognised = 0
        return Reading(screen.name, min((fields[c.field].confidence for c in screen.conditions), default=1.0), fields)

    def _screen(self, fields: dict[str, Field]):
        """The first of the profile's screens whose conditions the fields meet, or None."""
        for screen in self.profile.screens:
            if all(c.pattern.fullmatch(fields[c.field].value) for c in screen.conditions):
                return screen
        return None

    # -- captures ----------------------------------------------------------------------------------

    def _capture_source(self, frame: np.ndarray) -> "Sampled | None":
        """The picture's pixels sampled from the frame through the geometry, or None while the picture is not
        found."""
        image, field = pic.working(frame, self.profile.height)
        size = (frame.shape[1], frame.shape[0])
        if self.geometry is not None and (self.geometry.size != size or self.unrecognised >= RELOCATE_AFTER):
            self.geometry = self.sampler = None
            self.unrecognised = 0
        if self.geometry is None:
            geometry = self._calibrated(size)
            if geometry is None:
                if self.wait_locate > 0:
                    self.wait_locate -= 1
                    return None
                geometry = self.locate(frame)
                if geometry is None:
                    self.wait_locate = LOCATE_EVERY
                    return None
            self.use(geometry)
        return Sampled(self.sampler, image)

    def use(self, geometry: "pic.Geometry") -> None:
        self.geometry = geometry
        self.sampler = pic.Sampler(geometry, self.regions, self.profile.width, self.profile.height)
        self.offsets.clear()
        self.searched.clear()
        self.home.clear()
        self.phases, self.phase_frames = [], 0

    def _calibrated(self, size) -> "pic.Geometry | None":
        capture = self.profile.capture
        if capture is None or tuple(capture[0]) != size:
            return None
        return pic.Geometry(np.array(capture[2], float).reshape(3, 3), capture[1], size)

    def locate(self, frame: np.ndarray) -> "pic.Geometry | None":
        """The picture found in the frame by what the screens show: the profile's [locate] (the status bar,
        on every screen of a war), and that with each title a screen is recognised by (a title far above the
        status bar fixes the vertical scale the status bar alone leaves loose); the best fit wins. None when
        none fits well enough."""
        p = self.profile
        if not p.locate_texts and not p.locate_patches:
            return None
        image, field = pic.working(frame, p.height)
        ink = pic.ink(image)[0]
        base_marks, *titled = self._locate_marks()
        base = pic.Expectation.build(p, base_marks, p.locate_patches)
        params, scores = pic.fit([image], [base], p.width, p.height, field=field)
        best = (params, scores[0])
        # A title on screen (its own ink far better placed by a fit that includes it, the status bar no
        # worse) fixes the vertical scale: that fit is taken. Scores of different expectations are not
        # comparable as they are (a title's glyphs fill less of their boxes than flags do).
        title_best = None
        for marks in titled:
            title = pic.Expectation.build(p, {k: v for k, v in marks.items() if k not in base_marks})
            candidate, _ = pic.fit([image], [pic.Expectation.build(p, marks, p.locate_patches)], p.width, p.height,
                                   field=field)
            own = pic._score(ink, title, pic._matrix(candidate, p.width, p.height))
            before = pic._score(ink, title, pic._matrix(params, p.width, p.height))
            status = pic._score(ink, base, pic._matrix(candidate, p.width, p.height))
            if own >= TITLE_FIT and own > before + 0.05 and status >= scores[0] - 0.05 \
                    and (title_best is None or own > title_best[2]):
                title_best = (candidate, status, own)
        if title_best is not None:
            best = title_best[:2]
        if best[1] < LOCATED:
            return None
        return pic.geometry_from(best[0], frame.shape, field, p.width, p.height, best[1])

    def _locate_marks(self) -> list[dict[str, str]]:
        base = dict(self.profile.locate_texts)
        out = [base]
        names = {t.name for t in self.profile.texts}
        for screen in self.profile.screens:
            for c in screen.conditions:
                literal = c.pattern.pattern
                if c.field in names and c.field not in base and literal.replace(" ", "").isalpha() \
                        and len(literal) == self.profile.text(c.field).cells:
                    out.append({**base, c.field: "".join(" " if ch == " " else "#" for ch in literal)})
        return out

    def _patch_pixels(self, p, rows: int = 1, columns: int = 1) -> np.ndarray:
        """The patch's pixels (every `rows`-th line, every `columns`-th column), row by row, as indices into the
        picture's pixel rows."""
        ys, xs = np.mgrid[p.y:min(p.y + p.height, self.profile.height):rows,
                          p.x:min(p.x + p.width, self.profile.width):columns]
        return (ys * self.profile.width + xs).reshape(-1)

    def _gains(self, pixels: np.ndarray) -> tuple[float, float, float]:
        """Per-channel gains that turn the background as captured into the nearest known background colour:
        the capture's colour balance and level, corrected frame by frame. `pixels`: the background patch's
        (every other line, every third column). Three numbers: plain floats are quicker than numpy's calls."""
        if self.background_patch is None:
            return (1.0, 1.0, 1.0)
        measured = _median(pixels).tolist()
        chroma = _chroma(measured)
        nearest = min(self.background_colours, key=lambda c: _squared(_chroma(c), chroma))
        gains = [(n + 8.0) / (m + 8.0) for n, m in zip(nearest, measured)]
        # A channel the known colour hardly has (land's red) says nothing of its gain: it takes the others'.
        reliable = sorted(g for g, n in zip(gains, nearest) if n >= DARK_CHANNEL)
        if reliable:
            half = len(reliable) // 2
            middle = reliable[half] if len(reliable) % 2 else (reliable[half - 1] + reliable[half]) / 2
            gains = [g if n >= DARK_CHANNEL else middle for g, n in zip(gains, nearest)]
        low, high = GAIN_LIMITS
        return tuple(min(max(g, low), high) for g in gains)

    def placements(self, fields: dict[str, Field], shown: dict[str, str] | None = None) -> np.ndarray:
        """Rows (u, v, du, dv): each drawn cell's centre where the geometry puts it and the offset it was read
        best at, for the runs read surely (or, with `shown`, read as they show)."""
        rows = []
        for t in self.profile.texts:
            f, offsets = fields.get(t.name), self.offsets.get(t.name, ((0, 0),) * t.cells)
            if f is None or not f.value.strip():
                continue
            if (f.value != shown.get(t.name)) if shown is not None else f.confidence < SETTLE_SURE:
                continue
            for k, ((dx, dy), ch) in enumerate(zip(offsets, f.value)):
                if ch != SPACE:
                    rows.append((t.x + k * t.pitch + self.cell_w / 2, t.y + self.cell_h / 2, dx, dy))
        return np.array(rows, float).reshape(-1, 4)

    def _settle(self, fields: dict[str, Field]) -> None:
        """After a search: the geometry corrected by where the characters read surely were found (the first
        fit of a capture may be a little off in scale; the runs' offsets show by how much), so every run,
        near or far, is read where it lies with the search to spare."""
        points = self.placements(fields)
        if len({(u, v) for u, v, _, _ in points.tolist()}) < 3:
            return
        geometry = pic.settled(self.geometry, points, self.profile.width, self.profile.height)
        if geometry is not None:
            self.use(geometry)

    def _phase(self, source: "Sampled", fields: dict[str, Field], bands: np.ndarray) -> None:
        """The geometry corrected by less than a unit: a capture's picture units fall between its pixels, and a
        cell sampled half a unit off its glyph's dots fits every glyph worse (narrow strokes most). Each run read
        surely is read again a unit to either side across and down; where its glyphs fit best between those
        (a parabola through the three fits each way) is its phase. Over PHASE_FRAMES frames with such runs, the
        geometry is corrected by them (pic.settled, down to PHASE_LEAST units)."""
        if self.phase_frames < 0:               # waiting to measure again
            self.phase_frames += 1
            return
        runs = [t for t in self.profile.texts if t.name in fields and fields[t.name].confidence >= SETTLE_SURE
                and t.name not in self.before_search and fields[t.name].value.strip()
                and len(fields[t.name].value) == t.cells]
        if not runs:
            return
        here = [self.offsets.get(t.name, ((0, 0),) * t.cells) for t in runs]
        steps = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
        read = self._search_at(source.picture(), self._backgrounds(bands), runs,
                               [tuple((dx + sx, dy + sy) for dx, dy in o) for o in here for sx, sy in steps],
                               per_run=len(steps))
        for i, (t, offsets) in enumerate(zip(runs, here)):
            drawn = np.array([ch != SPACE for ch in fields[t.name].value])
            fits = [float(read[i * len(steps) + k][1][drawn].mean()) for k in range(len(steps))]
            middle, left, right, up, down = fits
            shift = [_peak(left, middle, right), _peak(up, middle, down)]
            for k, ((dx, dy), ch) in enumerate(zip(offsets, fields[t.name].value)):
                if ch != SPACE:
                    self.phases.append((t.x + k * t.pitch + self.cell_w / 2, t.y + self.cell_h / 2,
                                        dx + shift[0], dy + shift[1]))
        self.phase_frames += 1
        if self.phase_frames < PHASE_FRAMES:
            return
        points = np.array(self.phases, float)
        geometry = pic.settled(self.geometry, points, self.profile.width, self.profile.height, least=PHASE_LEAST)
        if geometry is not None:
            self.use(geometry)                  # and measured again through the corrected geometry
        else:
            # In phase: measured again PHASE_AGAIN frames on. A war's first frames may read few runs surely
            # (its energies just under SETTLE_SURE through a geometry half a unit off), and a phase measured
            # on the rest alone can look right where it is not.
            self.phases, self.phase_frames = [], -PHASE_AGAIN

    def _unconfirmed(self, fields: dict[str, Field], before: "pic.Geometry", read_at: dict, searched: set
                     ) -> dict[str, Field]:
        """The fields once a search corrected the geometry: a run not searched this frame was read through the
        geometry the search just showed off; where the corrected geometry puts its cells a unit or more from
        where they were read, its place was never confirmed (a dot off, a narrow P fits where a T is drawn) and
        it is not sure this frame."""
        correction = np.linalg.inv(before.matrix) @ self.geometry.matrix     # picture -> picture
        out = dict(fields)
        for t in self.profile.texts:
            f = fields.get(t.name)
            if f is None or t.name in searched or f.confidence == 0.0:
                continue
            u = t.x + t.pitch * np.arange(t.cells) + self.cell_w / 2
            v = np.full(t.cells, t.y + self.cell_h / 2)
            moved = correction @ np.stack([u, v, np.ones(t.cells)])
            offsets = np.array(read_at.get(t.name, ((0, 0),) * t.cells), float).reshape(t.cells, 2)
            off = np.maximum(np.abs(moved[0] / moved[2] - u - offsets[:, 0]),
                             np.abs(moved[1] / moved[2] - v - offsets[:, 1]))
            if off.max() >= 1.0:
                out[t.name] = Field(f.value, 0.0)
        return out

    def _trusted(self, name: str, f: Field) -> Field:
        """A capture's field with its confidence withdrawn when its run fitted only at the edge of the search
        window (where the geometry is off, the right place may lie beyond it)."""
        if self._residual(name) >= self.search:
            return Field(f.value, 0.0)
        return f

    def _residual(self, name: str) -> int:
        """Picture units the run's cells were last found off where the geometry puts them (0: not searched)."""
        offsets = self.offsets.get(name)
        if not offsets:
            return 0
        reach = self._reach.get(offsets)
        if reach is None:
            if len(self._reach) > 4096:
                self._reach.clear()
            reach = self._reach[offsets] = max(max(abs(dx), abs(dy)) for dx, dy in offsets)
        return reach

    def _placed(self, fields: dict[str, Field]) -> tuple[dict[str, Field], dict[str, Field]]:
        """The fields with their confidence scaled by the geometry's residual where each run was found: (for
        reading, for settling the geometry). Two residuals count:
        - how far the run lies from where the geometry puts it: up to PLACED_FULL picture units it is read as
          surely as it fits, from PLACED_NONE on not at all (a run fitting only that far off fits something else);
        - how far a search moved it from its home (where it was last read surely): the geometry holds from
          frame to frame, so a jump of JUMP units or more fits something else (two fields of different frames
          woven, a codec's smear): the field is not sure and the run goes back home for the frames that follow.
        A run that jumped does not settle the geometry either."""
        read, settle = {}, dict(fields)
        for name, f in fields.items():
            home = self.home.get(name)
            if name in self.before_search and home is not None and name in self.offsets:
                jump = max(max(abs(a - c), abs(b - d)) for (a, b), (c, d) in zip(self.offsets[name], home))
                if jump >= JUMP:
                    self.offsets[name] = home
                    read[name] = settle[name] = Field(f.value, 0.0)
                    continue
            share = min(1.0, max(0.0, (PLACED_NONE - self._residual(name)) / (PLACED_NONE - PLACED_FULL)))
            read[name] = f if share >= 1.0 else Field(f.value, f.confidence * share)
            if read[name].confidence >= KEEP_OFFSET:      # a run read surely where it was never searched
                self.home[name] = self.offsets.get(name, ((0, 0),) * len(f.value))     # is home there
        return read, settle

    # -- texts -------------------------------------------------------------------------------------

    def _batch(self, placed) -> tuple:
        """For runs placed at offsets [(run, shift)]: a key naming the placements, the pixel indices of all their
        cells (cells x pixels), which glyphs each cell allows and the row of `backgrounds` (the profile's runs)
        each cell takes; remembered, as the same placements come back frame after frame."""
        key = tuple((t.name, shift) for t, shift in placed)
        batch = self._batch_cache.get(key)
        if batch is None:
            if len(self._batch_cache) > 4096:
                self._batch_cache.clear()
            indices, allowed, runs = [], [], []
            for t, shift in placed:
                ys, xs = self._place(t, shift)
                indices.append((ys[:, None] * self.profile.width + xs[:, None]) + self._cell_offsets[None, :])
                allowed.append(np.repeat(self.allowed[t.name][None], t.cells, axis=0))
                runs.append(np.full(t.cells, self._run_index[t.name]))
            batch = (("cells", key), np.concatenate(indices), np.concatenate(allowed), np.concatenate(runs))
            self._batch_cache[key] = batch
        return batch

    def _place(self, text, shift) -> tuple[np.ndarray, np.ndarray]:
        h, w = self.cell_h, self.cell_w
        moves = np.array(shift if isinstance(shift[0], tuple) else [shift] * text.cells).reshape(text.cells, 2)
        xs = np.clip(text.x + moves[:, 0] + text.pitch * np.arange(text.cells), 0, self.profile.width - w)
        ys = np.clip(text.y + moves[:, 1], 0, self.profile.height - h)
        return ys, xs

    def _correlations(self, fg: np.ndarray) -> np.ndarray:
        """Each row of `fg` (a cell, zero mean and unit norm) against every template. A product of more than 2^18
        multiply-adds wakes OpenBLAS's threads, whose waiting costs far more CPU than they save here (a search:
        8 ms instead of 0.3): the rows go in parts that stay below."""
        rows = max(1, (1 << 18) // self.templates_t.size)
        if len(fg) <= rows:
            return fg @ self.templates_t
        scores = np.empty((len(fg), self.templates_t.shape[1]), np.float32)
        for start in range(0, len(fg), rows):
            np.matmul(fg[start:start + rows], self.templates_t, out=scores[start:start + rows])
        return scores

    def _score(self, distance: np.ndarray, allowed: np.ndarray):
        """Per cell: (best glyph index or -1 for a space, its score, the runner-up's score, its contrast);
        `distance` is each of the cells' pixels' colour distance from the cell's background (_distance)."""
        n = len(distance)
        # Contrast inside the cell, two dots in from its sides: a neighbour's ink blurred across the cell's edge
        # (composite chroma is that wide) does not make an empty cell a character.
        contrast = distance.reshape(n, self.cell_h, -1)[:, :, self._inner].max(axis=(1, 2))
        blank = contrast < MIN_CONTRAST
        # An empty cell is a space whatever glyph it resembles: only the others are compared with the glyphs (a
        # search's windows are mostly empty).
        best = np.full(n, -1)
        best_score = 1.0 - contrast / MIN_CONTRAST * 0.5
        second_score = np.zeros(n, np.float32)
        inked = np.flatnonzero(~blank)
        if len(inked):
            fg = distance[inked] if len(inked) < n else distance
            fg -= fg.sum(axis=1, keepdims=True) / fg.shape[1]           # the mean, as np.mean takes it
            fg /= np.maximum(np.linalg.norm(fg, axis=1, keepdims=True), 1e-6)
            scores = self._correlations(fg)
            scores[~allowed[inked]] = -1.0
            rows = np.arange(len(inked))
            top = scores.argmax(axis=1)
            best[inked] = top
            best_score[inked] = scores[rows, top]
            if scores.shape[1] > 1:
                scores[rows, top] = -np.inf
                second_score[inked] = scores.max(axis=1)
            else:
                second_score[inked] = best_score[inked]
        return best, best_score, second_score, contrast

    def _texts(self, source: "Whole | Sampled", bands: np.ndarray, search: bool = True) -> dict[str, Field]:
        """Every run read at its position; on a capture (`search`), the runs not certain there are read again
        at every offset within `search` pixels (all in one batch) and the offset that fits each run best is
        kept. A run that stays unsure (a title not on this screen) is searched again only every SEARCH_EVERY
        frames."""
        texts = self.profile.texts
        if not texts:
            return {}
        backgrounds = self._backgrounds(bands)
        # First where each run fitted best last time: a capture's geometry stays put from frame to frame.
        glyphs, score, second, contrast = self._read_at(source, backgrounds,
                                                        [(t, self.offsets.get(t.name, (0, 0))) for t in texts])
        certain = (np.minimum.reduceat(score, self._starts) >= CERTAIN).tolist()
        fields, unsure = {}, []
        for t, (field, fit), sure in zip(texts, self._fields(texts, glyphs, score, second, contrast, self._starts),
                                         certain):
            waited = self.searched.get(t.name, SEARCH_EVERY)
            self.searched[t.name] = waited + 1
            if not search or waited < SEARCH_EVERY or field.confidence >= KEEP_OFFSET or sure or fit >= KEEP_OFFSET:
                # Whether the run is placed well is judged by its glyphs' fit: a ghost (below) says nothing of it.
                fields[t.name] = field
            else:
                self.searched[t.name] = 0
                unsure.append(t)
        self.before_search = {t.name: self.offsets.get(t.name) for t in unsure}
        if unsure:
            self.searched_now = True
            offsets = self._search_offsets
            read = self._search_at(source.picture(), backgrounds, unsure, offsets)
            for i, t in enumerate(unsure):
                tried = read[i * len(offsets):(i + 1) * len(offsets)]
                chosen = self._fit(offsets, tried)
                self.offsets[t.name] = tuple(offsets[k] for k in chosen)
                fields[t.name] = self._fields([t], *(np.array([tried[k][part][c] for c, k in enumerate(chosen)])
                                                     for part in range(4)), np.zeros(1, np.intp))[0][0]
        return fields

    def _fit(self, offsets, tried) -> list[int]:
        """Each cell's offset (an index into `offsets`) under the run's best fit: one offset for the run plus
        a drift across it (SLOPES: pixels a cell), as a capture scaled a little off (overscan cropped, a
        calibrated pitch rounded) spreads the cells apart by a fraction of a pixel each. `offsets` is the
        square window, row by row (dy outer, dx inner)."""
        scores = np.array([s for _, s, *_ in tried])            # (offset, cell)
        cells = scores.shape[1]
        side = 2 * self.search + 1
        grid = scores.reshape(side, side, cells)                # (dy, dx, cell)
        best, best_score = None, -np.inf
        for slope in SLOPES if cells > 1 else (0.0,):
            drift = np.rint(slope * (np.arange(cells) - (cells - 1) / 2)).astype(int)
            low, high = max(0, -drift.min()), side - max(0, drift.max())
            if low >= high:
                continue
            # For every run offset dx in [low, high): the mean over cells of grid[dy, dx + drift[c], c].
            columns = np.arange(low, high)[:, None] + drift[None, :]          # (dx, cell)
            means = grid[:, columns, np.arange(cells)[None, :]].mean(axis=2)   # (dy, dx)
            k = int(np.argmax(means))
            if means.flat[k] > best_score + 1e-9:
                dy, dx = divmod(k, means.shape[1])
                best_score = float(means.flat[k])
                best = [dy * side + int(c) for c in columns[dx]]
        return best

    def _band_pixels(self) -> np.ndarray:
        """The pixels each run's background is measured on (one row per run, pixel indices): the bands just above
        and below its cells (every other pixel), where nothing of the run is drawn: bold glyphs blurred may
        cover most of their cells."""
        rows_out = []
        for t in self.profile.texts:
            top, bottom = max(0, t.y - BAND), min(self.profile.height, t.y + self.cell_h + BAND)
            rows = [r for r in range(top, bottom) if not t.y <= r < t.y + self.cell_h]
            cols = np.arange(t.x, t.x + (t.cells - 1) * t.pitch + self.cell_w, 2)
            r, c = np.meshgrid(rows, cols, indexing="ij")
            pick = np.linspace(0, r.size - 1, BAND_SAMPLES).astype(int)     # the same count for every run
            rows_out.append(r.reshape(-1)[pick] * self.profile.width + c.reshape(-1)[pick])
        return np.stack(rows_out).reshape(len(rows_out), BAND_SAMPLES) if rows_out else np.zeros((0, BAND_SAMPLES), int)

    def _backgrounds(self, bands: np.ndarray) -> np.ndarray:
        """Each run's background colour (one row per run): the median of its bands' pixels (`bands`: runs x
        BAND_SAMPLES x 3)."""
        middle = BAND_SAMPLES // 2
        return np.partition(bands, middle, axis=1)[:, middle].astype(np.float32)

    def _read_at(self, source: "Whole | Sampled", backgrounds: np.ndarray, placed) -> tuple:
        """(glyphs, score, second, contrast) of every cell of the (run, offset) placements of `placed` (one after
        the other), scored in one batch; `source` gives the picture's pixels, `backgrounds` each run's
        background (runs in profile order)."""
        key, indices, allowed, runs = self._batch(placed)
        cells = source.pixels(key, indices)                       # cells x pixels x 3
        distance = _distance(cells, (backgrounds @ _INK)[runs].T[:, :, None])
        return self._score(distance, allowed)

    def _search_at(self, picture: np.ndarray, backgrounds: np.ndarray, runs, offsets, per_run: int = 0) -> list:
        """What _read_at gives for every run of `runs` at every offset of `offsets` (runs outer), in one batch:
        each run's colour distance to its background is computed once over the box its cells cover at every
        offset, and every cell at every offset is a window of it (a search reads each pixel some 80 times).
        With `per_run`, `offsets` holds that many for each run in turn instead."""
        rows, cols = np.divmod(self._cell_offsets, self.profile.width)
        distances, allowed = [], []
        for i, t in enumerate(runs):
            placed = [self._place(t, o) for o in (offsets[i * per_run:(i + 1) * per_run] if per_run else offsets)]
            ys, xs = np.stack([y for y, _ in placed]), np.stack([x for _, x in placed])      # (offset, cell)
            top, left = int(ys.min()), int(xs.min())
            box = picture[top:int(ys.max()) + self.cell_h, left:int(xs.max()) + self.cell_w]
            background = backgrounds[self._run_index[t.name]] @ _INK
            distance = _distance(box, background[:, None, None]).reshape(-1)
            corners = ((ys - top) * box.shape[1] + (xs - left)).reshape(-1)
            distances.append(distance[corners[:, None] + (rows * box.shape[1] + cols)[None, :]])
            allowed.append(np.repeat(self.allowed[t.name][None], len(corners), axis=0))
        glyphs, score, second, contrast = self._score(np.concatenate(distances), np.concatenate(allowed))
        out, start = [], 0
        for t in runs:
            for _ in range(per_run or len(offsets)):
                part = slice(start, start + t.cells)
                start += t.cells
                out.append((glyphs[part], score[part], second[part], contrast[part]))
        return out

    def _fields(self, texts, glyphs, score, second, contrast, starts) -> list[tuple[Field, float]]:
        """Each run's field, and how surely its glyphs fit where it was read (the ghost test below left out),
        from its cells' (glyphs, score, second, contrast), the runs' cells one after the other, run k's from
        `starts[k]`: every sum and least over cells taken for all runs at once."""
        drawn = glyphs >= 0
        run = self._cell_run if starts is self._starts else \
            np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(glyphs))))
        # A run's characters are drawn in one colour: one far fainter than the run's strongest is a ghost (a
        # capture's field with the next frame's character bled in by interlace and the encoder, or a stale
        # block). Where a blank may stand (a number's leading cells, before its first character drawn at full
        # strength, if it has one) it is read as blank, as surely as it lies below the ghost line; anywhere else
        # it is read, only as surely as it stands above an empty cell.
        line = np.maximum(GHOST_SHARE * np.maximum.reduceat(contrast, starts).astype(np.float64),
                          MIN_CONTRAST + 1.0).astype(np.float32)[run]
        faint = drawn & (contrast < line)
        strong = (drawn & ~faint).astype(np.intp)
        before = np.cumsum(strong) - strong
        leading = (before - before[starts][run]) == 0             # no character at full strength to the left
        shown = np.maximum.reduceat(strong, starts)[run] > 0       # but one further on: a ghost beside it
        blanked = faint & leading & shown & self._numeric_cells(texts, starts)[run]
        if blanked.any():
            glyphs = np.where(blanked, -1, glyphs)
            drawn &= ~blanked
        # How far the best glyph stands above the runner-up, as a share of the room above the runner-up (a
        # blanked ghost: how far below the ghost line it lies).
        margin = (score - second) / np.maximum(1.0 - second, 1e-6)
        below = (line - contrast) / (line - MIN_CONTRAST)
        fits = np.minimum.reduceat(np.where(blanked, 1.0, margin), starts).tolist()
        faintness = np.where(drawn, (contrast - MIN_CONTRAST) / (line - MIN_CONTRAST), np.where(blanked, below, np.inf))
        ghosts = np.minimum.reduceat(faintness, starts).tolist()
        capture = self.templates is self.capture_templates
        poor = (np.logical_or.reduceat(drawn & (score < FIT_FLOOR), starts).tolist() if capture
                else [False] * len(starts))
        names = self.glyph_names + [SPACE]          # index -1: an empty cell
        cells = glyphs.tolist()
        bounds = starts.tolist() + [len(cells)]
        out = []
        for k, text in enumerate(texts):
            value = "".join([names[g] for g in cells[bounds[k]:bounds[k + 1]]])
            blank, numeric = self._blanks[text.name]
            if (not blank and SPACE in value) or (numeric and SPACE in value.strip()) or poor[k]:
                # A blank where none may be, or inside a number (its leading zeros show blank, never one inside);
                # or the best glyph itself fits poorly: a guess.
                out.append((Field(value, 0.0), 0.0))
                continue
            fit = min(1.0, max(0.0, fits[k]))
            out.append((Field(value, min(1.0, max(0.0, min(fits[k], ghosts[k])))), fit))
        return out

    def _numeric_cells(self, texts, starts) -> np.ndarray:
        """Per run of `texts`: whether it is a number (its leading blanks may stand for ghosts)."""
        if starts is self._starts:
            return self._numeric_runs
        return np.array([self._blanks[t.name][1] for t in texts], bool)

    # -- patches -----------------------------------------------------------------------------------

    def _patches(self, fixed: np.ndarray) -> dict[str, Field]:
        """Every patch's reading; `fixed` holds the pixels of every patch (_fixed says where)."""
        out = {}
        for name, allowed, _, chromas in self._colour_patches:
            # The median of the levelled pixels is the levelled median: the levelling is monotone in each channel.
            median = _median(fixed[self._fixed[name]]).tolist()
            colour = _chroma([min(m * g, 255.0) for m, g in zip(median, self.gains)])
            out[name], runner_up = _nearest(allowed, [math.sqrt(_squared(c, colour)) for c in chromas])
            if runner_up is not None:
                self.runner_up[name] = runner_up
        for name, _ in self._flashing_patches:
            out[name] = self._flashing(name, fixed[self._fixed[name]])
        for name, _ in self._busy_patches:
            out[name] = _busy(fixed[self._fixed[name]])
        return {p.name: out[p.name] for p in self.profile.patches}

    def _flashing(self, name: str, region: np.ndarray) -> Field:
        """"flashing" when the patch changed (a share of its pixels moved far in colour) from one frame to the
        next at least once over the last FLASH_FRAMES frames, "still" otherwise; the first frames, with no
        history yet, are unsure. `region` is the patch's pixels."""
        previous, changes = self.flashes.get(name, (None, []))
        current = region.astype(np.float32)
        if previous is not None and previous.shape == current.shape:
            difference = current - previous
            difference *= difference
            # Whole numbers below 2^24: float32 sums them exactly, in whatever order.
            moved = float(np.count_nonzero(difference @ _ONES > BUSY_DISTANCE ** 2)) / len(difference)
            changes = (changes + [moved])[-FLASH_FRAMES:]
        self.flashes[name] = (current, changes)
        if len(changes) < FLASH_FRAMES:
            return Field("still", 0.0)
        share = max(changes)
        confidence = min(1.0, abs(share - FLASH_SHARE) / FLASH_SHARE)
        return Field("flashing" if share >= FLASH_SHARE else "still", float(confidence))


def _nearest(allowed: tuple[str, ...], distances: list[float]) -> tuple[Field, str | None]:
    """The allowed colour at the least chromaticity distance, as sure as it stands nearer than the runner-up
    (`distances`, one per allowed colour); and the runner-up (None if there is none)."""
    if len(distances) == 1:
        return Field(allowed[0], max(0.0, 1.0 - distances[0] * 4)), None
    order = sorted(range(len(distances)), key=distances.__getitem__)
    nearest, runner_up = distances[order[0]], distances[order[1]]
    return Field(allowed[order[0]], min(max(1.0 - nearest / max(runner_up, 1e-6), 0.0), 1.0)), allowed[order[1]]


def _peak(before: float, middle: float, after: float) -> float:
    """Where a parabola through three fits a unit apart peaks, from the middle one (within half a unit; 0 when
    the middle one is not the highest)."""
    curve = before - 2 * middle + after
    if middle < max(before, after) or curve >= 0:
        return 0.0
    # In sixteenths of a unit: finer says nothing of three fits, and a float's last bit then moves no pixel.
    return round(max(-0.5, min(0.5, 0.5 * (before - after) / curve)) * 16) / 16


def _squared(a, b) -> float:
    return sum((x - y) * (x - y) for x, y in zip(a, b))


_ONES = np.ones(3, np.float32)


def _distance(pixels: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Each pixel's colour distance from its background in ink space (pic.INK_SPACE): `pixels` RGB on the last
    axis (uint8), `background` in ink space, broadcast against the three planes of ink (3 x pixels' shape):
    every pass then runs along the pixels, not across three channels."""
    ink = (_TO_INK @ pixels.reshape(-1, 3).astype(np.float32).T).reshape((3,) + pixels.shape[:-1])
    ink -= background
    ink *= ink
    return np.sqrt(ink[0] + ink[1] + ink[2])


_INK = pic.INK_SPACE
_TO_INK = np.ascontiguousarray(_INK.T)


def _median(pixels: np.ndarray) -> np.ndarray:
    """Per channel, the middle of the pixels' values (np.median's overhead is most of its cost on so few)."""
    middle = len(pixels) // 2
    return np.partition(pixels, middle, axis=0)[middle]


def _templates(glyphs: np.ndarray) -> np.ndarray:
    """Glyph pictures as rows of zero mean and unit norm (correlation by a matrix product)."""
    stack = glyphs.reshape(len(glyphs), -1).astype(np.float32)
    stack -= stack.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(stack, axis=1, keepdims=True)
    return stack / np.where(norms == 0, 1, norms)


def _busy(region: np.ndarray) -> Field:
    share = float((np.linalg.norm(region - np.median(region, axis=0), axis=1) > BUSY_DISTANCE).mean())
    busy = share >= BUSY_SHARE
    confidence = min(1.0, abs(share - BUSY_SHARE) / BUSY_SHARE)
    return Field("busy" if busy else "calm", float(confidence))


def _chroma(rgb) -> tuple[float, float, float, float]:
    """Chromaticity (r, g, b shares) and brightness of one colour: what gamma and gain shifts change least."""
    r, g, b = (float(v) for v in rgb)
    total = r + g + b + 30.0            # dark colours: chromaticity is noise, the offset damps it
    return (r / total, g / total, b / total, max(r, g, b) / 255.0 * 0.5)
