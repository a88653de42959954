"""The console (native/machine.c, state.c, cart.c): Machine, its trace rows and save-state
errors, and the hardware rules the core answers without a machine (characters, cartridge
layouts)."""
import functools

from cart.layout import CartLayout

import numpy as _np

from emu.native.extension import ffi, lib

REGIONS = {"ntsc": lib.O2_REGION_NTSC, "pal": lib.O2_REGION_PAL}
MODELS = {"hardware": lib.O2_MODEL_HARDWARE, "mame": lib.O2_MODEL_MAME}

STATE_ERRORS = {
    lib.O2_ERR_STATE_MAGIC: "not a save state of this emulator",
    lib.O2_ERR_STATE_VERSION: "save state from a newer version of this emulator",
    lib.O2_ERR_STATE_CORRUPT: "save state is truncated or corrupt",
    lib.O2_ERR_STATE_MISMATCH: "save state was made with another cartridge, BIOS, character set or region",
}

TRACE_FIELDS = ("cycle", "pc", "op", "a", "psw", "t")


def char_address(y: int, pointer: int) -> int:
    """The character-ROM byte a character at line y with a 9-bit pointer starts at (§3)."""
    return lib.o2_char_address(y & 0xFF, pointer & 0x1FF)


def char_height(y: int, pointer: int) -> int:
    """Rows 1-8 a character at line y with a 9-bit pointer shows (§3)."""
    return lib.o2_char_height(y & 0xFF, pointer & 0x1FF)


def cart_layout(size: int) -> CartLayout | None:
    """The layout of a cartridge image of `size` bytes, None when no board takes that size."""
    layout = ffi.new("o2_cart_layout *")
    if size < 0 or lib.o2_cart_layout_of(size, layout) != lib.O2_OK:
        return None
    return CartLayout(layout.banks, layout.bank_stride, layout.shown_offset, layout.shown_size)


def cart_sizes() -> tuple[int, ...]:
    """The image sizes a cartridge board takes, smallest first: cartridges come in whole 1 KiB
    windows, and no board takes more than 64 of them."""
    window = lib.O2_CART_WINDOW
    return tuple(size for size in range(window, 64 * window + 1, window) if cart_layout(size))


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


def _writable(out, nbytes: int, name: str, wanted: str) -> tuple:
    """(out, its address as a plain pointer, the export that holds it) for `out`, a writable
    contiguous buffer of nbytes or more, else a ValueError naming the problem. A plain pointer
    passes to C more cheaply than the export itself."""
    try:
        address = ffi.from_buffer(out, require_writable=True)
    except (TypeError, ValueError, BufferError) as e:
        raise ValueError(f"{name}: the buffer must be a writable contiguous array of {wanted}: {e}") from None
    if len(address) < nbytes:
        raise ValueError(f"{name}: the buffer holds {len(address)} bytes; it must hold {wanted}")
    return out, ffi.cast("void *", address), address


class Machine:
    """One console: a thin owner of an o2_machine handle. Sizes and values are checked by the
    caller (emu.odyssey2); errors come back as the C codes."""

    def __init__(self, region: str = "ntsc"):
        self._m = ffi.gc(lib.o2_new(REGIONS[region]), lib.o2_free)
        if self._m == ffi.NULL:
            raise MemoryError("o2_new failed")
        cpu = self._inside(lib.o2_cpu(self._m))
        self.cpu = cpu
        self.iram = self._view(cpu.ram, lib.O2_IRAM_SIZE)
        self.xram = self._view(lib.o2_xram(self._m), lib.O2_XRAM_SIZE)
        shape = (lib.O2_SCREEN_H, lib.O2_SCREEN_W, 3)
        self.screen = self._view(lib.o2_screen(self._m), shape[0] * shape[1] * 3).reshape(shape)
        # The last frame's samples and their count stay where they are (o2.h): views of both,
        # so that a frame's audio costs one copy and no call.
        count = ffi.new("const uint32_t **")
        samples = lib.o2_audio(self._m, count)
        self._audio = _np.frombuffer(ffi.buffer(self._inside(samples), 2 * lib.O2_AUDIO_MAX_SAMPLES),
                                     dtype=_np.int16)
        self._audio_count = self._inside(count[0])
        # The last buffer given to read_audio / read_screen and its address, checked once: the
        # address holds the buffer's export, so that it cannot be resized or freed meanwhile.
        self._audio_buffer = self._screen_buffer = (None, None, None)
        # The handle as a plain pointer (self._m keeps the machine): calls made every frame pass
        # it more cheaply than the handle that frees it.
        self._pointer = ffi.cast("o2_machine *", self._m)
        self.run_frames = functools.partial(lib.o2_run_frames, self._pointer)   # (n) -> int, one C call

    def _inside(self, pointer):
        """The pointer (into this machine's memory), holding the machine alive while it lives:
        views such as m.screen may outlive the Odyssey2 object that made them."""
        handle = self._m
        return ffi.gc(pointer, lambda _pointer, _keep=handle: None)

    def _view(self, pointer, size):
        return _np.frombuffer(ffi.buffer(self._inside(pointer), size), dtype=_np.uint8)

    def audio(self):
        """The int16 samples of the last complete frame (a copy)."""
        return self._audio[:self._audio_count[0]].copy()

    def read_audio(self, out) -> int:
        """The last complete frame's samples copied into `out` (a writable contiguous buffer of
        O2_AUDIO_MAX_SAMPLES native int16 or more); their number."""
        buffer = self._audio_buffer
        if out is not buffer[0]:
            buffer = self._audio_buffer = _writable(
                out, 2 * lib.O2_AUDIO_MAX_SAMPLES, "read_audio", f"{lib.O2_AUDIO_MAX_SAMPLES} int16 samples")
        return lib.o2_read_audio(self._pointer, buffer[1])

    def read_screen(self, out, redrawn_only: bool = False) -> int:
        """The picture copied into `out` (a writable contiguous buffer of the screen's bytes or
        more): every line, or the lines redrawn since the last such copy; lines copied."""
        buffer = self._screen_buffer
        if out is not buffer[0]:
            buffer = self._screen_buffer = _writable(
                out, self.screen.nbytes, "read_screen", f"{self.screen.nbytes} bytes")
        return lib.o2_read_screen(self._pointer, buffer[1], 1 if redrawn_only else 0)

    def frame_stepper(self, audio_out, screen_out):
        """(step, read): step() runs one frame and copies its samples into audio_out and the
        picture's redrawn lines into screen_out (as read_audio and read_screen(..., True); either
        buffer may be None), in one C call, returning the samples copied; read() makes the same
        copies without running. The buffers are checked here, once, and held by both."""
        audio = (None, ffi.NULL, None) if audio_out is None else _writable(
            audio_out, 2 * lib.O2_AUDIO_MAX_SAMPLES, "frame_stepper", f"{lib.O2_AUDIO_MAX_SAMPLES} int16 samples")
        screen = (None, ffi.NULL, None) if screen_out is None else _writable(
            screen_out, self.screen.nbytes, "frame_stepper", f"{self.screen.nbytes} bytes")
        pointer = self._pointer

        def read():
            if screen[0] is not None:
                lib.o2_read_screen(pointer, screen[1], 1)
            return lib.o2_read_audio(pointer, audio[1]) if audio[0] is not None else 0

        step = functools.partial(lib.o2_step_frame, pointer, audio[1], screen[1])
        read.held = step.held = (audio, screen)
        return step, read

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
        return bytes(ffi.buffer(lib.o2_vdc_registers(self._m), lib.O2_VDC_REGISTER_COUNT))

    def quiet_writes(self) -> bytes | None:
        """The 256 flags of the VDC registers whose rewrite with the value held the CPU leaves
        out (o2_quiet_writes), a copy; None while it leaves none out."""
        table = lib.o2_quiet_writes(self._m)
        return None if table == ffi.NULL else bytes(ffi.buffer(table, lib.O2_VDC_REGISTER_COUNT))

    def frame_start_cycle(self, frame: int) -> int:
        return lib.o2_frame_start_cycle(self._m, frame)

    def vdc_regs(self):
        return _np.array([lib.o2_vdc_peek(self._m, r) for r in range(lib.O2_VDC_REGISTER_COUNT)], dtype=_np.uint8)

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
