"""The README's Python examples run as they are shown: every fenced block with `>>>` prompts is a
doctest run from the repository root, its shown output checked; every ```python block without
prompts is executed. An example that drifts from the code fails here."""
import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


def _blocks():
    text = README.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        language, body = match.group(1), match.group(2)
        line = text.count("\n", 0, match.start()) + 2      # the block's first line of code
        if re.search(r"^>>> ", body, re.M):
            yield pytest.param("doctest", body, line, id=f"README.md:{line}")
        elif language == "python":
            yield pytest.param("python", body, line, id=f"README.md:{line}")


BLOCKS = list(_blocks())


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("kind, body, line", BLOCKS)
def test_readme_example(kind, body, line, monkeypatch):
    monkeypatch.chdir(ROOT)             # the examples name files relative to the checkout
    monkeypatch.setattr("sys.path", list(__import__("sys").path))   # examples may extend it
    if kind == "python":
        exec(compile(body, f"README.md:{line}", "exec"), {"__name__": "readme_example"})
        return
    test = doctest.DocTestParser().get_doctest(body, {"__name__": "readme_example"},
                                               f"README.md:{line}", str(README), line - 1)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert os.getcwd() == str(ROOT)
