"""`o2 run` with a window: SDL2 video, sound, keyboard, game controllers and hotkeys.

The loop, once per frame: read SDL events (keys, controllers, hotkeys, window), run one frame
with this frame's input (emu.frontend.session / emu.movie: the same code as headless), queue
its sound, show its picture, then wait until the sound queue is down to its target depth — the
sound card's clock paces the emulation (emu.frontend.audio). Without a sound device the wall
clock paces it instead and the emulator runs silent.

emu.frontend.run registers the options and calls open_window; this module loads SDL.
"""
import ctypes
import os
import sys
import time

from emu.commands import EXIT_REPLAY_DIFFERS
from emu.errors import O2Error, StateError
from emu.frontend.help import key_rows
from emu.frontend.audio import AudioOut, AudioUnavailable, ClockPacer
from emu.frontend.files import next_screenshot_path, save_png
from emu.frontend.osd import Panel
from emu.frontend.sdl import sdl2
from emu.frontend.video import Video, VideoError
from emu.input import Bindings, LiveInput

MESSAGE_SECONDS = 3.0
MAX_SKIPPED_FRAMES = 5      # frames drawn: at least one in six, however slow drawing is
SAVE_MODIFIER_MASK = {"Shift": sdl2.KMOD_SHIFT, "Ctrl": sdl2.KMOD_CTRL, "Alt": sdl2.KMOD_ALT}

# Game controller buttons -> joystick buttons; any face button fires.
PAD_BUTTONS = {
    sdl2.SDL_CONTROLLER_BUTTON_DPAD_UP: "up",
    sdl2.SDL_CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    sdl2.SDL_CONTROLLER_BUTTON_DPAD_DOWN: "down",
    sdl2.SDL_CONTROLLER_BUTTON_DPAD_LEFT: "left",
    sdl2.SDL_CONTROLLER_BUTTON_A: "fire",
    sdl2.SDL_CONTROLLER_BUTTON_B: "fire",
    sdl2.SDL_CONTROLLER_BUTTON_X: "fire",
    sdl2.SDL_CONTROLLER_BUTTON_Y: "fire",
}
AXIS_RANGE = 32767.0


def open_window(config, session):
    """Start SDL, run the window until it closes, stop SDL; the exit status."""
    if sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO | sdl2.SDL_INIT_GAMECONTROLLER) != 0:
        raise O2Error(f"cannot start SDL video: {sdl2.SDL_GetError().decode(errors='replace')}")
    driver = (sdl2.SDL_GetCurrentVideoDriver() or b"").decode()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        # SDL fell back to drawing nowhere: no window would open, so say so instead.
        sdl2.SDL_Quit()
        raise O2Error("no display to open a window on (is DISPLAY or WAYLAND_DISPLAY set?); "
                      "use --headless to run without a window")
    try:
        return Window(config, session).run()
    finally:
        sdl2.SDL_Quit()


class Controllers:
    """Game controllers in plug order; config numbers pick the ones for the left/right sticks."""

    def __init__(self, live, left, right):
        self.live = live
        self.order = {left: 0, right: 1}   # position in plug order -> stick
        self.open = []                     # [(instance id, SDL_GameController*)]
        self.held = {}                     # instance id -> SDL buttons down (A and B both fire)

    def added(self, device_index):
        if not sdl2.SDL_IsGameController(device_index):
            return None
        pad = sdl2.SDL_GameControllerOpen(device_index)
        if not pad:
            return None
        instance = sdl2.SDL_JoystickInstanceID(sdl2.SDL_GameControllerGetJoystick(pad))
        if any(i == instance for i, _ in self.open):
            sdl2.SDL_GameControllerClose(pad)   # already open (added twice at start-up)
            return None
        self.open.append((instance, pad))
        self._forget_readings()
        return sdl2.SDL_GameControllerName(pad).decode(errors="replace")

    def removed(self, instance):
        for entry in self.open:
            if entry[0] == instance:
                sdl2.SDL_GameControllerClose(entry[1])
                self.open.remove(entry)
                self._forget_readings()
                return True
        return False

    def _forget_readings(self):
        # The plug order changed, so sticks may now belong to other controllers.
        self.held.clear()
        for stick in (0, 1):
            self.live.set_pad_buttons(stick, ())
            self.live.pad_axes[stick].clear()

    def stick_of(self, instance):
        for position, (i, _) in enumerate(self.open):
            if i == instance:
                return self.order.get(position)
        return None

    def button(self, instance, button, down):
        stick = self.stick_of(instance)
        if stick is None or button not in PAD_BUTTONS:
            return
        held = self.held.setdefault(instance, set())
        (held.add if down else held.discard)(button)
        self.live.set_pad_buttons(stick, {PAD_BUTTONS[b] for b in held})

    def axis(self, instance):
        stick = self.stick_of(instance)
        if stick is None:
            return
        pad = dict(self.open)[instance]
        x = sdl2.SDL_GameControllerGetAxis(pad, sdl2.SDL_CONTROLLER_AXIS_LEFTX) / AXIS_RANGE
        y = sdl2.SDL_GameControllerGetAxis(pad, sdl2.SDL_CONTROLLER_AXIS_LEFTY) / AXIS_RANGE
        self.live.pad_axes_moved(stick, x, y)

    def close(self):
        for _, pad in self.open:
            sdl2.SDL_GameControllerClose(pad)
        self.open.clear()


class Window:
    """The window on a Session: its options (session.options, SessionOptions) and the settings
    file's `config` with those options applied (emu.frontend.run._config)."""

    def __init__(self, config, session):
        self.config, self.session = config, session
        self.options = session.options
        self.slots = session.slots
        self.machine = session.machine
        self.runner = session.runner
        self.name = session.cart_path.stem
        video = config.data["video"]
        rows, columns, _ = self.machine.screen.shape
        try:
            self.video = Video(f"Odyssey² — {self.name}", columns, rows, session.identity["region"],
                               video["scale"], video["fullscreen"], video["scanlines"])
        except VideoError as e:
            raise O2Error(str(e)) from None
        self.live = LiveInput(Bindings.from_config(config), config.data["controllers"]["deadzone"])
        self.controllers = Controllers(self.live, config.data["controllers"]["left"],
                                       config.data["controllers"]["right"])
        self._open_controllers()
        self.audio = self._open_audio()
        self.pacer = ClockPacer(session.frame_rate)
        self.hotkeys = self._hotkeys(config.data["hotkeys"])
        self.save_modifier = SAVE_MODIFIER_MASK[config.data["hotkeys"]["save_modifier"]]
        self.paused = False
        self.advance = False        # run one frame while paused (frame advance)
        self.running = True
        self.draw_seconds = 0.0     # how long showing a frame takes (decaying maximum)
        self.frames_run = self.frames_shown = self.skipped = 0
        self.last_shown = time.perf_counter()
        self.message, self.message_until = "", 0.0
        self.help_shown = False     # the key-help panel (F1)
        # The panel's font has no "²".
        self.help_panel = Panel((f"Keys ({config.data['hotkeys']['help']} closes)", "",
                                 *(f"{what.replace('²', '2')}\t{keys}"
                                   for what, keys in key_rows(config.data))), "centre")
        self.title = None
        self.debugger = None        # the debugger (the "debug" hotkey), made on first use

    # ---- set-up ----

    def _open_controllers(self):
        wanted = self.config.data["controllers"]["left"]
        for index in range(sdl2.SDL_NumJoysticks()):
            self.controllers.added(index)
        if self.options.controller is not None and len(self.controllers.open) <= wanted:
            found = len(self.controllers.open)
            raise O2Error(f"no game controller {wanted} connected (found {found}; 0 is the first)")

    def _open_audio(self):
        if not self.config.data["audio"]["enabled"]:
            return None
        if sdl2.SDL_InitSubSystem(sdl2.SDL_INIT_AUDIO) != 0:
            problem = sdl2.SDL_GetError().decode(errors="replace")
        else:
            try:
                return AudioOut(self.session.identity["sample_rate"], self.session.frame_rate,
                                self.config.data["audio"]["latency_frames"])
            except AudioUnavailable as e:
                problem = str(e)
        print(f"o2: warning: no audio device ({problem}); running silent", file=sys.stderr)
        return None

    @staticmethod
    def _hotkeys(table):
        code = lambda name: sdl2.SDL_GetKeyFromName(name.encode())
        keys = {code(table[action]): action
                for action in ("quit", "pause", "reset", "fullscreen", "screenshot", "typing_mode",
                               "debug", "help") if table[action]}
        keys.update({code(name): slot for slot, name in enumerate(table["slots"], 1)})
        return keys

    # ---- the loop ----

    def run(self):
        limit = self.options.frames
        started = self.last_shown = time.perf_counter()
        try:
            while self.running and (limit is None or self.frames_run < limit):
                self.tick()
        except KeyboardInterrupt:
            pass
        elapsed = time.perf_counter() - started
        underruns = self.audio.underruns if self.audio else "n/a (no sound)"
        self._close()
        if self.options.screenshot:
            save_png(self.machine.screen, self.options.screenshot)
        if self.options.stats:
            print(f"stats: {self.frames_run} frames in {elapsed:.2f} s = {self.frames_run / elapsed:.2f} fps "
                  f"(machine {self.session.frame_rate:.2f} Hz), {self.frames_shown} shown; "
                  f"audio underruns: {underruns}")
        return EXIT_REPLAY_DIFFERS if self.session.runner.matched is False else 0

    def tick(self):
        """One pass of the loop: events, one frame (unless paused), drawing it, pacing."""
        self.poll_events()
        if not self.paused or self.advance:
            self.session.run_frame(self.live.current())
            self.frames_run += 1
            if self.audio and not self.options.nothrottle and not self.paused:
                self.audio.queue(self.machine.audio)
            self.advance = False
        if self._should_show(self.skipped, self.last_shown):
            before = time.perf_counter()
            self.video.present(self.machine.screen, self.panels())
            self.frames_shown, self.skipped, self.last_shown = self.frames_shown + 1, 0, time.perf_counter()
            self._drawing_took(self.last_shown - before)
        else:
            self.skipped += 1
        self._update_title()
        self._pace()

    def _should_show(self, skipped, last_shown):
        """Draw this frame, or skip drawing it so that the emulation keeps up with the sound."""
        if self.paused or skipped >= MAX_SKIPPED_FRAMES:
            return True
        if self.options.nothrottle:    # as fast as possible, drawn at most at the machine's rate
            return time.perf_counter() - last_shown >= 1 / self.session.frame_rate
        if self.audio:              # drawing must not let the sound queue run dry
            return self.audio.slack() > self.draw_seconds
        # Silent, nothing runs dry: draw unless this frame is already late, so that a slow
        # first present (which draw_seconds remembers for long) does not starve the picture.
        return self.pacer.slack() > 0

    def _drawing_took(self, seconds):
        # Follow rises at once and falls slowly, so one quick frame does not undo the margin.
        self.draw_seconds = max(seconds, self.draw_seconds * 0.98)
        if self.audio:
            self.audio.cover(self.draw_seconds)

    def _pace(self):
        if self.paused:
            sdl2.SDL_Delay(15)
        elif self.options.nothrottle:
            return
        elif self.audio:
            if not self.audio.wait_for_room():
                self._lose_audio("the audio device stopped playing")
        else:
            self.pacer.wait()

    def _lose_audio(self, why):
        """Carry on silent, paced by the clock (a headset unplugged, a device gone)."""
        self.audio.close()
        self.audio = None
        self.pacer.restart()
        self._say(f"{why}; running silent")

    def _close(self):
        self.session.finish()
        if self.audio:
            self.audio.close()
        self.controllers.close()
        self.video.close()

    # ---- events ----

    def poll_events(self):
        event = sdl2.SDL_Event()
        while sdl2.SDL_PollEvent(ctypes.byref(event)):
            kind = event.type
            if kind == sdl2.SDL_QUIT:
                self.running = False
            elif kind in (sdl2.SDL_KEYDOWN, sdl2.SDL_KEYUP):
                self._key(event.key, kind == sdl2.SDL_KEYDOWN)
            elif kind == sdl2.SDL_WINDOWEVENT:
                what = event.window.event
                if what in (sdl2.SDL_WINDOWEVENT_SIZE_CHANGED, sdl2.SDL_WINDOWEVENT_RESIZED):
                    self.video.resized()
                elif what == sdl2.SDL_WINDOWEVENT_FOCUS_LOST:
                    self.live.release_all()
            elif kind == sdl2.SDL_AUDIODEVICEREMOVED and self.audio and event.adevice.iscapture == 0 \
                    and event.adevice.which == self.audio.device:
                self._lose_audio("the audio device was removed")
            elif kind == sdl2.SDL_CONTROLLERDEVICEADDED:
                name = self.controllers.added(event.cdevice.which)
                if name:
                    self._say(f"controller connected: {name}")
            elif kind == sdl2.SDL_CONTROLLERDEVICEREMOVED:
                if self.controllers.removed(event.cdevice.which):
                    self._say("controller disconnected")
            elif kind in (sdl2.SDL_CONTROLLERBUTTONDOWN, sdl2.SDL_CONTROLLERBUTTONUP):
                self.controllers.button(event.cbutton.which, event.cbutton.button,
                                        kind == sdl2.SDL_CONTROLLERBUTTONDOWN)
            elif kind == sdl2.SDL_CONTROLLERAXISMOTION:
                self.controllers.axis(event.caxis.which)

    def _key(self, key, down):
        code = key.keysym.sym
        action = self.hotkeys.get(code)
        if action is None:
            self.live.key(code, down)
            return
        if action == "reset":
            if down and not key.repeat:
                self._say("reset")
            self.live.reset = down
        elif down and not key.repeat:
            self._hotkey(action, key.keysym.mod)

    def _hotkey(self, action, modifiers):
        if action == "quit":
            self.running = False
        elif action == "pause" and modifiers & self.save_modifier:
            self._advance_one_frame()
        elif action == "pause":
            self._toggle_pause()
        elif action == "debug":
            self._debug()
        elif action == "help":
            self.help_shown = not self.help_shown
        elif action == "fullscreen":
            self.video.toggle_fullscreen()
        elif action == "screenshot":
            try:
                path = save_png(self.machine.screen, next_screenshot_path(self.config.screenshots_dir, self.name))
            except (O2Error, OSError) as e:
                self._say(f"no screenshot: {getattr(e, 'strerror', None) or e}")
                return
            self._say(f"screenshot {path}", shown=f"screenshot {path.name}")
        elif action == "typing_mode":
            self.live.typing_mode = not self.live.typing_mode
            self._say("typing mode: every key types" if self.live.typing_mode
                      else "joystick mode: joystick keys steer")
        elif modifiers & self.save_modifier:
            self._save_slot(action)
        else:
            self._load_slot(action)

    def _debug(self):
        """The debugger's prompt on the terminal; the window keeps the paused frame until it
        ends (quit or end of input), then the machine runs on from where the debugger left it."""
        from emu.debugger.core import Debugger, symbols_beside
        if self.runner.recording:
            self._say("the debugger is off while recording a movie (it would not replay)")
            return
        if self.audio:
            self.audio.pause()
        self.video.present(self.machine.screen, [Panel(("debugger: see the terminal",), "top-left")])
        if self.debugger is None:
            self.debugger = Debugger(self.machine, symbols=symbols_beside(self.session.cart_path))
        else:
            self.debugger.attach()
        self.debugger.run_prompt()
        self.debugger.detach()
        self.runner.state_loaded()
        self.pacer.restart()

    def _advance_one_frame(self):
        """Pause (if running) and run exactly one frame, silently, with the keys held now."""
        if not self.paused:
            self._toggle_pause()
        self.advance = True

    def _toggle_pause(self):
        self.paused = not self.paused       # shown as PAUSED over the picture and in the title
        if self.audio and self.paused:
            self.audio.pause()
        self.pacer.restart()

    def _save_slot(self, slot):
        try:
            path = self.slots.save(slot, self.machine.save_state())
        except OSError as e:
            self._say(f"cannot save slot {slot}: {e.strerror or e}")
            return
        self._say(f"saved slot {slot} ({path})", shown=f"saved slot {slot}")

    def _load_slot(self, slot):
        if self.runner.recording:
            self._say("loading a state is off while recording a movie (it would not replay)")
            return
        try:
            self.machine.load_state(self.slots.load(slot))
        except FileNotFoundError:
            self._say(f"slot {slot} is empty")
            return
        except (OSError, StateError) as e:
            self._say(f"cannot load slot {slot}: {getattr(e, 'strerror', None) or e}")
            return
        self.runner.state_loaded()
        self._say(f"loaded slot {slot}")

    # ---- feedback ----

    def panels(self) -> list[Panel]:
        """The text over the picture now: the state (paused, recording, playing, typing) at the
        top left and the latest message at the bottom left, or the key help alone while open."""
        status = [short for short, _ in self._states()]
        shown = [Panel((" · ".join(status),), "top-left")] if status else []
        if self._message_showing():
            shown.append(Panel((self.message,), "bottom-left"))
        if self.help_shown:          # alone: in a small window it covers the whole picture
            return [self.help_panel]
        return shown

    def _states(self):
        """What the window is doing now, each as (its short form over the picture, its title word)."""
        frame = self.runner.next_frame - 1
        states = [("PAUSED", "paused")] if self.paused else []
        if self.runner.recording:
            states.append((f"REC {frame}", f"recording {frame}"))
        if self.runner.playing:
            of = f"{frame}/{self.runner.movie.frames}"
            states.append((f"PLAY {of}", f"playing {of}"))
        if self.live.typing_mode:
            states.append(("TYPING", "typing"))
        return states

    def _message_showing(self):
        return self.message and time.monotonic() < self.message_until

    def _say(self, text, shown=None):
        """`text` on the terminal; over the picture `shown` (a short form: no long paths) or it."""
        print(f"o2: {text}", file=sys.stderr)
        self.message, self.message_until = shown or text, time.monotonic() + MESSAGE_SECONDS

    def _update_title(self):
        parts = [f"Odyssey² — {self.name}", *(word for _, word in self._states())]
        if self._message_showing():
            parts.append(self.message)
        title = " · ".join(parts)
        if title != self.title:
            self.video.set_title(title)
            self.title = title
