"""Frames from a capture device (V4L2 on Linux) or a recorded video, through OpenCV's VideoCapture.

A device that vanishes or sends no signal is reported in one line and retried until it comes back (or the
session is stopped); one that cannot be opened the first time (no such device, /dev/null) is an error, as is
a file that is not a video. A file simply ends. Frames come out as RGB uint8 arrays. OpenCV's and FFmpeg's
own log lines are silenced: the one-line messages say what went wrong.
"""
from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass
from typing import Callable, Iterator

import cv2
import numpy as np

from cart.files import InputFileError, regular_file_size

RETRY_SECONDS = 2.0
NO_SIGNAL_LEVEL = 8          # a frame whose brightest pixel is below this carries no picture


class CaptureError(Exception):
    """A capture that cannot be opened at all (a file that is not a video); str() is the one-line message."""


@dataclass
class Source:
    spec: str                                   # "0", "/dev/video0" or a video file
    say: Callable[[str], None] = print          # where the one-line messages go
    retry_seconds: float = RETRY_SECONDS
    width: int = 720
    height: int = 480

    @property
    def is_device(self) -> bool:
        return self.spec.isdigit() or self.spec.startswith("/dev/")

    def _open(self) -> cv2.VideoCapture | None:
        _silence_libraries()
        if self.is_device:
            capture = cv2.VideoCapture(int(self.spec) if self.spec.isdigit() else self.spec, cv2.CAP_V4L2)
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        else:
            try:
                regular_file_size(self.spec)
            except InputFileError as err:
                raise CaptureError(str(err)) from None
            # One decoding thread: the capture path runs on one core, and under load waking a pool of decoder
            # threads costs more CPU than it saves.
            capture = cv2.VideoCapture(self.spec, cv2.CAP_ANY, [cv2.CAP_PROP_N_THREADS, 1])
        if not capture.isOpened():
            capture.release()
            if not self.is_device:
                raise CaptureError(f"{self.spec}: not a video OpenCV can read")
            return None
        return capture

    def frames(self, stop: Callable[[], bool] = lambda: False) -> Iterator[np.ndarray]:
        """Every frame until the file ends or `stop()` says so; a device is retried while it is away."""
        capture, waiting, worked = None, None, False
        try:
            while not stop():
                if capture is None:
                    capture = self._open()
                    if capture is None and not worked:      # never there: not a device to wait for
                        there = self.spec.isdigit() or os.path.exists(self.spec)
                        raise CaptureError(f"{self.spec}: " + ("not a capture device OpenCV can open" if there
                                                               else "no such device"))
                    worked = True
                    if capture is None:
                        waiting = self._wait(waiting, "cannot open the capture device")
                        continue
                try:
                    ok, frame = capture.read()
                except cv2.error:                # a driver that fails outright when unplugged
                    ok, frame = False, None
                if not ok:
                    if not self.is_device:
                        return
                    capture.release()
                    capture = None
                    waiting = self._wait(waiting, "the capture device stopped sending frames")
                    continue
                if frame.max() < NO_SIGNAL_LEVEL and self.is_device:
                    waiting = self._wait(waiting, "no signal (is the console on and the input selected?)")
                    continue
                if waiting:
                    self.say(f"{self.spec}: picture back")
                    waiting = None
                # OpenCV's own swap: numpy's reversed-channel copy costs 7 ms of CPU on a 1280x720 frame.
                yield cv2.cvtColor(frame, cv2.COLOR_BGR2RGB)
        finally:
            if capture is not None:
                capture.release()

    def _wait(self, last: str | None, message: str) -> str:
        if message != last:
            self.say(f"{self.spec}: {message}; retrying every {self.retry_seconds:g} s")
        time.sleep(self.retry_seconds)
        return message


def _silence_libraries() -> None:
    """OpenCV's warnings and FFmpeg's messages ("moov atom not found") would come before, and
    besides, the one-line error; FFmpeg's level is read when OpenCV first uses it."""
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")        # AV_LOG_QUIET
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)


def write_video(path, frames, fps: float = 60.0, codec: str = "MJPG") -> None:
    """Frames (RGB) to a video file, as a capture card records them (for tests and benchmarks)."""
    frames = iter(frames)
    first = next(frames)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*codec), fps, (first.shape[1], first.shape[0]))
    if not writer.isOpened():
        raise CaptureError(f"{path}: OpenCV cannot write {codec} video here")
    try:
        for frame in itertools.chain([first], frames):
            writer.write(np.ascontiguousarray(frame[:, :, ::-1]))
    finally:
        writer.release()
