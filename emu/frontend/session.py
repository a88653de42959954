"""One run of `o2 run`, window or headless: the machine plus what the front end adds to it.

Both paths build a `Session` from `o2 run`'s options (SessionOptions) and call `run_frame()`
once per frame (headless through `run()`): the movie being played or recorded, the WAV
recording and the starting save state behave the same with or without a window. `finish()` writes what was recorded.
"""
import hashlib
import sys
from dataclasses import dataclass, fields
from pathlib import Path

import roms_free
from emu.config import Config
from emu.errors import O2Error, StateError
from cart.files import InputFileError, OutputFileError, output_target, read_input
from emu.frontend.files import SlotStore, WavRecorder
from emu.input import NOTHING
from emu.movie import Movie, MovieError, Runner
from emu.native import O2
from emu.odyssey2 import BIOS_SIZE, CART_SIZES, CHARSET_SIZE, STATE_LIMIT, Odyssey2, read_image

BUNDLED_CART = "conquest.bin"  # what `o2 run` plays without a cartridge argument


def bundled_cart():
    return roms_free.path(BUNDLED_CART)


def _sha(data):
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class SessionOptions:
    """`o2 run`'s options (emu.cli, emu.frontend.run.register), one object for the session, the
    window and the headless run: what a session is made of (the images, the region, the movie to
    play or record, the WAV to write, the save state to start from, the settings file), how long
    to run and what to leave behind, and the window's own settings."""
    cart: str | None = None          # None: the bundled cartridge
    bios: str | None = None
    charset: str | None = None
    pal: bool = False
    play: str | None = None
    record: str | None = None
    wav: str | None = None
    load_state: str | None = None    # a slot number 1-8 or a state file
    config: str | None = None
    frames: int | None = None        # None: the window runs until closed
    screenshot: str | None = None    # the last frame as a PNG
    start_inputs: tuple = ()         # FrameInputs played from power-on first (o2 run --conquest)
    # The window's (the settings file's values unless given; emu.frontend.run._config)
    stats: bool = False
    nothrottle: bool = False
    silent: bool = False
    controller: int | None = None
    scale: int | None = None
    fullscreen: bool = False
    scanlines: bool = False

    @classmethod
    def from_args(cls, args) -> "SessionOptions":
        """The options of parsed `o2 run` arguments (or any object with those attributes)."""
        return cls(**{f.name: getattr(args, f.name, f.default) for f in fields(cls)})


class Session:
    """A session on SessionOptions (parsed `o2 run` arguments are converted). `config` gives the
    audio rate and the save-state folder; without one, the user's config file is read if there
    is one (a headless run never writes it)."""

    def __init__(self, options, config=None):
        if not isinstance(options, SessionOptions):
            options = SessionOptions.from_args(options)
        self.options = args = options
        if config is None:
            config = Config.load_existing(args.config)
        sample_rate = config.data["audio"]["sample_rate"]
        movie = Movie.load(args.play) if args.play else None
        region = "pal" if args.pal else "ntsc"
        if movie is not None:   # a movie replays at the region and audio rate it was made with
            region, sample_rate = movie.region, movie.sample_rate
        self.cart_path = Path(args.cart) if args.cart else bundled_cart()
        cart = read_image(self.cart_path, "cartridge", CART_SIZES)
        bios = read_image(args.bios or roms_free.path("bios.bin"), "BIOS", (BIOS_SIZE,))
        charset = read_image(args.charset or roms_free.path("charset.bin"), "character set", (CHARSET_SIZE,))
        self.machine = Odyssey2(cart=cart, bios=bios, charset=charset, region=region,
                                sample_rate=sample_rate)
        self.identity = {"cart": _sha(cart), "bios": _sha(bios), "charset": _sha(charset),
                         "region": region, "sample_rate": sample_rate}
        self.slots = SlotStore(config.states_dir, self.identity["cart"])
        try:
            self.runner = Runner(self.machine, self.identity, play=movie,
                                 record=bool(args.record))
        except (MovieError, StateError) as e:
            raise MovieError(f"{args.play}: {e}") from None
        if args.load_state:
            if movie is not None:
                raise O2Error("--load-state cannot be used with --play: the movie says where it starts")
            self._start_from_state(args.load_state)
        if args.record:         # refused now, not after the whole run
            try:
                output_target(args.record)
            except OutputFileError as e:
                raise O2Error(f"{args.record}: cannot record a movie there ({e.reason})") from None
        self.wav = WavRecorder(args.wav, sample_rate) if args.wav else None
        self.reported = False
        if args.start_inputs:   # typed from power-on, before anyone takes over
            if movie is not None or args.load_state:
                raise O2Error("--conquest starts from power-on: it cannot be used with --play or --load-state")
            for held in args.start_inputs:
                self.run_frame(held)

    def _start_from_state(self, where):
        path = self.slots.path(int(where)) if where.isdigit() else Path(where)
        try:
            data = read_input(path, STATE_LIMIT, "save state")
        except InputFileError as e:
            raise O2Error(f"{path}: cannot read save state: {e.reason}") from None
        try:
            self.runner.start_from_state(data)
        except StateError as e:
            raise O2Error(f"{path}: {e}") from None

    @property
    def frame_rate(self):
        return FRAME_RATE[self.identity["region"]]

    def run_frame(self, live=NOTHING):
        held = self.runner.run_frame(live)
        if self.wav:
            self.wav.write(self.machine.audio)
        if self.runner.result and not self.reported:
            print(self.runner.result, file=sys.stderr)
            self.reported = True
        return held

    def run(self, frames: int, each=None):
        """Runs `frames` frames on the movie's (or no) input, as `o2 run --headless` does;
        each(done), if given, is called after every frame (progress, hooks)."""
        for done in range(1, frames + 1):
            self.run_frame()
            if each is not None:
                each(done)

    def finish(self):
        """Close the WAV file and write the recorded movie (if any)."""
        if self.wav:
            self.wav.close()
            self.wav = None
        if self.runner.recording and self.runner.next_frame > 1:
            try:
                self.runner.recorded_movie().save(self.options.record)
            except OutputFileError as e:
                raise O2Error(f"{self.options.record}: cannot write the movie ({e.reason})") from None
            print(f"movie: recorded {self.runner.next_frame - 1} frames to {self.options.record}",
                  file=sys.stderr)


# Frames per second: the pixel clock over the pixels of a frame (native/HARDWARE.md §3, o2.h).
# NTSC 315/44 MHz / (455 × 263) = 59.8261 Hz; PAL 7.0937904 MHz / (456 × 313) = 49.7014 Hz.
FRAME_RATE = {
    "ntsc": O2.HC_RATE_NTSC_NUM / O2.HC_RATE_NTSC_DEN / (O2.LINE_HC_NTSC * O2.LINES_NTSC),
    "pal": O2.HC_RATE_PAL_NUM / O2.HC_RATE_PAL_DEN / (O2.LINE_HC_PAL * O2.LINES_PAL),
}
