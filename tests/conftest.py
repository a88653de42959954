"""Test-suite root. Its presence puts tests/ on sys.path, so every area's tests share the
helpers kept here (rom_runners: run a cartridge in MAME or in our machine the same way)."""
