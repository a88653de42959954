"""Helpers shared by the save-state tests (tests/machine/test_state.py, tests/conformance/
test_state_slices.py)."""
import pytest

from emu.errors import StateError


def refused(m, data, message):
    """Loading `data` into machine `m` fails with a one-line StateError matching `message`, and
    leaves the machine as it was."""
    before = m.save_state()
    with pytest.raises(StateError, match=message) as info:
        m.load_state(data)
    assert "\n" not in str(info.value)
    assert m.save_state() == before
