"""The capture source: a device that goes away or sends no picture is reported once and retried; a file that
is not a video is a one-line error."""
import numpy as np
import pytest

from board.screen import capture as capture_module
from board.screen.capture import CaptureError, Source


class FakeDevice:
    """OpenCV's VideoCapture as a device gives it: frames, then nothing (unplugged)."""

    def __init__(self, frames):
        self.frames = list(frames)

    def read(self):
        if not self.frames:
            return False, None
        return True, self.frames.pop(0)

    def release(self):
        pass


def test_a_device_that_vanishes_and_comes_back_is_retried(monkeypatch):
    picture = np.full((480, 720, 3), 120, np.uint8)
    black = np.zeros((480, 720, 3), np.uint8)
    opened = iter([FakeDevice([picture]), None, FakeDevice([picture, black, black]), FakeDevice([picture, picture])])
    monkeypatch.setattr(Source, "_open", lambda self: next(opened, None))
    monkeypatch.setattr(capture_module.time, "sleep", lambda seconds: None)
    said = []
    source = Source("/dev/video9", say=said.append)
    frames = []
    for frame in source.frames(stop=lambda: len(frames) >= 3):
        frames.append(frame)
    assert len(frames) == 3
    assert said[:2] == ["/dev/video9: the capture device stopped sending frames; retrying every 2 s",
                        "/dev/video9: cannot open the capture device; retrying every 2 s"]
    assert "/dev/video9: no signal (is the console on and the input selected?); retrying every 2 s" in said
    assert "/dev/video9: the capture device stopped sending frames; retrying every 2 s" in said
    assert said.count("/dev/video9: no signal (is the console on and the input selected?); retrying every 2 s") == 1
    assert "/dev/video9: picture back" in said


def test_a_device_that_never_opened_is_an_error_not_a_wait(monkeypatch, tmp_path):
    """Only a device that worked and vanished is waited for: a name that never was one is an error."""
    monkeypatch.setattr(capture_module.time, "sleep", lambda seconds: pytest.fail("waited"))
    with pytest.raises(CaptureError, match="^/dev/video99: no such device$"):
        list(Source("/dev/video99").frames())
    with pytest.raises(CaptureError, match="^/dev/null: not a capture device OpenCV can open$"):
        list(Source("/dev/null").frames())


def test_a_file_that_is_not_a_video(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a video")
    with pytest.raises(CaptureError, match="notes.txt: not a video OpenCV can read"):
        list(Source(str(bad)).frames())
    with pytest.raises(CaptureError, match="missing.avi: no such file"):
        list(Source(str(tmp_path / "missing.avi")).frames())


class FailingDevice(FakeDevice):
    """A device whose driver fails outright once unplugged (OpenCV raises instead of returning no frame)."""

    def read(self):
        if not self.frames:
            raise capture_module.cv2.error("VIDIOC_DQBUF: No such device")
        return super().read()


def test_a_device_whose_driver_fails_is_retried(monkeypatch):
    picture = np.full((480, 720, 3), 120, np.uint8)
    opened = iter([FailingDevice([picture]), None, FailingDevice([picture, picture])])
    monkeypatch.setattr(Source, "_open", lambda self: next(opened, None))
    monkeypatch.setattr(capture_module.time, "sleep", lambda seconds: None)
    said, frames = [], []
    for frame in Source("/dev/video9", say=said.append).frames(stop=lambda: len(frames) >= 3):
        frames.append(frame)
    assert len(frames) == 3
    assert said == ["/dev/video9: the capture device stopped sending frames; retrying every 2 s",
                    "/dev/video9: cannot open the capture device; retrying every 2 s",
                    "/dev/video9: picture back"]


def test_board_watch_on_a_device_that_vanishes_for_good_says_so_and_stops_cleanly(monkeypatch, capsys):
    """No crash, no traceback: one line while it waits; Ctrl-C ends the session with status 0."""
    from board.cli import main as board_main
    waits = []

    def sleep(seconds):
        waits.append(seconds)
        if len(waits) == 3:
            raise KeyboardInterrupt
    opened = iter([FakeDevice([np.full((480, 720, 3), 120, np.uint8)])])
    monkeypatch.setattr(Source, "_open", lambda self: next(opened, None))
    monkeypatch.setattr(capture_module.time, "sleep", sleep)
    assert board_main(["watch", "--capture", "/dev/video9"]) == 0
    err = capsys.readouterr().err
    assert err == ("board: /dev/video9: the capture device stopped sending frames; retrying every 2 s\n"
                   "board: /dev/video9: cannot open the capture device; retrying every 2 s\n")
