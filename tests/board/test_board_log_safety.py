"""A damaged game file, a game in a folder that cannot be written, and text that could take over
the terminal: each is one line and a non-zero exit, never a traceback or raw control characters."""
import os
import random
import shutil
import sqlite3
import subprocess
import sys

import pytest

from board import rules as R
from board.cli import main
from board.log import GameLog
from board.world import standard_world


def board(capsys, game, *argv):
    code = main(["-g", str(game), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def started(tmp_path, capsys, events=0):
    game = tmp_path / "game.db"
    for argv in (["new", "--players", "Ann,Bob"], ["first", "Ann=1", "Bob=2", "--readout", "1"],
                 ["homeland", "japan"], ["homeland", "china"], ["pass"], ["pass"]):
        assert board(capsys, game, *argv)[0] == 0
    for _ in range(events):
        assert board(capsys, game, "attack", "norway")[0] == 0
        assert board(capsys, game, "undo")[0] == 0
    conn = sqlite3.connect(game)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")     # everything in the main file
    conn.close()
    return game


@pytest.mark.parametrize("seed", range(5))
def test_random_bytes_over_the_last_page_are_refused(tmp_path, capsys, seed):
    game = started(tmp_path, capsys, events=30)
    raw = bytearray(game.read_bytes())
    page = int.from_bytes(raw[16:18], "big")            # the page size, header offset 16
    assert len(raw) > 2 * page
    draw = random.Random(seed)
    raw[-page:] = bytes(draw.randrange(256) for _ in range(page))
    game.write_bytes(bytes(raw))
    for argv in (["status"], ["pass"], ["show", "--png", str(tmp_path / "board.png")], ["history"]):
        code, out, err = board(capsys, game, *argv)
        assert code == 1 and err.startswith(f"board: {game}: damaged game database") and err.count("\n") == 1, \
            (argv, err)
    assert not (tmp_path / "board.png").exists()


def test_a_damaged_table_definition_is_refused_not_a_traceback(tmp_path, capsys):
    """SQLite quotes a CHECK constraint in its error message; damaged, it need not be UTF-8 (the
    UnicodeDecodeError `board pass` used to raise)."""
    game = started(tmp_path, capsys)
    conn = sqlite3.connect(game)
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute("UPDATE sqlite_master SET sql = CAST(replace(CAST(sql AS BLOB), CAST('''redo''' AS BLOB), "
                 "X'27728064c427') AS TEXT) WHERE name = 'events'")
    conn.commit()
    conn.close()
    for argv in (["pass"], ["status"], ["undo"]):
        code, _, err = board(capsys, game, *argv)
        assert code == 1 and err.startswith(f"board: {game}: damaged game database") and err.count("\n") == 1, err


def test_another_schema_is_not_a_game(tmp_path, capsys):
    game = started(tmp_path, capsys)
    conn = sqlite3.connect(game)
    conn.execute("CREATE TABLE notes (text)")
    conn.commit()
    conn.close()
    assert board(capsys, game, "status")[2] == f"board: {game}: not a Conquest of the World game\n"


def _read_only_folder(folder):
    """A command line that runs `board` with `folder` not writable: chmod for a user, a read-only
    bind mount for root (whom permissions do not stop)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return lambda *argv: [sys.executable, "-m", "board.cli", *argv]
    if not shutil.which("unshare") or subprocess.run(
            ["unshare", "-m", "sh", "-c", f"mount --bind -o ro '{folder}' '{folder}'"],
            capture_output=True).returncode != 0:
        pytest.skip("root without mount namespaces: no way to make a folder read-only")
    return lambda *argv: ["unshare", "-m", "sh", "-c", f"mount --bind -o ro '{folder}' '{folder}' && exec \"$@\"",
                          "sh", sys.executable, "-m", "board.cli", *argv]


def test_a_game_in_a_read_only_folder_can_be_read_not_written(tmp_path, capsys):
    folder = tmp_path / "shared"
    folder.mkdir()
    game = started(folder, capsys)
    assert not os.path.exists(f"{game}-wal")          # the last command's close removed it
    command = _read_only_folder(folder)
    try:
        for argv in (["status"], ["history"], ["options"], ["export", "-"]):
            done = subprocess.run(command("-g", str(game), *argv), capture_output=True, text=True)
            assert done.returncode == 0 and done.stderr == "", (argv, done.stderr)
        assert "next: Bob (turns)" in subprocess.run(command("-g", str(game), "status"),
                                                     capture_output=True, text=True).stdout
        done = subprocess.run(command("-g", str(game), "pass"), capture_output=True, text=True)
        assert done.returncode == 1 and done.stderr == (
            f"board: {game}: the folder {str(folder)!r} is not writable, and SQLite writes its log "
            f"beside the game (read-only commands such as `board status` still work)\n")
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("name", ["Ann\x1b[31m", "Ann\nnext: Ann wins the game", "Ann\x07", "A\x85nn",
                                  "A\u202enn", "A\u2066nn", "A\u2028nn", "A\u2029nn", "A\x00nn"])
def test_unprintable_player_names_are_refused(tmp_path, capsys, name):
    game = tmp_path / "game.db"
    code, out, err = board(capsys, game, "new", "--players", f"{name},Bob")
    bad = next(c for c in name if not c.isprintable())
    assert code == 2 and out == "" and not game.exists()
    assert err.startswith("board: --players: the name ") and f"contains U+{ord(bad):04X}" in err
    assert err.count("\n") == 1 and err.isascii() and "\x1b" not in err


def test_names_from_an_older_file_are_shown_escaped(tmp_path, capsys):
    """A file written before names were checked: everything shown is escaped, one line per line."""
    game = tmp_path / "game.db"
    GameLog.create(game, R.GameConfig(("Ann\x1b[2J", "Bob\nnext: Ann wins the game"), standard_world())).close()
    code, out, _ = board(capsys, game, "first", "Ann=1", "Bob=2", "--readout", "2")
    assert code == 0
    for argv in (["status"], ["history"], ["options"], ["homeland", "japan"]):
        code, more, _ = board(capsys, game, *argv)
        assert code == 0
        out += more
    assert "\x1b" not in out and "\nnext: Ann wins" not in out
    assert "Bob\\nnext: Ann wins the game" in out and "Ann\\x1b[2J" in out


def test_unprintable_text_in_a_scenario_is_refused(tmp_path, capsys):
    scenario = tmp_path / "s.toml"
    scenario.write_text('[scenario]\nname = "Cold War\\u001b]0;owned\\u0007"\n', encoding="utf-8")
    code, _, err = board(capsys, tmp_path / "g.db", "new", "--players", "Ann,Bob", "--scenario", str(scenario))
    assert code == 1 and err == (f"board: {scenario}: scenario.name: 'Cold War\\x1b]0;owned\\x07' contains "
                                 f"U+001B (\\x1b): only printable text is accepted\n")
    scenario.write_text('[rename]\n"Japan" = "Nippon\\u202e"\n', encoding="utf-8")
    code, _, err = board(capsys, tmp_path / "g.db", "new", "--players", "Ann,Bob", "--scenario", str(scenario))
    assert code == 1 and err.startswith(f"board: {scenario}: rename.Japan: 'Nippon\\u202e' contains U+202E")


def test_unprintable_names_in_an_import_are_refused(tmp_path, capsys):
    game = started(tmp_path, capsys)
    export = tmp_path / "game.json"
    assert board(capsys, game, "export", str(export))[0] == 0
    export.write_text(export.read_text().replace('"Bob"', '"Bob\\u0085"'))
    code, _, err = board(capsys, tmp_path / "copy.db", "import", str(export))
    assert code == 1 and err.startswith(f"board: {export}: config.players[1]: 'Bob\\x85' contains U+0085")
    assert not (tmp_path / "copy.db").exists()


def test_deeply_nested_scenario_and_export_are_one_line(tmp_path, capsys):
    scenario = tmp_path / "deep.toml"
    scenario.write_text("a = " + "[" * 1000 + "]" * 1000 + "\n")
    code, _, err = board(capsys, tmp_path / "g.db", "new", "--players", "Ann,Bob", "--scenario", str(scenario))
    assert code == 1 and err == f"board: {scenario}: nested too deeply for a scenario\n"
    export = tmp_path / "deep.json"
    export.write_text("[" * 100000 + "]" * 100000)
    code, _, err = board(capsys, tmp_path / "g.db", "import", str(export))
    assert code == 1 and err == f"board: {export}: nested too deeply to be a game export\n"
