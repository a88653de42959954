"""Test-suite root. Its presence puts tests/ on sys.path, so every area's tests share the
helpers kept here (rom_runners: run a cartridge in MAME or in our machine the same way)."""

import os

from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a landing is decided by the change
# and not by the draw (a long random search is `make fuzz-board` and local runs); no example has a
# deadline, as the shared machine's load varies.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")
