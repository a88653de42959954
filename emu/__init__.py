"""Odyssey² / Videopac G7000 emulator: the C core (native/) behind a small Python API."""
