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


class Reader:
    def __init__(self, profile: Profile, search: int = SEARCH):
        self.profile, self.search = profile, search
        self.offsets: dict[str, tuple] = {}     # per run: each cell's offset (dx, dy) that fitted best last
        self.searched: dict[str, int] = {}                  # per run: frames since its last search
        self.before_search: dict[str, tuple | None] = {}    # per run searched this frame: its offsets before
        self.home: dict[str, tuple] = {}                    # per run: the offsets it was last read surely at
        self._batch_cache: dict = {}
        self._bands = None
        self.flashes: dict[str, tuple] = {}                 # per flashing patch: last pixels, recent changes
        self.cell_h, self.cell_w = profile.cell_size
        # Every column of a cell is compared (one column per dot reads half a per cent fewer capture frames).
        columns = np.arange(self.cell_w)
        inside = np.zeros((self.cell_h, self.cell_w), bool)
        inside[:, 2 * profile.dot_width:self.cell_w - 2 * profile.dot_width] = True
        self._interior = inside[:, columns].reshape(-1)
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
        self._search_offsets = [(dx, dy) for dy in range(-search, search + 1) for dx in range(-search, search + 1)]
        self.allowed = {t.name: np.array([n in t.alphabet for n in names]) for t in profile.texts}
        chroma = np.array([_chroma(np.array(c, np.float32)) for c in profile.colours.values()])
        self.colour_names, self.colour_chroma = list(profile.colours), chroma
        self._allowed_chroma: dict[tuple, np.ndarray] = {}
        # Captures: the geometry in use, the sampler through it, and when to look for the picture again.
        self.geometry: pic.Geometry | None = None
        self.sampler: pic.Sampler | None = None
        self.regions = pic.regions(profile, max(BAND, search))     # what a search and the bands reach
        self.unrecognised = 0
        self.wait_locate = 0
        self.settle = True               # correct the geometry by where the runs are found
        self.gains = np.ones(3, np.float32)
        background = next((p for p in profile.patches if p.name == "background"), None)
        self.background_patch = background
        self.background_colours = (np.array([profile.colours[c] for c in background.colours], np.float32)
                                   if background is not None else None)
        self.background_chroma = (np.array([_chroma(c) for c in self.background_colours])
                                  if background is not None else None)

    # -- one frame ---------------------------------------------------------------------------------

    def read(self, frame: np.ndarray) -> Reading:
        exact = frame.shape[:2] == (self.profile.height, self.profile.width)   # our emulator's own picture
        if exact:
            picture = frame if frame.dtype == np.uint8 else np.clip(frame, 0, 255).astype(np.uint8)
            self.templates, self.templates_t = self.exact_templates, self._exact_t
            self.gains = np.ones(3, np.float32)
        else:
            picture = self._capture_picture(frame)
            if picture is None:
                return Reading(None, 0.0, {})
            self.templates, self.templates_t = self.capture_templates, self._capture_t
            self.gains = self._gains(picture)
        self.searched_now = False
        fields = self._texts(picture, search=not exact)
        if not exact:
            fields = {name: self._trusted(name, f) for name, f in fields.items()}
            fields, settling = self._placed(fields)
            if self.searched_now and self.settle:
                self._settle(settling)
        for p in self.profile.patches:
            region = picture[p.y:p.y + p.height, p.x:p.x + p.width].reshape(-1, 3)
            if p.measure == "colour":
                fields[p.name] = self._colour(np.minimum(region[::2] * self.gains, 255.0), p.colours)
            elif p.measure == "busy":
                fields[p.name] = _busy(region)
            else:        # every other column: an object's dot is two columns wide
                fields[p.name] = self._flashing(p.name, picture[p.y:p.y + p.height, p.x:p.x + p.width:2]
                                                .reshape(-1, 3))
        for screen in self.profile.screens:
            if all(c.pattern.fullmatch(fields[c.field].value) for c in screen.conditions):
                confidence = min((fields[c.field].confidence for c in screen.conditions), default=1.0)
                self.unrecognised = 0
                return Reading(screen.name, confidence, fields)
        self.unrecognised += 1
        return Reading(None, 0.0, fields)

    # -- captures ----------------------------------------------------------------------------------

    def _capture_picture(self, frame: np.ndarray) -> np.ndarray | None:
        """The picture's sampled regions (the rest black), or None while the picture is not found."""
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
        return self.sampler.sample(image)

    def use(self, geometry: "pic.Geometry") -> None:
        self.geometry = geometry
        self.sampler = pic.Sampler(geometry, self.regions, self.profile.width, self.profile.height)
        self.offsets.clear()
        self.searched.clear()
        self.home.clear()

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

    def _gains(self, picture: np.ndarray) -> np.ndarray:
        """Per-channel gains that turn the background as captured into the nearest known background colour:
        the capture's colour balance and level, corrected frame by frame."""
        if self.background_patch is None:
            return np.ones(3, np.float32)
        b = self.background_patch
        measured = _median(picture[b.y:b.y + b.height:2, b.x:b.x + b.width:3].reshape(-1, 3)).astype(np.float32)
        known = self.background_colours
        nearest = known[int(np.argmin(np.linalg.norm(self.background_chroma - _chroma(measured), axis=1)))]
        gains = (nearest + 8.0) / (measured + 8.0)
        # A channel the known colour hardly has (land's red) says nothing of its gain: it takes the others'.
        reliable = nearest >= DARK_CHANNEL
        if reliable.any():
            gains = np.where(reliable, gains, float(np.median(gains[reliable])))
        return np.clip(gains, *GAIN_LIMITS).astype(np.float32)

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

    def _trusted(self, name: str, f: Field) -> Field:
        """A capture's field with its confidence withdrawn when its run fitted only at the edge of the search
        window (where the geometry is off, the right place may lie beyond it)."""
        offsets = self.offsets.get(name)
        if offsets and any(max(abs(dx), abs(dy)) >= self.search for dx, dy in offsets):
            return Field(f.value, 0.0)
        return f

    def _residual(self, name: str) -> int:
        """Picture units the run's cells were last found off where the geometry puts them (0: not searched)."""
        return max((max(abs(dx), abs(dy)) for dx, dy in self.offsets.get(name, ())), default=0)

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
        """For runs placed at offsets [(run, shift)]: the byte indices of all their cells' pixels (channel x cells x
        pixels), which glyphs each cell allows, the row of `backgrounds` (the profile's runs) each cell takes, and
        where each placement's cells lie; remembered, as the same placements come back frame after frame."""
        key = tuple((t.name, shift) for t, shift in placed)
        batch = self._batch_cache.get(key)
        if batch is None:
            if len(self._batch_cache) > 4096:
                self._batch_cache.clear()
            indices, allowed, runs, parts = [], [], [], []
            for t, shift in placed:
                ys, xs = self._place(t, shift)
                indices.append((ys[:, None] * self.profile.width + xs[:, None]) + self._cell_offsets[None, :])
                allowed.append(np.repeat(self.allowed[t.name][None], t.cells, axis=0))
                runs.append(np.full(t.cells, self._run_index[t.name]))
                start = parts[-1].stop if parts else 0
                parts.append(slice(start, start + t.cells))
            # Byte indices (pixel x 3 + channel): a gather from the picture's bytes is numpy's fastest; one plane
            # per channel, so every later pass runs along the pixels.
            pixels = np.concatenate(indices)
            batch = (np.arange(3)[:, None, None] + pixels[None] * 3, np.concatenate(allowed), np.concatenate(runs),
                     parts)
            self._batch_cache[key] = batch
        return batch

    def _place(self, text, shift) -> tuple[np.ndarray, np.ndarray]:
        h, w = self.cell_h, self.cell_w
        moves = np.array(shift if isinstance(shift[0], tuple) else [shift] * text.cells).reshape(text.cells, 2)
        xs = np.clip(text.x + moves[:, 0] + text.pitch * np.arange(text.cells), 0, self.profile.width - w)
        ys = np.clip(text.y + moves[:, 1], 0, self.profile.height - h)
        return ys, xs

    def _score(self, distance: np.ndarray, allowed: np.ndarray):
        """Per cell: (best glyph index or -1 for a space, its score, the runner-up's score, its contrast);
        `distance` is each of the cells' pixels' colour distance from the cell's background (_distance)."""
        n = len(distance)
        # Contrast inside the cell, two dots in from its sides: a neighbour's ink blurred across the cell's edge
        # (composite chroma is that wide) does not make an empty cell a character.
        contrast = distance[:, self._interior].max(axis=1)
        fg = distance
        fg -= fg.mean(axis=1, keepdims=True)
        fg /= np.maximum(np.linalg.norm(fg, axis=1, keepdims=True), 1e-6)
        scores = fg @ self.templates_t
        scores[~allowed] = -1.0
        rows = np.arange(n)
        best = scores.argmax(axis=1)
        best_score = scores[rows, best]
        if scores.shape[1] > 1:
            scores[rows, best] = -np.inf
            second_score = scores.max(axis=1)
        else:
            second_score = best_score
        blank = contrast < MIN_CONTRAST
        best = np.where(blank, -1, best)
        best_score = np.where(blank, 1.0 - contrast / MIN_CONTRAST * 0.5, best_score)
        second_score = np.where(blank, 0.0, second_score)
        return best, best_score, second_score, contrast

    def _texts(self, picture: np.ndarray, search: bool = True) -> dict[str, Field]:
        """Every run read at its position; on a capture (`search`), the runs not certain there are read again
        at every offset within `search` pixels (all in one batch) and the offset that fits each run best is
        kept. A run that stays unsure (a title not on this screen) is searched again only every SEARCH_EVERY
        frames."""
        texts = self.profile.texts
        if not texts:
            return {}
        flat = picture.reshape(-1, 3)
        backgrounds = self._backgrounds(picture, texts)
        # First where each run fitted best last time: a capture's geometry stays put from frame to frame.
        first = self._read_at(flat, backgrounds, [(t, self.offsets.get(t.name, (0, 0))) for t in texts])
        fields, unsure = {}, []
        for t, (glyphs, score, second, contrast) in zip(texts, first):
            field = self._field(t, glyphs, score, second, contrast)
            waited = self.searched.get(t.name, SEARCH_EVERY)
            self.searched[t.name] = waited + 1
            if not search or waited < SEARCH_EVERY or field.confidence >= KEEP_OFFSET or score.min() >= CERTAIN \
                    or self._field(t, glyphs, score, second).confidence >= KEEP_OFFSET:
                # Whether the run is placed well is judged by its glyphs' fit: a ghost (below) says nothing of it.
                fields[t.name] = field
            else:
                self.searched[t.name] = 0
                unsure.append(t)
        self.before_search = {t.name: self.offsets.get(t.name) for t in unsure}
        if unsure:
            self.searched_now = True
            offsets = self._search_offsets
            read = self._search_at(picture, backgrounds, unsure, offsets)
            for i, t in enumerate(unsure):
                tried = read[i * len(offsets):(i + 1) * len(offsets)]
                chosen = self._fit(offsets, tried)
                self.offsets[t.name] = tuple(offsets[k] for k in chosen)
                fields[t.name] = self._field(t, *(np.array([tried[k][part][c] for c, k in enumerate(chosen)])
                                                  for part in range(4)))
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

    def _backgrounds(self, picture: np.ndarray, texts) -> np.ndarray:
        """Each run's background colour (one row per run): the median of the bands just above and below its cells (every other
        pixel), where nothing of the run is drawn: bold glyphs blurred may cover most of their cells. All runs
        in one call."""
        if self._bands is None:
            ys, xs = [], []
            for t in texts:
                top, bottom = max(0, t.y - BAND), min(self.profile.height, t.y + self.cell_h + BAND)
                rows = [r for r in range(top, bottom) if not t.y <= r < t.y + self.cell_h]
                cols = np.arange(t.x, t.x + (t.cells - 1) * t.pitch + self.cell_w, 2)
                r, c = np.meshgrid(rows, cols, indexing="ij")
                pick = np.linspace(0, r.size - 1, BAND_SAMPLES).astype(int)     # the same count for every run
                ys.append(r.reshape(-1)[pick])
                xs.append(c.reshape(-1)[pick])
            self._bands = (np.stack(ys), np.stack(xs))
        middle = BAND_SAMPLES // 2
        return np.partition(picture[self._bands[0], self._bands[1]], middle, axis=1)[:, middle].astype(np.float32)

    def _read_at(self, flat: np.ndarray, backgrounds: np.ndarray, placed) -> list:
        """[(glyphs, score, second, contrast)] for each (run, offset) of `placed`, scored in one batch; `flat`
        is the picture's pixels (height x width, 3), `backgrounds` each run's background (runs in profile order)."""
        indices, allowed, runs, parts = self._batch(placed)
        background = (backgrounds @ pic.INK_SPACE)[runs]
        distance = _distance(np.take(flat.reshape(-1), indices), background.T[:, :, None])
        glyphs, score, second, contrast = self._score(distance, allowed)
        return [(glyphs[part], score[part], second[part], contrast[part]) for part in parts]

    def _search_at(self, picture: np.ndarray, backgrounds: np.ndarray, runs, offsets) -> list:
        """What _read_at gives for every run of `runs` at every offset of `offsets` (runs outer), in one batch:
        each run's colour distance to its background is computed once over the box its cells cover at every
        offset, and every cell at every offset is a window of it (a search reads each pixel some 80 times)."""
        rows, cols = np.divmod(self._cell_offsets, self.profile.width)
        distances, allowed = [], []
        for t in runs:
            placed = [self._place(t, o) for o in offsets]
            ys, xs = np.stack([y for y, _ in placed]), np.stack([x for _, x in placed])      # (offset, cell)
            top, left = int(ys.min()), int(xs.min())
            box = picture[top:int(ys.max()) + self.cell_h, left:int(xs.max()) + self.cell_w]
            background = backgrounds[self._run_index[t.name]] @ pic.INK_SPACE
            distance = _distance(box.transpose(2, 0, 1), background[:, None, None]).reshape(-1)
            corners = ((ys - top) * box.shape[1] + (xs - left)).reshape(-1)
            distances.append(distance[corners[:, None] + (rows * box.shape[1] + cols)[None, :]])
            allowed.append(np.repeat(self.allowed[t.name][None], len(corners), axis=0))
        glyphs, score, second, contrast = self._score(np.concatenate(distances), np.concatenate(allowed))
        out, start = [], 0
        for t in runs:
            for _ in offsets:
                part = slice(start, start + t.cells)
                start += t.cells
                out.append((glyphs[part], score[part], second[part], contrast[part]))
        return out

    def _field(self, text, glyphs, score, second, contrast=None) -> Field:
        value = "".join([SPACE if g < 0 else self.glyph_names[g] for g in glyphs.tolist()])
        if SPACE not in text.alphabet and SPACE in value:
            return Field(value, 0.0)
        if text.numeric and SPACE in value.strip():
            return Field(value, 0.0)           # a number shows its leading zeros blank, never a blank inside
        drawn = glyphs >= 0
        if self.templates is self.capture_templates and bool((drawn & (score < FIT_FLOOR)).any()):
            return Field(value, 0.0)           # the best glyph itself fits poorly: a guess
        # How far the best glyph stands above the runner-up, as a share of the room above the runner-up.
        least = float(((score - second) / np.maximum(1.0 - second, 1e-6)).min())
        # A run's characters are drawn in one colour: one far fainter than the run's strongest is a ghost (a
        # capture's field with the next frame's character bled in by interlace and the encoder, or a stale
        # block), only as sure as it stands above an empty cell.
        if contrast is not None and drawn.any():
            ghost = max(GHOST_SHARE * float(contrast.max()), MIN_CONTRAST + 1.0)
            least = min(least, float(((contrast[drawn] - MIN_CONTRAST) / (ghost - MIN_CONTRAST)).min()))
        return Field(value, min(1.0, max(0.0, least)))

    # -- patches -----------------------------------------------------------------------------------

    def _flashing(self, name: str, region: np.ndarray) -> Field:
        """"flashing" when the patch changed (a share of its pixels moved far in colour) from one frame to the
        next at least once over the last FLASH_FRAMES frames, "still" otherwise; the first frames, with no
        history yet, are unsure."""
        previous, changes = self.flashes.get(name, (None, []))
        if previous is not None and previous.shape == region.shape:
            current = region.astype(np.float32)
            difference = current - previous
            moved = float(np.count_nonzero(np.einsum("ij,ij->i", difference, difference) > BUSY_DISTANCE ** 2)
                          ) / len(difference)
            changes = (changes + [moved])[-FLASH_FRAMES:]
        else:
            current = region.astype(np.float32)
        self.flashes[name] = (current, changes)
        if len(changes) < FLASH_FRAMES:
            return Field("still", 0.0)
        share = max(changes)
        confidence = min(1.0, abs(share - FLASH_SHARE) / FLASH_SHARE)
        return Field("flashing" if share >= FLASH_SHARE else "still", float(confidence))

    def _colour(self, region: np.ndarray, allowed: tuple[str, ...]) -> Field:
        colour = _chroma(_median(region))
        chroma = self._allowed_chroma.get(allowed)
        if chroma is None:
            chroma = self._allowed_chroma[allowed] = self.colour_chroma[[self.colour_names.index(c) for c in allowed]]
        difference = chroma - colour
        distances = np.sqrt(np.einsum("ij,ij->i", difference, difference))
        order = np.argsort(distances)
        if len(order) == 1:
            return Field(allowed[0], float(max(0.0, 1.0 - distances[0] * 4)))
        nearest, runner_up = distances[order[0]], distances[order[1]]
        return Field(allowed[order[0]], float(np.clip(1.0 - nearest / max(runner_up, 1e-6), 0.0, 1.0)))


def _distance(planes: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Each pixel's colour distance from its background in ink space (pic.INK_SPACE): `planes` the pixels as
    three planes R, G, B (3 x ..., uint8), `background` in ink space, broadcast against them."""
    ink = (pic.INK_SPACE.T @ planes.reshape(3, -1).astype(np.float32)).reshape(planes.shape)
    ink -= background
    ink *= ink
    return np.sqrt(ink[0] + ink[1] + ink[2])


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


def _chroma(rgb: np.ndarray) -> np.ndarray:
    """Chromaticity (r, g, b shares) and brightness: what gamma and gain shifts change least."""
    total = float(rgb.sum()) + 30.0            # dark colours: chromaticity is noise, the offset damps it
    return np.array([rgb[0] / total, rgb[1] / total, rgb[2] / total, rgb.max() / 255.0 * 0.5], np.float32)
