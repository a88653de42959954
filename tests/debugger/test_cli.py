"""`o2 debug`: scripts, the prompt, and one-line errors with exit status 2."""
import io

import pytest

import emu.debugger.core
from emu.cli import main


def debug(programs, *extra, name="prog"):
    return main(["debug", str(programs.cart(name)), "--bios", str(programs.bios),
                 "--symbols", str(programs.symbols(name)), *extra])


def test_script(programs, tmp_path, capsys):
    script = tmp_path / "s.o2dbg"
    script.write_text("# stop on the third call\nbreak double if R0 == 2\ncontinue\nprint cycles\n")
    assert debug(programs, "--script", str(script)) == 0
    # double is entered at 8 + 20 * 2 + 3 = 51
    assert capsys.readouterr().out == ("breakpoint 1: at double (425) if R0 == 2\n"
                                       "breakpoint 1: at double (425) if R0 == 2\n"
                                       "double:\n"
                                       "=> 425  AB     mov r3,a              prog.asm:28\n"
                                       "51 (0x33)\n")


def test_script_error_names_file_and_line(programs, tmp_path, capsys):
    script = tmp_path / "bad.o2dbg"
    script.write_text("step\nbreak nowhere\nstep\n")
    assert debug(programs, "--script", str(script)) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"{script}:2: unknown name 'nowhere' (not a register, memory space "
                            f"or label)\n")
    assert captured.out.count("=>") == 1        # the line after the error did not run


@pytest.mark.parametrize("line, message", [
    ("bogus", "unknown command 'bogus' (try 'help')"),
    ("step -1", "a count cannot be negative: -1"),
    ("until 1000h", "address 0x1000 is outside program space (000-FFF)"),
    ("break iram 40h", "iram addresses run 00..3F; '40h' is not a range in it"),
    ("break xram 10h sideways", "access must be read, write or access, not 'sideways'"),
    ("break loop if", "break ... if: the condition is missing"),
    ("delete 7", "delete: no breakpoint '7'"),
    ("trace on", "usage: trace on FILE, or trace off"),
    ("load /nonexistent/state", "/nonexistent/state: no such file"),
    ("finish", "finish: not inside a subroutine (SP is 0)"),
])
def test_bad_commands_give_one_line(programs, tmp_path, capsys, line, message):
    script = tmp_path / "bad.o2dbg"
    script.write_text(line + "\n")
    assert debug(programs, "--script", str(script)) == 2
    assert capsys.readouterr().err == f"{script}:1: {message}\n"


def test_missing_script_and_symbol_files(programs, tmp_path, capsys):
    assert debug(programs, "--script", str(tmp_path / "none")) == 2
    assert capsys.readouterr().err == (f"o2: error: {tmp_path / 'none'}: cannot read the script "
                                       f"(no such file)\n")
    assert main(["debug", str(programs.cart("prog")), "--symbols", str(tmp_path / "x.sym.json")]) == 2
    assert capsys.readouterr().err == (f"o2: error: {tmp_path / 'x.sym.json'}: cannot read the "
                                       f"symbol file (no such file)\n")
    bad = tmp_path / "bad.sym.json"
    bad.write_text('{"labels": {}}')
    assert main(["debug", str(programs.cart("prog")), "--symbols", str(bad)]) == 2
    assert capsys.readouterr().err == (f"o2: error: {bad}: not an o2asm symbol file "
                                       f"(no \"format\": \"o2asm-symbols\")\n")


def test_prompt_reads_commands_until_quit(programs, tmp_path, monkeypatch, capsys):
    history = tmp_path / "history"
    monkeypatch.setattr(emu.debugger.core, "HISTORY_FILE", str(history))
    monkeypatch.setattr("sys.stdin", io.StringIO("step\nbogus\nuntil loop\nquit\nstep\n"))
    assert debug(programs) == 0
    out = capsys.readouterr().out
    assert out == ("=> 000  84 00  jmp 0x400\n"
                   "(o2) => 400  84 05  jmp start             prog.asm:5\n"
                   "(o2) error: unknown command 'bogus' (try 'help')\n"
                   "(o2) until: at loop (409)\n"
                   "loop:\n"
                   "=> 409  F8     mov a,r0              prog.asm:10\n"
                   "(o2) ")
    assert not history.exists()      # piped commands stay out of the user's prompt history


def test_an_empty_line_repeats_the_last_command(programs, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(emu.debugger.core, "HISTORY_FILE", str(tmp_path / "history"))
    monkeypatch.setattr("sys.stdin", io.StringIO("step\n\n   \nquit\n"))
    assert debug(programs) == 0
    assert capsys.readouterr().out == ("=> 000  84 00  jmp 0x400\n"
                                       "(o2) => 400  84 05  jmp start             prog.asm:5\n"
                                       "(o2) start:\n"
                                       "=> 405  B8 00  mov r0,#0x00          prog.asm:8\n"
                                       "(o2) => 407  B9 10  mov r1,#0x10          prog.asm:9\n"
                                       "(o2) ")


def test_help_lists_every_command(programs):
    out = programs.run("help").splitlines()
    names = [line.split()[0] for line in out]
    assert names == sorted(names)
    assert {"back", "break", "breaks", "continue", "delete", "disable", "dis", "enable", "finish",
            "frame", "grid", "line", "load", "next", "objects", "print", "regs", "rewind", "save",
            "screen", "sound", "step", "timer", "trace", "until", "vdc", "beam", "iram",
            "xram", "help", "quit", "press", "release", "joy", "game"} == set(names)
    assert programs.run("help back") == ("back [N]\n"
                                         "    go back N instructions (1), by re-executing from a snapshot\n")


def test_trace_writes_what_o2_trace_prints(programs, tmp_path, capsys):
    # 6000 steps cross the first VBLANK interrupt; an interrupt entry has no line of its own,
    # so the debugger's trace of 6000 steps holds one line fewer than `o2 trace --steps 6000`.
    trace = tmp_path / "t.jsonl"
    programs.run(f"trace on {trace}\nstep 6000\ntrace off\nstep 10")
    assert main(["trace", str(programs.cart("prog")), "--bios", str(programs.bios),
                 "--steps", "5999"]) == 0
    expected = capsys.readouterr().out
    assert trace.read_text() == expected
    assert len(expected.splitlines()) == 5999


def test_screen_and_save_state_files(programs, tmp_path):
    from PIL import Image
    out = programs.run(f"frame 2\nscreen {tmp_path / 's.png'}\nsave {tmp_path / 's.state'}",
                       name="sprites")
    assert out.splitlines()[-2:] == [f"saved {tmp_path / 's.png'}", f"saved {tmp_path / 's.state'}"]
    m = programs.machine("sprites")
    m.run_frames(2)
    assert (tmp_path / "s.state").read_bytes() == m.save_state()
    assert (Image.open(tmp_path / "s.png").convert("RGB") == Image.fromarray(m.screen))


def test_completion_offers_commands_then_labels_and_keywords(programs):
    debugger, _ = programs.debugger()
    assert debugger.completions("", "st") == ["step"]
    assert debugger.completions("  ", "re") == ["regs", "release", "rewind"]
    assert debugger.completions("break ", "d") == ["double"]
    assert debugger.completions("break ", "ir") == ["iram", "irq"]
    assert debugger.completions("break loop if ", "r") == ["R0", "R1", "R2", "R3", "R4", "R5",
                                                          "R6", "R7", "read"]


def test_script_back_and_rewind_round_trip_to_identical_states(programs, tmp_path, capsys):
    script = tmp_path / "round.o2dbg"
    script.write_text(f"""frame 5
save {tmp_path / 'a.state'}
step 300
back 300
save {tmp_path / 'b.state'}
frame 3
rewind 3
save {tmp_path / 'c.state'}
""")
    assert debug(programs, "--script", str(script), name="sprites") == 0
    a = (tmp_path / "a.state").read_bytes()
    assert (tmp_path / "b.state").read_bytes() == a
    assert (tmp_path / "c.state").read_bytes() == a
    reference = programs.machine("sprites")
    reference.run_frames(5)
    assert reference.save_state() == a
