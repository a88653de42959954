"""The debugger's expression language: addresses (`until main_loop+2`) and conditions
(`break fire_missile if A == 3 && R0 > 2`).

Grammar, loosest binding first (C's operators and precedence):
    expr    := or
    or      := and ("||" and)*
    and     := compare ("&&" compare)*
    compare := bitor (("==" | "!=" | "<" | "<=" | ">" | ">=") bitor)*
    bitor   := bitxor ("|" bitxor)*        bitxor := bitand ("^" bitand)*
    bitand  := shift ("&" shift)*          shift  := sum (("<<" | ">>") sum)*
    sum     := unary (("+" | "-") unary)*
    unary   := ("!" | "~" | "-") unary | primary
    primary := NUMBER | REGISTER | LABEL | SPACE "[" expr "]" | "(" expr ")"

Numbers are spelled as in the assembler (cart.asm): 42, 2Ah, 0x2A, $2A, 101010b. Registers (any case): A PC PSW SP CY AC F0 F1 BS MB
T R0-R7, and FRAME CYCLES LINE for where the machine is. Memory spaces: iram[], xram[], vdc[]
(the VDC read through its side-effect-free peek). Anything else is a label of the symbol file.

parse() returns an Expr: evaluate it with an object that has reg(name) -> int and
mem(space, addr) -> int. Only the value matters to a condition: non-zero is true.
"""
import operator
import re

from cart.asm.errors import AsmError
from cart.asm.expr import parse_number as _asm_number

REGISTERS = ("a", "pc", "psw", "sp", "cy", "ac", "f0", "f1", "bs", "mb", "t",
             "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "frame", "cycles", "line")
SPACES = {"iram": 64, "xram": 256, "vdc": 256}

_TOKEN = re.compile(r"""\s*(?:
      (?P<num>\$[0-9A-Fa-f]+|[0-9][0-9A-Za-z_]*)
    | (?P<name>[A-Za-z_.@][\w.@]*)
    | (?P<op>\|\||&&|==|!=|<=|>=|<<|>>|[-+!~<>&|^()\[\]])
    )""", re.X)

_BINARY = {
    "||": (1, lambda l, r: lambda c: int(bool(l(c)) or bool(r(c)))),
    "&&": (2, lambda l, r: lambda c: int(bool(l(c)) and bool(r(c)))),
}
_PLAIN = {
    "==": (3, operator.eq), "!=": (3, operator.ne), "<": (3, operator.lt), "<=": (3, operator.le),
    ">": (3, operator.gt), ">=": (3, operator.ge),
    "|": (4, operator.or_), "^": (5, operator.xor), "&": (6, operator.and_),
    "<<": (7, operator.lshift), ">>": (7, operator.rshift),
    "+": (8, operator.add), "-": (8, operator.sub),
}
for _op, (_level, _fn) in _PLAIN.items():
    _BINARY[_op] = (_level, lambda l, r, fn=_fn: lambda c: int(fn(l(c), r(c))))


class ExprError(ValueError):
    """A malformed expression or an unknown name; the message is one line for the user."""


class Expr:
    """A parsed expression: `text` as typed, `uses_machine` when it reads registers or memory."""

    def __init__(self, text: str, fn, uses_machine: bool):
        self.text, self._fn, self.uses_machine = text, fn, uses_machine

    def __call__(self, ctx) -> int:
        return self._fn(ctx)


def parse_number(text: str) -> int:
    """One number literal in any of the accepted spellings; ExprError if it is not one."""
    match = _TOKEN.fullmatch(text)
    if not match or not match.group("num"):
        raise ExprError(f"not a number: {text!r}")
    return _number(match.group("num"))


def _number(tok: str) -> int:
    if tok.startswith("$"):
        return int(tok[1:], 16)
    try:
        return _asm_number(tok)
    except AsmError as e:
        raise ExprError(e.message) from None


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if not match:
            raise ExprError(f"unexpected {text[pos:].strip()[:12]!r} in {text.strip()!r}")
        kind = match.lastgroup
        out.append((kind, match.group(kind)))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, text: str, labels: dict[str, int]):
        self.text, self.labels = text.strip(), labels
        self.toks, self.pos, self.uses_machine = _tokens(text), 0, False

    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else (None, None)

    def take(self, op: str) -> bool:
        if self.peek() == ("op", op):
            self.pos += 1
            return True
        return False

    def binary(self, level: int):
        if level > 8:
            return self.unary()
        left = self.binary(level + 1)
        while True:
            kind, tok = self.peek()
            if kind != "op" or tok not in _BINARY or _BINARY[tok][0] != level:
                return left
            self.pos += 1
            left = _BINARY[tok][1](left, self.binary(level + 1))

    def unary(self):
        for op, fn in (("!", lambda v: int(not v)), ("~", lambda v: ~v), ("-", lambda v: -v)):
            if self.take(op):
                inner = self.unary()
                return lambda c, inner=inner, fn=fn: fn(inner(c))
        return self.primary()

    def primary(self):
        kind, tok = self.peek()
        if kind is None:
            raise ExprError(f"expression ends too early: {self.text!r}")
        self.pos += 1
        if kind == "num":
            value = _number(tok)
            return lambda c: value
        if tok == "(":
            inner = self.binary(1)
            if not self.take(")"):
                raise ExprError(f"missing ')' in {self.text!r}")
            return inner
        if kind == "name":
            return self.name(tok)
        raise ExprError(f"unexpected {tok!r} in {self.text!r}")

    def name(self, tok: str):
        low = tok.lower()
        if low in SPACES:
            if not self.take("["):
                raise ExprError(f"{tok} needs an address in brackets: {tok}[0x20]")
            index = self.binary(1)
            if not self.take("]"):
                raise ExprError(f"missing ']' in {self.text!r}")
            self.uses_machine = True
            size = SPACES[low]
            return lambda c: c.mem(low, index(c) % size)
        if low in REGISTERS:
            self.uses_machine = True
            return lambda c: c.reg(low)
        if tok in self.labels:
            value = self.labels[tok]
            return lambda c: value
        folded = {k.lower(): v for k, v in self.labels.items()}
        if low in folded:
            value = folded[low]
            return lambda c: value
        raise ExprError(f"unknown name {tok!r} (not a register, memory space or label)")


def parse(text: str, labels: dict[str, int] | None = None) -> Expr:
    """Parse an expression; labels maps label names to addresses."""
    parser = _Parser(text, labels or {})
    if not parser.toks:
        raise ExprError("empty expression")
    fn = parser.binary(1)
    if parser.pos != len(parser.toks):
        raise ExprError(f"unexpected {parser.toks[parser.pos][1]!r} in {parser.text!r}")
    return Expr(parser.text, fn, parser.uses_machine)


def parse_constant(text: str, labels: dict[str, int] | None = None) -> int:
    """An expression made of numbers and labels only (an address, a count): its value."""
    expr = parse(text, labels)
    if expr.uses_machine:
        raise ExprError(f"{text.strip()!r} must be a constant (numbers and labels only)")
    return expr(None)
