"""Hardware facts the Python side uses come from o2.h through the cffi boundary: their values are
the documented ones (native/HARDWARE.md §2-3)."""
from fractions import Fraction

import pytest

from emu.debugger import views
from emu.frontend.session import FRAME_RATE
from emu.native import O2


def test_frame_rates_are_the_pixel_clock_over_a_frame():
    # NTSC: 315/44 MHz over 455 × 263 half-clocks; PAL: 17.734476 MHz × 2/5 over 456 × 313.
    assert FRAME_RATE["ntsc"] == pytest.approx(float(Fraction(315_000_000, 44) / (455 * 263)), rel=1e-15)
    assert FRAME_RATE["pal"] == pytest.approx(float(Fraction(17_734_476) * 2 / 5 / (456 * 313)), rel=1e-15)
    assert round(FRAME_RATE["ntsc"], 4) == 59.8261 and round(FRAME_RATE["pal"], 4) == 49.7015


def test_the_debugger_views_use_the_documented_register_map():
    assert (views.VDC_CONTROL, views.VDC_STATUS, views.VDC_COLLISION, views.VDC_COLOUR) == (0xA0, 0xA1, 0xA2, 0xA3)
    assert (views.VDC_GRID_H, views.VDC_GRID_H9, views.VDC_GRID_V) == (0xC0, 0xD0, 0xE0)
    assert views.COLLISION_BITS == ((1, "sprite0"), (2, "sprite1"), (4, "sprite2"), (8, "sprite3"),
                                    (0x10, "vgrid"), (0x20, "hgrid"), (0x40, "external"), (0x80, "chars"))
    assert (views.PSW_CY, views.PSW_BS, views.PSW_SP) == (0x80, 0x10, 0x07)
    assert (views.SOUND_ENABLE, views.SOUND_FAST, views.SOUND_NOISE, views.SOUND_VOLUME) == (0x80, 0x20, 0x10, 0x0F)
    assert (O2.P1_BANK0, O2.P1_BANK1, O2.P1_COPY, O2.P1_LUMINANCE_N) == (0x01, 0x02, 0x40, 0x80)


def test_cartridge_sizes_are_the_boards_of_the_core():
    # native/HARDWARE.md §2: 2, 4 and 8 KiB (2 KiB banks), 12 KiB (packed 3 KiB banks) and
    # 16 KiB (3 KiB banks in 4 KiB pages): the core's boards, asked through the cffi boundary.
    from emu.odyssey2 import CART_SIZES
    assert CART_SIZES == (2048, 4096, 8192, 12288, 16384)


def test_the_c_files_take_the_frame_and_clock_numbers_from_o2_h():
    """455/263/456/313 half-clocks and lines and the half-clock rates are typed once, in o2.h
    (native/HARDWARE.md section 3); the chip files name them (O2_LINE_HC_*, O2_HC_RATE_*)."""
    import re
    from pathlib import Path
    native = Path(__file__).resolve().parents[2] / "native"
    for path in sorted(native.glob("*.c")):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        # vdc8244.c's MAME_PAL_Y_MAX is 263 too, but MAME's PAL Y counter, another fact
        numbers = ("455", "263", "456", "313") if path.name in ("machine.c", "sound.c") else ()
        for number in numbers + ("78750000", "35468952"):
            assert not re.search(rf"\b{number}u?\b", code), f"{path.name} writes {number}; o2.h names it"
    assert (O2.LINE_HC_NTSC, O2.LINES_NTSC, O2.LINE_HC_PAL, O2.LINES_PAL) == (455, 263, 456, 313)
