"""The usage examples in emu.odyssey2's docstrings run as written."""
import doctest

import emu.odyssey2


def test_odyssey2_docstring_examples():
    result = doctest.testmod(emu.odyssey2)
    assert result.attempted > 0 and result.failed == 0
