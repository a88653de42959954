"""Calibration: a layout profile for one console and one capture device, made from a few stills the players
capture on demand, each of a screen whose content they know:

- entry screens with typed entries (e.g. R S 2500 and B T 1234; R P 6789 and B S 9876): the digits, S P T,
  the flags' colours and the sea's;
- SELECT GAME: its title's letters;
- WAR GAME (any key but SPACE on SELECT GAME, then SPACE): its title's letters and "?";
- a result, with the winner named: the white of a loser's flag and the land's colour.

The layout (where the cartridge draws each readout, letter and flag) is the base profile's: a console draws
our cartridge where it draws it. What differs is learned:
1. the device's geometry: one perspective fit (board/screen/picture.py) lays what every still shows onto
   all of them together (scale, offset, rotation, keystone; overscan and black borders alike);
2. each symbol's shape: the cells of every still, sampled through that geometry, each cell's ink averaged over
   the 8244's dots (at the phase within a dot that looks most on-or-off), every sample of a symbol lined up
   and averaged; a dot is lit where the average reaches LIT of the sample's strongest;
3. the colours as this device shows them: flags, white flag, both backgrounds.
It then checks itself: every still is read again through the new profile and must read as it shows, each
symbol's margin over the nearest other symbol its runs allow is printed, and a symbol missing or too close
to another is refused in one line naming it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from . import picture as pic
from .profile import Profile

LIT = 0.55                  # share of a sample's strongest dot that a learned dot needs on average to be lit
REACH = 2                   # dots either way a run's cells are looked for around where the geometry puts them
DOUBT = (0.2, 0.8)          # a dot whose averaged ink lies in this range is decided by the blurred model
DOT_BLUR = (0.3, 0.15)      # Gaussian sigma (dots, across and down) of the shapes as stills show them
MIN_MARGIN = 0.04          # the least margin of a symbol's samples over the nearest other symbol
FIT_CONTRAST = 0.05        # the least a still's fit must stand above the fit moved half a line of text
CUT_SHARE = 0.25            # a line of the cell is used when the shapes light this share of the busiest
SETTLE_SEARCH = 6           # picture units a still's runs are looked for around the first fit
SETTLE_ROUNDS = 3           # rounds of correcting the geometry by where the stills' characters read
PATCH_REACH = 6             # picture units a flag's patch is looked for around where the geometry puts it
PATCH_SLACK = 0.05          # a move of a patch this much less on ink (a share, per still) as good as the best
FIT_STARTS = 12             # the best starting guesses refined (a periodic row of readouts has false basins)
DIGITS, WEAPONS = "0123456789", "?SPT"
KINDS = ("entry", "select", "wargame", "result")
TITLES = {"select": ("title_select", "SELECT GAME"), "wargame": ("title_wargame", "WAR GAME")}


class CalibrationError(ValueError):
    """Calibration that cannot find what it needs; str() says what, in one line."""


@dataclass(frozen=True)
class Typed:
    """What the players typed for one side, e.g. Typed("S", "2500")."""
    weapon: str
    energy: str

    @classmethod
    def parse(cls, text: str, side: str) -> "Typed":
        text = text.strip().upper()
        if len(text) != 5 or text[0] not in WEAPONS or not (text[1:].isascii() and text[1:].isdigit()):
            raise CalibrationError(f"--{side}: expected a weapon (S, P, T or ?) and 4 digits, e.g. S2500; "
                                   f"got {text!r}")
        return cls(text[0], text[1:])

    @property
    def shown(self) -> str:
        """The readout as the cartridge shows it: leading zeros blank."""
        return str(int(self.energy)).rjust(4)


@dataclass(frozen=True)
class Still:
    """One capture and what it shows."""
    frame: np.ndarray
    kind: str                        # entry, select, wargame or result
    name: str = "still"              # its file, for messages
    red: Typed | None = None         # entry: what each side typed
    blue: Typed | None = None
    winner: str | None = None        # result: red, blue or tie

    def texts(self) -> dict[str, str]:
        """What each run shows: characters, " " empty, "." unknown."""
        if self.kind == "entry":
            return {"red_energy": self.red.shown, "blue_energy": self.blue.shown,
                    "red_weapon": self.red.weapon, "blue_weapon": self.blue.weapon}
        if self.kind in TITLES:
            name, title = TITLES[self.kind]
            shown = {name: title}
            if self.kind == "wargame":
                shown.update(red_weapon="?", blue_weapon="?", red_energy="...#", blue_energy="...#")
            return shown
        return {"red_weapon": ".", "blue_weapon": ".", "red_energy": "...#", "blue_energy": "...#"}

    def expectation_texts(self) -> dict[str, str]:
        return {n: "".join(c if c in " ." else "#" for c in v) for n, v in self.texts().items()}

    def patches(self) -> tuple[str, ...]:
        return () if self.kind == "select" else ("red_flag", "blue_flag")


@dataclass
class Learned:
    """What calibration learned and how sure it is of each symbol."""
    profile: Profile
    pictures: list[np.ndarray]
    margins: dict[str, tuple[float, str]]      # symbol -> (its least margin, the nearest other symbol)
    scores: list[float]                        # how well each still fitted the geometry
    least: float = 1.0                         # the least confidence of a field read back from the stills


def _cells(weight: np.ndarray, cells: list[tuple[int, int]], cell_h: int, cell_w: int, base: Profile,
           box: np.ndarray | None = None):
    """Each cell's ink averaged over each dot, all the run's cells at one offset (within REACH dots either
    way: a geometry may be off by that much; a character set places its glyphs alike in every cell): the offset that
    takes in the most of the glyphs' ink, then looks most like on-or-off, then is nearest the profile's. Cells
    side by side with no gap (a title) take in as much ink at one offset as at the next (a neighbour's column
    comes in as one leaves): with `box` (the dots the set's glyphs use, learned from runs whose cells stand
    apart), the offset that puts the most ink inside the box and the least outside it."""
    rows, columns = cell_h // base.dot_height, cell_w // base.dot_width
    best = None
    if not cells:
        return []
    for py in range(-REACH * base.dot_height, REACH * base.dot_height + 1):
        for px in range(-REACH * base.dot_width, REACH * base.dot_width + 1):
            out = []
            for x, y in cells:
                cell = weight[max(0, y + py):y + py + cell_h, max(0, x + px):x + px + cell_w]
                if cell.shape != (cell_h, cell_w):
                    break
                out.append(cell.reshape(rows, base.dot_height, columns, base.dot_width).mean(axis=(1, 3)))
            else:
                top = max(float(d.max()) for d in out) or 1.0
                if box is None:
                    taken = sum(0.5 * float(d.sum()) for d in out)
                else:
                    taken = sum(float(d[box].sum() - d[~box].sum()) for d in out)
                score = taken + sum(float(np.abs(d - 0.5 * top).sum()) for d in out) \
                    - 0.05 * (abs(px) + abs(py)) * top * len(out)
                if best is None or score > best[0]:
                    best = (score, out)
    return best[1] if best else []


FINE = 2                    # calibration samples the stills' cells at this many points a picture unit
RUN_REACH = 3               # fine samples a run's cells may lie off the settled geometry (its local error)
CELL_REACH = 1              # fine samples each cell may lie off its run's place (under a quarter of a dot)
RUN_SLOPE = 1.0             # fine samples a cell a long run's cells may drift along it off the geometry's scale


def _fine_weights(still: Still, geometry, base: Profile, background: np.ndarray) -> np.ndarray:
    """A still's ink (distance from its background, unclipped) sampled FINE times a picture unit each way,
    through `geometry` (None: the still is the picture)."""
    if geometry is None:
        image = np.repeat(np.repeat(still.frame, FINE, axis=0), FINE, axis=1)
    else:
        frame, _ = pic.working(still.frame, base.height)
        us, vs = np.meshgrid((np.arange(base.width * FINE) + 0.5) / FINE, (np.arange(base.height * FINE) + 0.5) / FINE)
        x, y = geometry.map(us, vs)
        cv2 = pic.cv2()
        image = cv2.remap(np.ascontiguousarray(frame), x.astype(np.float32), y.astype(np.float32), cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    return pic.ink_distance(image.astype(np.float32), background)


def _patch(weight: np.ndarray, x: int, y: int, size: tuple[int, int], margin: int) -> np.ndarray:
    """The fine samples of a cell at picture (x, y) with `margin` fine samples around it (zeros off the edge)."""
    h, w = size[0] + 2 * margin, size[1] + 2 * margin
    top, left = y * FINE - margin, x * FINE - margin
    out = np.zeros((h, w), np.float32)
    part = weight[max(0, top):top + h, max(0, left):left + w]
    out[max(0, -top):max(0, -top) + part.shape[0], max(0, -left):max(0, -left) + part.shape[1]] = part
    return out


def _normalised(a: np.ndarray) -> np.ndarray:
    a = a.reshape(len(a), -1)
    a = a - a.mean(axis=1, keepdims=True)
    return a / np.maximum(np.linalg.norm(a, axis=1, keepdims=True), 1e-6)


def _on_grid(cells: list[tuple], base: Profile) -> tuple[list[np.ndarray], tuple[int, int]]:
    """Every shown cell of every still, `cells` [(fine ink of its still, x, y, symbol, run)], as its ink
    averaged over each of the 8244's dots (rows x columns). A character set draws alike in every cell, so no
    sample is placed by its own shape (a glyph drawn off its cell's centre, the narrow '1', would be moved to
    the others' centre); what may differ is where the geometry puts a run, by a unit or two (its local error):
    each run, all its cells together (a long run's cells along a slight drift, where the geometry's scale is
    a little off far from the status bar that mostly fixed it), is moved where its dots look most on-or-off;
    then one phase of the dot grid, common to every cell, is taken where the averages look most on-or-off."""
    cell_h, cell_w = (n * FINE for n in base.cell_size)
    dot_h, dot_w = base.dot_height * FINE, base.dot_width * FINE
    rows, columns = base.cell_size[0] // base.dot_height, base.cell_size[1] // base.dot_width
    reach = RUN_REACH
    # A cell's place along its run (in cells from the run's middle): a long run (a title) may lie a little
    # off the geometry's scale there, by RUN_SLOPE fine samples a cell at most (the fit's keystone and scale
    # are fixed mostly by the status bar; the titles lie far above it).
    along = np.zeros(len(cells))
    for i, c in enumerate(cells):
        along[i] = c[1]
    for run in {c[4] for c in cells}:
        members = [i for i, c in enumerate(cells) if c[4] == run]
        along[members] = (along[members] - along[members].mean()) / base.cell_size[1]
    bend = int(np.ceil(RUN_SLOPE * np.abs(along).max()))
    margin = reach + bend + CELL_REACH + max(dot_h, dot_w)
    patches = np.stack([_patch(w, x, y, (cell_h, cell_w), margin) for w, x, y, _, _ in cells])
    patches /= np.maximum(patches.max(axis=(1, 2), keepdims=True), 1e-6)
    symbols = [c[3] for c in cells]
    runs: dict = {}
    for i, c in enumerate(cells):
        runs.setdefault(c[4], []).append(i)
    offset = np.zeros((len(cells), 2), int)

    def dots(i, dy: int, dx: int) -> np.ndarray:
        """Cells `i` (an index or indices) sampled moved by (dy, dx) fine samples, as dots."""
        top, left = margin + dy, margin + dx
        part = patches[i, ..., top:top + cell_h, left:left + cell_w]
        # As shares of the cell's strongest fine sample: a stroke split between two dots looks it.
        return part.reshape(*part.shape[:-2], rows, dot_h, columns, dot_w).mean(axis=(-3, -1))

    def look(d: np.ndarray) -> float:
        """How much ink the dots take in and how on-or-off they look."""
        return 0.5 * float(d.sum()) + float(np.abs(d - 0.5).sum())

    def phase() -> tuple[int, int]:
        """The dot grid's phase common to every cell (within a dot either way), where the symbols' averages
        look most on-or-off."""
        best = None
        for py in range(-dot_h, dot_h + 1):
            for px in range(-dot_w, dot_w + 1):
                d = np.stack([np.mean([dots(i, py + offset[i][0], px + offset[i][1]) for i in range(len(cells))
                                       if symbols[i] == ch], axis=0) for ch in sorted(set(symbols))])
                score = look(d) - 0.01 * (abs(px) + abs(py)) * len(d)
                if best is None or score > best[0]:
                    best = (score, py, px)
        return best[1], best[2]

    py, px = phase()
    # Each run (a line of the geometry, its cells together) at the move within `reach` where its own dots
    # look most on-or-off: a half-dot error down mixes two rows of dots in every cell of the run.
    moves = [(dy, dx) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)]
    slopes = np.arange(-RUN_SLOPE, RUN_SLOPE + 0.01, 0.5)
    for members in runs.values():
        best = None
        for slope in (slopes if len(members) >= 3 else (0.0,)):
            bent = np.rint(slope * along[members]).astype(int)
            for dy, dx in moves:
                d = np.stack([dots(i, py + dy, px + dx + b) for i, b in zip(members, bent)])
                score = look(d) - 0.05 * (abs(dy) + abs(dx) + abs(slope)) * len(members)
                if best is None or score > best[0]:
                    best = (score, dy, dx, bent)
        _, dy, dx, bent = best
        offset[members, 0] = dy
        offset[members, 1] = dx + bent
    offset -= np.rint(np.median(offset, axis=0)).astype(int)     # the grid is the geometry's, as a whole
    py, px = phase()
    # Each cell then within CELL_REACH fine samples of its run's place, where its own dots look most
    # on-or-off: what is left of the geometry's local error (a rotation or keystone it has a little wrong)
    # smears a cell's dots by a fraction of one, differently in every still; never near a whole dot, so no
    # cell leaves its run's grid.
    for i in range(len(cells)):
        best = None
        for ey in range(-CELL_REACH, CELL_REACH + 1):
            for ex in range(-CELL_REACH, CELL_REACH + 1):
                score = look(dots(i, py + offset[i][0] + ey, px + offset[i][1] + ex)) - 0.05 * (abs(ey) + abs(ex))
                if best is None or score > best[0]:
                    best = (score, ey, ex)
        offset[i] += best[1:]
    out = []
    for i in range(len(cells)):
        top, left = margin + py + offset[i][0], margin + px + offset[i][1]
        part = patches[i, top:top + cell_h, left:left + cell_w]
        out.append(part.reshape(rows, dot_h, columns, dot_w).mean(axis=(1, 3)))
    return out, (py, px)


def _box(samples: dict[str, list[np.ndarray]]) -> np.ndarray:
    """The dots a character set's glyphs use (rows x columns, bool): the lines and columns where the samples
    together hold at least CUT_SHARE of the busiest line's or column's ink."""
    mean = np.mean([d / max(float(d.max()), 1e-6) for v in samples.values() for d in v], axis=0)
    rows, columns = mean.sum(axis=1), mean.sum(axis=0)
    return (rows >= CUT_SHARE * rows.max())[:, None] & (columns >= CUT_SHARE * columns.max())[None, :]


def _centre(dots: np.ndarray) -> np.ndarray:
    """The centre of a sample's bounding box of lit dots (row, column)."""
    rows, cols = np.nonzero(dots >= 0.5 * max(float(dots.max()), 1e-6))
    return np.array([(rows.min() + rows.max()) / 2, (cols.min() + cols.max()) / 2]) if len(rows) else np.zeros(2)


def _shift(dots: np.ndarray, dy: int, dx: int) -> np.ndarray:
    out = np.zeros_like(dots)
    h, w = dots.shape
    out[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] = dots[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
    return out


def _placed(samples: dict[str, list[np.ndarray]]) -> dict[str, list[np.ndarray]]:
    """Every sample moved by whole dots so its bounding box is centred where most samples' are: a character
    set places its glyphs alike in the cell, and a blurred glyph narrower than the cell leaves the offset
    a run was sampled at ambiguous by a dot."""
    centre = np.median([_centre(d) for v in samples.values() for d in v], axis=0)
    out = {}
    for ch, v in samples.items():
        out[ch] = []
        for d in v:
            dy, dx = np.rint(centre - _centre(d)).astype(int)
            out[ch].append(_shift(d, int(dy), int(dx)))
    return out


def _blurred(bits: np.ndarray) -> np.ndarray:
    """A shape as a capture's path shows it, in dots: spread across by composite video, a little down."""
    import cv2
    return cv2.GaussianBlur(bits.astype(np.float32), (0, 0), sigmaX=DOT_BLUR[0], sigmaY=DOT_BLUR[1],
                            borderType=cv2.BORDER_CONSTANT)


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a - a.mean(), b - b.mean()
    return float((a * b).sum() / max(np.sqrt((a * a).sum() * (b * b).sum()), 1e-9))


def _shape(average: np.ndarray) -> np.ndarray:
    """The lit dots whose blurred picture correlates best with the averaged samples: a threshold first, then
    dots flipped one at a time while that improves the fit (a one-dot stroke blurred across keeps half its
    ink, a two-dot stroke nearly all: no single threshold suits both)."""
    bits = average >= LIT
    best = _correlation(_blurred(bits), average)
    doubtful = [(r, c) for r, c in np.ndindex(bits.shape) if DOUBT[0] <= average[r, c] <= DOUBT[1]]
    for _ in range(4):
        improved = False
        for r, c in doubtful:        # a dot clearly lit or dark in every sample stays as it is
            bits[r, c] = not bits[r, c]
            value = _correlation(_blurred(bits), average)
            if value > best + 1e-4:
                best, improved = value, True
            else:
                bits[r, c] = not bits[r, c]
        if not improved:
            break
    return bits


def _median_colour(picture: np.ndarray, patch) -> tuple[int, int, int]:
    region = picture[patch.y:patch.y + patch.height, patch.x:patch.x + patch.width].reshape(-1, 3)
    return tuple(int(round(float(v))) for v in np.median(region, axis=0))


def needed(base: Profile) -> str:
    """Every symbol the base profile's runs may show, in a fixed order."""
    out = []
    for t in base.texts:
        for c in t.alphabet:
            if c != " " and c not in out:
                out.append(c)
    return "".join(sorted(out, key=lambda c: (c not in DIGITS, c not in WEAPONS, c)))


def calibrate(stills: list[Still], base: Profile, name: str = "calibrated") -> Learned:
    if not stills:
        raise CalibrationError("no stills given")
    for s in stills:
        if s.kind not in KINDS:
            raise CalibrationError(f"{s.name}: a still is one of {', '.join(KINDS)}, not {s.kind!r}")
    size = stills[0].frame.shape[:2]
    for s in stills[1:]:
        if s.frame.shape[:2] != size:
            raise CalibrationError(f"{s.name}: {s.frame.shape[1]}x{s.frame.shape[0]}, the first still is "
                                   f"{size[1]}x{size[0]}: every still must come from the same device and mode")
    # 1. The geometry, every still together.
    exact = size == (base.height, base.width)
    images, field = [], False
    for s in stills:
        image, field = pic.working(s.frame, base.height)
        images.append(np.ascontiguousarray(image))
    expectations = [pic.Expectation.build(base, s.expectation_texts(), s.patches()) for s in stills]
    if exact:
        geometry = pic.Geometry(np.eye(3), False, (size[1], size[0]))
        scores = [1.0] * len(stills)
    else:
        params, scores = pic.fit(images, expectations, base.width, base.height, keep=FIT_STARTS, polish=3, field=field,
                                 grows=pic.FINE_GROWS)
        geometry = pic.geometry_from(params, stills[0].frame.shape, field, base.width, base.height, min(scores))
        # A still shows what it is said to show when its ink lies on the expected rows and not half a cell
        # above or below them. (How much of the boxes the ink fills depends on the glyph set: thin glyphs drawn
        # at one side of their cells fill a third of what bold ones do; the still is read back in full below.)
        half = base.cell_size[0] / 2
        for s, image, expectation, score in zip(stills, images, expectations, scores):
            ink = pic.ink(image)[0]
            moved = max(pic._score(ink, expectation, geometry.matrix @ np.array([[1, 0, 0], [0, 1, dv], [0, 0, 1.0]]))
                        for dv in (-half, half))
            if score - moved < FIT_CONTRAST:
                raise CalibrationError(f"{s.name}: does not look like the {s.kind} screen described (fit "
                                       f"{score:.2f}, {moved:.2f} half a line of text off): check the still and "
                                       "what was typed")
    profile, pictures, samples = _learn(stills, base, name, None if exact else geometry)
    for _ in range(2 if not exact else 0):
        # Shapes cut off at one side of the cell with room at the other: the geometry is off by a dot there
        # (a field's line is a whole dot); the cells are moved and everything learned again.
        du, dv = (_cut(profile.glyphs, axis) for axis in (0, 1))
        if (du, dv) == (0, 0):
            break
        move = np.array([[1, 0, du * base.dot_width], [0, 1, dv * base.dot_height], [0, 0, 1]], float)
        geometry = pic.Geometry(geometry.matrix @ move, geometry.field, geometry.size, geometry.score)
        profile, pictures, samples = _learn(stills, base, name, geometry)
    if not exact:
        # The fit lays boxes on the ink; the stills read through what was learned show where each character
        # really lies (a glyph set may draw at one side of its cells): the geometry corrected by that, and
        # everything learned again through it.
        for _ in range(SETTLE_ROUNDS):
            better = _settled(profile, stills, geometry)
            if better is None:
                break
            geometry = better
            profile, pictures, samples = _learn(stills, base, name, geometry)
    profile, pictures, samples = _learn(stills, base, name, None if exact else geometry, grid=True)
    margins = _margins(profile, samples)
    close = sorted((m, ch, other) for ch, (m, other) in margins.items() if m < MIN_MARGIN)
    if close:
        m, ch, other = close[0]
        raise CalibrationError(f"{ch!r} is too close to {other!r} (margin {m:.2f}, at least {MIN_MARGIN} needed): "
                               "capture it sharper, or more stills showing it")
    least = _check(profile, stills)
    return Learned(profile, pictures, margins, scores, least)


def _learn(stills: list[Still], base: Profile, name: str, geometry, grid: bool = False,
           aligned: bool = False) -> tuple[Profile, list, dict]:
    """Symbols and colours learned from the stills through `geometry` (None: the stills are the picture):
    (the profile, each still's picture, each symbol's samples). On the grid, the cells are where the dots'
    phase puts them: the geometry is moved by that phase and everything learned again through it (unless
    `aligned`), so the profile's geometry puts every cell where its shape was learned."""
    pictures = [pic.to_picture(s.frame, base.width, base.height, geometry) for s in stills]
    # 2. Symbols.
    cell_h, cell_w = base.cell_size
    samples: dict[str, list[np.ndarray]] = {}
    runs = []
    for s, picture in zip(stills, pictures):
        _, background = pic.ink(picture)          # the picture's background; the ink unclipped, so blur
        weight = (_fine_weights(s, geometry, base, background) if grid      # keeps its share
                  else pic.ink_distance(picture.astype(np.float32), background))
        for run, value in s.texts().items():
            t = base.text(run)
            shown = [(k, ch) for k, ch in enumerate(value) if ch not in " .#"]
            if shown:
                runs.append((weight, t, shown))
    # Runs whose cells stand apart first (the readouts, the weapon letters): where the set draws in its cells
    # is learned from them; then the runs of cells side by side (the titles), placed by it.
    apart = [r for r in runs if r[1].cells == 1 or r[1].pitch >= cell_w + 2 * base.dot_width]
    packed = [r for r in runs if not (r[1].cells == 1 or r[1].pitch >= cell_w + 2 * base.dot_width)]
    if grid:
        cells = [(fine, t.x + k * t.pitch, t.y, ch, (n, t.name)) for n, (fine, t, shown) in enumerate(runs)
                 for k, ch in shown]
        dots, (py, px) = _on_grid(cells, base)
        if geometry is not None and (py, px) != (0, 0) and not aligned:
            move = np.array([[1, 0, px / FINE], [0, 1, py / FINE], [0, 0, 1]], float)
            moved = pic.Geometry(geometry.matrix @ move, geometry.field, geometry.size, geometry.score)
            return _learn(stills, base, name, moved, grid=True, aligned=True)
        for (*_, ch, _), d in zip(cells, dots):
            samples.setdefault(ch, []).append(d)
    else:
        box = None
        for group in (apart, packed):
            if group is packed and samples:
                box = _box(_placed(samples))
            for weight, t, shown in group:
                dots = _cells(weight, [(t.x + k * t.pitch, t.y) for k, _ in shown], cell_h, cell_w, base, box)
                for (_, ch), d in zip(shown, dots):
                    samples.setdefault(ch, []).append(d)
        samples = _placed(samples)
    learned = {ch: _shape(np.mean([d / max(float(d.max()), 1e-6) for d in v], axis=0)) for ch, v in samples.items()}
    missing = [c for c in needed(base) if c not in learned]
    if missing:
        raise CalibrationError(f"never shown, so their shapes are unknown: {' '.join(missing)} (capture "
                               f"{_where(missing)})")
    glyphs = {ch: learned[ch] for ch in needed(base)}
    # 3. Colours as this device shows them, each patch where the stills show it.
    colours = dict(base.colours)
    patches = _found_patches(stills, pictures, base)
    for s, picture in zip(stills, pictures):
        if s.kind == "entry":
            colours["red"], colours["blue"] = (_median_colour(picture, patches["red_flag"]),
                                               _median_colour(picture, patches["blue_flag"]))
            colours["sea_blue"] = _median_colour(picture, patches["background"])
        if s.kind == "result":
            loser = {"red": "blue", "blue": "red", "tie": "red"}[s.winner]
            colours["white"] = _median_colour(picture, patches[f"{loser}_flag"])
            colours["land"] = _median_colour(picture, patches["background"])
    for needed_colour, still in (("white", "a result"), ("land", "a result"), ("red", "an entry screen")):
        if needed_colour in base.colours and needed_colour not in colours:
            raise CalibrationError(f"no {needed_colour} learned: capture {still}")
    capture = None if geometry is None else (geometry.size, geometry.field, tuple(geometry.params()))
    profile = replace(base, name=name, glyphs=glyphs, colours=colours, source="", capture=capture,
                      patches=tuple(patches[p.name] for p in base.patches))
    profile = Profile.parse(profile.to_toml(), f"<{name}>")
    return profile, pictures, samples


def _found_patches(stills: list[Still], pictures: list[np.ndarray], base: Profile) -> dict:
    """The base profile's patches, each solid one (a flag) the stills show moved to where they show it: the
    geometry is laid on the characters, and a set that draws them at one side of its cells, or a scale a
    little off far from the titles, leaves a flag a few units from where the layout puts it (its patch then
    takes in the land or the black beyond the picture's edge). A flag is where its patch, moved within
    PATCH_REACH units, lies wholly on ink in every still showing it: of the moves where it does nearly as well
    as the best, the middle one."""
    out = {p.name: p for p in base.patches}
    weights = [pic.ink(picture)[0] if s.patches() else None for s, picture in zip(stills, pictures)]
    moves = [(du, dv) for dv in range(-PATCH_REACH, PATCH_REACH + 1) for du in range(-PATCH_REACH, PATCH_REACH + 1)]
    for p in base.patches:
        shown = [w for s, w in zip(stills, weights) if p.name in s.patches()]
        if not shown:
            continue
        scores = np.zeros(len(moves))
        for k, (du, dv) in enumerate(moves):
            x, y = p.x + du, p.y + dv
            if x < 0 or y < 0 or x + p.width > base.width or y + p.height > base.height:
                scores[k] = -np.inf
                continue
            # All of it on the flag: the least ink but a few pixels (noise, a blurred corner).
            scores[k] = sum(float(np.percentile(w[y:y + p.height, x:x + p.width], 10)) for w in shown)
        near = np.array(moves)[scores >= scores.max() - PATCH_SLACK * len(shown)]
        du, dv = (int(v) for v in np.rint(near.mean(axis=0)))
        out[p.name] = replace(p, x=p.x + du, y=p.y + dv)
    return out


def _cut(glyphs: dict[str, np.ndarray], axis: int) -> int:
    """-1 or 1 (dots, along `axis`: 0 across, 1 down) when the shapes together touch one side of the cell and
    leave the other free (the cells should move that way), else 0."""
    counts = np.sum(np.stack(list(glyphs.values())), axis=(0, 1 + axis))
    used = counts >= CUT_SHARE * max(int(counts.max()), 1)      # a stray dot or two does not use a line
    low, high = not used[0], not used[-1]
    return 1 if (used[-1] and low) else -1 if (used[0] and high) else 0


def _settled(profile: Profile, stills: list[Still], geometry):
    """The geometry corrected by where every still's characters were read (as they show) through `profile`."""
    from .reader import Reader
    points = []
    for s in stills:
        reader = Reader(profile, search=SETTLE_SEARCH)
        reader.use(geometry)
        reader.settle = False
        reading = reader.read(s.frame)
        shown = {n: v for n, v in s.texts().items() if "." not in v and "#" not in v}
        points.append(reader.placements(reading.fields, shown))
    points = np.concatenate(points)
    return pic.settled(geometry, points, profile.width, profile.height, keystone=True) if len(points) >= 3 else None


def _where(missing: list[str]) -> str:
    hints = []
    if any(c in DIGITS + "SPT" for c in missing):
        hints.append("entry screens typing them, e.g. R P 6789 and B S 9876")
    if "?" in missing or any(c in "WR" for c in missing):
        hints.append("the WAR GAME screen")
    if any(c in "SELCTGAM" for c in missing):
        hints.append("SELECT GAME")
    return " and ".join(hints) or "a screen showing them"


def _margins(profile: Profile, samples: dict[str, list[np.ndarray]]) -> dict[str, tuple[float, str]]:
    """Each symbol's least margin over its samples: correlation with its own learned shape minus the best
    correlation with another symbol that shares a run with it (the reader only chooses within a run)."""
    from .reader import _templates
    names = list(profile.glyphs)
    shapes = _templates(np.stack([profile.glyphs[n].astype(np.float32) for n in names]))
    rivals = {n: set() for n in names}
    for t in profile.texts:
        for c in t.alphabet:
            if c in rivals:
                rivals[c] |= {o for o in t.alphabet if o not in (" ", c)}
    out = {}
    for ch, dots in samples.items():
        if ch not in rivals or not rivals[ch]:
            continue
        worst = None
        for d in dots:       # each sample at the whole-dot shift that fits its own shape best (the reader searches)
            shifted = np.stack([np.roll(np.roll(d, dy, axis=0), dx, axis=1).astype(np.float32)
                                for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
            rows = _templates(shifted) @ shapes.T
            row = rows[int(np.argmax(rows[:, names.index(ch)]))]
            margin = min((float(row[names.index(ch)] - row[names.index(o)]), o) for o in rivals[ch])
            worst = margin if worst is None or margin < worst else worst
        out[ch] = worst
    return out


def _check(profile: Profile, stills: list[Still]) -> float:
    """Every still read again through the new profile must read as it shows (a reader of its own each, the
    still repeated as a capture would be); returns the least confidence of a field read."""
    from .reader import Reader
    least = 1.0
    for s in stills:
        reader = Reader(profile)
        reading = None
        for _ in range(2):
            reading = reader.read(s.frame)
        expected = {"entry": "entry", "select": "select", "wargame": "wargame", "result": "result"}[s.kind]
        if reading.screen != expected:
            shown = ", ".join(f"{n} {reading.fields[n].value!r}" for n in s.texts() if n in reading.fields)
            raise CalibrationError(f"{s.name}: read back as {reading.screen or 'no screen'} ({shown}), not "
                                   f"{expected}: the stills disagree (another device or mode?)")
        for run, value in s.texts().items():
            if "." in value or "#" in value:
                continue
            f = reading.fields[run]
            if f.value != value:
                raise CalibrationError(f"{s.name}: {run} read back as {f.value!r}, not {value!r}")
            if f.confidence <= 0:
                raise CalibrationError(f"{s.name}: {run} read back as {value!r} but its glyphs fit it poorly: "
                                       "capture it sharper")
            least = min(least, f.confidence)
        if s.kind == "result":
            loser = {"red": ("blue_flag",), "blue": ("red_flag",), "tie": ("red_flag", "blue_flag")}[s.winner]
            for flag in loser:
                if reading[flag] != "white":
                    raise CalibrationError(f"{s.name}: {flag} read back as {reading[flag]}, not white")
    return least


def picture(learned: Learned, scale: int = 2) -> np.ndarray:
    """What calibration learned: each still as the reader sees it (the profile's cells and patches drawn on
    it), then every symbol's shape with its margin and every colour."""
    import cv2
    profile = learned.profile
    cell_h, cell_w = profile.cell_size
    tiles = []
    for image in learned.pictures:
        tile = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
        for t in profile.texts:
            for k in range(t.cells):
                x, y = (t.x + k * t.pitch) * scale, t.y * scale
                cv2.rectangle(tile, (x, y), (x + cell_w * scale - 1, y + cell_h * scale - 1), (255, 255, 0), 1)
        for p in profile.patches:
            cv2.rectangle(tile, (p.x * scale, p.y * scale), ((p.x + p.width) * scale - 1,
                                                             (p.y + p.height) * scale - 1), (0, 255, 0), 1)
        tiles.append(tile)
    width = tiles[0].shape[1]
    rows = [np.concatenate(tiles[i:i + 2] + ([np.zeros_like(tiles[0])] if len(tiles[i:i + 2]) == 1 else []), axis=1)
            for i in range(0, len(tiles), 2)]
    sheet_w = rows[0].shape[1]
    dot = 3 * scale
    names = list(profile.glyphs)
    glyph_w = (profile.glyphs[names[0]].shape[1] + 2) * dot
    per_row = max(1, sheet_w // glyph_w)
    glyph_h = (profile.glyphs[names[0]].shape[0] + 5) * dot
    sheet = np.full((glyph_h * ((len(names) + per_row - 1) // per_row) + 40, sheet_w, 3), 32, np.uint8)
    for i, ch in enumerate(names):
        x0, y0 = (i % per_row) * glyph_w + dot, (i // per_row) * glyph_h + dot
        for r, c in zip(*np.nonzero(profile.glyphs[ch])):
            sheet[y0 + r * dot:y0 + (r + 1) * dot - 1, x0 + c * dot:x0 + (c + 1) * dot - 1] = 255
        margin = learned.margins.get(ch)
        label = f"{ch} {margin[0]:.2f}" if margin else ch
        cv2.putText(sheet, label, (x0, y0 + glyph_h - 2 * dot), cv2.FONT_HERSHEY_PLAIN, 0.9, (200, 200, 200), 1)
    y = sheet.shape[0] - 34
    for i, (n, rgb) in enumerate(profile.colours.items()):
        x = 8 + i * (sheet_w // max(1, len(profile.colours)))
        sheet[y:y + 16, x:x + 24] = rgb
        cv2.putText(sheet, n, (x, y + 30), cv2.FONT_HERSHEY_PLAIN, 0.8, (200, 200, 200), 1)
    del width
    return np.concatenate(rows + [sheet])
