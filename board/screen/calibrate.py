"""Calibration: a layout profile made from captures of a cartridge's entry screen on which the players typed
known entries (e.g. R S 2500 and B T 1234).

The character cell's size is the console's (8 x 7 dots: the 8244 draws every cartridge's characters the
same way); everything else is learned:
1. the picture is normalised as the reader does, and its foreground (far from the background colour) split
   into blobs;
2. glyph-sized blobs are grouped into rows; in the left half of the picture the row that spells the red
   energy's digit count is the red readout, in the right half the blue one; the readouts' cell grid is fitted
   to the blobs (pitch and origin);
3. the flag of each side is the largest solid blob in its half, the weapon letter the glyph-sized blob
   nearest the flag outside the readout;
4. each typed character's cell gives its glyph: the cell's foreground averaged over each dot, over every
   sample of that character;
5. the colours "red" and "blue" become the flags' colours as the captures show them (white, a loser's flag,
   is not on the entry screen: the base's stays).
The base profile (ours by default) supplies the screens and the fields not on the entry screen.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .picture import to_picture
from .profile import Patch, Profile, Text

FOREGROUND = 60.0           # colour distance from the background that counts as drawn
LIT = 0.6                   # share of a glyph's strongest dot that a learned dot needs to count as lit
SOLID = 0.8                 # share of its bounding box a flag's blob fills
DIGITS, WEAPONS = "0123456789", "?SPT"


class CalibrationError(ValueError):
    """Calibration that cannot find what it needs; str() says what, in one line."""


@dataclass(frozen=True)
class Typed:
    """What the players typed for one side, e.g. Typed("S", "2500") ("?" when no weapon was chosen)."""
    weapon: str
    energy: str

    @classmethod
    def parse(cls, text: str, side: str) -> "Typed":
        text = text.strip().upper()
        if len(text) != 5 or text[0] not in WEAPONS or not (text[1:].isascii() and text[1:].isdigit()):
            raise CalibrationError(f"--{side}: expected a weapon (S, P, T or ?) and 4 digits, e.g. S2500; "
                                   f"got {text!r}")
        return cls(text[0], text[1:])


@dataclass(frozen=True)
class Blob:
    x: int
    y: int
    w: int
    h: int
    area: int


@dataclass
class Found:
    """What calibration found on one capture (for the picture and the profile)."""
    picture: np.ndarray
    texts: dict[str, Text]
    patches: dict[str, Patch]
    samples: list[tuple[str, np.ndarray]]          # (character, its cell's foreground as dots)


def _blobs(foreground: np.ndarray) -> list[Blob]:
    count, _, stats, _ = cv2.connectedComponentsWithStats(foreground.astype(np.uint8), connectivity=8)
    return [Blob(*map(int, stats[i, :5])) for i in range(1, count)]


def _weight(distance: np.ndarray) -> np.ndarray:
    """How surely each pixel is drawn: 0 at half the foreground threshold, 1 at 1.5 times it."""
    return np.clip(distance / FOREGROUND - 0.5, 0, 1)


def _foreground(picture: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    p = picture.astype(np.float32)
    background = np.median(p.reshape(-1, 3)[::7], axis=0)
    return np.linalg.norm(p - background, axis=2), background


def _solid(b: Blob) -> bool:
    """A filled patch (a flag), not a character: characters light well under this share of their box."""
    return min(b.w, b.h) >= 8 and b.area >= SOLID * b.w * b.h


def _glyph_rows(blobs: list[Blob], cell_h: int, cell_w: int) -> list[list[Blob]]:
    """Glyph-sized blobs grouped into rows (tops within a dot of each other), each sorted by x."""
    glyphs = sorted((b for b in blobs if 2 <= b.h <= cell_h + 2 and b.w <= cell_w + 2 and b.area >= 4
                     and not _solid(b)),
                    key=lambda b: (b.y, b.x))
    rows: list[list[Blob]] = []
    for b in glyphs:
        row = next((r for r in rows if abs(r[0].y + r[0].h / 2 - (b.y + b.h / 2)) <= cell_h / 2), None)
        (row.append(b) if row else rows.append([b]))
    return [sorted(r, key=lambda b: b.x) for r in rows]


def _adjacent(blobs: list[Blob], pitch: int) -> bool:
    """Blobs in neighbouring cells: centres about a pitch apart (glyphs sit anywhere inside their cells)."""
    centres = [b.x + b.w / 2 for b in blobs]
    return all(0.4 * pitch <= b - a <= 1.6 * pitch for a, b in zip(centres, centres[1:]))


def _fit_run(row: list[Blob], ink: np.ndarray, count: int, cell_h: int, cell_w: int, pitch: int, base: Profile):
    """(x, y) of the first cell of a run of `count` cells over these blobs. `ink` is the foreground of every
    capture together, so a glyph that leaves its cell's edge blank in one capture is filled by another. The
    origin must take in all the ink near the blobs; among such origins (on the dot grid of the ink) the one
    that centres the ink wins, as character sets centre their shapes."""
    # Ink of these cells lies within a cell of the blobs' far edges.
    top0, left0 = max(0, max(b.y + b.h for b in row) - cell_h), max(0, row[0].x + row[0].w - cell_w)
    near = ink[top0:min(b.y for b in row) + cell_h, left0:row[-1].x + cell_w] > 0.25
    ys, xs = np.nonzero(near)
    top, bottom = top0 + int(ys.min()), top0 + int(ys.max()) + 1
    left, right = left0 + int(xs.min()), left0 + int(xs.max()) + 1
    span_w = (count - 1) * pitch + cell_w
    slack_x, slack_y = max(0, span_w - (right - left)), max(0, cell_h - (bottom - top))
    dots_x = (slack_x // 2) // base.dot_width * base.dot_width
    dots_y = (slack_y // 2) // base.dot_height * base.dot_height
    return max(0, left - dots_x), max(0, top - dots_y)


def find(picture: np.ndarray, red: Typed, blue: Typed, base: Profile, ink: np.ndarray | None = None,
         known: "Found | None" = None) -> Found:
    """What one capture (as a picture) shows. The fields are found on it, their cells fitted to `ink` (every
    capture's foreground together); with `known` (the first capture's findings) the fields are taken where
    they were found there, and only the glyph samples are new."""
    distance, _ = _foreground(picture)
    weight = _weight(distance)
    if ink is None:
        ink = weight
    if known is not None:
        samples = []
        cell_h, cell_w = base.cell_size
        for side, typed in (("red", red), ("blue", blue)):
            run, letter = known.texts[f"{side}_energy"], known.texts[f"{side}_weapon"]
            samples += [(ch, _dots(weight, run.x + k * run.pitch, run.y, cell_h, cell_w, base))
                        for k, ch in enumerate(typed.energy)]
            samples.append((typed.weapon, _dots(weight, letter.x, letter.y, cell_h, cell_w, base)))
        return Found(picture, known.texts, known.patches, samples)
    mask = distance > FOREGROUND
    blobs = _blobs(mask)
    cell_h, cell_w = base.cell_size
    pitch = base.text("red_energy").pitch
    rows = _glyph_rows(blobs, cell_h, cell_w)
    texts, patches, samples = {}, {}, []
    for side, typed, half in (("red", red, 0), ("blue", blue, 1)):
        n = len(typed.energy)
        in_half = [[b for b in r if (b.x + b.w / 2 >= base.width / 2) == bool(half)] for r in rows]
        # The readout: as many glyph blobs as digits typed, side by side a cell apart.
        runs = [r[i:i + n] for r in in_half for i in range(len(r) - n + 1) if _adjacent(r[i:i + n], pitch)]
        if not runs:
            raise CalibrationError(f"no run of {n} characters spaced {pitch} pixels on the {side} half: "
                                   "is this the entry screen with the energies typed?")
        run = runs[0]
        x, y = _fit_run(run, ink, n, cell_h, cell_w, pitch, base)
        texts[f"{side}_energy"] = Text(f"{side}_energy", x, y, n, pitch, DIGITS + " ")
        for k, ch in enumerate(typed.energy):
            samples.append((ch, _dots(weight, x + k * pitch, y, cell_h, cell_w, base)))
        # The flag: the largest solid blob in this half.
        solid = [b for b in blobs if _solid(b) and (b.x + b.w / 2 >= base.width / 2) == bool(half)]
        if not solid:
            raise CalibrationError(f"no flag found on the {side} half")
        flag = max(solid, key=lambda b: b.area)
        inset = max(1, min(flag.w, flag.h) // 5)
        patches[f"{side}_flag"] = Patch(f"{side}_flag", flag.x + inset, flag.y + inset,
                                        max(1, flag.w - 2 * inset), max(1, flag.h - 2 * inset), "colour",
                                        base_patch_colours(base, f"{side}_flag"))
        # The weapon letter: the glyph-sized blob nearest the flag that is not part of a readout.
        centre = np.array([flag.x + flag.w / 2, flag.y + flag.h / 2])
        letters = [b for r in in_half for b in r if b not in run]
        if not letters:
            raise CalibrationError(f"no weapon letter found near the {side} readout")
        letter = min(letters, key=lambda b: np.linalg.norm(np.array([b.x + b.w / 2, b.y + b.h / 2]) - centre))
        lx, ly = _fit_run([letter], ink, 1, cell_h, cell_w, pitch, base)
        texts[f"{side}_weapon"] = Text(f"{side}_weapon", lx, ly, 1, pitch, WEAPONS)
        samples.append((typed.weapon, _dots(weight, lx, ly, cell_h, cell_w, base)))
    return Found(picture, texts, patches, samples)


def base_patch_colours(base: Profile, name: str) -> tuple[str, ...]:
    return next((p.colours for p in base.patches if p.name == name), ())


def _dots(weight: np.ndarray, x: int, y: int, cell_h: int, cell_w: int, base: Profile) -> np.ndarray:
    """The cell's ink averaged over each dot. A capture's dots rarely fall on whole pixels: of the phases
    within a dot, the one whose dots look most like on-or-off is taken."""
    rows, columns = cell_h // base.dot_height, cell_w // base.dot_width
    best = None
    for py in range(base.dot_height):
        for px in range(base.dot_width):
            cell = weight[y + py:y + py + cell_h, x + px:x + px + cell_w]
            if cell.shape != (cell_h, cell_w):
                continue
            dots = cell[:rows * base.dot_height, :columns * base.dot_width] \
                .reshape(rows, base.dot_height, columns, base.dot_width).mean(axis=(1, 3))
            crisp = float(np.abs(dots - 0.5).sum())
            if best is None or crisp > best[0]:
                best = (crisp, dots)
    return best[1]


def _aligned(samples: list[np.ndarray]) -> list[np.ndarray]:
    """Samples of one glyph moved by whole dots (at most one) to line up with the first: two readouts may
    be registered a dot apart on a capture."""
    first, out = samples[0], [samples[0]]
    for sample in samples[1:]:
        shifts = [np.roll(np.roll(sample, dy, axis=0), dx, axis=1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        out.append(max(shifts, key=lambda s: float((s * first).sum())))
    return out


def calibrate(captures: list[tuple[np.ndarray, Typed, Typed]], base: Profile, name: str = "calibrated") \
        -> tuple[Profile, list[Found]]:
    """A profile from one or more (frame, red typed, blue typed) captures of the entry screen."""
    pictures = [to_picture(frame, base.width, base.height) for frame, _, _ in captures]
    ink = np.max([_weight(_foreground(p)[0]) for p in pictures], axis=0)
    first = find(pictures[0], captures[0][1], captures[0][2], base, ink)
    found = [first] + [find(p, red, blue, base, known=first) for p, (_, red, blue) in zip(pictures[1:], captures[1:])]
    texts = {t.name: t for t in base.texts}
    patches = {p.name: p for p in base.patches}
    texts.update(first.texts)
    patches.update(first.patches)
    sums: dict[str, list[np.ndarray]] = {}
    for f in found:
        for ch, dots in f.samples:
            sums.setdefault(ch, []).append(dots)
    # A dot is lit where the samples' ink, each scaled to its own strongest dot, averages LIT or more: a
    # blurred capture spreads a dot's ink half into its neighbours, which must stay dark.
    learned = {ch: np.mean([d / max(float(d.max()), 1e-6) for d in _aligned(v)], axis=0) >= LIT
               for ch, v in sums.items()}
    missing = [c for c in DIGITS + "SPT" if c not in learned]
    if missing:
        raise CalibrationError("these characters were never typed, so their shapes are unknown: "
                               f"{' '.join(missing)} (add a capture with entries that show them, e.g. "
                               f"R P 6789 and B S 9876)")
    # The flags' colours as this console shows them: each flag's median over every capture.
    colours = dict(base.colours)
    for side in ("red", "blue"):
        p = patches[f"{side}_flag"]
        medians = [np.median(f.picture[p.y:p.y + p.height, p.x:p.x + p.width].reshape(-1, 3), axis=0) for f in found]
        colours[side] = tuple(int(round(float(v))) for v in np.median(medians, axis=0))
    glyphs = dict(base.glyphs)
    glyphs.update(learned)
    if "?" not in learned:        # a capture before the weapons were chosen teaches "?"; until then, the base's
        glyphs["?"] = base.glyphs.get("?", np.zeros_like(next(iter(learned.values()))))
    profile = replace(base, name=name, glyphs=glyphs, colours=colours, texts=tuple(texts.values()), patches=tuple(patches.values()),
                      source="")
    return Profile.parse(profile.to_toml(), f"<{name}>"), found


def picture(found: Found, profile: Profile, scale: int = 3) -> np.ndarray:
    """The capture as the reader sees it, every field's box drawn on it, and the learned glyphs below."""
    image = cv2.resize(found.picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    cell_h, cell_w = profile.cell_size
    for t in found.texts.values():
        for k in range(t.cells):
            x, y = (t.x + k * t.pitch) * scale, t.y * scale
            cv2.rectangle(image, (x, y), (x + cell_w * scale - 1, y + cell_h * scale - 1), (255, 255, 0), 1)
    for p in found.patches.values():
        cv2.rectangle(image, (p.x * scale, p.y * scale), ((p.x + p.width) * scale - 1, (p.y + p.height) * scale - 1),
                      (0, 255, 0), 2)
    names = [c for c in DIGITS + WEAPONS if c in profile.glyphs]
    dot = scale * 2
    sheet = np.full((cell_h // profile.dot_height * dot + 2 * dot, image.shape[1], 3), 32, np.uint8)
    for i, ch in enumerate(names):
        bits = profile.glyphs[ch]
        x0 = dot + i * (bits.shape[1] + 2) * dot
        if x0 + bits.shape[1] * dot > sheet.shape[1]:
            break
        for r, c in zip(*np.nonzero(bits)):
            sheet[dot + r * dot:dot + (r + 1) * dot, x0 + c * dot:x0 + (c + 1) * dot] = 255
    return np.concatenate([image, sheet])
