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
