"""Stills for trying `board calibrate` as a player would, without a console: our cartridge in the emulator
with a character set of the tests (tests/screen/glyph_sets.py), through a simulated capture device
(tests/screen/capture_sim.py), saved as PNG files with the command that calibrates from them.

    .venv/bin/python tests/screen/calibration_demo.py --glyphs narrow --setting cheap-stick --out stills
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from calibration_stills import stills  # noqa: E402
from capture_sim import SETTINGS, Simulator  # noqa: E402
from glyph_sets import SETS, charset  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glyphs", choices=SETS, default="narrow")
    parser.add_argument("--setting", choices=list(SETTINGS), default="cheap-stick")
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args(argv)
    import cv2
    args.out.mkdir(parents=True, exist_ok=True)
    sim = Simulator(SETTINGS[args.setting])
    command = ["board calibrate"]
    for number, still in enumerate(stills(charset(args.glyphs)), 1):
        name = args.out / f"{number}-{still['kind']}.png"
        cv2.imwrite(str(name), sim.frame(still["frame"])[:, :, ::-1])
        if still["kind"] == "entry":
            command.append(f"--capture {name} --red {still['red']} --blue {still['blue']}")
        elif still["kind"] == "result":
            command.append(f"--result {name} --winner {still['winner']}")
        else:
            command.append(f"--{still['kind']} {name}")
        print(f"{name}: {still['kind']}")
    print(" \\\n    ".join(command + [f"--out {args.out / 'console.toml'} --png {args.out / 'learned.png'}"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
