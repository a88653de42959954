"""The free BIOS, run in MAME's odyssey2 driver and in our machine (the `runner` fixture).

Expected values are worked out by hand from roms_free/README.md (the BIOS contract), the
character pointer rule of HARDWARE.md section 3 (pointer = code*8 - Y/2, 9 bits) and the key
matrix of section 4 / the oracle README.
"""
import numpy as np
import pytest

import picture as pic
from rom_runners import rom, run, run_many

WHITE = pic.object_pen(7)
BLUE = pic.field_pen(1, False)      # BIOS background: field 1, dim
SELECT_GAME = [0x19, 0x12, 0x0E, 0x12, 0x23, 0x14, 0x0C, 0x1C, 0x20, 0x26, 0x12]
SELECT_X, SELECT_Y = 0x28, 0x60

# test_bios.asm's layout (see its header)
DUMP = 9                            # A, R0..R7
KEY, STICK0, STICK1, LOOPS = 0x70, 0x71, 0x72, 0x73
HOOK_COUNT, BIOS_FRAMES = 0x21, 0x3F


def expected_screen(chars):
    """Blue screen with characters [(code, X, Y)] in white, 7 rows each."""
    image = pic.screen(BLUE)
    for code, x, y in chars:
        pic.character(image, x, y, pic.char_rows(code * 8, 7), WHITE)
    return image


def test_boots_to_select_game(runner):
    snap = run(runner, "test_select.bin", 10)
    text = [(code, SELECT_X + 8 * i, SELECT_Y) for i, code in enumerate(SELECT_GAME)]
    assert np.array_equal(snap.image, expected_screen(text))
    assert snap.iram[0x21] == 0                 # not entered at 0x408 yet


@pytest.mark.parametrize("key, code", [("G", 0x1C), ("0", 0x00), ("SPACE", 0x0C), ("ENTER", 0x2F)])
def test_select_game_enters_0x408_with_the_key_in_a(runner, key, code):
    snap = run(runner, "test_select.bin", 12, [{"frame": 6, "keys": [key]}])
    assert snap.iram[0x20] == code
    assert snap.iram[0x21] == 1                 # entered exactly once
    # the cartridge shows the key it got; the BIOS cleared SELECT GAME before entering it
    assert np.array_equal(snap.image, expected_screen([(code, 0x50, 0x60)]))


@pytest.fixture
def dumps(runner):
    snap = run_many(runner, "test_bios.bin", (6, 14, 20, 30))[6]
    return [snap.xram[DUMP * n:DUMP * n + DUMP] for n in range(12)]


def registers(dump):
    """{"A": .., "R0": .., ..} from one 9-byte dump."""
    return dict(zip(["A"] + [f"R{n}" for n in range(8)], dump))


def subset(dump, **expected):
    got = registers(dump)
    return {name: got[name] for name in expected} == expected


def test_vdc_clear_keeps_r2_to_r7(dumps):
    assert subset(dumps[0], R2=0xA2, R3=0xA3, R4=0xA4, R5=0xA5, R6=0xA6, R7=0xA7)


@pytest.mark.parametrize("n, r0, r3, r4", [(1, 0x14, 0x18, 0x22), (2, 0x18, 0x20, 0x22),
                                           (3, 0x1C, 0x28, 0x23), (4, 0x20, 0x30, 0x80),
                                           (5, 0x24, 0x38, 0xFE)])
def test_put_char_advances_r0_and_r3_and_keeps_the_rest(dumps, n, r0, r3, r4):
    assert subset(dumps[n], R0=r0, R1=0xB1, R3=r3, R4=r4, R5=3, R6=0xB6, R7=0xB7)


def test_put_string_and_put_bcd_registers(dumps):
    assert subset(dumps[6], R0=0x34, R1=0x2C, R3=0x60, R4=0x40, R5=2, R6=0, R7=0xB7)
    assert subset(dumps[7], R0=0x3C, R3=0x80, R4=0x60, R5=7, R6=0, R7=0xB7)


def test_wait_vblank_and_input_routines_keep_their_registers(dumps):
    before = registers(dumps[7])
    kept = {name: before[name] for name in ("R0", "R2", "R3", "R4", "R5", "R6", "R7")}
    assert subset(dumps[8], **kept)                           # wait_vblank: A, R1 clobbered
    after_wait = registers(dumps[8])
    kept = {name: after_wait[name] for name in ("R0", "R1", "R3", "R4", "R5", "R6", "R7")}
    assert subset(dumps[9], A=0xFF, **kept)                   # read_keyboard: no key, R2 clobbered
    everything = {name: registers(dumps[9])[name] for name in [f"R{n}" for n in range(8)]}
    assert subset(dumps[10], A=0x00, **everything)            # read_joystick 0: nothing held
    assert subset(dumps[11], A=0x00, **everything)            # read_joystick 1


# Character entries as put_char wrote them: (Y, X, pointer low, attribute), compared through the
# read-back masks (Y bit 0 and attribute bits 7-4 do not read back).
CHARACTERS = [
    (0x22, 0x10, 0xEF, 0x07),   # '0'  Y 22: 0x000 - 0x11 = 0x1EF, colour 3
    (0x22, 0x18, 0xEF, 0x06),   # 'A'  0x100 - 0x11 = 0x0EF
    (0x22, 0x20, 0xE7, 0x07),   # 0x3F at Y 23 (= 22): 0x1F8 - 0x11 = 0x1E7
    (0x80, 0x28, 0x00, 0x06),   # '8'  0x040 - 0x40 = 0
    (0xFE, 0x30, 0x01, 0x07),   # 0x30 0x180 - 0x7F = 0x101
    (0x40, 0x40, 0x08, 0x05),   # 'B'  0x128 - 0x20, colour 2
    (0x40, 0x48, 0x90, 0x04),   # 'I'  0x0B0 - 0x20
    (0x40, 0x50, 0x98, 0x04),   # 'O'  0x0B8 - 0x20
    (0x40, 0x58, 0xA8, 0x04),   # 'S'  0x0C8 - 0x20
    (0x60, 0x70, 0xF8, 0x0F),   # '5'  0x028 - 0x30 = 0x1F8, colour 7
    (0x60, 0x78, 0x18, 0x0E),   # '9'  0x048 - 0x30
]
READ_MASK = (0xFE, 0xFF, 0xFF, 0x0F)


def test_put_routines_write_the_character_registers(runner):
    vdc = run_many(runner, "test_bios.bin", (6, 14, 20, 30))[6].vdc
    for n, entry in enumerate(CHARACTERS):
        got = tuple(vdc[0x10 + 4 * n + i] & READ_MASK[i] for i in range(4))
        assert got == tuple(v & m for v, m in zip(entry, READ_MASK)), f"character {n}"


def test_read_keyboard_and_joysticks_each_frame(runner):
    inputs = [{"frame": 12, "keys": ["G"], "joy0": ["UP", "FIRE"]},
              {"frame": 16, "keys": [], "joy0": [], "joy1": ["LEFT", "DOWN"]}]
    snapshots = run_many(runner, "test_bios.bin", (14, 18), inputs)
    held, released = snapshots[14].xram, snapshots[18].xram
    assert (held[KEY], held[STICK0], held[STICK1]) == (0x1C, 0x11, 0x00)
    assert (released[KEY], released[STICK0], released[STICK1]) == (0xFF, 0x00, 0x0C)


def test_wait_vblank_returns_once_per_frame_and_the_hook_runs_every_vblank(runner):
    snapshots = run_many(runner, "test_bios.bin", (6, 14, 20, 30))
    early, late = snapshots[20], snapshots[30]
    assert late.xram[LOOPS] - early.xram[LOOPS] == 10
    assert late.iram[BIOS_FRAMES] - early.iram[BIOS_FRAMES] == 10
    assert late.iram[HOOK_COUNT] == late.iram[BIOS_FRAMES]


def test_screen_once_the_display_is_on(runner):
    image = run_many(runner, "test_bios.bin", (6, 14, 20, 30))[14].image
    expected = pic.screen(BLUE)
    yellow = pic.object_pen(3)                  # colour 3, as put_char was given
    for n, (y, x, pointer, attr) in enumerate(CHARACTERS):
        start = ((attr & 1) << 8 | pointer) + y // 2
        colour = pic.object_pen(attr >> 1 & 7)
        pic.character(expected, x, y, pic.char_rows(start, pic.height(start)), colour)
    # among them: characters 0-3 in yellow (2 at Y = 23h drawn from line 22h), 4 at Y = FEh not
    # at all (below the last line objects reach)
    assert tuple(expected[0x22, 2 * (0x10 + pic.OBJECT_X_OFFSET + 2)]) == yellow   # "0", row 0 ..###...
    assert not np.any(np.all(expected[0xF0:] == yellow, axis=2))
    assert np.array_equal(image, expected)


def test_reset_key_reboots_to_select_game(runner):
    """RESET restarts the CPU at 0x000: the BIOS clears RAM and the cartridge's 0x400 jumps
    back to SELECT GAME, so the key entry count (iram 21h) is 0 again and the menu is shown."""
    inputs = [{"frame": 6, "keys": ["G"]}, {"frame": 8, "keys": []},
              {"frame": 14, "reset": True}, {"frame": 15, "reset": False}]
    snapshots = run_many(runner, "test_select.bin", (12, 24), inputs)
    assert snapshots[12].iram[0x21] == 1
    assert snapshots[24].iram[0x21] == 0
    text = [(code, SELECT_X + 8 * i, SELECT_Y) for i, code in enumerate(SELECT_GAME)]
    assert np.array_equal(snapshots[24].image, expected_screen(text))


def test_boots_to_select_game_on_pal():
    """The 8245 shows the same area (lines 0-242, half-clocks 0-359) and, unlike the 8244, objects
    above line 0Eh (HARDWARE.md §3: only NTSC hides Y < 0Eh). vdc_clear zeroed every object, and
    the menu uses characters 0-10: character 11 and the four quads stay at Y 0, X 0, pointer 0,
    colour 0, so the 7-row glyph at pointer 0 shows on lines 0-13 at X 0 (character 11 and each
    quad's first) and at X 10h, 20h, 30h (the quads' other three)."""
    from emu.odyssey2 import Odyssey2
    m = Odyssey2(cart=rom("test_select.bin"), region="pal")
    m.run_frames(10)
    text = [(code, SELECT_X + 8 * i, SELECT_Y) for i, code in enumerate(SELECT_GAME)]
    expected = expected_screen(text)
    for x in (0x00, 0x10, 0x20, 0x30):
        pic.character(expected, x, 0, pic.char_rows(0, 7), pic.object_pen(0), pal=True)
    assert np.array_equal(np.array(m.screen), expected)
