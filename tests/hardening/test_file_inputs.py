"""Files that are not files, and outputs that cannot be written.

Every file a program reads (cartridge, --bios, --charset, --config, --play, --load-state, o2 trace,
o2dis, o2asm sources, INCLUDE, BINCLUDE, board new --scenario, board import, board combat --screen,
board play --play) refuses a FIFO, /dev/zero, a directory and a symlink loop with one line and
never hangs or reads more than the largest valid size plus one byte. Every output (o2 run --wav,
--record, --screenshot, save states, board export, board show --png, o2asm's files) goes through a
temporary file renamed into place: a symlink is written through, a device is refused, a full disk
is one line and leaves nothing behind."""
import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cart import files as safe_files
from board.cli import main as board_main
from cart.asm import assemble_text
from cart.asm import cli as asm_cli
from cart.asm import dis_cli
from cart.asm.errors import AssemblyFailed
from emu import cli as o2_cli
from cart.files import InputFileError, OutputFileError, read_input, write_output


@pytest.fixture(autouse=True)
def no_hang():
    """A FIFO opened for reading blocks until a writer comes: fail instead of hanging."""
    def hung(*_):
        raise AssertionError("hung for 60 s")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def odd(tmp_path):
    """One of each thing that is not a regular file."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop")
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"fifo": (fifo, "is a FIFO (named pipe), not a regular file"),
            "zero": (Path("/dev/zero"), "is a character device, not a regular file"),
            "folder": (folder, "is a directory, not a regular file"),
            "loop": (loop, "is a symlink loop (too many levels of symbolic links)")}


KINDS = ["fifo", "zero", "folder", "loop"]


def one_line(capsys, status, expected_status, *words):
    out, err = capsys.readouterr()
    assert status == expected_status, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    for word in words:
        assert str(word) in lines[0], (word, lines[0])
    return lines[0]


@pytest.mark.parametrize("kind", KINDS)
def test_o2_file_options(kind, odd, capsys, tmp_path):
    path, words = odd[kind]
    for argv in (["run", str(path), "--headless", "--frames", "1"], ["trace", str(path), "--steps", "1"],
                 ["run", "--bios", str(path), "--headless", "--frames", "1"],
                 ["run", "--charset", str(path), "--headless", "--frames", "1"],
                 ["run", "--config", str(path), "--headless", "--frames", "1"],
                 ["run", "--play", str(path), "--headless", "--frames", "1"],
                 ["run", "--load-state", str(path), "--headless", "--frames", "1"]):
        one_line(capsys, o2_cli.main(argv), 2, "o2: error: ", path, words)


@pytest.mark.parametrize("kind", KINDS)
def test_toolchain_file_inputs(kind, odd, capsys, tmp_path):
    path, words = odd[kind]
    one_line(capsys, dis_cli.main([str(path)]), 2, "o2dis: error: ", path, words)
    one_line(capsys, asm_cli.main([str(path), "-o", str(tmp_path / "out.bin")]), 2, path, words)
    for directive in ("include", "binclude"):
        with pytest.raises(AssemblyFailed) as failure:
            assemble_text(f'\t{directive} "{path}"\n', str(tmp_path / "main.asm"))
        assert len(failure.value.errors) == 1 and words in str(failure.value.errors[0])


@pytest.mark.parametrize("kind", KINDS)
def test_board_file_inputs(kind, odd, capsys, tmp_path):
    path, words = odd[kind]
    game = tmp_path / "game.db"
    for argv, status in ((["-g", str(game), "new", "--players", "Ann,Bob", "--scenario", str(path)], 1),
                         (["-g", str(game), "import", str(path)], 1),
                         (["-g", str(path), "status"], 1),
                         (["-g", str(path), "pass"], 1)):
        one_line(capsys, board_main(argv), status, path, words)
    assert not game.exists()
    table = tmp_path / "table.toml"          # a mapping file is named by its .toml
    table.symlink_to(path)
    one_line(capsys, board_main(["combat", "crt", "--attack", "3", "--defence", "2", "--table", f"{table}"]), 1, table)
    # a capture: a device name is tried as a device, anything else must be a video file
    one_line(capsys, board_main(["combat", "crt", "--attack", "3", "--defence", "2", "--screen", str(path)]), 2, path)


def test_board_play_movie_from_a_fifo(odd, capsys):
    path, words = odd["fifo"]
    one_line(capsys, board_main(["play", "--headless", "--play", str(path)]), 1, path, words)


def test_large_files_are_refused_after_reading_the_largest_size_plus_one(tmp_path, monkeypatch, capsys):
    """A 1 GiB cartridge costs 16 KiB + 1 byte of reading, not 1 GB of memory."""
    huge = tmp_path / "huge.bin"
    with open(huge, "wb") as file:
        file.truncate(1 << 30)              # sparse: no disk used
    read = []
    real_read = os.read
    monkeypatch.setattr(safe_files.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    one_line(capsys, o2_cli.main(["run", str(huge), "--headless"]), 2, huge, "too large for a cartridge (more than 16 KiB)")
    assert sum(read) == 16 * 1024 + 1
    read.clear()
    with pytest.raises(InputFileError, match="too large for a source file"):
        read_input(huge, safe_files.TEXT_LIMIT, "source file")
    assert sum(read) == safe_files.TEXT_LIMIT + 1


def test_a_symlink_to_a_regular_file_is_read(tmp_path):
    (tmp_path / "real.bin").write_bytes(b"\x01\x02")
    (tmp_path / "link.bin").symlink_to(tmp_path / "real.bin")
    assert read_input(tmp_path / "link.bin", 2) == b"\x01\x02"


def test_not_utf8_text_is_named_by_line(tmp_path):
    bad = tmp_path / "s.toml"
    bad.write_bytes(b"a = 1\nb = '\xff'\n")
    with pytest.raises(InputFileError, match=r"s\.toml:2: not UTF-8 text \(byte 0xFF\)"):
        safe_files.read_text(bad)


# ---- outputs ------------------------------------------------------------------------------

@pytest.fixture
def cart():
    import roms_free
    return str(roms_free.path("test_select.bin"))


def test_wav_onto_a_device_is_refused_and_the_device_left_alone(cart, capsys):
    before = os.stat("/dev/full")
    one_line(capsys, o2_cli.main(["run", cart, "--headless", "--frames", "2", "--wav", "/dev/full"]), 2,
             "o2: error: /dev/full: cannot write WAV file (is a character device, not a regular file)")
    after = os.stat("/dev/full")
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@pytest.mark.parametrize("option", ["--wav", "--record", "--screenshot"])
def test_outputs_write_through_a_symlink(cart, tmp_path, capsys, option):
    target = tmp_path / "real.out"
    link = tmp_path / "link.out"
    link.symlink_to(target)
    assert o2_cli.main(["run", cart, "--headless", "--frames", "2", option, str(link)]) == 0, capsys.readouterr().err
    assert link.is_symlink() and target.stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.out", "real.out"]      # no temporary left


def _disk_full(monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(safe_files.os, "fsync", full)


@pytest.mark.parametrize("option,what", [("--wav", "cannot write WAV file"), ("--record", "cannot write the movie"),
                                         ("--screenshot", "cannot write screenshot")])
def test_a_full_disk_is_one_line_and_leaves_nothing(cart, tmp_path, capsys, monkeypatch, option, what):
    out = tmp_path / "out"
    out.write_bytes(b"the old file")
    _disk_full(monkeypatch)
    status = o2_cli.main(["run", cart, "--headless", "--frames", "2", option, str(out)])
    one_line(capsys, status, 2, f"o2: error: {out}: {what} (No space left on device)")
    assert out.read_bytes() == b"the old file"
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_full_disk_mid_write_removes_the_temporary_file(tmp_path, monkeypatch):
    """A write that fails part-way (not only the final sync)."""
    class Full:
        def __init__(self, handle):
            self.handle = handle

        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name):
            return getattr(self.handle, name)
    real = os.fdopen
    monkeypatch.setattr(safe_files.os, "fdopen", lambda *a, **k: Full(real(*a, **k)))
    with pytest.raises(OutputFileError) as err:
        write_output(tmp_path / "x.bin", b"data")
    assert str(err.value) == f"{tmp_path / 'x.bin'}: cannot write (No space left on device)"
    assert list(tmp_path.iterdir()) == []


def test_board_and_o2asm_outputs_on_a_full_disk(tmp_path, capsys, monkeypatch):
    game = tmp_path / "game.db"
    assert board_main(["-g", str(game), "new", "--players", "Ann,Bob"]) == 0
    source = tmp_path / "p.asm"
    source.write_text("\tjmp 0\n")
    capsys.readouterr()
    _disk_full(monkeypatch)
    for argv in (["export", str(tmp_path / "g.json")], ["show", "--png", str(tmp_path / "b.png")]):
        one_line(capsys, board_main(["-g", str(game), *argv]), 1, "cannot write (No space left on device)")
    one_line(capsys, asm_cli.main([str(source), "-o", str(tmp_path / "p.bin")]), 2,
             f"o2asm: error: {tmp_path / 'p.bin'}: cannot write (No space left on device)")
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("game.db")) == ["p.asm"]


def test_outputs_onto_devices_and_folders_are_refused(tmp_path, capsys):
    game = tmp_path / "game.db"
    assert board_main(["-g", str(game), "new", "--players", "Ann,Bob"]) == 0
    capsys.readouterr()
    one_line(capsys, board_main(["-g", str(game), "export", "/dev/full"]), 1,
             "/dev/full: cannot write (is a character device, not a regular file)")
    one_line(capsys, board_main(["-g", str(game), "export", str(tmp_path)]), 1, "is a directory, not a regular file")


def test_a_file_name_with_a_nul_byte_is_one_line(tmp_path, capsys):
    """No file can be named with a NUL byte (the system call refuses the name; a shell cannot pass
    one, a Python caller of main() can): inputs and outputs alike get one line."""
    game = tmp_path / "game.db"
    assert board_main(["-g", str(game), "new", "--players", "Ann,Bob"]) == 0
    source = tmp_path / "p.asm"
    source.write_text("\tjmp 0\n")
    capsys.readouterr()
    nul = "a file name cannot hold a NUL byte"
    one_line(capsys, board_main(["-g", str(game), "export", "g\x00.json"]), 1, f"cannot write ({nul})")
    one_line(capsys, asm_cli.main([str(source), "-o", "p\x00.bin"]), 2, f"cannot write ({nul})")
    one_line(capsys, board_main(["-g", str(game), "import", "g\x00.json"]), 1, nul)
    one_line(capsys, board_main(["-g", "g\x00.db", "show"]), 1, nul)
    one_line(capsys, o2_cli.main(["run", "c\x00.bin", "--headless"]), 2, nul)


def test_a_full_disk_for_real_when_root_can_mount_one(tmp_path):
    """The same on a real full filesystem (a 1 MiB tmpfs), where root may mount one."""
    if os.geteuid() != 0 or subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode:
        pytest.skip("needs root with mount namespaces")
    script = (f"mount -t tmpfs -o size=1m none '{tmp_path}' && head -c 1040000 /dev/zero > '{tmp_path}/fill'; "
              f"'{sys.executable}' -m emu.cli run '{roms_free_cart()}' --headless --frames 600 --wav '{tmp_path}/w.wav'; "
              f"status=$?; ls -A '{tmp_path}'; exit $status")
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"o2: error: {tmp_path}/w.wav: cannot write WAV file (No space left on device)\n"
    assert done.stdout.split() == ["fill"]          # no half-written WAV, no temporary file


def roms_free_cart():
    import roms_free
    return roms_free.path("test_select.bin")


def test_deeply_nested_config_is_one_line(tmp_path, capsys, cart):
    config = tmp_path / "config.toml"
    config.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    one_line(capsys, o2_cli.main(["run", cart, "--headless", "--frames", "1", "--config", str(config)]), 2,
             f"o2: error: {config}: nested too deeply for a config file")


@pytest.mark.parametrize("weapons", ["TS,SP", "TSP,T", ",T", "X,T"])
def test_combat_weapons_are_single_letters(capsys, weapons):
    one_line(capsys, board_main(["combat", "crt", "--attack", "3", "--defence", "2", "--weapons", weapons]), 2,
             f"board: --weapons: expected two of T, S, P (ATTACKER,DEFENDER), found '{weapons}'")


@pytest.mark.parametrize("kind", KINDS)
def test_debugger_and_companion_files(kind, odd, capsys, tmp_path, cart):
    """The debugger's script and symbol file, the companion's layout profile and calibration captures."""
    path, words = odd[kind]
    one_line(capsys, o2_cli.main(["debug", cart, "--script", str(path)]), 2, path, words)
    one_line(capsys, o2_cli.main(["debug", cart, "--symbols", str(path)]), 2, path, words)
    profile = tmp_path / "profile.toml"
    profile.symlink_to(path)
    one_line(capsys, board_main(["watch", "--capture", str(tmp_path / "none.mkv"), "--profile", str(profile)]), 1,
             profile)
    if kind != "zero":          # a /dev/ name is taken for a capture device
        one_line(capsys, board_main(["calibrate", "--capture", str(path), "--red", "S2500", "--blue", "T1234",
                                     "--out", str(tmp_path / "p.toml")]), 1, path, words)


@pytest.mark.parametrize("name,content", [("empty.mkv", b""), ("garbage.mp4", bytes(range(256)) * 20)])
def test_a_bad_video_is_one_line_without_ffmpegs_own(tmp_path, name, content):
    """FFmpeg writes its complaints ("moov atom not found") straight to file descriptor 2: only a
    separate process shows whether they are silenced."""
    video = tmp_path / name
    video.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "board.cli", "-g", str(tmp_path / "g.db"), "watch", "--capture",
                           str(video)], capture_output=True, text=True)
    assert done.returncode == 1 and done.stderr == f"board: {video}: not a video OpenCV can read\n"
