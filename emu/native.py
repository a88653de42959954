"""The only module that calls the cffi extension (emu._native).

Everything else in the project goes through the wrappers defined here. Set O2_NATIVE_LIB to
the path of another build of the extension (e.g. the ASan/UBSan build of `make sanitize`) to
load that one instead.
"""
import importlib.machinery
import importlib.util
import os


def _load():
    override = os.environ.get("O2_NATIVE_LIB")
    if not override:
        from emu import _native
        return _native
    loader = importlib.machinery.ExtensionFileLoader("emu._native", override)
    spec = importlib.util.spec_from_file_location("emu._native", override, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


_ext = _load()
ffi, lib = _ext.ffi, _ext.lib


# ---- The console (native/machine.c, state.c) ----

import types as _types

import numpy as _np

# Every integer constant of o2.h without its prefix: O2.VDC_CONTROL is O2_VDC_CONTROL.
O2 = _types.SimpleNamespace(**{name[3:]: getattr(lib, name) for name in dir(lib)
                               if name.startswith("O2_") and isinstance(getattr(lib, name), int)})

REGIONS = {"ntsc": lib.O2_REGION_NTSC, "pal": lib.O2_REGION_PAL}
MODELS = {"hardware": lib.O2_MODEL_HARDWARE, "mame": lib.O2_MODEL_MAME}

STATE_ERRORS = {
    lib.O2_ERR_STATE_MAGIC: "not a save state of this emulator",
    lib.O2_ERR_STATE_VERSION: "save state from a newer version of this emulator",
    lib.O2_ERR_STATE_CORRUPT: "save state is truncated or corrupt",
    lib.O2_ERR_STATE_MISMATCH: "save state was made with another cartridge, BIOS, character set or region",
}

TRACE_FIELDS = ("cycle", "pc", "op", "a", "psw", "t")


def trace_rows(entries, count: int) -> dict:
    """The first `count` of an o2_trace_entry array as a dict of numpy arrays (TRACE_FIELDS and
    "r", shape (count, 8)); shared by Machine.trace and the debugger's `trace on`."""
    size = ffi.sizeof("o2_trace_entry")
    layout = _np.dtype({
        "names": list(TRACE_FIELDS) + ["r"],
        "formats": [_np.uint64, _np.uint16, _np.uint8, _np.uint8, _np.uint8, _np.uint8,
                    (_np.uint8, 8)],
        "offsets": [ffi.offsetof("o2_trace_entry", f) for f in TRACE_FIELDS]
                   + [ffi.offsetof("o2_trace_entry", "r")],
        "itemsize": size})
    rows = _np.frombuffer(ffi.buffer(entries, size * max(count, 1)), dtype=layout)[:count]
    return {name: rows[name].copy() for name in layout.names}


class Machine:
    """One console: a thin owner of an o2_machine handle. Sizes and values are checked by the
    caller (emu.odyssey2); errors come back as the C codes."""

    def __init__(self, region: str = "ntsc"):
        self._m = ffi.gc(lib.o2_new(REGIONS[region]), lib.o2_free)
        if self._m == ffi.NULL:
            raise MemoryError("o2_new failed")
        cpu = self._inside(lib.o2_cpu(self._m))
        self.cpu = cpu
        self.iram = self._view(cpu.ram, 64)
        self.xram = self._view(lib.o2_xram(self._m), 128)
        shape = (lib.O2_SCREEN_H, lib.O2_SCREEN_W, 3)
        self.screen = self._view(lib.o2_screen(self._m), shape[0] * shape[1] * 3).reshape(shape)
        self._count = ffi.new("uint32_t *")

    def _inside(self, pointer):
        """The pointer (into this machine's memory), holding the machine alive while it lives:
        views such as m.screen may outlive the Odyssey2 object that made them."""
        handle = self._m
        return ffi.gc(pointer, lambda _pointer, _keep=handle: None)

    def _view(self, pointer, size):
        return _np.frombuffer(ffi.buffer(self._inside(pointer), size), dtype=_np.uint8)

    def audio(self):
        """The int16 samples of the last complete frame (a copy)."""
        samples = lib.o2_audio(self._m, self._count)
        return _np.frombuffer(ffi.buffer(samples, 2 * self._count[0]), dtype=_np.int16).copy()

    def set_sample_rate(self, rate: int):
        lib.o2_set_sample_rate(self._m, rate)

    def load_bios(self, data: bytes) -> int:
        return lib.o2_load_bios(self._m, data, len(data))

    def load_charset(self, data: bytes) -> int:
        return lib.o2_load_charset(self._m, data, len(data))

    def load_cart(self, data: bytes) -> int:
        return lib.o2_load_cart(self._m, data, len(data))

    def power_on(self):
        lib.o2_power_on(self._m)

    def reset(self):
        lib.o2_reset(self._m)

    def set_reset(self, held: bool):
        lib.o2_set_reset(self._m, int(held))

    @property
    def model(self) -> str:
        return {lib.O2_MODEL_HARDWARE: "hardware", lib.O2_MODEL_MAME: "mame"}[lib.o2_model(self._m)]

    @model.setter
    def model(self, name: str):
        lib.o2_set_model(self._m, MODELS[name])

    def set_skip_idle(self, on: bool):
        lib.o2_set_skip_idle(self._m, int(on))

    def step(self) -> int:
        return lib.o2_step(self._m)

    def run_cycles(self, n: int) -> int:
        return lib.o2_run_cycles(self._m, n)

    def run_frames(self, n: int) -> int:
        return lib.o2_run_frames(self._m, n)

    @property
    def cycles(self) -> int:
        return lib.o2_cycles(self._m)

    @property
    def frame(self) -> int:
        return lib.o2_frame(self._m)

    @property
    def hc(self) -> int:
        return lib.o2_hc(self._m)

    @property
    def cart_bank(self) -> int:
        return lib.o2_cart_bank(self._m)

    def vdc_registers(self) -> bytes:
        """The 256 VDC registers as the program wrote them (o2_vdc_registers), a copy."""
        return bytes(ffi.buffer(lib.o2_vdc_registers(self._m), 256))

    def frame_start_cycle(self, frame: int) -> int:
        return lib.o2_frame_start_cycle(self._m, frame)

    def vdc_regs(self):
        return _np.array([lib.o2_vdc_peek(self._m, r) for r in range(256)], dtype=_np.uint8)

    def set_key(self, row: int, column: int, down: bool):
        lib.o2_set_key(self._m, row, column, int(down))

    def set_joystick(self, n: int, bits: int):
        lib.o2_set_joystick(self._m, n, bits)

    def trace(self, n: int):
        """Runs up to n instructions; returns a dict of numpy arrays (TRACE_FIELDS and "r",
        shape (count, 8)), one row per executed instruction."""
        out = ffi.new("o2_trace_entry[]", max(n, 1))
        count = lib.o2_trace_run(self._m, out, n)
        return trace_rows(out, count)

    def save_state(self) -> bytes:
        size = lib.o2_state_size(self._m)
        buf = ffi.new("uint8_t[]", size)
        written = lib.o2_save_state(self._m, buf, size)
        if written != size:
            raise RuntimeError(f"o2_save_state returned {written}")
        return bytes(ffi.buffer(buf, size))

    def load_state(self, data: bytes):
        """Returns None, or the one-line message of a refused state."""
        code = lib.o2_load_state(self._m, data, len(data))
        return None if code == lib.O2_OK else STATE_ERRORS.get(code, f"save state refused (code {code})")


# ---- Bare 8048 board (native/board8048.c, cpu8048.c) ----

import numpy as _np  # noqa: E402  (each section of this shared module keeps its own imports)

PORT_BUS, PORT_P1, PORT_P2 = lib.O2_PORT_BUS, lib.O2_PORT_P1, lib.O2_PORT_P2
PSW_CY, PSW_AC, PSW_F0, PSW_BS, PSW_SP = (lib.O2_PSW_CY, lib.O2_PSW_AC, lib.O2_PSW_F0,
                                          lib.O2_PSW_BS, lib.O2_PSW_SP)


def opcode_cycles(opcode: int) -> int:
    """Machine cycles of an 8048 opcode (1 or 2), from the core's own table."""
    return lib.o2_cpu_opcode_cycles(opcode)


def _cpu_field(name: str, doc: str) -> property:
    def get(self):
        return getattr(self._cpu, name)

    def set_(self, value):
        setattr(self._cpu, name, value)
    return property(get, set_, doc=doc)


def _psw_flag(mask: int, doc: str) -> property:
    def get(self):
        return int(bool(self._cpu.psw & mask))

    def set_(self, on):
        self._cpu.psw = (self._cpu.psw | mask) if on else (self._cpu.psw & ~mask & 0xFF)
    return property(get, set_, doc=doc)


def _pin_input(port: int, doc: str) -> property:
    def get(self):
        return int(self._pins[port])

    def set_(self, value):
        self._pins[port] = value
    return property(get, set_, doc=doc)


class Board8048:
    """A bare Intel 8048: 4 KiB of program memory, 256 bytes of MOVX data memory, port latches
    you can watch and input pins you can drive. Registers, flags and memory read and write as
    attributes; `ram`, `xram` and `registers` are numpy views of the live memory.

    >>> b = Board8048(bytes([0x23, 0x42, 0x39]))   # MOV A,#42h ; OUTL P1,A
    >>> b.step(), b.step(), hex(b.p1), b.cycles
    (2, 2, '0x42', 4)
    """

    PROGRAM_SIZE = lib.O2_BOARD_PROGRAM_SIZE

    def __init__(self, program: bytes = b"", *, on_port_write=None):
        self._board = ffi.gc(lib.o2_board_new(), lib.o2_board_free)
        if self._board == ffi.NULL:
            raise MemoryError("o2_board_new: out of memory")
        self._cpu = lib.o2_board_cpu(self._board)
        self._pins = lib.o2_board_pins(self._board)
        self.ram = _np.frombuffer(ffi.buffer(self._cpu.ram), dtype=_np.uint8)
        self.xram = _np.frombuffer(ffi.buffer(lib.o2_board_xram(self._board),
                                              lib.O2_BOARD_XRAM_SIZE), dtype=_np.uint8)
        self._hook = None
        self._hook_error = None
        self._on_port_write = None
        self.on_port_write = on_port_write
        if program:
            self.load(program)

    def load(self, program: bytes) -> None:
        """Puts the image at 0x000 (the rest of program memory becomes NOPs); no reset."""
        program = bytes(program)
        if lib.o2_board_load(self._board, program, len(program)) != lib.O2_OK:
            raise ValueError(f"program image is {len(program)} bytes; the 8048 addresses at most "
                             f"{self.PROGRAM_SIZE}")

    def reset(self) -> None:
        """The RESET pin: PC 0, SP 0, bank 0, MB 0, interrupts off, timer stopped, P1/P2 = FF."""
        lib.o2_board_reset(self._board)

    def step(self) -> int:
        """Runs one instruction (or an interrupt entry); returns its machine cycles."""
        cycles = lib.o2_board_step(self._board)
        self._raise_hook_error()
        return cycles

    def run(self, cycles: int) -> int:
        """Runs whole instructions until at least `cycles` more have elapsed (or a port hook
        calls stop()); returns how many elapsed."""
        ran = lib.o2_board_run(self._board, cycles)
        self._raise_hook_error()
        return ran

    def stop(self) -> None:
        """From on_port_write: run() returns once the current instruction has finished."""
        lib.o2_board_yield(self._board)

    # ---- register file ----
    a = _cpu_field("a", "accumulator")
    pc = _cpu_field("pc", "program counter (12 bits)")
    psw = _cpu_field("psw", "CY AC F0 BS 1 SP2 SP1 SP0")
    f1 = _cpu_field("f1", "user flag 1 (not in the PSW)")
    mb = _cpu_field("mb", "SEL MB0/MB1 latch, PC bit 11 at the next JMP/CALL")
    cycles = _cpu_field("cycles", "machine cycles since the board was made")
    timer = _cpu_field("timer", "timer/counter register T")
    prescaler = _cpu_field("prescaler", "cycles counted toward the next timer increment (0-31)")
    timer_mode = _cpu_field("timer_mode", "O2_TIMER_STOPPED / O2_TIMER_TIMER / O2_TIMER_COUNTER")
    timer_flag = _cpu_field("timer_flag", "set by overflow, cleared by JTF")
    tirq_pending = _cpu_field("tirq_pending", "timer interrupt requested and not yet taken")
    tirq_enabled = _cpu_field("tirq_enabled", "EN TCNTI")
    xirq_enabled = _cpu_field("xirq_enabled", "EN I")
    in_irq = _cpu_field("in_irq", "inside an interrupt routine (until RETR)")
    p1 = _cpu_field("p1", "port 1 output latch")
    p2 = _cpu_field("p2", "port 2 output latch")
    bus = _cpu_field("bus", "BUS output latch")
    t0 = _cpu_field("t0", "T0 pin level")
    int_pin = _cpu_field("int_pin", "1 while /INT is asserted (pin low)")
    cy = _psw_flag(PSW_CY, "carry")
    ac = _psw_flag(PSW_AC, "auxiliary carry")
    f0 = _psw_flag(PSW_F0, "user flag 0")
    bs = _psw_flag(PSW_BS, "register bank select")
    p1_in = _pin_input(PORT_P1, "what outside devices drive on P1 (IN reads p1 AND p1_in)")
    p2_in = _pin_input(PORT_P2, "what outside devices drive on P2 (IN reads p2 AND p2_in)")
    bus_in = _pin_input(PORT_BUS, "what outside devices drive on BUS (INS A,BUS reads it)")

    @property
    def sp(self) -> int:
        """stack pointer, PSW bits 2-0"""
        return self._cpu.psw & PSW_SP

    @sp.setter
    def sp(self, value: int) -> None:
        self._cpu.psw = (self._cpu.psw & ~PSW_SP & 0xFF) | (value & PSW_SP)

    @property
    def t1(self) -> int:
        """T1 pin level; setting it counts a 1->0 edge when the counter runs"""
        return self._cpu.t1

    @t1.setter
    def t1(self, level: int) -> None:
        lib.o2_board_set_t1(self._board, int(bool(level)))

    @property
    def registers(self):
        """R0-R7 of the selected bank, a numpy view into `ram`"""
        base = lib.O2_RAM_BANK1 if self.bs else 0
        return self.ram[base:base + 8]

    def r(self, n: int) -> int:
        """Rn of the selected bank."""
        return int(self.registers[n])

    # ---- port hook ----
    @property
    def on_port_write(self):
        """None, or a function(port, value) called after every output-latch write; port is
        PORT_BUS, PORT_P1 or PORT_P2. An exception it raises comes out of step()/run()."""
        return self._on_port_write

    @on_port_write.setter
    def on_port_write(self, fn) -> None:
        self._on_port_write = fn
        if fn is None:
            self._hook = None
            lib.o2_board_set_port_hook(self._board, ffi.NULL, ffi.NULL)
            return
        self._hook = ffi.callback("o2_port_hook", self._port_written)
        lib.o2_board_set_port_hook(self._board, self._hook, ffi.NULL)

    def _port_written(self, _ctx, port, value):
        if self._hook_error is not None:
            return
        try:
            self._on_port_write(port, value)
        except BaseException as error:  # re-raised by step()/run(); C cannot carry it
            self._hook_error = error

    def _raise_hook_error(self) -> None:
        if self._hook_error is not None:
            error, self._hook_error = self._hook_error, None
            raise error


# ---- Debugger (native/debug.c) ----

import collections as _collections  # noqa: E402  (each section of this shared module keeps its own imports)

import numpy as _np  # noqa: E402

DEBUG_SPACES = {"iram": lib.O2_SPACE_IRAM, "xram": lib.O2_SPACE_XRAM, "vdc": lib.O2_SPACE_VDC}
DEBUG_SPACE_SIZES = {"iram": 64, "xram": 128, "vdc": 256}
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
    """The value of an expression program (emu.debugger_expr) that reads no machine state."""
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
        """The value of an expression program (emu.debugger_expr) on this machine now."""
        return _eval(self._d, code)

    def set_condition(self, pc: int, code):
        """The condition of the breakpoint at pc (None: it always stops)."""
        program = ffi.new("int64_t[]", list(code)) if code else ffi.NULL
        lib.o2_debug_set_condition(self._d, pc, program, len(code) if code else 0)
