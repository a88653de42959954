"""Test-suite root. Its presence puts tests/ on sys.path, so every area's tests share the
helpers kept here (rom_runners: run a cartridge in MAME or in our machine the same way)."""

import os

from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a landing is decided by the change
# and not by the draw (a long random search is `make fuzz-board` and local runs); no example has a
# deadline, as the shared machine's load varies.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("local", deadline=None)
# `make fuzz`: fresh random draws every pass, even on CI, none replayed from a database; a failure
# prints the blob that reproduces it (@reproduce_failure).
settings.register_profile("fuzz", deadline=None, print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "local"))
