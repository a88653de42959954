"""The text the companion stores for the table (player names, scenario and country names,
alliance names) is printable: no control characters (ESC sequences, BEL, newlines, U+0085), no
line or paragraph separators (U+2028, U+2029) and no bidi overrides (U+202A-U+202E,
U+2066-U+2069) — Python's str.isprintable() refuses all of these. New text is refused at input
(`unprintable`); text from an older file is shown escaped (`escaped`, `escaped_all`), so what a
terminal prints is always what was typed, one line per line."""
from __future__ import annotations

from cart.oneline import one_line


def unprintable(text: str) -> str | None:
    """The first character that may not be stored, as U+XXXX with its escape, or None."""
    for c in text:
        if not c.isprintable():
            return f"U+{ord(c):04X} ({ascii(c)[1:-1]})"
    return None


def _refusal(text: str, bad: str) -> str:
    return f"'{escaped(text)}' contains {bad}: only printable text is accepted"


def check(text: str, what: str) -> str:
    """`text` if printable; ValueError naming `what` and the character otherwise."""
    bad = unprintable(text)
    if bad:
        raise ValueError(f"{what} {_refusal(text, bad)}")
    return text


def escaped(text: str) -> str:
    """`text` with every unprintable character written as its Python escape (\\n, \\x1b,
    \\u202e); printable text is unchanged, and escaping twice changes nothing more."""
    return one_line(text)


def escaped_all(value):
    """A decoded JSON value with every string in it (keys too) escaped."""
    if isinstance(value, str):
        return escaped(value)
    if isinstance(value, list):
        return [escaped_all(v) for v in value]
    if isinstance(value, dict):
        return {escaped(k) if isinstance(k, str) else k: escaped_all(v) for k, v in value.items()}
    return value


def first_unprintable(value, where: str = "") -> tuple[str, str] | None:
    """(where, message) for the first string (or key) in a decoded JSON or TOML value that is
    not printable, or None."""
    if isinstance(value, str):
        bad = unprintable(value)
        return (where, _refusal(value, bad)) if bad else None
    items = (value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        inner = f"{where}.{key}" if where and isinstance(key, str) else f"{where}[{key}]" if where else str(key)
        found = first_unprintable(key, inner) if isinstance(key, str) else None
        found = found or first_unprintable(item, inner)
        if found:
            return found
    return None
