"""o2dis ROM.bin [--org 0x400] [--symbols FILE.sym.json] [--start A] [--end B]

Prints assembler source that o2asm turns back into the same bytes.
"""
import sys

from cart.asm.cli import EXIT_ERROR, OneLineParser, number
from cart.asm.disassembler import disassembly_source, load_symbols

ADDRESS_SPACE = 0x1000


def main(argv=None) -> int:
    parser = OneLineParser(prog="o2dis", description="Intel 8048 disassembler; the output "
                           "reassembles with o2asm to the same bytes.")
    parser.add_argument("rom", help="binary file")
    parser.add_argument("--org", type=number, default=None,
                        help="address of the file's first byte (default: the symbol file's "
                             "origin, else 0)")
    parser.add_argument("--symbols", metavar="FILE", help="o2asm symbol file for labels")
    args = parser.parse_args(argv)
    try:
        with open(args.rom, "rb") as handle:
            data = handle.read()
        symbols, origin = None, 0
        if args.symbols:
            symbols, origin = load_symbols(args.symbols), _symbol_origin(args.symbols)
    except OSError as error:
        print(f"o2dis: error: cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as error:
        print(f"o2dis: error: {args.symbols}: not an o2asm symbol file ({error})", file=sys.stderr)
        return EXIT_ERROR
    if args.org is not None:
        origin = args.org
    if not 0 <= origin or origin + len(data) > ADDRESS_SPACE:
        print(f"o2dis: error: {len(data)} bytes at {origin:#x} do not fit the 4 KiB program "
              f"space", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(disassembly_source(data, origin, symbols))
    return 0


def _symbol_origin(path):
    import json
    with open(path, encoding="utf-8") as handle:
        return int(json.load(handle).get("origin", 0))


if __name__ == "__main__":
    sys.exit(main())
