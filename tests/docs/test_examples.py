"""The examples of README.md and docs/*.md run as they are shown, so an example that drifts from
the code fails here:

- a fenced block with `>>>` prompts is a doctest run from the repository root, its output checked;
- a ```python block without prompts is executed;
- a ```console block is a shell session: each `$ ` line runs (bash, the virtual environment's
  programs first on PATH) in a scratch folder that sees the repository's roms_free/ and tests/
  (the test programs the examples use), and what it
  prints (stdout and stderr) must be the lines below it up to the next `$ `; a line `...`
  stands for any lines. The commands of one block share their folder, in order.
"""
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


def _blocks():
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        for match in FENCE.finditer(text):
            language, body = match.group(1), match.group(2)
            line = text.count("\n", 0, match.start()) + 2      # the block's first line of code
            where = f"{name}:{line}"
            if language == "console":
                yield pytest.param("console", body, where, id=where)
            elif re.search(r"^>>> ", body, re.M):
                yield pytest.param("doctest", body, where, id=where)
            elif language == "python":
                yield pytest.param("python", body, where, id=where)


BLOCKS = list(_blocks())


def test_the_readme_has_examples_of_every_kind():
    kinds = {param.values[0] for param in BLOCKS if param.values[2].startswith("README.md:")}
    assert kinds == {"console", "doctest"}


def _session(body: str):
    """(command, expected output) pairs of a console block."""
    steps = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return [(command, "\n".join(out) + "\n" if out else "") for command, out in steps]


def _run_console(body: str, where: str, folder: Path):
    for name in ("roms_free", "tests"):
        (folder / name).symlink_to(ROOT / name)
    env = {key: value for key, value in os.environ.items() if key not in ("BOARD_GAME", "PYTHONPATH")}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               HOME=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    checker = doctest.OutputChecker()
    for command, expected in _session(body):
        result = subprocess.run(["bash", "-c", command], cwd=folder, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        got = result.stdout
        assert checker.check_output(expected, got, doctest.ELLIPSIS), \
            f"{where}: $ {command}\n--- shown ---\n{expected}--- printed ---\n{got}"


@pytest.mark.parametrize("kind, body, where", BLOCKS)
def test_example(kind, body, where, monkeypatch, tmp_path):
    if kind == "console":
        _run_console(body, where, tmp_path)
        return
    monkeypatch.chdir(ROOT)             # the examples name files relative to the checkout
    monkeypatch.setattr("sys.path", list(sys.path))   # examples may extend it
    if kind == "python":
        exec(compile(body, where, "exec"), {"__name__": "docs_example"})
        return
    test = doctest.DocTestParser().get_doctest(body, {"__name__": "docs_example"}, where, where, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert os.getcwd() == str(ROOT)
