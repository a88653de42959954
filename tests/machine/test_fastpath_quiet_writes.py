"""The CPU leaves out a MOVX write the machine would not act on (cpu8048_bus.quiet): while P1
selects the VDC alone, a write of the value a register already holds, where such a write changes
nothing whatever the state (vdc_quiet_rewrites, from the VDC's own vdc_write_effect_on). It changes
nothing but speed.

Expected values: native/HARDWARE.md §2-3 (the selects; A0-AF repeat at B0-BF; object registers
take writes while the objects are off) and §2's RAM at 0x00-0x7F, which takes a write whenever it
is selected, the VDC selected with it or not. Each program runs in one threaded run and
instruction by instruction, which must agree. The reference build, which leaves no write out, is
compared over whole programs by test_fastpath_reference.py.

The table of writes that may be left out (o2_quiet_writes) is checked against §3 register by
register, and the shortcut against its switches: off while the debugger watches the bus or the
event counter runs, set where those change (not before each chunk of a run)."""
import pytest

from emu.native.extension import lib
from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, MOVX_A_AT_R0, MOVX_AT_R0_A, STRT_CNT, looping_bios, mov_a, mov_r0, outl_p1

MOV_R2_A = 0xAA
RAM_ONLY = 0xAF          # P14 = 0 (RAM), P13 = 1 (VDC off)
VDC_ONLY = 0x97          # P14 = 1, P13 = 0
BOTH = 0x87              # P14 = 0 and P13 = 0: the RAM and the VDC both take a write
CHAR0_Y = 0x10           # character 0's Y: a plain object register
CONTROL, CONTROL_MIRROR = 0xA0, 0xB0
GRID_ON = 0x08


def store(addr, value):
    return mov_r0(addr) + mov_a(value) + [MOVX_AT_R0_A]


# VDC alone: character 0's Y set to 20h, again to 20h (left out), then 30h (taken); A0 set to
# 08h, then 00h written at its mirror B0 (whose own byte never held anything: the write is A0's).
# Then the RAM alone writes 5Ah at 30h, and with both selected 00h goes to 30h, the value the VDC's
# register 30h already holds: the RAM must take it; read back through the RAM alone (R2).
PROGRAM = (outl_p1(VDC_ONLY) + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x30)
           + store(CONTROL, GRID_ON) + store(CONTROL_MIRROR, 0x00)
           + outl_p1(RAM_ONLY) + store(0x30, 0x5A)
           + outl_p1(BOTH) + store(0x30, 0x00)
           + outl_p1(RAM_ONLY) + mov_r0(0x30) + [MOVX_A_AT_R0, MOV_R2_A])
STEPS = 1 + 2 + 3 * 3 + 3 * 2 + 2 + 3 + 2 + 3 + 2 + 2 + 1 + 1   # the JMP to MAIN and the program


@pytest.mark.parametrize("how", ["run", "step"])
def test_writes_of_the_value_held_change_nothing_and_the_rest_land(how):
    m = Odyssey2(bios=looping_bios(PROGRAM), charset=CHARSET)
    assert m.vdc_regs[0x30] == 0x00 and m.vdc_regs[CONTROL] == 0x00   # power on: cleared
    if how == "run":
        m.run_frames(1)
    else:
        for _ in range(STEPS):
            m.step()
    assert m.vdc_regs[CHAR0_Y] == 0x30
    assert m.vdc_regs[CONTROL] == 0x00              # B0 is A0: the grid is off again
    assert m.xram[0x30] == 0x00 and m.cpu.r[2] == 0x00


# ---- which writes may be left out, and when (o2_quiet_writes) ----

STOP_TCNT = 0x65
QUADS = range(0x40, 0x80)
SOUND_SHIFT = range(0xA7, 0xAA)          # A7-A9: the 24-bit shift register
SOUND_CONTROL = 0xAA
MIRRORS = range(0xB0, 0xC0)              # B0-BF repeat A0-AF
IGNORING = {0xA1, 0xA4, 0xA5, 0xA6} | set(range(0xAB, 0xB0))   # read-only or unconnected


def documented_quiet():
    """The 256 flags from native/HARDWARE.md §3: 1 where writing the value the register file holds
    at that address changes nothing, whatever the machine's state.

    - Objects (00-3F, 80-9F), quads' pointer and attribute bytes, the grid (C0-FF), A0, A2, A3
      take a write as a plain store, or ignore it while shown: the value again changes nothing.
      (A0's bit 1 holds the beam position in A4 and A5 while set: the same bit again changes
      nothing; A2's write picks the object to test, the same pick again.)
    - A1 (status), A4 and A5 (the beam) and A6, AB-AF (nothing) ignore every write.
    - A quad's Y and X (bytes 0 and 1 of each of its characters) are one value kept in four
      copies: a write at any character places the quad (the corpus cartridge test_quads, and
      tests/vdc/test_objects.py). The copies can hold different values (a loaded state holds
      each byte), so a write of the value one copy holds may still move the quad: never left out.
    - A7-A9: a write holds off the next shift for one HBLANK whatever its value: never left out.
      AA, the sound control, is a plain register by the documentation; the sound chip keeps its
      own copy of it (native/sound.c), and the VDC passes on every write to A7-AA alike, so it
      is not left out either.
    - B0-BF: a write there is one to A0-AF, while the byte the CPU compares (the register file at
      B0+n) is not A0+n's: left out only where A0+n ignores every write."""
    never = {a for a in QUADS if a % 4 in (0, 1)} | set(SOUND_SHIFT) | {SOUND_CONTROL}
    never |= {a for a in MIRRORS if a - 0x10 not in IGNORING}
    return bytes(0 if a in never else 1 for a in range(256))


def quiet_writes(m):
    return m._machine.quiet_writes()


def test_the_writes_left_out_are_those_the_documentation_allows():
    m = Odyssey2(bios=looping_bios([]), charset=CHARSET)
    table = quiet_writes(m)
    assert table is not None
    assert [hex(a) for a in range(256) if table[a] != documented_quiet()[a]] == []
    # the registers never left out, as the last review listed them
    assert [a for a in range(256) if not table[a]] == (
        [a for a in QUADS if a % 4 in (0, 1)] + [0xA7, 0xA8, 0xA9, 0xAA, 0xB0, 0xB2, 0xB3, 0xB7, 0xB8, 0xB9, 0xBA])


def test_no_write_is_left_out_while_the_debugger_watches_the_bus():
    """The bus hook must see every MOVX, rewrites of the value held included: the shortcut goes
    off where the watch is set (o2_debug_changed), before any run, and back on where it goes."""
    from emu.native import DebugCore
    from emu.native.debug import DEBUG_WATCH, WATCH_WRITE
    program = outl_p1(VDC_ONLY) + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x20)
    m = Odyssey2(bios=looping_bios(program), charset=CHARSET)
    table = quiet_writes(m)
    debugger = DebugCore(m._machine, 1, 1)
    debugger.watches["vdc"][CHAR0_Y] = WATCH_WRITE
    debugger.changed()
    assert quiet_writes(m) is None
    stops = [debugger.run(frame=1) for _ in range(3)]
    assert [(s.reason, s.addr, s.value) for s in stops[:2]] == [(DEBUG_WATCH, CHAR0_Y, 0x20)] * 2
    assert stops[2].reason != DEBUG_WATCH
    debugger.watches["vdc"][CHAR0_Y] = 0
    debugger.changed()
    assert quiet_writes(m) == table


@pytest.mark.parametrize("model", ["hardware", "mame"])
def test_no_write_is_left_out_while_the_event_counter_runs(model):
    """STRT CNT turns the shortcut off inside the run that executes it, STOP TCNT on again: each run
    below ends with the counter as the program left it, and the pointer must say so without the
    refresh every run starts with. A reset stops the counter, a loaded state brings its own."""
    counting = [STRT_CNT] + store(CHAR0_Y, 0x20) + store(CHAR0_Y, 0x20)
    m = Odyssey2(bios=looping_bios(outl_p1(VDC_ONLY) + counting), charset=CHARSET, model=model)
    table = quiet_writes(m)
    m.run_frames(1)
    assert m.cpu.timer_mode == lib.O2_TIMER_COUNTER and quiet_writes(m) is None
    running = m.save_state()
    m.reset()
    assert m.cpu.timer_mode == lib.O2_TIMER_STOPPED and quiet_writes(m) == table
    m.load_state(running)
    assert quiet_writes(m) is None

    stopped = Odyssey2(bios=looping_bios(outl_p1(VDC_ONLY) + counting + [STOP_TCNT] + store(CHAR0_Y, 0x30)),
                       charset=CHARSET, model=model)
    stopped.run_frames(1)
    assert stopped.cpu.timer_mode == lib.O2_TIMER_STOPPED and quiet_writes(stopped) == table
    assert stopped.vdc_regs[CHAR0_Y] == 0x30
