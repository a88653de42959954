"""The 8048 disassembler, built from the same opcode table as the assembler and spelling
operands the way the assembler reads them, so its output reassembles to the same bytes.

No side effects: it only calls the read_byte function it is given (a debugger passes a peek).

    disassemble_one(read_byte, address, symbols=None, bank=None) -> (text, length)
    disassemble_range(read_byte, start, end, symbols=None) -> [(address, length, text)]
    disassembly_source(data, origin, symbols=None) -> assembler source text
    load_symbols(path) -> {address: name} from an o2asm .sym.json
"""
import json

from cart.asm.opcodes import (DECODE, EXPANDER_PORT, IMMEDIATE, INDIRECT, LONG_TARGET,
                              PAGE_TARGET, REGISTER, instruction_length, operand_address)

ADDRESS_MASK = 0xFFF


def _target_text(target, symbols):
    if symbols and target in symbols:
        return symbols[target]
    return f"0x{target:03x}"


def _operand_text(spec, opcode, field, second, address, bank, symbols):
    if spec == REGISTER:
        return f"r{field}"
    if spec == INDIRECT:
        return f"@r{field}"
    if spec == EXPANDER_PORT:
        return f"p{field + 4}"
    if spec == IMMEDIATE:
        return f"#0x{second:02x}"
    if spec == PAGE_TARGET:
        return _target_text(operand_address(address) & 0xF00 | second, symbols)
    if spec == LONG_TARGET:
        return _target_text(bank << 11 | (opcode >> 5) << 8 | second, symbols)
    return spec.lower()


def decode(opcode, second, address, symbols=None, bank=None):
    """(text, length) of the instruction `opcode` [`second`] at `address`. `bank` is the
    SEL MB latch for JMP/CALL targets (default: the bank the instruction sits in)."""
    entry = DECODE[opcode]
    if entry is None:
        return f"db 0x{opcode:02x}", 1
    name, specs, field = entry
    if bank is None:
        bank = address >> 11 & 1
    operands = ",".join(_operand_text(spec, opcode, field, second, address, bank, symbols)
                        for spec in specs)
    return (f"{name} {operands}" if operands else name), instruction_length(specs)


def disassemble_one(read_byte, address, symbols=None, bank=None):
    """(text, length) of the instruction at `address`; the second byte is read where the CPU
    reads it (the program counter wraps inside its 2 KiB bank)."""
    opcode = read_byte(address & ADDRESS_MASK)
    entry = DECODE[opcode]
    if entry is None or instruction_length(entry[1]) == 1:
        return decode(opcode, 0, address, symbols, bank)
    return decode(opcode, read_byte(operand_address(address)), address, symbols, bank)


def disassemble_range(read_byte, start, end, symbols=None):
    """[(address, length, text)] for start <= address < end. A two-byte instruction whose
    second byte is past `end` (or across a bank's wrap) comes out as `db`. SEL MB0/MB1 sets the
    bank of the following JMP/CALL targets until the next labelled address, as the assembler
    assumes."""
    rows, address, bank = [], start, None
    while address < end:
        if symbols and address in symbols:
            bank = None
        opcode = read_byte(address)
        entry = DECODE[opcode]
        length = instruction_length(entry[1]) if entry else 1
        if length == 2 and (address + 1 >= end or operand_address(address) != address + 1):
            rows.append((address, 1, f"db 0x{opcode:02x}"))
            address += 1
            continue
        second = read_byte(address + 1) if length == 2 else 0
        text, length = decode(opcode, second, address, symbols, bank)
        if entry and entry[0] == "sel" and entry[1][0] in ("MB0", "MB1"):
            bank = int(entry[1][0][2])
        rows.append((address, length, text))
        address += length
    return rows


def disassembly_source(data: bytes, origin: int, symbols=None) -> str:
    """Assembler source for `data` loaded at `origin`: labels from `symbols` at instruction
    starts, EQUs for the other symbols it names, each line commented with address and bytes."""
    end = origin + len(data)
    rows = disassemble_range(lambda address: data[address - origin], origin, end, symbols)
    starts = {address for address, _, _ in rows}
    lines = ["        cpu 8048"]
    if symbols:
        used = {word for _, _, text in rows for word in text.replace(",", " ").split()[1:]}
        for address, name in sorted(symbols.items()):
            if name in used and address not in starts:
                lines.append(f"{name} equ 0x{address:03x}")
    lines.append(f"        org 0x{origin:03x}")
    for address, length, text in rows:
        if symbols and address in symbols:
            lines.append(f"{symbols[address]}:")
        encoded = " ".join(f"{value:02x}" for value in data[address - origin:address - origin + length])
        lines.append(f"        {text:<24}; {address:04x}: {encoded}")
    return "\n".join(lines) + "\n"


SYMBOL_FORMAT = "o2asm-symbols"
SYMBOL_VERSIONS = (1, 2)   # the symbol-file versions this reader understands (cart/asm/output.py)


def check_symbol_table(table) -> None:
    """ValueError naming the problem unless `table` is an o2asm symbol file of a known version."""
    if not isinstance(table, dict) or table.get("format") != SYMBOL_FORMAT:
        raise ValueError(f'not an o2asm symbol file (no "format": "{SYMBOL_FORMAT}")')
    version = table.get("version")
    if version not in SYMBOL_VERSIONS:
        raise ValueError(f"symbol file version {version!r} is unknown (this version of the "
                         f"project reads version {', '.join(map(str, SYMBOL_VERSIONS))})")


def load_symbols(path, bank: int | None = None, stride: int | None = None) -> dict:
    """{address: label} from an o2asm symbol file (labels_by_address)."""
    with open(path, encoding="utf-8") as handle:
        table = json.load(handle)
    check_symbol_table(table)
    return labels_by_address(table, bank, stride)


def labels_by_address(table: dict, bank: int | None = None, stride: int | None = None) -> dict:
    """{address: label} of a checked symbol table; where several labels share an address, the
    first one without a '.' (a scope label) wins, else the first in name order. Given `bank`
    and `stride` (image bytes from one bank of a cartridge to the next), only that bank's
    labels: a label whose place in the .bin lies in another bank is left out (version 2 says
    where with `label_offsets`; in version 1 the statements at its address say it)."""
    labels = table.get("labels", {})
    if not isinstance(labels, dict) or not all(
            isinstance(address, int) and not isinstance(address, bool) for address in labels.values()):
        raise ValueError('malformed symbol file: "labels" must map names to addresses')
    if bank is not None and stride:
        in_bank = _bank_test(table, bank, stride)
        labels = {name: address for name, address in labels.items() if in_bank(name, address)}
    by_address = {}
    for name, address in sorted(labels.items()):
        current = by_address.get(address)
        if current is None or ("." in current and "." not in name):
            by_address[address] = name
    return by_address


def _bank_test(table: dict, bank: int, stride: int):
    """in_bank(name, address): whether a label may belong to `bank`."""
    if "label_offsets" in table:
        offsets = table["label_offsets"]
        if not isinstance(offsets, dict) or not all(
                isinstance(o, int) and not isinstance(o, bool) and o >= 0 for o in offsets.values()):
            raise ValueError('malformed symbol file: "label_offsets" must map names to offsets')
        return lambda name, address: name not in offsets or offsets[name] // stride == bank
    lines = table.get("lines", [])
    banks_at = {}
    for entry in lines if isinstance(lines, list) else ():
        if isinstance(entry, dict) and isinstance(entry.get("offset"), int) and entry["offset"] >= 0:
            banks_at.setdefault(entry.get("address"), set()).add(entry["offset"] // stride)
    return lambda name, address: address not in banks_at or bank in banks_at[address]
