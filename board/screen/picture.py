"""From any RGB frame to the profile's picture: de-interlaced, the active picture found inside black borders
and overscan, scaled to the picture's size.

A frame of exactly the picture's size (our emulator's screen) is taken as it is. A capture (720x480,
640x480, ...) is de-interlaced by keeping one field when it has about twice the picture's lines (a capture
device weaves the console's progressive fields into interlaced frames, and a moving picture then shows
combing), cropped to the bounding box of the rows and columns that are not black, and resized by area
averaging. Colour and gamma are left alone: the reader compares each cell with its own background and
classifies colours by chromaticity, which both survive.
"""
from __future__ import annotations

import cv2
import numpy as np

BLACK_LEVEL = 24          # a row or column whose median brightness is above this is picture, not border
MIN_SHARE = 0.5           # the found box must cover at least half of each dimension, or the frame is used


def active_box(frame: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of the active picture: the rows and columns whose median brightness is
    above the black level (the whole frame when that finds nothing plausible)."""
    height, width = frame.shape[:2]
    small = frame[::2, ::2].max(axis=2)                  # brightness of every other pixel: enough, and fast
    rows = np.flatnonzero(np.median(small, axis=1) > BLACK_LEVEL) * 2
    cols = np.flatnonzero(np.median(small, axis=0) > BLACK_LEVEL) * 2
    if len(rows) == 0 or len(cols) == 0:
        return 0, height, 0, width
    top, bottom, left, right = rows[0], min(height, rows[-1] + 2), cols[0], min(width, cols[-1] + 2)
    if bottom - top < MIN_SHARE * height or right - left < MIN_SHARE * width:
        return 0, height, 0, width
    return top, bottom, left, right


def to_picture(frame: np.ndarray, width: int, height: int) -> np.ndarray:
    """The frame as the profile's picture: uint8 (height, width, 3)."""
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"expected an RGB frame (H x W x 3), got shape {frame.shape}")
    if frame.shape[:2] == (height, width):
        return frame
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if frame.shape[0] >= int(1.8 * height):
        frame = frame[::2]                                 # one field: no combing
    top, bottom, left, right = active_box(frame)
    return cv2.resize(np.ascontiguousarray(frame[top:bottom, left:right]), (width, height),
                      interpolation=cv2.INTER_AREA)
