"""The window under SDL's dummy video and audio drivers: the loop, hotkeys, controllers, errors."""
import ctypes
import hashlib
import re
from dataclasses import replace

from pathlib import Path

import pytest

import roms_free

from emu import cli
from emu.config import Config
from emu.frontend.window import Window
from emu.frontend.sdl import sdl2
from emu.frontend.session import Session
from emu.input import FrameInput
from emu.movie import Movie


def o2(*argv):
    return cli.main([str(a) for a in argv])


def sha_file(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_window_runs_n_frames_like_headless(user_dirs, echo_cart, capsys):
    window_png, headless_png = user_dirs / "w.png", user_dirs / "h.png"
    assert o2("run", echo_cart, "--frames", 30, "--nothrottle", "--screenshot", window_png, "--stats") == 0
    assert re.search(r"^stats: 30 frames in [0-9.]+ s = [0-9.]+ fps \(machine 59\.83 Hz\), \d+ shown; "
                     r"audio underruns: \d+$",
                     capsys.readouterr().out, re.M)
    assert o2("run", echo_cart, "--headless", "--frames", 30, "--screenshot", headless_png) == 0
    assert sha_file(window_png) == sha_file(headless_png)
    # The first run wrote the default config for the user to edit.
    assert Config.load(user_dirs / "config" / "odyssey2" / "config.toml").data == Config.defaults().data


def test_movie_recorded_in_the_window_replays_headless(user_dirs, echo_cart, capsys):
    movie = user_dirs / "run.movie"
    # A movie with inputs, played in the window and recorded again from there.
    source = user_dirs / "source.movie"
    identity = Session(cli.build_parser().parse_args(["run", str(echo_cart)])).identity
    Movie(**identity, frames=60, events=[(3, FrameInput({"7"}, ({"right", "fire"}, set()))),
                                         (40, FrameInput(joysticks=(set(), {"up"})))]).save(source)
    assert o2("run", echo_cart, "--play", source, "--record", movie, "--nothrottle", "--frames", 60,
              "--wav", user_dirs / "w.wav", "--screenshot", user_dirs / "w.png") == 0
    assert Movie.load(movie).events == [(1, FrameInput()),
                                        (3, FrameInput({"7"}, ({"right", "fire"}, set()))),
                                        (40, FrameInput(joysticks=(set(), {"up"})))]
    capsys.readouterr()
    assert o2("run", echo_cart, "--headless", "--play", movie, "--wav", user_dirs / "h.wav",
              "--screenshot", user_dirs / "h.png") == 0
    assert "movie: replay of 60 frames matches the recording (screen and audio)" in capsys.readouterr().err
    assert sha_file(user_dirs / "w.wav") == sha_file(user_dirs / "h.wav")
    assert sha_file(user_dirs / "w.png") == sha_file(user_dirs / "h.png")


def test_runs_silent_without_an_audio_device(user_dirs, echo_cart, monkeypatch, capsys):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    assert o2("run", echo_cart, "--frames", 3, "--nothrottle", "--stats") == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("o2: warning: no audio device (")
    assert captured.err.endswith("); running silent\n")
    assert "audio underruns: n/a (no sound)" in captured.out


@pytest.mark.parametrize("argv, message", [
    (["--controller", "0"], "o2: error: no game controller 0 connected (found 0; 0 is the first)\n"),
    (["--play", "{tmp}/absent.movie"], "o2: error: {tmp}/absent.movie: cannot read movie: no such file\n"),
    (["--record", "{tmp}/no/such/dir/m.movie"], "o2: error: {tmp}/no/such/dir/m.movie: cannot record a movie there (no such folder)\n"),
    (["--wav", "{tmp}/no/such/dir/w.wav"], "o2: error: {tmp}/no/such/dir/w.wav: cannot write WAV file (no such folder)\n"),
    (["--load-state", "3"], "o2: error: {states}/slot3.state: cannot read save state: no such file\n"),
])
def test_errors_are_one_line(user_dirs, echo_cart, capsys, argv, message):
    states = user_dirs / "data" / "odyssey2" / "states" / hashlib.sha256(echo_cart.read_bytes()).hexdigest()
    argv = [a.format(tmp=user_dirs) for a in argv]
    assert o2("run", echo_cart, "--frames", 1, *argv) == 2
    assert capsys.readouterr().err == message.format(tmp=user_dirs, states=states)


def test_bad_rom_and_foreign_movie_are_one_line(user_dirs, echo_cart, capsys):
    rom = user_dirs / "short.bin"
    rom.write_bytes(bytes(100))
    assert o2("run", rom, "--frames", 1) == 2
    err = capsys.readouterr().err        # the wording after the size is emu.odyssey2's
    assert err.startswith(f"o2: error: {rom}: wrong size for a cartridge (100 bytes") and err.count("\n") == 1
    movie = user_dirs / "bundled.movie"
    assert o2("run", "--headless", "--frames", 2, "--record", movie) == 0       # the bundled cart
    capsys.readouterr()
    assert o2("run", echo_cart, "--frames", 1, "--play", movie) == 2
    bundled = hashlib.sha256(Path(roms_free.path("conquest.bin")).read_bytes()).hexdigest()
    echo = hashlib.sha256(echo_cart.read_bytes()).hexdigest()
    assert capsys.readouterr().err == (f"o2: error: {movie}: movie was recorded with cart {bundled[:12]}…, "
                                       f"but this machine has {echo[:12]}…\n")


def test_bad_config_is_one_line(user_dirs, echo_cart, capsys):
    bad = user_dirs / "bad.toml"
    bad.write_text("[video]\nscale = 12\n")
    assert o2("run", echo_cart, "--frames", 1, "--config", bad) == 2
    assert capsys.readouterr().err == f"o2: error: {bad}:2: video.scale must be an integer from 1 to 8\n"


# ---- hotkeys and controllers, driving a Window directly ----

def key_event(name, down=True, mod=0):
    event = sdl2.SDL_Event()
    event.type = sdl2.SDL_KEYDOWN if down else sdl2.SDL_KEYUP
    event.key.keysym.sym = sdl2.SDL_GetKeyFromName(name.encode())
    event.key.keysym.mod = mod
    event.key.state = sdl2.SDL_PRESSED if down else sdl2.SDL_RELEASED
    assert sdl2.SDL_PushEvent(ctypes.byref(event)) == 1


def test_hotkeys_save_slots_screenshot_and_joystick_keys(window, user_dirs):
    key_event("F3", mod=sdl2.KMOD_LSHIFT)          # save slot 2 before frame 1 runs
    key_event("F12")                               # screenshot
    key_event("D")                                 # left joystick RIGHT
    assert window.options is window.session.options and window.options.nothrottle
    window.options = replace(window.options, frames=12)
    assert window.run() == 0
    slot = window.slots.path(2)
    assert slot.exists() and not slot.with_name("slot2.state.tmp").exists()
    shots = list((user_dirs / "data" / "odyssey2" / "screenshots").iterdir())
    assert [p.name for p in shots] == ["input_echo-0001.png"]
    assert Movie.load(user_dirs / "window.movie").events == [(1, FrameInput(joysticks=({"right"}, set())))]
    # Frame 1 is the cart's start-up; it reads the stick once in each of frames 2-12.
    assert window.machine.iram[0x20] == 0x40 + 11


def test_a_failed_screenshot_is_a_message(window, user_dirs, capsys):
    window.config.data["paths"]["screenshots"] = str(user_dirs / "window.movie" / "x")   # under a file
    (user_dirs / "window.movie").write_text("")
    window._hotkey("screenshot", 0)
    assert capsys.readouterr().err == "o2: no screenshot: Not a directory\n"


def test_loading_a_slot_while_recording_is_refused(window, capsys):
    window.slots.save(1, window.machine.save_state())
    window.runner.run_frame()
    window._hotkey(1, 0)                            # F2: load slot 1
    assert window.machine.frame == 1
    assert "loading a state is off while recording a movie" in capsys.readouterr().err


def test_pause_and_frame_advance(window):
    key_event("F9", mod=sdl2.KMOD_LSHIFT)           # frame advance: pauses, then runs one frame
    window.tick()
    window.tick()
    assert window.paused and window.machine.frame == 1
    key_event("F9", mod=sdl2.KMOD_RSHIFT)
    window.tick()
    window.tick()
    assert window.paused and window.machine.frame == 2
    key_event("F9")                                 # resume
    for _ in range(3):
        window.tick()
    assert not window.paused and window.machine.frame == 5


def test_typing_mode_and_reset_hotkeys(window):
    key_event("ScrollLock")
    key_event("W")
    key_event("F10")                                # the console's RESET key, held
    window.poll_events()
    assert window.live.current() == FrameInput({"W"}, reset=True)
    key_event("F10", down=False)
    window.poll_events()
    assert window.live.current() == FrameInput({"W"})


def test_game_controller_hot_plug(window):
    index = sdl2.SDL_JoystickAttachVirtual(sdl2.SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
    assert index >= 0
    window.poll_events()
    assert len(window.controllers.open) == 1
    stick = sdl2.SDL_JoystickOpen(index)
    sdl2.SDL_JoystickSetVirtualButton(stick, sdl2.SDL_CONTROLLER_BUTTON_A, 1)
    sdl2.SDL_JoystickSetVirtualAxis(stick, sdl2.SDL_CONTROLLER_AXIS_LEFTX, -30000)
    sdl2.SDL_JoystickSetVirtualButton(stick, sdl2.SDL_CONTROLLER_BUTTON_DPAD_DOWN, 1)
    sdl2.SDL_GameControllerUpdate()
    window.poll_events()
    assert window.live.current() == FrameInput(joysticks=({"fire", "left", "down"}, set()))
    sdl2.SDL_JoystickSetVirtualButton(stick, sdl2.SDL_CONTROLLER_BUTTON_B, 1)     # B fires too
    sdl2.SDL_JoystickSetVirtualButton(stick, sdl2.SDL_CONTROLLER_BUTTON_A, 0)
    sdl2.SDL_GameControllerUpdate()
    window.poll_events()
    assert window.live.current() == FrameInput(joysticks=({"fire", "left", "down"}, set()))
    sdl2.SDL_JoystickSetVirtualButton(stick, sdl2.SDL_CONTROLLER_BUTTON_B, 0)
    sdl2.SDL_GameControllerUpdate()
    window.poll_events()
    assert window.live.current() == FrameInput(joysticks=({"left", "down"}, set()))
    sdl2.SDL_JoystickClose(stick)
    sdl2.SDL_JoystickDetachVirtual(index)
    window.poll_events()
    assert window.controllers.open == []
    assert window.live.current() == FrameInput()


def test_headless_starts_from_a_slot_and_its_movie_replays(user_dirs, echo_cart, capsys):
    # Slot 2: the machine after 20 frames of holding the right stick's DOWN.
    session = Session(cli.build_parser().parse_args(["run", str(echo_cart), "--headless"]))
    for _ in range(20):
        session.run_frame(FrameInput(joysticks=(set(), {"down"})))
    session.slots.save(2, session.machine.save_state())
    movie = user_dirs / "from-slot.movie"
    assert o2("run", echo_cart, "--headless", "--frames", 10, "--load-state", 2, "--record", movie) == 0
    capsys.readouterr()
    assert o2("run", echo_cart, "--headless", "--play", movie) == 0
    assert "movie: replay of 10 frames matches the recording (screen and audio)" in capsys.readouterr().err
    assert Movie.load(movie).start_state == session.slots.load(2)
    # A headless run reads the user's config but never writes one.
    assert not (user_dirs / "config").exists()
    assert o2("run", echo_cart, "--headless", "--play", movie, "--load-state", 2) == 2
    assert capsys.readouterr().err == "o2: error: --load-state cannot be used with --play: the movie says where it starts\n"


def test_slot_hotkeys_mid_movie_continue_the_movie(user_dirs, echo_cart, capsys):
    config = Config.defaults()
    config.data["audio"]["enabled"] = False
    identity = Session(cli.build_parser().parse_args(["run", str(echo_cart)]), config).identity
    movie = user_dirs / "m.movie"
    Movie(**identity, frames=60, events=[(5, FrameInput(joysticks=({"right"}, set()))),
                                         (35, FrameInput({"4"}, ({"down"}, set())))]).save(movie)
    args = cli.build_parser().parse_args(["run", str(echo_cart), "--nothrottle", "--play", str(movie)])
    assert sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO | sdl2.SDL_INIT_GAMECONTROLLER) == 0
    try:
        window = Window(config, Session(args, config))
        for _ in range(30):
            window.session.run_frame()
        window._hotkey(3, sdl2.KMOD_LSHIFT)              # Shift+F4: save slot 3 at frame 30
        for _ in range(30):
            window.session.run_frame()
        first = window.machine.screen.tobytes()
        window._hotkey(3, 0)                             # F4: back to frame 30 of the movie
        assert window.runner.next_frame == 31
        for _ in range(30):
            window.session.run_frame()
        assert window.machine.screen.tobytes() == first
        # Right held 5-34, down 35-60: sprite 0 at 0x40 + 30, 0x40 + 26.
        assert list(window.machine.iram[0x20:0x22]) == [0x40 + 30, 0x40 + 26]
        assert "loaded slot 3" in capsys.readouterr().err
    finally:
        sdl2.SDL_Quit()



def test_a_pal_movie_replays_as_pal_without_the_flag(user_dirs, echo_cart, capsys):
    movie = user_dirs / "pal.movie"
    assert o2("run", echo_cart, "--headless", "--pal", "--frames", 20, "--record", movie) == 0
    assert "region pal\n" in movie.read_text()
    capsys.readouterr()
    assert o2("run", echo_cart, "--headless", "--play", movie) == 0
    assert "movie: replay of 20 frames matches the recording (screen and audio)" in capsys.readouterr().err


def test_a_stalled_audio_device_leaves_the_window_running_silent(window, capsys):
    from emu.frontend.audio import AudioOut
    assert sdl2.SDL_InitSubSystem(sdl2.SDL_INIT_AUDIO) == 0
    window.audio = AudioOut(44100, window.session.frame_rate, 3)
    for _ in range(10):                               # primed: the device starts playing
        window.runner.run_frame()
        window.audio.queue(window.machine.audio)
    assert window.audio.started
    sdl2.SDL_PauseAudioDevice(window.audio.device, 1)   # ... and stops draining
    window.options = replace(window.options, nothrottle=False)
    window._pace()
    assert window.audio is None
    assert capsys.readouterr().err == "o2: the audio device stopped playing; running silent\n"
    window.tick()                                     # paced by the clock from now on
    assert window.machine.frame == 11


def test_a_replay_that_differs_exits_1(user_dirs, echo_cart, capsys):
    movie = user_dirs / "m.movie"
    assert o2("run", echo_cart, "--headless", "--frames", 5, "--record", movie) == 0
    text = movie.read_text()
    assert o2("run", echo_cart, "--headless", "--play", movie) == 0
    screen = re.search(r"^final-screen ([0-9a-f]{64})$", text, re.M).group(1)
    movie.write_text(text.replace(screen, "0" * 64))
    capsys.readouterr()
    assert o2("run", echo_cart, "--headless", "--play", movie) == 1
    assert "movie: replay differs from the recording (final screen)\n" in capsys.readouterr().err
    # The window goes on after the movie (live input), so it stops here after the movie's 5 frames.
    assert o2("run", echo_cart, "--play", movie, "--nothrottle", "--frames", 5) == 1


@pytest.mark.parametrize("frames, message", [
    ("1e26", "o2: error: run: argument --frames: not a whole number: '1e26'\n"),
    ("5184001", "o2: error: run: argument --frames: must be from 1 to 5184000, not 5184001\n"),
])
def test_absurd_frame_counts_are_refused(frames, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        o2("run", "--headless", "--frames", frames)
    assert exit_.value.code == 2
    assert capsys.readouterr().err == message


def test_a_long_headless_run_shows_its_progress(echo_cart, monkeypatch, capsys):
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    assert o2("run", echo_cart, "--headless", "--frames", 4) == 0
    assert capsys.readouterr().err == ("o2: frame 1 of 4 (25%)\no2: frame 2 of 4 (50%)\n"
                                       "o2: frame 3 of 4 (75%)\no2: frame 4 of 4 (100%)\n")


def test_no_display_is_an_error_not_an_invisible_window(user_dirs, echo_cart, monkeypatch, capsys):
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert o2("run", echo_cart, "--frames", 1, "--silent") == 2
    assert capsys.readouterr().err == ("o2: error: no display to open a window on (is DISPLAY or "
                                       "WAYLAND_DISPLAY set?); use --headless to run without a window\n")


class _Slack:
    def __init__(self, seconds):
        self.seconds = seconds

    def slack(self):
        return self.seconds


def test_silent_pacing_draws_every_frame_that_is_not_late(window):
    window.options = replace(window.options, nothrottle=False)
    window.draw_seconds = 0.5          # a slow first present, long remembered
    window.pacer = _Slack(0.002)
    assert window._should_show(0, 0.0)
    window.pacer = _Slack(-0.001)      # behind the console's clock: catch up first
    assert not window._should_show(0, 0.0)
    window.audio = _Slack(0.002)       # with sound, drawing must fit in what the queue covers
    assert not window._should_show(0, 0.0)
    window.audio = None


def test_version_and_the_key_map_in_help(capsys):
    with pytest.raises(SystemExit) as exit_:
        o2("--version")
    assert exit_.value.code == 0
    assert re.fullmatch(r"o2 \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)
    with pytest.raises(SystemExit):
        o2("run", "--help")
    out = capsys.readouterr().out
    assert "  load / save state  F2-F8 / Shift+F2-F8 (slots 1-7)\n" in out
    assert "  key help           F1\n" in out
    assert "  left joystick      W/A/S/D + Left Ctrl\n" in out
    assert "  pause              F9\n" in out
