"""Expressions of the assembler: numbers, symbols, characters, strings, operators, functions.

Syntax (the Macro Assembler AS's Intel-style conventions, as public Odyssey² sources use them):
numbers 0ffh / $ff / 0xff, 1010b / %1010 / 0b1010, 17o / 17q, decimal; `$` alone is the address
of the current statement; 'A' is a character (mapped through the active `charset`), "text" a
string. Operators, loosest first: || && | ^ & (= == != <>) (< <= > >=) (<< >>) (+ -)
(* / mod %) and the unary - + ~ !. Functions: low, high (lo, hi), defined, abs.

An expression is parsed once into a tree of tuples and evaluated against a symbol resolver for
every pass.
"""
import re

from cart.asm.errors import AsmError


class Undefined(Exception):
    """An expression names a symbol with no value yet (a forward reference in an early pass)."""

    def __init__(self, name):
        super().__init__(name)
        self.name = name


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>[0-9][0-9A-Za-z_]*)
  | (?P<hex>\$[0-9A-Fa-f]+)
  | (?P<pc>\$)
  | (?P<name>[A-Za-z_.][A-Za-z0-9_.]*)
  | (?P<char>'(?:[^'\\]|\\.)*')
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<op><<|>>|<=|>=|<>|!=|==|&&|\|\||[-+*/%&|^~!()<>=,])
""", re.VERBOSE)

_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", "'": "'", '"': '"'}
_ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{2}|.)")


def unescape(body: str) -> str:
    """The text of a quoted literal without its quotes, with \\n \\t \\xNN ... resolved."""
    def replace(match):
        code = match.group(1)
        if code[0] == "x" and len(code) == 3:
            return chr(int(code[1:], 16))
        if code not in _ESCAPES:
            raise AsmError(f"unknown escape \\{code}")
        return _ESCAPES[code]
    return _ESCAPE.sub(replace, body) if "\\" in body else body


def parse_number(text: str) -> int:
    """An Intel/C-style number token: 0ffh, 0xff, 1010b, 0b1010, 17o, 17q, 99d, 99."""
    lower = text.lower().replace("_", "")
    try:
        if lower.startswith("0x"):
            return int(lower[2:], 16)
        if lower.endswith("h"):
            return int(lower[:-1], 16)
        if lower.startswith("0b") and len(lower) > 2 and set(lower[2:]) <= {"0", "1"}:
            return int(lower[2:], 2)
        if lower.endswith("b"):
            return int(lower[:-1], 2)
        if lower[-1] in "oq":
            return int(lower[:-1], 8)
        if lower.endswith("d"):
            return int(lower[:-1], 10)
        return int(lower, 10)
    except ValueError:
        raise AsmError(f"bad number '{text}'") from None


def _tokens(text: str):
    position, end = 0, len(text)
    tokens = []
    while position < end:
        match = _TOKEN.match(text, position)
        if not match:
            raise AsmError(f"unexpected character '{text[position]}'", position)
        kind = match.lastgroup
        if kind != "space":
            tokens.append((kind, match.group(), position))
        position = match.end()
    tokens.append(("end", "", end))
    return tokens


_BINARY = (
    ("||",), ("&&",), ("|",), ("^",), ("&",), ("=", "==", "!=", "<>"),
    ("<", "<=", ">", ">="), ("<<", ">>"), ("+", "-"), ("*", "/", "%", "mod"),
)
_LEVEL = {op: level for level, ops in enumerate(_BINARY) for op in ops}
_FUNCTIONS = {"low": 1, "lo": 1, "high": 1, "hi": 1, "abs": 1, "defined": 1}


class _Parser:
    def __init__(self, text):
        self.tokens = _tokens(text)
        self.index = 0

    def peek(self):
        return self.tokens[self.index]

    def take(self):
        token = self.tokens[self.index]
        self.index += 1
        return token

    def binary_operator(self):
        kind, text, _ = self.peek()
        if kind == "op" and text in _LEVEL:
            return text
        if kind == "name" and text.lower() == "mod":
            return "mod"
        return None

    def expression(self, level=0):
        if level == len(_BINARY):
            return self.unary()
        left = self.expression(level + 1)
        while True:
            op = self.binary_operator()
            if op is None or _LEVEL[op] != level:
                return left
            self.take()
            left = ("bin", op, left, self.expression(level + 1))

    def unary(self):
        kind, text, position = self.peek()
        if kind == "op" and text in "-+~!":
            self.take()
            return ("un", text, self.unary())
        if kind == "op" and text == "%":
            # %1010 is binary where an operand is expected; elsewhere % is the remainder.
            self.take()
            kind, digits, _ = self.take()
            if kind != "number" or not set(digits) <= {"0", "1"}:
                raise AsmError("'%' must be followed by binary digits here", position)
            return ("num", int(digits, 2))
        return self.primary()

    def primary(self):
        kind, text, position = self.take()
        if kind == "number":
            try:
                return ("num", parse_number(text))
            except AsmError as error:
                raise AsmError(error.message, position) from None
        if kind == "hex":
            return ("num", int(text[1:], 16))
        if kind == "pc":
            return ("pc",)
        if kind == "char":
            return ("char", unescape(text[1:-1]), position)
        if kind == "string":
            return ("str", unescape(text[1:-1]))
        if kind == "name":
            if text.lower() in _FUNCTIONS and self.peek()[1] == "(":
                self.take()
                argument = self.expression()
                self.expect(")")
                return ("call", text.lower(), argument, position)
            return ("sym", text, position)
        if kind == "op" and text == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if kind == "end":
            raise AsmError("expression expected", position)
        raise AsmError(f"unexpected '{text}'", position)

    def expect(self, text):
        kind, found, position = self.take()
        if found != text:
            raise AsmError(f"'{text}' expected" + (f", found '{found}'" if found else ""), position)


_cache = {}


def parse(text: str):
    """The tree of an expression (cached: the same text is parsed once per run of Python).
    An expression of numbers only is folded into its value."""
    tree = _cache.get(text)
    if tree is None:
        parser = _Parser(text)
        try:
            tree = parser.expression()
        except RecursionError:
            raise AsmError("expression nested too deeply") from None
        kind, found, position = parser.peek()
        if kind != "end":
            raise AsmError(f"unexpected '{found}' after expression", position)
        if _is_constant(tree) and tree[0] != "num":
            try:
                tree = ("num", evaluate(tree, None))
            except AsmError:
                pass                    # reported with its position when evaluated
        _cache[text] = tree
    return tree


def _is_constant(tree) -> bool:
    kind = tree[0]
    if kind == "num":
        return True
    if kind == "bin":
        return _is_constant(tree[2]) and _is_constant(tree[3])
    if kind == "un":
        return _is_constant(tree[2])
    return kind == "call" and tree[1] != "defined" and _is_constant(tree[2])


def _truth(value) -> int:
    return 1 if value else 0


def _as_int(value, context, position=0) -> int:
    if isinstance(value, str):
        if not 1 <= len(value) <= 4:
            raise AsmError(f"string \"{value}\" used as a number", position)
        result = 0
        for char in value:
            result = result << 8 | context.char_code(char, position)
        return result
    return value


def _binary(op, left, right, context):
    if op in ("=", "==", "!=", "<>") and isinstance(left, str) and isinstance(right, str):
        return _truth((left == right) == (op in ("=", "==")))
    left, right = _as_int(left, context), _as_int(right, context)
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op in ("/", "%", "mod"):
        if right == 0:
            raise AsmError("division by zero")
        quotient = abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1)
        return quotient if op == "/" else left - quotient * right
    if op == "&":
        return left & right
    if op == "|":
        return left | right
    if op == "^":
        return left ^ right
    if op == "<<":
        return left << right if right >= 0 else left >> -right
    if op == ">>":
        return left >> right if right >= 0 else left << -right
    if op in ("=", "=="):
        return _truth(left == right)
    if op in ("!=", "<>"):
        return _truth(left != right)
    if op == "<":
        return _truth(left < right)
    if op == "<=":
        return _truth(left <= right)
    if op == ">":
        return _truth(left > right)
    if op == ">=":
        return _truth(left >= right)
    if op == "&&":
        return _truth(left and right)
    return _truth(left or right)


def evaluate(tree, context):
    """Value of a parsed expression. `context` provides .pc, .symbol(name, position) (raises
    Undefined), .is_defined(name) and .char_code(char, position)."""
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "sym":
        return context.symbol(tree[1], tree[2])
    if kind == "bin":
        return _binary(tree[1], evaluate(tree[2], context), evaluate(tree[3], context), context)
    if kind == "un":
        value = _as_int(evaluate(tree[2], context), context)
        op = tree[1]
        return -value if op == "-" else value if op == "+" else ~value if op == "~" else _truth(not value)
    if kind == "pc":
        return context.pc
    if kind == "char":
        text, position = tree[1], tree[2]
        return _as_int(text, context, position)
    if kind == "str":
        return tree[1]
    return _call(tree, context)


def _call(tree, context):
    _, name, argument, position = tree
    if name == "defined":
        if argument[0] != "sym":
            raise AsmError("defined() takes a symbol name", position)
        return _truth(context.is_defined(argument[1]))
    value = _as_int(evaluate(argument, context), context, position)
    if name in ("low", "lo"):
        return value & 0xFF
    if name in ("high", "hi"):
        return value >> 8 & 0xFF
    return abs(value)


def value_of(text: str, context) -> int:
    """Integer value of an expression's text."""
    tree = parse(text)
    if tree[0] == "num":
        return tree[1]
    return _as_int(evaluate(tree, context), context)
