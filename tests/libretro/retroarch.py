"""Real RetroArch (Debian's `retroarch` package) running the core under Xvfb, for the tests and
for the picture in docs/libretro.md.

RetroArch runs in a folder of its own (config, cores, states, screenshots; HOME points there so
nothing of the user's is read or written): the core and its .info are installed in its cores
folder as docs/libretro.md tells a user to, and a save state may be put where RetroArch loads it
at start (savestate_auto_load), which is how a battle is reached without input.

    python tests/libretro/retroarch.py docs/images/libretro_conquest.png

writes the docs picture: RetroArch's own screenshot of its window (a GPU screenshot, the picture
as RetroArch shows it), Conquest of the World in a jet-jet battle.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TIMEOUT = 180


def missing() -> str | None:
    """Why RetroArch cannot run here, or None."""
    for program in ("retroarch", "xvfb-run", "dbus-run-session"):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt-get install retroarch xvfb dbus)"
    return None


def core_state(data: bytes) -> bytes:
    """The core's own save state inside a RetroArch .state file: RetroArch 1.14 compresses it
    (RZIP: a header, then zlib chunks each after its 4-byte size) around a RASTATE container
    (blocks of a 4-byte tag and a 4-byte size, the core's bytes in "MEM ")."""
    import struct
    import zlib
    if data[:8] == b"#RZIPv\x01#":
        at, out = 20, bytearray()
        while at < len(data):
            (size,) = struct.unpack_from("<I", data, at)
            out += zlib.decompress(data[at + 4:at + 4 + size])
            at += 4 + size
        data = bytes(out)
    if data[:8] != b"RASTATE\x01":
        return data
    at = 8
    while at + 8 <= len(data):
        tag, size = data[at:at + 4], struct.unpack_from("<I", data, at + 4)[0]
        if tag == b"MEM ":
            return data[at + 8:at + 8 + size]
        at += 8 + (size + 7) // 8 * 8
    raise ValueError("a RetroArch state without the core's block")


def _config(folder: Path, gpu_screenshot: bool, auto_state: bool, options: dict) -> Path:
    (folder / "core-options.cfg").write_text("".join(f'{key} = "{value}"\n' for key, value in options.items()))
    settings = {
        "core_options_path": folder / "core-options.cfg", "global_core_options": "true",
        "libretro_directory": folder / "cores", "libretro_info_path": folder / "cores",
        "system_directory": folder / "system", "savestate_directory": folder / "states",
        "savefile_directory": folder / "saves", "screenshot_directory": folder / "shots",
        "video_driver": "gl", "audio_driver": "null", "input_driver": "x",
        "video_vsync": "false", "video_fullscreen": "false", "video_font_enable": "false",
        "video_gpu_screenshot": "true" if gpu_screenshot else "false",
        "savestate_auto_load": "true" if auto_state else "false", "savestate_auto_save": "true",
        "config_save_on_exit": "false", "pause_nonactive": "false", "gamemode_enable": "false",
        "menu_show_start_screen": "false", "log_verbosity": "true",
    }
    for name in ("cores", "system", "states", "saves", "shots"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    path = folder / "retroarch.cfg"
    path.write_text("".join(f'{key} = "{value}"\n' for key, value in settings.items()))
    return path


def run(folder: Path, library: Path, content: Path | None, frames: int, state: bytes | None = None,
        gpu_screenshot: bool = False, options: dict | None = None) -> tuple[Path, str]:
    """Runs RetroArch on the core for `frames` frames (--max-frames) and returns its screenshot
    (--max-frames-ss) and its log. content None starts the core without content. state: a save
    state RetroArch loads before the first frame (the content's auto state). options: core
    options by key, as RetroArch's core options file holds them. RetroArch saves the content's
    auto state as it quits (folder/states/<content>.state.auto, see core_state)."""
    folder = Path(folder)
    config = _config(folder, gpu_screenshot, state is not None, options or {})
    core = folder / "cores" / library.name
    shutil.copy2(library, core)
    shutil.copy2(library.with_suffix(".info"), core.with_suffix(".info"))
    if state is not None:
        stem = content.stem if content is not None else library.stem
        (folder / "states" / f"{stem}.state.auto").write_bytes(state)
    shot = folder / "shots" / "max_frames.png"
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x960x24", "dbus-run-session", "--",
               "retroarch", "--config", str(config), "-L", str(core), "--verbose",
               f"--max-frames={frames}", "--max-frames-ss", f"--max-frames-ss-path={shot}"]
    if content is not None:
        command.append(str(content))
    env = dict(os.environ, HOME=str(folder), XDG_CONFIG_HOME=str(folder / "xdg"))
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, env=env,
                          stdin=subprocess.DEVNULL)
    log = done.stdout + done.stderr
    if done.returncode != 0 or not shot.is_file():
        raise RuntimeError(f"retroarch exited with {done.returncode} and "
                           f"{'a' if shot.is_file() else 'no'} screenshot; its log ends:\n{log[-3000:]}")
    return shot, log


def jet_battle_state() -> bytes:
    """Conquest of the World in a jet-jet battle (9999 units a side), as the benchmark sets it up
    (tests/benchmarks/machine.py): the Python package's save state, which the core loads."""
    sys.path.insert(0, str(ROOT / "tests"))
    from benchmarks.machine import _conquest_in_combat
    machine, _ = _conquest_in_combat("P", "P")
    return machine.save_state()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tests/libretro/retroarch.py OUT.png", file=sys.stderr)
        return 2
    why = missing()
    if why:
        print(f"retroarch.py: {why}", file=sys.stderr)
        return 1
    import tempfile
    sys.path.insert(0, str(HERE))
    import retro
    library = retro.build()
    with tempfile.TemporaryDirectory() as folder:
        shot, _ = run(Path(folder), library, ROOT / "roms_free" / "conquest.bin", 150,
                      state=jet_battle_state(), gpu_screenshot=True)
        out = Path(argv[0])
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
