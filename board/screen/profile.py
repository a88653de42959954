"""Layout profiles: where a cartridge shows what, in a validated data file, never in code.

A profile (TOML, format documented in board/screen/PROFILES.md) describes one cartridge's screens as the
reader sees them on the *picture*: the active picture of a frame scaled to `picture.width` x `picture.height`
(360 x 243 for the Odyssey²: one unit is one VDC half-clock across and one raster line down, so our emulator's
frames are pictures as they are). It holds:

- `[glyphs]`: the character shapes, as rows of '#' and '.' (one dot each), and the size of a dot on the picture;
- `[colours]`: the named colours that patches are classified into (RGB as a clean picture shows them);
- `[[text]]`: runs of character cells (a readout, a weapon letter, a title) and the glyphs each may show;
- `[[patch]]`: rectangles measured by colour (a flag), by how busy they are, or by whether they flash
  (fireworks);
- `[[screen]]`: how each screen is recognised, by conditions on texts and patches.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from cart.files import TEXT_LIMIT, InputFileError, read_text

from ..toml_text import parse_toml

FORMAT, VERSION = "o2-screen-profile", 1
MEASURES = ("colour", "busy", "flashing")
SPACE = " "


class ProfileError(ValueError):
    """A profile that cannot be used; str() names the file, the key and the problem."""

    def __init__(self, path, key: str, reason: str):
        super().__init__(f"{path}: {key}: {reason}" if key else f"{path}: {reason}")


@dataclass(frozen=True)
class Text:
    name: str
    x: int
    y: int
    cells: int
    pitch: int
    alphabet: str          # the glyph names this run may show; " " = an empty cell

    @property
    def numeric(self) -> bool:
        """A run of digits and blanks: a number, its leading zeros blank."""
        return set(self.alphabet) <= set("0123456789 ") and " " in self.alphabet


@dataclass(frozen=True)
class Patch:
    name: str
    x: int
    y: int
    width: int
    height: int
    measure: str           # "colour": the named colour covering most of it; "busy": the share not background;
                           # "flashing": whether it changed over the last few frames (fireworks)
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class Condition:
    field: str
    pattern: re.Pattern


@dataclass(frozen=True)
class Screen:
    name: str
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class Profile:
    name: str
    width: int
    height: int
    dot_width: int
    dot_height: int
    glyphs: dict[str, np.ndarray]          # name -> bool (rows, columns)
    colours: dict[str, tuple[int, int, int]]
    texts: tuple[Text, ...]
    patches: tuple[Patch, ...]
    screens: tuple[Screen, ...]
    source: str = ""
    # What every screen that matters shows, to find the picture in a capture by: run name -> one mark a
    # cell ("#" ink, " " empty, "." either), and solid patches (PROFILES.md, [locate]).
    locate_texts: tuple[tuple[str, str], ...] = ()
    locate_patches: tuple[str, ...] = ()
    # A capture device's geometry learned by calibration: frame (width, height), one field or not, and the
    # 3x3 matrix from picture units to the frame's (or field's) pixels.
    capture: tuple | None = None

    @property
    def cell_size(self) -> tuple[int, int]:
        """(height, width) of one character cell on the picture."""
        rows, columns = next(iter(self.glyphs.values())).shape
        return rows * self.dot_height, columns * self.dot_width

    def text(self, name: str) -> Text:
        return next(t for t in self.texts if t.name == name)

    @classmethod
    def load(cls, source) -> "Profile":
        """A shipped profile by name (board/screen/profiles/<name>.toml) or a path to one."""
        path = Path(source)
        if path.suffix != ".toml":
            shipped = resources.files("board.screen").joinpath("profiles", f"{source}.toml")
            if not shipped.is_file():
                raise ProfileError(source, "", "no such shipped profile")
            return cls.parse(shipped.read_text(encoding="utf-8"), f"board/screen/profiles/{source}.toml")
        try:
            text = read_text(path, TEXT_LIMIT, "layout profile")
        except InputFileError as err:
            raise ProfileError(path, "", err.reason) from None
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text: str, path: str = "<profile>") -> "Profile":
        data = parse_toml(text, lambda message: ProfileError(path, "", message), "a profile")
        return _Reader(path, data).profile()

    def to_toml(self) -> str:
        """The profile as a file `load` reads back (calibration writes profiles with it)."""
        out = [f'format = "{FORMAT}"', f"version = {VERSION}", f"name = {_q(self.name)}", "",
               "[picture]", f"width = {self.width}", f"height = {self.height}", "",
               "[glyphs]", f"dot_width = {self.dot_width}", f"dot_height = {self.dot_height}", "",
               "[glyphs.shapes]"]
        for name, bits in self.glyphs.items():
            rows = ", ".join(_q("".join("#" if b else "." for b in row)) for row in bits)
            out.append(f"{_q(name)} = [{rows}]")
        out += ["", "[colours]"] + [f"{_q(n)} = [{r}, {g}, {b}]" for n, (r, g, b) in self.colours.items()]
        for t in self.texts:
            out += ["", "[[text]]", f"name = {_q(t.name)}", f"x = {t.x}", f"y = {t.y}", f"cells = {t.cells}",
                    f"pitch = {t.pitch}", f"alphabet = {_q(t.alphabet)}"]
        for p in self.patches:
            out += ["", "[[patch]]", f"name = {_q(p.name)}", f"x = {p.x}", f"y = {p.y}", f"width = {p.width}",
                    f"height = {p.height}", f"measure = {_q(p.measure)}"]
            if p.colours:
                out.append("colours = [" + ", ".join(map(_q, p.colours)) + "]")
        for s in self.screens:
            out += ["", "[[screen]]", f"name = {_q(s.name)}"]
            out.append("when = { " + ", ".join(f"{c.field} = {_q(c.pattern.pattern)}" for c in s.conditions) + " }")
        if self.locate_texts or self.locate_patches:
            out += ["", "[locate]", "texts = { " + ", ".join(f"{n} = {_q(v)}" for n, v in self.locate_texts) + " }",
                    "patches = [" + ", ".join(map(_q, self.locate_patches)) + "]"]
        if self.capture:
            (w, h), field, matrix = self.capture
            out += ["", "[capture]", f"width = {w}", f"height = {h}", f"field = {'true' if field else 'false'}",
                    "matrix = [" + ", ".join(repr(float(x)) for x in matrix) + "]"]
        return "\n".join(out) + "\n"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Reader:
    """Checks a parsed profile key by key."""

    def __init__(self, path: str, data: dict):
        self.path, self.data = path, data

    def fail(self, key: str, reason: str):
        raise ProfileError(self.path, key, reason)

    def get(self, table: dict, key: str, kind, where: str):
        if key not in table:
            self.fail(f"{where}{key}", "missing")
        value = table[key]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(f"{where}{key}", f"expected {kind.__name__}, found {type(value).__name__}")
        return value

    def number(self, table: dict, key: str, where: str, low: int, high: int) -> int:
        value = self.get(table, key, int, where)
        if not low <= value <= high:
            self.fail(f"{where}{key}", f"must be from {low} to {high}, not {value}")
        return value

    def unknown(self, table: dict, known: set, where: str):
        extra = sorted(set(table) - known)
        if extra:
            self.fail(f"{where}{extra[0]}", "unknown key")

    def profile(self) -> Profile:
        d = self.data
        if d.get("format") != FORMAT:
            self.fail("format", f'expected "{FORMAT}"')
        if d.get("version") != VERSION:
            self.fail("version", f"this reader knows version {VERSION}, not {d.get('version')!r}")
        self.unknown(d, {"format", "version", "name", "picture", "glyphs", "colours", "text", "patch", "screen", "locate",
                          "capture"}, "")
        picture = self.get(d, "picture", dict, "")
        width = self.number(picture, "width", "picture.", 16, 4096)
        height = self.number(picture, "height", "picture.", 16, 4096)
        glyphs = self.glyphs(self.get(d, "glyphs", dict, ""))
        colours = {}
        for name, rgb in self.get(d, "colours", dict, "").items():
            if not (isinstance(rgb, list) and len(rgb) == 3
                    and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in rgb)):
                self.fail(f"colours.{name}", "expected [R, G, B], each 0-255")
            colours[name] = tuple(rgb)
        g = self.get(d, "glyphs", dict, "")
        dot_w, dot_h = self.number(g, "dot_width", "glyphs.", 1, 16), self.number(g, "dot_height", "glyphs.", 1, 16)
        cell_h, cell_w = (np.array(next(iter(glyphs.values())).shape) * (dot_h, dot_w))
        names: set[str] = set()
        texts = []
        for i, t in enumerate(self.get(d, "text", list, "") if "text" in d else [], 1):
            where = f"text[{i}]."
            self.unknown(t, {"name", "x", "y", "cells", "pitch", "alphabet"}, where)
            name = self.name(t, where, names)
            text = Text(name, self.number(t, "x", where, 0, width - cell_w), self.number(t, "y", where, 0, height - cell_h),
                        self.number(t, "cells", where, 1, 64), self.number(t, "pitch", where, cell_w, width),
                        self.get(t, "alphabet", str, where))
            if text.x + (text.cells - 1) * text.pitch + cell_w > width:
                self.fail(f"{where}cells", "the run leaves the picture")
            missing = [c for c in text.alphabet if c != SPACE and c not in glyphs]
            if missing or not text.alphabet:
                self.fail(f"{where}alphabet", f"no glyph {missing[0]!r}" if missing else "empty")
            texts.append(text)
        patches = []
        for i, p in enumerate(self.get(d, "patch", list, "") if "patch" in d else [], 1):
            where = f"patch[{i}]."
            self.unknown(p, {"name", "x", "y", "width", "height", "measure", "colours"}, where)
            name = self.name(p, where, names)
            x, y = self.number(p, "x", where, 0, width - 1), self.number(p, "y", where, 0, height - 1)
            patch = Patch(name, x, y, self.number(p, "width", where, 1, width - x),
                          self.number(p, "height", where, 1, height - y), self.get(p, "measure", str, where),
                          tuple(p.get("colours", ())))
            if patch.measure not in MEASURES:
                self.fail(f"{where}measure", f"one of {', '.join(MEASURES)}")
            for c in patch.colours:
                if c not in colours:
                    self.fail(f"{where}colours", f"no colour {c!r} in [colours]")
            if patch.measure == "colour" and not patch.colours:
                self.fail(f"{where}colours", "a colour patch needs the colours it may show")
            patches.append(patch)
        screens = []
        for i, s in enumerate(self.get(d, "screen", list, "") if "screen" in d else [], 1):
            where = f"screen[{i}]."
            self.unknown(s, {"name", "when"}, where)
            conditions = []
            for field, pattern in self.get(s, "when", dict, where).items():
                if field not in names:
                    self.fail(f"{where}when.{field}", "no text or patch of that name")
                try:
                    conditions.append(Condition(field, re.compile(str(pattern))))
                except re.error as err:
                    self.fail(f"{where}when.{field}", f"bad pattern ({err})")
            screens.append(Screen(self.get(s, "name", str, where), tuple(conditions)))
        locate_texts, locate_patches = self.locate(d.get("locate"), {t.name: t for t in texts},
                                                   {p.name for p in patches})
        return Profile(str(d.get("name", "")), width, height, dot_w, dot_h, glyphs, colours, tuple(texts),
                       tuple(patches), tuple(screens), self.path, locate_texts, locate_patches,
                       self.capture(d.get("capture")))

    def locate(self, table, texts: dict, patches: set):
        if table is None:
            return (), ()
        if not isinstance(table, dict):
            self.fail("locate", "expected a table")
        self.unknown(table, {"texts", "patches"}, "locate.")
        marks = []
        for name, value in (table.get("texts") or {}).items():
            if name not in texts:
                self.fail(f"locate.texts.{name}", "no text of that name")
            if not isinstance(value, str) or len(value) != texts[name].cells or set(value) - {"#", " ", "."}:
                self.fail(f"locate.texts.{name}", f"one of '#', ' ', '.' for each of its {texts[name].cells} cells")
            marks.append((name, value))
        named = table.get("patches") or []
        if not isinstance(named, list) or any(n not in patches for n in named):
            self.fail("locate.patches", "a list of patch names")
        return tuple(marks), tuple(named)

    def capture(self, table):
        if table is None:
            return None
        if not isinstance(table, dict):
            self.fail("capture", "expected a table")
        self.unknown(table, {"width", "height", "field", "matrix"}, "capture.")
        w, h = self.number(table, "width", "capture.", 16, 8192), self.number(table, "height", "capture.", 16, 8192)
        field = self.get(table, "field", bool, "capture.")
        matrix = self.get(table, "matrix", list, "capture.")
        if len(matrix) != 9 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in matrix):
            self.fail("capture.matrix", "expected 9 numbers (a 3x3 matrix, row by row)")
        return (w, h), field, tuple(float(x) for x in matrix)

    def name(self, table: dict, where: str, names: set) -> str:
        name = self.get(table, "name", str, where)
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            self.fail(f"{where}name", "lower-case letters, digits and _ only")
        if name in names:
            self.fail(f"{where}name", f"{name!r} is used twice")
        names.add(name)
        return name

    def glyphs(self, table: dict) -> dict[str, np.ndarray]:
        shapes = self.get(table, "shapes", dict, "glyphs.")
        if not shapes:
            self.fail("glyphs.shapes", "no glyphs")
        out, size = {}, None
        for name, rows in shapes.items():
            key = f"glyphs.shapes.{name}"
            if len(name) != 1 or name == SPACE:
                self.fail(key, "a glyph's name is the one character it shows (not a space)")
            if not (isinstance(rows, list) and rows and all(isinstance(r, str) and set(r) <= {"#", "."} for r in rows)):
                self.fail(key, "expected rows of '#' and '.'")
            if len({len(r) for r in rows}) != 1:
                self.fail(key, "rows of different lengths")
            bits = np.array([[c == "#" for c in r] for r in rows], dtype=bool)
            if size and bits.shape != size:
                self.fail(key, f"{bits.shape[1]}x{bits.shape[0]} dots; the others are {size[1]}x{size[0]}")
            size = bits.shape
            out[name] = bits
        return out
