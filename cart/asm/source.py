"""Splitting a source line into label, operation and operands (the AS conventions).

A name in column 1 is a label, with or without a colon, unless it is a mnemonic or directive
(so `org 400h` may start in column 1); elsewhere a label needs its colon. `name equ value`,
`name = value`, `name set value`, `name macro ...` and `name reg R2` define `name` wherever it
stands. Comments start with `;`. Parsing does not depend on symbols, so a line's text is parsed
once per run and reused by every pass.
"""
import re
from dataclasses import dataclass

from cart.asm.errors import AsmError
from cart.asm.opcodes import INSTRUCTIONS, MNEMONICS

# Directives, with the aliases public sources use.
DATA_BYTE = frozenset({"db", ".db", "byte", ".byte", "defb", "fcb"})
DATA_WORD = frozenset({"dw", ".dw", "word", ".word", "defw", "fdb"})
RESERVE = frozenset({"ds", ".ds", "defs", "rmb"})
DEFINING = frozenset({"equ", ".equ", "set", ".set", "=", ":=", "macro", "reg"})
CONDITIONAL = frozenset({"if", "ifdef", "ifndef", "ifb", "ifnb", "elseif", "elsif", "else",
                         "endif", "endc"})
BLOCK_START = frozenset({"macro", "rept", "irp"})
LISTING_ONLY = frozenset({"page", "title", "newpage", "listing", "macexp", "macexp_dft",
                          "relaxed", "name", "intsyntax"})
DIRECTIVES = (DATA_BYTE | DATA_WORD | RESERVE | DEFINING | CONDITIONAL | BLOCK_START
              | LISTING_ONLY
              | {"org", ".org", "phase", "dephase", "align", "end", "cpu", "include", "binclude",
                 "charset", "endm", "exitm", "error", "warning", "message"})
BUILTIN = DIRECTIVES | MNEMONICS
_NEEDS_OPERANDS = MNEMONICS - {name for _, name, operands in INSTRUCTIONS if not operands}

_CODE = re.compile(r"""(?:[^;'"]|'(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?)*""")
_NAME = re.compile(r"[A-Za-z_.][A-Za-z0-9_.]*")
_WORD = re.compile(r"\s*([A-Za-z_.][A-Za-z0-9_.]*|:?=)")
_PIECE = re.compile(r"""'(?:[^'\\]|\\.)*'?|"(?:[^"\\]|\\.)*"?|[(),]|[^'"(),]+""")


@dataclass(frozen=True)
class Statement:
    label: str | None
    label_column: int
    op: str | None          # lower case
    op_column: int
    operands: tuple         # ((text, column), ...), text stripped, column 0-based
    code: str               # the line without its comment


def strip_comment(text: str) -> str:
    return _CODE.match(text).group().rstrip()


def split_operands(text: str, column: int) -> tuple:
    """Top-level comma-separated operands of `text` (which starts at `column`)."""
    if not text.strip():
        return ()
    if "'" not in text and '"' not in text and "(" not in text:
        pieces, start = [], 0
        for part in text.split(","):
            stripped = part.strip()
            pieces.append((stripped, column + start + len(part) - len(part.lstrip())))
            start += len(part) + 1
        return tuple(pieces)
    pieces, depth, start = [], 0, 0
    for match in _PIECE.finditer(text):
        token = match.group()
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif token == "," and depth <= 0:
            part = text[start:match.start()]
            pieces.append((part.strip(), column + start + len(part) - len(part.lstrip())))
            start = match.end()
    part = text[start:]
    pieces.append((part.strip(), column + start + len(part) - len(part.lstrip())))
    return tuple(pieces)


_cache = {}


def parse_line(text: str) -> Statement:
    statement = _cache.get(text)
    if statement is None:
        statement = _parse(text)
        _cache[text] = statement
    return statement


def _parse(text: str) -> Statement:
    code = strip_comment(text.expandtabs(8) if "\t" in text else text)
    label, label_column, position = None, 0, 0
    if code and not code[0].isspace():
        match = _NAME.match(code)
        if not match:
            raise AsmError(f"a line must start with a label or blank space, not '{code[0]}'", 0)
        name, end = match.group(), match.end()
        if code.startswith(":", end) and not code.startswith(":=", end):
            label, position = name, end + 1
        elif not _is_operation_in_column_one(name.lower(), code[end:]):
            label, position = name, end
    else:
        match = _NAME.match(code, len(code) - len(code.lstrip()))
        if match and code.startswith(":", match.end()) and not code.startswith(":=", match.end()):
            label, label_column, position = match.group(), match.start(), match.end() + 1
    word = _WORD.match(code, position)
    if not word:
        rest = code[position:]
        if rest.strip():
            column = position + len(rest) - len(rest.lstrip())
            raise AsmError(f"instruction or directive expected, found '{rest.strip()[0]}'", column)
        return Statement(label, label_column, None, 0, (), code)
    op, op_column = word.group(1), word.start(1)
    following = _WORD.match(code, word.end())
    if label is None and op.lower() not in BUILTIN and following \
            and following.group(1).lower() in DEFINING:
        # `  name equ value` written away from column 1
        label, label_column = op, op_column
        op, op_column, word = following.group(1), following.start(1), following
    operands = split_operands(code[word.end():], word.end())
    return Statement(label, label_column, op.lower(), op_column, operands, code)


def _is_operation_in_column_one(name: str, rest: str) -> bool:
    if name not in BUILTIN:
        return False
    following = _WORD.match(rest)
    if following and following.group(1).lower() in BUILTIN:
        return False          # `stop jmp stop`, `org equ 5`: a label, then the operation
    return not (name in _NEEDS_OPERANDS and not rest.strip())
