"""What the front end writes: save-state slots, screenshots, WAV recordings.

Slots live in `<states dir>/<cart SHA-256>/slotN.state` (states dir: `$XDG_DATA_HOME/odyssey2/
states` unless the config names another), so each cartridge has its own numbered slots. A slot
file holds exactly the bytes of `Odyssey2.save_state()`. Writing goes to a temp file in the same
folder, flushed to disk, then renamed over the slot: a crash leaves either the old or the new
state, never half of one.
"""
import os
import wave
from pathlib import Path

from PIL import Image

from emu.errors import O2Error


class SlotStore:
    def __init__(self, states_dir, cart_sha):
        self.folder = Path(states_dir) / cart_sha

    def path(self, slot):
        return self.folder / f"slot{slot}.state"

    def save(self, slot, state):
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.path(slot)
        tmp = target.with_name(target.name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(state)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        return target

    def load(self, slot):
        """The slot's bytes; FileNotFoundError when the slot is empty."""
        return self.path(slot).read_bytes()


def save_png(screen, path):
    """The machine's screen as it is (one pixel per machine pixel), as an RGB PNG."""
    path = Path(path)
    try:
        Image.fromarray(screen, "RGB").save(path, format="PNG")
    except OSError as e:
        raise O2Error(f"{path}: cannot write screenshot: {e.strerror or e}") from None
    return path


def next_screenshot_path(folder, stem):
    """`<folder>/<stem>-NNNN.png`, numbered one past the highest already there."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    taken = [p.stem[len(stem) + 1:] for p in folder.glob(f"{stem}-*.png")]
    numbers = [int(t) for t in taken if t.isdigit()]
    return folder / f"{stem}-{max(numbers, default=0) + 1:04d}.png"


class WavRecorder:
    """Every frame's samples into a mono 16-bit WAV file."""

    def __init__(self, path, sample_rate):
        try:
            self.raw = open(path, "wb")
        except OSError as e:
            raise O2Error(f"{path}: cannot write WAV file: {e.strerror}") from None
        self.file = wave.open(self.raw, "wb")
        self.file.setnchannels(1)
        self.file.setsampwidth(2)
        self.file.setframerate(sample_rate)

    def write(self, samples):
        self.file.writeframes(samples.astype("<i2", copy=False).tobytes())

    def close(self):
        self.file.close()      # writes the final sizes into the header
        self.raw.close()
