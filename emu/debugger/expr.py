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

parse() returns an Expr holding a program in reverse Polish notation for the C evaluator
(o2_debug_eval, native/o2.h): breakpoint conditions are checked in the run loop itself, and
`print` and constants go through the same evaluator. Non-zero is true.
"""
import re

from cart.asm.errors import AsmError
from cart.asm.expr import parse_number as _asm_number
from emu.native import DEBUG_SPACE_SIZES
from emu.native import DEBUG_SPACES as SPACES
from emu.native import EXPR_OPS as OP
from emu.native import EXPR_REGISTERS as REGISTERS
from emu.native import EXPR_STACK as STACK_LIMIT

_TOKEN = re.compile(r"""\s*(?:
      (?P<num>\$[0-9A-Fa-f]+|[0-9][0-9A-Za-z_]*)
    | (?P<name>[A-Za-z_.@][\w.@]*)
    | (?P<op>\|\||&&|==|!=|<=|>=|<<|>>|[-+!~<>&|^()\[\]])
    )""", re.X)

# Binary operators by binding level, loosest first (C's precedence).
_BINARY = {
    "||": (1, OP["OR"]), "&&": (2, OP["AND"]),
    "==": (3, OP["EQ"]), "!=": (3, OP["NE"]), "<": (3, OP["LT"]), "<=": (3, OP["LE"]),
    ">": (3, OP["GT"]), ">=": (3, OP["GE"]),
    "|": (4, OP["BOR"]), "^": (5, OP["BXOR"]), "&": (6, OP["BAND"]),
    "<<": (7, OP["SHL"]), ">>": (7, OP["SHR"]), "+": (8, OP["ADD"]), "-": (8, OP["SUB"]),
}
_UNARY = {"!": OP["NOT"], "~": OP["INV"], "-": OP["NEG"]}
_LOOSEST, _TIGHTEST = 1, 8


class ExprError(ValueError):
    """A malformed expression or an unknown name; the message is one line for the user."""


class Expr:
    """A parsed expression: `text` as typed, `code` its RPN program (a tuple of ints) and
    `uses_machine` when it reads registers or memory."""

    def __init__(self, text: str, code: tuple, uses_machine: bool):
        self.text, self.code, self.uses_machine = text, code, uses_machine


_LARGEST = 2 ** 63 - 1      # the evaluator's words are signed 64-bit


def _number(tok: str) -> int:
    if tok.startswith("$"):
        value = int(tok[1:], 16)
    else:
        try:
            value = _asm_number(tok)
        except AsmError as e:
            raise ExprError(e.message) from None
    if value > _LARGEST:
        raise ExprError(f"{tok} is too large (the largest number is {_LARGEST:#x})")
    return value


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

    def binary(self, level: int) -> list:
        if level > _TIGHTEST:
            return self.unary()
        code = self.binary(level + 1)
        while True:
            kind, tok = self.peek()
            if kind != "op" or tok not in _BINARY or _BINARY[tok][0] != level:
                return code
            self.pos += 1
            code = code + self.binary(level + 1) + [_BINARY[tok][1]]

    def unary(self) -> list:
        for op, opcode in _UNARY.items():
            if self.take(op):
                return self.unary() + [opcode]
        return self.primary()

    def primary(self) -> list:
        kind, tok = self.peek()
        if kind is None:
            raise ExprError(f"expression ends too early: {self.text!r}")
        self.pos += 1
        if kind == "num":
            return [OP["NUM"], _number(tok)]
        if tok == "(":
            inner = self.binary(_LOOSEST)
            if not self.take(")"):
                raise ExprError(f"missing ')' in {self.text!r}")
            return inner
        if kind == "name":
            return self.name(tok)
        raise ExprError(f"unexpected {tok!r} in {self.text!r}")

    def name(self, tok: str) -> list:
        low = tok.lower()
        if low in SPACES:
            if not self.take("["):
                raise ExprError(f"{tok} needs an address in brackets: {tok}[0x20]")
            self.uses_machine = False
            index = self.binary(_LOOSEST)
            if not self.take("]"):
                raise ExprError(f"missing ']' in {self.text!r}")
            if not self.uses_machine:      # a constant index: refused outside the space
                from emu.native import eval_constant
                at, size = eval_constant(index), DEBUG_SPACE_SIZES[low]
                if not 0 <= at < size:
                    raise ExprError(f"{low}[] runs 00..{size - 1:02X}; {at:#x} is outside it")
            self.uses_machine = True
            return index + [OP["MEM"], SPACES[low]]
        if low in REGISTERS:
            self.uses_machine = True
            return [OP["REG"], REGISTERS[low]]
        if tok in self.labels:
            return [OP["NUM"], self.labels[tok]]
        folded = {k.lower(): v for k, v in self.labels.items()}
        if low in folded:
            return [OP["NUM"], folded[low]]
        raise ExprError(f"unknown name {tok!r} (not a register, memory space or label)")


def _depth(code: list) -> int:
    """The deepest evaluation stack the program needs."""
    depth = deepest = i = 0
    while i < len(code):
        op = code[i]
        if op in (OP["NUM"], OP["REG"]):
            depth, i = depth + 1, i + 2
        elif op == OP["MEM"]:
            i += 2
        else:
            depth -= 0 if op in _UNARY.values() else 1
            i += 1
        deepest = max(deepest, depth)
    return deepest


def parse(text: str, labels: dict[str, int] | None = None) -> Expr:
    """Parse an expression; labels maps label names to addresses."""
    parser = _Parser(text, labels or {})
    if not parser.toks:
        raise ExprError("empty expression")
    code = parser.binary(_LOOSEST)
    if parser.pos != len(parser.toks):
        raise ExprError(f"unexpected {parser.toks[parser.pos][1]!r} in {parser.text!r}")
    if _depth(code) > STACK_LIMIT:
        raise ExprError(f"too deeply nested (more than {STACK_LIMIT} values pending): {parser.text!r}")
    return Expr(parser.text, tuple(code), parser.uses_machine)


def parse_constant(text: str, labels: dict[str, int] | None = None) -> int:
    """An expression made of numbers and labels only (an address, a count): its value."""
    from emu.native import eval_constant
    expr = parse(text, labels)
    if expr.uses_machine:
        raise ExprError(f"{text.strip()!r} must be a constant (numbers and labels only)")
    return eval_constant(expr.code)
