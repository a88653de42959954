"""`o2 run --headless` and `o2 trace` as a user runs them (subprocesses): bad ROM files give one
line and exit status 2; the trace has the documented shape, hand-checked values, and no line of
its own for an interrupt entry."""
import json
import os
import subprocess
import sys

import pytest

from machine_images import CHARSET, EN_I, bios, looping_bios, mov_a


def o2(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "emu.cli", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


@pytest.fixture
def files(tmp_path):
    paths = {"bios": tmp_path / "bios.bin", "charset": tmp_path / "charset.bin",
             "cart": tmp_path / "cart.bin"}
    paths["bios"].write_bytes(looping_bios([]))
    paths["charset"].write_bytes(CHARSET)
    paths["cart"].write_bytes(bytes(2048))
    return paths


def one_line_error(result, *words):
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("o2: error: ")
    for word in words:
        assert str(word) in lines[0]


@pytest.mark.parametrize("content,problem", [
    (b"", "empty file"),
    (bytes(3000), "wrong size"),
    (bytes(20000), "too large"),
])
def test_bad_cartridge_files(tmp_path, files, content, problem):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(content)
    for command in ("run", "trace"):
        extra = ["--headless", "--frames", 1] if command == "run" else ["--steps", 1]
        one_line_error(o2(command, bad, "--bios", files["bios"], "--charset", files["charset"],
                          *extra), bad, problem)


def test_missing_cartridge_and_directory(tmp_path, files):
    one_line_error(o2("run", tmp_path / "nope.bin", "--bios", files["bios"], "--headless"),
                   "nope.bin", "no such file")
    one_line_error(o2("run", tmp_path, "--bios", files["bios"], "--headless"),
                   tmp_path, "is a directory")


def test_unreadable_cartridge(tmp_path, files):
    # /proc/self/mem exists and is a file, but reading it from offset 0 fails, even as root
    one_line_error(o2("run", "/proc/self/mem", "--bios", files["bios"], "--headless"),
                   "/proc/self/mem", "cannot read")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_cartridge_without_read_permission(tmp_path, files):
    locked = tmp_path / "locked.bin"
    locked.write_bytes(bytes(2048))
    locked.chmod(0)
    one_line_error(o2("run", locked, "--bios", files["bios"], "--headless"), locked, "cannot read")


def test_bad_bios_and_charset(tmp_path, files):
    short = tmp_path / "short.bin"
    short.write_bytes(bytes(1000))
    one_line_error(o2("run", files["cart"], "--bios", short, "--headless"), short, "BIOS",
                   "1024 bytes")
    one_line_error(o2("trace", files["cart"], "--bios", files["bios"], "--charset", short,
                      "--steps", 1), short, "character set", "512 bytes")


def test_bad_arguments_exit_2():
    result = o2("trace", "--steps", 0)
    assert result.returncode == 2 and "must be at least 1" in result.stderr


def test_headless_run_and_screenshot(tmp_path, files):
    from PIL import Image
    shot = tmp_path / "shot.png"
    result = o2("run", files["cart"], "--bios", files["bios"], "--charset", files["charset"],
                "--headless", "--frames", 3, "--screenshot", shot)
    assert result.returncode == 0, result.stderr
    # 3 frames end at the first instruction boundary at or after 3 x 5983.25 = 17949.75 cycles;
    # the looping BIOS is JMP MAIN then JMP $ at 0x010 (2 cycles each): boundaries are even.
    assert result.stdout == "3 frames, 17950 cycles, pc=0x010\n"
    with Image.open(shot) as image:
        assert (image.size, image.mode) == ((360, 243), "RGB")


def test_screenshot_into_a_missing_directory(tmp_path, files):
    one_line_error(o2("run", files["cart"], "--bios", files["bios"], "--headless",
                      "--screenshot", tmp_path / "no" / "shot.png"), "shot.png")


def test_trace_shape_and_values(tmp_path, files):
    # JMP 0x010; MOV A,#0x12; MOV R3,#0x34; SEL RB1; MOV R3,#0x56 (2, 2, 2, 1 cycles).
    image = tmp_path / "trace_bios.bin"
    image.write_bytes(bios(mov_a(0x12) + [0xBB, 0x34, 0xD5, 0xBB, 0x56]))
    result = o2("trace", "--bios", image, "--charset", files["charset"], "--steps", 5)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        '{"cycle": 0, "pc": 0, "op": 4, "a": 0, "psw": 8, "r": [0, 0, 0, 0, 0, 0, 0, 0], "t": 0}',
        '{"cycle": 2, "pc": 16, "op": 35, "a": 0, "psw": 8, "r": [0, 0, 0, 0, 0, 0, 0, 0], "t": 0}',
        '{"cycle": 4, "pc": 18, "op": 187, "a": 18, "psw": 8, "r": [0, 0, 0, 0, 0, 0, 0, 0], "t": 0}',
        '{"cycle": 6, "pc": 20, "op": 213, "a": 18, "psw": 8, "r": [0, 0, 0, 52, 0, 0, 0, 0], "t": 0}',
        '{"cycle": 7, "pc": 21, "op": 187, "a": 18, "psw": 24, "r": [0, 0, 0, 0, 0, 0, 0, 0], "t": 0}',
    ]


def test_trace_interrupt_entry_has_no_line(tmp_path, files):
    # EN I, then JMP $ at 0x011 until VBLANK (cycle 5978.75) interrupts it; the ISR is RETR.
    image = tmp_path / "irq_bios.bin"
    image.write_bytes(looping_bios([EN_I]))
    result = o2("trace", "--bios", image, "--charset", files["charset"], "--steps", 3100)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 3100
    assert all(list(line) == ["cycle", "pc", "op", "a", "psw", "r", "t"] for line in lines)
    first = next(i for i, line in enumerate(lines) if line["pc"] == 3)
    before = lines[first - 1]
    assert (before["pc"], before["op"]) == (0x011, 0x04)
    # the JMP's 2 cycles, then the 2-cycle entry, then RETR at 0x003
    assert lines[first]["cycle"] == before["cycle"] + 2 + 2
    assert lines[first]["op"] == 0x93
    # the ISR does not read the status, so /INT stays low: RETR (2), entry again (2), RETR again
    assert (lines[first + 1]["pc"], lines[first + 1]["cycle"]) == (3, lines[first]["cycle"] + 4)
    assert 5979 <= lines[first]["cycle"] <= 5979 + 2 + 2
