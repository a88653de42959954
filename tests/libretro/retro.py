"""A small libretro front end (ctypes) for the tests and the benchmark: loads the core's .so,
answers its environment calls, feeds RetroPad and keyboard input and keeps each frame's picture
and audio (a dupe frame, passed as NULL, is the last picture again).

    core = Core(LIBRARY)
    core.load(content=b"..." or None)           # None: the core's own game (SUPPORT_NO_GAME)
    core.pads[0] = 1 << JOYPAD["UP"]            # held buttons of RetroPad 1, as a bitmask
    core.key(RETROK["a"], True)                 # the keyboard callback
    core.run()                                  # one frame: core.frame (H, W, 3), core.audio
    core.unload()

The library keeps its state between loads (one copy per process), so a Core is loaded, used
and unloaded before the next.
"""
import ctypes
import os
import subprocess
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "build" / "libretro" / "odyssey2_libretro.so"
INFO = ROOT / "build" / "libretro" / "odyssey2_libretro.info"

EXPERIMENTAL = 0x10000
ENV = {
    "GET_CAN_DUPE": 3, "SET_MESSAGE": 6, "GET_SYSTEM_DIRECTORY": 9, "SET_PIXEL_FORMAT": 10,
    "SET_INPUT_DESCRIPTORS": 11, "SET_KEYBOARD_CALLBACK": 12, "GET_VARIABLE": 15,
    "SET_VARIABLES": 16, "GET_VARIABLE_UPDATE": 17, "SET_SUPPORT_NO_GAME": 18,
    "GET_LOG_INTERFACE": 27, "SET_SYSTEM_AV_INFO": 32, "SET_CONTROLLER_INFO": 35,
    "SET_MEMORY_MAPS": 36 | EXPERIMENTAL, "SET_SUPPORT_ACHIEVEMENTS": 42 | EXPERIMENTAL,
    "GET_INPUT_BITMASKS": 51 | EXPERIMENTAL, "GET_CORE_OPTIONS_VERSION": 52,
    "SET_CORE_OPTIONS_V2": 67, "GET_AUDIO_VIDEO_ENABLE": 47 | EXPERIMENTAL,
}
AV_ENABLE_VIDEO, AV_ENABLE_AUDIO = 1, 2
PIXEL_FORMAT_XRGB8888 = 1
DEVICE_JOYPAD = 1
JOYPAD_MASK = 256
MEMORY_SYSTEM_RAM = 2
JOYPAD = {name: i for i, name in enumerate(
    ("B", "Y", "SELECT", "START", "UP", "DOWN", "LEFT", "RIGHT", "A", "X", "L", "R", "L2", "R2",
     "L3", "R3"))}
# RetroArch's key codes (libretro.h, enum retro_key) the tests use.
RETROK = {**{chr(c): c for c in range(ord("a"), ord("z") + 1)},
          **{str(d): ord("0") + d for d in range(10)},
          **{f"kp{d}": 256 + d for d in range(10)},
          "backspace": 8, "return": 13, "space": 32, "slash": 47, "minus": 45, "equals": 61,
          "period": 46, "leftbracket": 91, "rightbracket": 93, "backslash": 92,
          "kp_period": 266, "kp_divide": 267, "kp_multiply": 268, "kp_minus": 269, "kp_plus": 270,
          "kp_enter": 271, "kp_equals": 272, "f1": 282}

environment_t = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_uint, ctypes.c_void_p)
video_refresh_t = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_size_t)
audio_sample_t = ctypes.CFUNCTYPE(None, ctypes.c_int16, ctypes.c_int16)
audio_batch_t = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.POINTER(ctypes.c_int16), ctypes.c_size_t)
input_poll_t = ctypes.CFUNCTYPE(None)
input_state_t = ctypes.CFUNCTYPE(ctypes.c_int16, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)
keyboard_event_t = ctypes.CFUNCTYPE(None, ctypes.c_bool, ctypes.c_uint, ctypes.c_uint32, ctypes.c_uint16)


class GameInfo(ctypes.Structure):
    _fields_ = [("path", ctypes.c_char_p), ("data", ctypes.c_void_p), ("size", ctypes.c_size_t),
                ("meta", ctypes.c_char_p)]


class SystemInfo(ctypes.Structure):
    _fields_ = [("library_name", ctypes.c_char_p), ("library_version", ctypes.c_char_p),
                ("valid_extensions", ctypes.c_char_p), ("need_fullpath", ctypes.c_bool),
                ("block_extract", ctypes.c_bool)]


class Geometry(ctypes.Structure):
    _fields_ = [("base_width", ctypes.c_uint), ("base_height", ctypes.c_uint),
                ("max_width", ctypes.c_uint), ("max_height", ctypes.c_uint),
                ("aspect_ratio", ctypes.c_float)]


class Timing(ctypes.Structure):
    _fields_ = [("fps", ctypes.c_double), ("sample_rate", ctypes.c_double)]


class AvInfo(ctypes.Structure):
    _fields_ = [("geometry", Geometry), ("timing", Timing)]


class Variable(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("value", ctypes.c_char_p)]


class OptionValue(ctypes.Structure):
    _fields_ = [("value", ctypes.c_char_p), ("label", ctypes.c_char_p)]


class OptionDefinition(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("desc", ctypes.c_char_p), ("desc_categorized", ctypes.c_char_p),
                ("info", ctypes.c_char_p), ("info_categorized", ctypes.c_char_p),
                ("category_key", ctypes.c_char_p), ("values", OptionValue * 128),
                ("default_value", ctypes.c_char_p)]


class OptionsV2(ctypes.Structure):
    _fields_ = [("categories", ctypes.c_void_p), ("definitions", ctypes.POINTER(OptionDefinition))]


class MemoryDescriptor(ctypes.Structure):
    _fields_ = [("flags", ctypes.c_uint64), ("ptr", ctypes.c_void_p), ("offset", ctypes.c_size_t),
                ("start", ctypes.c_size_t), ("select", ctypes.c_size_t), ("disconnect", ctypes.c_size_t),
                ("len", ctypes.c_size_t), ("addrspace", ctypes.c_char_p)]


class MemoryMap(ctypes.Structure):
    _fields_ = [("descriptors", ctypes.POINTER(MemoryDescriptor)), ("num_descriptors", ctypes.c_uint)]


class Message(ctypes.Structure):
    _fields_ = [("msg", ctypes.c_char_p), ("frames", ctypes.c_uint)]


def build() -> Path:
    """`make libretro`; the library's path. A failed build raises with the compiler's words.
    O2_LIBRETRO_LIB names another build to test instead (make libretro-sanitize)."""
    if os.environ.get("O2_LIBRETRO_LIB"):
        return Path(os.environ["O2_LIBRETRO_LIB"])
    done = subprocess.run(["make", "-s", "libretro"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"make libretro failed:\n{done.stdout}{done.stderr}")
    return LIBRARY


class Core:
    """One loaded libretro core and the front end around it. options: values by key (the rest
    keep their defaults); options_version: 2 (definitions) or 0 (SET_VARIABLES strings);
    bitmasks: whether the front end answers RETRO_DEVICE_ID_JOYPAD_MASK; system_dir: the folder
    offered as RetroArch's system folder (None: no folder); keep_frames: keep every frame.
    av_enable: what GET_AUDIO_VIDEO_ENABLE answers (AV_ENABLE_* bits; None: not offered); a
    frame without AV_ENABLE_VIDEO is discarded, as run-ahead's hidden frames are."""

    def __init__(self, library=LIBRARY, options=None, options_version=2, bitmasks=True,
                 system_dir=None, keep_frames=True, can_dupe=True):
        self.lib = ctypes.CDLL(str(library))
        self.options = {}                    # key -> value as the player set it
        self.defaults = {}                   # key -> default value
        self.values = {}                     # key -> [values]
        self.labels = {}                     # key -> [labels]
        self.legacy = None                   # the SET_VARIABLES strings, when used
        self.chosen = dict(options or {})
        self.updated = False
        self.options_version = options_version
        self.bitmasks = bitmasks
        self.can_dupe = can_dupe
        self.dupes = 0                       # frames the core passed as the last one again
        self.av_enable = None
        self.hidden_pictures = 0             # pictures passed in frames without AV_ENABLE_VIDEO
        self.system_dir = None if system_dir is None else str(system_dir).encode()
        self.keep_frames = keep_frames
        self.messages, self.av_changes, self.memory_maps = [], [], []
        self.pixel_format = None
        self.no_game = False
        self.achievements = False
        self.keyboard = None
        self.pads = [0, 0]
        self.frame = None
        self.frames, self.audio = [], None
        self._strings = []                   # values handed to the core: kept alive
        self._callbacks = [
            environment_t(self._environment), video_refresh_t(self._video),
            audio_sample_t(lambda left, right: None), audio_batch_t(self._audio_batch),
            input_poll_t(lambda: None), input_state_t(self._input_state)]
        env, video, sample, batch, poll, state = self._callbacks
        self.lib.retro_set_environment(env)
        self.lib.retro_set_video_refresh(video)
        self.lib.retro_set_audio_sample(sample)
        self.lib.retro_set_audio_sample_batch(batch)
        self.lib.retro_set_input_poll(poll)
        self.lib.retro_set_input_state(state)
        self.lib.retro_init()
        self.lib.retro_get_memory_data.restype = ctypes.c_void_p
        self.lib.retro_get_memory_size.restype = ctypes.c_size_t
        self.lib.retro_serialize_size.restype = ctypes.c_size_t
        self.lib.retro_load_game.restype = ctypes.c_bool
        self.lib.retro_serialize.restype = ctypes.c_bool
        self.lib.retro_unserialize.restype = ctypes.c_bool
        self._audio_parts = []

    # ---- the environment ----
    def _keep(self, text: str):
        data = ctypes.c_char_p(text.encode())
        self._strings.append(data)
        return data

    def _environment(self, cmd, data):
        if cmd == ENV["GET_CORE_OPTIONS_VERSION"]:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_uint))[0] = self.options_version
            return True
        if cmd == ENV["SET_CORE_OPTIONS_V2"]:
            options = ctypes.cast(data, ctypes.POINTER(OptionsV2))[0]
            i = 0
            while options.definitions[i].key:
                d = options.definitions[i]
                key = d.key.decode()
                values = [v for v in d.values if v.value]
                self.values[key] = [v.value.decode() for v in values]
                self.labels[key] = [(v.label or v.value).decode() for v in values]
                self.defaults[key] = d.default_value.decode()
                i += 1
            return True
        if cmd == ENV["SET_VARIABLES"]:
            variables = ctypes.cast(data, ctypes.POINTER(Variable))
            self.legacy, i = {}, 0
            while variables[i].key:
                key, text = variables[i].key.decode(), variables[i].value.decode()
                self.legacy[key] = text
                values = text.split("; ", 1)[1].split("|")
                self.values[key], self.labels[key], self.defaults[key] = values, values, values[0]
                i += 1
            return True
        if cmd == ENV["GET_VARIABLE"]:
            variable = ctypes.cast(data, ctypes.POINTER(Variable))[0]
            key = variable.key.decode()
            if key not in self.defaults:
                return False
            variable.value = self._keep(self.chosen.get(key, self.defaults[key]))
            return True
        if cmd == ENV["GET_VARIABLE_UPDATE"]:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0] = self.updated
            self.updated = False
            return True
        if cmd == ENV["GET_INPUT_BITMASKS"]:
            return self.bitmasks
        if cmd == ENV["GET_CAN_DUPE"]:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0] = self.can_dupe
            return True
        if cmd == ENV["SET_PIXEL_FORMAT"]:
            self.pixel_format = ctypes.cast(data, ctypes.POINTER(ctypes.c_int))[0]
            return self.pixel_format == PIXEL_FORMAT_XRGB8888
        if cmd == ENV["SET_KEYBOARD_CALLBACK"]:
            self.keyboard = keyboard_event_t(ctypes.cast(data, ctypes.POINTER(ctypes.c_void_p))[0])
            return True
        if cmd == ENV["GET_SYSTEM_DIRECTORY"]:
            if self.system_dir is None:
                return False
            ctypes.cast(data, ctypes.POINTER(ctypes.c_char_p))[0] = self._keep(self.system_dir.decode())
            return True
        if cmd == ENV["SET_SUPPORT_NO_GAME"]:
            self.no_game = ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0]
            return True
        if cmd == ENV["SET_SUPPORT_ACHIEVEMENTS"]:
            self.achievements = ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0]
            return True
        if cmd == ENV["SET_MEMORY_MAPS"]:
            mmap = ctypes.cast(data, ctypes.POINTER(MemoryMap))[0]
            self.memory_maps.append([mmap.descriptors[i] for i in range(mmap.num_descriptors)])
            return True
        if cmd == ENV["SET_MESSAGE"]:
            self.messages.append(ctypes.cast(data, ctypes.POINTER(Message))[0].msg.decode())
            return True
        if cmd == ENV["SET_SYSTEM_AV_INFO"]:
            av = ctypes.cast(data, ctypes.POINTER(AvInfo))[0]
            self.av_changes.append((av.timing.fps, av.timing.sample_rate))
            return True
        if cmd == ENV["GET_AUDIO_VIDEO_ENABLE"]:
            if self.av_enable is None:
                return False
            if data:
                ctypes.cast(data, ctypes.POINTER(ctypes.c_int))[0] = self.av_enable
            return True
        if cmd in (ENV["SET_INPUT_DESCRIPTORS"], ENV["SET_CONTROLLER_INFO"]):
            return True
        return False                          # the log interface and the rest: not offered

    def _video(self, data, width, height, pitch):
        if self.av_enable is not None and not self.av_enable & AV_ENABLE_VIDEO:
            self.hidden_pictures += bool(data)
            return
        if not data:                          # a dupe: the last picture again
            assert self.can_dupe and self.frame is not None
            self.dupes += 1
            if self.keep_frames:
                self.frames.append(self.frame)
            return
        rows = np.ctypeslib.as_array(ctypes.cast(data, ctypes.POINTER(ctypes.c_uint32)),
                                     shape=(height, pitch // 4))[:, :width]
        rgb = np.empty((height, width, 3), dtype=np.uint8)
        rgb[..., 0] = rows >> 16
        rgb[..., 1] = rows >> 8
        rgb[..., 2] = rows
        self.frame = rgb
        if self.keep_frames:
            self.frames.append(rgb)

    def _audio_batch(self, data, frames):
        self._audio_parts.append(np.ctypeslib.as_array(data, shape=(frames * 2,)).copy())
        return frames

    def _input_state(self, port, device, index, button):
        if device != DEVICE_JOYPAD or port > 1:
            return 0
        if button == JOYPAD_MASK:
            return self.pads[port]
        return (self.pads[port] >> button) & 1

    # ---- driving the core ----
    def system_info(self) -> SystemInfo:
        info = SystemInfo()
        self.lib.retro_get_system_info(ctypes.byref(info))
        return info

    def av_info(self) -> AvInfo:
        av = AvInfo()
        self.lib.retro_get_system_av_info(ctypes.byref(av))
        return av

    def load(self, content=None, path="game.bin") -> bool:
        """Loads a cartridge image (bytes), or no content at all (None)."""
        if content is None:
            return self.lib.retro_load_game(None)
        self._content = ctypes.create_string_buffer(bytes(content), len(content))
        info = GameInfo(path.encode(), ctypes.cast(self._content, ctypes.c_void_p), len(content), None)
        return self.lib.retro_load_game(ctypes.byref(info))

    def set_options(self, **values):
        """Changes options as the player would in the menu: seen at the next run."""
        self.chosen.update({f"odyssey2_{k}": v for k, v in values.items()})
        self.updated = True

    def key(self, keycode: int, down: bool):
        self.keyboard(down, keycode, 0, 0)

    def run(self, frames: int = 1):
        """Runs frames; self.audio is the last frame's samples (interleaved stereo int16)."""
        for _ in range(frames):
            self._audio_parts = []
            self.lib.retro_run()
            self.audio = np.concatenate(self._audio_parts) if self._audio_parts else np.zeros(0, np.int16)

    def serialize(self) -> bytes:
        size = self.lib.retro_serialize_size()
        buf = ctypes.create_string_buffer(size)
        if not self.lib.retro_serialize(buf, size):
            raise RuntimeError("retro_serialize failed")
        return buf.raw

    def unserialize(self, state: bytes) -> bool:
        return self.lib.retro_unserialize(state, len(state))

    def memory(self):
        """retro_get_memory_data(SYSTEM_RAM) as a writable numpy view, or None."""
        size = self.lib.retro_get_memory_size(MEMORY_SYSTEM_RAM)
        address = self.lib.retro_get_memory_data(MEMORY_SYSTEM_RAM)
        if not address or not size:
            return None
        return np.ctypeslib.as_array((ctypes.c_uint8 * size).from_address(address))

    def unload(self):
        self.lib.retro_unload_game()
        self.lib.retro_deinit()
