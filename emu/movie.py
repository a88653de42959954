"""Input movies: what was held on every frame, recorded and replayed frame-exactly.

One implementation serves both `o2 run --headless` and the window: `Runner` runs the machine one
frame at a time, taking each frame's input from the movie being played (while it lasts) or from
the caller, and recording it when asked.

The format is text, one fact per line (blank lines and `#` comments are ignored):

    odyssey2-movie 1
    cart 5d41402abc4b2a76b9719d911017c592...      SHA-256 of the cartridge image ("none": no cart)
    bios 2c26b46b68ffc68ff99b453c1d304134...      SHA-256 of the BIOS image
    charset fcde2b2edba56bf408601fb721fe9b5c...   SHA-256 of the character set image
    region ntsc                                   ntsc or pal
    sample-rate 44100                             the audio rate the hashes were taken at
    start power-on                                or: start state <base64 of a save state>
    frames 600                                    the movie's length
    final-screen 9f86d081884c7d659a2feaa0c55ad015...   optional: SHA-256 of the screen after the last frame
    audio 60303ae22b998861bce3b28f33eec1be...     optional: SHA-256 of all audio samples
    1
    120 keys=1
    125
    300 keys=A,B joy0=UP+FIRE
    400 reset
    401

After the header, each line starts with a frame number (1 = the first frame run after the start)
and gives everything held from that frame until the next line: `keys=` a comma-separated list of
`emu.keys` names, `joy0=`/`joy1=` (left/right joystick) a `+`-separated list of UP RIGHT DOWN
LEFT FIRE, and `reset` for the console's RESET key. A frame line with nothing after the number
releases everything; before the first line nothing is held. Frame numbers increase and do not
pass `frames`.

The hashes: `final-screen` is SHA-256 over `machine.screen` (rows × columns × RGB bytes) after
frame `frames`; `audio` is SHA-256 over every frame's `machine.audio` as little-endian int16,
frames 1 to `frames`. A replay compares them and reports whether it matched.
"""
import base64
import bisect
import hashlib
from dataclasses import dataclass, field

from emu.config import JOYSTICK_BUTTONS
from emu.errors import O2Error
from cart.files import MIB, InputFileError, read_text, write_output
from emu.input import KEY_NAMES, FrameInput, NOTHING, apply_input, canonical_key

MAGIC = "odyssey2-movie"
VERSION = 1
REGIONS = ("ntsc", "pal")
_REQUIRED = ("cart", "bios", "charset", "region", "sample-rate", "start", "frames")
_OPTIONAL = ("final-screen", "audio")
MAX_FRAMES = 60 * 60 * 60 * 24      # a day of play: more frames than that is a mistake, not a movie
MOVIE_LIMIT = 256 * MIB             # a day of play with a change on every frame is about 160 MiB


class MovieError(O2Error):
    """A movie that cannot be played; the message names file:line and the problem."""


@dataclass
class Movie:
    cart: str                    # SHA-256 hex, or "none"
    bios: str
    charset: str
    region: str
    sample_rate: int
    frames: int
    start_state: bytes | None = None    # None = power-on
    final_screen: str | None = None
    audio: str | None = None
    events: list = field(default_factory=list)   # [(frame, FrameInput)], frames increasing

    def __post_init__(self):
        self._frames = [f for f, _ in self.events]

    def input_at(self, frame):
        """What is held during `frame` (1-based)."""
        i = bisect.bisect_right(self._frames, frame) - 1
        return self.events[i][1] if i >= 0 else NOTHING

    # ---- text ----

    def to_text(self):
        lines = [f"{MAGIC} {VERSION}", f"cart {self.cart}", f"bios {self.bios}",
                 f"charset {self.charset}", f"region {self.region}",
                 f"sample-rate {self.sample_rate}",
                 "start power-on" if self.start_state is None
                 else "start state " + base64.b64encode(self.start_state).decode(),
                 f"frames {self.frames}"]
        if self.final_screen:
            lines.append(f"final-screen {self.final_screen}")
        if self.audio:
            lines.append(f"audio {self.audio}")
        lines.append("# frame, then what is held from that frame on: keys=  joy0=/joy1= (left/right)  reset")
        lines += [_format_event(frame, held) for frame, held in self.events]
        return "\n".join(lines) + "\n"

    def save(self, path):
        """Write the movie (to a temp file renamed over `path`, so a crash loses nothing)."""
        write_output(path, self.to_text())

    @classmethod
    def load(cls, path):
        try:
            text = read_text(path, MOVIE_LIMIT, "movie")
        except InputFileError as e:
            raise MovieError(f"{path}: cannot read movie: {e.reason}") from None
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text, name="<movie>"):
        if not text.strip():
            raise MovieError(f"{name}:1: empty file, not an Odyssey² movie")
        header, events = {}, []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            where = f"{name}:{number}: "
            if number == 1:
                _check_magic(line, where)
                continue
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word.isascii() and word.isdigit():
                if not header.keys() >= set(_REQUIRED):
                    missing = [k for k in _REQUIRED if k not in header]
                    raise MovieError(where + f"frame lines must follow the header; missing {', '.join(missing)}")
                frame = int(word)
                if frame < 1 or frame > header["frames"]:
                    raise MovieError(where + f"frame {frame} is outside the movie (1 to {header['frames']})")
                if events and frame <= events[-1][0]:
                    raise MovieError(where + f"frame {frame} does not come after frame {events[-1][0]}")
                events.append((frame, _parse_held(rest, where)))
                continue
            if events:
                raise MovieError(where + f"header line {word!r} after the frame lines")
            if word in header:
                raise MovieError(where + f"{word!r} given twice")
            header[word] = _parse_header(word, rest.strip(), where)
        missing = [k for k in _REQUIRED if k not in header]
        if missing:
            raise MovieError(f"{name}: header is missing {', '.join(missing)}")
        start = header["start"]
        return cls(cart=header["cart"], bios=header["bios"], charset=header["charset"],
                   region=header["region"], sample_rate=header["sample-rate"],
                   frames=header["frames"], start_state=start,
                   final_screen=header.get("final-screen"), audio=header.get("audio"),
                   events=events)


def _check_magic(line, where):
    word, _, version = line.partition(" ")
    if word != MAGIC:
        raise MovieError(where + f"not an Odyssey² movie (the first line must be '{MAGIC} {VERSION}')")
    if not version.strip().isdigit():
        raise MovieError(where + f"'{MAGIC}' must be followed by a format version number")
    if int(version) > VERSION:
        raise MovieError(where + f"movie format version {int(version)} is newer than this emulator reads ({VERSION})")


def _parse_sha(value, where, word, allow_none=False):
    if allow_none and value == "none":
        return value
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise MovieError(where + f"{word} must be a SHA-256 in 64 lowercase hex digits")
    return value


def _parse_header(word, value, where):
    if word == "cart":
        return _parse_sha(value, where, word, allow_none=True)
    if word in ("bios", "charset", "final-screen", "audio"):
        return _parse_sha(value, where, word)
    if word == "region":
        if value not in REGIONS:
            raise MovieError(where + f"region must be ntsc or pal, not {value!r}")
        return value
    if word in ("frames", "sample-rate"):
        if not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise MovieError(where + f"{word} must be a positive whole number, not {value!r}")
        if word == "frames" and int(value) > MAX_FRAMES:
            raise MovieError(where + f"frames {value} is more than a day of play ({MAX_FRAMES})")
        return int(value)
    if word == "start":
        if value == "power-on":
            return None
        kind, _, data = value.partition(" ")
        if kind != "state" or not data:
            raise MovieError(where + "start must be 'power-on' or 'state <base64>'")
        try:
            return base64.b64decode(data, validate=True)
        except ValueError:      # binascii.Error, or characters outside ASCII
            raise MovieError(where + "the start state is not valid base64") from None
    raise MovieError(where + f"unknown header line {word!r}")


def _parse_held(rest, where):
    keys, sticks, reset = set(), [set(), set()], False
    for token in rest.split():
        group, eq, value = token.partition("=")
        if token == "reset":
            reset = True
        elif group == "keys" and eq:
            for key in value.split(","):
                try:
                    keys.add(canonical_key(key))
                except ValueError:
                    raise MovieError(where + f"{key!r} is not an Odyssey² key") from None
        elif group in ("joy0", "joy1") and eq:
            for button in value.split("+"):
                if button.lower() not in JOYSTICK_BUTTONS:
                    raise MovieError(where + f"{button!r} is not a joystick button (UP RIGHT DOWN LEFT FIRE)")
                sticks[int(group[3])].add(button.lower())
        else:
            raise MovieError(where + f"cannot read {token!r} (expected keys=, joy0=, joy1= or reset)")
    return FrameInput(keys, tuple(sticks), reset)


_KEY_ORDER = {k: i for i, k in enumerate(KEY_NAMES)}


def _format_event(frame, held):
    parts = [str(frame)]
    if held.keys:
        parts.append("keys=" + ",".join(sorted(held.keys, key=_KEY_ORDER.__getitem__)))
    for n, stick in enumerate(held.joysticks):
        if stick:
            parts.append(f"joy{n}=" + "+".join(b.upper() for b in JOYSTICK_BUTTONS if b in stick))
    if held.reset:
        parts.append("reset")
    return " ".join(parts)


def screen_sha256(machine):
    return hashlib.sha256(machine.screen.tobytes()).hexdigest()


class Runner:
    """Runs the machine frame by frame, from a movie while one plays, recording if asked.

    `identity` describes the machine for a movie header: cart, bios, charset (SHA-256 hex),
    region and sample_rate. The movie frame about to run is counted from the machine's own frame
    counter, which save states carry, so loading a state in the middle of a movie continues the
    movie from the state's frame.
    """

    def __init__(self, machine, identity, play=None, record=False):
        self.machine = machine
        self.identity = dict(identity)
        self.movie = play
        if play is not None:
            self._check_identity(play)
            if play.start_state is not None:
                machine.load_state(play.start_state)
        self.start_frame = machine.frame
        self.applied = None          # what the machine sees now; None = unknown, set it all
        self.recording = record
        self.start_state = play.start_state if play is not None else None
        self.recorded = []           # [(frame, FrameInput)] where the input changed
        self.audio_hash = hashlib.sha256()
        self.audio_complete = True   # every frame's audio since the start went into audio_hash
        self.result = None           # the replay verdict, once the movie's last frame has run
        self.matched = None          # and whether the replay matched the recording

    @property
    def next_frame(self):
        """The movie frame number (1-based) of the frame that runs next."""
        return self.machine.frame - self.start_frame + 1

    @property
    def playing(self):
        return self.movie is not None and self.next_frame <= self.movie.frames

    def start_from_state(self, state):
        """Start here from a save state (before any frame ran): the movie records it."""
        self.machine.load_state(state)
        self.start_state = state
        self.start_frame = self.machine.frame
        self.applied = None

    def run_frame(self, live=NOTHING):
        """Apply this frame's input (the movie's while it plays, else `live`) and run one frame."""
        frame = self.next_frame
        held = self.movie.input_at(frame) if self.playing else live
        apply_input(self.machine, self.applied, held)
        self.applied = held
        self.machine.run_frames(1)
        self.audio_hash.update(self.machine.audio.astype("<i2", copy=False).tobytes())
        if self.recording and (not self.recorded or self.recorded[-1][1] != held):
            self.recorded.append((frame, held))
        if self.movie is not None and frame == self.movie.frames:
            self.result = self._verdict()
        return held

    def state_loaded(self):
        """The caller loaded a save state: inputs must be set afresh, the audio hash is partial."""
        self.applied = None
        self.audio_complete = False

    def recorded_movie(self):
        """The movie of everything run so far (requires record=True)."""
        frames = self.next_frame - 1
        if frames < 1:
            raise MovieError("no frame was run, so there is no movie to write")
        return Movie(**self._header(), frames=frames, start_state=self.start_state,
                     final_screen=screen_sha256(self.machine),
                     audio=self.audio_hash.hexdigest() if self.audio_complete else None,
                     events=list(self.recorded))

    def _header(self):
        return {k: self.identity[k] for k in ("cart", "bios", "charset", "region", "sample_rate")}

    def _check_identity(self, movie):
        for key, value in self._header().items():
            wanted = getattr(movie, key)
            if wanted != value:
                what = key.replace("_", " ")
                raise MovieError(f"movie was recorded with {what} {_short(wanted)}, "
                                 f"but this machine has {_short(value)}")

    def _verdict(self):
        differs = []
        if self.movie.final_screen and screen_sha256(self.machine) != self.movie.final_screen:
            differs.append("final screen")
        if self.movie.audio and self.audio_complete and self.audio_hash.hexdigest() != self.movie.audio:
            differs.append("audio")
        self.matched = not differs
        if differs:
            return f"movie: replay differs from the recording ({' and '.join(differs)})"
        checked = "screen and audio" if self.movie.audio and self.audio_complete else "screen"
        return f"movie: replay of {self.movie.frames} frames matches the recording ({checked})"


def _short(value):
    return value[:12] + "…" if isinstance(value, str) and len(value) == 64 else str(value)
