"""Fixtures for the front end tests: the input_echo test cartridge, and SDL's dummy drivers."""
from pathlib import Path

import pytest

from cart.asm import assemble_file

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


@pytest.fixture(scope="session")
def echo_cart(tmp_path_factory):
    """roms/input_echo.asm assembled: a 2 KiB cartridge that shows every input it gets."""
    program = assemble_file(str(HERE / "roms" / "input_echo.asm"), include_dirs=[str(ROOT / "roms_free" / "src")])
    path = tmp_path_factory.mktemp("carts") / "input_echo.bin"
    path.write_bytes(program.image(size=2048, fill=0xFF))
    return path


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    """Config and data directories of a fresh user, and SDL's dummy video and audio."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path
