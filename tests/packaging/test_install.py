"""A user's install: `python -m build` makes the sdist and a wheel from that sdist, the wheel goes
into a fresh virtual environment outside the checkout, and every program runs from another
directory -- proving that nothing reads files from the checkout.

It needs the package index (the isolated build environment and the wheel's dependencies), so it
is marked `packaging`: offline, skip it with `pytest -m "not packaging"`. One build and one
install for the whole module; pip's cache is the user's own, so a second run downloads nothing.
"""
import json
import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from emu.version import __version__

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]

# Intel's MCS-48 opcodes: MOV A,#99h = 23 99; ADD A,#01h = 03 01; JMP 400h = 84 00.
SOURCE = "        org 400h\nstart:  mov a,#99h\n        add a,#01h\n        jmp start\n"
PROGRAM = bytes([0x23, 0x99, 0x03, 0x01, 0x84, 0x00])
# Frame k ends after floor(k x 5983.25) CPU cycles on NTSC (native/HARDWARE.md section 3).
CYCLES_60_FRAMES = 358995


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    build = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    sdist, = out.glob("odyssey2-*.tar.gz")
    wheel, = out.glob("odyssey2-*.whl")
    return sdist, wheel, build.stdout + build.stderr


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory):
    """A fresh venv holding only the wheel and its dependencies, and a work folder beside it."""
    _, wheel, _ = dists
    home = tmp_path_factory.mktemp("user")
    env_dir = home / "venv"
    venv.create(env_dir, with_pip=True)
    pip = subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
                         capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-3000:]
    work = home / "work"
    work.mkdir()
    return env_dir / "bin", work


def run(installed, *argv):
    bin_dir, work = installed
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(work),
               PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    result = subprocess.run([str(bin_dir / argv[0]), *argv[1:]], cwd=work, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{argv}: {result.stderr}"
    return result.stdout


def test_sdist_carries_the_build_and_nothing_else(dists):
    sdist, _, _ = dists
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for needed in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "native/build_ffi.py",
                   "native/o2.h", "native/cpu8048.c", "native/vdc8244.c", "native/HARDWARE.md",
                   "roms_free/roms.toml", "roms_free/src/bios.asm", "roms_free/bios.bin",
                   "board/data/world.toml"):
        assert needed in names, needed
    stray = [name for name in names if name.startswith((".venv", "build/", "tests/", ".git", ".ci"))
             or "__pycache__" in name or name.endswith((".so", ".pyc"))]
    assert stray == []


def test_build_has_no_warnings_of_ours(dists):
    _, _, log = dists
    ours = [line for line in log.splitlines()
            if ("warning" in line.lower() or "deprecat" in line.lower())
            and "byte-compiling is disabled" not in line]      # the build frontend's own choice
    assert ours == []


def test_wheel_holds_core_roms_and_data(dists):
    _, wheel, _ = dists
    names = set(zipfile.ZipFile(wheel).namelist())
    assert any(name.startswith("emu/_native") and name.endswith(".so") for name in names)
    for needed in ("roms_free/bios.bin", "roms_free/bios.sym.json", "roms_free/charset.bin",
                   "roms_free/demo.bin", "roms_free/demo.sym.json", "board/data/world.toml",
                   # the cartridge o2 run plays, its RAM map for the wrapper and the debugger
                   "roms_free/conquest.bin", "roms_free/conquest.sym.json", "cart/conquest/state.toml",
                   # the board picture's font, the screen reader's profile, the combat mappings
                   "board/data/fonts/DejaVuSans.ttf", "board/screen/profiles/conquest.toml",
                   "board/data/combat/triplea.toml", "board/data/combat/crt-example.toml",
                   # board serve's page
                   "board/serve/static/page.html", "board/serve/static/page.js",
                   "board/serve/static/style.css", "board/serve/static/actions.html"):
        assert needed in names, needed
    metadata = zipfile.ZipFile(wheel).read(f"odyssey2-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "Description-Content-Type: text/markdown" in metadata
    assert "# Odyssey² — emulator, 8048 toolchain" in metadata
    # The declared floor (tomllib) and the capture extra, as pip reads them.
    assert "Requires-Python: >=3.11" in metadata
    assert "Provides-Extra: capture" in metadata and "opencv-python-headless" in metadata
    assert not any(line.startswith("Requires-Dist: opencv") and "extra ==" not in line
                   for line in metadata.splitlines())


def test_versions(installed):
    assert run(installed, "o2", "--version") == f"o2 {__version__}\n"
    assert run(installed, "board", "--version") == f"board {__version__}\n"


def test_emulator_runs_headless(installed):
    _, work = installed
    select = run(installed, "python", "-c", "import roms_free; print(roms_free.path('test_select.bin'))").strip()
    out = run(installed, "o2", "run", select, "--headless", "--frames", "60", "--screenshot", "shot.png")
    assert out.startswith(f"60 frames, {CYCLES_60_FRAMES} cycles, ")
    assert (work / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # No cartridge: the bundled Conquest of the World, found inside the install.
    # The frame ends at the first instruction boundary from its cycle on (at most 2 cycles long).
    out = run(installed, "o2", "run", "--headless", "--frames", "60")
    frames, cycles = re.match(r"(\d+) frames, (\d+) cycles, ", out).groups()
    assert int(frames) == 60 and int(cycles) - CYCLES_60_FRAMES in (0, 1)
    lines = [json.loads(line) for line in run(installed, "o2", "trace", "--steps", "3").splitlines()]
    assert len(lines) == 3
    assert (lines[0]["cycle"], lines[0]["pc"]) == (0, 0)        # Intel: reset clears the PC


def test_assembler_and_disassembler(installed):
    _, work = installed
    (work / "prog.asm").write_text(SOURCE)
    run(installed, "o2asm", "prog.asm", "-o", "prog.bin", "--symbols", "prog.sym.json")
    assert (work / "prog.bin").read_bytes() == PROGRAM
    (work / "again.asm").write_text(run(installed, "o2dis", "prog.bin", "--symbols", "prog.sym.json"))
    run(installed, "o2asm", "again.asm", "-o", "again.bin")
    assert (work / "again.bin").read_bytes() == PROGRAM
    # A bundled ROM, found through the installed package: disassembles and reassembles the same.
    rom = run(installed, "python", "-c", "import roms_free; print(roms_free.path('bios.bin'))").strip()
    (work / "bios.asm").write_text(run(installed, "o2dis", rom))
    run(installed, "o2asm", "bios.asm", "-o", "bios.bin")
    assert (work / "bios.bin").read_bytes() == Path(rom).read_bytes()


def test_board_companion(installed):
    out = run(installed, "board", "-g", "game.db", "new", "--players", "Ann,Bob")
    assert out.startswith("game.db: new game of Conquest of the World for Ann, Bob (clockwise)\n")
    status = run(installed, "board", "-g", "game.db", "status")
    assert "Ann" in status and "Bob" in status and "WARCHEST" in status


def test_the_base_install_has_no_opencv_and_says_how_to_get_it(installed):
    """OpenCV is the `capture` extra: the plain install reads no screens, and says so in one line."""
    bin_dir, work = installed
    assert run(installed, "python", "-c", "import importlib.util; print(importlib.util.find_spec('cv2'))") == "None\n"
    result = subprocess.run([str(bin_dir / "board"), "watch", "--capture", "none.mkv"], cwd=work,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr == "board: reading the screen needs OpenCV: pip install 'odyssey2[capture]'\n"


def test_python_api_comes_from_the_install(installed):
    bin_dir, _ = installed
    out = run(installed, "python", "-c",
              "import emu, board, cart.asm, roms_free\n"
              "from emu.odyssey2 import Odyssey2\n"
              "m = Odyssey2(cart=str(roms_free.path('test_select.bin')))\n"
              "m.run_frames(60)\n"
              "print(m.frame, m.cycles, emu.__version__)\n"
              "for module in (emu, board, cart.asm, roms_free): print(module.__file__)\n")
    first, *files = out.splitlines()
    assert first == f"60 {CYCLES_60_FRAMES} {__version__}"
    venv_dir = bin_dir.parent.resolve()
    for file in files:
        assert Path(file).resolve().is_relative_to(venv_dir), file
        assert not Path(file).resolve().is_relative_to(ROOT), file
