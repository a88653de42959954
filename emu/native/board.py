"""The bare 8048 on a test board (native/board8048.c, cpu8048.c): Board8048."""
import numpy as _np

from emu.native.extension import ffi, lib

PORT_BUS, PORT_P1, PORT_P2 = lib.O2_PORT_BUS, lib.O2_PORT_P1, lib.O2_PORT_P2
PSW_CY, PSW_AC, PSW_F0, PSW_BS, PSW_SP = (lib.O2_PSW_CY, lib.O2_PSW_AC, lib.O2_PSW_F0,
                                          lib.O2_PSW_BS, lib.O2_PSW_SP)


def register_bank(ram, psw: int):
    """R0-R7 of the bank PSW selects, a view into the 64 bytes of internal RAM `ram` (bank 0 at
    0x00, bank 1 at O2_RAM_BANK1); shared by Board8048 and Odyssey2's CpuView."""
    base = lib.O2_RAM_BANK1 if psw & lib.O2_PSW_BS else 0
    return ram[base:base + 8]


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
        return register_bank(self.ram, self._cpu.psw)

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
