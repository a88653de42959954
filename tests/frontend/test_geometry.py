"""Aspect ratio and integer scaling of the window, worked out from the pixel clocks."""
from fractions import Fraction

from emu.frontend.video import PIXEL_ASPECT, Geometry, fit, initial_window_size


def test_ntsc_pixel_is_six_sevenths_as_wide_as_tall():
    # (135/11 MHz square-pixel rate) / (315/44 MHz pixel clock) / 2 lines per field line
    assert PIXEL_ASPECT["ntsc"] == Fraction(6, 7)


def test_pal_pixel_aspect():
    # 14.75 MHz / (17.734476 MHz × 2/5) / 2 = 14_750_000 × 5 / (17_734_476 × 2 × 2) ≈ 1.03964
    assert PIXEL_ASPECT["pal"] == Fraction(73_750_000, 70_937_904)


def test_initial_window_is_scale_times_the_lines():
    # 360 × 6/7 × 3 = 925.71 -> 926 columns, 243 × 3 rows
    assert initial_window_size(360, 243, "ntsc", 3) == (926, 729)
    assert initial_window_size(360, 243, "ntsc", 1) == (309, 243)


def test_fit_uses_the_largest_whole_line_scale_and_centres():
    # 768 // 243 = 3 rows per line; 926 columns fit in 1024.
    assert fit(360, 243, "ntsc", 1024, 768) == Geometry(49, 19, 926, 729, 3, 3, 3)


def test_fit_steps_down_when_the_width_does_not_fit():
    # Height allows 4 (972 // 243), but 4 × 308.57 = 1234 > 1000; 3 × 308.57 = 926 fits.
    assert fit(360, 243, "ntsc", 1000, 972) == Geometry(37, 121, 926, 729, 3, 3, 3)


def test_fit_below_one_times_keeps_the_aspect():
    # 308.571 / 243 = 1.26984: 200 rows -> 254 columns.
    assert fit(360, 243, "ntsc", 300, 200) == Geometry(23, 0, 254, 200, 0, 1, 1)


def test_fit_fullscreen_1080p():
    # 1080 // 243 = 4; 4 × 308.571 = 1234.3 -> 1234 columns; prescale ceil(1234 / 360) = 4.
    assert fit(360, 243, "ntsc", 1920, 1080) == Geometry(343, 54, 1234, 972, 4, 4, 4)
