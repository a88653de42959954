"""The tools know the cartridge: `o2 run` plays it without a cartridge argument, and `o2 debug`
on it loads its symbols by itself and decodes the game state (issue 10, "Game state, tools")."""
import hashlib
from pathlib import Path

from conquest_helpers import CART, SYMBOLS, landed, new_game, start_battle, symbols
from emu.cli import main
from emu.debugger.core import Debugger
from emu.movie import Movie


def test_o2_run_without_a_cartridge_plays_conquest(tmp_path, capsys, monkeypatch):
    landed()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    movie = tmp_path / "default.movie"
    assert main(["run", "--headless", "--frames", "2", "--record", str(movie)]) == 0
    assert Movie.load(movie).cart == hashlib.sha256(CART.read_bytes()).hexdigest()


def test_o2_debug_loads_the_symbols_and_shows_the_game(tmp_path, capsys):
    """`o2 debug roms_free/conquest.bin` finds conquest.sym.json beside it: RAM fields by name,
    and `game` prints the decoded state."""
    landed()
    script = tmp_path / "look.o2dbg"
    script.write_text("frame 20\ngame\nprint red_energy\n")
    assert main(["debug", str(CART), "--script", str(script)]) == 0
    out = capsys.readouterr().out.splitlines()
    view = out.index("Conquest of the World  mode select  winner -  readout 0  tally 0-0  overruns 0")
    assert out[view + 1].startswith("  red   weapon ")
    address = symbols()["red_energy"]
    assert out[-1] == f"{address} (0x{address:X})"


def test_a_user_breaks_at_sub_fire_and_watches_red_energy(capsys):
    """Issue 10: 'a user steps through combat frames by name (break at sub_fire, watch
    red_energy)'."""
    landed("sub_fire")
    game = start_battle(new_game(), red=("S", 2500), blue=("T", 2500))
    out = []
    debugger = Debugger(game.machine, symbols=SYMBOLS, out=_Lines(out))
    for line in ("break sub_fire", "joy 0 fire", "continue", "game"):
        debugger.execute(line)
    assert out[0].startswith("breakpoint 1: at sub_fire (")
    assert out[1].startswith("breakpoint 1: at sub_fire (")
    view = out[out.index("sub_fire:") + 2:]
    assert view[0].startswith("Conquest of the World  mode combat")
    assert view[1].startswith("  red   weapon S  energy ")
    out.clear()
    space = game.map["red_energy"].space
    debugger.execute("delete all")
    debugger.execute(f"break {space} red_energy..red_energy+1 write")
    debugger.execute("continue")
    assert out[1].startswith(f"breakpoint 2: on {space} ") and "write: wrote" in out[1]


def test_game_view_refuses_another_cartridge(tmp_path):
    import pytest
    from emu.debugger.core import DebugError
    from emu.odyssey2 import Odyssey2
    import roms_free
    debugger = Debugger(Odyssey2(cart=roms_free.path("demo.bin")),
                        symbols=roms_free.path("demo.sym.json"), out=_Lines([]))
    with pytest.raises(DebugError, match=r"^game: no game wrapper fits .*demo\.sym\.json \(Conquest: "):
        debugger.execute("game")
    debugger = Debugger(Odyssey2(cart=roms_free.path("demo.bin")), out=_Lines([]))
    with pytest.raises(DebugError, match=r"^game: no symbol file is loaded"):
        debugger.execute("game")


class _Lines:
    def __init__(self, lines):
        self.lines = lines

    def write(self, text):
        self.lines.extend(text.rstrip("\n").split("\n"))


def test_debugger_names_ram_fields_by_their_equ(tmp_path):
    """Equ'd RAM addresses (the RAM map's symbols) work in expressions and watches."""
    from cart.asm.assembler import Assembler
    from cart.asm.output import write_outputs
    from emu.odyssey2 import Odyssey2
    (tmp_path / "bios.asm").write_text("        cpu 8048\n        org 0\n        jmp 400h\n"
                                       "        org 3ffh\n        nop\n")
    (tmp_path / "prog.asm").write_text("        cpu 8048\ncounter equ 20h\n        org 400h\n"
                                       "start:  mov r0,#counter\nloop:   inc @r0\n        jmp loop\n")
    write_outputs(Assembler().assemble_file(tmp_path / "bios.asm"), tmp_path / "bios.bin", size=1024, fill=0)
    write_outputs(Assembler().assemble_file(tmp_path / "prog.asm"), tmp_path / "prog.bin",
                  symbols=tmp_path / "prog.sym.json", size=2048)
    out = []
    debugger = Debugger(Odyssey2(cart=tmp_path / "prog.bin", bios=tmp_path / "bios.bin"),
                        symbols=tmp_path / "prog.sym.json", out=_Lines(out))
    for line in ("print counter", "break iram counter write if iram[counter] == 3", "continue",
                 "print iram[counter]"):
        debugger.execute(line)
    assert out == ["32 (0x20)", "breakpoint 1: on iram 20 write if iram[counter] == 3",
                   "breakpoint 1: on iram 20 write if iram[counter] == 3: wrote iram[20] = 03",
                   "=> 403  84 02  jmp loop              prog.asm:6", "3 (0x3)"]
