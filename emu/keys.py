"""The Odyssey² keyboard matrix and joystick bits (native/HARDWARE.md §2, oracle README).

The keyboard decoder selects a row with P2 bits 0-2; each row has eight keys, column 0-7.
Key names follow the oracle's spellings; YES and NO are the Y and N keys.
"""

# Row by row, column 0 first; None = no key at that place.
MATRIX = (
    ("0", "1", "2", "3", "4", "5", "6", "7"),
    ("8", "9", None, None, "SPACE", "?", "L", "P"),
    ("+", "W", "E", "R", "T", "U", "I", "O"),
    ("Q", "S", "D", "F", "G", "H", "J", "K"),
    ("A", "Z", "X", "C", "V", "B", "M", "."),
    ("-", "*", "/", "=", "Y", "N", "CLEAR", "ENTER"),
)

ALIASES = {"YES": "Y", "NO": "N"}

# Key name -> (row, column).
KEYS = {name: (row, column)
        for row, names in enumerate(MATRIX)
        for column, name in enumerate(names) if name is not None}
KEYS.update({alias: KEYS[name] for alias, name in ALIASES.items()})

# The RESET key is wired to the CPU's RESET pin, not to the matrix.
RESET = "RESET"

# Joystick bits as the CPU reads them with INS A,BUS (there active low).
JOYSTICK_BITS = {"up": 0x01, "right": 0x02, "down": 0x04, "left": 0x08, "fire": 0x10}
JOYSTICKS = 2   # 0 = left, 1 = right


def key_position(name: str) -> tuple[int, int]:
    """(row, column) of a key name, case-insensitive; ValueError names unknown keys."""
    position = KEYS.get(name.upper()) if isinstance(name, str) else None
    if position is None:
        raise ValueError(f"unknown key {name!r} (known: {' '.join(sorted(KEYS))} {RESET})")
    return position


def joystick_bits(up=False, right=False, down=False, left=False, fire=False) -> int:
    """The bits for a joystick state (1 = pressed)."""
    held = {"up": up, "right": right, "down": down, "left": left, "fire": fire}
    return sum(bit for name, bit in JOYSTICK_BITS.items() if held[name])
