"""Where the flagged spans of the jet-jet round come from (docs/libretro.md, Compared redraws flag
only their changed columns): per frame, for the flagged lines spanning the whole line and for the
others, the lines, the pixels in their spans (o2_screen_spans), the pixels from each line's first
changed pixel to its last, and the changed pixels:

    python tests/libretro/span_breakdown.py"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import libretro as bench  # noqa: E402
from emu.native import ffi, lib  # noqa: E402


def main():
    m, _ = bench._conquest_in_combat("P", "P")
    frames = bench._battle_frames(m)
    m.load_state(m.save_state())
    m.run_frames(1)                              # the load redraws every line
    machine_ = m._machine._m
    flags = np.frombuffer(ffi.buffer(lib.o2_screen_redrawn(machine_), lib.O2_SCREEN_H), dtype=np.uint8)
    spans = np.frombuffer(ffi.buffer(lib.o2_screen_spans(machine_), 4 * lib.O2_SCREEN_H),
                          dtype=np.uint16).reshape(-1, 2)
    kinds = {"whole": [0, 0, 0, 0], "part": [0, 0, 0, 0]}
    before = m.screen.copy()
    for _ in range(frames):
        flags[:] = 0
        m.run_frames(1)
        changed = (m.screen != before).any(axis=2)
        for y in np.flatnonzero(flags):
            width = int(spans[y, 1]) - int(spans[y, 0])
            counts = kinds["whole" if width == lib.O2_SCREEN_W else "part"]
            columns = np.flatnonzero(changed[y])
            counts[0] += 1
            counts[1] += width
            counts[2] += int(columns[-1] - columns[0] + 1) if len(columns) else 0
            counts[3] += len(columns)
        before = m.screen.copy()
    for kind, counts in kinds.items():
        lines, span, extent, pixels = (c / frames for c in counts)
        print(f"{kind}_lines_jet_jet: {lines:.1f}\n{kind}_span_pixels_jet_jet: {span:.0f}\n"
              f"{kind}_first_to_last_changed_jet_jet: {extent:.0f}\n{kind}_changed_pixels_jet_jet: {pixels:.0f}")


if __name__ == "__main__":
    main()
