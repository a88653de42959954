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

import numpy as _np

REGIONS = {"ntsc": 0, "pal": 1}   # O2_REGION_NTSC / O2_REGION_PAL

STATE_ERRORS = {
    -2: "not a save state of this emulator",
    -3: "save state from a newer version of this emulator",
    -4: "save state is truncated or corrupt",
    -5: "save state was made with another cartridge, BIOS, character set or region",
}

TRACE_FIELDS = ("cycle", "pc", "op", "a", "psw", "t")


class Machine:
    """One console: a thin owner of an o2_machine handle. Sizes and values are checked by the
    caller (emu.odyssey2); errors come back as the C codes."""

    def __init__(self, region: str = "ntsc"):
        self._m = ffi.gc(lib.o2_new(REGIONS[region]), lib.o2_free)
        if self._m == ffi.NULL:
            raise MemoryError("o2_new failed")
        self._breakpoints = None
        cpu = lib.o2_cpu(self._m)
        self.cpu = cpu
        self.iram = _np.frombuffer(ffi.buffer(cpu.ram, 64), dtype=_np.uint8)
        self.xram = _np.frombuffer(ffi.buffer(lib.o2_xram(self._m), 128), dtype=_np.uint8)
        shape = (lib.O2_SCREEN_H, lib.O2_SCREEN_W, 3)
        self.screen = _np.frombuffer(ffi.buffer(lib.o2_screen(self._m), shape[0] * shape[1] * 3),
                                     dtype=_np.uint8).reshape(shape)
        self._count = ffi.new("uint32_t *")

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
    def hc_per_frame(self) -> int:
        return lib.o2_hc_per_frame(self._m)

    @property
    def cart_bank(self) -> int:
        return lib.o2_cart_bank(self._m)

    def vdc_peek(self, reg: int) -> int:
        return lib.o2_vdc_peek(self._m, reg)

    def vdc_regs(self):
        return _np.array([lib.o2_vdc_peek(self._m, r) for r in range(256)], dtype=_np.uint8)

    def set_key(self, row: int, column: int, down: bool):
        lib.o2_set_key(self._m, row, column, int(down))

    def set_joystick(self, n: int, bits: int):
        lib.o2_set_joystick(self._m, n, bits)

    def set_breakpoints(self, flags):
        """flags: 4096 bytes (1 = break before that PC) or None."""
        if flags is None:
            self._breakpoints = None
            lib.o2_set_breakpoints(self._m, ffi.NULL)
        else:
            self._breakpoints = ffi.new("uint8_t[4096]", bytes(flags))
            lib.o2_set_breakpoints(self._m, self._breakpoints)

    def trace(self, n: int):
        """Runs up to n instructions; returns a dict of numpy arrays (TRACE_FIELDS and "r",
        shape (count, 8)), one row per executed instruction."""
        out = ffi.new("o2_trace_entry[]", max(n, 1))
        count = lib.o2_trace_run(self._m, out, n)
        size = ffi.sizeof("o2_trace_entry")
        layout = _np.dtype({
            "names": list(TRACE_FIELDS) + ["r"],
            "formats": [_np.uint64, _np.uint16, _np.uint8, _np.uint8, _np.uint8, _np.uint8,
                        (_np.uint8, 8)],
            "offsets": [ffi.offsetof("o2_trace_entry", f) for f in TRACE_FIELDS]
                       + [ffi.offsetof("o2_trace_entry", "r")],
            "itemsize": size})
        rows = _np.frombuffer(ffi.buffer(out, size * max(n, 1)), dtype=layout)[:count]
        return {name: rows[name].copy() for name in layout.names}

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
        return None if code == 0 else STATE_ERRORS.get(code, f"save state refused (code {code})")


# ---- Debugger (native/debug.c) ----

import collections as _collections  # noqa: E402  (each section of this shared module keeps its own imports)

import numpy as _np  # noqa: E402

DEBUG_SPACES = {"iram": lib.O2_SPACE_IRAM, "xram": lib.O2_SPACE_XRAM, "vdc": lib.O2_SPACE_VDC}
DEBUG_SPACE_SIZES = {"iram": 64, "xram": 128, "vdc": 256}
WATCH_READ, WATCH_WRITE = lib.O2_WATCH_READ, lib.O2_WATCH_WRITE
DEBUG_DONE, DEBUG_BREAK, DEBUG_WATCH, DEBUG_IRQ, DEBUG_RETURN = (
    lib.O2_DEBUG_DONE, lib.O2_DEBUG_BREAK, lib.O2_DEBUG_WATCH, lib.O2_DEBUG_IRQ, lib.O2_DEBUG_RETURN)
_NO_LIMIT = (1 << 64) - 1

DebugStop = _collections.namedtuple("DebugStop", "reason steps space access addr value")


class DebugCore:
    """The debugger's C side on one Machine: breakpoint and watch tables as writable numpy views
    (call changed() after editing them), runs with limits that report why they stopped, and the
    history of snapshots behind back() and rewind_to()."""

    def __init__(self, machine: Machine, every: int = 4, capacity: int = 1024):
        self._machine = machine              # the C debugger points into it: keep it alive
        handle = machine._m
        # the destructor holds the machine's handle, so the machine is freed after the debugger
        self._d = ffi.gc(lib.o2_debug_new(handle, every, capacity),
                         lambda d, handle=handle: lib.o2_debug_free(d))
        if self._d == ffi.NULL:
            raise MemoryError("o2_debug_new: out of memory for the history")
        self.breakpoints = _np.frombuffer(ffi.buffer(lib.o2_debug_breakpoints(self._d), 4096),
                                          dtype=_np.uint8)
        self.watches = {name: _np.frombuffer(ffi.buffer(lib.o2_debug_watches(self._d, space),
                                                        DEBUG_SPACE_SIZES[name]), dtype=_np.uint8)
                        for name, space in DEBUG_SPACES.items()}
        self.charset = bytes(ffi.buffer(lib.o2_debug_charset(self._d), 512))
        self._limits = ffi.new("o2_debug_limits *")
        self._stop = ffi.new("o2_debug_stop *")

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
