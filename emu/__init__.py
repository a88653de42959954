"""Odyssey² / Videopac G7000 emulator: the C core (native/) behind a small Python API."""
import os

# numpy is used only for views and small arrays here; OpenBLAS's idle worker threads would
# compete with the emulator for the cores. Only a default: the user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from emu.version import __version__  # noqa: E402  (after the thread default, before numpy loads)
