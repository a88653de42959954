"""The core in real RetroArch (Debian's package, under Xvfb): its screenshots are our frames.

RetroArch's raw screenshot (video_gpu_screenshot off) is the core's frame as the core gave it,
360 x 243. With --max-frames N, RetroArch 1.14's screenshot is the picture of the core's frame
N-1 (measured: the battle below, whose picture changes every frame, matches that frame and no
other). Without retroarch these tests skip, except where
O2_REQUIRE_RETROARCH=1 (CI) makes that a failure.
"""
import os

import numpy as np
import pytest
from PIL import Image

import retroarch
import roms_free
from emu.odyssey2 import Odyssey2

CONQUEST = roms_free.path("conquest.bin")
FRAMES = 50
MISSING = retroarch.missing()
if MISSING and os.environ.get("O2_REQUIRE_RETROARCH") == "1":
    pytest.fail(f"O2_REQUIRE_RETROARCH=1 but {MISSING}", pytrace=False)
if MISSING:
    pytest.skip(MISSING, allow_module_level=True)      # decided before the core is built


def screenshot(path) -> np.ndarray:
    return np.array(Image.open(path).convert("RGB"))


def test_conquest_in_retroarch_is_our_picture(library, tmp_path):
    shot, log = retroarch.run(tmp_path, library, CONQUEST, FRAMES)
    assert "[Odyssey2] BIOS: the free BIOS built into the core" in log
    m = Odyssey2(cart=CONQUEST)
    m.run_frames(FRAMES - 1)
    assert np.array_equal(screenshot(shot), m.screen)


def test_a_battle_from_our_save_state_runs_in_retroarch_as_in_python(library, tmp_path):
    """RetroArch loads the Python package's save state (a jet-jet battle) through the core and
    runs on: the screenshot is our picture of that frame, and of no frame next to it."""
    state = retroarch.jet_battle_state()
    shot, log = retroarch.run(tmp_path, library, CONQUEST, FRAMES, state=state)
    assert "Auto-loading save state" in log and "succeeded" in log
    m = Odyssey2(cart=CONQUEST)
    m.load_state(state)
    frames = []
    for _ in range(FRAMES + 1):
        m.run_frames(1)
        frames.append(m.screen.copy())
    picture = screenshot(shot)
    matching = [n + 1 for n, frame in enumerate(frames) if np.array_equal(frame, picture)]
    assert matching == [FRAMES - 1]


def test_retroarch_starts_the_core_without_content(library, tmp_path):
    """No content: the core's own Conquest of the World (SET_SUPPORT_NO_GAME)."""
    shot, _ = retroarch.run(tmp_path, library, None, FRAMES)
    m = Odyssey2(cart=CONQUEST)
    m.run_frames(FRAMES - 1)
    assert np.array_equal(screenshot(shot), m.screen)


def test_core_options_set_in_retroarch(library, tmp_path):
    """RetroArch's core options file sets the region and the colours: a PAL console, in grey."""
    shot, _ = retroarch.run(tmp_path, library, CONQUEST, FRAMES,
                            options={"odyssey2_region": "pal", "odyssey2_palette": "grey"})
    m = Odyssey2(cart=CONQUEST, region="pal")
    m.run_frames(FRAMES - 1)
    rgb = m.screen.astype(np.int64)
    luma = (299 * rgb[..., 0] + 587 * rgb[..., 1] + 114 * rgb[..., 2] + 500) // 1000
    assert np.array_equal(screenshot(shot), np.repeat(luma[..., None], 3, axis=2).astype(np.uint8))


def test_retroarch_saves_our_state(library, tmp_path):
    """The state RetroArch saves as it quits holds the core's state in the package's format:
    Odyssey2 loads it, and it is byte for byte the state of a machine run to the same frame."""
    retroarch.run(tmp_path, library, CONQUEST, FRAMES)
    saved = retroarch.core_state((tmp_path / "states" / "conquest.state.auto").read_bytes())
    m = Odyssey2(cart=CONQUEST)
    m.load_state(saved)
    assert m.frame >= FRAMES - 1
    fresh = Odyssey2(cart=CONQUEST)
    for _ in range(m.frame):
        fresh.run_frames(1)
    assert fresh.save_state() == saved
