"""`board watch` and `board calibrate`: the companion reads war results off the screen.

    board -g game.db watch --capture /dev/video0            a capture device on the console's video out
    board -g game.db watch --capture evening.mkv --auto     a recorded video, every result recorded at once
    board calibrate --capture red-S2500.png --red S2500 --blue T1234 --capture b.png --red P6789 --blue S9876 \\
                    --out original.toml --png calibration.png

A result becomes the same event `board battle` records (the rules engine applies rules 13-17), after a
one-key confirmation at the table or at once with --auto; the first-player draw prints the `board first`
command to complete with the numbers called. A failed or unsure read never touches the game file.

The capture path needs OpenCV (`pip install 'odyssey2[capture]'`): it is imported when one of these
commands runs, never when `board` starts. Still pictures are read and written with Pillow.
"""
from __future__ import annotations

import argparse
import io
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..exits import EXIT_FILE, EXIT_REFUSED, fail, say
from ..log import LogError, NothingToDo
from ..record import open_game, record
from ..rules import ATTACKER, DEFENDER, TIE, BattleResult, RuleViolation

from cart.files import InputFileError, OutputFileError, regular_file_size, write_output

if TYPE_CHECKING:
    import numpy as np

    from .profile import Profile
    from .tracker import Event

DEFAULT_PROFILE = "conquest"
NEEDS_OPENCV = "reading the screen needs OpenCV: pip install 'odyssey2[capture]'"


def _capture_path(run):
    """A command of the capture path: its modules load when it runs; without OpenCV it says
    how to install it in one line (exit status 1)."""
    def command(args) -> int:
        try:
            import cv2  # noqa: F401  (the capture path's one requirement beyond the base install)
        except ModuleNotFoundError:
            return fail(NEEDS_OPENCV, EXIT_FILE)
        return run(args)
    command.__doc__ = run.__doc__
    return command


def _agree(args) -> int:
    from .tracker import AGREE
    return AGREE if args.agree is None else args.agree


def battle_result(event: Event, attacker: str) -> BattleResult:
    """The battle a battle_ended event shows, the attacker playing `attacker` (red or blue)."""
    from .tracker import WEAPON_NAMES
    d = event.data
    defender = "blue" if attacker == "red" else "red"
    winner = TIE if d["winner"] == "tie" else (ATTACKER if d["winner"] == attacker else DEFENDER)
    return BattleResult(winner, WEAPON_NAMES[d[f"{attacker}_weapon"]], WEAPON_NAMES[d[f"{defender}_weapon"]],
                        d[f"{attacker}_energy"], d[f"{defender}_energy"])


def battle_command(result: BattleResult) -> str:
    """The `board battle` command that records `result`, for the players to read or type."""
    return (f"board battle {result.winner} --weapons {result.attacker_weapon},{result.defender_weapon} "
            f"--energy {result.attacker_energy},{result.defender_energy}")


class Companion:
    """Turns tracker events into game-log actions, asking the table first unless `auto`."""

    def __init__(self, game: str | None, attacker: str, auto: bool, ask: Callable[[str], bool],
                 say: Callable[[str], None] = print):
        self.game, self.attacker, self.auto, self.ask, self.say = game, attacker, auto, ask, say

    def handle(self, event: Event) -> None:
        self.say(f"screen: {event.line()}")
        if event.kind == "readout_stopped":
            self.say(f"  rule 2D: complete and type: board first NAME=N ... --readout {event.data['value']}")
        elif event.kind == "battle_ended":
            from .tracker import WEAPON_NAMES
            if any(event.data[f"{side}_weapon"] not in WEAPON_NAMES for side in ("red", "blue")):
                self.say("  a weapon was not read: enter the result with `board battle`")
                return
            result = battle_result(event, self.attacker)
            command = battle_command(result)
            if self.game is None:
                self.say(f"  to record: {command}")
            elif self.auto or self.ask(f"record `{command}`? [y/N] "):
                self._record(result)
            else:
                self.say("  not recorded")

    def _record(self, result: BattleResult) -> None:
        """The result through the path `board battle` takes (board.record); a refusal is said."""
        try:
            with open_game(self.game) as log:
                record(log, result, say=print)
        except (RuleViolation, NothingToDo, LogError, sqlite3.Error) as err:
            self.say(f"  not recorded: {err}")


def _ask_terminal(question: str) -> bool:
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def _load_profile(spec: str) -> Profile:
    from .profile import Profile
    return Profile.load(spec)


def _game(args) -> str | None:
    """The game file results go to: -g, $BOARD_GAME, or ./conquest.db if it exists; None: only print them."""
    game = args.game or os.environ.get("BOARD_GAME")
    if game:
        return game
    return "conquest.db" if Path("conquest.db").is_file() else None


def run_watch(args) -> int:
    from .capture import CaptureError, Source
    from .profile import ProfileError
    from .reader import Reader
    from .tracker import Tracker
    try:
        profile = _load_profile(args.profile)
        source = Source(args.capture, say=say)
        reader, tracker = Reader(profile), Tracker(agree=_agree(args), attacker=args.attacker)
        companion = Companion(_game(args), args.attacker, args.auto, _ask_terminal)
        for number, frame in enumerate(source.frames(), 1):
            for event in tracker.feed(reader.read(frame), number):
                companion.handle(event)
            if args.frames and number >= args.frames:
                break
        return 0
    except (ProfileError, CaptureError) as err:
        return fail(err, EXIT_FILE)
    except KeyboardInterrupt:
        return 0


class Follower:
    """The companion on an emulator's frames: reads every frame, tracks, hands events over."""

    def __init__(self, profile: Profile, agree: int, handle: Callable[[Event], None], attacker: str = "red"):
        from .reader import Reader
        from .tracker import Tracker
        self.reader, self.handle = Reader(profile), handle
        self.tracker = Tracker(agree=agree, attacker=attacker)

    def __call__(self, machine) -> None:
        for event in self.tracker.feed(self.reader.read(machine.screen), machine.frame):
            self.handle(event)


def _play_options(args):
    """The emulator session board play runs: the cartridge, headless for --frames (60 unless
    given) or in the window, with the movie --play names."""
    from cart.conquest.wrapper import rom_path
    from emu.frontend.session import SessionOptions
    frames = (args.frames or 60) if args.headless else args.frames
    return SessionOptions(cart=str(rom_path()), frames=frames, play=args.play)


def run_play(args) -> int:
    """The cartridge in the emulator's window with the companion following the wars on its screen:
    results are recorded after a y at the terminal (a line of its own, so the game never waits), or at once
    with --auto."""
    import queue
    import threading
    from emu.errors import O2Error

    from .profile import ProfileError
    try:
        profile = _load_profile(args.profile)
    except ProfileError as err:
        return fail(err, EXIT_FILE)
    asked: "queue.Queue[Event]" = queue.Queue()
    companion = Companion(_game(args), args.attacker, args.auto, _ask_terminal)
    follow = Follower(profile, _agree(args), companion.handle if args.auto or args.headless else asked.put,
                      args.attacker)
    if not (args.auto or args.headless):
        threading.Thread(target=_confirmations, args=(companion, asked), daemon=True).start()
    options = _play_options(args)
    try:
        if args.headless:
            from emu.frontend.session import Session
            session = Session(options)
            session.machine.on_frame(follow)
            session.run(options.frames)
            session.finish()
            return 0
        from emu.frontend.run import run_window
        return run_window(options, setup=lambda session: session.machine.on_frame(follow))
    except O2Error as err:
        return fail(err, EXIT_FILE)


def _confirmations(companion: "Companion", asked) -> None:
    """The terminal side of board play: each event in turn, asking before recording a result."""
    while True:
        companion.handle(asked.get())


def _first_frame(spec: str) -> np.ndarray:
    """A still image (RGB), or the middle frame of a video (away from fades at its ends)."""
    import numpy as np
    from PIL import Image, UnidentifiedImageError

    from .capture import CaptureError, Source
    if not Source(spec).is_device:
        try:
            regular_file_size(spec)         # a FIFO would block the readers
        except InputFileError as err:
            raise CaptureError(str(err)) from None
    if Path(spec).suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp"):
        try:
            with Image.open(spec) as image:
                return np.asarray(image.convert("RGB")).copy()
        except (UnidentifiedImageError, OSError):
            pass                      # not a picture after all: the video reader says what it is
    frames = list(Source(spec).frames())
    if not frames:
        raise CaptureError(f"{spec}: no frames")
    return frames[len(frames) // 2]


def run_calibrate(args) -> int:
    from PIL import Image

    from .calibrate import CalibrationError, Still, Typed, calibrate, picture
    from .capture import CaptureError
    from .profile import ProfileError
    try:
        if not (len(args.capture) == len(args.red) == len(args.blue)):
            raise CalibrationError("give --red and --blue once for each --capture")
        if bool(args.result) != bool(args.winner):
            raise CalibrationError("give --winner (red, blue or tie) with --result")
        base = _load_profile(args.base)
        stills = [Still(_first_frame(c), "entry", c, Typed.parse(r, "red"), Typed.parse(b, "blue"))
                  for c, r, b in zip(args.capture, args.red, args.blue)]
        for kind in ("select", "wargame"):
            if getattr(args, kind):
                stills.append(Still(_first_frame(getattr(args, kind)), kind, getattr(args, kind)))
        if args.result:
            stills.append(Still(_first_frame(args.result), "result", args.result, winner=args.winner))
        learned = calibrate(stills, base, name=args.name)
        profile = learned.profile
        write_output(args.out, profile.to_toml())
        print(f"{args.out}: profile {args.name!r} written")
        print("  fit of each still: " + ", ".join(f"{s.name} {v:.2f}" for s, v in zip(stills, learned.scores)))
        print("  margins: " + " ".join(f"{ch} {m:.2f}" for ch, (m, _) in learned.margins.items()))
        print(f"  every still read back as it shows; the least sure field {learned.least:.2f} "
              "(the tracker acts from 0.30)")
        if args.png:
            still = io.BytesIO()
            Image.fromarray(picture(learned)).save(still, format="PNG")
            write_output(args.png, still.getvalue())
            print(f"{args.png}: what was learned, drawn")
        return 0
    except (CalibrationError, ProfileError, CaptureError) as err:
        return fail(err, EXIT_REFUSED if isinstance(err, CalibrationError) else EXIT_FILE)
    except BrokenPipeError:
        return 0
    except OutputFileError as err:
        return fail(err, EXIT_FILE)
    except OSError as err:
        return fail(f"{err.filename}: {err.strerror}", EXIT_FILE)


def _following_options(p) -> None:
    """The options of `board play` and `board watch`: how the companion reads and follows the wars."""
    p.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE.toml",
                   help=f"layout profile (default: {DEFAULT_PROFILE}, our cartridge)")
    p.add_argument("--attacker", choices=("red", "blue"), default="red",
                   help="the colour the attacking player enters (rule 10C; default red)")
    p.add_argument("--auto", action="store_true", help="record results without asking")
    p.add_argument("--agree", type=int, default=None, metavar="N",
                   help="frames a reading must hold to count (default: board.screen.tracker.AGREE)")
    p.add_argument("--frames", type=int, metavar="N", help="stop after N frames")


def add_commands(sub) -> None:
    """Adds `board watch`, `board play` and `board calibrate` to the `board` command's subparsers."""
    p = sub.add_parser("play", help="play the cartridge in the emulator, the companion following the wars",
                       description=run_play.__doc__)
    p.set_defaults(func=_capture_path(run_play))
    _following_options(p)
    p.add_argument("--headless", action="store_true", help="no window (with --play: a recorded movie)")
    p.add_argument("--play", metavar="MOVIE", help="inputs from an o2 movie instead of the players")
    p = sub.add_parser("watch", help="follow the wars on a capture of the console's screen",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=_capture_path(run_watch))
    p.add_argument("--capture", required=True, metavar="DEVICE|FILE", help="/dev/videoN, N, or a video file")
    _following_options(p)
    p = sub.add_parser("calibrate", help="make a layout profile from captures of the entry screen",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=_capture_path(run_calibrate))
    p.add_argument("--capture", action="append", required=True, metavar="FILE",
                   help="a picture or video of the entry screen (repeat for more entries)")
    p.add_argument("--red", action="append", required=True, metavar="WDDDD", help="what red typed, e.g. S2500")
    p.add_argument("--blue", action="append", required=True, metavar="WDDDD", help="what blue typed, e.g. T1234")
    p.add_argument("--select", metavar="FILE", help="a still of SELECT GAME")
    p.add_argument("--wargame", metavar="FILE", help="a still of the WAR GAME readouts, stopped")
    p.add_argument("--result", metavar="FILE", help="a still of a battle's result")
    p.add_argument("--winner", choices=("red", "blue", "tie"), help="who won the battle of --result")
    p.add_argument("--base", default=DEFAULT_PROFILE, metavar="NAME|FILE.toml",
                   help="profile supplying the layout and the screens")
    p.add_argument("--name", default="calibrated", help="the new profile's name")
    p.add_argument("--out", required=True, metavar="FILE.toml")
    p.add_argument("--png", metavar="FILE.png", help="draw what was found")
