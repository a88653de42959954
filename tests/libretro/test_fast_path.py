"""The core's fast path for pictures (native/libretro/libretro.c, convert_frame): it converts only
the lines the machine flags as redrawn (o2_screen_redrawn, set by the VDC), and of each only the
span that may have changed (o2_screen_spans), through the widest converter the processor has,
storing only the pixels that changed, and passes a picture without a change as a dupe. Here: the
flags and spans cover every pixel that changed, wherever a run stops; each converter gives
Python's pictures; and a core built against flags that forget lines or spans cut short gives
pictures that differ from Python's, so that the lockstep tests would see broken dirty
tracking."""
import pathlib
import re
import subprocess

import numpy as np
import pytest

from benchmarks.machine import _conquest_in_combat, busy_bios, machine as busy_machine
from emu.native import ffi, lib as o2
from emu.odyssey2 import Odyssey2
import roms_free
import retro

HALF_FRAME_CYCLES = 2983        # about half an NTSC frame (5966 cycles)

CONQUEST = roms_free.path("conquest.bin").read_bytes()


def redrawn_flags(m: Odyssey2) -> np.ndarray:
    """A writable view of the machine's O2_SCREEN_H redrawn-line flags."""
    return np.frombuffer(ffi.buffer(o2.o2_screen_redrawn(m._machine._m), o2.O2_SCREEN_H), dtype=np.uint8)


def redrawn_spans(m: Odyssey2) -> np.ndarray:
    """The machine's redrawn spans, [x0, x1) for each of the O2_SCREEN_H lines."""
    spans = ffi.cast("uint16_t *", o2.o2_screen_spans(m._machine._m))   # writable: the tests narrow them
    return np.frombuffer(ffi.buffer(spans, 4 * o2.O2_SCREEN_H), dtype=np.uint16).reshape(o2.O2_SCREEN_H, 2)


def unflagged_changes(m: Odyssey2, advances, forget_midway=False, narrow_midway=False):
    """Runs each advance(m) in turn and, after each, takes the picture as a front end does: the
    lines whose pixels changed since the last take and are not flagged, or changed outside their
    span, or are flagged as a copy of the line above (O2_REDRAWN_AS_ABOVE) and are not, as
    (advance's index, lines) for the first take that has any, else None. forget_midway clears the
    flags halfway through each advance as well, without a take (a VDC that forgets what it drew),
    narrow_midway sets every span to a single column there (a VDC that loses a span's width): the
    check must then find lines."""
    flags = redrawn_flags(m)
    spans = redrawn_spans(m)
    seen = m.screen.copy()
    flags[:] = 0
    for i, advance in enumerate(advances):
        if forget_midway or narrow_midway:
            advance(m, half=0)
            if forget_midway:
                flags[:] = 0
            else:
                spans[:, 1] = np.minimum(spans[:, 1], spans[:, 0] + 1)
            advance(m, half=1)
        else:
            advance(m, half=None)
        changed = np.flatnonzero((m.screen != seen).any(axis=(1, 2)))
        missed = [int(y) for y in changed if not flags[y]]
        for y in changed:
            if flags[y]:
                columns = np.flatnonzero((m.screen[y] != seen[y]).any(axis=1))
                x0, x1 = spans[y]
                if columns[0] < x0 or columns[-1] >= x1:
                    missed.append(int(y))
        # a line flagged as a copy of the line above must be one now
        missed += [int(y) for y in np.flatnonzero(flags == o2.O2_REDRAWN_AS_ABOVE)
                   if y == 0 or not np.array_equal(m.screen[y], m.screen[y - 1])]
        if missed:
            return i, missed
        seen[...] = m.screen
        flags[:] = 0
    return None


def frames(n):
    def advance(m, half):
        if half == 0:
            m.run_cycles(HALF_FRAME_CYCLES)
        else:
            m.run_frames(n)
    return advance


def cycles(n):
    def advance(m, half):
        m.run_cycles(n // 2 if half == 0 else n - n // 2 if half == 1 else n)
    return advance


# Runs that stop at frame ends, in the middle of frames and lines (odd cycle counts), and across
# several frames between takes.
ADVANCES = [frames(1)] * 40 + [cycles(c) for c in (1, 7, 37, 229, 1001, 3323, 5000, 12345)] * 5 \
           + [frames(3)] * 10


def jet_battle() -> Odyssey2:
    """Conquest of the World in a jet-jet battle (tests/benchmarks/machine.py): the quads that
    count the units change every few frames, and sprites move over lines drawn as copies of the
    line above."""
    return _conquest_in_combat("P", "P")[0]


@pytest.mark.parametrize("setup", ["busy", "conquest", "conquest_pal", "jet_battle"])
def test_redrawn_flags_cover_every_changed_line(setup):
    """Whatever the cadence of the takes, every line whose pixels changed is flagged, and every
    line flagged as a copy of the line above is one: the busy
    program (every object moving), Conquest of the World from power-on (BIOS start-up, title,
    SELECT GAME) on NTSC and on PAL, and in a jet-jet battle; then after a state load, a reset and
    a power cycle."""
    m = busy_machine() if setup == "busy" else jet_battle() if setup == "jet_battle" \
        else Odyssey2(cart=CONQUEST, region="pal" if setup == "conquest_pal" else "ntsc")
    assert unflagged_changes(m, ADVANCES) is None
    state = m.save_state()
    m.run_frames(50)
    m.load_state(state)
    assert unflagged_changes(m, ADVANCES[:20]) is None
    m.reset()
    assert unflagged_changes(m, ADVANCES[:20]) is None
    m.power_cycle()
    assert unflagged_changes(m, ADVANCES) is None


def test_the_check_finds_lines_a_vdc_forgot():
    """The check above is not blind: with the flags cleared in the middle of each run (lines drawn
    and never handed over), it finds changed lines left unflagged."""
    found = unflagged_changes(busy_machine(), ADVANCES, forget_midway=True)
    assert found is not None and found[1], "clearing the flags mid-run went unnoticed"


def test_the_check_finds_pixels_outside_a_span():
    """Nor is it blind to spans: with every span cut to its first column in the middle of each run
    (the moving sprites' pixels drawn before then left outside), it finds those lines."""
    found = unflagged_changes(busy_machine(), ADVANCES, narrow_midway=True)
    assert found is not None and found[1], "narrowing the spans mid-run went unnoticed"


def busy_core(core, tmp_path):
    """The core on the busy program (a BIOS in the system folder, an empty cartridge)."""
    (tmp_path / "o2rom.bin").write_bytes(busy_bios())
    c = core(system_dir=tmp_path)
    assert c.load(bytes(2048))
    return c


def lockstep(c, m, n):
    """n frames of the core beside Python's machine: the first frame whose picture differs, or
    None."""
    for frame in range(1, n + 1):
        c.run()
        m.run_frames(1)
        if not np.array_equal(c.frame, m.screen):
            return frame
    return None


@pytest.mark.parametrize("converter", ["avx512", "avx2", "plain"])
def test_each_converter_gives_python_s_pictures(core, tmp_path, monkeypatch, capfd, converter):
    """Every converter (O2_LIBRETRO_CONVERTER asks for one; the core logs the one it uses) gives
    Python's picture frame by frame: the busy program, a state load in the middle, and Conquest
    of the World from power-on (no content), whose still frames go as dupes."""
    monkeypatch.setenv("O2_LIBRETRO_CONVERTER", converter)
    c = busy_core(core, tmp_path)
    used = re.findall(r"pictures converted by the (\w+) converter", capfd.readouterr().err)
    if used[-1:] != [converter]:
        pytest.skip(f"this processor has no {converter} converter (the core uses {used[-1:]})")
    m = busy_machine()
    assert lockstep(c, m, 120) is None
    state = m.save_state()
    assert c.unserialize(state)
    assert lockstep(c, m, 60) is None
    core.unload(c)
    c = core()
    assert c.load(None)
    assert lockstep(c, Odyssey2(cart=CONQUEST), 400) is None
    assert c.dupes > 0


def hooked_core(tmp_path, hook: str, source=None) -> pathlib.Path:
    """The core (or `source` in place of its libretro.c) built against forgetful_redrawn.c's
    flags and spans, with `hook` (FORGET_ODD_LINES, CLAIM_COPIES, NARROW_SPANS, WIDE_SPANS)."""
    here, root = retro.ROOT / "tests" / "libretro", retro.ROOT
    built = tmp_path / f"hooked_{hook}_libretro.so"
    include = [f"-I{root / 'native'}", f"-I{root / 'native' / 'libretro'}", f"-I{root / 'build' / 'libretro'}"]
    flags = ["-std=c11", "-O1", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror", *include]
    done = subprocess.run(["cc", *flags, "-Do2_screen_redrawn=forgetful_screen_redrawn",
                           "-Do2_screen_spans=forgetful_screen_spans", "-c",
                           str(source or root / "native" / "libretro" / "libretro.c"), "-o", str(tmp_path / "libretro.o")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(["cc", *flags, f"-D{hook}", "-shared", *map(str, sorted((root / "native").glob("*.c"))),
                           str(here / "forgetful_redrawn.c"), str(tmp_path / "libretro.o"), "-lm", "-o", str(built)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return built


@pytest.mark.parametrize("mutation", ["FORGET_ODD_LINES", "CLAIM_COPIES", "NARROW_SPANS"])
def test_a_core_whose_dirty_tracking_is_broken_is_caught(library, tmp_path, mutation):
    """The core built against redrawn-line flags broken on purpose (forgetful_redrawn.c, linked
    in place of the hooks the fast path trusts: every odd line's flag dropped, every redrawn
    line said to be a copy of the line above, or every span two columns short) gives a picture unlike Python's within a few busy
    frames: the lockstep comparison sees broken dirty tracking. The same comparison with the
    real flags passes (test_each_converter_gives_python_s_pictures)."""
    broken = hooked_core(tmp_path, mutation)
    (tmp_path / "o2rom.bin").write_bytes(busy_bios())
    c = retro.Core(broken, system_dir=tmp_path)
    try:
        assert c.load(bytes(2048))
        first = lockstep(c, busy_machine(), 60)
    finally:
        c.unload()
    assert first is not None, f"a core built with {mutation} still matched Python"


def first_difference_on_both_setups(core: pathlib.Path, tmp_path) -> int | None:
    """The first frame unlike Python's of the busy program and then of a jet-jet battle through
    `core`, 120 frames each; None when all are Python's."""
    (tmp_path / "o2rom.bin").write_bytes(busy_bios())
    for setup in ("busy", "jet_battle"):
        m = jet_battle() if setup == "jet_battle" else busy_machine()
        c = retro.Core(core, system_dir=tmp_path if setup == "busy" else None)
        try:
            assert c.load(CONQUEST if setup == "jet_battle" else bytes(2048))
            assert c.unserialize(m.save_state())
            first = lockstep(c, m, 120)
        finally:
            c.unload()
        if first is not None:
            return first
    return None


@pytest.mark.parametrize("converter", ["avx512", "avx2", "plain"])
def test_spans_to_the_line_end_from_every_alignment_give_python_s_pictures(library, tmp_path, monkeypatch, capfd,
                                                                           converter):
    """Each converter's last pieces of a line, where its wide reads would pass the line's end,
    from every alignment: spans widened to the line's end from a column 7 past a multiple of 8
    (forgetful_redrawn.c, WIDE_SPANS) still give Python's pictures."""
    monkeypatch.setenv("O2_LIBRETRO_CONVERTER", converter)
    core = hooked_core(tmp_path, "WIDE_SPANS")
    c = retro.Core(core)
    used = re.findall(r"pictures converted by the (\w+) converter", capfd.readouterr().err)
    c.unload()
    if used[-1:] != [converter]:
        pytest.skip(f"this processor has no {converter} converter (the core uses {used[-1:]})")
    assert first_difference_on_both_setups(core, tmp_path) is None


def test_an_avx2_converter_that_skips_a_pixel_at_the_line_end_is_caught(library, tmp_path, monkeypatch, capfd):
    """...and the same comparison catches an AVX2 converter without its piece for the 9 pixels
    left where its loop stops short of the line's end (as the converter before commit a8d93fc
    had it: the pixel 351 of a span from a column 7 past a multiple of 8 to the line's end was
    left out, its loop stopping there and its last 8 pixels beginning at 352)."""
    monkeypatch.setenv("O2_LIBRETRO_CONVERTER", "avx2")
    assert LIBRETRO.read_text().count(NEW_AVX2_TAIL) == 1, "libretro.c no longer has the piece this test breaks"
    old = tmp_path / "libretro.c"
    old.write_text(OLD_AVX2_TAIL.join(LIBRETRO.read_text().split(NEW_AVX2_TAIL)))
    core = hooked_core(tmp_path, "WIDE_SPANS", source=old)
    c = retro.Core(core)
    used = re.findall(r"pictures converted by the (\w+) converter", capfd.readouterr().err)
    c.unload()
    if used[-1:] != ["avx2"]:
        pytest.skip(f"this processor has no avx2 converter (the core uses {used[-1:]})")
    assert first_difference_on_both_setups(core, tmp_path) is not None


LIBRETRO = retro.ROOT / "native" / "libretro" / "libretro.c"
# the AVX2 converter's handling of the 9 pixels left where its loop stops short of the line's end
NEW_AVX2_TAIL = "    if (x + 8 < end)                 /* 9 left where the loop stopped short of the line's end */\n"
OLD_AVX2_TAIL = "    if (0)\n"


def test_hidden_frames_get_no_picture_or_sound_and_lose_nothing(core, tmp_path):
    """Frames the front end hides (GET_AUDIO_VIDEO_ENABLE without video or audio, as run-ahead's
    second instance and netplay's replays run) get no picture converted and no samples; the
    lines redrawn in them stay flagged, so the next frame shown is Python's picture, and its
    sound is Python's too: busy frames, two hidden for one shown, then one hidden for one
    shown."""
    c = busy_core(core, tmp_path)
    m = busy_machine()
    for frame in range(240):
        hidden = frame % 3 != 2 if frame < 120 else frame % 2 == 0
        c.av_enable = 0 if hidden else retro.AV_ENABLE_VIDEO | retro.AV_ENABLE_AUDIO
        c.run()
        m.run_frames(1)
        if hidden:
            assert len(c.audio) == 0, f"samples sent in hidden frame {frame}"
        else:
            assert np.array_equal(c.frame, m.screen), f"picture differs at frame {frame}"
            assert np.array_equal(c.audio[0::2], m.audio) and np.array_equal(c.audio[1::2], m.audio)
    assert c.hidden_pictures == 0, "a dupe where the front end takes them"


def test_first_pictures_are_sent_even_when_unchanged(core):
    """A dupe needs a picture the front end still has: the first frame after loading a game goes
    as a picture even when it equals what the core last sent (the same game loaded again), and so
    does the first after a change of timing (SET_SYSTEM_AV_INFO: here the sample rate, over
    Conquest's still SELECT GAME picture)."""
    c = core()
    assert c.load(None)
    c.run()
    first = c.frame
    core.unload(c)
    c = core()
    assert c.load(None)
    c.run()
    assert c.dupes == 0 and np.array_equal(c.frame, first)
    c.run(400)
    dupes = c.dupes
    c.run()
    assert c.dupes == dupes + 1, "SELECT GAME stands still"
    c.set_options(sample_rate="48000")
    c.run()
    assert c.dupes == dupes + 1 and c.av_changes


# Each: a file of the core, a piece of it, and that piece broken (the text must be there).
SPAN_MUTATIONS = {
    # the lines below a converted line that are copies of it lose their flags but get no pixels
    "copies_given_nothing": (
        "native/libretro/libretro.c",
        "span[2 * y], span[2 * y + 1], copies);",
        "span[2 * y], span[2 * y + 1], 0);"),
    # a line drawn as a copy of the line above gets the line above's pixels even where the
    # core's picture does not hold it as a copy (only the line above's span is stored into it)
    "copies_taken_unchecked": (
        "native/libretro/libretro.c",
        "redrawn[below] == O2_REDRAWN_AS_ABOVE && same_as_above[below];",
        "redrawn[below] == O2_REDRAWN_AS_ABOVE;"),
    # the VDC flags no line it compared with its old pixels, changed or not
    "flag_no_compared_line": (
        "native/vdc8244.c",
        "if (first < end)\n",
        "if (0 && first < end)\n"),
    # the VDC flags a compared line's changed columns but the first (changed_pixels narrows
    # the span to the first..last changed pixel)
    "compared_span_a_column_short": (
        "native/vdc8244.c",
        "line_redrawn(v, line, redrawn, x0 + first, x0 + end);",
        "line_redrawn(v, line, redrawn, x0 + first + 1, x0 + end);"),
    # the VDC flags a line drawn again because objects changed on it a column short of the
    # columns where they drew or draw (line_changed)
    "changed_columns_a_column_short": (
        "native/vdc8244.c",
        "line_redrawn(v, line, redrawn, from, to);",
        "line_redrawn(v, line, redrawn, from + 1, to);"),
    # the VDC takes every line for one drawn without objects: a change of an object redraws none
    "every_line_objectless": (
        "native/vdc8244.c",
        "v->line_objectless[line] = !objects_drawn_on(v, line);",
        "v->line_objectless[line] = 1;"),
    # the VDC leaves out a part of a valid line drawn under another look
    "skip_parts_whatever_the_look": (
        "native/vdc8244.c",
        "if (RENDER_CACHE && v->line_valid[line] == VDC_LINE_VALID && v->line_look[line] == v->look\n",
        "if (RENDER_CACHE && v->line_valid[line] == VDC_LINE_VALID\n"),
}


@pytest.mark.parametrize("mutation", sorted(SPAN_MUTATIONS))
def test_a_core_whose_span_tracking_is_broken_is_caught(library, tmp_path, mutation):
    """The pixels the core stores into the lines drawn as copies of a converted line (its copies,
    when the core's picture holds them as copies already), and the VDC's shortcuts that leave lines unflagged (a redraw that
    gave the same pixels, a line drawn without objects kept valid when objects change, a part of
    a valid line not drawn again), are checked as the flags are: a core built with one of them
    broken on purpose (SPAN_MUTATIONS) gives a picture unlike Python's within the frames of a
    jet-jet battle or of the busy program."""
    root = retro.ROOT
    name, piece, broken_piece = SPAN_MUTATIONS[mutation]
    source = (root / name).read_text()
    assert source.count(piece) == 1, f"{name} no longer has the piece this mutation breaks"
    mutated = tmp_path / pathlib.Path(name).name
    mutated.write_text(source.replace(piece, broken_piece))
    sources = [mutated if path.name == mutated.name else path
               for path in [*sorted((root / "native").glob("*.c")), root / "native" / "libretro" / "libretro.c"]]
    broken = tmp_path / "broken_libretro.so"
    include = [f"-I{root / 'native'}", f"-I{root / 'native' / 'libretro'}", f"-I{root / 'build' / 'libretro'}"]
    done = subprocess.run(["cc", "-std=c11", "-O1", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror",
                           *include, "-shared", *map(str, sources), "-lm", "-o", str(broken)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert first_difference_on_both_setups(broken, tmp_path) is not None, \
        f"a core built with {mutation} still matched Python"


def test_the_same_setups_match_python_with_the_real_core(core):
    """...and the real core matches Python there: the jet-jet battle from its saved state."""
    m = jet_battle()
    c = core()
    assert c.load(CONQUEST)
    assert c.unserialize(m.save_state())
    assert lockstep(c, m, 120) is None
