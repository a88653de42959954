"""Whole-screen golden images. Each golden PNG is the MAME oracle's frame for the same
cartridge, BIOS stub and character set (a measured reference, never our own output), so the
comparison is exact. O2_UPDATE_GOLDEN=1 regenerates them on purpose by running the oracle
(MAME needed: tests/mame.py)."""
import os
import pathlib

import numpy as np
import pytest
from PIL import Image

import mame
from rom_runners import require_oracle
from vdc_roms import CTRL_DOTS, CTRL_GRID, CTRL_OBJECTS, bios_stub, cart, char, machine, setup, sprite

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHARSET = (ROOT / "roms_free" / "charset.bin").read_bytes()
FRAMES = 3

# "SCORE 10" in the free character set's codes (native/HARDWARE.md §4).
TEXT = [0x19, 0x23, 0x17, 0x13, 0x12, 0x0C, 0x01, 0x00]
SHAPE = (0x18, 0x3C, 0x7E, 0xFF, 0xDB, 0x18, 0x24, 0x42)


def scene_grid_objects():
    pairs = [(0xC0 + i, 0x81 if i % 2 else 0x42) for i in range(9)] + [(0xD4, 0x01)]
    pairs += [(0xE0 + i, 0x18 if i % 3 else 0x81) for i in range(10)]
    for n, code in enumerate(TEXT):
        pairs += char(n, 0x20 + 8 * (n % 3), 0x10 + 10 * n, (8 * code - (0x20 + 8 * (n % 3)) // 2) & 0x1FF, n % 8)
    for k, code in enumerate([0x20, 0x26, 0x12, 0x30]):     # quad 0: "AME10"-style row
        ptr = (8 * code - 0x90 // 2) & 0x1FF
        pairs += [(0x40 + 4 * k, 0x90), (0x41 + 4 * k, 0x30), (0x42 + 4 * k, ptr & 0xFF), (0x43 + 4 * k, (k + 2) << 1 | ptr >> 8)]
    pairs += sprite(0, 0x60, 0x50, 0x08 | 0x04, SHAPE) + sprite(1, 0x68, 0x58, 0x10 | 0x01, SHAPE)
    pairs += sprite(2, 0xB0, 0x90, 0x30 | 0x02, SHAPE) + sprite(3, 0xC0, 0x20, 0x38 | 0x07, SHAPE)
    return setup(pairs + [(0xA3, 0x5A), (0xA0, CTRL_GRID | CTRL_OBJECTS)])


def scene_dots_wide():
    pairs = [(0xE0 + i, 0x55) for i in range(10)] + [(0xC4, 0xFF)]
    return setup(pairs + [(0xA3, 0x23), (0xA0, CTRL_GRID | CTRL_DOTS | 0x80)])


SCENES = {"grid_objects": scene_grid_objects, "dots_wide": scene_dots_wide}


def oracle_capture(body, charset=CHARSET, frames=FRAMES):
    """MAME's screen (numpy, as ours) and internal RAM after `frames` frames of the cartridge."""
    require_oracle()
    last = mame.run(bios_stub(), charset, cart(body), frames).frames[frames]
    return last.image.copy(), list(last.iram)


def oracle_frame(body):
    return oracle_capture(body)[0]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_equals_the_oracle_golden(name):
    path = HERE / "golden" / f"{name}.png"
    if os.environ.get("O2_UPDATE_GOLDEN") == "1":
        Image.fromarray(oracle_frame(SCENES[name]())).save(path)
    golden = np.asarray(Image.open(path).convert("RGB"))
    m = machine(SCENES[name](), charset=CHARSET)
    m.run_frames(FRAMES)
    assert golden.shape == m.screen.shape
    diff = np.argwhere((golden != m.screen).any(axis=2))
    assert len(diff) == 0, f"{len(diff)} pixels differ, first (row, column) {diff[:5].tolist()}"
