"""The emulator package's layers: the command modules share emu.commands and never import each
other or emu.cli, and no module reaches into the native machine behind Odyssey2. (Import
circles and the layers of all packages: tests/layers/test_import_graph.py.)"""
import ast
from pathlib import Path

EMU = Path(__file__).resolve().parents[2] / "emu"


def imports_of(path):
    """The emu.* modules a file imports, at module level or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "emu":
                found.update(f"emu.{alias.name}" for alias in node.names)
            elif node.module.startswith("emu."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("emu."))
    return found


def graph():
    modules = {"emu." + ".".join(p.relative_to(EMU).with_suffix("").parts): p
               for p in EMU.rglob("*.py") if p.stem != "__init__" and p.parent.name != "native"}
    return {name: imports_of(path) & modules.keys() - {name} for name, path in modules.items()}


def test_command_modules_do_not_import_the_command_line():
    edges = graph()
    for module in ("emu.frontend.run", "emu.debugger.command", "emu.frontend.session", "emu.movie"):
        assert "emu.cli" not in edges[module], module
    assert "emu.commands" in edges["emu.frontend.run"] and "emu.commands" in edges["emu.debugger.command"]


def test_only_odyssey2_holds_the_native_machine():
    for path in EMU.rglob("*.py"):
        if path.stem != "odyssey2" and path.parent.name != "native":
            assert "._machine" not in path.read_text(encoding="utf-8"), path.name


def test_a_session_takes_options_not_parsed_arguments(tmp_path, monkeypatch):
    from cart.asm import assemble_text
    from emu import cli
    from emu.config import Config
    from emu.frontend.session import Session, SessionOptions
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    cart = tmp_path / "loop.bin"
    cart.write_bytes(assemble_text("org 0x400\nloop: jmp loop\n").image(size=2048, fill=0xFF))
    session = Session(SessionOptions(cart=str(cart), pal=True), Config.defaults())
    assert session.identity["region"] == "pal" and session.cart_path == cart
    session.run_frame()
    assert session.machine.frame == 1
    args = cli.build_parser().parse_args(["run", str(cart), "--pal", "--wav", "x.wav"])
    assert SessionOptions.from_args(args) == SessionOptions(cart=str(cart), pal=True, wav="x.wav")


def test_every_run_option_is_a_session_option():
    """One options object for `o2 run`: the session, the window and the headless run read
    SessionOptions, so each option of the parser has its field there (--headless only chooses
    between window and headless)."""
    from dataclasses import fields
    from emu import cli
    from emu.frontend.session import SessionOptions
    args = cli.build_parser().parse_args(["run", "c.bin", "--scale", "3", "--nothrottle",
                                          "--frames", "5", "--controller", "1", "--silent"])
    assert set(vars(args)) - {"command", "func", "headless"} == {f.name for f in fields(SessionOptions)}
    assert SessionOptions.from_args(args) == SessionOptions(cart="c.bin", scale=3, nothrottle=True,
                                                            frames=5, controller=1, silent=True)


def test_commands_other_than_the_window_do_not_load_sdl(tmp_path):
    import subprocess
    import sys
    script = ("import sys; from emu import cli; "
              "status = cli.main(['run', '--headless', '--frames', '2']); "
              "cli.build_parser().parse_args(['debug']); "
              "print(status, 'sdl2' in sys.modules)")
    env = {"XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=env, cwd=EMU.parent, check=True)
    assert result.stdout.splitlines()[-1] == "0 False"
