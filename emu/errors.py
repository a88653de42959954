"""Errors the emulator reports to its users, each with a one-line message.

The CLI prints `o2: error: <message>` for any of them and exits with status 2.
"""


class O2Error(Exception):
    """Base of the emulator's user-facing errors."""


class RomError(O2Error):
    """A BIOS, character set or cartridge image that cannot be used (names the file)."""


class StateError(O2Error):
    """A save state that cannot be loaded into this machine."""


class DebugError(O2Error):
    """A command the debugger cannot carry out; the message is one line."""
