"""What a capture device does to the console's picture, applied to our emulator's frames: placed in a
720x480 or 640x480 frame with black borders and a little overscan crop and offset, blur, noise, colour and
gamma shift, JPEG artifacts, interlace combing with the previous frame."""
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Capture:
    size: tuple[int, int] = (720, 480)       # width, height of the captured frame
    active: float = 0.9                      # share of the width the console's picture fills
    offset: tuple[int, int] = (0, 0)         # picture moved by this many capture pixels
    crop: int = 0                            # overscan: machine pixels lost at each edge
    blur: float = 0.0                        # Gaussian sigma, capture pixels
    noise: float = 0.0                       # Gaussian noise, standard deviation in levels
    gain: tuple[float, float, float] = (1.0, 1.0, 1.0)
    gamma: float = 1.0
    jpeg: int = 0                            # JPEG quality 1-100, 0 = none
    combing: bool = False                    # odd lines from the previous frame
    seed: int = 0


TYPICAL = [
    Capture(),
    Capture(size=(640, 480), active=0.92, offset=(3, -2), crop=2),
    Capture(blur=1.2, noise=6.0, jpeg=60, seed=1),
    Capture(size=(640, 480), gain=(1.1, 0.9, 1.05), gamma=1.3, jpeg=45, offset=(-4, 3), seed=2),
    Capture(combing=True, blur=0.8, noise=4.0, gamma=0.8, seed=3),
]


def _place(frame: np.ndarray, capture: Capture) -> np.ndarray:
    """The console's picture scaled into the capture frame, black around it (float32)."""
    width, height = capture.size
    picture = frame[capture.crop:frame.shape[0] - capture.crop, capture.crop:frame.shape[1] - capture.crop]
    pw = int(width * capture.active)
    ph = int(height * capture.active * 0.95)
    scaled = cv2.resize(picture, (pw, ph), interpolation=cv2.INTER_LINEAR)
    out = np.zeros((height, width, 3), np.float32)
    top, left = (height - ph) // 2 + capture.offset[1], (width - pw) // 2 + capture.offset[0]
    out[top:top + ph, left:left + pw] = scaled
    return out


def degrade(frame: np.ndarray, capture: Capture, previous: np.ndarray | None = None) -> np.ndarray:
    out = _place(frame, capture)
    if capture.blur:                         # the analogue path blurs each field before the device weaves them
        out = cv2.GaussianBlur(out, (0, 0), capture.blur)
    if capture.combing and previous is not None:
        out[1::2] = _place(previous, capture)[1::2]
    out = 255.0 * (np.clip(out * np.array(capture.gain, np.float32), 0, 255) / 255.0) ** capture.gamma
    if capture.noise:
        out += np.random.default_rng(capture.seed).normal(0, capture.noise, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if capture.jpeg:
        ok, data = cv2.imencode(".jpg", out[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, capture.jpeg])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)[:, :, ::-1]
    return np.ascontiguousarray(out)
