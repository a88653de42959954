"""The emulator package's layers: no import cycles between its modules (the command modules
share emu.commands and never import each other or emu.cli), and no module reaches into the
native machine behind Odyssey2."""
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
    modules = {f"emu.{p.stem}": p for p in EMU.glob("*.py") if p.stem != "__init__"}
    return {name: imports_of(path) & modules.keys() - {name} for name, path in modules.items()}


def test_no_import_cycles():
    edges = graph()
    done, path = set(), []

    def visit(module):
        if module in path:
            cycle = path[path.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for target in sorted(edges[module]):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(edges):
        visit(module)


def test_command_modules_do_not_import_the_command_line():
    edges = graph()
    for module in ("emu.frontend", "emu.debugger", "emu.frontend_session", "emu.movie"):
        assert "emu.cli" not in edges[module], module
    assert "emu.commands" in edges["emu.frontend"] and "emu.commands" in edges["emu.debugger"]


def test_only_odyssey2_holds_the_native_machine():
    for path in EMU.glob("*.py"):
        if path.stem not in ("odyssey2", "native"):
            assert "._machine" not in path.read_text(encoding="utf-8"), path.name
