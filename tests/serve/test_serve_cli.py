"""The `board serve` command: what it prints, where it listens, one-line errors, Ctrl-C with
viewers connected, and `board` not paying for the web stack when it does not serve."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from serve_helpers import EventReader, us_allied_game, wait_for


def start(*argv, cwd=None) -> tuple[subprocess.Popen, list[str]]:
    """`board serve ...` in its own process; returns it and the lines it printed at the start."""
    process = subprocess.Popen([sys.executable, "-m", "board.cli", "serve", *argv], cwd=cwd,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    while not lines or lines[-1].strip() != "Ctrl-C stops":
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"board serve stopped: {lines} {process.stderr.read()}")
        lines.append(line.rstrip("\n"))
    return process, lines


def stop(process: subprocess.Popen) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, err


def port_of(lines: list[str]) -> int:
    return int(lines[0].rsplit(":", 1)[1].split("/")[0])


def test_local_read_only_by_default(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    process, lines = start(str(game), "--port", "0")
    try:
        port = port_of(lines)
        assert lines[0] == f"board serve: {game} at http://127.0.0.1:{port}/"
        assert any("read-only" in line for line in lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/state.json", timeout=10) as answer:
            assert json.load(answer)["game"]["players"][0]["record"] == "6"
        # Only the loopback address listens.
        outside = [a for a in _addresses() if not a.startswith("127.")]
        for address in outside:
            with socket.socket() as probe:
                probe.settimeout(2)
                assert probe.connect_ex((address, port)) != 0, address
    finally:
        status, err = stop(process)
    assert status == 0 and "Traceback" not in err, err


def _addresses() -> list[str]:
    from board.serve.cli import local_addresses
    return local_addresses()


def test_every_network_only_when_asked_and_the_address_printed(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    process, lines = start(str(game), "--host", "0.0.0.0", "--port", "0")
    try:
        port = port_of(lines)
        address = _addresses()[0]
        assert lines[0] == f"board serve: {game} at http://{address}:{port}/"
        assert "open that address on the phones and the TV" in lines[1]
        with urllib.request.urlopen(f"http://{address}:{port}/state.json", timeout=10) as answer:
            assert json.load(answer)["file"]["status"] == "ok"
    finally:
        stop(process)


def test_ctrl_c_with_viewers_connected(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    process, lines = start(str(game), "--port", "0")
    readers = [EventReader(f"http://127.0.0.1:{port_of(lines)}") for _ in range(3)]
    try:
        assert wait_for(lambda: all(r.of("state") for r in readers), 5)
        began = time.monotonic()
        status, err = stop(process)
        assert status == 0 and err == "", err
        assert time.monotonic() - began < 5
    finally:
        for reader in readers:
            reader.close()
        if process.poll() is None:
            process.kill()


def test_actions_token_printed(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    process, lines = start(str(game), "--port", "0", "--allow-actions")
    try:
        port = port_of(lines)
        token = lines[0].split("?token=")[1]
        assert len(token) >= 20 and any(f"the token {token}" in line for line in lines)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/action", method="POST",
                                         data=json.dumps({"command": "pass"}).encode(),
                                         headers={"X-Board-Token": token})
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert "#6 recorded: pass" in json.load(answer)["output"]
    finally:
        stop(process)


def test_one_line_errors(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "board.cli", "serve", str(tmp_path / "g.db"),
                                 "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == f"board: --host 127.0.0.1 --port {port}: Address already in use\n"
    result = subprocess.run([sys.executable, "-m", "board.cli", "serve", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (1, f"board: {tmp_path}: is a directory\n")
    result = subprocess.run([sys.executable, "-m", "board.cli", "serve", "--port", "70000"],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (1, "board: --port 70000: not a port number (0 to 65535)\n")


def test_board_does_not_load_the_web_stack_unless_serving():
    code = ("import sys, board.cli; board.cli.build_parser();"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'sse_starlette')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout == "[]\n", result.stderr


def test_a_missing_game_is_served_until_it_appears(tmp_path):
    process, lines = start("--port", "0", cwd=tmp_path)
    try:
        assert any("conquest.db does not exist yet" in line for line in lines)
        port = port_of(lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/state.json", timeout=10) as answer:
            assert json.load(answer)["file"]["status"] == "missing"
        us_allied_game(tmp_path / "conquest.db")

        def status():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/state.json", timeout=10) as answer:
                return json.load(answer)["game"]
        assert wait_for(lambda: (g := status()) and g["event_count"] == 5, 5), status()
    finally:
        stop(process)


def test_without_the_web_stack_one_line(tmp_path):
    code = ("import sys; sys.modules['uvicorn'] = None; from board.cli import main;"
            f"sys.exit(main(['serve', {str(tmp_path / 'g.db')!r}]))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (
        1, "board: board serve needs starlette, uvicorn and sse-starlette: pip install 'odyssey2[serve]'\n")
