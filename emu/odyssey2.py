"""The Odyssey² console as a Python object: load images, run, look, press keys, save states.

    >>> from emu.odyssey2 import Odyssey2
    >>> m = Odyssey2(cart=bytes([0x04, 0x00] * 1024))   # 2 KiB cart: JMP 0x000 everywhere
    >>> m.run_frames(2)
    >>> m.frame, m.cycles >= 2 * 5983
    (2, True)

Frames are counted from power-on; a frame boundary is the start of VBLANK (line 243 of 263 on
NTSC), as in MAME. Time never goes back: RESET restarts the CPU but not the clock.
"""
import os

import roms_free
from emu import keys as _keys
from emu.errors import RomError, StateError
from cart.files import InputFileError, read_input
from emu.native import MODELS, O2, DebugCore, Machine, cart_sizes, register_bank
from emu.vdc import Vdc


CART_SIZES = cart_sizes()                   # 2048, 4096, 8192, 12288, 16384 (native/cart_*.c)
BIOS_SIZE = O2.BIOS_SIZE
CHARSET_SIZE = O2.CHARSET_CODES * O2.CHARSET_ROWS
SAMPLE_RATES = (44100, 48000)
STATE_LIMIT = 4 * 1024 * 1024      # the largest save state read: a 16 KiB cartridge's is about 260 KiB


def read_image(source, what: str, sizes: tuple[int, ...]) -> bytes:
    """Bytes of a ROM image given as a path or bytes; RomError names the file and the problem."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        name, data = f"<{what} bytes>", bytes(source)
    else:
        name = os.fspath(source)
        try:
            data = read_input(name, max(sizes), what)
        except InputFileError as e:
            raise RomError(str(e)) from None
    if not data:
        raise RomError(f"{name}: empty file")
    if len(data) not in sizes:
        expected = (f"{', '.join(map(str, sizes[:-1]))} or " if len(sizes) > 1 else "") + \
            f"{sizes[-1]} bytes"
        problem = "too large" if len(data) > max(sizes) else "wrong size"
        raise RomError(f"{name}: {problem} for a {what} ({len(data)} bytes; expected {expected})")
    return data


def _free_rom(name: str, what: str, size: int) -> bytes:
    path = roms_free.path(name)
    if not path.is_file():
        raise RomError(f"{path}: our free {what} is missing (run `make roms`)")
    return read_image(path, what, (size,))


class CpuView:
    """The 8048 registers, live: a, pc, psw, f1, mb, timer, ... (every o2_cpu_state field, read
    and write), r (R0-R7 of the selected bank, a numpy view) and ram (the 64 bytes)."""

    def __init__(self, machine: Machine):
        object.__setattr__(self, "_state", machine.cpu)
        object.__setattr__(self, "ram", machine.iram)

    def __getattr__(self, name):
        return getattr(self._state, name)

    def __setattr__(self, name, value):
        setattr(self._state, name, value)

    @property
    def r(self):
        return register_bank(self.ram, self._state.psw)

    def __repr__(self):
        s = self._state
        return (f"CpuView(pc=0x{s.pc:03X}, a=0x{s.a:02X}, psw=0x{s.psw:02X}, "
                f"r={[int(x) for x in self.r]}, timer={s.timer}, cycles={s.cycles})")


class FrameHooks:
    """Callbacks run after every frame boundary the machine passes (run_frames, run_cycles,
    step), each given the machine: m.hooks.add(callback) (or the @m.on_frame decorator),
    m.hooks.remove(callback). A machine without callbacks runs at full speed."""

    def __init__(self):
        self._callbacks = []

    def add(self, callback):
        if not callable(callback):
            raise TypeError(f"a frame hook must be callable, not {callback!r}")
        self._callbacks.append(callback)
        return callback

    def remove(self, callback):
        self._callbacks.remove(callback)

    def clear(self):
        self._callbacks.clear()

    def __len__(self):
        return len(self._callbacks)

    def __iter__(self):
        return iter(list(self._callbacks))


AUDIO_BUFFER_SAMPLES = O2.AUDIO_MAX_SAMPLES   # what read_audio's buffer must hold


class Odyssey2:
    """One console. cart/bios/charset: a path, bytes or None (no cartridge; our free BIOS and
    character set from roms_free/). region: "ntsc" (Odyssey², 8244) or "pal" (G7000, 8245).
    model: "hardware" (the hardware documentation) or "mame" (MAME 0.251's odyssey2 driver at
    the points where it differs, tests/conformance/DIFFERENCES.md: for comparisons with MAME).

    screen is a live numpy uint8 view (243, 360, 3) of the framebuffer: raster lines 0-242 by
    half-clocks 0-359, two columns per VDC X unit, the same area as MAME's odyssey2 bitmap
    (native/vdc8244.h). It is complete up to the machine's current time."""

    def __init__(self, cart=None, bios=None, charset=None, region="ntsc", sample_rate=44100,
                 model="hardware"):
        if region not in ("ntsc", "pal"):
            raise ValueError(f"region must be 'ntsc' or 'pal', not {region!r}")
        if model not in MODELS:
            raise ValueError(f"model must be 'hardware' or 'mame', not {model!r}")
        if sample_rate not in SAMPLE_RATES:
            raise ValueError(f"sample_rate must be 44100 or 48000, not {sample_rate!r}")
        self.region = region
        self.sample_rate = sample_rate
        bios_data = (_free_rom("bios.bin", "BIOS", BIOS_SIZE) if bios is None
                     else read_image(bios, "BIOS", (BIOS_SIZE,)))
        charset_data = (_free_rom("charset.bin", "character set", CHARSET_SIZE) if charset is None
                        else read_image(charset, "character set", (CHARSET_SIZE,)))
        cart_data = b"" if cart is None else read_image(cart, "cartridge", CART_SIZES)
        self.cart_size = len(cart_data)      # bytes of the cartridge image, 0 without one
        self._machine = Machine(region)
        self._skip_idle = True
        for load, data in ((self._machine.load_bios, bios_data),
                           (self._machine.load_charset, charset_data),
                           (self._machine.load_cart, cart_data)):
            if load(data) != 0:
                raise RuntimeError("the C core refused an image the Python checks accepted")
        self._machine.set_sample_rate(int(sample_rate))
        self._machine.model = model
        self._machine.power_on()
        self.cpu = CpuView(self._machine)
        self._run_frames = self._machine.run_frames
        # A front end's frame step reads the audio and the picture every frame: the machine's own
        # methods (the same checks, the same copies) without a call of this class's in between.
        self.read_audio = self._machine.read_audio
        self.read_screen = self._machine.read_screen
        self.screen = self._machine.screen
        self.iram = self._machine.iram
        self.xram = self._machine.xram
        self.hooks = FrameHooks()

    def on_frame(self, callback):
        """Calls callback(machine) after every frame boundary from now on (usable as a
        decorator); returns the callback, for m.hooks.remove."""
        return self.hooks.add(callback)

    def frames_passed(self, frame_before: int):
        """Runs the frame hooks once for each frame boundary passed since frame `frame_before`
        (for a runner that drives the core itself: the debugger)."""
        for _ in range(self._machine.frame - frame_before):
            for callback in self.hooks:
                callback(self)

    # ---- running ----

    def run_frames(self, n: int = 1):
        """Runs until n more frame boundaries have passed (to the first instruction boundary at
        or after the last one). Frame hooks run after each one."""
        if not self.hooks._callbacks:        # an attribute, not len(): a front end calls this every frame
            self._run_frames(int(n))
            return
        for _ in range(int(n)):
            frame = self._machine.frame
            self._machine.run_frames(1)
            self.frames_passed(frame)

    def run_cycles(self, n: int):
        """Runs whole instructions until at least n more machine cycles have passed (frame hooks
        run at each frame boundary on the way)."""
        if not len(self.hooks):
            self._machine.run_cycles(int(n))
            return
        m = self._machine
        until = m.cycles + int(n)
        while m.cycles < until:
            frame = m.frame
            m.run_cycles(min(until, m.frame_start_cycle(frame + 1)) - m.cycles)
            self.frames_passed(frame)

    def step(self) -> int:
        """One instruction or interrupt entry; returns its machine cycles."""
        if not len(self.hooks):
            return self._machine.step()
        frame = self._machine.frame
        cycles = self._machine.step()
        self.frames_passed(frame)
        return cycles

    def reset(self):
        """The console's RESET key: the CPU restarts at 0x000; VDC, RAM and clock carry on."""
        self._machine.reset()

    def power_cycle(self):
        """Power off and on: every chip to its power-on state, time back to 0."""
        self._machine.power_on()

    def trace(self, n: int) -> dict:
        """Runs up to n instructions; columns cycle, pc, op, a, psw, t (numpy arrays) and r."""
        return self._machine.trace(int(n))

    @property
    def model(self) -> str:
        """The reference model, "hardware" or "mame" (a loaded save state brings its own)."""
        return self._machine.model

    @property
    def skip_idle(self) -> bool:
        """Idle loops run as whole iterations at once (default True); the results are the same."""
        return self._skip_idle

    @skip_idle.setter
    def skip_idle(self, on: bool):
        self._skip_idle = bool(on)
        self._machine.set_skip_idle(self._skip_idle)

    @property
    def frame(self) -> int:
        """Frame boundaries passed since power-on."""
        return self._machine.frame

    @property
    def cycles(self) -> int:
        """CPU machine cycles since power-on."""
        return self._machine.cycles

    @property
    def audio(self):
        """numpy int16 mono samples produced during the last complete frame."""
        return self._machine.audio()

    # read_audio and read_screen: what __init__ binds in their place (the machine's), documented.
    def read_audio(self, out) -> int:
        """The samples of the last complete frame copied into `out`, a writable contiguous buffer
        (numpy int16 array, array('h'), bytearray...) of AUDIO_BUFFER_SAMPLES int16 or more; returns
        their number. Unlike `audio` it allocates nothing: a front end's frame step reuses one
        buffer (the machine holds on to the last one, which cannot be resized meanwhile)."""
        return self._machine.read_audio(out)

    def frame_stepper(self, audio_out=None, screen_out=None):
        """A front end's frame step as one callable: step() runs one frame (frame hooks included),
        then copies its samples into audio_out as read_audio does and the lines redrawn since the
        last such copy into screen_out as read_screen(screen_out, redrawn_only=True) does (either
        buffer may be None); returns the samples copied. The buffers are checked once, here, and
        held by the callable; without frame hooks a step is one C call.

            step = m.frame_stepper(samples, picture)
            while playing:
                n = step()          # samples[:n], picture: the frame just run
        """
        step, read = self._machine.frame_stepper(audio_out, screen_out)
        hooks = self.hooks

        def stepped() -> int:
            if not hooks._callbacks:
                return step()
            self.run_frames(1)
            return read()
        return stepped

    def read_screen(self, out, redrawn_only: bool = False) -> int:
        """The picture copied into `out`, a writable contiguous buffer of screen.nbytes (such as
        numpy.empty_like(m.screen)), laid out as `screen`; returns the lines copied. With
        redrawn_only, only the lines redrawn since the last such copy, and of each only the columns
        that may have changed (all lines after power-on,
        a reset of the screen or a loaded state); keep passing the same buffer then (held as read_audio holds its own). A copy into
        a buffer that stays allocated costs a memcpy: numpy.array(m.screen) also asks for new
        memory, which for 262 KB glibc may map afresh, page by page, at every call."""
        return self._machine.read_screen(out, redrawn_only)

    @property
    def cart_bank(self) -> int:
        """The cartridge bank mapped now (-1 without a cartridge)."""
        return self._machine.cart_bank

    @property
    def vdc_regs(self):
        """The 256 VDC register addresses as the CPU would read them (a peek: no side effects):
        object registers read 0 while objects are shown. What the program wrote:
        vdc_registers; decoded: vdc."""
        return self._machine.vdc_regs()

    @property
    def vdc_registers(self) -> bytes:
        """The 256 VDC registers as the program wrote them (objects keep their values while
        shown), a copy."""
        return self._machine.vdc_registers()

    @property
    def vdc(self) -> Vdc:
        """The VDC's sprites, characters, quads and grid as the program wrote them, decoded
        (emu.vdc.Vdc, a snapshot)."""
        return Vdc.from_registers(self._machine.vdc_registers())

    def debug_core(self, history_every: int, history_size: int) -> DebugCore:
        """The C debugger attached to this console (breakpoints, history, the chips' inner
        state); emu.debugger.core drives it. Keep one at a time."""
        return DebugCore(self._machine, history_every, history_size)

    # ---- input ----

    def press(self, key: str):
        self._set_key(key, True)

    def release(self, key: str):
        self._set_key(key, False)

    def _set_key(self, key: str, down: bool):
        if isinstance(key, str) and key.upper() == _keys.RESET:
            self._machine.set_reset(down)
            return
        row, column = _keys.key_position(key)
        self._machine.set_key(row, column, down)

    def joystick(self, n: int, up=False, right=False, down=False, left=False, fire=False):
        """Sets joystick n (0 left, 1 right): every direction not given is released."""
        if n not in range(_keys.JOYSTICKS):
            raise ValueError(f"joystick must be 0 (left) or 1 (right), not {n!r}")
        self._machine.set_joystick(n, _keys.joystick_bits(up, right, down, left, fire))

    # ---- save states ----

    def save_state(self) -> bytes:
        return self._machine.save_state()

    def load_state(self, state: bytes):
        problem = self._machine.load_state(bytes(state))
        if problem:
            raise StateError(problem)
