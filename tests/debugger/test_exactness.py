"""Looking never changes the machine, and running under the debugger (instruction by
instruction, or the machine's own loop with breakpoints) ends in the same state as a plain run."""
import io

from emu.debugger import Debugger

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
