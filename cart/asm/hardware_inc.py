"""The hardware names of roms_free/src/hardware.inc, generated from native/o2.h.

The C core's public header is the one place the port bits and the VDC's register map are typed;
the ROM sources see them through the block of hardware.inc between GENERATED_BEGIN and
GENERATED_END, which this module writes (`make hardware-inc`, run by `make roms`). The rest of
hardware.inc (offsets inside objects, colour names, entry points) is written by hand.

    python -m cart.asm.hardware_inc [--check]

--check exits 1 when the file differs from what o2.h gives (the test suite runs it too).
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "native" / "o2.h"
INCLUDE = ROOT / "roms_free" / "src" / "hardware.inc"
GENERATED_BEGIN = "; ---- generated from native/o2.h by cart/asm/hardware_inc.py: do not edit (make hardware-inc) ----"
GENERATED_END = "; ---- end of the generated names ----"

# (assembler name, expression over o2.h's names without the O2_ prefix, comment); "" starts a
# new group, whose comment heads it.
NAMES = [
    ("", "", "Port 1 (HARDWARE.md section 2): bank select and active-low chip selects"),
    ("P1_BANK0", "P1_BANK0", "cartridge bank select, A10 of bank-switched carts"),
    ("P1_BANK1", "P1_BANK1", "cartridge bank select, A11"),
    ("P1_KBD_N", "P1_KEYBOARD_N", "0 = keyboard/joystick decoder enabled"),
    ("P1_VDC_N", "P1_VDC_N", "0 = VDC selected for MOVX"),
    ("P1_RAM_N", "P1_XRAM_N", "0 = 128-byte external RAM selected for MOVX"),
    ("P1_COPY", "P1_COPY", "1 = copy mode (blocks VDC reads and RAM writes)"),
    ("P1_LUM_N", "P1_LUMINANCE_N", "0 = background and grid drawn bright"),
    ("", "", "VDC register map (HARDWARE.md section 3)"),
    ("VDC_SPRITE0", "VDC_SPRITES", "4 sprites x (Y, X, attributes, unused)"),
    ("VDC_CHAR0", "VDC_CHARS", "12 characters x (Y, X, pointer low, attributes)"),
    ("VDC_QUAD0", "VDC_QUADS", "4 quads x 4 characters x (Y, X, pointer low, attributes)"),
    ("VDC_SHAPE0", "VDC_SPRITE_SHAPES", "4 sprite shapes x 8 rows, bit 0 = leftmost pixel"),
    ("VDC_CONTROL", "VDC_CONTROL", ""),
    ("VDC_STATUS", "VDC_STATUS", "reading it releases /INT"),
    ("VDC_COLLISION", "VDC_COLLISION", ""),
    ("VDC_COLOUR", "VDC_COLOUR", ""),
    ("VDC_BEAM_Y", "VDC_BEAM_Y", ""),
    ("VDC_BEAM_X", "VDC_BEAM_X", "reading it latches Y"),
    ("VDC_SOUND_HI", "VDC_SOUND_SHIFT", "24-bit shift register A7:A8:A9, A9 bit 0 sounds first"),
    ("VDC_SOUND_MID", "VDC_SOUND_SHIFT + 1", ""),
    ("VDC_SOUND_LO", "VDC_SOUND_SHIFT + 2", ""),
    ("VDC_SOUND", "VDC_SOUND_CONTROL", "sound control"),
    ("VDC_GRID_H", "VDC_HGRID", "9 columns of horizontal segments, bit n = row n"),
    ("VDC_GRID_H8", "VDC_HGRID_ROW8", "bit 0: the 9th row of each column"),
    ("VDC_GRID_V", "VDC_VGRID", "10 columns of vertical segments, bit n = row n"),
    ("OBJ_SIZE", "VDC_OBJECT_REGS", "registers per sprite or character"),
    ("QUAD_SIZE", "VDC_QUAD_CHARS * VDC_OBJECT_REGS", "registers per quad"),
    ("SHAPE_SIZE", "VDC_SPRITE_ROWS", "rows of a sprite shape"),
    ("CHARS", "VDC_CHAR_COUNT", "single characters"),
    ("", "", "A0 control"),
    ("VDC_CTRL_STROBE", "VDC_CTRL_STROBE", "1 = A4/A5 follow the beam, 0 = latched"),
    ("VDC_CTRL_SOUND_IRQ", "VDC_CTRL_SOUND_IRQ", ""),
    ("VDC_CTRL_GRID", "VDC_CTRL_GRID", ""),
    ("VDC_CTRL_EXT_IRQ", "VDC_CTRL_EXT_IRQ", ""),
    ("VDC_CTRL_OBJECTS", "VDC_CTRL_OBJECTS", "sprites and characters shown (their registers then locked)"),
    ("VDC_CTRL_DOTS", "VDC_CTRL_DOTS", "dot grid (needs VDC_CTRL_GRID too)"),
    ("VDC_CTRL_WIDE", "VDC_CTRL_WIDE_VGRID", "vertical segments drawn wide"),
    ("", "", "A1 status"),
    ("VDC_STAT_HBLANK", "VDC_STATUS_HBLANK", "1 while a line is being drawn"),
    ("VDC_STAT_STROBE", "VDC_STATUS_STROBE", ""),
    ("VDC_STAT_SOUND", "VDC_STATUS_SOUND", ""),
    ("VDC_STAT_VBLANK", "VDC_STATUS_VBLANK", ""),
    ("VDC_STAT_EXT_OVERLAP", "VDC_STATUS_EXT_OVERLAP", ""),
    ("VDC_STAT_CHAR_OVERLAP", "VDC_STATUS_MAJOR", ""),
    ("", "", "A2 collision: one bit per object class"),
    ("COLL_SPRITE0", "VDC_COLL_SPRITE0", ""),
    ("COLL_SPRITE1", "VDC_COLL_SPRITE0 << 1", ""),
    ("COLL_SPRITE2", "VDC_COLL_SPRITE0 << 2", ""),
    ("COLL_SPRITE3", "VDC_COLL_SPRITE0 << 3", ""),
    ("COLL_GRID_V", "VDC_COLL_VGRID", ""),
    ("COLL_GRID_H", "VDC_COLL_HGRID", "horizontal segments and dots"),
    ("COLL_EXTERNAL", "VDC_COLL_EXTERNAL", ""),
    ("COLL_CHARS", "VDC_COLL_CHARS", ""),
    ("", "", "A3 colour: background and grid colour fields, the grid's luminance bit"),
    ("COLOUR_GRID", "VDC_COLOUR_MASK", ""),
    ("COLOUR_BG_SHIFT", "VDC_COLOUR_BG_SHIFT", ""),
    ("COLOUR_GRID_LUM", "VDC_COLOUR_GRID_LUMINANCE", ""),
    ("", "", "Object attributes (sprite bits 5-3, character bits 3-1: colour)"),
    ("SPRITE_COLOUR_SHIFT", "VDC_SPRITE_COLOUR_SHIFT", ""),
    ("SPRITE_DOUBLE", "VDC_SPRITE_DOUBLE", ""),
    ("CHAR_PTR8", "VDC_CHAR_POINTER8", "character attribute bit 0: pointer bit 8"),
    ("CHAR_COLOUR_SHIFT", "VDC_CHAR_COLOUR_SHIFT", ""),
    ("", "", "AA sound control"),
    ("SOUND_ENABLE", "VDC_SOUND_ENABLE", ""),
    ("SOUND_FAST", "VDC_SOUND_FAST", "shift every 4 lines (3933.6 Hz NTSC), else every 16"),
    ("SOUND_NOISE", "VDC_SOUND_NOISE", ""),
    ("SOUND_VOLUME", "VDC_SOUND_VOLUME", ""),
]

_DEFINE = re.compile(r"^#define\s+O2_(\w+)\s+(-?(?:0[xX][0-9A-Fa-f]+|\d+))\b", re.M)


def header_values(text: str) -> dict[str, int]:
    """o2.h's integer #defines, by name without the O2_ prefix."""
    return {name: int(value, 0) for name, value in _DEFINE.findall(text)}


def _value(expression: str, values: dict[str, int]) -> int:
    names = re.findall(r"[A-Z_][A-Z0-9_]*", expression)
    missing = [name for name in names if name not in values]
    if missing:
        raise KeyError(f"native/o2.h has no O2_{missing[0]}")
    return eval(expression, {"__builtins__": {}}, {name: values[name] for name in names})


def _hex(value: int) -> str:
    text = f"{value:02X}h"      # the include's style: 0A0h, 07h
    return "0" + text if text[0] in "ABCDEF" else text


def generated_block(header_text: str) -> str:
    values = header_values(header_text)
    rows = [GENERATED_BEGIN]
    for name, expression, comment in NAMES:
        if not name:
            rows.append(f"; {comment}")
            continue
        value = _value(expression, values)
        row = f"{name} ".ljust(16) + f"equ     {_hex(value)}"
        rows.append(f"{row:<31} ; {comment}" if comment else row)
    rows.append(GENERATED_END)
    return "\n".join(rows) + "\n"


def updated(include_text: str, header_text: str) -> str:
    """hardware.inc's text with its generated block replaced by what o2.h gives."""
    start, end = include_text.find(GENERATED_BEGIN), include_text.find(GENERATED_END)
    if start < 0 or end < start:
        raise ValueError(f"{INCLUDE.name}: the generated block's markers are missing")
    end += len(GENERATED_END) + 1
    return include_text[:start] + generated_block(header_text) + include_text[end:]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    current = INCLUDE.read_text(encoding="utf-8")
    wanted = updated(current, HEADER.read_text(encoding="utf-8"))
    if "--check" in argv:
        if current != wanted:
            print(f"hardware_inc: {INCLUDE} differs from native/o2.h: run make hardware-inc",
                  file=sys.stderr)
            return 1
        return 0
    if current != wanted:
        INCLUDE.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
