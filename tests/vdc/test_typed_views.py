"""Odyssey2.vdc: the objects as the program wrote them, typed, while they are shown; the
character codes as text (native/HARDWARE.md §3, §4); frame hooks."""
import pytest

from emu.vdc import Vdc, char_text, text
from tests.vdc.vdc_roms import CTRL_GRID, CTRL_OBJECTS, char, machine, setup, sprite

# Y = 0x20 and pointer = code*8 - Y/2 show `code` (§3); colour in attribute bits 3-1.
HELLO = [0x1D, 0x12, 0x0E, 0x0E, 0x17]


def _shown_scene():
    pairs = sprite(1, 0x30, 0x40, 2 << 3 | 0x04 | 0x01, shape=(1, 2, 3, 4, 5, 6, 7, 8))
    for n, code in enumerate(HELLO):
        pairs += char(n, 0x20, 0x10 + 8 * n, (code * 8 - 0x10) & 0x1FF, 5)
    # quad 2: Y, X written once land in all four copies (§3); characters 4 5 6 7 at Y 0x40 (pointers below 0x100)
    quad = 0x40 + 16 * 2
    pairs += [(quad, 0x40), (quad + 1, 0x50)]
    for c, code in enumerate((4, 5, 6, 7)):
        pairs += [(quad + 4 * c + 2, (code * 8 - 0x20) & 0xFF), (quad + 4 * c + 3, 3 << 1)]
    pairs += [(0xC0, 0x81), (0xD0, 0x01), (0xE9, 0x80), (0xA3, 0x4A)]
    pairs += [(0xA0, CTRL_OBJECTS | CTRL_GRID)]
    m = machine(setup(pairs))
    m.run_frames(2)
    return m


def test_objects_read_as_written_while_shown():
    m = _shown_scene()
    assert m.vdc_regs[0x04] == 0            # the CPU reads object registers as 0 while shown
    vdc = m.vdc
    assert vdc.objects_shown and vdc.grid.shown
    s = vdc.sprites[1]
    assert (s.x, s.y, s.colour, s.colour_name, s.double, s.shift) == (0x40, 0x30, 2, "green", True, 1)
    assert s.shape == bytes([1, 2, 3, 4, 5, 6, 7, 8])
    chars = vdc.characters[:5]
    assert [c.code for c in chars] == HELLO
    assert "".join(c.text for c in chars) == "HELLO"
    assert [(c.x, c.y, c.colour, c.height) for c in chars[:2]] == [(0x10, 0x20, 5, 7), (0x18, 0x20, 5, 7)]
    q = vdc.quads[2]
    assert (q.x, q.y) == (0x50, 0x40)
    assert [c.x for c in q.characters] == [0x50, 0x60, 0x70, 0x80]   # 16 X units apart
    assert q.text == "4567" and {c.colour for c in q.characters} == {3}
    assert vdc.background == 1 and vdc.grid.colour == 2 and vdc.grid.luminous
    assert vdc.grid.horizontal[0][0] and vdc.grid.horizontal[7][0] and vdc.grid.horizontal[8][0]
    assert not vdc.grid.horizontal[1][0] and not vdc.grid.horizontal[0][1]
    assert vdc.grid.vertical[7][9] and not vdc.grid.vertical[6][9]
    assert [t for t in vdc.visible_text() if t[0] == 0x20] == [(0x20, 0x10 + 8 * n, t) for n, t in enumerate("HELLO")]


def test_written_registers_match_the_decoded_view():
    m = _shown_scene()
    assert m.vdc == Vdc.from_registers(m.vdc_registers)
    with pytest.raises(ValueError, match="256 registers"):
        Vdc.from_registers(bytes(10))


def test_character_codes_as_text():
    # §4: 00-09 digits, 0A ':', 0C space, 20 'A', 28 minus, 29 times, 3B backslash, 37 a tree.
    assert [char_text(c) for c in (0x00, 0x09, 0x0A, 0x0C, 0x20, 0x28, 0x29, 0x3B)] == \
        ["0", "9", ":", " ", "A", "-", "×", "\\"]
    assert char_text(0x37) is None
    assert text([0x1D, 0x16, 0x0C, 0x37]) == "HI [tree]"
    assert text([0x37], picture="?") == "?"


def test_frame_hooks_run_after_every_frame_boundary():
    m = machine("")
    seen = []

    @m.on_frame
    def record(machine_):
        seen.append(machine_.frame)

    m.run_frames(3)
    assert seen == [1, 2, 3]
    m.run_cycles(2 * 5983)                     # two NTSC frames of cycles (§5: 5983.x a frame)
    assert seen[3:] == [4, 5]
    m.hooks.remove(record)
    m.run_frames(2)
    assert seen == [1, 2, 3, 4, 5] and len(m.hooks) == 0
    with pytest.raises(TypeError):
        m.hooks.add(42)


def test_frame_hooks_from_single_steps():
    m = machine("")
    frames = []
    m.on_frame(lambda mm: frames.append(mm.frame))
    while m.frame < 1:
        m.step()
    assert frames == [1]
