"""The libretro core (native/libretro/libretro.c) through a small ctypes front end (retro.py):
the same pictures and sound as the Python package's Odyssey2 for the same input, save states,
the memory map RetroAchievements addresses, content and BIOS handling, and the core options."""
import numpy as np
import pytest

import roms_free
from cart.conquest.statemap import StateMap
from cart.conquest.wrapper import STATE_FILE, symbols_path
from emu.config import DEFAULTS
from emu.odyssey2 import CART_SIZES, Odyssey2
from emu.native import lib as o2
from retro import JOYPAD, RETROK

CONQUEST = roms_free.path("conquest.bin").read_bytes()
COLOURS = roms_free.path("test_colours.bin").read_bytes()      # shows every colour
# The RetroPad buttons' console keys by default (docs/libretro.md): Conquest's entry on a pad.
PAD_KEYS = {"SELECT": "SPACE", "START": "ENTER", "L": "R", "R": "B", "Y": "S", "X": "P", "L2": "T",
            "R2": "9", "L3": "CLEAR", "R3": "YES"}
FIRE_BUTTONS = ("B", "A")
DIRECTIONS = {"UP": "up", "RIGHT": "right", "DOWN": "down", "LEFT": "left"}


def conquest_mode(iram, xram) -> str:
    """Conquest's mode from its RAM (cart/conquest/state.toml)."""
    from types import SimpleNamespace
    ram = SimpleNamespace(iram=np.asarray(iram, dtype=np.uint8), xram=np.asarray(xram, dtype=np.uint8))
    return StateMap.load(STATE_FILE, symbols_path()).read(ram, "mode")


class Lockstep:
    """The core and a Python Odyssey2 run side by side on the same input; every frame's picture
    and audio must be the same."""

    def __init__(self, core, machine):
        self.core, self.machine = core, machine
        self.held = [set(), set()]            # RetroPad buttons held, by port
        self.frames = 0

    def pad(self, port: int, button: str, down: bool):
        (self.held[port].add if down else self.held[port].discard)(button)
        self.core.pads[port] = sum(1 << JOYPAD[b] for b in self.held[port])
        keys = {PAD_KEYS[b] for p in (0, 1) for b in self.held[p] if b in PAD_KEYS}
        for key in set(PAD_KEYS.values()):
            (self.machine.press if key in keys else self.machine.release)(key)
        held = self.held[port]
        self.machine.joystick(port, fire=any(b in held for b in FIRE_BUTTONS),
                              **{name: b in held for b, name in DIRECTIONS.items()})

    def key(self, retrok: str, o2_key: str, down: bool):
        self.core.key(RETROK[retrok], down)
        (self.machine.press if down else self.machine.release)(o2_key)

    def run(self, frames: int = 1):
        for _ in range(frames):
            self.core.run()
            self.machine.run_frames(1)
            self.frames += 1
            assert np.array_equal(self.core.frame, self.machine.screen), f"picture differs at frame {self.frames}"
            audio = self.machine.audio
            assert len(audio) > 0
            assert np.array_equal(self.core.audio[0::2], audio), f"audio differs at frame {self.frames}"
            assert np.array_equal(self.core.audio[1::2], audio)

    def tap_pad(self, port, button):
        self.pad(port, button, True)
        self.run(3)
        self.pad(port, button, False)
        self.run(3)

    def tap_key(self, retrok, o2_key):
        self.key(retrok, o2_key, True)
        self.run(3)
        self.key(retrok, o2_key, False)
        self.run(3)


def test_conquest_battle_same_as_python_with_pads_and_keyboard(core):
    """The manual's entry (SPACE; R, S, energy; B, P, energy; ENTER), made partly on the pad and
    partly on the keyboard, then a battle with both joysticks: every frame the same."""
    c = core()
    assert c.load(CONQUEST, "conquest.bin")
    run = Lockstep(c, Odyssey2(cart=CONQUEST))
    run.run(60)
    run.tap_pad(0, "SELECT")                     # SPACE: the entry
    run.tap_key("r", "R")                        # red ...
    run.tap_pad(0, "Y")                          # ... submarine
    for retrok, key in (("2", "2"), ("kp5", "5"), ("0", "0"), ("kp0", "0")):
        run.tap_key(retrok, key)                 # 2500 units
    run.tap_pad(1, "R")                          # blue ...
    run.tap_pad(1, "X")                          # ... plane
    for _ in range(4):
        run.tap_pad(1, "R2")                     # 9999 units
    run.tap_key("return", "ENTER")
    assert conquest_mode(run.machine.iram, run.machine.xram) == "combat"
    symbols = StateMap.load(STATE_FILE, symbols_path())
    start = [symbols.read(run.machine, f) for f in ("red_x", "red_y", "blue_x", "blue_y")]
    for step in range(12):                       # both sides move and fire
        run.pad(0, ("UP", "RIGHT", "DOWN", "LEFT")[step % 4], True)
        run.pad(1, ("LEFT", "DOWN")[step % 2], True)
        run.pad(0, "B", step % 3 == 0)
        run.pad(1, "A", step % 2 == 0)
        run.run(20)
        run.pad(0, ("UP", "RIGHT", "DOWN", "LEFT")[step % 4], False)
        run.pad(1, ("LEFT", "DOWN")[step % 2], False)
    assert [symbols.read(run.machine, f) for f in ("red_x", "red_y", "blue_x", "blue_y")] != start


def test_conquest_entry_with_a_pad_alone(core):
    """With the default button options, a pad alone makes the manual's entry: SELECT (SPACE),
    L (R for red), Y (S), R2 four times (9999), R (B for blue), X (P), R2 x4, START (ENTER)."""
    c = core(keep_frames=False)
    assert c.load(None)

    def tap(button):
        c.pads[0] = 1 << JOYPAD[button]
        c.run(3)
        c.pads[0] = 0
        c.run(3)

    c.run(60)
    ram = c.memory()
    assert conquest_mode(ram[:64], ram[64:]) == "select"
    for button in ("SELECT", "L", "Y", "R2", "R2", "R2", "R2", "R", "X", "R2", "R2", "R2", "R2", "START"):
        tap(button)
    ram = _ram(c.memory())
    symbols = StateMap.load(STATE_FILE, symbols_path())
    assert symbols.read(ram, "mode") == "combat"
    assert [symbols.read(ram, f) for f in ("red_weapon", "blue_weapon")] == ["S", "P"]
    # 9999 units each, of which the battle's first frames have used a few.
    assert all(9900 < symbols.read(ram, f) <= 9999 for f in ("red_energy", "blue_energy"))


def _ram(view):
    from types import SimpleNamespace
    return SimpleNamespace(iram=np.array(view[:64]), xram=np.array(view[64:]))


def test_save_load_run_identical(core):
    c = core()
    assert c.load(CONQUEST)
    c.pads[0] = 1 << JOYPAD["SELECT"]
    c.run(70)
    c.pads[0] = 0
    c.run(30)
    state = c.serialize()
    c.frames.clear()
    c.run(120)
    first, audio_first = list(c.frames), c.audio.copy()
    assert c.unserialize(state)
    c.frames.clear()
    c.run(120)
    assert all(np.array_equal(a, b) for a, b in zip(first, c.frames)) and len(c.frames) == 120
    assert np.array_equal(audio_first, c.audio)
    # The state is the package's own format: Odyssey2 loads it and goes on the same way.
    m = Odyssey2(cart=CONQUEST)
    m.load_state(state)
    m.run_frames(120)
    assert np.array_equal(m.screen, c.frames[-1])
    assert not c.unserialize(state[:100]), "a truncated state must be refused"
    assert not c.unserialize(Odyssey2(cart=roms_free.path("demo.bin")).save_state()), \
        "a state of another cartridge must be refused"


def test_memory_map_and_memory_data(core):
    """RetroAchievements' Odyssey² addresses: internal RAM at 0x00-0x3F, external from 0x40."""
    c = core(keep_frames=False)
    assert c.load(CONQUEST)
    assert c.achievements
    c.run(90)
    m = Odyssey2(cart=CONQUEST)
    m.run_frames(90)
    descriptors = c.memory_maps[-1]
    ram = np.concatenate([m.iram, m.xram])
    assert [(d.start, d.len) for d in descriptors] == [(0x00, 0x40), (0x40, 0x40), (0x80, 0x40)]
    import ctypes
    for d in descriptors:
        live = (ctypes.c_uint8 * d.len).from_address(d.ptr + d.offset)
        assert bytes(live) == ram[d.start:d.start + d.len].tobytes()
    view = c.memory()
    assert len(view) == 64 + 128
    assert view.tobytes() == ram.tobytes()
    # A byte written between frames (a cheat, an achievement tool) reaches the machine. At SELECT
    # GAME Conquest leaves its red tally (internal RAM) and its practice pairing (external RAM)
    # alone, so what is written there stays, in the next frame's memory and in a save state.
    fields = StateMap.load(STATE_FILE, symbols_path()).fields
    tally, pairing = fields["tally_red"].address, 0x40 + fields["pairing"].address
    view[tally], view[pairing] = 0x42, 0x05
    c.run(1)
    m.load_state(c.serialize())
    assert (m.iram[tally], m.xram[pairing - 0x40]) == (0x42, 0x05)
    live = (ctypes.c_uint8 * 0x40).from_address(descriptors[1].ptr)
    live[pairing - 0x40] = 0x07                 # written through the map: the view follows
    c.run(1)
    assert c.memory()[pairing] == 0x07
    # One RAM at a time: each write reaches the machine alone too.
    for address, value in ((pairing, 0x03), (tally, 0x24)):
        c.memory()[address] = value
        c.run(1)
        m.load_state(c.serialize())
        assert np.concatenate([m.iram, m.xram])[address] == value, hex(address)


@pytest.mark.parametrize("size", CART_SIZES)
def test_every_cartridge_size_runs_as_in_python(core, size):
    image = np.random.default_rng(size).integers(0, 256, size, dtype=np.uint8).tobytes()
    c = core()
    assert c.load(image, f"random_{size}.bin")
    run = Lockstep(c, Odyssey2(cart=image))
    run.run(30)


@pytest.mark.parametrize("size, problem", [(0, "empty file"), (3000, "wrong size"),
                                           (1 << 20, "too large")])
def test_bad_content_refused_with_one_line(core, size, problem):
    c = core()
    assert not c.load(bytes(size), "games/odd.bin")
    assert len(c.messages) == 1 and c.messages[0].startswith(f"games/odd.bin: {problem}")
    if size:
        assert c.messages[0].endswith(f"({size} bytes; expected 2048, 4096, 8192, 12288 or 16384 bytes)")


def test_no_content_runs_conquest(core):
    c = core()
    assert c.no_game
    assert c.load(None)
    Lockstep(c, Odyssey2(cart=CONQUEST)).run(60)
    assert c.dupes > 0, "SELECT GAME stands still: its frames go as dupes"


def test_bios_from_the_system_folder(core, tmp_path):
    """o2rom.bin in the system folder is used (here our minimal BIOS, which differs from the
    full one); the option "free" ignores it; a wrong-sized file is reported and not used."""
    other = roms_free.path("bios_min.bin").read_bytes()
    assert other != roms_free.path("bios.bin").read_bytes()
    (tmp_path / "o2rom.bin").write_bytes(other)
    c = core(system_dir=tmp_path)
    assert c.load(CONQUEST)
    Lockstep(c, Odyssey2(cart=CONQUEST, bios=other)).run(40)
    core.unload(c)
    c = core(system_dir=tmp_path, options={"odyssey2_bios": "free"})
    assert c.load(CONQUEST)
    Lockstep(c, Odyssey2(cart=CONQUEST)).run(40)
    core.unload(c)
    (tmp_path / "o2rom.bin").write_bytes(other + b"\0")
    c = core(system_dir=tmp_path)
    assert c.load(CONQUEST)
    assert [m.split("/")[-1] for m in c.messages] == [
        "o2rom.bin: too large for a BIOS (1025 bytes; expected 1024 bytes): using the free BIOS"]
    Lockstep(c, Odyssey2(cart=CONQUEST)).run(10)
    core.unload(c)
    # Asked for by name and absent: said so, and ours is used.
    c = core(system_dir=tmp_path / "empty", options={"odyssey2_bios": "c52.bin"})
    (tmp_path / "empty").mkdir()
    assert c.load(CONQUEST)
    assert c.messages == ["no c52.bin in the system folder: using the free BIOS"]
    Lockstep(c, Odyssey2(cart=CONQUEST)).run(10)


def test_region_model_and_rate_options(core):
    pal_fps = o2.O2_HC_RATE_PAL_NUM / (o2.O2_HC_RATE_PAL_DEN * o2.O2_LINE_HC_PAL * o2.O2_LINES_PAL)
    ntsc_fps = o2.O2_HC_RATE_NTSC_NUM / (o2.O2_HC_RATE_NTSC_DEN * o2.O2_LINE_HC_NTSC * o2.O2_LINES_NTSC)
    c = core(options={"odyssey2_region": "pal", "odyssey2_model": "mame", "odyssey2_sample_rate": "48000"})
    assert c.load(CONQUEST)
    av = c.av_info()
    assert av.timing.fps == pytest.approx(49.7015, abs=1e-4) and av.timing.fps == pytest.approx(pal_fps, rel=1e-12)
    assert av.timing.sample_rate == 48000
    assert (av.geometry.base_width, av.geometry.base_height) == (360, 243)
    Lockstep(c, Odyssey2(cart=CONQUEST, region="pal", model="mame", sample_rate=48000)).run(60)
    # Changed in the menu: the console restarts as an NTSC hardware-model one, at 44.1 kHz.
    c.set_options(region="ntsc", model="hardware", sample_rate="44100")
    Lockstep(c, Odyssey2(cart=CONQUEST)).run(60)
    assert c.av_changes[-1][0] == pytest.approx(ntsc_fps, rel=1e-12) and c.av_changes[-1][1] == 44100
    assert c.av_info().geometry.aspect_ratio == pytest.approx(360 * 6 / 7 / 243, rel=1e-6)


def test_grey_palette_is_the_luma_of_the_colours(core):
    """Chosen in the menu while a still picture shows: the next frame is all grey."""
    c = core()
    assert c.load(COLOURS)
    m = Odyssey2(cart=COLOURS)
    c.run(59)
    c.set_options(palette="grey")
    c.run(1)
    m.run_frames(60)
    rgb = m.screen.astype(np.int64)
    luma = (299 * rgb[..., 0] + 587 * rgb[..., 1] + 114 * rgb[..., 2] + 500) // 1000
    assert np.array_equal(c.frame, np.repeat(luma[..., None], 3, axis=2))
    assert len(np.unique(luma)) >= 8


def test_a_second_game_in_other_colours_shows_its_own(core):
    """A game loaded after one shown in other colours (the core's library stays loaded between
    games) shows Python's picture in every pixel, even where it is the picture shown last: the
    colour test's still picture in grey, then the same picture from its save state."""
    c = core(options={"odyssey2_palette": "grey"})
    assert c.load(COLOURS)
    c.run(60)
    state = c.serialize()
    core.unload(c)
    c = core()
    assert c.load(COLOURS) and c.unserialize(state)
    m = Odyssey2(cart=COLOURS)
    m.load_state(state)
    Lockstep(c, m).run(10)


def test_pure_palette_follows_the_pen_bits(core):
    """pure: each pen's R, G and B bits at 0xAA (full 0xFF when luminous), off 0x00 (0x55)."""
    c = core(options={"odyssey2_palette": "pure"})
    assert c.load(COLOURS)
    m = Odyssey2(cart=COLOURS)
    c.run(60)
    m.run_frames(60)
    # MAME's RF palette (native/vdc8244.h), pen by pen.
    mame = ["000000", "790000", "006D07", "77670B", "1A37BE", "94309F", "2AAABE", "CECECE",
            "676767", "C75151", "56C469", "C6B86A", "5C80F6", "DC84E8", "77E6EB", "FFFFFF"]
    seen = 0
    for pen, code in enumerate(mame):
        where = np.all(m.screen == np.frombuffer(bytes.fromhex(code), np.uint8), axis=2)
        on, off = (0xFF, 0x55) if pen & 8 else (0xAA, 0x00)
        want = [on if pen & bit else off for bit in (1, 2, 4)]
        assert (c.frame[where] == want).all(), pen
        seen += where.any()
    assert seen >= 8


def test_legacy_options_and_per_button_polling(core):
    """A front end without version-2 options gets "Description; default|other|..." strings; one
    without input bitmasks is asked button by button, one without dupes gets every picture; all
    play the same."""
    c = core(options_version=0, bitmasks=False, can_dupe=False, options={"odyssey2_pad_select": "SPACE"})
    assert c.legacy["odyssey2_region"].startswith("Region; ntsc|pal")
    assert c.legacy["odyssey2_pad_b"].split("; ")[1].split("|")[0] == "fire"
    assert c.load(CONQUEST)
    run = Lockstep(c, Odyssey2(cart=CONQUEST))
    run.run(60)
    run.tap_pad(0, "SELECT")
    run.tap_pad(0, "L")
    run.tap_pad(0, "X")
    assert conquest_mode(run.machine.iram, run.machine.xram) == "entry"
    assert c.dupes == 0


def test_keyboard_matches_the_default_pc_keyboard_of_o2_run(core):
    """Every PC key of `o2 run`'s default keyboard (emu/config.py) presses the same console key
    here: our input test program records every key it sees, and the two machines agree."""
    sdl_to_retrok = {"Space": "space", "Return": "return", "Backspace": "backspace", "/": "slash",
                     "-": "minus", "=": "equals", ".": "period", "[": "leftbracket",
                     "]": "rightbracket", "\\": "backslash", "Keypad Enter": "kp_enter",
                     "Keypad +": "kp_plus", "Keypad -": "kp_minus", "Keypad *": "kp_multiply",
                     "Keypad /": "kp_divide", "Keypad .": "kp_period", "Keypad =": "kp_equals"}
    image = roms_free.path("test_input.bin").read_bytes()
    c = core()
    assert c.load(image)
    run = Lockstep(c, Odyssey2(cart=image))
    run.run(20)
    for pc_key, o2_key in DEFAULTS["keyboard"].items():
        if pc_key.startswith("Keypad ") and pc_key[7:].isdigit():
            retrok = f"kp{pc_key[7:]}"
        else:
            retrok = sdl_to_retrok.get(pc_key, pc_key.lower())
        run.tap_key(retrok, o2_key)
    assert run.frames > 20 + 6 * 60


def test_system_info_and_info_file(core):
    c = core()
    info = c.system_info()
    assert info.library_name == b"Odyssey2" and info.valid_extensions == b"bin"
    assert not info.need_fullpath
    from retro import INFO
    from emu.version import __version__
    text = INFO.read_text()
    for line in ('supports_no_game = "true"', 'savestate = "true"', 'supported_extensions = "bin"',
                 'firmware0_path = "o2rom.bin"', f'display_version = "{__version__}"',
                 'memory_descriptors = "true"'):
        assert line in text


def test_the_library_shows_only_the_libretro_api(library):
    """The C core's own functions stay inside the library (hidden), and no Python is linked in."""
    import ctypes
    lib = ctypes.CDLL(str(library))
    assert hasattr(lib, "retro_run") and hasattr(lib, "retro_serialize")
    for inside in ("o2_new", "o2_run_frames", "vdc_catch_up", "key_matrix"):
        assert not hasattr(lib, inside), inside
    assert b"libpython" not in library.read_bytes()
