"""The debugger's commands driven as a script, checked against exact output.

Positions and cycle counts are worked out by hand from prog.asm's instruction cycles (Intel's
MCS-48 manual: the comments in prog.asm) and bios.asm: reset JMP 400h (2 cycles), JMP start (2),
then MOV R0 / MOV R1 (2 + 2) reach `loop` at cycle 8; a turn of the loop is 20 cycles; `double`
is entered 3 cycles into a turn. VBLANK timing is native/HARDWARE.md §3.
"""
import pytest

from emu.debugger.core import DebugError


def test_until_label_shows_label_source_line_and_cycle(programs):
    assert programs.run("""
        until loop
        print cycles
    """) == ("until: at loop (409)\n"
             "loop:\n"
             "=> 409  F8     mov a,r0              prog.asm:10\n"
             "8 (0x8)\n")


def test_conditional_breakpoint_stops_on_the_matching_call(programs):
    # double is entered at 8 + 20 * R0 + 3; R0 == 3 first holds there at cycle 71.
    assert programs.run("""
        break double if R0 == 3 && A == 3
        continue
        print cycles
        regs
    """) == ("breakpoint 1: at double (425) if R0 == 3 && A == 3\n"
             "breakpoint 1: at double (425) if R0 == 3 && A == 3\n"
             "double:\n"
             "=> 425  AB     mov r3,a              prog.asm:28\n"
             "71 (0x47)\n"
             "PC 425  A 03  PSW 09 [-- -- -- --] SP 1  F1 0  MB 0\n"
             "R0 03  R1 10  R2 04  R3 02  R4 00  R5 00  R6 00  R7 00  (bank 0)\n"
             "P1 BF  P2 FF  BUS 00  T0 0  T1 1  INT 0  I off  TCNTI off  in-irq 0\n"
             "cycles 71  frame 0\n")


def test_a_false_condition_never_stops(programs):
    out = programs.run("""
        break double if R0 == 9
        until idle
        breaks
    """)
    assert out.splitlines()[1] == "until: at idle (422)"
    assert out.splitlines()[-1] == "1: at double (425) if R0 == 9, hit 0"


def test_step_and_next(programs):
    assert programs.run("""
        until 40Ah
        next
        step 3
        step
        until 40Ah
        step
    """) == ("until: at loop+1 (40A)\n"
             "=> 40A  94 25  call double           prog.asm:11\n"
             "=> 40C  AA     mov r2,a              prog.asm:12\n"
             "=> 410  91     movx @r1,a            prog.asm:15\n"
             "=> 411  89 10  orl p1,#0x10          prog.asm:16\n"
             "until: at loop+1 (40A)\n"
             "=> 40A  94 25  call double           prog.asm:11\n"
             "double:\n"
             "=> 425  AB     mov r3,a              prog.asm:28\n")


def test_finish_outside_a_subroutine_is_an_error(programs):
    debugger, _ = programs.debugger()
    with pytest.raises(DebugError, match=r"^finish: not inside a subroutine \(SP is 0\)$"):
        debugger.execute("finish")


def test_finish_returns_to_the_caller(programs):
    assert programs.run("""
        until double
        finish
        print cycles
    """).splitlines()[-2:] == ["=> 40C  AA     mov r2,a              prog.asm:12", "15 (0xF)"]


def test_external_ram_and_vdc_write_watches(programs):
    # The first MOVX @R1,A runs 8 + 11 cycles in and ends at 21; the second turn 20 later.
    # The VDC write ends at 8 + 100 + 8 = 116.
    assert programs.run("""
        break xram 10h write
        continue
        print cycles
        continue
        disable 1
        break vdc 0a3h
        continue
        print cycles
    """) == ("breakpoint 1: on xram 10 write\n"
             "breakpoint 1: on xram 10 write: wrote xram[10] = 00\n"
             "=> 411  89 10  orl p1,#0x10          prog.asm:16\n"
             "21 (0x15)\n"
             "breakpoint 1: on xram 10 write: wrote xram[10] = 02\n"
             "=> 411  89 10  orl p1,#0x10          prog.asm:16\n"
             "breakpoint 2: on vdc A3 write\n"
             "breakpoint 2: on vdc A3 write: wrote vdc[A3] = 38\n"
             "=> 41F  89 08  orl p1,#0x08          prog.asm:24\n"
             "116 (0x74)\n")


def test_internal_ram_read_watch_sees_register_and_stack_reads(programs):
    # R1 (internal RAM 01) is first read by MOVX @R1,A at cycle 19-21; the stack slot 08 is
    # written by the first CALL (cycle 9-11).
    assert programs.run("""
        break iram 1 read
        break iram 8 write
        continue
        print cycles
        continue
        print cycles
    """) == ("breakpoint 1: on iram 01 read\n"
             "breakpoint 2: on iram 08 write\n"
             "breakpoint 2: on iram 08 write: wrote iram[08] = 0C\n"
             "double:\n"
             "=> 425  AB     mov r3,a              prog.asm:28\n"
             "11 (0xB)\n"
             "breakpoint 1: on iram 01 read: read iram[01] = 10\n"
             "=> 411  89 10  orl p1,#0x10          prog.asm:16\n"
             "21 (0x15)\n")


def test_interrupt_break_and_interrupt_routine_watch(programs):
    # From the interrupt entry (PC 003): JMP 402h, JMP vblank, SEL RB1, MOV, ANL, MOVX, ORL and
    # INC R7 take 2+2+1+2+2+2+2+1 = 14 cycles.
    out = programs.run("""
        break irq
        continue
        print cycles
        regs
        delete 1
        break iram 1fh write if iram[1fh] == 1
        continue
        print cycles
    """).splitlines()
    assert out[:3] == ["breakpoint 1: on interrupt entry",
                       "breakpoint 1: on interrupt entry: vector 003",
                       "=> 003  84 02  jmp 0x402"]
    assert out[4].startswith("PC 003  A 38  PSW 09 ") and out[6].endswith("in-irq 1")
    assert out[8:11] == ["breakpoint 2: on iram 1F write if iram[1fh] == 1",
                         "breakpoint 2: on iram 1F write if iram[1fh] == 1: wrote iram[1F] = 01",
                         "=> 431  93     retr                  prog.asm:37"]
    entry, ended = (int(line.split()[0]) for line in (out[3], out[11]))
    assert ended - entry == 14


def test_frame_and_line(programs):
    # idle.asm's boundaries are 2 + 3k and 3 + 3k. Line 244 starts at half-clock 455, cycle
    # 22.75: the first boundary after it is 23 = 2 + 3 * 7, at idle. Frame k ends inside cycle
    # floor(k * 5983.25) (455 * 263 half-clocks of 20 per cycle; as MAME counts frames, the
    # cycle a boundary falls in starts the next frame): frame 1 at 5983, whose first boundary
    # is 5984 = 2 + 3 * 1994; frame 3 at 17949 = 3 + 3 * 5982, at 401h.
    assert programs.run("""
        line
        beam
        frame
        print cycles
        frame 2
        print cycles
    """, name="idle") == ("line 244 (half-clock 5)\n"
                          "idle:\n"
                          "=> 400  1C     inc r4                idle.asm:6\n"
                          "frame 0  line 244  half-clock 5  cycle 23\n"
                          "frame 1\n"
                          "idle:\n"
                          "=> 400  1C     inc r4                idle.asm:6\n"
                          "5984 (0x1760)\n"
                          "frame 3\n"
                          "=> 401  84 00  jmp idle              idle.asm:7\n"
                          "17949 (0x461D)\n")


def test_frame_breakpoint(programs):
    out = programs.run("""
        break frame 3
        continue
        print frame
    """)
    assert out.splitlines()[1] == "breakpoint 1: at frame 3"
    assert out.splitlines()[-1] == "3 (0x3)"


def test_breakpoint_list_enable_disable_delete(programs):
    assert programs.run("""
        break loop
        break vdc 0a0h..0a3h access
        break xram 10h..1fh read if A > 2
        disable 2
        breaks
        enable 2
        delete 1 3
        breaks
        delete all
        breaks
    """) == ("breakpoint 1: at loop (409)\n"
             "breakpoint 2: on vdc A0..A3 access\n"
             "breakpoint 3: on xram 10..1F read if A > 2\n"
             "1: at loop (409), hit 0\n"
             "2: on vdc A0..A3 access (disabled), hit 0\n"
             "3: on xram 10..1F read if A > 2, hit 0\n"
             "2: on vdc A0..A3 access, hit 0\n"
             "no breakpoints\n")


def test_disassembly_around_pc(programs):
    assert programs.run("""
        until double
        dis loop 4
    """).splitlines()[3:] == [
        "loop:",
        "   409  F8     mov a,r0              prog.asm:10",
        "   40A  94 25  call double           prog.asm:11",
        "   40C  AA     mov r2,a              prog.asm:12",
        "   40D  18     inc r0                prog.asm:13",
    ]


def test_print_memory_and_labels(programs):
    # After the loop: xram[10h] holds 2 * 4 (the last turn), R0 = 5.
    assert programs.run("""
        until idle
        print xram[0x10]
        print R2 + 1
        print double - loop
        print iram[1] == 0x10 && !(A < 0x38)
    """).splitlines()[-4:] == ["8 (0x8)", "9 (0x9)", "28 (0x1C)", "1 (0x1)"]


def test_several_conditional_breakpoints_at_one_address(programs):
    # double is entered at cycle 8 + 20 * R0 + 3: 51 for R0 == 2, 91 for R0 == 4.
    assert programs.run("""
        break double if R0 == 2
        break double if R0 == 4
        continue
        print cycles
        continue
        print cycles
        breaks
    """).splitlines()[2:] == [
        "breakpoint 1: at double (425) if R0 == 2",
        "double:",
        "=> 425  AB     mov r3,a              prog.asm:28",
        "51 (0x33)",
        "breakpoint 2: at double (425) if R0 == 4",
        "double:",
        "=> 425  AB     mov r3,a              prog.asm:28",
        "91 (0x5B)",
        "1: at double (425) if R0 == 2, hit 1",
        "2: at double (425) if R0 == 4, hit 1",
    ]


def test_disassembly_around_the_pc_starts_at_known_statements(programs):
    # Three statements lead into 410h (40Ch, 40Dh, 40Eh, from the symbol file's sizes).
    assert programs.run("""
        until 410h
        dis
    """).splitlines()[2:] == [
        "   40C  AA     mov r2,a              prog.asm:12",
        "   40D  18     inc r0                prog.asm:13",
        "   40E  99 AF  anl p1,#0xaf          prog.asm:14",
        "=> 410  91     movx @r1,a            prog.asm:15",
        "   411  89 10  orl p1,#0x10          prog.asm:16",
        "   413  F8     mov a,r0              prog.asm:17",
        "   414  D3 05  xrl a,#0x05           prog.asm:18",
        "   416  96 09  jnz loop              prog.asm:19",
        "   418  B8 A3  mov r0,#0xa3          prog.asm:20",
    ]


def test_objects_of_one_kind(programs):
    # sprites.asm: sprite 0 at Y 40h, X 30h, attributes 08h (colour 1, red); sprite 1 at 42h,
    # 33h, attributes 0; both shapes solid.
    out = programs.run("frame 2\nobjects sprites", name="sprites").splitlines()[2:]
    assert out[:3] == ["sprites:", "  sprite 0  x 30 y 40  red  shift 0",
                       "  sprite 1  x 33 y 42  black  shift 0"]
    assert out[5] == "    sprite 0  sprite 1  sprite 2  sprite 3"
    assert out[6:14] == ["    ########  ########  ........  ........"] * 8
    assert len(out) == 14


def test_external_ram_watch_follows_the_chip_selects(programs):
    # BIOS JMP (2), then 2+2+2+2+2+2+2+2+2 cycles to the end of the third MOVX: 20.
    assert programs.run("""
        break xram 10h write
        continue
        print cycles
        print xram[10h]
    """, name="selects") == ("breakpoint 1: on xram 10 write\n"
                             "breakpoint 1: on xram 10 write: wrote xram[10] = 01\n"
                             "idle:\n"
                             "=> 40F  84 0F  jmp idle              selects.asm:14\n"
                             "20 (0x14)\n"
                             "1 (0x1)\n")


def test_inputs_change_the_machine_and_restart_history(programs):
    debugger, _ = programs.debugger()
    debugger.execute("step 20")
    debugger.execute("press 1 yes")
    debugger.execute("joy 1 up fire")
    reference = programs.machine()
    for _ in range(20):
        reference.step()
    reference.press("1")
    reference.press("YES")
    reference.joystick(1, up=True, fire=True)
    assert debugger.machine.save_state() == reference.save_state()
    with pytest.raises(DebugError, match="older than the history"):
        debugger.execute("back 1")
    debugger.execute("release YES")
    reference.release("YES")
    assert debugger.machine.save_state() == reference.save_state()


@pytest.mark.parametrize("line, message", [
    ("press", "press needs key names"),
    ("press 1 Q9", "unknown key 'Q9' (known: "),
    ("joy 2 up", "joy needs the joystick, 0 (left) or 1 (right), then directions"),
    ("joy 0 up sideways", "joy: 'sideways' is not one of up, right, down, left, fire"),
    ("step 99999999999999999999", "99999999999999999999 is too large"),
    ("re", "'re' is ambiguous: regs, release, rewind"),
    ("print iram[0x40]", "iram[] runs 00..3F; 0x40 is outside it"),
])
def test_bad_inputs(programs, line, message):
    debugger, _ = programs.debugger()
    before = debugger.machine.save_state()
    with pytest.raises(DebugError) as error:
        debugger.execute(line)
    assert str(error.value).startswith(message)
    assert debugger.machine.save_state() == before


def test_steps_while_reset_is_held_only_pass_time(programs):
    # With RESET held the CPU stands still at 000 while the clock runs: a step is one cycle.
    debugger, out = programs.debugger()
    debugger.execute("step 5")
    debugger.execute("press RESET")
    debugger.execute("step 3")
    debugger.execute("print pc")
    debugger.execute("print cycles")                   # 2 + 2 + 2 + 2 + 1, then 3 x 1
    debugger.execute("release RESET")
    debugger.execute("print pc")
    assert out.getvalue().splitlines()[-4:] == ["=> 000  84 00  jmp 0x400", "0 (0x0)",
                                                "12 (0xC)", "0 (0x0)"]


def test_a_unique_prefix_names_its_command(programs):
    debugger, _ = programs.debugger()
    debugger.execute("bre loop")             # break and breaks: the shorter is meant
    debugger.execute("brea idle")
    assert [(bp.kind, bp.start) for bp in debugger.breakpoints.values()] == [("pc", 0x409),
                                                                             ("pc", 0x422)]


def test_an_external_ram_watch_stops_inside_a_block_filling_loop(programs):
    # BIOS JMP (2) + 6 cycles to the loop; each pass 9 cycles, its MOVX ending 5 cycles in. R0 is
    # 40h at the 16th pass, whose store ends at 8 + 15 * 9 + 5 = 148; the next instruction is the
    # MOV A,R0 at 40Ah. The RAM from 40h up to 4Fh holds 5Ah, 3Fh not yet.
    assert programs.run("""
        break xram 40h write
        continue
        print cycles
        print r0
        print xram[40h]
        print xram[3fh]
    """, name="fill") == ("breakpoint 1: on xram 40 write\n"
                          "breakpoint 1: on xram 40 write: wrote xram[40] = 5A\n"
                          "=> 40A  F8     mov a,r0              fill.asm:12\n"
                          "148 (0x94)\n"
                          "64 (0x40)\n"
                          "90 (0x5A)\n"
                          "0 (0x0)\n")
