"""The 8048 assembler: source files in, a program image, a listing and a symbol table out.

Assembly runs the whole source in passes. The first pass tolerates forward references (they
count as 0); every later pass resolves them with the previous pass's values and reports every
error it meets. Passes repeat until no symbol changes value, and the last pass's output and
diagnostics are the result.

Rules worth knowing (the README documents them for users):
- Conditional jumps and DJNZ must target the page of their second byte.
- JMP and CALL reach the 2 KiB bank selected by SEL MB0/MB1. The assembler follows the latch
  through straight-line code: a `SEL MBn` selects bank n for the jumps after it, and a label
  (where control may arrive from elsewhere) forgets the selection, after which the bank of the
  jump itself is assumed. A target outside the bank so determined is an error.
- Labels starting with `.` belong to the last label without one (`main` + `.loop` is
  `main.loop`); labels defined inside a macro, rept or irp body are private to each expansion.
- Symbols are case-insensitive, as in AS by default.
"""
import functools
import os
import re
from dataclasses import dataclass, field

from cart.asm import expr
from cart.asm.errors import AsmError, AssemblyFailed, Diagnostic
from cart.asm.opcodes import (EXPANDER_PORT, IMMEDIATE, INDIRECT, INSTRUCTIONS, KEYWORDS,
                              LONG_TARGET, PAGE_TARGET, REGISTER, operand_address)
from cart.asm.source import (BLOCK_START, CONDITIONAL, DATA_BYTE, DATA_WORD, LISTING_ONLY,
                             RESERVE, parse_line)
from cart.files import MIB, TEXT_LIMIT, InputFileError, read_input

MAX_PASSES = 8
MAX_NESTING = 64
MAX_EXPANDED_LINES = 100_000     # macro/rept/irp lines per pass: far beyond a 16 KiB program, short of a hang
MAX_LISTED = 20                  # errors (and warnings) listed; the rest are counted in one line
SOURCE_LIMIT = TEXT_LIMIT        # a source or INCLUDE file (4 MiB: a 16 KiB program needs far less)
BINCLUDE_LIMIT = MIB             # a BINCLUDE file, whose slice must fit the 16 KiB image
ADDRESS_LIMIT = 0xFFF            # 12-bit program counter
PLACEMENT_LIMIT = 0xFFFFF        # where bytes may land in the output file (banked images)
CPUS = frozenset({"8048", "8035", "8039", "8040", "8049", "8050", "8748", "8749", "mcs48",
                  "mcs-48"})

# The Odyssey² character codes (hardware notes §4) of the characters that have an ASCII or
# common Unicode spelling; lower-case letters share the upper-case codes.
ODYSSEY2_CHARSET = {
    **{str(digit): digit for digit in range(10)},
    ":": 0x0A, "$": 0x0B, " ": 0x0C, "?": 0x0D, "L": 0x0E, "P": 0x0F, "+": 0x10, "W": 0x11,
    "E": 0x12, "R": 0x13, "T": 0x14, "U": 0x15, "I": 0x16, "O": 0x17, "Q": 0x18, "S": 0x19,
    "D": 0x1A, "F": 0x1B, "G": 0x1C, "H": 0x1D, "J": 0x1E, "K": 0x1F, "A": 0x20, "Z": 0x21,
    "X": 0x22, "C": 0x23, "V": 0x24, "B": 0x25, "M": 0x26, ".": 0x27, "-": 0x28, "\u2212": 0x28,
    "*": 0x29, "\u00d7": 0x29, "\u00f7": 0x2A, "=": 0x2B, "Y": 0x2C, "N": 0x2D, "/": 0x2E,
}
ODYSSEY2_CHARSET.update({char.lower(): code for char, code in ODYSSEY2_CHARSET.items()
                         if char.isalpha() and char.isascii()})
CHARSET_NAMES = {"odyssey2": ODYSSEY2_CHARSET, "o2": ODYSSEY2_CHARSET}


def _forms():
    """mnemonic -> {operand kinds: (base opcode, operand specs)}; fields are matched by kind."""
    forms = {}
    for base, name, operands in INSTRUCTIONS:
        kinds = tuple("addr" if spec in (PAGE_TARGET, LONG_TARGET) else spec for spec in operands)
        forms.setdefault(name, {})[kinds] = (base, operands)
    return forms


FORMS = _forms()
_KEYWORD_KINDS = {keyword: keyword for keyword in KEYWORDS}
_KEYWORD_KINDS.update({f"R{n}": (REGISTER, n) for n in range(8)})
_KEYWORD_KINDS.update({f"@R{n}": (INDIRECT, n) for n in range(2)})
_KEYWORD_KINDS.update({f"P{n}": (EXPANDER_PORT, n - 4) for n in range(4, 8)})
_BAD_INDIRECT = re.compile(r"@\s*R[2-7]$", re.IGNORECASE)
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'" r'|"(?:[^"\\]|\\.)*"')
_LITERAL = r"'(?:[^'\\\n]|\\.)*'" r'|"(?:[^"\\\n]|\\.)*"'
_IDENTIFIER_OR_LITERAL = re.compile(_LITERAL + r"|(?<![\w$.])[A-Za-z_.][\w.]*")
_KEYWORD_ARGUMENT = re.compile(r"([A-Za-z_][\w]*)\s*=(?!=)\s*(.*)$", re.DOTALL)


@dataclass(frozen=True)
class Line:
    file: str
    number: int
    text: str
    expansion: str = ""      # "macro x called at file:line" for lines of an expansion


@dataclass
class Symbol:
    name: str
    value: int
    kind: str                # "label", "equ" or "set"
    file: str
    line: int
    placement: int | None = None   # labels: where the next byte lands in the image (banks)


@dataclass
class Macro:
    name: str
    parameters: list         # [(name, default)]
    body: list               # [Line]
    labels: frozenset        # lower-case names of the labels its body defines
    globals: bool            # {GLOBALSYMBOLS}: the body's labels are not private


@dataclass
class ListingRow:
    line: Line
    address: int | None
    data: bytes


@dataclass
class LineSpan:
    address: int             # logical address of the first byte
    placement: int           # where the first byte lands in the image
    size: int
    file: str
    line: int


@dataclass
class _Condition:
    parent_active: bool
    taken: bool
    active: bool
    seen_else: bool
    line: Line
    column: int


@dataclass
class Assembly:
    """A finished assembly: bytes by placement address, symbols and source map."""
    memory: dict
    symbols: dict            # lower-case name -> Symbol
    spans: list              # [LineSpan] in emission order
    listing_rows: list
    warnings: list = field(default_factory=list)

    @property
    def origin(self) -> int:
        return min(self.memory) if self.memory else 0

    @property
    def end(self) -> int:
        """One past the highest placement address written."""
        return max(self.memory) + 1 if self.memory else 0

    def image(self, size: int | None = None, fill: int = 0xFF) -> bytes:
        """The bytes from the origin up, gaps filled; padded (or refused) to `size`."""
        origin, length = self.origin, self.end - self.origin
        if size is not None:
            if length > size:
                raise ImageTooLarge(f"the program spans {length} bytes "
                                    f"({origin:#06x}-{self.end - 1:#06x}), more than the size {size}")
            length = size
        data = bytearray([fill]) * length
        for placement, value in self.memory.items():
            data[placement - origin] = value
        return bytes(data)

    def value(self, name: str) -> int:
        return self.symbols[name.lower()].value


class ImageTooLarge(Exception):
    pass


class ExpansionLimit(AsmError):
    """A bound on macro, REPT or INCLUDE expansion was passed: always listed, and the pass stops
    there (what follows would only repeat it)."""


class Assembler:
    """Assembles one program. Use assemble_file()/assemble_text() unless you need the object."""

    def __init__(self, include_dirs=()):
        self.include_dirs = list(include_dirs)
        self._file_cache = {}

    # ---- entry points -------------------------------------------------------------------
    def assemble_file(self, path) -> Assembly:
        path = os.fspath(path)
        try:
            lines = self._read(path)
        except InputFileError as error:
            raise AssemblyFailed([Diagnostic(path, 0, 0, error.reason)]) from None
        return self._assemble(lines, os.path.dirname(path))

    def assemble_text(self, text: str, filename: str = "<source>") -> Assembly:
        lines = [Line(filename, number, line) for number, line in enumerate(text.splitlines(), 1)]
        return self._assemble(lines, ".")

    def _assemble(self, lines, directory) -> Assembly:
        self._base_directory = directory
        previous = {}
        self._run_pass(lines, previous, strict=False)
        seen_errors = []              # an error that drops an instruction can keep the sizes swinging
        for _ in range(MAX_PASSES):
            previous = self.symbols
            self._run_pass(lines, previous, strict=True)
            if _values(self.symbols) == _values(previous):
                break
            seen_errors += [d for d in self.diagnostics if not d.warning and d not in seen_errors]
        else:
            self.diagnostics += [d for d in seen_errors if d not in self.diagnostics]
            changing = sorted(name for name, symbol in self.symbols.items()
                              if name not in previous or previous[name].value != symbol.value)
            self._diagnose(lines[0] if lines else Line("<source>", 0, ""), AsmError(
                f"symbol values do not settle after {MAX_PASSES} passes: {', '.join(changing[:5])}"))
        errors = [d for d in self.diagnostics if not d.warning]
        for warning, count in enumerate(self.unlisted):
            if count:
                kind = "warnings" if warning else "errors"
                self.diagnostics.append(Diagnostic(lines[0].file if lines else "<source>", 0, 0,
                                                   f"{count} more {kind} (only the first {MAX_LISTED} are listed)",
                                                   bool(warning)))
        if errors:
            raise AssemblyFailed(self.diagnostics)
        return Assembly(self.memory, self.symbols, self.spans, self.listing_rows,
                        [d for d in self.diagnostics if d.warning])

    # ---- one pass -----------------------------------------------------------------------
    def _run_pass(self, lines, previous, strict):
        self.previous = previous
        self.strict = strict
        self.symbols = {}
        self.aliases = {}
        self.macros = {}
        self.memory = {}
        self.spans = []
        self.listing_rows = []
        self.diagnostics = []
        self.listed = [0, 0]          # errors, warnings in self.diagnostics
        self.unlisted = [0, 0]        # past MAX_LISTED: only counted
        self.pc = 0
        self.placement = 0
        self.scope = ""
        self.selected_bank = None
        self.charset = None           # None: ASCII; else {char: code}
        self.conditions = []
        self.expansions = 0
        self.expanded_lines = 0
        self.private_labels = set()
        self.jump_table = None        # (page, Line) while data follows a JMPP @A
        self.ended = False
        self.exiting_macro = False
        self.depth = 0
        self._process(lines)
        if self.conditions and not self.ended:
            for condition in self.conditions:
                self._diagnose(condition.line, AsmError("IF without ENDIF", condition.column))

    def _process(self, lines):
        index, count = 0, len(lines)
        while index < count and not self.ended and not self.exiting_macro:
            line = lines[index]
            index += 1
            try:
                statement = parse_line(line.text)
            except AsmError as error:
                if self._active():
                    self._diagnose(line, error)
                continue
            op = statement.op
            if op in CONDITIONAL:
                self._list(line)
                self._guard(line, statement, self._conditional, statement, line)
                continue
            if not self._active():
                self._list(line)
                continue
            if op in BLOCK_START:
                end = _matching_endm(lines, index)
                if end is None:
                    self._diagnose(line, AsmError(f"{op.upper()} without ENDM",
                                                  statement.op_column))
                    return
                self._guard(line, statement, self._block, statement, line, lines[index:end],
                            lines[end])
                index = end + 1
                continue
            self._guard(line, statement, self._statement, statement, line)

    def _guard(self, line, statement, action, *arguments):
        """Runs one statement's action; an error is recorded and assembly goes on."""
        try:
            return action(*arguments)
        except AsmError as error:
            if error.column is None:
                error.column = statement.op_column
            if isinstance(error, ExpansionLimit):     # listed whatever came before; the pass stops
                self._diagnose(line, error, always=True)
                self.ended = True
                return None
            self._diagnose(line, error)
            return None

    def _diagnose(self, line, error, warning=False, always=False):
        column = (error.column or 0) + 1
        if self.listed[warning] >= MAX_LISTED and not always:
            self.unlisted[warning] += 1
            return
        self.listed[warning] += 1
        message = error.message + (f" (in {line.expansion})" if line.expansion else "")
        self.diagnostics.append(Diagnostic(line.file, line.number, column, message, warning))

    def _warn(self, line, message, column=None):
        self._diagnose(line, AsmError(message, column), warning=True)

    def _active(self) -> bool:
        return not self.conditions or self.conditions[-1].active

    def _list(self, line, address=None, data=b""):
        self.listing_rows.append(ListingRow(line, address, data))

    # ---- symbols ------------------------------------------------------------------------
    def _full_name(self, name: str) -> str:
        return self.scope + name if name.startswith(".") else name

    def symbol(self, name, position=0):
        """Value of a symbol for expressions (the expression evaluator calls this)."""
        key = self._full_name(name).lower()
        symbol = self.symbols.get(key) or self.previous.get(key)
        if symbol is not None:
            return symbol.value
        if self.strict:
            raise AsmError(f"undefined symbol '{name}'", position)
        raise expr.Undefined(name)

    def is_defined(self, name) -> bool:
        return self._full_name(name).lower() in self.symbols

    def char_code(self, char, position=0) -> int:
        if self.charset is None:
            if ord(char) > 0xFF:
                raise AsmError(f"character '{char}' is not a byte; select a charset", position)
            return ord(char)
        code = self.charset.get(char)
        if code is None:
            raise AsmError(f"character '{char}' has no code in the current charset", position)
        return code

    def _define(self, name, value, kind, line, column, placement=None):
        full = self._full_name(name)
        key = full.lower()
        existing = self.symbols.get(key)
        if existing is not None and not (kind == "set" and existing.kind == "set"):
            raise AsmError(f"'{full}' is already defined at {existing.file}:{existing.line}",
                           column)
        self.symbols[key] = Symbol(full, value, kind, line.file, line.number, placement)

    def _define_label(self, name, line, column):
        self._define(name, self.pc, "label", line, column, placement=self.placement)
        if not name.startswith(".") and name.lower() not in self.private_labels:
            self.scope = name
        self.selected_bank = None

    def _value(self, text, column, name="value"):
        """Integer value of an operand's expression; None for a forward reference in the
        first pass."""
        if not text:
            raise AsmError(f"{name} expected", column)
        try:
            return expr.value_of(text, self)
        except expr.Undefined:
            return None
        except AsmError as error:
            raise AsmError(error.message, column + (error.column or 0)) from None

    def _required(self, text, column, name="value"):
        """Like _value, for directives that need the value in every pass (org, ds, if...)."""
        value = self._value(text, column, name)
        if value is None:
            raise AsmError(f"{name} must not depend on symbols defined later", column)
        return value

    # ---- conditionals -------------------------------------------------------------------
    def _conditional(self, statement, line):
        op, operands = statement.op, statement.operands
        if op in ("if", "ifdef", "ifndef", "ifb", "ifnb"):
            parent = self._active()
            condition = _Condition(parent, True, False, False, line, statement.op_column)
            self.conditions.append(condition)     # before evaluating: a bad IF still pairs
            condition.active = parent and self._condition_value(op, operands, statement)
            condition.taken = condition.active
            return
        if not self.conditions:
            raise AsmError(f"{op.upper()} without IF")
        condition = self.conditions[-1]
        if op in ("endif", "endc"):
            self.conditions.pop()
        elif condition.seen_else:
            raise AsmError(f"{op.upper()} after ELSE")
        elif op == "else":
            condition.seen_else = True
            condition.active = condition.parent_active and not condition.taken
            condition.taken = True
        else:
            truth = condition.parent_active and not condition.taken \
                and self._condition_value("if", operands, statement)
            condition.active = truth
            condition.taken = condition.taken or truth

    def _condition_value(self, op, operands, statement) -> bool:
        if op in ("ifb", "ifnb"):
            blank = all(not text for text, _ in operands)
            return blank == (op == "ifb")
        if len(operands) != 1 or not operands[0][0]:
            raise AsmError(f"{op.upper()} takes one operand")
        text, column = operands[0]
        if op in ("ifdef", "ifndef"):
            return self.is_defined(text) == (op == "ifdef")
        return bool(self._value(text, column, "condition"))

    # ---- statements ---------------------------------------------------------------------
    def _statement(self, statement, line):
        op = statement.op
        if op in ("equ", ".equ", "set", ".set", "=", ":=", "reg"):
            self._list(line)
            self._definition(statement, line)
            return
        if statement.label:
            self._define_label(statement.label, line, statement.label_column)
        if op is None:
            if statement.label:
                self._list(line, self.pc)
            else:
                self._list(line)
            return
        forms = FORMS.get(op)
        if forms is not None:
            self._instruction(statement, line, forms)
            if op != "jmpp":
                self.jump_table = None
            return
        handler = _DIRECTIVES.get(op)
        if handler is not None:
            handler(self, statement, line)
            return
        macro = self.macros.get(op)
        if macro is None:
            raise AsmError(f"unknown instruction or directive '{statement.op}'",
                           statement.op_column)
        self._list(line)
        self._expand(macro, statement, line)

    def _definition(self, statement, line):
        if not statement.label:
            raise AsmError(f"{statement.op.upper()} needs a name before it")
        if len(statement.operands) != 1:
            raise AsmError(f"{statement.op.upper()} takes one operand")
        text, column = statement.operands[0]
        if statement.op == "reg":
            register = text.upper()
            if not re.fullmatch(r"R[0-7]", register):
                raise AsmError("REG names a register R0-R7", column)
            self.aliases[statement.label.lower()] = register
            return
        value = self._value(text, column)
        if value is None:
            return                      # defined in a later pass, once its operands are known
        kind = "equ" if statement.op in ("equ", ".equ") else "set"
        self._define(statement.label, value, kind, line, statement.label_column)

    # ---- instructions -------------------------------------------------------------------
    def _classify(self, text, column):
        upper = self.aliases.get(text.lower(), text).upper()
        kind = _KEYWORD_KINDS.get(upper.replace(" ", ""))
        if kind is not None:
            return kind
        if text.startswith("#"):
            rest = text[1:]
            return (IMMEDIATE, (rest.strip(), column + 1 + len(rest) - len(rest.lstrip())))
        if _BAD_INDIRECT.match(text):
            raise AsmError("only @R0 and @R1 address memory indirectly", column)
        if not text:
            raise AsmError("operand expected", column)
        return ("addr", (text, column))

    def _instruction(self, statement, line, forms):
        operands = statement.operands
        kinds = [self._classify(text, column) for text, column in operands]
        keys = tuple(kind if isinstance(kind, str) else kind[0] for kind in kinds)
        form = forms.get(keys)
        if form is None:
            # A keyword spelling may be a symbol where an address is wanted (`jmp c`).
            keys = tuple("addr" if key in _KEYWORD_KINDS and key.isalnum() else key for key in keys)
            form = forms.get(keys)
            if form is not None:
                kinds = [("addr", operand) if key == "addr" else kind
                         for key, kind, operand in zip(keys, kinds, operands)]
        if form is None:
            accepted = " | ".join(_spell(statement.op, kinds_) for kinds_ in forms)
            raise AsmError(f"{statement.op.upper()} does not take these operands "
                           f"(forms: {accepted})", statement.op_column)
        opcode, specs = form
        second = None
        for spec, kind in zip(specs, kinds):
            if spec in (REGISTER, INDIRECT, EXPANDER_PORT):
                opcode |= kind[1]
            elif spec == IMMEDIATE:
                second = self._byte(*kind[1], name="immediate value")
            elif spec == PAGE_TARGET:
                second = self._page_target(statement.op, *kind[1])
            elif spec == LONG_TARGET:
                target = self._long_target(statement.op, *kind[1])
                opcode |= (target >> 8 & 7) << 5
                second = target & 0xFF
        data = bytes((opcode,)) if second is None else bytes((opcode, second))
        self._emit(data, line, statement.op_column)
        if statement.op == "sel" and keys[0] in ("MB0", "MB1"):
            self.selected_bank = int(keys[0][2])
        if statement.op in ("jmpp", "movp") and self.pc & 0xFF == 0:
            self._warn(line, f"{statement.op.upper()} at the last byte of a page reads from page "
                             f"{self.pc & 0xF00:#05x}", statement.op_column)
        if statement.op == "jmpp":
            self.jump_table = (self.pc & 0xF00, line)

    def _byte(self, text, column, name="value"):
        value = self._value(text, column, name)
        if value is None:
            return 0
        if not -0x80 <= value <= 0xFF:
            raise AsmError(f"{name} {value:#x} does not fit in a byte", column)
        return value & 0xFF

    def _page_target(self, op, text, column):
        target = self._value(text, column, "jump target")
        if target is None:
            return 0
        page = operand_address(self.pc) & 0xF00
        if target & ~0xFF != page:
            raise AsmError(f"{op.upper()} target {target:#05x} is outside page {page:#05x} "
                           f"(the page of the jump's second byte)", column)
        return target & 0xFF

    def _long_target(self, op, text, column):
        target = self._value(text, column, "jump target")
        if target is None:
            return 0
        if not 0 <= target <= ADDRESS_LIMIT:
            raise AsmError(f"{op.upper()} target {target:#x} is outside the 4 KiB program space",
                           column)
        bank = self.selected_bank if self.selected_bank is not None else self.pc >> 11 & 1
        if target >> 11 != bank:
            how = (f"SEL MB{bank} is in force" if self.selected_bank is not None
                   else f"the jump is in bank {bank} and no SEL MB{target >> 11} precedes it")
            raise AsmError(f"{op.upper()} target {target:#05x} is in bank {target >> 11} but "
                           f"{how}", column)
        return target

    def _emit(self, data, line, column=0):
        if self.pc + len(data) - 1 > ADDRESS_LIMIT:
            raise AsmError(f"address {self.pc + len(data) - 1:#x} is beyond the 4 KiB program "
                           f"space", column)
        placement = self.placement
        if placement + len(data) - 1 > PLACEMENT_LIMIT:
            raise AsmError(f"output position {placement:#x} is too large", column)
        memory, overwritten = self.memory, None
        for offset, value in enumerate(data):
            where = placement + offset
            if overwritten is None and where in memory:
                overwritten = where
            memory[where] = value
        if overwritten is not None:
            earlier = next(span for span in self.spans
                           if span.placement <= overwritten < span.placement + span.size)
            self._warn(line, f"overwrites bytes at {placement:#06x} already written by "
                             f"{earlier.file}:{earlier.line} (overlapping ORG regions)", column)
        self.spans.append(LineSpan(self.pc, placement, len(data), line.file, line.number))
        self._list(line, self.pc, data)
        self.pc += len(data)
        self.placement += len(data)

    def _advance(self, count, line):
        self._list(line, self.pc)
        self.pc += count
        self.placement += count

    # ---- data directives ----------------------------------------------------------------
    def _data_bytes(self, statement, line):
        if not statement.operands:
            raise AsmError(f"{statement.op.upper()} needs at least one value")
        data = bytearray()
        for text, column in statement.operands:
            if _QUOTED.fullmatch(text):
                try:
                    characters = expr.unescape(text[1:-1])
                except AsmError as error:
                    raise AsmError(error.message, column) from None
                if text[0] == '"' or len(characters) != 1:
                    data.extend(self.char_code(char, column) for char in characters)
                    continue
            data.append(self._byte(text, column))
        self._emit_data(bytes(data), line, statement)

    def _data_words(self, statement, line):
        if not statement.operands:
            raise AsmError(f"{statement.op.upper()} needs at least one value")
        data = bytearray()
        for text, column in statement.operands:
            value = self._value(text, column) or 0
            if not -0x8000 <= value <= 0xFFFF:
                raise AsmError(f"value {value:#x} does not fit in a word", column)
            data += (value & 0xFFFF).to_bytes(2, "little")
        self._emit_data(bytes(data), line, statement)

    def _emit_data(self, data, line, statement):
        if self.jump_table is not None:
            page, jump = self.jump_table
            if (self.pc & 0xF00) != page or ((self.pc + len(data) - 1) & 0xF00) != page:
                self._warn(line, f"jump table of the JMPP @A at {jump.file}:{jump.number} "
                                 f"leaves page {page:#05x}", statement.op_column)
                self.jump_table = None
        self._emit(data, line, statement.op_column)

    def _reserve(self, statement, line):
        text, column = self._single(statement)
        count = self._required(text, column, "count")
        if count < 0:
            raise AsmError(f"negative count {count}", column)
        self._advance(count, line)

    def _align(self, statement, line):
        text, column = self._single(statement)
        boundary = self._required(text, column, "alignment")
        if boundary <= 0:
            raise AsmError(f"alignment must be positive, not {boundary}", column)
        self._advance(-self.pc % boundary, line)

    @staticmethod
    def _single(statement):
        if len(statement.operands) != 1 or not statement.operands[0][0]:
            raise AsmError(f"{statement.op.upper()} takes one operand")
        return statement.operands[0]

    # ---- location directives ------------------------------------------------------------
    def _org(self, statement, line):
        text, column = self._single(statement)
        address = self._required(text, column, "address")
        if not 0 <= address <= PLACEMENT_LIMIT:
            raise AsmError(f"address {address:#x} is out of range", column)
        self.pc = self.placement = address
        self.selected_bank = None
        self._list(line, self.pc)

    def _phase(self, statement, line):
        text, column = self._single(statement)
        address = self._required(text, column, "address")
        if not 0 <= address <= ADDRESS_LIMIT:
            raise AsmError(f"address {address:#x} is outside the 4 KiB program space", column)
        self.pc = address
        self._list(line, self.pc)

    def _dephase(self, statement, line):
        self.pc = self.placement
        self._list(line, self.pc)

    def _end(self, statement, line):
        self._list(line)
        self.ended = True

    def _cpu(self, statement, line):
        text, column = self._single(statement)
        if text.lower() not in CPUS:
            raise AsmError(f"CPU {text} is not an MCS-48 processor", column)
        self._list(line)

    def _ignored(self, statement, line):
        self._list(line)

    def _message(self, statement, line):
        self._list(line)
        text, column = self._single(statement)
        if _QUOTED.fullmatch(text):
            message = expr.unescape(text[1:-1])
        else:
            message = str(self._value(text, column))
        if not self.strict:
            return
        if statement.op == "error":
            raise AsmError(message, column)
        if statement.op == "warning":
            self._warn(line, message, column)

    def _charset(self, statement, line):
        self._list(line)
        operands = statement.operands
        if not operands:
            self.charset = None
            return
        if len(operands) == 1 and operands[0][0].lower() in CHARSET_NAMES:
            self.charset = dict(CHARSET_NAMES[operands[0][0].lower()])
            return
        if len(operands) not in (2, 3):
            raise AsmError("CHARSET takes nothing (ASCII), a charset name (odyssey2), "
                           "'char',code or 'first','last',code")
        current, self.charset = self.charset, None     # the source characters are plain ASCII
        try:
            first = self._required(*operands[0], "character")
            last = self._required(*operands[1], "character") if len(operands) == 3 else first
        finally:
            self.charset = current
        code = self._required(*operands[-1], "code")
        if not 0 <= first <= last <= 0xFF:
            raise AsmError(f"character range {first}-{last} is not within 0-255")
        if self.charset is None:
            self.charset = {chr(value): value for value in range(256)}
        for offset in range(last - first + 1):
            self.charset[chr(first + offset)] = code + offset & 0xFF

    # ---- files --------------------------------------------------------------------------
    def _read(self, path):
        lines = self._file_cache.get(path)
        if lines is None:
            raw = read_input(path, SOURCE_LIMIT, "source file")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            lines = [Line(path, number, line) for number, line in enumerate(text.splitlines(), 1)]
            self._file_cache[path] = lines
        return lines

    def _locate(self, name, line, column):
        if os.path.isabs(name):
            if os.path.lexists(name):
                return name
        else:
            directory = os.path.dirname(line.file) if line.file != "<source>" \
                else self._base_directory
            for base in [directory] + self.include_dirs:
                candidate = os.path.normpath(os.path.join(base, name))
                if os.path.lexists(candidate):
                    return candidate
        raise AsmError(f"cannot find include file '{name}'", column)

    def _file_operand(self, statement):
        if not statement.operands or not statement.operands[0][0]:
            raise AsmError(f"{statement.op.upper()} needs a file name")
        text, column = statement.operands[0]
        name = expr.unescape(text[1:-1]) if _QUOTED.fullmatch(text) else text
        return name, column

    def _include(self, statement, line):
        self._list(line)
        name, column = self._file_operand(statement)
        if len(statement.operands) != 1:
            raise AsmError("INCLUDE takes one file name")
        path = self._locate(name, line, column)
        if self.depth >= MAX_NESTING:
            raise ExpansionLimit("includes nested too deeply (does a file include itself?)", column)
        try:
            lines = self._read(path)
        except InputFileError as error:
            raise AsmError(f"cannot read '{name}': {error.reason}", column) from None
        self._nested(lines, f"file {path}")

    def _binclude(self, statement, line):
        name, column = self._file_operand(statement)
        path = self._locate(name, line, column)
        try:
            data = read_input(path, BINCLUDE_LIMIT, "BINCLUDE file")
        except InputFileError as error:
            raise AsmError(f"cannot read '{name}': {error.reason}", column) from None
        extra = statement.operands[1:]
        if len(extra) > 2:
            raise AsmError("BINCLUDE takes a file name, an offset and a length")
        start = self._required(*extra[0], "offset") if extra else 0
        length = self._required(*extra[1], "length") if len(extra) > 1 else len(data) - start
        if not (0 <= start <= len(data) and 0 <= length <= len(data) - start):
            raise AsmError(f"offset {start} and length {length} do not fit '{name}' "
                           f"({len(data)} bytes)")
        self._emit(data[start:start + length], line, statement.op_column)

    def _nested(self, lines, what):
        """Processes included or expanded lines; IF/ENDIF must balance inside them."""
        depth = len(self.conditions)
        self.depth += 1
        try:
            self._process(lines)
        finally:
            self.depth -= 1
        if len(self.conditions) > depth and not self.ended:
            if not self.exiting_macro:       # EXITM may leave from inside an IF
                for condition in self.conditions[depth:]:
                    self._diagnose(condition.line, AsmError(f"IF without ENDIF in {what}",
                                                            condition.column))
            del self.conditions[depth:]

    # ---- macros and repetition ----------------------------------------------------------
    def _block(self, statement, line, body, endm):
        """MACRO (defines), REPT or IRP (expands) with the body lines up to its ENDM."""
        self._list(line)
        for body_line in body:
            self._list(body_line)
        self._list(endm)
        if statement.op == "macro":
            self._define_macro(statement, body)
        elif statement.op == "rept":
            text, column = self._single(statement)
            count = self._required(text, column, "count")
            if count < 0:
                raise AsmError(f"negative count {count}", column)
            if count * max(1, len(body)) + self.expanded_lines > MAX_EXPANDED_LINES:
                self.expanded_lines = MAX_EXPANDED_LINES + 1     # enclosing expansions stop too
                raise ExpansionLimit(f"REPT {count} expands to more than {MAX_EXPANDED_LINES} lines",
                                     column)
            for _ in range(count):
                if self.expanded_lines > MAX_EXPANDED_LINES:
                    raise ExpansionLimit(f"REPT {count} expands to more than {MAX_EXPANDED_LINES} "
                                         "lines in all", column)
                self._run_body("rept", body, {}, set(), line)
        else:
            if len(statement.operands) < 2:
                raise AsmError("IRP takes a parameter name and the values to give it")
            parameter = statement.operands[0][0]
            for text, _ in statement.operands[1:]:
                self._run_body("irp", body, {parameter.lower(): text}, set(), line)

    def _define_macro(self, statement, body):
        if not statement.label:
            raise AsmError("MACRO needs a name before it")
        name = statement.label.lower()
        parameters, global_symbols = [], False
        for text, column in statement.operands:
            if text.upper() == "{GLOBALSYMBOLS}":
                global_symbols = True
                continue
            if text.startswith("{"):
                continue                 # other AS macro options change listings only
            match = _KEYWORD_ARGUMENT.match(text)
            parameter, default = (match.group(1), match.group(2).strip()) if match else (text, "")
            if not re.fullmatch(r"[A-Za-z_][\w]*", parameter):
                raise AsmError(f"bad macro parameter name '{parameter}'", column)
            parameters.append((parameter.lower(), default))
        if name in FORMS or name in _DIRECTIVES:
            raise AsmError(f"'{statement.label}' is an instruction or directive")
        self.macros[name] = Macro(name, parameters, body, _body_labels(body), global_symbols)

    def _expand(self, macro, statement, line):
        values = {parameter: default for parameter, default in macro.parameters}
        given = [(text, column) for text, column in statement.operands]
        if len(given) == 1 and not given[0][0] and not macro.parameters:
            given = []
        position = 0
        for text, column in given:
            match = _KEYWORD_ARGUMENT.match(text)
            if match and match.group(1).lower() in values:
                values[match.group(1).lower()] = match.group(2).strip()
                continue
            if position >= len(macro.parameters):
                raise AsmError(f"macro {macro.name} takes {len(macro.parameters)} arguments",
                               column)
            values[macro.parameters[position][0]] = text
            position += 1
        values["argcount"] = str(len(given))
        values["allargs"] = ",".join(text for text, _ in given)
        labels = set() if macro.globals else macro.labels
        self._run_body(f"macro {macro.name}", macro.body, values, labels, line)

    def _run_body(self, what, body, values, labels, call):
        """Processes a macro/rept/irp body with its parameters replaced by `values` and its
        labels renamed to private names."""
        if self.depth >= MAX_NESTING:
            raise ExpansionLimit(f"{what} expands too deeply (does it call itself?)")
        self.expansions += 1
        self.expanded_lines += max(1, len(body))
        if self.expanded_lines > MAX_EXPANDED_LINES:
            raise ExpansionLimit(f"{what} expands to more than {MAX_EXPANDED_LINES} lines in all")
        renames = {label: f"__{self.expansions}_{label.lstrip('.')}" for label in labels}
        self.private_labels.update(renames.values())
        parameters = _parameter_pattern(tuple(values)) if values else None
        where = f"{what} called at {call.file}:{call.number}"
        expanded = []
        for body_line in body:
            text = body_line.text
            if parameters is not None:
                text = parameters.sub(lambda match: match.group() if match.lastgroup != "p"
                                      else values[match.group().lower()], text)
            if renames:
                text = _IDENTIFIER_OR_LITERAL.sub(
                    lambda match: renames.get(match.group().lower(), match.group()), text)
            expanded.append(Line(body_line.file, body_line.number, text, where))
        self._nested(expanded, what)
        self.exiting_macro = False

    def _exitm(self, statement, line):
        self._list(line)
        if self.depth == 0:
            raise AsmError("EXITM outside a macro")
        self.exiting_macro = True

    def _endm(self, statement, line):
        raise AsmError("ENDM without MACRO, REPT or IRP")


@functools.lru_cache(maxsize=None)
def _parameter_pattern(names):
    """Macro parameters are replaced wherever their name stands between characters that are
    not letters or digits, so `print_AA_hi` takes the argument of AA (as in AS); quoted text is
    left alone."""
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(_LITERAL + rf"|(?<![A-Za-z0-9$])(?P<p>{alternatives})(?![A-Za-z0-9])",
                      re.IGNORECASE)


def _spell(op, kinds):
    return " ".join((op, ",".join("addr" if kind == "addr" else kind for kind in kinds))).strip()


def _values(symbols):
    return {name: symbol.value for name, symbol in symbols.items()}


def _matching_endm(lines, index):
    """Index of the ENDM closing the block whose body starts at lines[index], or None."""
    nesting = 0
    for position in range(index, len(lines)):
        try:
            op = parse_line(lines[position].text).op
        except AsmError:
            continue
        if op in BLOCK_START:
            nesting += 1
        elif op == "endm":
            if nesting == 0:
                return position
            nesting -= 1
    return None


def _body_labels(body):
    labels = set()
    for line in body:
        try:
            statement = parse_line(line.text)
        except AsmError:
            continue
        if statement.label and statement.op not in ("equ", ".equ", "set", ".set", "=", ":=",
                                                    "reg", "macro"):
            labels.add(statement.label.lower())
    return frozenset(labels)


_DIRECTIVES = {
    **{name: Assembler._data_bytes for name in DATA_BYTE},
    **{name: Assembler._data_words for name in DATA_WORD},
    **{name: Assembler._reserve for name in RESERVE},
    **{name: Assembler._ignored for name in LISTING_ONLY},
    "org": Assembler._org, ".org": Assembler._org,
    "phase": Assembler._phase, "dephase": Assembler._dephase,
    "align": Assembler._align, "end": Assembler._end, "cpu": Assembler._cpu,
    "include": Assembler._include, "binclude": Assembler._binclude,
    "charset": Assembler._charset, "exitm": Assembler._exitm, "endm": Assembler._endm,
    "error": Assembler._message, "warning": Assembler._message, "message": Assembler._message,
}


def assemble_file(path, include_dirs=()) -> Assembly:
    """Assembles a source file; raises AssemblyFailed listing every error."""
    return Assembler(include_dirs).assemble_file(path)


def assemble_text(text: str, filename: str = "<source>", include_dirs=()) -> Assembly:
    """Assembles source text (includes resolve relative to the current directory)."""
    return Assembler(include_dirs).assemble_text(text, filename)
