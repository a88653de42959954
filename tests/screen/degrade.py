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


_NOISE: dict = {}


def _noise(shape, sigma: float, seed: int) -> np.ndarray:
    """Sensor noise, a new field each frame: one long pattern drawn once, read from a moving start."""
    key = (shape, sigma, seed)
    if key not in _NOISE:
        _NOISE[key] = [np.random.default_rng(seed).normal(0, sigma, (int(np.prod(shape)) * 2,)).astype(np.float32),
                       0]
    pattern, start = _NOISE[key]
    size = int(np.prod(shape))
    _NOISE[key][1] = (start + 7919 * 3) % size
    return pattern[start:start + size].reshape(shape)


def degrade(frame: np.ndarray, capture: Capture, previous: np.ndarray | None = None) -> np.ndarray:
    out = _place(frame, capture)
    if capture.blur:                         # the analogue path blurs each field before the device weaves them
        out = cv2.GaussianBlur(out, (0, 0), capture.blur)
    if capture.combing and previous is not None:
        out[1::2] = _place(previous, capture)[1::2]
    out = np.clip(out, 0, 255).astype(np.uint8)
    if capture.gain != (1.0, 1.0, 1.0) or capture.gamma != 1.0:     # per channel, as a lookup table
        levels = np.arange(256, dtype=np.float32)
        out = np.dstack([cv2.LUT(out[:, :, c], (255.0 * (np.clip(levels * g, 0, 255) / 255.0) ** capture.gamma)
                                 .round().astype(np.uint8)) for c, g in enumerate(capture.gain)])
    if capture.noise:
        out = np.clip(out + _noise(out.shape, capture.noise, capture.seed), 0, 255).astype(np.uint8)
    if capture.jpeg:
        ok, data = cv2.imencode(".jpg", out[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, capture.jpeg])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)[:, :, ::-1]
    return np.ascontiguousarray(out)


# One capture fault at a time (and the typical mixes above): what the war tests and `make bench` read.
KINDS = {
    "720x480": Capture(),
    "640x480": Capture(size=(640, 480), active=0.92),
    "offset-crop": Capture(offset=(5, -3), crop=3),
    "blur": Capture(blur=1.5),
    "noise": Capture(noise=10.0, seed=4),
    "colour-gamma": Capture(gain=(1.15, 0.85, 1.1), gamma=1.4),
    "jpeg": Capture(jpeg=40),
    "combing": Capture(combing=True),
    "mixed-720x480": TYPICAL[2],
    "mixed-640x480": TYPICAL[3],
    "mixed-combing": TYPICAL[4],
}
DROP_EVERY, REPEAT_EVERY = 97, 89          # a frame lost now and then, another one doubled


def captured(frames, truths, capture: Capture, drops: bool = False):
    """The war's frames as the device delivers them, each with the RAM state it shows: degraded, and with
    `drops`, every DROP_EVERY-th frame lost and every REPEAT_EVERY-th delivered twice."""
    previous = frames[0]
    for number, (frame, truth) in enumerate(zip(frames, truths)):
        if drops and number % DROP_EVERY == DROP_EVERY // 2:
            previous = frame
            continue
        shot = degrade(frame, capture, previous if capture.combing else None)
        yield shot, truth
        if drops and number % REPEAT_EVERY == REPEAT_EVERY // 3:
            yield shot, truth
        previous = frame
