"""`o2 debug`: a debugger for Odyssey² programs.

The same commands come from the interactive prompt (readline history and completion), from a
script file (`--script FILE`) and from Python:

    >>> from emu.odyssey2 import Odyssey2
    >>> from emu.debugger.core import Debugger
    >>> d = Debugger(Odyssey2(cart="game.bin"), symbols="game.sym.json")   # doctest: +SKIP
    >>> d.execute("break fire_missile if A == 3")                           # doctest: +SKIP
    >>> d.execute("continue")                                               # doctest: +SKIP

Every command's output goes to `out` (stdout by default). `help` lists the commands. Looking
never changes the machine: views read the VDC through its peek, and running is the machine's own
run loop (native/debug.c). Backwards execution restores a snapshot of the history the C side keeps
and re-executes deterministically; anything that changes the machine from outside a run (`load`,
a key, the window running on) starts the history afresh.
"""
import json
import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cart.asm.disassembler import check_symbol_table, disassemble_one, labels_by_address
from cart.asm.opcodes import operand_address
from cart.layout import CART_ORIGIN
from emu.debugger import views
from emu.debugger.expr import ExprError, parse, parse_constant
from emu.errors import DebugError, O2Error
from emu.odyssey2 import STATE_LIMIT
from cart.files import TEXT_LIMIT, InputFileError, OutputFileError, atomic_output, read_input, read_text, write_output
from emu.keys import JOYSTICK_BITS, key_position
from emu.keys import RESET as RESET_KEY
from emu.commands import trace_lines
from emu.native import (DEBUG_BREAK, DEBUG_IRQ, DEBUG_RETURN, DEBUG_SPACE_SIZES, DEBUG_SPACES,
                        DEBUG_TRACE_FULL, DEBUG_WATCH, EXPR_OPS, O2, WATCH_READ, WATCH_WRITE,
                        cart_layout)

PROGRAM_SIZE = O2.BOARD_PROGRAM_SIZE   # PC 0x000-0xFFF
STACK_DEPTH = 8
PSW_SP = O2.PSW_SP
COMPLETION_WORDS = ("if", "irq", "frame", "iram", "xram", "vdc", "read", "write", "access", "all",
                    "on", "off", "sprites", "chars", "quads", "A", "PC", "PSW", "SP", "CY", "AC",
                    "F0", "F1", "BS", "MB", "T", "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7",
                    "FRAME", "CYCLES", "LINE")
DIS_BEFORE_PC, DIS_FROM_PC = 3, 6     # `dis` around the PC: statements before it, and from it
CONTINUE_CHUNK_FRAMES = 600          # a run returns to Python this often (Ctrl-C)
# History for back/rewind: a snapshot (about 260 KB, mostly the framebuffer) every 30 frames,
# the last 120 kept: a minute of NTSC play; a seek re-executes at most 30 frames.
HISTORY_EVERY, HISTORY_SIZE = 30, 120
HISTORY_FILE = os.path.expanduser("~/.o2_debug_history")
ACCESS_NAMES = {"r": WATCH_READ, "read": WATCH_READ, "w": WATCH_WRITE, "write": WATCH_WRITE,
                "rw": WATCH_READ | WATCH_WRITE, "access": WATCH_READ | WATCH_WRITE}
SPACE_BY_CODE = {code: name for name, code in DEBUG_SPACES.items()}


# ---- symbol files (cart/asm/output.py: the o2asm-symbols format) ----

# `break bank1:0x450`: a place in program space with the cartridge bank it must be in.
BANKED_PLACE = re.compile(r"bank\s*(\d+)\s*:\s*(\S.*)", re.IGNORECASE)


class Symbols:
    """Labels and source lines of a program, from the assembler's .sym.json: `labels` (name ->
    address), `by_address` (address -> the label the disassembler shows) and `lines`
    (address -> "file:line", the first statement at that address). Banked code puts several
    statements at one address, one per bank: each keeps its place in the image (the symbol
    file's `offset`), and `where`/`statements_before` given the bank and the cartridge's bank
    stride pick that bank's."""

    def __init__(self, labels=None, lines=None, by_address=None, sizes=None, path=None,
                 statements=None, table=None):
        self.path = path             # the .sym.json it came from (the `game` view reads it too)
        self._table = table          # the symbol file's content, for the labels of one bank
        # label -> its place in the cartridge image (version 2 files): the bank it belongs to
        self.label_offsets: dict[str, int] = dict(table.get("label_offsets", {})) if table else {}
        self._bank_labels: dict[tuple[int, int], dict[int, str]] = {}
        self.labels: dict[str, int] = dict(labels or {})
        self.lines: dict[int, str] = dict(lines or {})
        self._ends = {address + size: address for address, size in (sizes or {}).items()}
        # address -> [(offset in the image, "file:line", size)], every statement at it
        self.statements: dict[int, list[tuple[int, str, int]]] = dict(statements or {})
        self.by_address: dict[int, str] = dict(by_address or {})
        self._sorted = sorted(self.by_address.items())

    @classmethod
    def load(cls, path) -> "Symbols":
        try:
            table = json.loads(read_text(path, TEXT_LIMIT, "symbol file"))
        except InputFileError as e:
            raise DebugError(f"{path}: cannot read the symbol file ({e.reason})") from None
        except RecursionError:
            raise DebugError(f"{path}: not a symbol file (nested too deeply)") from None
        except json.JSONDecodeError as e:
            raise DebugError(f"{path}: not a symbol file (bad JSON: {e})") from None
        try:
            check_symbol_table(table)
        except ValueError as e:
            raise DebugError(f"{path}: {e}") from None
        try:
            labels = {str(k): int(v) for k, v in table.get("labels", {}).items()}
            # equ'd names (RAM fields: `break iram red_energy`) name values too, but no code
            labels.update({str(k): int(v) for k, v in table.get("constants", {}).items()
                           if str(k) not in labels})
            lines, sizes, statements = {}, {}, {}
            for entry in table.get("lines", []):
                address, size = int(entry["address"]), int(entry["size"])
                where = f"{entry['file']}:{entry['line']}"
                statements.setdefault(address, []).append((int(entry.get("offset", -1)), where, size))
                if address not in lines:
                    lines[address] = where
                    sizes[address] = size
            by_address = labels_by_address(table)
            labels_by_address(table, 0, O2.CART_WINDOW)     # label_offsets checked now, not later
        except (AttributeError, KeyError, TypeError, ValueError) as e:
            raise DebugError(f"{path}: malformed symbol file ({type(e).__name__}: {e})") from None
        return cls(labels, lines, by_address, sizes, Path(path), statements, table)

    def _in_bank(self, address: int, bank: int | None, stride: int | None):
        """The statement (offset, where, size) at `address` in `bank`, or None."""
        if bank is None or not stride:
            return None
        for statement in self.statements.get(address, ()):
            if statement[0] >= 0 and statement[0] // stride == bank:
                return statement
        return None

    def where(self, address: int, bank: int | None = None, stride: int | None = None) -> str:
        """"file:line" of the statement at `address` (in `bank` of a cartridge whose banks are
        `stride` bytes apart in the image, when given), "" if none."""
        statement = self._in_bank(address, bank, stride)
        return statement[1] if statement else self.lines.get(address, "")

    def statements_before(self, address: int, n: int, bank: int | None = None,
                          stride: int | None = None) -> list[int]:
        """Up to n statement addresses that run straight into `address`, earliest first (an
        8048 instruction stream cannot be decoded backwards; the symbol file knows the starts)."""
        found = []
        while len(found) < n:
            start = None
            if bank is not None and stride:
                for candidate, entries in ((a, self.statements.get(a, ())) for a in
                                           range(max(0, address - 2), address)):
                    if any(o >= 0 and o // stride == bank and candidate + size == address
                           for o, _, size in entries):
                        start = candidate
            if start is None:
                start = self._ends.get(address)
            if start is None:
                break
            address = start
            found.append(address)
        return found[::-1]

    def labels_in(self, bank: int | None = None, stride: int | None = None) -> dict[int, str]:
        """{address: label} as the disassembler names addresses; given the bank mapped and the
        cartridge's bank stride, that bank's labels only (labels_by_address)."""
        if bank is None or not stride or self._table is None:
            return self.by_address
        if (bank, stride) not in self._bank_labels:
            self._bank_labels[bank, stride] = labels_by_address(self._table, bank, stride)
        return self._bank_labels[bank, stride]

    def label_at(self, address: int, bank: int | None = None, stride: int | None = None) -> str | None:
        return self.labels_in(bank, stride).get(address)

    def describe(self, address: int) -> str:
        """`label`, `label+3` (nearest label below) or the hex address."""
        best = None
        for addr, name in self._sorted:
            if addr > address:
                break
            best = (addr, name)
        if best is None:
            return f"{address:03X}"
        return best[1] if best[0] == address else f"{best[1]}+{address - best[0]}"


def symbols_beside(cart) -> Path | None:
    """The assembler's symbol file next to a cartridge image (game.bin -> game.sym.json)."""
    if cart is None or isinstance(cart, (bytes, bytearray, memoryview)):
        return None
    path = Path(cart).with_suffix(".sym.json")
    return path if path.is_file() else None


# ---- breakpoints ----

@dataclass
class Breakpoint:
    number: int
    kind: str                        # "pc", "irq", "frame", or a memory space: "iram" "xram" "vdc"
    start: int = 0
    end: int = 0                     # inclusive
    access: int = 0                  # WATCH_* for memory spaces
    condition: object = None         # an Expr, or None
    enabled: bool = True
    hits: int = 0
    temporary: bool = field(default=False, repr=False)
    place: str | None = field(default=None, repr=False)   # its label in its bank, when banked

    def what(self, symbols: Symbols) -> str:
        """Where it stops and on what condition: `at double (425) if R0 == 3`."""
        if self.kind == "pc":
            what = f"at {self.place or symbols.describe(self.start)} ({self.start:03X})"
        elif self.kind == "irq":
            what = "on interrupt entry"
        elif self.kind == "frame":
            what = f"at frame {self.start}"
        else:
            kind = {WATCH_READ: "read", WATCH_WRITE: "write"}.get(self.access, "access")
            where = f"{self.start:02X}" if self.start == self.end else f"{self.start:02X}..{self.end:02X}"
            what = f"on {self.kind} {where} {kind}"
        return what + (f" if {self.condition.text}" if self.condition is not None else "")

    def listing(self, symbols: Symbols) -> str:
        """Its line in `breaks`."""
        state = "" if self.enabled else " (disabled)"
        return f"{self.number}: {self.what(symbols)}{state}, hit {self.hits}"


# ---- the debugger ----

@dataclass
class _Command:
    fn: object
    usage: str
    summary: str


class Debugger:
    """A debugging session on one Odyssey2. symbols: a .sym.json path, a Symbols or None."""

    def __init__(self, machine, symbols=None, out=None, history_every=HISTORY_EVERY,
                 history_size=HISTORY_SIZE):
        self.machine = machine
        self.symbols = symbols if isinstance(symbols, Symbols) else (
            Symbols.load(symbols) if symbols else Symbols())
        self.out = out or sys.stdout
        self.core = machine.debug_core(history_every, history_size)
        self.breakpoints: dict[int, Breakpoint] = {}
        self._next_number = 1
        self._conditioned: set[int] = set()     # PCs with a condition in the C table
        self._trace = None
        self.finished = False
        self.commands = self._command_table()

    # ---- beside a window ----

    def attach(self):
        """Takes the machine over again after it ran without the debugger (the SDL window):
        history restarts here; breakpoints are set again by the next run."""
        self.core.forget()

    def detach(self):
        """Lets the machine run as if no debugger were there; breakpoints stay listed."""
        self._clear_tables()
        self.core.set_irq_break(False)
        self.core.changed()

    # ---- output ----

    def say(self, text: str = ""):
        self.out.write(text + "\n")

    # ---- the command language ----

    def execute(self, line: str):
        """Runs one command line; DebugError for a bad command or argument."""
        try:
            words = shlex.split(line, comments=True)
        except ValueError as e:
            raise DebugError(f"cannot split the line: {e}") from None
        if not words:
            return
        name, args = words[0].lower(), words[1:]
        command = self.commands.get(self._ALIASES.get(name, name)) or self._by_prefix(name)
        if command is None:
            raise DebugError(f"unknown command {words[0]!r} (try 'help')")
        try:
            command.fn(args)
        except ExprError as e:
            raise DebugError(str(e)) from None

    def _by_prefix(self, prefix: str) -> _Command | None:
        """The command a unique prefix names; when one candidate begins every other (`bre`:
        break, breaks) it is that one. DebugError when the prefix is ambiguous."""
        names = sorted(n for n in self.commands if n.startswith(prefix))
        if not names:
            return None
        if all(n.startswith(names[0]) for n in names):
            return self.commands[min(names, key=len)]
        raise DebugError(f"{prefix!r} is ambiguous: {', '.join(names)}")

    def run_script(self, path) -> int:
        """Runs every line of a script; stops at the first error with `file:line: message`.
        Returns the exit status (0, or 2 after an error)."""
        try:
            lines = read_text(path, TEXT_LIMIT, "debugger script").splitlines()
        except InputFileError as e:
            raise DebugError(f"{path}: cannot read the script ({e.reason})") from None
        for number, line in enumerate(lines, 1):
            if self.finished:
                break
            try:
                self.execute(line)
            except DebugError as e:
                print(f"{path}:{number}: {e}", file=sys.stderr)
                return 2
        return 0

    def run_prompt(self, prompt: str = "(o2) ") -> None:
        """The interactive prompt until `quit` or end of input; Ctrl-C stops a long run."""
        readline = None
        if sys.stdin.isatty():       # piped commands stay out of the user's history
            try:
                import readline
            except ImportError:      # no readline on this platform: a plain prompt
                pass
        if readline is not None:
            readline.set_completer(self._complete)
            readline.set_completer_delims(" \t")
            readline.parse_and_bind("tab: complete")
            try:
                readline.read_history_file(HISTORY_FILE)
            except OSError:
                pass
        self.finished = False
        self.show_location()
        last = ""
        while not self.finished:
            try:
                line = input(prompt)
            except EOFError:
                self.say()
                break
            except KeyboardInterrupt:
                self.say()
                continue
            if line.strip():
                last = line
            elif last:             # an empty line repeats the last command, as in gdb
                line = last
            try:
                self.execute(line)
            except DebugError as e:
                self.say(f"error: {e}")
            except KeyboardInterrupt:
                self.say("interrupted")
                self.show_location()
        if readline is not None:
            try:
                readline.write_history_file(HISTORY_FILE)
            except OSError:
                pass

    def _complete(self, text: str, state: int):
        import readline
        matches = self.completions(readline.get_line_buffer()[:readline.get_begidx()], text)
        return matches[state] if state < len(matches) else None

    def completions(self, before: str, text: str) -> list[str]:
        """What Tab offers for the word `text` after `before`: a command first, then labels,
        registers and the commands' keywords."""
        if not before.strip():
            options = set(self.commands) | set(self._ALIASES)
        else:
            options = set(self.symbols.labels) | set(COMPLETION_WORDS)
        return sorted(o for o in options if o.lower().startswith(text.lower()))

    _ALIASES = {"s": "step", "n": "next", "c": "continue", "cont": "continue", "b": "break",
                "r": "regs", "p": "print", "x": "dis", "q": "quit", "exit": "quit",
                "info": "breaks", "?": "help"}

    def _command_table(self) -> dict[str, _Command]:
        table = {}
        for attr in dir(self):
            if attr.startswith("cmd_"):
                fn = getattr(self, attr)
                usage, _, summary = (fn.__doc__ or "").strip().partition(" -- ")
                table[attr[4:]] = _Command(fn, usage, summary)
        return table

    # ---- argument helpers ----

    def _count(self, args, default=1) -> int:
        if not args:
            return default
        value = parse_constant(" ".join(args), self.symbols.labels)
        if value < 0:
            raise DebugError(f"a count cannot be negative: {value}")
        return value

    def _address(self, text: str) -> int:
        value = parse_constant(text, self.symbols.labels)
        if not 0 <= value < PROGRAM_SIZE:
            raise DebugError(f"address {value:#x} is outside program space (000-FFF)")
        return value

    # ---- where we are ----

    def beam(self) -> tuple[int, int]:
        """(VDC line, half-clock in the line) now."""
        return self.core.beam()

    def disassemble(self, address: int) -> tuple[int, str]:
        """(length, text) of the instruction at address as mapped now, targets named by label."""
        text, length = disassemble_one(lambda a: self.core.program(a, 1)[0], address,
                                       self.symbols.labels_in(*self._bank_and_stride(address)))
        return length, text

    def _dis_lines(self, address: int, count: int, mark: int | None) -> list[str]:
        lines = []
        for _ in range(count):
            label = self.symbols.label_at(address, *self._bank_and_stride(address))
            if label:
                lines.append(f"{label}:")
            length, text = self.disassemble(address)
            code = " ".join(f"{b:02X}" for b in self.core.program(address, length))
            where = self.symbols.where(address, *self._bank_and_stride(address))
            marker = "=>" if address == mark else "  "
            lines.append(f"{marker} {address:03X}  {code:<6} {text:<22}{where}".rstrip())
            address = operand_address(address, length)
        return lines

    def _bank_and_stride(self, address: int):
        """The cartridge bank mapped now and its stride in the image, for cartridge addresses
        (0x400 up) of a cartridge with banks; (None, None) otherwise."""
        layout = cart_layout(self.machine.cart_size)
        stride = layout.bank_stride if layout else None
        if address < CART_ORIGIN or not stride or self.machine.cart_size <= stride:
            return None, None
        return self.machine.cart_bank, stride

    def show_location(self):
        pc = self.machine.cpu.pc
        self.say("\n".join(self._dis_lines(pc, 1, pc)))

    # ---- running ----

    def _clear_tables(self):
        self.core.breakpoints[:] = 0
        for watch in self.core.watches.values():
            watch[:] = 0

    def _sync_tables(self):
        """Writes the enabled breakpoints into the C tables."""
        core = self.core
        self._clear_tables()
        irq = False
        conditions: dict[int, list | None] = {}   # PC -> the OR of its conditions, None: always
        for bp in self.breakpoints.values():
            if not bp.enabled:
                continue
            if bp.kind == "pc":
                core.breakpoints[bp.start] = 1
                if bp.start in conditions and conditions[bp.start] is None:
                    pass                                    # already unconditional
                elif bp.condition is None:
                    conditions[bp.start] = None
                elif bp.start in conditions:
                    conditions[bp.start] += list(bp.condition.code) + [EXPR_OPS["OR"]]
                else:
                    conditions[bp.start] = list(bp.condition.code)
            elif bp.kind == "irq":
                irq = True
            elif bp.kind in DEBUG_SPACES:
                core.watches[bp.kind][bp.start:bp.end + 1] |= bp.access
        for pc in self._conditioned - set(conditions):
            core.set_condition(pc, None)
        for pc, code in conditions.items():
            core.set_condition(pc, code)
        self._conditioned = {pc for pc, code in conditions.items() if code}
        core.set_irq_break(irq)
        core.changed()

    def _holds(self, matches, detail: str = "") -> bool:
        """Reports the enabled breakpoints that match and whose condition holds; any?"""
        held = [bp for bp in self.breakpoints.values() if bp.enabled and matches(bp)
                and (bp.condition is None or self.core.eval(bp.condition.code) != 0)]
        for bp in held:
            bp.hits += 1
            what = "until" if bp.temporary else f"breakpoint {bp.number}"
            self.say(f"{what}: {bp.what(self.symbols)}{detail}")
        return bool(held)

    def _run(self, steps=None, cycle=None, frame=None, sp=None) -> bool:
        """Runs with the enabled breakpoints until a limit (True) or a breakpoint that holds
        (False, after reporting it). Frame breakpoints become frame limits."""
        self._sync_tables()
        while True:
            now = self.machine.frame
            frame_bps = [bp for bp in self.breakpoints.values()
                         if bp.enabled and bp.kind == "frame" and bp.start > now]
            # C runs end at least every CONTINUE_CHUNK_FRAMES so that Ctrl-C gets through, and
            # at every frame boundary while the machine has frame hooks (Odyssey2.on_frame), so
            # they see every frame the debugger runs, as they do when the machine runs itself.
            chunk = 1 if len(self.machine.hooks) else CONTINUE_CHUNK_FRAMES
            limit = min([now + chunk] + [bp.start for bp in frame_bps]
                        + ([frame] if frame is not None else []))
            stop = self.core.run(steps=steps, cycle=cycle, frame=limit, sp=sp)
            self.machine.frames_passed(now)
            if self._trace is not None:
                self._trace.write(trace_lines(self.core.take_trace()))
            if steps is not None:
                steps -= stop.steps
            if stop.reason == DEBUG_TRACE_FULL:
                continue
            m = self.machine
            if stop.reason == DEBUG_BREAK:
                if self._holds(lambda bp: bp.kind == "pc" and bp.start == m.cpu.pc):
                    return False
                continue
            if stop.reason == DEBUG_WATCH:
                space = SPACE_BY_CODE[stop.space]
                verb = "wrote" if stop.access == WATCH_WRITE else "read"
                if self._holds(lambda bp: bp.kind == space and bp.start <= stop.addr <= bp.end
                               and bp.access & stop.access,
                               f": {verb} {space}[{stop.addr:02X}] = {stop.value:02X}"):
                    return False
                continue
            if stop.reason == DEBUG_IRQ:
                if self._holds(lambda bp: bp.kind == "irq", f": vector {m.cpu.pc:03X}"):
                    return False
                continue
            if stop.reason == DEBUG_RETURN:
                return True
            if self._holds(lambda bp: bp in frame_bps and bp.start == m.frame):
                return False
            if ((steps is not None and steps <= 0) or (cycle is not None and m.cycles >= cycle)
                    or (frame is not None and m.frame >= frame)):
                return True

    # ---- execution commands ----

    def cmd_step(self, args):
        """step [N] -- run N instructions (1), stopping at breakpoints"""
        n = self._count(args)
        if n:
            self._run(steps=n)
        self.show_location()

    def cmd_next(self, args):
        """next [N] -- like step, but a CALL (or an interrupt entry) runs until it returns"""
        for _ in range(self._count(args)):
            sp = self.machine.cpu.psw & PSW_SP
            if not self._run(steps=1):
                break
            if self.machine.cpu.psw & PSW_SP == (sp + 1) % STACK_DEPTH:
                if not self._run(sp=sp):
                    break
        self.show_location()

    def cmd_finish(self, args):
        """finish -- run until the current subroutine or interrupt routine returns"""
        sp = self.machine.cpu.psw & PSW_SP
        if sp == 0:
            raise DebugError("finish: not inside a subroutine (SP is 0)")
        self._run(sp=sp - 1)
        self.show_location()

    def cmd_continue(self, args):
        """continue -- run until a breakpoint (Ctrl-C stops it)"""
        self._run()
        self.show_location()

    def cmd_frame(self, args):
        """frame [N] -- run to the start of the Nth next frame (1)"""
        n = self._count(args)
        if self._run(frame=self.machine.frame + n):
            self.say(f"frame {self.machine.frame}")
        self.show_location()

    def cmd_line(self, args):
        """line [N] -- run to the start of the Nth next scanline (1)"""
        n = self._count(args)
        if self._run(cycle=self.core.line_start_cycle(n)):
            line, hc = self.beam()
            self.say(f"line {line} (half-clock {hc})")
        self.show_location()

    def cmd_until(self, args):
        """until ADDR|LABEL -- run until the PC gets there"""
        if not args:
            raise DebugError("until needs an address or label")
        address = self._address(" ".join(args))
        temp = Breakpoint(0, "pc", address, address, temporary=True)
        self.breakpoints[0] = temp
        try:
            self._run()
        finally:
            del self.breakpoints[0]
        self.show_location()

    def cmd_back(self, args):
        """back [N] -- go back N instructions (1), by re-executing from a snapshot"""
        n = self._count(args)
        if not self.core.back(n):
            raise DebugError(f"back {n}: that is older than the history held")
        self.show_location()

    def cmd_rewind(self, args):
        """rewind [N] -- go back to the start of the Nth previous frame (1)"""
        n = self._count(args)
        if n == 0:
            return
        latest = self.machine.frame - (1 if self.core.at_frame_start else 0)
        target = latest - (n - 1)
        if target < 0 or not self.core.rewind_to(target):
            raise DebugError(f"rewind {n}: that is older than the history held")
        self.say(f"frame {self.machine.frame}")
        self.show_location()

    # ---- breakpoints ----

    def _add(self, bp: Breakpoint) -> Breakpoint:
        bp.number = self._next_number
        self._next_number += 1
        self.breakpoints[bp.number] = bp
        self.say(f"breakpoint {bp.number}: {bp.what(self.symbols)}")
        return bp

    def cmd_break(self, args):
        """break [bankN:]ADDR|LABEL|irq|frame N|iram|xram|vdc ADDR[..END] [read|write|access] [if COND] -- set a breakpoint"""
        if not args:
            raise DebugError("break needs a place: an address, a label, irq, frame N, iram/xram/vdc ADDR")
        words = list(args)
        condition, text = None, None
        if "if" in (w.lower() for w in words):
            at = [w.lower() for w in words].index("if")
            text = " ".join(words[at + 1:])
            if not text:
                raise DebugError("break ... if: the condition is missing")
            condition = parse(text, self.symbols.labels)
            words = words[:at]
        banked = BANKED_PLACE.fullmatch(" ".join(words))
        if banked:                   # bankN:ADDR: a PC breakpoint that holds in that bank only
            bank = int(banked.group(1), 0)
            condition = parse(f"bank == {bank}" + (f" && ({text})" if text else ""),
                              self.symbols.labels)
            words = [banked.group(2)]
        if not words:
            raise DebugError("break needs a place before 'if'")
        kind = words[0].lower()
        if kind == "irq":
            if len(words) > 1:
                raise DebugError(f"break irq takes no argument, not {words[1]!r}")
            self._add(Breakpoint(0, "irq", condition=condition))
        elif kind == "frame":
            if len(words) != 2:
                raise DebugError("break frame needs one frame number")
            self._add(Breakpoint(0, "frame", self._count(words[1:]), condition=condition))
        elif kind in DEBUG_SPACES:
            if len(words) not in (2, 3):
                raise DebugError(f"break {kind} needs ADDR[..END] and optionally read, write or access")
            start, end = self._range(kind, words[1])
            access = WATCH_WRITE
            if len(words) == 3:
                if words[2].lower() not in ACCESS_NAMES:
                    raise DebugError(f"access must be read, write or access, not {words[2]!r}")
                access = ACCESS_NAMES[words[2].lower()]
            self._add(Breakpoint(0, kind, start, end, access, condition=condition))
        else:
            address = self._address(" ".join(words))
            if banked:
                bank = int(banked.group(1), 0)
            else:
                bank = self._label_bank(" ".join(words), address)
                if bank is None:
                    bank = self._only_bank(address)
                if bank is not None:     # a label or code of one bank: stop in that bank
                    condition = parse(f"bank == {bank}" + (f" && ({text})" if text else ""),
                                      self.symbols.labels)
            _, stride = self._bank_and_stride(address)
            place = self.symbols.label_at(address, bank, stride) if bank is not None and stride else None
            self._add(Breakpoint(0, "pc", address, address, condition=condition, place=place))

    def _label_bank(self, name: str, address: int) -> int | None:
        """The bank a label of a banked cartridge belongs to (its offset in the image, from
        the symbol file), or None (not a label with an offset, or no banks)."""
        _, stride = self._bank_and_stride(address)
        offset = self.symbols.label_offsets.get(name.strip())
        return None if stride is None or offset is None else offset // stride

    def _only_bank(self, address: int) -> int | None:
        """The bank of a banked cartridge whose code alone has a statement starting at
        `address` (the symbol file's offsets), or None (any bank, or no symbols there)."""
        _, stride = self._bank_and_stride(address)
        if stride is None:
            return None
        banks = {offset // stride for offset, _, _ in self.symbols.statements.get(address, ())
                 if offset >= 0}
        return banks.pop() if len(banks) == 1 else None

    def _range(self, space: str, text: str) -> tuple[int, int]:
        first, _, last = text.partition("..")
        start = parse_constant(first, self.symbols.labels)
        end = parse_constant(last, self.symbols.labels) if last else start
        size = DEBUG_SPACE_SIZES[space]
        if not (0 <= start <= end < size):
            raise DebugError(f"{space} addresses run 00..{size - 1:02X}; {text!r} is not a range in it")
        return start, end

    def cmd_breaks(self, args):
        """breaks -- list the breakpoints"""
        if not self.breakpoints:
            self.say("no breakpoints")
        for number in sorted(self.breakpoints):
            self.say(self.breakpoints[number].listing(self.symbols))

    def _numbers(self, args, verb: str) -> list[Breakpoint]:
        if not args:
            raise DebugError(f"{verb} needs breakpoint numbers or 'all'")
        if len(args) == 1 and args[0].lower() == "all":
            return [self.breakpoints[n] for n in sorted(self.breakpoints)]
        chosen = []
        for text in args:
            try:
                chosen.append(self.breakpoints[int(text)])
            except (ValueError, KeyError):
                raise DebugError(f"{verb}: no breakpoint {text!r}") from None
        return chosen

    def cmd_enable(self, args):
        """enable N...|all -- enable breakpoints"""
        for bp in self._numbers(args, "enable"):
            bp.enabled = True

    def cmd_disable(self, args):
        """disable N...|all -- disable breakpoints"""
        for bp in self._numbers(args, "disable"):
            bp.enabled = False

    def cmd_delete(self, args):
        """delete N...|all -- delete breakpoints"""
        for bp in self._numbers(args, "delete"):
            del self.breakpoints[bp.number]

    # ---- views ----

    def cmd_regs(self, args):
        """regs -- registers, flags and pins"""
        m = self.machine
        self.say(views.registers(m.cpu, [int(v) for v in m.cpu.r], m.frame))

    def cmd_iram(self, args):
        """iram -- internal RAM (64 bytes)"""
        self.say(views.hexdump(self.machine.iram))

    def cmd_xram(self, args):
        """xram -- external RAM (128 bytes)"""
        self.say(views.hexdump(self.machine.xram))

    def cmd_vdc(self, args):
        """vdc -- VDC registers as written, and decoded control, status, collision, colour, beam, sound"""
        written = self.core.vdc_registers()
        self.say(views.hexdump(written))
        self.say(views.vdc_summary(written, self.machine.vdc_regs, *self.core.sound()))

    def cmd_objects(self, args):
        """objects [sprites|chars|quads] -- objects: position, colour, attributes, shapes"""
        kinds = [a.lower() for a in args] or list(views.OBJECT_KINDS)
        unknown = [k for k in kinds if k not in views.OBJECT_KINDS]
        if unknown:
            raise DebugError(f"objects: {unknown[0]!r} is not one of sprites, chars, quads")
        self.say(views.objects(self.core.vdc_registers(), self.core.charset, kinds))

    def cmd_grid(self, args):
        """grid -- the grid segments drawn as text"""
        self.say(views.grid(self.core.vdc_registers()))

    def cmd_game(self, args):
        """game -- the cartridge's game state decoded (a cartridge with a game wrapper)"""
        from emu.debugger.game import game_view
        self.say(game_view(self.machine, self.symbols.path))

    def cmd_beam(self, args):
        """beam -- where the beam is: frame, line, half-clock"""
        line, hc = self.beam()
        self.say(f"frame {self.machine.frame}  line {line}  half-clock {hc}  cycle {self.machine.cycles}")

    def cmd_timer(self, args):
        """timer -- the 8048's timer/counter"""
        self.say(views.timer(self.machine.cpu))

    def cmd_sound(self, args):
        """sound -- the sound registers"""
        self.say(views.sound(*self.core.sound()))

    def cmd_dis(self, args):
        """dis [ADDR] [N] -- disassemble N instructions (8) from ADDR, or around the PC"""
        pc = self.machine.cpu.pc
        if args:
            address, count = self._address(args[0]), self._count(args[1:], 8)
        else:
            before = self.symbols.statements_before(pc, DIS_BEFORE_PC, *self._bank_and_stride(pc))
            address, count = (before[0] if before else pc), len(before) + DIS_FROM_PC
        self.say("\n".join(self._dis_lines(address, count, pc)))

    def cmd_print(self, args):
        """print EXPR -- an expression's value (registers, iram[], xram[], vdc[], labels)"""
        if not args:
            raise DebugError("print needs an expression")
        value = self.core.eval(parse(" ".join(args), self.symbols.labels).code)
        self.say(f"{value} (0x{value & 0xFFFF:X})" if value >= 0 else str(value))

    # ---- inputs (they change the machine: history starts afresh) ----

    def cmd_press(self, args):
        """press KEY... -- hold console keys down (0-9, A-Z, SPACE, YES, NO, ENTER, ...)"""
        self._keys(args, "press", self.machine.press)

    def cmd_release(self, args):
        """release KEY... -- let console keys go"""
        self._keys(args, "release", self.machine.release)

    def _keys(self, args, verb: str, change):
        if not args:
            raise DebugError(f"{verb} needs key names")
        for key in args:                       # all names checked before any key moves
            if key.upper() != RESET_KEY:
                try:
                    key_position(key)
                except ValueError as e:
                    raise DebugError(str(e)) from None
        for key in args:
            change(key)
        self.core.forget()

    def cmd_joy(self, args):
        """joy 0|1 [up right down left fire] -- set a joystick (0 left); unnamed ones released"""
        if not args or args[0] not in ("0", "1"):
            raise DebugError("joy needs the joystick, 0 (left) or 1 (right), then directions")
        held = [a.lower() for a in args[1:]]
        unknown = [h for h in held if h not in JOYSTICK_BITS]
        if unknown:
            raise DebugError(f"joy: {unknown[0]!r} is not one of {', '.join(JOYSTICK_BITS)}")
        self.machine.joystick(int(args[0]), **{h: True for h in held})
        self.core.forget()

    # ---- files ----

    def cmd_save(self, args):
        """save FILE -- write a save state"""
        path = self._one_path(args, "save")
        try:
            write_output(path, self.machine.save_state())
        except OutputFileError as e:
            raise DebugError(str(e)) from None
        self.say(f"saved {path}")

    def cmd_load(self, args):
        """load FILE -- load a save state (history restarts there)"""
        path = self._one_path(args, "load")
        try:
            data = read_input(path, STATE_LIMIT, "save state")
        except InputFileError as e:
            raise DebugError(str(e)) from None
        try:
            self.machine.load_state(data)
        except O2Error as e:
            raise DebugError(f"{path}: {e}") from None
        self.core.forget()
        self.show_location()

    def cmd_screen(self, args):
        """screen FILE.png -- save the screen as drawn so far"""
        path = self._one_path(args, "screen")
        from PIL import Image
        try:
            with atomic_output(path) as handle:
                Image.fromarray(self.machine.screen).save(handle, format="PNG")
        except OutputFileError as e:
            raise DebugError(str(e)) from None
        self.say(f"saved {path}")

    def cmd_trace(self, args):
        """trace on FILE|off -- write each executed instruction to FILE as `o2 trace` does"""
        if args[:1] == ["off"] and len(args) == 1:
            self._stop_trace()
            return
        if len(args) != 2 or args[0] != "on":
            raise DebugError("usage: trace on FILE, or trace off")
        self._stop_trace()
        try:
            self._trace = open(args[1], "w", encoding="ascii")
        except OSError as e:
            raise DebugError(f"{args[1]}: cannot write the trace ({e.strerror or e})") from None
        self.core.trace_on()
        self.say(f"tracing to {args[1]}")

    def _stop_trace(self):
        if self._trace is not None:
            self.core.trace_off()
            self._trace.close()
            self._trace = None

    def close(self):
        """Ends the session: closes a trace file."""
        self._stop_trace()

    def _one_path(self, args, verb: str) -> str:
        if len(args) != 1:
            raise DebugError(f"{verb} needs one file name")
        return args[0]

    def cmd_help(self, args):
        """help [COMMAND] -- list the commands, or one command's usage"""
        if args:
            name = self._ALIASES.get(args[0].lower(), args[0].lower())
            if name not in self.commands:
                raise DebugError(f"no command {args[0]!r}")
            c = self.commands[name]
            self.say(f"{c.usage}\n    {c.summary}")
            return
        for name in sorted(self.commands):
            c = self.commands[name]
            self.say(f"{c.usage:<34} {c.summary}")

    def cmd_quit(self, args):
        """quit -- leave the debugger"""
        self.finished = True
