"""A capture simulator, physically motivated: what the path from an Odyssey²'s video output through a TV-style
capture device does to the console's picture, applied to our emulator's frames (360 x 243, one unit a VDC
half-clock across and a raster line down).

The stages, in the order the signal meets them:
1. Geometry. The console's 240p picture is sampled by the device at its own clock and line count: the part
   of the picture inside the device's active window survives (overscan: up to 10 % of each edge lost), scaled
   by a non-integer factor to 640x480, 720x480, 720x576, 1280x720 or 1920x1080 with the display's aspect kept
   (black bars: letterbox or pillarbox), a little rotated (a camera or a tilted scaler: up to 1 degree) and
   keystoned (the top narrower than the bottom). One perspective warp does all of it.
2. Interlace. A 480i device weaves two fields, each one console frame (240p is sent as fields of one
   parity): even lines show frame n, odd lines frame n + 1, half a line lower.
3. Composite video (NTSC). Luma is low-passed (bandwidth `luma_mhz`), chroma (I and Q) much more
   (`chroma_mhz`) and lands `chroma_shift` pixels late (the chroma delay of cheap decoders); the chroma subcarrier
   (3.58 MHz) leaks into luma as dot crawl, its phase flipping every line and every frame; noise is added
   per pixel. Filters are Gaussian with the -3 dB point at the bandwidth, at the device's pixel clock (the
   active line is 52.6 us).
4. Levels. Per-channel gain and a gamma, both drifting slowly over time (the device's automatic gain and a
   warming console).
   A device whose frames are wider than standard definition (1280x720, 1920x1080) decodes the composite
   signal at the standard-definition rate (SD_WIDTH samples a line) and its scaler then enlarges the result:
   stages 1-4 run at that width and one linear resize makes the frame.
5. Transport. H.264 at a low bit rate through PyAV (libx264), as a capture stick's driver compresses over
   USB; frames dropped and repeated now and then.

`captured(frames, truths, setting)` yields (frame, truth) pairs as a program reading the device would get
them (an interlaced frame's truth also holds the next frame's, as "following": its odd lines show it); `CHEAP_STICK` is all of the above together.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass

import cv2
import numpy as np

PICTURE = (360, 243)                 # width, height of the console's picture (our emulator's frame)
PICTURE_ASPECT = 4 / 3               # the display aspect of the whole picture
ACTIVE_LINE_US = 52.6                # the active part of a scan line, microseconds
SUBCARRIER_MHZ = 3.579545
GAUSS_3DB = 0.1325                   # a Gaussian's -3 dB frequency times its sigma (seconds x Hz)
DROP_EVERY, REPEAT_EVERY = 97, 89    # a frame lost now and then, another delivered twice
SD_WIDTH = 720                       # samples a line of a standard-definition video decoder (13.5 MHz)

# RGB <-> YIQ (FCC NTSC)
_TO_YIQ = np.array([[0.299, 0.587, 0.114], [0.5959, -0.2746, -0.3213], [0.2115, -0.5227, 0.3112]], np.float32)
_TO_RGB = np.linalg.inv(_TO_YIQ).astype(np.float32)


@dataclass(frozen=True)
class Setting:
    name: str
    size: tuple[int, int] = (720, 480)           # the captured frame, width x height
    display: float = 4 / 3                       # the frame's display aspect
    crop: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)   # share of the picture lost: left top right bottom
    fill: float = 1.0                            # share of the frame the visible picture may fill
    offset: tuple[int, int] = (0, 0)             # the picture moved by this many frame pixels
    rotation: float = 0.0                        # degrees, clockwise
    keystone: float = 0.0                        # the top edge narrower by this share of the width
    interlace: bool = False
    composite: bool = False
    luma_mhz: float = 4.2
    chroma_mhz: float = 1.3
    chroma_shift: float = 1.0                    # pixels at 720 across (scaled with the frame's width)
    dot_crawl: float = 0.0                       # subcarrier left in luma, as a share of the chroma amplitude
    noise: float = 0.0                           # standard deviation in levels (0-255)
    gain: tuple[float, float, float] = (1.0, 1.0, 1.0)
    gamma: float = 1.0
    drift: float = 0.0                           # gains and gamma wander by this share (slowly, per channel)
    drift_frames: int = 300                      # the drift's period
    h264_kbps: int = 0                           # 0: no compression
    drops: bool = False
    seed: int = 0

    def homography(self, field_of: int | None = None) -> np.ndarray:
        """The 3x3 map from picture coordinates (units) to frame coordinates (pixels); with `field_of`
        (0 or 1), to that field's lines (half the frame's height, field 1 half a line lower)."""
        w, h = self.size
        left, top, right, bottom = self.crop
        u0, u1 = left * PICTURE[0], (1 - right) * PICTURE[0]
        v0, v1 = top * PICTURE[1], (1 - bottom) * PICTURE[1]
        aspect = PICTURE_ASPECT * (u1 - u0) / PICTURE[0] / ((v1 - v0) / PICTURE[1])
        pixel_aspect = self.display * h / w                  # a pixel's width over its height, on the display
        rh = h * self.fill
        rw = rh * aspect / pixel_aspect
        if rw > w * self.fill:
            rw = w * self.fill
            rh = rw * pixel_aspect / aspect
        cx, cy = w / 2 + self.offset[0], h / 2 + self.offset[1]
        squeeze = self.keystone * rw / 2
        corners = np.array([[-rw / 2 + squeeze, -rh / 2], [rw / 2 - squeeze, -rh / 2], [rw / 2, rh / 2],
                            [-rw / 2, rh / 2]], np.float64)
        a = math.radians(self.rotation)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        dest = corners @ rot.T + (cx, cy)
        source = np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]], np.float64)
        m = cv2.getPerspectiveTransform(source.astype(np.float32), dest.astype(np.float32)).astype(np.float64)
        if field_of is not None:       # frame line y is field line (y - parity) / 2
            m = np.array([[1, 0, 0], [0, 0.5, -field_of / 2], [0, 0, 1]]) @ m
        return m


def _warp(picture: np.ndarray, setting: Setting, size: tuple[int, int], to_decoded: np.ndarray,
          field_of: int | None = None) -> np.ndarray:
    w, h = size
    rows = h if field_of is None else h // 2
    # The source is point-sampled dots: upsampled by a factor of 2 first, so linear interpolation does not
    # soften the dots' edges more than the scaling itself does.
    big = cv2.resize(picture, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
    m = to_decoded @ setting.homography(field_of) @ np.array([[0.5, 0, -0.25], [0, 0.5, -0.25], [0, 0, 1]])
    return cv2.warpPerspective(big, m, (w, rows), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=(0, 0, 0)).astype(np.float32)


def _sigma(mhz: float, width: int) -> float:
    """A Gaussian's sigma in pixels for a low-pass at `mhz`, at the device's pixel clock."""
    return GAUSS_3DB / mhz * width / ACTIVE_LINE_US


def _blur_x(channel: np.ndarray, sigma: float) -> np.ndarray:
    if sigma < 0.2:
        return channel
    return cv2.GaussianBlur(channel, (0, 0), sigmaX=sigma, sigmaY=1e-3, borderType=cv2.BORDER_REPLICATE)


class Simulator:
    """One capture device's path, frame after frame (drift and dot crawl move with the frame count)."""

    def __init__(self, setting: Setting):
        self.s = setting
        self.count = 0
        w, h = setting.size
        # The decoder's own frame: the device's, or at standard definition for a high-definition device.
        if w > SD_WIDTH:
            k = SD_WIDTH / w
            w, h = SD_WIDTH, int(round(h * k))
            # frame pixel x -> decoded pixel (x + 0.5) k - 0.5, as the scaler's resize inverts it
            self._to_decoded = np.array([[k, 0, 0.5 * k - 0.5], [0, h / setting.size[1], 0.5 * h / setting.size[1]
                                                                 - 0.5], [0, 0, 1]])
        else:
            self._to_decoded = np.eye(3)
        self.decoded = (w, h)
        self.rng = np.random.default_rng(setting.seed)
        self._noise = self.rng.normal(0, 1, (h * w * 2 + 7919,)).astype(np.float32) if setting.noise else None
        # Dot crawl: the subcarrier's phase at each pixel, flipping every line and every frame (two tables).
        phase = 2 * np.pi * SUBCARRIER_MHZ * np.arange(w) * ACTIVE_LINE_US / w
        self._carrier = [(np.cos(p).astype(np.float32), np.sin(p).astype(np.float32)) for p in
                         (phase[None, :] + np.pi * ((np.arange(h)[:, None] + k) % 2) for k in (0, 1))]
        # Chroma's low-pass and its delay in one kernel: a Gaussian centred `chroma_shift` pixels late.
        sigma, shift = _sigma(setting.chroma_mhz, w), setting.chroma_shift * w / 720
        reach = int(math.ceil(3 * sigma + abs(shift)))
        taps = np.exp(-0.5 * ((np.arange(-reach, reach + 1) + shift) / sigma) ** 2)
        self._chroma_kernel = (taps / taps.sum()).astype(np.float32)

    def frame(self, picture: np.ndarray, following: np.ndarray | None = None) -> np.ndarray:
        s, (w, h) = self.s, self.decoded
        if s.interlace:
            out = np.empty((h, w, 3), np.float32)
            out[0::2] = _warp(picture, s, self.decoded, self._to_decoded, 0)
            out[1::2] = _warp(following if following is not None else picture, s, self.decoded, self._to_decoded, 1)
        else:
            out = _warp(picture, s, self.decoded, self._to_decoded)
        if s.composite:
            out = self._composite(out)
        out = self._levels(out)
        if (w, h) != s.size:
            out = cv2.resize(out, s.size, interpolation=cv2.INTER_LINEAR)
        self.count += 1
        return out

    def _composite(self, rgb: np.ndarray) -> np.ndarray:
        s, (w, h) = self.s, self.decoded
        y, i, q = cv2.split(cv2.transform(rgb, _TO_YIQ))
        y = _blur_x(y, _sigma(s.luma_mhz, w))
        one = np.ones(1, np.float32)
        i, q = (cv2.sepFilter2D(c, -1, self._chroma_kernel, one, borderType=cv2.BORDER_REPLICATE) for c in (i, q))
        if s.dot_crawl:
            cos, sin = self._carrier[self.count % 2]
            y += s.dot_crawl * (i * cos + q * sin)
        if self._noise is not None:
            start = (self.count * 7919) % (len(self._noise) - h * w - 1)
            y += s.noise * self._noise[start:start + h * w].reshape(h, w)
        return cv2.transform(cv2.merge([y, i, q]), _TO_RGB)

    def _levels(self, rgb: np.ndarray) -> np.ndarray:
        s = self.s
        out = np.clip(rgb, 0, 255).astype(np.uint8)
        t = 2 * np.pi * self.count / max(1, s.drift_frames)
        gains = [g * (1 + s.drift * math.sin(t + 2.1 * c)) for c, g in enumerate(s.gain)]
        gamma = s.gamma * (1 + s.drift * math.sin(0.7 * t + 1.0))
        if gains == [1.0, 1.0, 1.0] and gamma == 1.0:
            return out
        levels = np.arange(256, dtype=np.float32) / 255.0
        return np.dstack([cv2.LUT(out[:, :, c], np.clip(255 * np.clip(levels * g, 0, 1) ** gamma, 0, 255)
                                  .round().astype(np.uint8)) for c, g in enumerate(gains)])


def h264(frames, size: tuple[int, int], kbps: int, fps: int = 60):
    """Frames (RGB) through libx264 at `kbps` and back, as a stick compresses them (lazily decoded)."""
    import av                                  # PyAV: only the capture simulation needs it
    buffer = io.BytesIO()
    with av.open(buffer, "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        stream.bit_rate = kbps * 1000
        stream.options = {"preset": "veryfast", "tune": "zerolatency", "x264-params": "keyint=120"}
        for frame in frames:
            for packet in stream.encode(av.VideoFrame.from_ndarray(frame, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    buffer.seek(0)
    with av.open(buffer, "r") as container:
        for frame in container.decode(video=0):
            yield frame.to_ndarray(format="rgb24")


def captured(frames, truths, setting: Setting):
    """(frame, truth) pairs as the device delivers the console's frames: each frame through the simulator,
    with drops and repeats (`setting.drops`) and H.264 (`setting.h264_kbps`)."""
    sim = Simulator(setting)

    def delivered():
        n = len(frames)
        for number in range(n):
            if setting.drops and number % DROP_EVERY == DROP_EVERY // 2:
                continue
            shot = sim.frame(frames[number], frames[min(number + 1, n - 1)] if setting.interlace else None)
            truth = truths[number]
            if setting.interlace and isinstance(truth, dict):     # its odd lines show the next frame
                truth = dict(truth, following=truths[min(number + 1, n - 1)])
            yield shot, truth
            if setting.drops and number % REPEAT_EVERY == REPEAT_EVERY // 3:
                yield shot, truth

    if not setting.h264_kbps:
        yield from delivered()
        return
    kept = []

    def images():
        for shot, truth in delivered():
            kept.append(truth)
            yield shot
    for k, decoded in enumerate(h264(images(), setting.size, setting.h264_kbps)):
        yield decoded, kept[k]


# The settings every glyph set is read through (tests/screen/test_capture_settings.py and `make bench`).
COMPOSITE = dict(composite=True, luma_mhz=3.0, chroma_mhz=1.0, chroma_shift=1.5, dot_crawl=0.15, noise=3.0)
SETTINGS = {
    "composite-720x480": Setting("composite-720x480", **COMPOSITE),
    "overscan-640x480": Setting("overscan-640x480", size=(640, 480), crop=(0.06, 0.10, 0.10, 0.05),
                                **COMPOSITE),
    "interlaced-720x480": Setting("interlaced-720x480", interlace=True, crop=(0.03, 0.03, 0.03, 0.03), **COMPOSITE),
    "letterbox-720x576": Setting("letterbox-720x576", size=(720, 576), fill=0.9, crop=(0.02, 0.0, 0.02, 0.0),
                                 **COMPOSITE),
    "pillarbox-1280x720": Setting("pillarbox-1280x720", size=(1280, 720), display=16 / 9,
                                  crop=(0.05, 0.05, 0.05, 0.05), **COMPOSITE),
    "pillarbox-1920x1080": Setting("pillarbox-1920x1080", size=(1920, 1080), display=16 / 9,
                                   crop=(0.04, 0.06, 0.08, 0.04), **COMPOSITE),
    "rotated-keystone": Setting("rotated-keystone", rotation=1.0, keystone=0.02, crop=(0.04, 0.04, 0.04, 0.04),
                                **COMPOSITE),
    "drift": Setting("drift", gain=(1.1, 0.9, 1.05), gamma=1.2, drift=0.15, drift_frames=240, **COMPOSITE),
    "h264-600k": Setting("h264-600k", h264_kbps=600, drops=True, crop=(0.05, 0.05, 0.05, 0.05), **COMPOSITE),
    "cheap-stick": Setting("cheap-stick", size=(640, 480), crop=(0.06, 0.08, 0.08, 0.05), offset=(3, -2),
                           rotation=-0.6, keystone=0.01, interlace=True, composite=True, luma_mhz=2.5,
                           chroma_mhz=0.7, chroma_shift=2.0, dot_crawl=0.25, noise=5.0, gain=(1.08, 0.93, 1.1),
                           gamma=1.25, drift=0.12, drift_frames=200, h264_kbps=500, drops=True, seed=7),
}
