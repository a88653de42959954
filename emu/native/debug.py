"""The debugger's C side (native/debug.c): DebugCore, its expression programs and stop reasons."""
import collections as _collections

import numpy as _np

from emu.native.extension import ffi, lib
from emu.native.machine import Machine, trace_rows

DEBUG_SPACES = {"iram": lib.O2_SPACE_IRAM, "xram": lib.O2_SPACE_XRAM, "vdc": lib.O2_SPACE_VDC}
DEBUG_SPACE_SIZES = {"iram": lib.O2_IRAM_SIZE, "xram": lib.O2_XRAM_SIZE, "vdc": lib.O2_VDC_REGISTER_COUNT}
WATCH_READ, WATCH_WRITE = lib.O2_WATCH_READ, lib.O2_WATCH_WRITE
DEBUG_DONE, DEBUG_BREAK, DEBUG_WATCH, DEBUG_IRQ, DEBUG_RETURN, DEBUG_TRACE_FULL = (
    lib.O2_DEBUG_DONE, lib.O2_DEBUG_BREAK, lib.O2_DEBUG_WATCH, lib.O2_DEBUG_IRQ, lib.O2_DEBUG_RETURN,
    lib.O2_DEBUG_TRACE_FULL)
_NO_LIMIT = (1 << 64) - 1

DebugStop = _collections.namedtuple("DebugStop", "reason steps space access addr value")

# The expression programs' words (o2.h): operators, registers, the deepest stack.
EXPR_OPS = {name: getattr(lib, f"O2_OP_{name}") for name in (
    "NUM", "REG", "MEM", "NOT", "INV", "NEG", "OR", "AND", "EQ", "NE", "LT", "LE", "GT", "GE",
    "BOR", "BXOR", "BAND", "SHL", "SHR", "ADD", "SUB")}
EXPR_REGISTERS = {name.lower(): getattr(lib, f"O2_REG_{name}") for name in (
    "A", "PC", "PSW", "SP", "CY", "AC", "F0", "F1", "BS", "MB", "T", "FRAME", "CYCLES", "LINE",
    "BANK")}
EXPR_REGISTERS.update({f"r{n}": lib.O2_REG_R0 + n for n in range(8)})
EXPR_STACK = lib.O2_EXPR_STACK


def _eval(d, code) -> int:
    program = ffi.new("int64_t[]", list(code))
    value = ffi.new("int64_t *")
    if lib.o2_debug_eval(d, program, len(code), value) != lib.O2_OK:
        raise ValueError(f"o2_debug_eval refused the program {code}")
    return value[0]


def eval_constant(code) -> int:
    """The value of an expression program (emu.debugger.expr) that reads no machine state."""
    return _eval(ffi.NULL, code)


# o2_debug_free detaches from its machine, so each debugger keeps its machine's handle alive
# here, out of reach of the cycle collector (which may clear a closure's references first).
_debugged_machines = {}


def _free_debugger(d):
    lib.o2_debug_free(d)
    del _debugged_machines[int(ffi.cast("uintptr_t", d))]


class DebugCore:
    """The debugger's C side on one Machine: breakpoint and watch tables as writable numpy views
    (call changed() after editing them), runs with limits that report why they stopped, and the
    history of snapshots behind back() and rewind_to()."""

    def __init__(self, machine: Machine, every: int, capacity: int):
        self._machine = machine              # the C debugger points into it: keep it alive
        raw = lib.o2_debug_new(machine._m, every, capacity)
        if raw == ffi.NULL:
            raise MemoryError("o2_debug_new: out of memory for the history")
        _debugged_machines[int(ffi.cast("uintptr_t", raw))] = machine._m
        self._d = ffi.gc(raw, _free_debugger)
        self.breakpoints = _np.frombuffer(ffi.buffer(lib.o2_debug_breakpoints(self._d), 4096),
                                          dtype=_np.uint8)
        self.watches = {name: _np.frombuffer(ffi.buffer(lib.o2_debug_watches(self._d, space),
                                                        DEBUG_SPACE_SIZES[name]), dtype=_np.uint8)
                        for name, space in DEBUG_SPACES.items()}
        self.charset = bytes(ffi.buffer(lib.o2_debug_charset(self._d), 512))
        self._limits = ffi.new("o2_debug_limits *")
        self._stop = ffi.new("o2_debug_stop *")
        self._trace = None

    def changed(self):
        lib.o2_debug_changed(self._d)

    def set_irq_break(self, on: bool):
        lib.o2_debug_set_irq_break(self._d, int(on))

    def run(self, steps=None, cycle=None, frame=None, sp=None, replay=False) -> DebugStop:
        """Runs until a limit (None: none) or a stop; see o2_debug_limits in native/o2.h."""
        lim = self._limits
        lim.steps = _NO_LIMIT if steps is None else steps
        lim.cycle = _NO_LIMIT if cycle is None else cycle
        lim.frame = _NO_LIMIT if frame is None else frame
        lim.sp = -1 if sp is None else sp
        lim.replay = int(replay)
        lib.o2_debug_run(self._d, lim, self._stop)
        s = self._stop
        return DebugStop(s.reason, s.steps, s.space, s.access, s.addr, s.value)

    def forget(self):
        """History restarts at the current position (after a load, a reset, an input change)."""
        lib.o2_debug_forget(self._d)

    def history(self) -> list[tuple[int, int]]:
        """(cycle, frame) of every snapshot held, oldest first."""
        return [(lib.o2_debug_history_cycle(self._d, i), lib.o2_debug_history_frame(self._d, i))
                for i in range(lib.o2_debug_history(self._d))]

    def back(self, steps: int) -> bool:
        """Back that many instructions (interrupt entries count as one); False: not in history."""
        return lib.o2_debug_back(self._d, steps) == lib.O2_OK

    def rewind_to(self, frame: int) -> bool:
        """To the first instruction boundary of that frame; False: not in history."""
        return lib.o2_debug_rewind_to(self._d, frame) == lib.O2_OK

    @property
    def at_frame_start(self) -> bool:
        return bool(lib.o2_debug_at_frame_start(self._d))

    def program(self, addr: int, n: int) -> bytes:
        """n bytes of program space from addr (12-bit, wrapping), through the current banking."""
        return bytes(lib.o2_debug_program(self._d, (addr + i) & 0xFFF) for i in range(n))

    def beam(self) -> tuple[int, int]:
        """(VDC line, half-clock in the line) at the machine's time; the VDC is not touched."""
        line, x = ffi.new("uint32_t *"), ffi.new("uint32_t *")
        lib.o2_debug_beam(self._d, line, x)
        return line[0], x[0]

    def line_start_cycle(self, lines: int) -> int:
        """The cycle at which the beam starts the `lines`th next line."""
        return lib.o2_debug_line_start_cycle(self._d, lines)

    def trace_on(self, capacity: int = 4096):
        """Record an o2_trace_entry per executed instruction (runs stop with DEBUG_TRACE_FULL
        when `capacity` are waiting); take_trace() hands them over."""
        self._trace = ffi.new("o2_trace_entry[]", capacity)
        lib.o2_debug_set_trace(self._d, self._trace, capacity)

    def trace_off(self):
        lib.o2_debug_set_trace(self._d, ffi.NULL, 0)
        self._trace = None

    def take_trace(self) -> dict:
        """The entries recorded since the last take, as trace_rows() gives them."""
        return trace_rows(self._trace, lib.o2_debug_take_trace(self._d))

    def vdc_registers(self) -> bytes:
        """The VDC's registers as written (what it draws with), see o2_vdc_registers."""
        return self._machine.vdc_registers()

    def sound(self) -> tuple[int, int]:
        """(24-bit shift register, control register) as the sound chip has them now."""
        shift, control = ffi.new("uint32_t *"), ffi.new("uint8_t *")
        lib.o2_debug_sound(self._d, shift, control)
        return shift[0], control[0]

    def eval(self, code) -> int:
        """The value of an expression program (emu.debugger.expr) on this machine now."""
        return _eval(self._d, code)

    def set_condition(self, pc: int, code):
        """The condition of the breakpoint at pc (None: it always stops)."""
        program = ffi.new("int64_t[]", list(code)) if code else ffi.NULL
        lib.o2_debug_set_condition(self._d, pc, program, len(code) if code else 0)
