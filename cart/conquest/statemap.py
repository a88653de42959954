"""The cartridge's RAM map as typed fields: cart/conquest/state.toml names each field's symbol,
memory and type; the assembler's symbol file (roms_free/conquest.sym.json) gives the address.
No address is written in Python, so the map follows the assembly wherever CORE moves a field.

    [fields]                     (or the fields at the top level)
    red_energy = { symbol = "red_energy", space = "iram", type = "bcd", digits = 4 }
    mode = { symbol = "mode", space = "iram", type = "enum", values = { MODE_SELECT = "select", ... } }

Types: "u8", "u16" (little endian), "bcd" (`digits` = N, two digits a byte, most significant
first), "flag" (nonzero = true), "enum" (a u8 named by `values`, whose keys are constants of the
symbol file, so the numbers stay where the assembly equ's them, or numbers). A bad file or a symbol the
symbol file lacks raises StateMapError, one line naming the file and the field.
"""
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from emu.errors import O2Error

SPACE_SIZES = {"iram": 64, "xram": 128}
TYPES = ("u8", "u16", "bcd", "flag", "enum")


class StateMapError(O2Error):
    """state.toml or the symbol file cannot describe the game state; one line naming both."""


@dataclass(frozen=True)
class Field:
    name: str
    symbol: str
    space: str                   # "iram" or "xram"
    address: int
    type: str
    digits: int = 0              # bcd only
    values: dict = field(default_factory=dict)   # enum only: {int: name}

    @property
    def size(self) -> int:
        if self.type == "u16":
            return 2
        if self.type == "bcd":
            return (self.digits + 1) // 2
        return 1

    def raw(self, machine) -> bytes:
        memory = machine.iram if self.space == "iram" else machine.xram
        return bytes(int(memory[self.address + i]) for i in range(self.size))

    def decode(self, data: bytes):
        if self.type == "u8":
            return data[0]
        if self.type == "u16":
            return data[0] | data[1] << 8
        if self.type == "flag":
            return data[0] != 0
        if self.type == "enum":
            return self.values.get(data[0], f"unknown({data[0]})")
        value = 0                # bcd: most significant digit first; an odd count skips the top nibble
        nibbles = [n for b in data for n in (b >> 4, b & 0x0F)][len(data) * 2 - self.digits:]
        for nibble in nibbles:
            value = value * 10 + nibble
        return value

    def read(self, machine):
        return self.decode(self.raw(machine))


class StateMap:
    """{field name: Field} built from a state.toml and an o2asm symbol file."""

    def __init__(self, fields: dict, state_path: Path, symbols_path: Path, symbols: dict | None = None):
        self.fields = fields
        self.state_path = state_path
        self.symbols_path = symbols_path
        self.symbols = symbols or {}      # the symbol file's names (lower case) and values

    def __contains__(self, name):
        return name in self.fields

    def __getitem__(self, name) -> Field:
        try:
            return self.fields[name]
        except KeyError:
            raise StateMapError(f"{self.state_path}: no field {name!r}") from None

    def read(self, machine, name):
        return self[name].read(machine)

    def require(self, *names):
        """StateMapError naming the first field the wrapper needs that the file does not have."""
        for name in names:
            self[name]

    @classmethod
    def load(cls, state_path, symbols_path) -> "StateMap":
        state_path, symbols_path = Path(state_path), Path(symbols_path)
        symbols = load_symbol_table(symbols_path)
        try:
            table = tomllib.loads(state_path.read_text(encoding="utf-8"))
        except OSError as e:
            raise StateMapError(f"{state_path}: cannot read ({e.strerror or e})") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise StateMapError(f"{state_path}: not valid TOML ({e})") from None
        entries = table.get("fields", table)
        if not isinstance(entries, dict):
            raise StateMapError(f"{state_path}: fields: must be a table of fields")
        fields = {}
        for name, spec in entries.items():
            if not isinstance(spec, dict) or name == "fields":
                continue         # other top-level keys (a title, a version) are not fields
            fields[name] = _field(name, spec, symbols, state_path, symbols_path)
        if not fields:
            raise StateMapError(f"{state_path}: no fields (each is name = {{ symbol = ..., space = ..., type = ... }})")
        return cls(fields, state_path, symbols_path, symbols)

    def constant(self, name: str) -> int:
        """A constant (or label) of the symbol file, by name in any case."""
        value = self.symbols.get(name.lower())
        if value is None:
            raise StateMapError(f"{self.symbols_path}: no constant {name!r}")
        return value


def load_symbol_table(path: Path) -> dict:
    """{name: value} of an o2asm symbol file: "constants" (equ'd RAM addresses) and "labels"."""
    try:
        table = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise StateMapError(f"{path}: cannot read the symbol file ({e.strerror or e})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise StateMapError(f"{path}: not a symbol file (bad JSON: {e})") from None
    if not isinstance(table, dict) or table.get("format") != "o2asm-symbols":
        raise StateMapError(f"{path}: not an o2asm symbol file (no \"format\": \"o2asm-symbols\")")
    names = {}
    for section in ("labels", "constants"):
        entries = table.get(section, {})
        if not isinstance(entries, dict):
            raise StateMapError(f"{path}: {section}: must be a table of names")
        for name, value in entries.items():
            if isinstance(value, int) and not isinstance(value, bool):
                names[name.lower()] = value
    return names


def _field(name, spec, symbols, state_path, symbols_path) -> Field:
    def bad(problem):
        return StateMapError(f"{state_path}: {name}: {problem}")

    unknown = set(spec) - {"symbol", "space", "type", "digits", "values"}
    if unknown:
        raise bad(f"unknown key {sorted(unknown)[0]!r} (known: symbol, space, type, digits, values)")
    symbol = spec.get("symbol")
    if not isinstance(symbol, str) or not symbol:
        raise bad("symbol must be the name of a RAM symbol")
    space = spec.get("space")
    if space not in SPACE_SIZES:
        raise bad(f"space must be \"iram\" or \"xram\", not {space!r}")
    kind = spec.get("type")
    if kind not in TYPES:
        raise bad(f"type must be one of {', '.join(TYPES)}, not {kind!r}")
    digits, values = 0, {}
    if kind == "bcd":
        digits = spec.get("digits")
        if not isinstance(digits, int) or isinstance(digits, bool) or not 1 <= digits <= 8:
            raise bad(f"a bcd field needs digits = 1 to 8, not {digits!r}")
    elif "digits" in spec:
        raise bad("digits is only for type = \"bcd\"")
    if kind == "enum":
        table = spec.get("values")
        if not isinstance(table, dict) or not table:
            raise bad("an enum field needs values = { CONSTANT = \"name\", ... }")
        for key, label in table.items():
            try:
                number = int(key, 0)
            except ValueError:
                number = symbols.get(key.lower())
                if number is None:
                    raise bad(f"values: {key!r} is neither a number nor a constant of {symbols_path}") from None
            if not 0 <= number <= 255 or not isinstance(label, str):
                raise bad(f"values: {key!r} = {label!r} must map 0-255 to a name")
            values[number] = label
    elif "values" in spec:
        raise bad("values is only for type = \"enum\"")
    address = symbols.get(symbol.lower())
    if address is None:
        raise bad(f"symbol {symbol!r} is not in {symbols_path}")
    result = Field(name, symbol, space, address, kind, digits, values)
    if not 0 <= address or address + result.size > SPACE_SIZES[space]:
        raise bad(f"{symbol} = {address:#x} does not fit in {space} "
                  f"({SPACE_SIZES[space]} bytes) with {result.size} byte(s)")
    return result
