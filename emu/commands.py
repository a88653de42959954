"""What `o2`'s subcommands share: the options every machine-building command takes, argument
types, exit statuses and the trace format. The command modules (emu.cli, emu.debugger.command,
emu.frontend.run) import this module and never each other; emu.cli registers them.
"""
import argparse
import json

EXIT_USER_ERROR = 2
EXIT_REPLAY_DIFFERS = 1     # --play: the replay did not match the recording


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
