"""The 8244's objects as the program wrote them, as typed read-only values, and the character
codes as text.

    >>> from emu.odyssey2 import Odyssey2
    >>> m = Odyssey2(cart=bytes([0x04, 0x00] * 1024))
    >>> m.vdc.sprites[0]
    Sprite(index=0, x=0, y=0, colour=0, shift=0, double=False, shape=b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00')
    >>> text([0x1D, 0x12, 0x0E, 0x0E, 0x17, 0x0C, 0x37])
    'HELLO [tree]'

Vdc.from_registers decodes the 256 registers as written (Odyssey2.vdc_registers): unlike what
the CPU reads back, they keep their values while objects are shown. Register meanings follow
native/HARDWARE.md §3; the map is o2.h's (emu.native.O2.VDC_*).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import roms_free
from emu.native import O2, char_address, char_height  # the core's rules (vdc8244.h)

COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "violet", "cyan", "white")

# Labels of charset.txt that stand for one character of text; single-character labels are that
# character; the others (pictures: tree, walk-1, ...) have no text.
_LABEL_TEXT = {"space": " ", "minus": "-", "times": "×", "divide": "÷", "backslash": "\\"}


@functools.cache
def char_names() -> tuple[str, ...]:
    """The 64 character codes' names, from our character set's source (roms_free/src/charset.txt):
    "0", "A", "space", "tree", ... The code -> character mapping is the chip's (§4), so the names
    hold for any character ROM."""
    names = []
    for line in roms_free.path("src/charset.txt").read_text().splitlines():
        fields = line.split(";", 1)[0].split()
        if len(fields) >= 3 and fields[0] == "char":
            names.append(fields[2])
    if len(names) != O2.CHARSET_CODES:
        raise RuntimeError(f"charset.txt names {len(names)} codes, not {O2.CHARSET_CODES}")
    return tuple(names)


def char_text(code: int) -> str | None:
    """The text of a character code (0x00-0x3F): "A", " ", "×"; None for a picture."""
    name = char_names()[code % O2.CHARSET_CODES]
    return name if len(name) == 1 else _LABEL_TEXT.get(name)


def text(codes, picture: str = "[{}]") -> str:
    """Character codes as text; a picture becomes `picture` formatted with its name."""
    out = []
    for code in codes:
        t = char_text(code)
        out.append(picture.format(char_names()[code % O2.CHARSET_CODES]) if t is None else t)
    return "".join(out)


def char_code(y: int, pointer: int) -> int:
    """The character a (Y, 9-bit pointer) pair shows."""
    return char_address(y, pointer) // O2.CHARSET_ROWS


@dataclass(frozen=True)
class Sprite:
    """A sprite: position (X units, lines), colour 0-7, shift (0-3), double size, 8 shape rows
    (bit 0 drawn first)."""
    index: int
    x: int
    y: int
    colour: int
    shift: int
    double: bool
    shape: bytes

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES[self.colour]


@dataclass(frozen=True)
class Character:
    """A character (single or one of a quad's four): where it is drawn (X units, lines), its
    9-bit pointer, the code it shows, colour 0-7 and the rows it shows."""
    index: int
    x: int
    y: int
    pointer: int
    code: int
    colour: int
    height: int

    @property
    def text(self) -> str | None:
        return char_text(self.code)

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES[self.colour]


@dataclass(frozen=True)
class Quad:
    """A quad: position shared by its four characters, drawn 16 X units apart; the fourth
    character's pointer sets the height of all four."""
    index: int
    x: int
    y: int
    characters: tuple[Character, ...]

    @property
    def text(self) -> str:
        return "".join(c.text or " " for c in self.characters)


@dataclass(frozen=True)
class Grid:
    """The grid: horizontal[row][column] (9 x 9 segments), vertical[row][column] (8 x 10), and
    its controls."""
    shown: bool
    dots: bool
    wide: bool
    colour: int
    luminous: bool
    horizontal: tuple[tuple[bool, ...], ...]
    vertical: tuple[tuple[bool, ...], ...]


@dataclass(frozen=True)
class Vdc:
    """The VDC as the program set it up: control and colour registers, the objects and the
    grid. objects_shown / grid_shown: what control (A0) enables."""
    control: int
    colour: int
    background: int
    objects_shown: bool
    sprites: tuple[Sprite, ...]
    characters: tuple[Character, ...]
    quads: tuple[Quad, ...]
    grid: Grid

    @classmethod
    def from_registers(cls, regs) -> "Vdc":
        r = bytes(regs)
        if len(r) != 256:
            raise ValueError(f"the VDC has 256 registers, not {len(r)}")
        control, colour = r[O2.VDC_CONTROL], r[O2.VDC_COLOUR]
        return cls(control=control, colour=colour,
                   background=colour >> O2.VDC_COLOUR_BG_SHIFT & O2.VDC_COLOUR_MASK,
                   objects_shown=bool(control & O2.VDC_CTRL_OBJECTS),
                   sprites=tuple(_sprite(r, i) for i in range(O2.VDC_SPRITE_COUNT)),
                   characters=tuple(_character(r, O2.VDC_CHARS + O2.VDC_OBJECT_REGS * i, i)
                                    for i in range(O2.VDC_CHAR_COUNT)),
                   quads=tuple(_quad(r, k) for k in range(O2.VDC_QUAD_COUNT)),
                   grid=_grid(r))

    def visible_text(self) -> list[tuple[int, int, str]]:
        """(y, x, text) of every character and quad while objects are shown, top to bottom and
        left to right; pictures as [name]."""
        if not self.objects_shown:
            return []
        found = [(c.y, c.x, text([c.code])) for c in self.characters]
        found += [(c.y, c.x, text([c.code])) for q in self.quads for c in q.characters]
        return sorted(found)


def _pointer(r: bytes, base: int) -> int:
    return r[base + 2] | (r[base + 3] & O2.VDC_CHAR_POINTER8) << 8


def _sprite(r: bytes, i: int) -> Sprite:
    y, x, attr = r[O2.VDC_SPRITES + O2.VDC_OBJECT_REGS * i:][:3]
    shape = r[O2.VDC_SPRITE_SHAPES + O2.VDC_SPRITE_ROWS * i:][:O2.VDC_SPRITE_ROWS]
    return Sprite(index=i, x=x, y=y, colour=attr >> O2.VDC_SPRITE_COLOUR_SHIFT & O2.VDC_COLOUR_MASK,
                  shift=attr & O2.VDC_SPRITE_SHIFT, double=bool(attr & O2.VDC_SPRITE_DOUBLE),
                  shape=bytes(shape))


def _character(r: bytes, base: int, index: int, x_offset: int = 0, height_pointer=None) -> Character:
    y, x, pointer = r[base], r[base + 1], _pointer(r, base)
    return Character(index=index, x=x + x_offset, y=y, pointer=pointer, code=char_code(y, pointer),
                     colour=r[base + 3] >> O2.VDC_CHAR_COLOUR_SHIFT & O2.VDC_COLOUR_MASK,
                     height=char_height(y, pointer if height_pointer is None else height_pointer))


def _quad(r: bytes, k: int) -> Quad:
    base = O2.VDC_QUADS + O2.VDC_OBJECT_REGS * O2.VDC_QUAD_CHARS * k
    fourth = _pointer(r, base + O2.VDC_OBJECT_REGS * (O2.VDC_QUAD_CHARS - 1))
    chars = tuple(_character(r, base + O2.VDC_OBJECT_REGS * c, c, O2.VDC_QUAD_CHAR_STEP_X * c, fourth)
                  for c in range(O2.VDC_QUAD_CHARS))
    return Quad(index=k, x=r[base + 1], y=r[base], characters=chars)


def _grid(r: bytes) -> Grid:
    control, colour = r[O2.VDC_CONTROL], r[O2.VDC_COLOUR]
    horizontal = tuple(tuple(bool(r[O2.VDC_HGRID + col] >> row & 1) if row < 8
                             else bool(r[O2.VDC_HGRID_ROW8 + col] & 1)
                             for col in range(O2.VDC_HGRID_COLUMNS))
                       for row in range(O2.VDC_HGRID_ROWS))
    vertical = tuple(tuple(bool(r[O2.VDC_VGRID + col] >> row & 1)
                           for col in range(O2.VDC_VGRID_COLUMNS))
                     for row in range(O2.VDC_VGRID_ROWS))
    return Grid(shown=bool(control & O2.VDC_CTRL_GRID), dots=bool(control & O2.VDC_CTRL_DOTS),
                wide=bool(control & O2.VDC_CTRL_WIDE_VGRID),
                colour=colour & O2.VDC_COLOUR_MASK,
                luminous=bool(colour & O2.VDC_COLOUR_GRID_LUMINANCE),
                horizontal=horizontal, vertical=vertical)
