"""tests/conquest: helpers in conquest_helpers.py (a module name of its own, so that it never
meets tests/conftest.py); `game` is the cartridge at SELECT GAME after power-on."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conquest_helpers import new_game  # noqa: E402


@pytest.fixture
def game():
    return new_game()
