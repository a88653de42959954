"""The debugger beside the SDL window (SDL's dummy drivers): Pause (the key) stops the window and opens the
prompt on the terminal; leaving the prompt lets the window run on, breakpoints off."""
import ctypes
import io

import pytest

from emu import cli
from emu.config import Config
from emu.frontend.window import Window
from emu.frontend.sdl import sdl2
from emu.frontend.session import Session


@pytest.fixture
def window(programs, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    args = cli.build_parser().parse_args(["run", str(programs.cart("prog")), "--bios",
                                          str(programs.bios), "--nothrottle", "--silent"])
    config = Config.defaults()
    config.data["audio"]["enabled"] = False
    session = Session(args, config)
    assert sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) == 0
    yield Window(config, session)
    sdl2.SDL_Quit()


def press(name):
    event = sdl2.SDL_Event()
    event.type = sdl2.SDL_KEYDOWN
    event.key.keysym.sym = sdl2.SDL_GetKeyFromName(name.encode())
    event.key.state = sdl2.SDL_PRESSED
    assert sdl2.SDL_PushEvent(ctypes.byref(event)) == 1


def test_pause_key_opens_the_prompt_and_the_window_runs_on(window, monkeypatch, capsys):
    window.session.run_frame(window.live.current())
    monkeypatch.setattr("sys.stdin", io.StringIO("break loop\nuntil idle\nregs\nquit\n"))
    press("Pause")
    window.poll_events()
    out = capsys.readouterr().out
    assert "(o2) until: at idle (422)" in out and "PC 422  A " in out
    assert window.machine.cpu.pc == 0x422
    frame = window.machine.frame
    window.session.run_frame(window.live.current())    # `break loop` is off outside the prompt
    assert window.machine.frame == frame + 1
    monkeypatch.setattr("sys.stdin", io.StringIO("breaks\n"))
    press("Pause")
    window.poll_events()
    assert "1: at loop (409), hit 0" in capsys.readouterr().out
