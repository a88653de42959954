"""Looking never changes the machine, and running under the debugger (instruction by
instruction, or the machine's own loop with breakpoints) ends in the same state as a plain run."""
import io

from emu.debugger.core import Debugger

VIEWS = ("regs", "iram", "xram", "vdc", "objects", "grid", "beam", "timer", "sound", "dis",
         "print vdc[0a1h]", "print vdc[0a2h] | iram[1fh]", "breaks", "help")


def test_views_leave_the_machine_untouched_and_the_interrupt_pending(programs):
    m = programs.machine("sprites")
    out = io.StringIO()
    d = Debugger(m, symbols=programs.symbols("sprites"), out=out)
    d.execute("until vblank")                  # in the VBLANK routine, before it reads A1
    assert m.cpu.int_pin == 1
    before = m.save_state()
    for view in VIEWS:
        d.execute(view)
    assert m.save_state() == before and m.cpu.int_pin == 1
    d.execute("step 3")                         # SEL RB1, MOV R0,#A1h, MOVX A,@R0
    assert m.cpu.int_pin == 0


def test_status_peek_shows_vblank_without_clearing_it(programs):
    m = programs.machine("sprites")
    out = io.StringIO()
    d = Debugger(m, symbols=programs.symbols("sprites"), out=out)
    d.execute("until vblank")
    d.execute("print vdc[0a1h] & 8")           # A1 bit 3: VBLANK (§3)
    d.execute("print vdc[0a1h] & 8")
    assert out.getvalue().splitlines()[-2:] == ["8 (0x8)", "8 (0x8)"]


def test_single_stepping_keeps_rendering_and_collisions_exact(programs):
    stepped = programs.machine("sprites")
    d = Debugger(stepped, out=io.StringIO())
    d.execute("break iram 3fh read")            # never hit; forces the per-instruction loop
    d.execute("frame 4")
    plain = programs.machine("sprites")
    plain.run_frames(4)
    assert stepped.cycles == plain.cycles
    assert stepped.save_state() == plain.save_state()
    assert (stepped.screen == plain.screen).all()
    assert stepped.iram[0x1E] == plain.iram[0x1E] != 0     # the collision register R6 (bank 1)


def test_breakpoints_that_do_not_hold_leave_the_run_exact(programs):
    broken = programs.machine("sprites")
    d = Debugger(broken, symbols=programs.symbols("sprites"), out=io.StringIO())
    d.execute("break idle if A == 0xEE")        # hit every turn of the idle loop, never true
    d.execute("break vdc 0a1h read if R7 == 200")
    d.execute("frame 3")
    plain = programs.machine("sprites")
    plain.run_frames(3)
    assert broken.save_state() == plain.save_state()


def test_a_breakpoint_inside_an_idle_loop_stops_at_every_turn(programs):
    # idle.asm: INC R4 (1 cycle) at 400h, JMP 400h (2 cycles) at 401h, from cycle 2 on: 400h is
    # reached at cycles 2 + 3k, after k INCs. The machine's run skips idle loops, but not over a
    # breakpoint (a run resumes with one instruction, INC, and the JMP back is the run's).
    m = programs.machine("idle")
    d = Debugger(m, symbols=programs.symbols("idle"), out=io.StringIO())
    d.execute("break idle")
    stops = []
    for _ in range(5):
        d.execute("continue")
        stops.append((m.cpu.pc, m.cycles, int(m.cpu.r[4])))
    assert stops == [(0x400, 2 + 3 * k, k) for k in range(5)]


def test_breakpoints_outside_the_loops_leave_the_skipping_run_exact(programs):
    # A breakpoint that is never reached and a watch that never holds: the machine's run with
    # breakpoints skips the idle loop as the plain run does, and ends in the same state.
    broken = programs.machine("sprites")
    d = Debugger(broken, symbols=programs.symbols("sprites"), out=io.StringIO())
    d.execute("break 3FFh")
    d.execute("break vdc 0a1h read if R7 == 200")
    d.execute("frame 5")
    plain = programs.machine("sprites")
    plain.run_frames(5)
    assert broken.save_state() == plain.save_state()


def test_a_breakpoint_in_an_empty_slots_bytes_stops_where_stepping_does():
    # With no cartridge the 8048 runs through the slot's 0xFF bytes (MOV A,R7), which the machine's
    # run executes as one step: it must still stop at a breakpoint among them, at the same cycle as
    # the per-instruction loop (an internal-RAM watch that never holds forces that loop).
    from emu.odyssey2 import Odyssey2
    stops = []
    for per_instruction in (False, True):
        m = Odyssey2()
        d = Debugger(m, out=io.StringIO())
        if per_instruction:
            d.execute("break iram 3fh read")
        d.execute("break 5A0h")
        d.execute("frame 60")
        stops.append((m.cpu.pc, m.cycles))
    assert stops[0] == stops[1] and stops[0][0] == 0x5A0
