"""Our machine (model "mame") against MAME 0.251 on a program given as bytes, frame by frame or
instruction by instruction: the common ground of the random-program tests and of the small
cartridges that pin each difference they found (tests/conformance/test_random.py).

A program runs on a stub BIOS (the 8048's three vectors jump to the cartridge's 400h, 402h and
404h, nothing else) with a character set of the caller's, so nothing of our free BIOS is
assumed: the cartridge sets up everything itself.
"""
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

import mame

WHATS = ("image", "iram", "xram", "cycles", "sound")    # what a frame comparison looks at


@lru_cache(maxsize=None)
def stub_bios() -> bytes:
    from cart.asm import assemble_text
    source = "        cpu 8048\n        org 0\n        jmp 400h\n        org 3\n        jmp 402h\n" \
             "        org 7\n        jmp 404h\n"
    return bytes(assemble_text(source, "<stub bios>").image(size=1024, fill=0x00))


def assemble(source: str, name="<program>") -> bytes:
    """A cartridge image (2 KiB) from 8048 source text, with roms_free/src's include files."""
    from cart.asm import assemble_text
    import roms_free
    from pathlib import Path
    includes = (str(Path(roms_free.__file__).parent / "src"),)
    return bytes(assemble_text(source, name, include_dirs=includes).image(size=2048, fill=0xFF))


@dataclass
class FrameState:
    image: np.ndarray
    iram: tuple
    xram: tuple
    cycles: int
    sound: tuple         # A7, A8, A9 (the 24-bit shift register)


@dataclass
class Comparison:
    frames: int
    differ: dict = field(default_factory=dict)    # {frame: [what, ...]}
    ours: dict = field(default_factory=dict)
    theirs: dict = field(default_factory=dict)
    sound_error: str = None      # None: not compared; "": within the bounds; else how it differs

    @property
    def equal_frames(self) -> int:
        return self.frames - len(self.differ)

    @property
    def first(self):
        return min(self.differ) if self.differ else None

    def describe(self, frame=None) -> str:
        frame = self.first if frame is None else frame
        if frame is None:
            return "all frames equal"
        a, b, out = self.ours[frame], self.theirs[frame], []
        for what in self.differ[frame]:
            if what == "image":
                where = np.argwhere((a.image != b.image).any(axis=2))
                out.append(f"image: {len(where)} pixels, first at line {where[0][0]} column {where[0][1]}")
            elif what in ("iram", "xram"):
                at = [i for i in range(len(getattr(a, what))) if getattr(a, what)[i] != getattr(b, what)[i]]
                out.append(f"{what} " + ", ".join(f"{i:02X}: ours {getattr(a, what)[i]:02X} MAME "
                                                   f"{getattr(b, what)[i]:02X}" for i in at[:6]))
            else:
                out.append(f"{what}: ours {getattr(a, what)} MAME {getattr(b, what)}")
        return f"frame {frame}: " + "; ".join(out)


def run_ours(bios: bytes, charset: bytes, cart: bytes, frames: int, region: str, skip_idle=True,
             audio=None) -> dict:
    """{frame: FrameState}; with a list as `audio`, each frame's 48 kHz samples appended to it."""
    from emu.native import DebugCore
    from emu.odyssey2 import Odyssey2
    m = Odyssey2(cart=cart, bios=bios, charset=charset, model="mame", region=region,
                 sample_rate=mame.WAV_RATE)
    m.skip_idle = skip_idle
    chip = DebugCore(m._machine, 1 << 30, 1)
    out = {}
    for frame in range(1, frames + 1):
        m.run_frames(1)
        shift = chip.sound()[0]
        out[frame] = FrameState(np.array(m.screen), tuple(int(v) for v in m.iram),
                                tuple(int(v) for v in m.xram), int(m.cycles),
                                (shift >> 16 & 0xFF, shift >> 8 & 0xFF, shift & 0xFF))
        if audio is not None:
            audio.append(np.array(m.audio, dtype=np.float64))
    return out


def run_mame(bios: bytes, charset: bytes, cart: bytes, frames: int, region: str, sound=False):
    """{frame: FrameState}, and MAME's sound output if asked for: (frames, sound)."""
    run = mame.run(bios, charset, cart, frames, capture=range(1, frames + 1), region=region, sound=sound)
    states = {k: FrameState(f.image, f.iram, f.xram, f.cycles, tuple(f.vdc[0xA7:0xAA]))
              for k, f in run.frames.items()}
    return (states, run.sound) if sound else states


def sound_difference(ours: np.ndarray, theirs: np.ndarray) -> str:
    """"" when our 48 kHz output matches MAME's WAV within test_mame.py's bounds, else how not."""
    from test_mame import MAME_FULL_SCALE, MAME_LEVEL_DIVISOR, OUR_EXTRA_DELAY, WAV_BLOCK
    ours = ours / MAME_LEVEL_DIVISOR
    theirs = theirs.astype(np.float64)
    n = min(len(theirs), len(ours) - OUR_EXTRA_DELAY)
    a, b = ours[OUR_EXTRA_DELAY:OUR_EXTRA_DELAY + n], theirs[:n]
    mean_error = np.abs(a - b).mean()
    if mean_error >= 0.05 * MAME_FULL_SCALE:
        return f"sound differs by {mean_error:.0f} on average"
    blocks = n // WAV_BLOCK * WAV_BLOCK
    block_error = np.abs(a[:blocks].reshape(-1, WAV_BLOCK).mean(1) - b[:blocks].reshape(-1, WAV_BLOCK).mean(1))
    worst = int(block_error.argmax()) if len(block_error) else 0
    if len(block_error) and block_error[worst] >= 0.01 * MAME_FULL_SCALE:
        return f"sound: the 10 ms from {worst * WAV_BLOCK / mame.WAV_RATE:.2f} s differ by {block_error[worst]:.0f}"
    return ""


def compare_frames(ours: dict, theirs: dict) -> Comparison:
    result = Comparison(len(theirs), {}, ours, theirs)
    for frame in sorted(theirs):
        a, b = ours[frame], theirs[frame]
        differ = [what for what in WHATS
                  if (not np.array_equal(a.image, b.image) if what == "image"
                      else getattr(a, what) != getattr(b, what))]
        if differ:
            result.differ[frame] = differ
    return result


def compare(cart: bytes, frames: int, region="ntsc", charset=None, bios=None, sound=False) -> Comparison:
    """Runs the cartridge in both and compares every frame end (and the sound output, if asked)."""
    bios = bios or stub_bios()
    charset = charset or bytes(512)
    audio = [] if sound else None
    ours = run_ours(bios, charset, cart, frames, region, audio=audio)
    if not sound:
        return compare_frames(ours, run_mame(bios, charset, cart, frames, region))
    theirs, wav = run_mame(bios, charset, cart, frames, region, sound=True)
    result = compare_frames(ours, theirs)
    result.sound_error = sound_difference(np.concatenate(audio), wav)
    return result


TRACE_COLUMNS = ("cycle", "pc", "op", "a", "psw", "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7")


def trace_ours(bios, charset, cart, counts: dict, region: str) -> dict:
    from emu.odyssey2 import Odyssey2
    m = Odyssey2(cart=cart, bios=bios, charset=charset, model="mame", region=region)
    out = {}
    for frame in range(1, max(counts) + 1):
        t = m.trace(counts.get(frame, 0))
        out[frame] = np.column_stack([t["cycle"], t["pc"], t["op"], t["a"], t["psw"], t["r"]]).astype(np.int64)
    return out


def compare_traces(cart: bytes, frames: int, region="ntsc", charset=None, bios=None):
    """The first instruction that differs: None, or (frame, index, ours row, MAME row) as dicts."""
    bios = bios or stub_bios()
    charset = charset or bytes(512)
    theirs = mame.run(bios, charset, cart, frames, region=region, trace=True).trace
    ours = trace_ours(bios, charset, cart, {k: len(v) for k, v in theirs.items()}, region)
    for frame in sorted(theirs):
        a, b = ours[frame], theirs[frame]
        n = min(len(a), len(b))
        differ = np.nonzero((a[:n] != b[:n]).any(axis=1))[0]
        if len(differ) or len(a) != len(b):
            i = int(differ[0]) if len(differ) else n
            row = (lambda t: dict(zip(TRACE_COLUMNS, t[i].tolist())) if i < len(t) else None)
            return frame, i, row(a), row(b)
    return None
