"""Fixtures for the front end tests: the input_echo test cartridge, SDL's dummy drivers, a window."""
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


@pytest.fixture
def window(user_dirs, echo_cart):
    """A window on the echo cartridge under SDL's dummy drivers: silent, unthrottled, recording
    its inputs to user_dirs/window.movie."""
    from emu import cli
    from emu.config import Config
    from emu.frontend.window import Window
    from emu.frontend.sdl import sdl2
    from emu.frontend.session import Session
    args = cli.build_parser().parse_args(["run", str(echo_cart), "--nothrottle", "--silent",
                                          "--record", str(user_dirs / "window.movie")])
    config = Config.defaults()
    config.data["audio"]["enabled"] = False
    session = Session(args, config)
    assert sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO | sdl2.SDL_INIT_GAMECONTROLLER) == 0
    yield Window(config, session)
    sdl2.SDL_Quit()
