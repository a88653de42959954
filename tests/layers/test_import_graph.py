"""The packages' layers, read from the source: no import circle anywhere in emu/, cart/, board/
(imports inside functions count too), and each layer imports only the layers below it.

    cart.layout, cart.oneline,  cartridge layouts in plain Python (checked against the core), the
    cart.files                  one-line argument parser every command shares, and the safe reading
                                and writing of the files a user names
    cart.asm                    the toolchain: stands alone, no compiled core
    emu.native                  the only caller of the cffi extension
    emu (core)                  the console, its settings, input and movies
    emu.debugger                may read the toolchain; never the front end or the command line
    emu.frontend                the window and sessions; may open the debugger
    emu.cli                     registers the command modules; nothing imports it
    cart.conquest, cart.*       the cartridge and its game wrapper, built on emu's core
    board                       the companion; nothing outside board imports it
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("emu", "cart", "board", "roms_free")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _known(name: str) -> str | None:
    """The project module an imported name lives in (a package's __init__ for `from pkg import x`
    when x is no module), None outside the project."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """The project modules `module` imports, at module level or inside functions."""
    path = MODULES[module]
    package = module if path.stem == "__init__" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else _known(base)
                if target:
                    found.add(target)
        elif isinstance(node, ast.Import):
            found.update(filter(None, (_known(alias.name) for alias in node.names)))
    found.discard(module)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "emu":
        if len(parts) > 1 and parts[1] in ("native", "debugger", "frontend", "cli"):
            return f"emu.{parts[1]}"
        return "emu"
    if parts[0] == "cart" and len(parts) > 1 and parts[1] in ("layout", "oneline", "files", "asm"):
        return f"cart.{parts[1]}"
    return parts[0]


# What each layer may import besides itself.
MAY_IMPORT = {
    "roms_free": set(),
    "cart.layout": set(),
    "cart.oneline": set(),
    "cart.files": set(),
    "cart.asm": {"cart.layout", "cart.oneline", "cart.files"},
    "emu.native": {"emu", "cart.layout", "cart.files"},       # `from emu import _native`: the extension
    "emu": {"emu.native", "cart.layout", "roms_free", "cart.files"},
    "emu.debugger": {"emu", "emu.native", "cart.asm", "cart.layout", "cart.files"},
    "emu.frontend": {"emu", "emu.native", "emu.debugger", "roms_free", "cart.files"},
    "emu.cli": {"emu", "emu.frontend", "emu.debugger", "cart.oneline", "cart.files"},
    "cart": {"cart.asm", "cart.layout", "emu", "emu.native", "roms_free", "cart.files"},
    "board": {"emu", "emu.frontend", "cart", "cart.oneline", "roms_free", "cart.files"},
}
# The one reach upwards, named: the generator of emu.key_names' table asks SDL for its names
# (`python -m emu.key_names`, never at run time).
EXCEPTIONS = {("emu.key_names", "emu.frontend.sdl")}


def _circle():
    done, path = set(), []

    def visit(module):
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return None
        path.append(module)
        for target in sorted(GRAPH[module]):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(module)
        return None

    for module in sorted(GRAPH):
        found = visit(module)
        if found:
            return found
    return None


def test_no_import_circle_in_emu_cart_board():
    circle = _circle()
    assert circle is None, "import circle: " + " -> ".join(circle)


def test_the_circle_finder_finds_a_circle(monkeypatch):
    """The finder itself: a graph with a circle through three modules is caught."""
    monkeypatch.setitem(GRAPH, "board.rules", GRAPH["board.rules"] | {"board.cli"})
    circle = _circle()
    assert circle is not None and circle[0] == circle[-1] and "board.rules" in circle


def test_the_graph_sees_relative_and_function_level_imports():
    assert "board.rules" in GRAPH["board.record"]                 # from . import rules
    assert "emu.frontend.session" in GRAPH["emu.frontend.run"]    # inside run_window()
    assert "cart.layout" in GRAPH["cart.asm.dis_cli"]


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_each_module_imports_only_the_layers_below_it(module):
    mine = layer(module)
    allowed = MAY_IMPORT[mine] | {mine}
    wrong = sorted(target for target in GRAPH[module]
                   if layer(target) not in allowed and (module, target) not in EXCEPTIONS)
    assert not wrong, f"{module} ({mine}) imports {', '.join(wrong)}"


def test_the_toolchain_needs_no_emulator():
    """o2asm and o2dis run without the compiled core: nothing in cart.asm reaches emu."""
    for module in MODULES:
        if layer(module) == "cart.asm":
            assert not {t for t in GRAPH[module] if t.startswith("emu")}, module
