"""o2dis ROM.bin [--org 0x400] [--bank N] [--symbols FILE.sym.json]

Prints assembler source that o2asm turns back into the same bytes. A banked cartridge (8, 12 or
16 KiB) is disassembled one bank at a time, as program space 0x400 up shows it with that bank
selected (--bank N); --bank also takes any bank of a 2 or 4 KiB cartridge.
"""
import json
import sys

from cart.asm.cli import EXIT_ERROR, number
from cart.oneline import OneLineParser
from cart.asm.disassembler import disassembly_source, load_symbols
from cart.files import InputFileError, read_input
from cart.layout import CART_ORIGIN, cart_layout, cart_sizes

ADDRESS_SPACE = 0x1000


def bank_bytes(data: bytes, bank: int) -> bytes:
    """The bytes a cartridge shows at 0x400 up with `bank` selected, as the board for its
    size lays them out (cart.layout, the core's native/cart_*.c); ValueError names the problem (a size no
    cartridge has, a bank it does not have)."""
    layout = cart_layout(len(data))
    if layout is None:
        sizes = ", ".join(str(size) for size in cart_sizes())
        raise ValueError(f"{len(data)} bytes is not a cartridge size ({sizes})")
    if not 0 <= bank < layout.banks:
        raise ValueError(f"no bank {bank} (the cartridge has banks 0-{layout.banks - 1})")
    start = bank * layout.bank_stride + layout.shown_offset
    return data[start: start + layout.shown_size]


def main(argv=None) -> int:
    parser = OneLineParser(prog="o2dis", description="Intel 8048 disassembler; the output "
                           "reassembles with o2asm to the same bytes.")
    parser.add_argument("rom", help="binary file")
    parser.add_argument("--org", type=number, default=None,
                        help="address of the file's first byte (default: the symbol file's "
                             "origin, else 0)")
    parser.add_argument("--bank", type=number, default=None, metavar="N",
                        help="disassemble bank N of a cartridge image at 0x400 (required for "
                             "8, 12 and 16 KiB images)")
    parser.add_argument("--symbols", metavar="FILE", help="o2asm symbol file for labels")
    args = parser.parse_args(argv)
    try:
        data = read_input(args.rom, max(cart_sizes()), "cartridge image")
        symbols, origin = None, 0
        if args.symbols:
            symbols, origin = load_symbols(args.symbols), _symbol_origin(args.symbols)
    except InputFileError as error:
        print(f"o2dis: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:
        print(f"o2dis: error: cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return EXIT_ERROR
    except json.JSONDecodeError as error:
        print(f"o2dis: error: {args.symbols}: not a symbol file (bad JSON: {error})", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as error:
        print(f"o2dis: error: {args.symbols}: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.org is not None:
        origin = args.org
    data_all = data
    if args.bank is not None:
        try:
            data = bank_bytes(data, args.bank)
        except ValueError as error:
            print(f"o2dis: error: {args.rom}: {error}", file=sys.stderr)
            return EXIT_ERROR
        origin = CART_ORIGIN if args.org is None else args.org
        if symbols:
            try:
                symbols = load_symbols(args.symbols, args.bank, cart_layout(len(data_all)).bank_stride)
            except ValueError as error:
                print(f"o2dis: error: {args.symbols}: {error}", file=sys.stderr)
                return EXIT_ERROR
    elif cart_layout(len(data)) and len(data) > ADDRESS_SPACE:
        banks = cart_layout(len(data)).banks
        print(f"o2dis: error: {args.rom}: {len(data) // 1024} KiB cartridge of {banks} banks: "
              f"choose one with --bank 0-{banks - 1}", file=sys.stderr)
        return EXIT_ERROR
    if not 0 <= origin or origin + len(data) > ADDRESS_SPACE:
        print(f"o2dis: error: {len(data)} bytes at {origin:#x} do not fit the 4 KiB program "
              f"space", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(disassembly_source(data, origin, symbols))
    return 0


def _symbol_origin(path):
    with open(path, encoding="utf-8") as handle:
        origin = json.load(handle).get("origin", 0)
    if not isinstance(origin, int) or isinstance(origin, bool):
        raise ValueError(f'malformed symbol file: "origin" must be an address, not {origin!r}')
    return origin


if __name__ == "__main__":
    sys.exit(main())
