"""What an assembly writes besides the binary: the listing and the symbol file (.sym.json).

Symbol file schema (version 2); every address is a JSON integer:
    {
      "format": "o2asm-symbols", "version": 2,
      "origin": 1024,                  program address of the .bin's first byte
      "labels":    {"start": 1030, "main.loop": 1042, ...},   code and data labels
      "label_offsets": {"start": 6, "main.loop": 18, ...},    where each label is in the .bin
      "constants": {"vdc_char0": 16, ...},                    EQU/SET/= symbols
      "lines": [{"address": 1024, "offset": 0, "size": 2, "file": "src/game.asm", "line": 12}, ...]
    }
`label_offsets` gives a label's position in the .bin, so readers tell which bank of a banked
cartridge a label belongs to (the offset divided by the cartridge's bank stride); labels
outside the .bin have none. `lines` has one entry per statement that emitted bytes: its
program address, its position in the .bin (they differ for banked code assembled with PHASE),
its byte count and the source line. Paths are relative to the directory holding the .sym.json
file. Version 1 files (no `label_offsets`) are still read.
"""
import json
import os

from cart.asm.assembler import Assembly
from cart.asm.disassembler import SYMBOL_FORMAT, SYMBOL_VERSIONS
from cart.files import write_output

SYMBOL_VERSION = SYMBOL_VERSIONS[-1]
_BYTES_PER_ROW = 4


def listing_text(assembly: Assembly, title: str) -> str:
    """Address, bytes, line number and source of every line of the final pass; a row
    `; file NAME` marks each change of source file, `+` marks macro/rept expansion lines."""
    rows = [f"; o2asm listing of {title}", "ADDR  BYTES        LINE   SOURCE"]
    current_file = None
    for row in assembly.listing_rows:
        if row.line.file != current_file:
            current_file = row.line.file
            rows.append(f"{'':25}; file {current_file}")
        marker = "+" if row.line.expansion else " "
        address = f"{row.address:04X}" if row.address is not None else "    "
        data = row.data
        first = " ".join(f"{value:02X}" for value in data[:_BYTES_PER_ROW])
        rows.append(f"{address}  {first:<12} {row.line.number:5}{marker} "
                    f"{row.line.text.expandtabs(8)}".rstrip())
        for offset in range(_BYTES_PER_ROW, len(data), _BYTES_PER_ROW):
            chunk = " ".join(f"{value:02X}" for value in data[offset:offset + _BYTES_PER_ROW])
            rows.append(f"{row.address + offset:04X}  {chunk}")
    return "\n".join(rows) + "\n"


def symbol_table(assembly: Assembly, directory: str = ".") -> dict:
    """The symbol file's content, with source paths relative to `directory`."""
    labels, constants, label_offsets = {}, {}, {}
    origin, end = assembly.origin, assembly.end
    for symbol in sorted(assembly.symbols.values(), key=lambda symbol: (symbol.value, symbol.name)):
        (labels if symbol.kind == "label" else constants)[symbol.name] = symbol.value
        if symbol.kind == "label" and symbol.placement is not None and origin <= symbol.placement < end:
            label_offsets[symbol.name] = symbol.placement - origin
    paths = {}

    def relative(path):
        if path not in paths:
            paths[path] = os.path.relpath(path, directory).replace(os.sep, "/") \
                if not path.startswith("<") else path
        return paths[path]

    lines = [{"address": span.address, "offset": span.placement - origin, "size": span.size,
              "file": relative(span.file), "line": span.line}
             for span in sorted(assembly.spans, key=lambda span: span.placement)]
    return {"format": SYMBOL_FORMAT, "version": SYMBOL_VERSION, "origin": origin,
            "labels": labels, "label_offsets": label_offsets, "constants": constants,
            "lines": lines}


def write_outputs(assembly: Assembly, binary, listing=None, symbols=None, size=None, fill=0xFF,
                  title=""):
    """Writes the binary and, when asked, the listing and the symbol file.
    Raises ImageTooLarge when the program does not fit `size`.
    Each file is written whole or not at all (cart.files.write_output: OutputFileError)."""
    image = assembly.image(size=size, fill=fill)
    write_output(binary, image)
    if listing is not None:
        write_output(listing, listing_text(assembly, title))
    if symbols is not None:
        table = symbol_table(assembly, os.path.dirname(os.path.abspath(symbols)))
        write_output(symbols, symbol_json(table))
    return image


def symbol_json(table: dict) -> str:
    """The symbol file's text: one symbol or one source line per row, so diffs stay readable."""
    def block(rows, opening, closing):
        return f"{opening}\n" + ",\n".join(rows) + f"\n {closing}" if rows else opening + closing

    def mapping(key):
        return block([f"  {json.dumps(name)}: {value}" for name, value in table[key].items()],
                     "{", "}")

    head = "".join(f" {json.dumps(key)}: {json.dumps(table[key])},\n"
                   for key in ("format", "version", "origin"))
    lines = block([f"  {json.dumps(line)}" for line in table["lines"]], "[", "]")
    return (f"{{\n{head} \"labels\": {mapping('labels')},\n"
            f" \"label_offsets\": {mapping('label_offsets')},\n"
            f" \"constants\": {mapping('constants')},\n \"lines\": {lines}\n}}\n")
