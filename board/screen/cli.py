"""`board watch` and `board calibrate`: the companion reads war results off the screen.

    board -g game.db watch --capture /dev/video0            a capture device on the console's video out
    board -g game.db watch --capture evening.mkv --auto     a recorded video, every result recorded at once
    board calibrate --capture red-S2500.png --red S2500 --blue T1234 --capture b.png --red P6789 --blue S9876 \\
                    --out original.toml --png calibration.png

A result becomes the same event `board battle` records (the rules engine applies rules 13-17), after a
one-key confirmation at the table or at once with --auto; the first-player draw prints the `board first`
command to complete with the numbers called. A failed or unsure read never touches the game file.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from .calibrate import CalibrationError, Still, Typed, calibrate, picture
from .capture import CaptureError, Source
from .profile import Profile, ProfileError
from .reader import Reader
from .tracker import AGREE, WEAPON_NAMES, Event, Tracker

EXIT_FILE, EXIT_REFUSED = 1, 2
DEFAULT_PROFILE = "conquest"


def battle_arguments(event: Event, attacker: str) -> list[str]:
    """`board battle` arguments for a battle_ended event, the attacker playing `attacker` (red or blue)."""
    d = event.data
    defender = "blue" if attacker == "red" else "red"
    winner = "tie" if d["winner"] == "tie" else ("attacker" if d["winner"] == attacker else "defender")
    return ["battle", winner,
            "--weapons", f"{WEAPON_NAMES[d[f'{attacker}_weapon']]},{WEAPON_NAMES[d[f'{defender}_weapon']]}",
            "--energy", f"{d[f'{attacker}_energy']},{d[f'{defender}_energy']}"]


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
            if any(event.data[f"{side}_weapon"] not in WEAPON_NAMES for side in ("red", "blue")):
                self.say("  a weapon was not read: enter the result with `board battle`")
                return
            args = battle_arguments(event, self.attacker)
            command = "board " + " ".join(args)
            if self.game is None:
                self.say(f"  to record: {command}")
            elif self.auto or self.ask(f"record `{command}`? [y/N] "):
                from board.cli import main as board_main         # the one path every battle is recorded by
                board_main(["-g", self.game, *args])
            else:
                self.say("  not recorded")


def _ask_terminal(question: str) -> bool:
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def _load_profile(spec: str) -> Profile:
    return Profile.load(spec)


def _game(args) -> str | None:
    """The game file results go to: -g, $BOARD_GAME, or ./conquest.db if it exists; None: only print them."""
    game = args.game or os.environ.get("BOARD_GAME")
    if game:
        return game
    return "conquest.db" if Path("conquest.db").is_file() else None


def run_watch(args) -> int:
    try:
        profile = _load_profile(args.profile)
        source = Source(args.capture, say=lambda text: print(f"board: {text}", file=sys.stderr))
        reader, tracker = Reader(profile), Tracker(agree=args.agree, attacker=args.attacker)
        companion = Companion(_game(args), args.attacker, args.auto, _ask_terminal)
        for number, frame in enumerate(source.frames(), 1):
            for event in tracker.feed(reader.read(frame), number):
                companion.handle(event)
            if args.frames and number >= args.frames:
                break
        return 0
    except (ProfileError, CaptureError) as err:
        print(f"board: {err}", file=sys.stderr)
        return EXIT_FILE
    except KeyboardInterrupt:
        return 0


class Follower:
    """The companion on an emulator's frames: reads every frame, tracks, hands events over."""

    def __init__(self, profile: Profile, agree: int, handle: Callable[[Event], None], attacker: str = "red"):
        self.reader, self.handle = Reader(profile), handle
        self.tracker = Tracker(agree=agree, attacker=attacker)

    def __call__(self, machine) -> None:
        for event in self.tracker.feed(self.reader.read(machine.screen), machine.frame):
            self.handle(event)


def _play_arguments(args):
    """`o2 run`'s arguments for the cartridge, from board play's."""
    from cart.conquest.wrapper import rom_path
    from emu.cli import build_parser
    argv = ["run", str(rom_path())]
    if args.headless:
        argv += ["--headless", "--frames", str(args.frames or 60)]
    elif args.frames:
        argv += ["--frames", str(args.frames)]
    if args.play:
        argv += ["--play", args.play]
    return build_parser().parse_args(argv)


def run_play(args) -> int:
    """The cartridge in the emulator's window with the companion following the wars on its screen:
    results are recorded after a y at the terminal (a line of its own, so the game never waits), or at once
    with --auto."""
    import queue
    import threading
    from emu.errors import O2Error
    try:
        profile = _load_profile(args.profile)
    except ProfileError as err:
        print(f"board: {err}", file=sys.stderr)
        return EXIT_FILE
    asked: "queue.Queue[Event]" = queue.Queue()
    companion = Companion(_game(args), args.attacker, args.auto, _ask_terminal)
    follow = Follower(profile, args.agree, companion.handle if args.auto or args.headless else asked.put,
                      args.attacker)
    if not (args.auto or args.headless):
        threading.Thread(target=_confirmations, args=(companion, asked), daemon=True).start()
    o2_args = _play_arguments(args)
    try:
        if args.headless:
            from emu.frontend_session import Session
            session = Session(o2_args)
            session.machine.on_frame(follow)
            session.run(o2_args.frames)
            session.finish()
            return 0
        from emu.frontend import run_window
        return run_window(o2_args, setup=lambda session: session.machine.on_frame(follow))
    except O2Error as err:
        print(f"board: {err}", file=sys.stderr)
        return EXIT_FILE


def _confirmations(companion: "Companion", asked) -> None:
    """The terminal side of board play: each event in turn, asking before recording a result."""
    while True:
        companion.handle(asked.get())


def _first_frame(spec: str) -> np.ndarray:
    """A still image, or the middle frame of a video (away from fades at its ends)."""
    image = cv2.imread(spec, cv2.IMREAD_COLOR) if Path(spec).suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp") \
        else None
    if image is not None:
        return np.ascontiguousarray(image[:, :, ::-1])
    frames = list(Source(spec).frames())
    if not frames:
        raise CaptureError(f"{spec}: no frames")
    return frames[len(frames) // 2]


def run_calibrate(args) -> int:
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
        Path(args.out).write_text(profile.to_toml(), encoding="utf-8")
        print(f"{args.out}: profile {args.name!r} written")
        print("  fit of each still: " + ", ".join(f"{s.name} {v:.2f}" for s, v in zip(stills, learned.scores)))
        print("  margins: " + " ".join(f"{ch} {m:.2f}" for ch, (m, _) in learned.margins.items()))
        print(f"  every still read back as it shows; the least sure field {learned.least:.2f} "
              "(the tracker acts from 0.30)")
        if args.png:
            cv2.imwrite(args.png, picture(learned)[:, :, ::-1])
            print(f"{args.png}: what was learned, drawn")
        return 0
    except (CalibrationError, ProfileError, CaptureError) as err:
        print(f"board: {err}", file=sys.stderr)
        return EXIT_REFUSED if isinstance(err, CalibrationError) else EXIT_FILE
    except BrokenPipeError:
        return 0
    except OSError as err:
        print(f"board: {err.filename}: {err.strerror}", file=sys.stderr)
        return EXIT_FILE


def add_commands(sub) -> None:
    """Adds `board watch`, `board play` and `board calibrate` to the `board` command's subparsers."""
    p = sub.add_parser("play", help="play the cartridge in the emulator, the companion following the wars",
                       description=run_play.__doc__)
    p.set_defaults(func=run_play)
    p.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE.toml")
    p.add_argument("--attacker", choices=("red", "blue"), default="red",
                   help="the colour the attacking player enters (rule 10C; default red)")
    p.add_argument("--auto", action="store_true", help="record results without asking")
    p.add_argument("--agree", type=int, default=AGREE, metavar="N", help=f"frames that must agree (default {AGREE})")
    p.add_argument("--frames", type=int, metavar="N", help="stop after N frames")
    p.add_argument("--headless", action="store_true", help="no window (with --play: a recorded movie)")
    p.add_argument("--play", metavar="MOVIE", help="inputs from an o2 movie instead of the players")
    p = sub.add_parser("watch", help="follow the wars on a capture of the console's screen",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run_watch)
    p.add_argument("--capture", required=True, metavar="DEVICE|FILE", help="/dev/videoN, N, or a video file")
    p.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE.toml",
                   help=f"layout profile (default: {DEFAULT_PROFILE}, our cartridge)")
    p.add_argument("--attacker", choices=("red", "blue"), default="red",
                   help="the colour the attacking player enters (rule 10C; default red)")
    p.add_argument("--auto", action="store_true", help="record results without asking")
    p.add_argument("--agree", type=int, default=AGREE, metavar="N", help=f"frames that must agree (default {AGREE})")
    p.add_argument("--frames", type=int, metavar="N", help="stop after N frames")
    p = sub.add_parser("calibrate", help="make a layout profile from captures of the entry screen",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run_calibrate)
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
