"""`o2`: the emulator's command line.

    o2 run [CART] [--bios FILE] [--charset FILE] [--pal] --headless --frames N [--screenshot OUT.png]
    o2 trace [CART] [--bios FILE] [--charset FILE] [--pal] --steps N

Each module in COMMAND_MODULES defines register(subparsers, commands): it adds its subcommands
(set_defaults(func=handler), the handler takes the parsed args and returns the exit status) and
may add options to one registered before it (commands["run"] is the `run` parser).
Bad ROM files and other user errors print one line, `o2: error: ...`, and exit with status 2.
"""
import argparse
import importlib
import json
import sys
import time

from emu.errors import O2Error
from emu.movie import MAX_FRAMES
from emu.version import __version__

COMMAND_MODULES = ["emu.cli", "emu.debugger", "emu.frontend"]

EXIT_USER_ERROR = 2
EXIT_REPLAY_DIFFERS = 1     # --play: the replay did not match the recording
PROGRESS_EVERY = 5.0        # seconds between progress lines of a long headless run


def whole_number(minimum: int = 0, maximum: int | None = None):
    """An argparse type: a whole number within [minimum, maximum], with a one-line complaint."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum or (maximum is not None and value > maximum):
            bounds = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, not {value}")
        return value
    return parse


def add_machine_options(parser: argparse.ArgumentParser):
    """CART, --bios, --charset, --pal: what every subcommand that builds a console takes."""
    parser.add_argument("cart", nargs="?", help="cartridge image (default for run: Conquest of the World)")
    parser.add_argument("--bios", help="1024-byte BIOS image (default: our free BIOS)")
    parser.add_argument("--charset", help="512-byte character ROM (default: our free charset)")
    parser.add_argument("--pal", action="store_true", help="PAL Videopac G7000 (8245) timing")


def build_machine(args, cart):
    from emu.odyssey2 import Odyssey2
    return Odyssey2(cart=cart, bios=args.bios, charset=args.charset,
                    region="pal" if args.pal else "ntsc")


def cmd_run(args) -> int:
    if not args.headless:
        from emu.frontend import run_window
        return run_window(args)
    # The front end's Session plays/records movies (--play/--record) and WAV (--wav) here too.
    from emu.frontend_session import Session
    session = Session(args)
    m = session.machine
    movie = session.runner.movie
    total = args.frames or (movie.frames if movie else 60)
    progress_at = time.monotonic() + PROGRESS_EVERY
    for done in range(total):
        session.run_frame()
        if time.monotonic() >= progress_at:       # a long run says how far it is
            print(f"o2: frame {done + 1} of {total} ({100 * (done + 1) // total}%)", file=sys.stderr)
            progress_at += PROGRESS_EVERY
    session.finish()
    if args.screenshot:
        from PIL import Image
        try:
            Image.fromarray(m.screen).save(args.screenshot, format="PNG")
        except (OSError, ValueError) as e:
            raise O2Error(f"{args.screenshot}: cannot write the screenshot ({e})") from None
    print(f"{m.frame} frames, {m.cycles} cycles, pc=0x{m.cpu.pc:03X}")
    return EXIT_REPLAY_DIFFERS if session.runner.matched is False else 0


def trace_lines(rows) -> str:
    """The JSON lines of `o2 trace` for trace rows (emu.native.trace_rows); the debugger's
    `trace on FILE` writes the same."""
    cycle, pc, op, a, psw, t = (rows[name].tolist() for name in
                                ("cycle", "pc", "op", "a", "psw", "t"))
    regs = rows["r"].tolist()
    return "".join(
        f'{{"cycle": {cycle[i]}, "pc": {pc[i]}, "op": {op[i]}, "a": {a[i]}, '
        f'"psw": {psw[i]}, "r": {json.dumps(regs[i])}, "t": {t[i]}}}\n'
        for i in range(len(pc)))


def cmd_trace(args) -> int:
    m = build_machine(args, args.cart)
    out = sys.stdout
    chunk = 1 << 16
    remaining = args.steps
    while remaining > 0:
        rows = m.trace(min(chunk, remaining))
        count = len(rows["pc"])
        out.write(trace_lines(rows))
        if count == 0:
            break
        remaining -= count
    out.flush()
    return 0


def register(subparsers, commands):
    run = subparsers.add_parser("run", help="run a cartridge (a window, or --headless)")
    add_machine_options(run)
    run.add_argument("--headless", action="store_true", help="no window: run --frames and exit")
    run.add_argument("--frames", type=whole_number(1, MAX_FRAMES), default=60, help="frames to run headless (60)")
    run.add_argument("--screenshot", metavar="OUT.png", help="headless: save the last frame")
    run.set_defaults(func=cmd_run)
    commands["run"] = run

    trace = subparsers.add_parser("trace", help="print one JSON object per executed instruction")
    add_machine_options(trace)
    trace.add_argument("--steps", type=whole_number(1), required=True, help="instructions to trace")
    trace.set_defaults(func=cmd_trace)
    commands["trace"] = trace


class OneLineParser(argparse.ArgumentParser):
    """Argument errors as one line (`o2 run: error: ...`) and exit status 2; subcommands too."""

    def error(self, message):
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="o2", description="Odyssey² / Videopac G7000 emulator")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True)
    commands = {}
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers, commands)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except O2Error as e:
        print(f"o2: error: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
