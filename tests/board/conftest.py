"""The board every board test plays on, as the manual prints it."""
import pytest

from board.world import standard_world


@pytest.fixture(scope="session")
def world():
    return standard_world()
