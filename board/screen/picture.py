"""From a captured frame to the profile's picture: where the console's picture lies in the frame, found by what
it shows, and the picture's pixels sampled through that fit.

A frame of exactly the picture's size (our emulator's screen) is the picture. A capture (640x480, 720x480,
720x576, 1280x720, 1920x1080, ...) is another matter: its picture may be cropped by overscan (so its edges say
nothing), letterboxed or pillarboxed, scaled by any factor, slightly rotated or keystoned. A `Geometry` maps
picture coordinates (units: 360 x 243 for the Odyssey²) to the frame's pixels by a perspective transform
(scale, offset, rotation, keystone). It is found by content (`locate`): the frame's ink (pixels far in colour
from the picture's background, black borders excluded) is compared with where the profile says ink must be
(`Expectation`: the flags, the weapon letters, the readouts' units digits, or on calibration stills every
character typed) and the transform that lays the expectation best onto the ink wins, from several starting
guesses refined step by step. A frame with about twice the picture's lines is read one field (even lines):
a capture device weaves two console frames into one and a moving picture combs.

Reading then samples only the pixels the profile reads (`Sampler`): each text run's cells with a margin for
the reader's small search, and each patch, mapped through the geometry once and interpolated from the frame
with one remap per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

BLACK = 40               # a pixel whose brightest channel is below this is border (or a black object): no ink
INK = 40.0               # colour distance from the background at which a pixel is surely ink
FIELD_SHARE = 1.8        # a frame with this many times the picture's lines or more is read one field
MERGE_PIXELS = 600       # sampled rectangles are joined while their box adds at most this many pixels (one more
                         # remap call costs about as much CPU as interpolating that many)


# Ink is told from the background by brightness first, colour less: composite video keeps brightness sharp and
# smears colour over several pixels. Rows: luma, and the two chroma axes (NTSC YIQ) at a third of their weight.
INK_SPACE = (np.diag([1.0, 1 / 3, 1 / 3]) @ np.array([[0.299, 0.587, 0.114], [0.5959, -0.2746, -0.3213],
                                                     [0.2115, -0.5227, 0.3112]])).T.astype(np.float32)


def ink_distance(pixels: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Distance of each pixel (last axis RGB) from the background colour, brightness weighed above colour."""
    d = (pixels - background) @ INK_SPACE
    return np.sqrt(np.einsum("...i,...i->...", d, d))


_CV2 = None


def cv2():
    """OpenCV, imported only where a capture is handled; single-threaded: the reader's work per frame is
    small, and waking a thread pool for it costs more CPU than it saves."""
    global _CV2
    if _CV2 is None:
        import cv2 as module
        module.setNumThreads(1)
        _CV2 = module
    return _CV2


@dataclass(frozen=True)
class Geometry:
    """Picture units -> frame pixels. `matrix` is 3x3 on the working image: the frame, or its even lines
    when `field`. `score` is how well the expectation lay on the ink when it was found (0-1)."""
    matrix: np.ndarray
    field: bool
    size: tuple[int, int]             # (width, height) of the frames it was fitted on
    score: float = 1.0

    def map(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        m = self.matrix
        w = m[2, 0] * u + m[2, 1] * v + m[2, 2]
        return (m[0, 0] * u + m[0, 1] * v + m[0, 2]) / w, (m[1, 0] * u + m[1, 1] * v + m[1, 2]) / w

    def params(self) -> list[float]:
        return [float(x) for x in self.matrix.reshape(-1)]


def working(frame: np.ndarray, picture_height: int) -> tuple[np.ndarray, bool]:
    """The image geometry works on: the frame, or one field of it."""
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"expected an RGB frame (H x W x 3), got shape {frame.shape}")
    if frame.shape[0] >= FIELD_SHARE * picture_height:
        return frame[::2], True
    return frame, False


def _matrix(p: np.ndarray, width: int, height: int) -> np.ndarray:
    """The transform of parameters (sx, sy, tx, ty, rotation radians, keystone): picture (u, v) scaled about
    the picture's centre, the top narrowed by `keystone` (share of the width), rotated, then moved so the
    picture's centre lands at (tx, ty)."""
    sx, sy, tx, ty, angle, keystone = p
    cu, cv = width / 2, height / 2
    c, s = math.cos(angle), math.sin(angle)
    # Keystone: the scale across grows linearly from (1 - k) at the top to 1 at the bottom; as a projective
    # map, lines stay lines: x' = x / w, w = 1 + k' (y - bottom) with k' chosen for the top's factor.
    k = keystone / max(height, 1)
    centre = np.array([[1, 0, -cu], [0, 1, -cv], [0, 0, 1]], float)
    scale = np.array([[sx, 0, 0], [0, sy, 0], [0, 0, 1]], float)
    project = np.array([[1, 0, 0], [0, 1, 0], [0, -k / sy, 1 + k * cv]], float)
    rotate = np.array([[c, -s, tx], [s, c, ty], [0, 0, 1]], float)
    return rotate @ project @ scale @ centre


def ink(image: np.ndarray, background: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """How surely each pixel is drawn (0-1, float32) and the background colour: the colour distance from the
    picture's background (the median of its non-black pixels), black border pixels excluded."""
    img = image.astype(np.float32)
    bright = img.max(axis=2)
    if background is None:
        sample = img[::4, ::4].reshape(-1, 3)
        lit = sample[sample.max(axis=1) >= BLACK]
        background = np.median(lit if len(lit) else sample, axis=0)
    distance = ink_distance(img, background)
    weight = np.clip(distance / INK - 0.25, 0, 1)
    weight[bright < BLACK] = 0
    return weight.astype(np.float32), background


@dataclass
class Expectation:
    """Where ink must be (weight > 0) and must not be (weight < 0), as points on the picture."""
    u: np.ndarray
    v: np.ndarray
    weight: np.ndarray

    @classmethod
    def build(cls, profile, shown: dict[str, str], patches: tuple[str, ...] = ()) -> "Expectation":
        """`shown`: text run name -> what it shows (a space: an empty cell, "." a cell that may or may not
        show something); `patches`: solid patches (flags). Ink inside every shown character's box (inset
        by a dot), no ink in the gaps around them."""
        cell_h, cell_w = profile.cell_size
        want = np.zeros((profile.height, profile.width), np.float32)
        near = np.zeros_like(want, dtype=bool)
        dot_w, dot_h = profile.dot_width, profile.dot_height
        for name, value in shown.items():
            t = profile.text(name)
            for k, ch in enumerate(value[:t.cells]):
                x, y = t.x + k * t.pitch, t.y
                near[max(0, y - cell_h // 2):y + cell_h + cell_h // 2,
                     max(0, x - cell_w // 2):x + cell_w + cell_w // 2] = True
                if ch == ".":
                    want[y:y + cell_h, x:x + cell_w] = np.nan
                elif ch != " ":
                    want[y + dot_h // 2:y + cell_h - dot_h // 2, x + dot_w:x + cell_w - dot_w] = 1
        for name in patches:
            # A patch is the inside of a solid object whose edges lie a little beyond it: ink inside, nothing
            # said about a few units around it, none further out.
            p = next(p for p in profile.patches if p.name == name)
            near[max(0, p.y - 10):p.y + p.height + 10, max(0, p.x - 10):p.x + p.width + 10] = True
            ring = want[max(0, p.y - 4):p.y + p.height + 4, max(0, p.x - 4):p.x + p.width + 4]
            ring[ring == 0] = np.nan
            want[p.y:p.y + p.height, p.x:p.x + p.width] = 2
        empty = near & (np.nan_to_num(want, nan=-1) == 0)
        inked = np.nan_to_num(want) > 0
        vs, us = np.nonzero(inked | empty)
        weight = np.where(inked[vs, us], want[vs, us] / max(float(want[inked].sum()), 1e-6),
                          -1.0 / max(int(empty.sum()), 1)).astype(np.float32)
        step = max(1, len(us) // 6000)           # a few thousand points are plenty
        return cls(us[::step].astype(np.float32) + 0.5, vs[::step].astype(np.float32) + 0.5, weight[::step] * step)


def _score(ink_map: np.ndarray, expectation: Expectation, matrix: np.ndarray) -> float:
    u, v = expectation.u, expectation.v
    w = matrix[2, 0] * u + matrix[2, 1] * v + matrix[2, 2]
    x = ((matrix[0, 0] * u + matrix[0, 1] * v + matrix[0, 2]) / w).astype(np.float32)
    y = ((matrix[1, 0] * u + matrix[1, 1] * v + matrix[1, 2]) / w).astype(np.float32)
    values = cv2().remap(ink_map, x[None], y[None], cv2().INTER_LINEAR, borderMode=cv2().BORDER_CONSTANT,
                         borderValue=0)[0]
    return float((values * expectation.weight).sum())


UNIT_ASPECT = 0.9        # a picture unit's width over its height on a display (360 x 243 units fill 4:3)
ASPECT_SLACK = 0.03      # the relative departure from the expected aspect that costs PRIOR
PRIOR = 0.01             # score a rotation of 1 degree, or a keystone of 2 %, must gain to be taken
STEPS = (0.02, 0.02, 3.0, 3.0, math.radians(0.25), 0.01)      # first steps of (sx, sy, tx, ty, angle, keystone)
LIMITS = ((None, None), (None, None), (None, None), (None, None), (-math.radians(1.5), math.radians(1.5)),
          (-0.05, 0.05))


def expected_aspect(frame_width: int, frame_height: int, field: bool) -> float:
    """sy / sx (frame pixels per unit down over across) a capture device gives: a frame as wide as 16:9 has
    square pixels on a 16:9 display, any other a 4:3 display (720 x 480 and 720 x 576 have non-square
    pixels, 640 x 480 square ones); one field has half the lines."""
    display = 16 / 9 if frame_width / frame_height > 1.6 else 4 / 3
    pixel_aspect = display * frame_height / frame_width          # a pixel's width over its height
    return pixel_aspect / UNIT_ASPECT / (2 if field else 1)


def _refine(ink_map, expectations, start, width, height, rounds: int = 6, aspect: float | None = None):
    """Coordinate ascent from `start`: each parameter moved by its step while that improves the sum of the
    expectations' scores, the steps halved each round."""
    p = list(start)
    scale = (p[0], p[1])
    steps = [STEPS[0] * scale[0], STEPS[1] * scale[1], STEPS[2] * scale[0], STEPS[3] * scale[1], STEPS[4], STEPS[5]]

    def total(q):
        # A rotation or keystone must earn its place: the readout rows alone hardly fix them, and a slight
        # one that fits them no better would throw off what lies far from them.
        prior = PRIOR * (abs(q[4]) / math.radians(1.0) + abs(q[5]) / 0.02)
        if aspect:
            prior += PRIOR * abs(math.log(q[1] / q[0] / aspect)) / ASPECT_SLACK
        return sum(_score(i, e, _matrix(q, width, height)) for i, e in zip(ink_map, expectations)) - prior
    best = total(p)
    for _ in range(rounds):
        moved = True
        while moved:
            moved = False
            for i in range(6):
                for sign in (1, -1):
                    q = list(p)
                    q[i] += sign * steps[i]
                    low, high = LIMITS[i]
                    if (low is not None and q[i] < low) or (high is not None and q[i] > high):
                        continue
                    value = total(q)
                    if value > best + 1e-6:
                        p, best, moved = q, value, True
                        break
        steps = [s / 2 for s in steps]
    return p, best


def lit_box(image: np.ndarray) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the rows and columns that are not black (the whole image if none)."""
    bright = image[::2, ::2].max(axis=2)
    rows = np.flatnonzero(np.median(bright, axis=1) >= BLACK) * 2
    cols = np.flatnonzero(np.median(bright, axis=0) >= BLACK) * 2
    if len(rows) < 8 or len(cols) < 8:
        return 0, 0, image.shape[1], image.shape[0]
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 2, int(rows[-1]) + 2


GROWS = (1.0, 1.06, 1.12, 1.18)     # the picture's width over the lit box's tried by a reader looking for it
FINE_GROWS = tuple(1.0 + 0.03 * k for k in range(10))   # and by calibration, which has the time for more: a
                                                        # tenth and a bit lost on each side, in steps a fit's
                                                        # basin spans with every run of cells on its place


def starts(box, width: int, height: int, aspect: float, grows=GROWS):
    """Starting guesses: the picture as wide as the lit box, or overscanned by up to a tenth on each side (its
    centre then anywhere within the crop), as tall as the expected aspect makes it, centred or moved up or
    down by up to a tenth of its height."""
    left, top, right, bottom = box
    for grow in grows:
        sx = (right - left) / width * grow
        sy = sx * aspect
        cx, cy = (left + right) / 2, (top + bottom) / 2
        spare_x = (grow - 1) * width * sx / 2
        for dx in ((0.0,) if grow == 1.0 else (-spare_x, 0.0, spare_x)):
            for dy in (-0.1, -0.05, 0.0, 0.05, 0.1):
                yield [sx, sy, cx + dx, cy + dy * height * sy, 0.0, 0.0]


def fit(images, expectations, width: int, height: int, keep: int = 3, field: bool = False, grows=GROWS,
        polish: int | None = None):
    """The geometry laying the expectations best onto the images' ink (every image one capture of the same
    device): (parameters, score per image). The `keep` best starts are refined on the blurred ink, the
    `polish` best of those (all by default) on the ink itself."""
    maps = [ink(im)[0] for im in images]
    blurred = [cv2().GaussianBlur(m, (0, 0), 1.5) for m in maps]     # a smoother landscape for the first steps
    box = lit_box(images[0])
    frame_h = images[0].shape[0] * (2 if field else 1)
    aspect = expected_aspect(images[0].shape[1], frame_h, field)
    tried = []
    for start in starts(box, width, height, aspect, grows):
        total = sum(_score(m, e, _matrix(start, width, height)) for m, e in zip(blurred, expectations))
        tried.append((total, start))
    tried.sort(key=lambda t: -t[0])
    rough = sorted((_refine(blurred, expectations, start, width, height, rounds=3, aspect=aspect)
                    for _, start in tried[:keep]), key=lambda r: -r[1])
    best = None
    for p, _ in rough[:polish or keep]:
        p, value = _refine(maps, expectations, p, width, height, rounds=4, aspect=aspect)
        if best is None or value > best[1]:
            best = (p, value)
    p = best[0]
    return p, [_score(m, e, _matrix(p, width, height)) for m, e in zip(maps, expectations)]


SETTLE_RESIDUAL = 1.5    # picture units: cells scattered more than this about the fitted correction say nothing
SETTLE_SCALE = 0.05      # the largest change of scale or shear a correction may make


def settled(geometry: Geometry, points: np.ndarray, width: int, height: int, least: float = 1.0,
            keystone: bool = False) -> Geometry | None:
    """The geometry corrected by where characters were found: `points` rows (u, v, du, dv) say a cell the
    geometry puts at (u, v) was read best at (u + du, v + dv). An affine correction on the picture (shift,
    scale, shear; pulled gently toward none where the points do not fix it, e.g. a scale down from one row)
    is fitted by least squares; with `keystone` (points on rows far apart, as calibration's stills give) a
    projective one, so a keystone the fit took wrongly, a scale across that changes down the picture, is
    undone too, and moves of half a unit are worth making (a still is read once, not frame after frame).
    None when it would move nothing by `least` units or more (half a unit with `keystone`), or the points
    disagree."""
    if len(points) < 3:
        return None
    u, v, du, dv = (points[:, k].astype(float) for k in range(4))
    cu, cv = width / 2, height / 2
    x, y = (u - cu) / width, (v - cv) / height
    a = np.stack([np.ones_like(u), x, y], axis=1)
    ridge = 0.05 * np.sqrt(len(u)) * np.diag([0.0, 1.0, 1.0])          # no pull on the shift
    solve = [np.linalg.lstsq(np.vstack([a, ridge]), np.concatenate([d, np.zeros(3)]), rcond=None)[0] for d in (du, dv)]
    cx, cy = solve
    moved_u, moved_v = a @ cx, a @ cy
    if keystone:
        # Linearised: u' = (x + a0 + a1 x + a2 y) / (1 + g x + h y) moves a point by about
        # a0 + a1 x + a2 y - x (g x + h y) across and b0 + b1 x + b2 y - y (g x + h y) down (in widths, heights).
        zero = np.zeros_like(x)
        across = np.stack([np.ones_like(x), x, y, zero, zero, zero, -x * x, -x * y], axis=1) * width
        down = np.stack([zero, zero, zero, np.ones_like(x), x, y, -x * y, -y * y], axis=1) * height
        system = np.vstack([across, down, 0.05 * np.sqrt(len(u)) * np.diag([0, 1, 1, 0, 1, 1, 1, 1]) * width])
        c = np.linalg.lstsq(system, np.concatenate([du, dv, np.zeros(8)]), rcond=None)[0]
        moved_u, moved_v = across @ c, down @ c
        if np.sqrt(np.mean((moved_u - du) ** 2 + (moved_v - dv) ** 2)) > SETTLE_RESIDUAL:
            return None
        if max(np.abs(moved_u).max(), np.abs(moved_v).max()) < 0.5 or np.abs(c[[1, 2, 4, 5, 6, 7]]).max() > SETTLE_SCALE:
            return None
        normal = np.array([[1 / width, 0, -cu / width], [0, 1 / height, -cv / height], [0, 0, 1]])
        correction = np.linalg.inv(normal) @ np.array([[1 + c[1], c[2], c[0]], [c[4], 1 + c[5], c[3]],
                                                       [c[6], c[7], 1.0]]) @ normal
        return Geometry(geometry.matrix @ correction, geometry.field, geometry.size, geometry.score)
    if np.sqrt(np.mean((moved_u - du) ** 2 + (moved_v - dv) ** 2)) > SETTLE_RESIDUAL:
        return None
    if max(np.abs(moved_u).max(), np.abs(moved_v).max()) < least:
        return None
    if max(abs(cx[1]) / width, abs(cx[2]) / height, abs(cy[1]) / width, abs(cy[2]) / height) > SETTLE_SCALE:
        return None
    # Picture -> picture: (u, v) -> (u + du(u, v), v + dv(u, v)), then the geometry's own map.
    correction = np.array([[1 + cx[1] / width, cx[2] / height, cx[0] - cx[1] * cu / width - cx[2] * cv / height],
                           [cy[1] / width, 1 + cy[2] / height, cy[0] - cy[1] * cu / width - cy[2] * cv / height],
                           [0.0, 0.0, 1.0]])
    return Geometry(geometry.matrix @ correction, geometry.field, geometry.size, geometry.score)


def geometry_from(params, frame_shape, field: bool, width: int, height: int, score: float) -> Geometry:
    return Geometry(_matrix(params, width, height), field, (frame_shape[1], frame_shape[0]), score)


class Sampler:
    """The picture sampled from frames through one geometry: sets of its pixels, each mapped once and remapped
    per frame straight into the order its reader wants (`pixels`), and the pixels the profile reads (runs with a
    margin, patches) as a few rectangles of a picture whose rest stays black (`sample`)."""

    def __init__(self, geometry: Geometry, regions: np.ndarray, width: int, height: int):
        self.geometry, self.width = geometry, width
        self._maps: dict = {}
        self.picture = np.zeros((height, width, 3), np.uint8)
        self.parts = []
        for top, bottom, left, right in rectangles(regions):
            us, vs = np.meshgrid(np.arange(left, right) + 0.5, np.arange(top, bottom) + 0.5)
            x, y = geometry.map(us, vs)
            # Fixed-point maps: remap's fastest form.
            map1, map2 = cv2().convertMaps(x.astype(np.float32), y.astype(np.float32), cv2().CV_16SC2)
            self.parts.append((map1, map2, self.picture[top:bottom, left:right]))

    def pixels(self, image: np.ndarray, key, indices: np.ndarray) -> np.ndarray:
        """The picture's pixels at `indices` (indices into its pixel rows, any shape; `key` names the set, whose
        maps are made once) as `indices.shape` x 3, each exactly as `sample` gives it: its map is the same."""
        maps = self._maps.get(key)
        if maps is None:
            if len(self._maps) > 4096:
                self._maps.clear()
            vs, us = np.divmod(indices.reshape(1, -1) if indices.ndim < 2 else indices.reshape(len(indices), -1),
                               self.width)
            x, y = self.geometry.map(us + 0.5, vs + 0.5)
            maps = self._maps[key] = cv2().convertMaps(x.astype(np.float32), y.astype(np.float32), cv2().CV_16SC2)
        out = cv2().remap(image, *maps, cv2().INTER_LINEAR, borderMode=cv2().BORDER_CONSTANT, borderValue=(0, 0, 0))
        return out.reshape(indices.shape + (3,))

    def sample(self, image: np.ndarray) -> np.ndarray:
        for map1, map2, place in self.parts:
            # Straight into the picture: a view of it is a matrix with a longer row step to OpenCV.
            cv2().remap(image, map1, map2, cv2().INTER_LINEAR, dst=place, borderMode=cv2().BORDER_CONSTANT,
                        borderValue=(0, 0, 0))
        return self.picture


def rectangles(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """(top, bottom, left, right) rectangles covering the mask's pixels: each row's runs of set pixels, rows
    in a row with the same runs joined."""
    out, open_runs = [], {}
    for y in range(mask.shape[0] + 1):
        row = mask[y] if y < mask.shape[0] else np.zeros(mask.shape[1], bool)
        edges = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(np.int8), [0]))))
        runs = set(zip(edges[::2].tolist(), edges[1::2].tolist()))
        for run in list(open_runs):
            if run not in runs:
                out.append((open_runs.pop(run), y, *run))
        for run in runs:
            open_runs.setdefault(run, y)
    # Fewer, larger rectangles: two whose bounding box adds few pixels are one (each remap call has its cost).
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                box = (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))
                if _area(box) - _area(a) - _area(b) <= MERGE_PIXELS:
                    out[i] = box
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def _area(box) -> int:
    return (box[1] - box[0]) * (box[3] - box[2])


def regions(profile, margin: int) -> np.ndarray:
    """The picture's pixels the reader looks at: every run's cells with `margin` around, every patch."""
    mask = np.zeros((profile.height, profile.width), bool)
    cell_h, cell_w = profile.cell_size
    for t in profile.texts:
        mask[max(0, t.y - margin):t.y + cell_h + margin,
             max(0, t.x - margin):t.x + (t.cells - 1) * t.pitch + cell_w + margin] = True
    for p in profile.patches:
        mask[p.y:p.y + p.height, p.x:p.x + p.width] = True
    return mask


def to_picture(frame: np.ndarray, width: int, height: int, geometry: Geometry | None = None) -> np.ndarray:
    """The whole picture (uint8, height x width) through `geometry` (a frame of the picture's size as it is)."""
    if geometry is None:
        if frame.shape[:2] != (height, width):
            raise ValueError(f"a {frame.shape[1]}x{frame.shape[0]} frame needs its geometry to become the picture")
        return frame
    image, _ = working(frame, height)
    us, vs = np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5)
    x, y = geometry.map(us, vs)
    return cv2().remap(np.ascontiguousarray(image), x.astype(np.float32), y.astype(np.float32),
                       cv2().INTER_LINEAR, borderMode=cv2().BORDER_CONSTANT, borderValue=(0, 0, 0))
