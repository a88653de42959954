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


def run_ours(bios: bytes, charset: bytes, cart: bytes, frames: int, region: str, skip_idle=True) -> dict:
    from emu.native import DebugCore
    from emu.odyssey2 import Odyssey2
    m = Odyssey2(cart=cart, bios=bios, charset=charset, model="mame", region=region)
    m.skip_idle = skip_idle
    chip = DebugCore(m._machine, 1 << 30, 1)
    out = {}
    for frame in range(1, frames + 1):
        m.run_frames(1)
        shift = chip.sound()[0]
        out[frame] = FrameState(np.array(m.screen), tuple(int(v) for v in m.iram),
                                tuple(int(v) for v in m.xram), int(m.cycles),
                                (shift >> 16 & 0xFF, shift >> 8 & 0xFF, shift & 0xFF))
    return out


def run_mame(bios: bytes, charset: bytes, cart: bytes, frames: int, region: str) -> dict:
    run = mame.run(bios, charset, cart, frames, capture=range(1, frames + 1), region=region)
    return {k: FrameState(f.image, f.iram, f.xram, f.cycles, tuple(f.vdc[0xA7:0xAA]))
            for k, f in run.frames.items()}


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


def compare(cart: bytes, frames: int, region="ntsc", charset=None, bios=None) -> Comparison:
    """Runs the cartridge in both and compares every frame end."""
    bios = bios or stub_bios()
    charset = charset or bytes(512)
    return compare_frames(run_ours(bios, charset, cart, frames, region),
                          run_mame(bios, charset, cart, frames, region))


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
