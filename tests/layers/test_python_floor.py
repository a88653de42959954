"""The declared Python floor is one the code runs on: a module that imports tomllib (3.11) means
requires-python >= 3.11, the classifiers name no version below the floor, and the interpreter
running the suite (CI's, Debian's python3.11) meets it."""
import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# Standard-library modules newer than 3.10, with the version that brought them.
NEWER_MODULES = {"tomllib": (3, 11)}


def floor() -> tuple[int, int]:
    found = re.fullmatch(r">=\s*(\d+)\.(\d+)", PROJECT["requires-python"].strip())
    assert found, PROJECT["requires-python"]
    return int(found.group(1)), int(found.group(2))


def test_the_floor_covers_every_standard_module_used():
    needed = {}
    for package in ("emu", "cart", "board", "roms_free"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
                for name in names:
                    if name in NEWER_MODULES:
                        needed[name] = path.relative_to(ROOT)
    for name, path in needed.items():
        assert floor() >= NEWER_MODULES[name], f"{path} imports {name} (Python {NEWER_MODULES[name]})"


def test_the_classifiers_agree_with_the_floor():
    versions = [tuple(map(int, c.rsplit(":: ", 1)[1].split("."))) for c in PROJECT["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions and min(versions) == floor()


def test_this_interpreter_meets_the_floor():
    assert sys.version_info[:2] >= floor()
