"""The libretro core is built once per run (`make libretro`); `core` gives a front end around
it and unloads it afterwards (the library holds one game at a time)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import retro  # noqa: E402


@pytest.fixture(scope="session")
def library():
    return retro.build()


@pytest.fixture
def core(library):
    made = []

    def make(**kwargs):
        assert not made or made[-1] is None, "one core at a time"
        c = retro.Core(library, **kwargs)
        made.append(c)
        return c

    def unload(c):
        c.unload()
        made[made.index(c)] = None

    make.unload = unload
    yield make
    for c in made:
        if c is not None:
            c.unload()
