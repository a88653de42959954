"""Property-based fuzzing of every text input of the emulator and the assembler: whatever the
bytes, the result is success or the module's one-line error, never another exception."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cart.asm import AssemblyFailed, assemble_text
from emu.config import Config, ConfigError
from emu.debugger.core import DebugError, Debugger, Symbols
from emu.debugger.expr import ExprError, parse
from emu.movie import Movie, MovieError

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])

# Pieces of the real languages, so that random text gets past the first check.
ASM_WORDS = ["org", "db", "dw", "ds", "equ", "rept", "irp", "macro", "endm", "if", "else", "endif",
             "mov", "a,", "#", "@r0", "r1", "jmp", "call", "sel", "mb1", "rb0", "outl", "p1,a",
             "movx", "0ffh", "1000h", "99999999999999999999", "(", ")", "+", "-", "*", "/", ",",
             "x", "y:", ".l", "'", '"', "\\", "exitm", "charset", "include", "phase", "align", "\t"]
MOVIE_WORDS = ["odyssey2-movie 1", "cart", "bios", "charset", "region ntsc", "region pal",
               "sample-rate 44100", "start power-on", "start state", "frames", "final-screen",
               "audio", "1", "2", "600", "99999999999999999999", "keys=A,B", "joy0=UP+FIRE",
               "joy1=", "reset", "#", "²", "a" * 64, "0" * 64, "AAAA"]
TOML_WORDS = ["[video]", "[audio]", "[keyboard]", "[hotkeys]", "[joystick.left]", "[joystick.x]",
              "[controllers]", "[paths]", "scale", "=", "3", "99999999999999999999", "-1", "true",
              '"F1"', '"Shift"', "slots", '["F1", "F1"]', "sample_rate", "latency_frames",
              "deadzone", "0.4", "quit", '"Escape"', '"A"', "fire", "up", "states", '""', "help",
              "\n[hotkeys]\nslots = ", "\n"]


def sentences(words):
    line = st.lists(st.sampled_from(words) | st.text(max_size=6), max_size=8).map(" ".join)
    return st.lists(line, max_size=12).map("\n".join)


@FUZZ
@given(sentences(ASM_WORDS))
def test_assembler_sources(text):
    try:
        assemble_text(text)
    except AssemblyFailed as failure:
        assert failure.diagnostics and all("\n" not in str(d) for d in failure.diagnostics)


@FUZZ
@given(sentences(MOVIE_WORDS))
def test_movies(text):
    try:
        Movie.parse("odyssey2-movie 1\n" + text, "m.movie")
    except MovieError as e:
        assert "\n" not in str(e)


@FUZZ
@given(st.one_of(sentences(TOML_WORDS).map(str.encode), st.binary(max_size=200)))
def test_configs(tmp_path, data):
    path = tmp_path / "config.toml"
    path.write_bytes(data)
    try:
        Config.load(path)
    except ConfigError as e:
        assert "\n" not in str(e)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.sampled_from(["labels", "lines", "address", "file",
                                                              "line", "size", "format", "x"]),
                                             inner, max_size=4), max_leaves=12)


@FUZZ
@given(JSON_VALUES, st.booleans())
def test_symbol_files(tmp_path, table, tagged):
    if tagged and isinstance(table, dict):
        table["format"] = "o2asm-symbols"
    path = tmp_path / "game.sym.json"
    path.write_text(json.dumps(table))
    try:
        Symbols.load(path)
    except DebugError as e:
        assert "\n" not in str(e)


@FUZZ
@given(sentences(["A", "pc", "iram[", "xram[", "vdc[", "]", "(", ")", "==", "&&", "<<", "-", "~",
                  "0x40", "99999999999999999999", "$", "r0", "frame", "label"]))
def test_debugger_expressions(text):
    try:
        parse(text.replace("\n", " "), {"label": 0x400})
    except ExprError as e:
        assert "\n" not in str(e)


@FUZZ
@given(JSON_VALUES, st.booleans(), st.integers(0, 2))
def test_symbol_files_in_o2dis(tmp_path, capsys, table, tagged, bank):
    from cart.asm import dis_cli
    if tagged and isinstance(table, dict):
        table.update({"format": "o2asm-symbols", "version": 1})
    path, rom = tmp_path / "game.sym.json", tmp_path / "game.bin"
    path.write_text(json.dumps(table))
    rom.write_bytes(bytes(4096))
    capsys.readouterr()
    status = dis_cli.main([str(rom), "--bank", str(bank), "--symbols", str(path)])
    err = capsys.readouterr().err
    assert status in (0, 2) and (status == 0 or err.count("\n") == 1 and err.startswith("o2dis: error: "))


# Debugger commands that return at once (no run to a far breakpoint): their arguments fuzzed.
COMMAND_WORDS = ["break", "breaks", "enable", "disable", "delete", "regs", "iram", "xram", "vdc",
                 "objects", "grid", "beam", "timer", "sound", "dis", "print", "press", "release",
                 "joy", "help", "bre", "b", "d", "p", "step", "1", "2", "0x3F", "0x40", "0x400",
                 "0xFFF", "0x1000", "-1", "99999999999999999999", "bank0:", "bank7:0x400", "if",
                 "a", "==", "pc", "iram", "read", "write", "access", "..", "0..0x3F", "irq",
                 "frame", "0", "A", "fire", "up", "'", '"', "\\", ";", "#"]


@FUZZ
@given(sentences(COMMAND_WORDS))
def test_debugger_commands(text):
    import io
    from emu.odyssey2 import Odyssey2
    debugger = Debugger(Odyssey2(cart=bytes([0x04, 0x00]) * 1024), out=io.StringIO())
    for line in text.splitlines():
        if line.split()[:1] in (["step"],) and any(len(w) > 3 for w in line.split()[1:]):
            continue                 # a long step is a run, not what this pass is about
        # Random text can name a command that runs (c, cont, fin, frame 1e20, until ...): a frame
        # breakpoint, set again before each line (a line may delete or disable it), ends any run
        # within a frame, so a fresh draw never runs the machine for ever.
        debugger.execute(f"break frame {debugger.machine.frame + 1}")
        try:
            debugger.execute(line)
        except DebugError as e:
            assert "\n" not in str(e)
