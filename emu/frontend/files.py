"""What the front end writes: save-state slots, screenshots, WAV recordings.

Slots live in `<states dir>/<cart SHA-256>/slotN.state` (states dir: `$XDG_DATA_HOME/odyssey2/
states` unless the config names another), so each cartridge has its own numbered slots. A slot
file holds exactly the bytes of `Odyssey2.save_state()`. Writing goes to a temp file in the same
folder, flushed to disk, then renamed over the slot: a crash leaves either the old or the new
state, never half of one.
"""
import struct
from contextlib import ExitStack
from pathlib import Path

from PIL import Image

from emu.errors import O2Error
from emu.odyssey2 import STATE_LIMIT
from cart.files import InputFileError, OutputFileError, atomic_output, output_target, read_input, write_output


class SlotStore:
    def __init__(self, states_dir, cart_sha):
        self.folder = Path(states_dir) / cart_sha

    def path(self, slot):
        return self.folder / f"slot{slot}.state"

    def save(self, slot, state):
        """OSError (an OutputFileError saying why in one line) if it cannot be written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        write_output(self.path(slot), state)
        return self.path(slot)

    def load(self, slot, limit=STATE_LIMIT):
        """The slot's bytes (at most `limit`); FileNotFoundError when
        the slot is empty, OSError (one line) when it cannot be used."""
        try:
            return read_input(self.path(slot), limit, "save state")
        except InputFileError as e:
            if isinstance(e.__cause__, FileNotFoundError):
                raise e.__cause__ from None
            raise OSError(str(e)) from None


def save_png(screen, path):
    """The machine's screen as it is (one pixel per machine pixel), as an RGB PNG."""
    path = Path(path)
    try:
        with atomic_output(path) as file:
            Image.fromarray(screen, "RGB").save(file, format="PNG")
    except OutputFileError as e:
        raise O2Error(f"{path}: cannot write screenshot ({e.reason})") from None
    return path


def next_screenshot_path(folder, stem):
    """`<folder>/<stem>-NNNN.png`, numbered one past the highest already there."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    taken = [p.stem[len(stem) + 1:] for p in folder.glob(f"{stem}-*.png")]
    numbers = [int(t) for t in taken if t.isdigit()]
    return folder / f"{stem}-{max(numbers, default=0) + 1:04d}.png"


class WavRecorder:
    """Every frame's samples into a mono 16-bit WAV file, written beside the target and renamed
    over it by close(): a failed run (a full disk) leaves no half-written file behind."""

    HEADER = struct.Struct("<4sI4s4sIHHIIHH4sI")        # RIFF, "fmt " (PCM), "data" chunk header

    def __init__(self, path, sample_rate):
        self.path, self.sample_rate, self.data_bytes = path, sample_rate, 0
        self.output = ExitStack()
        try:
            output_target(path)
            self.file = self.output.enter_context(atomic_output(path))
            self.file.write(self._header())     # sizes filled in by close()
        except (OutputFileError, OSError) as e:
            self._fail(e)

    def _header(self):
        return self.HEADER.pack(b"RIFF", 36 + self.data_bytes, b"WAVE", b"fmt ", 16, 1, 1,
                                self.sample_rate, 2 * self.sample_rate, 2, 16, b"data", self.data_bytes)

    def write(self, samples):
        data = samples.astype("<i2", copy=False).tobytes()
        try:
            self.file.write(data)
        except OSError as e:
            self._fail(e)
        self.data_bytes += len(data)

    def close(self):
        try:
            self.file.seek(0)
            self.file.write(self._header())
            self.output.close()         # flushed, synced and renamed over the target
        except (OutputFileError, OSError) as e:
            self._fail(e)

    def _fail(self, error):
        try:
            self.output.__exit__(type(error), error, None)      # the temporary file removed
        except OutputFileError as said:
            error = said
        reason = error.reason if isinstance(error, OutputFileError) else error.strerror or str(error)
        raise O2Error(f"{self.path}: cannot write WAV file ({reason})") from None
