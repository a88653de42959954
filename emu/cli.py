"""`o2`: the emulator's command line.

    o2 run [CART] [--bios FILE] [--charset FILE] [--pal] --headless --frames N [--screenshot OUT.png]
    o2 trace [CART] [--bios FILE] [--charset FILE] [--pal] --steps N

Each module in COMMAND_MODULES defines register(subparsers, commands): it adds its subcommands
(set_defaults(func=handler), the handler takes the parsed args and returns the exit status) and
may add options to one registered before it (commands["run"] is the `run` parser). The options
and formats several commands share live in emu.commands, so no command module imports this one.
Bad ROM files and other user errors print one line, `o2: error: ...`, and exit with status 2.
"""
import argparse
import importlib
import sys
import time

from cart.oneline import OneLineParser
from emu.commands import (EXIT_REPLAY_DIFFERS, EXIT_USER_ERROR, add_machine_options, build_machine,
                          trace_lines, whole_number)
from emu.errors import O2Error
from emu.movie import MAX_FRAMES
from emu.version import __version__

COMMAND_MODULES = ["emu.cli", "emu.debugger.command", "emu.frontend.run", "cart.conquest.oneplayer"]

PROGRESS_EVERY = 5.0        # seconds between progress lines of a long headless run


def cmd_run(args) -> int:
    from emu.frontend.session import Session, SessionOptions
    options = SessionOptions.from_args(args)
    if not args.headless:
        from emu.frontend.run import run_window
        return run_window(options)
    # The front end's Session plays/records movies (--play/--record) and WAV (--wav) here too.
    session = Session(options)
    m = session.machine
    movie = session.runner.movie
    total = options.frames or (movie.frames if movie else 60)
    progress_at = [time.monotonic() + PROGRESS_EVERY]

    def progress(done):                          # a long run says how far it is
        if time.monotonic() >= progress_at[0]:
            print(f"o2: frame {done} of {total} ({100 * done // total}%)", file=sys.stderr)
            progress_at[0] += PROGRESS_EVERY
    session.run(total, progress)
    session.finish()
    if options.screenshot:
        from emu.frontend.files import save_png
        save_png(m.screen, options.screenshot)
    print(f"{m.frame} frames, {m.cycles} cycles, pc=0x{m.cpu.pc:03X}")
    return EXIT_REPLAY_DIFFERS if session.runner.matched is False else 0


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
