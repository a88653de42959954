"""o2asm SOURCE -o OUT.bin [--listing OUT.lst] [--symbols OUT.sym.json] [--size N] [--fill 0xFF]

Exit codes: 0 success (warnings go to stderr), 2 errors (each printed as file:line:col: message).
"""
import argparse
import sys

from cart.asm.assembler import Assembler, ImageTooLarge
from cart.asm.errors import AssemblyFailed
from cart.asm.output import write_outputs
from cart.files import OutputFileError
from cart.oneline import OneLineParser

EXIT_ERROR = 2
LARGEST_IMAGE = 16 * 1024        # the largest Odyssey² cartridge: --size may not pad beyond it


def number(text: str) -> int:
    """A command-line number: 1024, 0x400, 0o17, 0b101."""
    try:
        return int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None


def byte(text: str) -> int:
    value = number(text)
    if not 0 <= value <= 0xFF:
        raise argparse.ArgumentTypeError(f"{text} is not a byte value (0-255)")
    return value


def main(argv=None) -> int:
    parser = OneLineParser(prog="o2asm", description="Intel 8048 assembler for Odyssey² programs "
                           "(the Macro Assembler AS's syntax).")
    parser.add_argument("source", help="assembly source file")
    parser.add_argument("-o", "--output", help="binary to write (default: SOURCE with .bin)")
    parser.add_argument("--listing", metavar="FILE", help="write a listing")
    parser.add_argument("--symbols", metavar="FILE", help="write the symbol file (.sym.json)")
    parser.add_argument("--size", type=number, metavar="N",
                        help="pad the binary to N bytes (error if the program is larger)")
    parser.add_argument("--fill", type=byte, default=0xFF, metavar="BYTE",
                        help="value of unused bytes (default 0xFF)")
    parser.add_argument("-I", "--include", action="append", default=[], metavar="DIR",
                        help="also look for include files in DIR")
    args = parser.parse_args(argv)
    if args.size is not None and args.size <= 0:
        parser.error(f"--size must be positive, not {args.size}")
    if args.size is not None and args.size > LARGEST_IMAGE:
        parser.error(f"--size {args.size} is larger than any cartridge ({LARGEST_IMAGE} bytes)")
    output = args.output or _with_suffix(args.source, ".bin")
    try:
        assembly = Assembler(args.include).assemble_file(args.source)
    except AssemblyFailed as failure:
        for diagnostic in failure.diagnostics:
            print(diagnostic, file=sys.stderr)
        return EXIT_ERROR
    for warning in assembly.warnings:
        print(warning, file=sys.stderr)
    try:
        write_outputs(assembly, output, args.listing, args.symbols, args.size, args.fill,
                      title=args.source)
    except ImageTooLarge as error:
        print(f"{args.source}: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except OutputFileError as error:
        print(f"o2asm: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    return 0


def _with_suffix(path: str, suffix: str) -> str:
    stem, dot, extension = path.rpartition(".")
    return (stem if dot and "/" not in extension else path) + suffix


if __name__ == "__main__":
    sys.exit(main())
