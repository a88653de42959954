"""Ports, external data memory, the 8243 lines with no 8243, and the Board8048 API."""
import doctest

import pytest

from emu.native import PORT_BUS, PORT_P1, PORT_P2, Board8048
from i8048 import board, steps


def watched(*parts, **fields):
    """A board whose port writes are recorded as (port, value, cycles at the write)."""
    b = board(*parts, **fields)
    writes = []
    b.on_port_write = lambda port, value: writes.append((port, value, b.cycles))
    return b, writes


@pytest.mark.parametrize("op, port, latch", [
    (0x39, PORT_P1, "p1"), (0x3A, PORT_P2, "p2"), (0x02, PORT_BUS, "bus")])
def test_outl_writes_latch_at_start_of_last_cycle(op, port, latch):
    b, writes = watched([0x00, op], a=0x42)
    b.step()
    assert b.step() == 2
    assert getattr(b, latch) == 0x42
    assert writes == [(port, 0x42, 2)]     # NOP took cycle 0; OUTL's second cycle starts at 2


@pytest.mark.parametrize("op, port, latch, before, operand, after", [
    (0x99, PORT_P1, "p1", 0xFF, 0x0F, 0x0F),    # ANL P1,#
    (0x9A, PORT_P2, "p2", 0x3C, 0xF0, 0x30),    # ANL P2,#
    (0x98, PORT_BUS, "bus", 0x81, 0x01, 0x01),  # ANL BUS,#
    (0x89, PORT_P1, "p1", 0x00, 0x81, 0x81),    # ORL P1,#
    (0x8A, PORT_P2, "p2", 0x0F, 0x80, 0x8F),    # ORL P2,#
    (0x88, PORT_BUS, "bus", 0x10, 0x04, 0x14),  # ORL BUS,#
])
def test_port_logic_with_immediate(op, port, latch, before, operand, after):
    b, writes = watched([op, operand], **{latch: before})
    assert b.step() == 2
    assert (getattr(b, latch), b.pc) == (after, 2)
    assert writes == [(port, after, 1)]


@pytest.mark.parametrize("op", [0x88, 0x98])
def test_bus_logic_consumes_its_operand(op):
    # pitfall 4: ORL/ANL BUS,#04h ; MOV A,#11h -- the operand 04h must not run as JMP
    b = board([op, 0x04, 0x23, 0x11])
    steps(b, 2)
    assert (b.pc, b.a, b.cycles) == (4, 0x11, 4)


def test_in_reads_latch_and_pins():
    # IN A,P1 ; MOV R0,A ; IN A,P2 ; INS A,BUS
    b = board([0x09, 0xA8, 0x0A, 0x08], p1=0xF0, p2=0x0F, bus=0x00)
    b.p1_in, b.p2_in, b.bus_in = 0x3C, 0x3C, 0xA5
    assert b.step() == 2
    b.step()
    assert b.r(0) == 0x30
    assert b.step() == 2
    assert b.a == 0x0C
    assert b.step() == 2
    assert b.a == 0xA5                     # INS floats the bus: pins only


def test_movx_uses_full_eight_bit_address():
    # MOVX A,@R0 ; INC A ; MOVX @R1,A
    b = board([0x80, 0x17, 0x91], r0=0x80, r1=0xFF)
    b.xram[0x80] = 0x5A
    assert b.step() == 2
    assert b.a == 0x5A
    steps(b, 2)
    assert b.xram[0xFF] == 0x5B
    assert b.ram[0x3F] == 0                # not internal RAM


def test_movd_read_floats_p20_p23_and_reads_pins():
    # no 8243: the low nibble of P2 goes to input mode (1s); A gets the pins, high nibble 0
    for op in range(0x0C, 0x10):
        b, writes = watched([op], p2=0x30, a=0xFF)
        b.p2_in = 0xF6
        assert b.step() == 2
        assert (b.a, b.p2) == (0x06, 0x3F)
        assert writes == [(PORT_P2, 0x3F, 1)]


@pytest.mark.parametrize("op", [*range(0x3C, 0x40), *range(0x8C, 0x90), *range(0x9C, 0xA0)])
def test_expander_writes_leave_the_nibble_on_p20_p23(op):
    # MOVD/ORLD/ANLD Pp,A: A's low nibble stays in the P2 latch, the high nibble is kept
    b, writes = watched([op], p2=0x35, a=0x9C)
    assert b.step() == 2
    assert (b.p2, b.a) == (0x3C, 0x9C)
    assert writes == [(PORT_P2, 0x3C, 1)]


def test_reset_reports_ports_in_input_mode():
    b, writes = watched([0x00], p1=0x00, p2=0x12)
    b.reset()
    assert writes == [(PORT_P1, 0xFF, 0), (PORT_P2, 0xFF, 0)]


def test_hook_exception_comes_out_of_step():
    b = board([0x39, 0x39])

    def refuse(port, value):
        raise RuntimeError(f"port {port} written")
    b.on_port_write = refuse
    with pytest.raises(RuntimeError, match="port 1 written"):
        b.step()
    b.on_port_write = None
    b.step()
    assert b.pc == 2


def test_run_executes_whole_instructions():
    b = board([0x23, 0x01] * 8)            # MOV A,#01h: 2 cycles each
    assert b.run(5) == 6
    assert (b.pc, b.cycles) == (6, 6)


def test_hook_can_end_run_after_the_current_instruction():
    # loop: INC A ; OUTL P1,A ; JMP loop -- stop at the third port write
    b = board([0x17, 0x39, 0x04, 0x00])
    writes = []

    def count(port, value):
        writes.append(value)
        if len(writes) == 3:
            b.stop()
    b.on_port_write = count
    assert b.run(1000) == 2 * 5 + 3        # two full passes, then INC A and OUTL
    assert (b.pc, b.a, writes) == (0x002, 3, [1, 2, 3])


def test_program_larger_than_4k_is_refused():
    with pytest.raises(ValueError, match="program image is 4097 bytes; the 8048 addresses at most 4096"):
        Board8048(bytes(4097))


def test_program_of_4k_fills_the_map():
    image = bytearray(4096)
    image[0xFFF] = 0x17                    # INC A at the very top
    b = Board8048(bytes(image))
    b.pc = 0xFFF
    b.step()
    assert (b.a, b.pc) == (1, 0x800)


def test_load_clears_the_rest_of_program_memory():
    b = Board8048(bytes([0x17] * 16))      # INC A x 16
    b.load(bytes([0x17]))
    steps(b, 3)
    assert b.a == 1


def test_board_docstring_example_runs():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for test in finder.find(Board8048, "Board8048"):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert (result.failed, result.attempted) == (0, 2)
