"""What a command loads: OpenCV only on the capture path (an optional extra), the compiled core
and numpy only where a machine runs. Checked in a fresh interpreter, by the modules loaded."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def loaded_after(code: str, *modules) -> dict:
    script = (f"import sys\n{code}\n"
              f"print(*[m in sys.modules for m in {modules!r}])")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return dict(zip(modules, [word == "True" for word in result.stdout.split()[-len(modules):]]))


def test_board_version_and_status_load_no_opencv_numpy_or_core(tmp_path):
    game = tmp_path / "g.db"
    code = ("from board import cli\n"
            "try:\n    cli.main(['--version'])\nexcept SystemExit:\n    pass\n"
            f"cli.main(['-g', {str(game)!r}, 'new', '--players', 'Ann,Bob'])\n"
            f"cli.main(['-g', {str(game)!r}, 'status'])")
    assert loaded_after(code, "cv2", "numpy", "emu.native") == {"cv2": False, "numpy": False, "emu.native": False}


def test_o2_version_loads_no_core_or_numpy():
    code = "from emu import cli\ntry:\n    cli.main(['--version'])\nexcept SystemExit:\n    pass"
    assert loaded_after(code, "numpy", "emu.native", "sdl2") == {"numpy": False, "emu.native": False, "sdl2": False}


def test_the_capture_path_without_opencv_is_one_line(tmp_path):
    script = ("import sys; sys.modules['cv2'] = None\n"
              "from board import cli\n"
              f"sys.exit(cli.main(['watch', '--capture', {str(tmp_path / 'x.mkv')!r}]))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    assert result.stderr == "board: reading the screen needs OpenCV: pip install 'odyssey2[capture]'\n"


def test_board_combat_from_the_screen_without_opencv_is_one_line(tmp_path):
    script = ("import sys; sys.modules['cv2'] = None\n"
              "from board import cli\n"
              "sys.exit(cli.main(['combat', 'triplea', '--attacker', 'army=5', '--defender', 'army=3',"
              f" '--screen', {str(tmp_path / 'x.mkv')!r}]))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].endswith("reading the screen needs OpenCV: pip install 'odyssey2[capture]'")
    assert len(result.stderr.splitlines()) == 1
