"""`o2 run`'s window options and key map, and the window's entry point.

This module is what the command registry (emu.cli) imports: it adds the front end's options to
`o2 run` (`register()`) without loading SDL, so `o2 run --headless` and every other command
start without it. `run_window(options)` opens the window (emu.frontend.window, which loads SDL)
on `o2 run`'s options (emu.frontend.session.SessionOptions, the Session's own).
"""
import argparse

from emu.commands import whole_number
from emu.config import Config, SLOT_COUNT
from emu.frontend.help import key_map


def register(subparsers, commands):
    run = commands["run"]
    run.formatter_class = argparse.RawDescriptionHelpFormatter
    run.epilog = key_map(Config.defaults().data)
    # The window runs until closed unless --frames is given; headless defaults to 60 frames.
    run.set_defaults(frames=None)
    group = run.add_argument_group("front end (window, and headless where it applies)")
    group.add_argument("--play", metavar="MOVIE", help="replay an input movie (frame-exact)")
    group.add_argument("--record", metavar="MOVIE", help="record the inputs to a movie file")
    group.add_argument("--wav", metavar="OUT.wav", help="record the sound to a WAV file")
    group.add_argument("--load-state", metavar="SLOT|FILE",
                       help=f"start from save-state slot 1-{SLOT_COUNT} of this cart, or a state file")
    group.add_argument("--config", metavar="FILE",
                       help="settings file (default: $XDG_CONFIG_HOME/odyssey2/config.toml)")
    group.add_argument("--scale", type=whole_number(1, 8), help="window size: rows per machine line (1-8)")
    group.add_argument("--fullscreen", action="store_true", help="start full screen")
    group.add_argument("--scanlines", action="store_true", help="darken every other row")
    group.add_argument("--stats", action="store_true", help="print fps and audio underruns on exit")
    group.add_argument("--nothrottle", action="store_true", help="run as fast as possible")
    group.add_argument("--silent", action="store_true", help="no sound output")
    group.add_argument("--controller", type=whole_number(0), metavar="N",
                       help="game controller N (0 = first) drives the left joystick; error if absent")


def _config(options):
    """The settings file with the options given on the command line applied over it."""
    config = Config.load(options.config) if options.config else Config.load_or_create()
    video = config.data["video"]
    if options.scale:
        video["scale"] = options.scale
    video["fullscreen"] |= options.fullscreen
    video["scanlines"] |= options.scanlines
    if options.silent:
        config.data["audio"]["enabled"] = False
    if options.controller is not None:   # that controller moves to the left stick; swap if needed
        controllers = config.data["controllers"]
        if controllers["right"] == options.controller:
            controllers["right"] = controllers["left"]
        controllers["left"] = options.controller
    return config


def run_window(options, setup=None):
    """The window on `o2 run`'s options (SessionOptions; parsed arguments are converted);
    setup(session), if given, is called before the first frame (board play hangs the screen
    reader on the machine's frames there)."""
    from emu.frontend.session import Session, SessionOptions
    from emu.frontend.window import open_window
    if not isinstance(options, SessionOptions):
        options = SessionOptions.from_args(options)
    config = _config(options)
    session = Session(options, config)
    if setup is not None:
        setup(session)
    return open_window(config, session)
