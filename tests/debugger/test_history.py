"""Backwards execution: back N / rewind N land on exactly the machine state an uninterrupted run
has there (save-state bytes compared), and running forward again reproduces it."""
import pytest

from emu.debugger.core import DebugError, Debugger


def session(programs, name="sprites", every=2, size=8):
    m = programs.machine(name)
    return m, Debugger(m, symbols=programs.symbols(name), out=_Discard(), history_every=every,
                       history_size=size)


class _Discard:
    def write(self, text):
        pass


def test_back_then_step_lands_on_identical_states(programs):
    m, d = session(programs)
    d.execute("step 20000")                 # several frames, so several snapshots behind
    after = m.save_state()
    d.execute("back 7000")
    reference = programs.machine("sprites")
    for _ in range(13000):
        reference.step()
    assert m.save_state() == reference.save_state()
    d.execute("step 7000")
    assert m.save_state() == after


def test_back_one_instruction_at_a_time(programs):
    m, d = session(programs)
    states = []
    for _ in range(5):
        states.append(m.save_state())
        d.execute("step")
    for expected in reversed(states):
        d.execute("back")
        assert m.save_state() == expected


def test_rewind_then_frames_reproduce_identical_frames(programs):
    m, d = session(programs)
    d.execute("frame 9")
    recorded = []
    for _ in range(6):
        d.execute("frame")
        recorded.append((m.frame, m.save_state(), m.screen.copy()))
    d.execute("rewind 5")
    assert (m.frame, m.save_state()) == recorded[0][:2]
    for frame, state, screen in recorded[1:]:
        d.execute("frame")
        assert m.frame == frame and m.save_state() == state and (m.screen == screen).all()


def test_rewind_from_inside_a_frame_goes_to_its_start(programs):
    m, d = session(programs)
    d.execute("frame 4")
    start = m.save_state()
    d.execute("step 100")
    d.execute("rewind")
    assert m.frame == 4 and m.save_state() == start


def test_seeking_past_the_history_is_an_error_and_changes_nothing(programs):
    m, d = session(programs, every=2, size=2)     # two snapshots: frames 8 and 10 at most
    d.execute("frame 11")
    before = m.save_state()
    with pytest.raises(DebugError, match=r"^rewind 6: that is older than the history held$"):
        d.execute("rewind 6")
    assert m.save_state() == before
    with pytest.raises(DebugError, match=r"^back 20000: that is older than the history held$"):
        d.execute("back 20000")
    assert m.save_state() == before


def test_history_restarts_after_a_load(programs, tmp_path):
    m, d = session(programs)
    d.execute("frame 3")
    d.execute(f"save {tmp_path / 's.state'}")
    d.execute("frame 3")
    d.execute(f"load {tmp_path / 's.state'}")
    with pytest.raises(DebugError, match="older than the history"):
        d.execute("back 1")
    d.execute("step 10")
    d.execute("back 10")
    assert m.save_state() == (tmp_path / "s.state").read_bytes()


def test_back_and_rewind_pass_breakpoints_and_watches_by(programs):
    m, d = session(programs)
    d.execute("frame 6")
    start = m.save_state()
    d.execute("step 2000")
    middle = m.save_state()
    d.execute("step 10")
    for command in ("break idle", "break irq", "break vdc 0a1h read", "break iram 1fh write"):
        d.execute(command)
    d.execute("back 10")
    assert m.save_state() == middle
    d.execute("rewind")
    assert m.save_state() == start
