"""Our free ROMs: BIOS, character set, demo and test cartridges, all built in-repo (make roms)."""
from importlib import resources


def path(name: str):
    """Path of a bundled ROM file, e.g. path("bios.bin")."""
    return resources.files(__name__) / name
