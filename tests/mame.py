"""MAME 0.251 run headless as the conformance suite's reference: our BIOS, character set and
cartridge in MAME's odyssey2 (NTSC, 8244) or videopac (PAL, 8245) driver, driven by a Lua
autoboot script. One run gives, for the frames asked for, the machine at the end of the frame
(internal and external RAM, VDC registers, CPU cycle count, the screen), and optionally every
instruction executed (MAME's debugger trace) and MAME's sound output (a 48 kHz WAV).

Frame k is MAME's k-th screen frame: it ends where MAME's screen calls frame_done, at the start
of VBLANK. Inputs are a timeline [{"frame": k, "keys": [...], "joy0": [...], "joy1": [...],
"reset": bool}]: each named group is set to exactly the listed buttons from the start of frame k;
MAME samples its inputs at frame ends, so frame 2 is the first in which an input can act.

MAME's run is private: every directory it writes is in a temporary folder deleted afterwards.
"""
import json
import os
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

MAME = os.environ.get("MAME", "/usr/games/mame")
SYSTEMS = {"ntsc": "odyssey2", "pal": "videopac"}
FRAMES_PER_S = {"ntsc": 59.826097856519, "pal": 49.7}     # only to bound MAME's run time
WAV_RATE = 48_000

# MAME's port and field names for our key names (emu/input.py canonical names and the
# timeline's: digits, letters, SPACE ? . + - * / = YES NO CLEAR ENTER).
_KEY_ROWS = (("0", "1", "2", "3", "4", "5", "6", "7"), ("8", "9", None, None, "SPACE", "?", "L", "P"),
             ("+", "W", "E", "R", "T", "U", "I", "O"), ("Q", "S", "D", "F", "G", "H", "J", "K"),
             ("A", "Z", "X", "C", "V", "B", "M", "."), ("-", "*", "/", "=", "YES", "NO", "CLEAR", "ENTER"))
_MAME_KEY = {"SPACE": "Space", "*": "\u00d7", "/": "\u00f7", "YES": "Y / Yes", "NO": "N / No",
             "CLEAR": "Clear", "ENTER": "Enter"}
KEY_FIELDS = {name: (f":KEY.{row}", _MAME_KEY.get(name, name))
              for row, names in enumerate(_KEY_ROWS) for name in names if name}
KEY_ALIASES = {"Y": "YES", "N": "NO"}
STICK_FIELDS = {"UP": "Up", "RIGHT": "Right", "DOWN": "Down", "LEFT": "Left", "FIRE": "Button 1"}

# The trace line MAME's debugger writes before each instruction (hex unless said otherwise).
TRACE_FIELDS = ("pc", "op", "a", "psw", "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "cycle", "frame")
_TRACE_ACTION = ('{tracelog "%X %X %X %X %X %X %X %X %X %X %X %X %d %d|",'
                 'pc,b@pc,a,curflags,r0,r1,r2,r3,r4,r5,r6,r7,totalcycles,temp0}')

_SCRIPT = r'''
local frames, out, trace, inputs, wanted = %(frames)d, %(out)s, %(trace)s, %(inputs)s, %(wanted)s
local timed_from, timed_to, timed_start = %(timed_from)d, %(timed_to)d, nil
local machine = manager.machine
local cpu, screen, ports = machine.devices[":maincpu"], machine.screens[":screen"], machine.ioport.ports
local function item(tag, name)
  for key, index in pairs(machine.devices[tag].items) do
    if key:gsub("^%%d+/", "") == name then return emu.item(index) end
  end
  error("no save item " .. tag .. "/" .. name)
end
local xram, vdc, cycles = item(":", "m_ram"), item(":i8244", "m_vdc.reg"), item(":maincpu", "m_totalcycles")
local function dump(values, first, last)
  local t = {}
  for i = first, last do t[#t + 1] = values(i) end
  return "[" .. table.concat(t, ",") .. "]"
end
local function set_inputs(frame)
  for _, s in ipairs(inputs[frame] or {}) do ports[s[1]].fields[s[2]]:set_value(s[3]) end
end
local function capture(frame)
  screen:snapshot(string.format("frame_%%d.png", frame))
  local data = cpu.spaces["data"]
  local f = io.open(string.format("%%s/frame_%%d.json", out, frame), "w")
  f:write('{"iram":', dump(function(i) return data:read_u8(i) end, 0, 63),
          ',"xram":', dump(function(i) return xram:read(i) end, 0, 127),
          ',"vdc":', dump(function(i) return vdc:read(i) end, 0, 255),
          ',"cycles":', cycles:read(0), '}')
  f:close()
end
set_inputs(1)
if trace then
  machine.debugger:command("temp0=1")
  machine.debugger:command(trace)
  machine.debugger:command("go")
end
local frame = 0
emu.register_frame_done(function()
  frame = frame + 1
  if frame == timed_from then timed_start = os.clock() end
  if frame == timed_to and timed_start then
    local f = io.open(out .. "/timed.txt", "w")
    f:write(string.format("%%.6f", os.clock() - timed_start))
    f:close()
  end
  if wanted[frame] then capture(frame) end
  if frame >= frames then
    if trace then machine.debugger:command("trace off") end
    os.exit(0)   -- MAME 0.251's own exit often crashes in teardown with Debian's Lua
  end
  set_inputs(frame + 1)
  if trace then machine.debugger:command(string.format("temp0=#%%d", frame + 1)) end
end)
'''


class MameError(RuntimeError):
    """MAME failed to run the cartridge (the message says how)."""


@dataclass(frozen=True)
class MameFrame:
    iram: tuple          # 64 bytes of internal RAM
    xram: tuple          # 128 bytes of external RAM
    vdc: tuple           # 256 VDC registers
    image: np.ndarray    # the screen bitmap, RGB
    cycles: int          # CPU machine cycles since power-on (restarted by RESET)


@dataclass
class MameRun:
    frames: dict         # {frame: MameFrame}
    trace: dict          # {frame: array (n, 13): cycle, pc, op, a, psw, r0-r7}, if asked for
    sound: np.ndarray    # MAME's sound output at WAV_RATE, int16, if asked for
    seconds: float = None  # MAME's CPU time between the ends of the frames `timed` names, if asked


def available() -> bool:
    return shutil.which(MAME) is not None


def _lua(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ",".join(f"[{_lua(k)}]={_lua(v)}" for k, v in value.items()) + "}"
    return "{" + ",".join(_lua(v) for v in value) + "}"


def _key_field(name: str):
    key = KEY_ALIASES.get(name.upper(), name.upper())
    if key not in KEY_FIELDS:
        raise ValueError(f"unknown key {name!r}")
    return KEY_FIELDS[key]


def input_settings(timeline) -> dict:
    """{frame: [(port, field, 0 or 1), ...]}: the port fields to set at the start of each frame."""
    settings: dict = {}
    for entry in sorted(timeline or (), key=lambda e: e["frame"]):
        at = settings.setdefault(max(1, int(entry["frame"])), [])
        if "keys" in entry:
            down = {_key_field(k) for k in entry["keys"]}
            at += [(port, field, int((port, field) in down)) for port, field in sorted(set(KEY_FIELDS.values()))]
        for stick in (0, 1):
            if f"joy{stick}" in entry:
                held = {b.upper() for b in entry[f"joy{stick}"]}
                if held - STICK_FIELDS.keys():
                    raise ValueError(f"unknown joystick buttons {sorted(held - STICK_FIELDS.keys())}")
                at += [(f":JOY.{stick}", f"P{stick + 1} {field}", int(button in held))
                       for button, field in STICK_FIELDS.items()]
        if "reset" in entry:
            at.append((":RESET", "Reset", int(bool(entry["reset"]))))
    return settings


def _read_trace(path: Path) -> dict:
    rows: dict = {}
    with open(path, errors="replace") as lines:
        for line in lines:
            head, bar, _ = line.partition("|")       # MAME's disassembly follows the bar
            fields = head.split()
            if not bar or len(fields) != len(TRACE_FIELDS):
                continue            # MAME's own messages in the trace file
            pc, op, a, psw, *r, cycle, frame = fields
            rows.setdefault(int(frame), []).append(
                (int(cycle), int(pc, 16), int(op, 16), int(a, 16), int(psw, 16) | 0x08,   # PSW bit 3 reads 1
                 *(int(v, 16) for v in r)))
    return {frame: np.array(r, dtype=np.int64) for frame, r in rows.items()}


def _read_wav(path: Path) -> np.ndarray:
    data = path.read_bytes()
    at = data.find(b"data")
    if data[:4] != b"RIFF" or at < 0:
        raise MameError(f"MAME wrote no sound to {path.name}")
    # MAME leaves the sizes in the header at 0 when the script ends it: read to the end.
    samples = np.frombuffer(data[at + 8:len(data) - (len(data) - at - 8) % 4], dtype="<i2")
    return samples.reshape(-1, 2)[:, 0].copy()        # both channels carry the same mono signal


def run(bios: bytes, charset: bytes, cart: bytes, frames: int, capture=(), inputs=(), region="ntsc",
        trace=False, sound=False, timed=None) -> MameRun:
    """Runs MAME for `frames` frames and returns the frames in `capture` (the last one always).
    timed=(first, last): also the CPU time MAME's process spends from the end of frame `first` to
    the end of frame `last` (Lua's os.clock inside MAME: its speed without its start-up)."""
    if region not in SYSTEMS:
        raise ValueError(f"region must be one of {sorted(SYSTEMS)}, not {region!r}")
    wanted = sorted({int(k) for k in capture if 1 <= int(k) <= frames} | {frames})
    with tempfile.TemporaryDirectory(prefix="o2_mame_") as work:
        work = Path(work)
        roms = work / "roms" / SYSTEMS[region]
        roms.mkdir(parents=True)
        (roms / "o2bios.rom").write_bytes(bios)
        (roms / "charset_i8244.bin").write_bytes(charset)
        (work / "cart.bin").write_bytes(cart)
        trace_command = (f"trace {work / 'trace.txt'},maincpu,noloop,{_TRACE_ACTION}" if trace else False)
        (work / "run.lua").write_text(encoding="utf-8", data=_SCRIPT % {
            "frames": frames, "out": _lua(str(work)), "trace": _lua(trace_command),
            "inputs": _lua({k: [list(s) for s in v] for k, v in input_settings(inputs).items()}),
            "wanted": _lua({k: True for k in wanted}),
            "timed_from": timed[0] if timed else 0, "timed_to": timed[1] if timed else 0})
        command = [MAME, SYSTEMS[region], "-rompath", str(work / "roms"), "-cart", str(work / "cart.bin"),
                   "-video", "none", "-nothrottle", "-frameskip", "0", "-skip_gameinfo", "-noreadconfig",
                   "-homepath", str(work), "-keyboardprovider", "none", "-mouseprovider", "none",
                   "-joystickprovider", "none", "-seconds_to_run", str(int(frames / FRAMES_PER_S[region]) + 5),
                   "-autoboot_script", str(work / "run.lua")]
        for option in ("cfg", "nvram", "snapshot", "state", "input", "diff", "comment"):
            command += [f"-{option}_directory", str(work / option)]
        command += ["-sound", "none"]       # no sound device; -wavwrite still records the mix
        if sound:
            command += ["-wavwrite", str(work / "sound.wav"), "-samplerate", str(WAV_RATE)]
        if trace:
            command[2:2] = ["-debug", "-debugger", "none"]
        try:
            done = subprocess.run(command, cwd=work, capture_output=True, text=True,
                                  timeout=60 + frames * (0.5 if trace else 0.02),
                                  env=dict(os.environ, SDL_AUDIODRIVER="dummy"))
        except subprocess.TimeoutExpired:
            raise MameError(f"MAME did not finish {frames} frames in time") from None
        if "LUA ERROR" in done.stdout + done.stderr:
            raise MameError("MAME's Lua script failed: " + (done.stdout + done.stderr)[-1500:])
        captured = {}
        for frame in wanted:
            state = work / f"frame_{frame}.json"
            if not state.is_file():
                raise MameError(f"MAME stopped before frame {frame} (exit {done.returncode}): "
                                + done.stderr[-1500:])
            values = json.loads(state.read_text())
            image = np.asarray(Image.open(work / "snapshot" / f"frame_{frame}.png").convert("RGB"))
            captured[frame] = MameFrame(tuple(values["iram"]), tuple(values["xram"]), tuple(values["vdc"]),
                                        image, values["cycles"])
        seconds = float((work / "timed.txt").read_text()) if timed else None
        return MameRun(captured, _read_trace(work / "trace.txt") if trace else {},
                       _read_wav(work / "sound.wav") if sound else None, seconds)
