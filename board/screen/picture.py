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

BLACK_LEVEL = 24          # a row or column whose median brightness is below this is border, not picture
EDGE_INSET = 8            # pixels inside an edge where the picture's own brightness is taken (past a blur)
MIN_SHARE = 0.5           # the found box must cover at least half of each dimension, or the frame is used


def active_box(frame: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of the active picture: the rows and columns whose median brightness is
    above the black level, each edge then moved to where the brightness crosses half the picture's just
    inside it: the middle of a blurred edge, whatever the picture's brightness (the whole frame when that
    finds nothing plausible)."""
    height, width = frame.shape[:2]
    rows = np.median(frame[:, ::4].max(axis=2), axis=1)       # every line, every 4th pixel: enough, and fast
    cols = np.median(frame[::4].max(axis=2), axis=0)
    top, bottom = _edges(rows)
    left, right = _edges(cols)
    if bottom - top < MIN_SHARE * height or right - left < MIN_SHARE * width:
        return 0, height, 0, width
    return top, bottom, left, right


def _edges(brightness: np.ndarray) -> tuple[int, int]:
    """First and one past the last index of the picture along one axis (0, len when there is none)."""
    inside = np.flatnonzero(brightness > BLACK_LEVEL)
    if len(inside) == 0:
        return 0, len(brightness)
    first, last = int(inside[0]), int(inside[-1])
    for _ in range(EDGE_INSET):                  # the half-brightness crossing, at most EDGE_INSET further in
        if first >= last or brightness[first] > brightness[min(first + EDGE_INSET, last)] / 2:
            break
        first += 1
    for _ in range(EDGE_INSET):
        if last <= first or brightness[last] > brightness[max(last - EDGE_INSET, first)] / 2:
            break
        last -= 1
    return first, last + 1


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
