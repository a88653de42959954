"""`board serve`'s application through Starlette's test client: the page, the state document,
read-only by default, actions with the token, a missing or damaged file."""
from __future__ import annotations

import contextlib
import html
import io
import json
import sqlite3
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from board.cli import main as board_main
from board.log import GameLog
from board.serve import page, state
from board.serve.app import create_app

from serve_helpers import XSS_NAME, board, us_allied_game, wait_for


def client_for(path, **options):
    return TestClient(create_app(path, interval=0.02, **options))


def status_lines(path) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert board_main(["-g", str(path), "status"]) == 0
    return out.getvalue().splitlines()


def options_lines(path) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert board_main(["-g", str(path), "options"]) == 0
    return out.getvalue().splitlines()


def test_state_document_holds_the_manuals_example(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    with client_for(game) as client:
        doc = client.get("/state.json").json()
    assert (doc["format"], doc["version"]) == ("board-serve-state", 1)
    assert doc["file"] == {"name": "game.db", "status": "ok", "problem": None}
    ann, bob = doc["game"]["players"]
    # Rules 5-7, examples 1: Canada 7 + Mexico 5 allied = 12/2 = 6; zone 1 dominated: 2000 PBU.
    assert (ann["name"], ann["homeland"], ann["record"], ann["chips"]) == ("Ann", "United States", "6", 2000)
    assert ann["allied"] == ["Canada", "Mexico"] and ann["conquered"] == []
    assert (bob["homeland"], bob["record"], bob["chips"]) == ("West Germany", "0", 0)
    assert doc["game"]["phase"] == "home_alliances"
    assert [e["seq"] for e in doc["game"]["last_events"]] == [1, 2, 3, 4, 5]


def test_page_uses_the_words_of_status_and_options(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    board(game, "pass")
    board(game, "pass")
    board(game, "attack", "Indonesia")
    next_line = [line for line in status_lines(game) if line.startswith("next: ")][0]
    options = options_lines(game)
    with client_for(game) as client:
        page = client.get("/").text
        doc = client.get("/state.json").json()
    assert "next: " + doc["game"]["next"] == next_line
    assert html.escape(next_line[len("next: "):]) in page
    assert doc["game"]["options_heading"] == options[0]
    assert doc["game"]["options"] == [line.strip() for line in options[1:]]
    for line in options:
        assert html.escape(line.strip()) in page
    assert doc["game"]["war"]["country"] == "Indonesia"
    assert "war for Indonesia" in page
    # The last events with their numbers, newest first.
    assert page.index("#8</span> attack country=Indonesia") < page.index("#7</span> pass")


def test_a_script_in_a_name_is_text(tmp_path):
    game = tmp_path / "game.db"
    board(game, "new", "--players", f"Ann,{XSS_NAME}")
    with client_for(game) as client:
        page = client.get("/").text
        panel = client.get("/panel").text
        assert client.get("/state.json").json()["game"]["players"][1]["name"] == XSS_NAME
    for text in (page, panel):
        assert XSS_NAME not in text
        assert html.escape(XSS_NAME) in text
    assert "<script" not in panel
    assert page.count("<script") == 1       # the page's own script, from /static


def test_pages_forbid_inline_scripts(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    with client_for(game) as client:
        answer = client.get("/")
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_static_files_and_the_picture(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    with client_for(game) as client:
        for url, kind in (("/static/style.css", "text/css"), ("/static/page.js", "javascript"),
                          ("/font.ttf", "font/ttf")):
            answer = client.get(url)
            assert answer.status_code == 200 and kind in answer.headers["content-type"], url
        picture = client.get("/board.png")
    assert picture.headers["content-type"] == "image/png"
    assert picture.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_read_only_by_default(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    before = game.read_bytes()
    with client_for(game) as client:
        answer = client.post("/action", json={"command": "pass"})
        assert answer.status_code == 403 and "read-only" in answer.json()["error"]
        for method in ("put", "delete", "patch"):
            assert getattr(client, method)("/state.json").status_code == 405
    assert game.read_bytes() == before
    log = GameLog.open(game, read_only=True)
    try:
        assert log.event_count() == 5
    finally:
        log.close()


def test_actions_need_the_token_and_go_through_the_rules(tmp_path):
    game = us_allied_game(tmp_path / "game.db")
    token = "a-token-for-the-table"
    with client_for(game, allow_actions=True, token=token) as client:
        assert 'id="act"' in client.get("/").text
        for given in ({}, {"X-Board-Token": "wrong"}, {"X-Board-Token": token[:-1]}):
            answer = client.post("/action", json={"command": "pass"}, headers=given)
            assert answer.status_code == 403
        assert client.get("/state.json").json()["game"]["event_count"] == 5
        good = {"X-Board-Token": token}
        # Refused by the rules: the CLI's one-line refusal, nothing written.
        answer = client.post("/action", json={"command": "attack Japan"}, headers=good)
        assert answer.status_code == 422
        assert answer.json()["output"].startswith("board: rule ")
        # Not a game action, or another file: refused before anything runs.
        for command in ("new --players A,B --force", "export x.json", "status",
                        "pass -g other.db", "pass --game=other.db"):
            assert client.post("/action", json={"command": command}, headers=good).status_code == 400
        assert client.post("/action", content=b"not json", headers=good).status_code == 400
        answer = client.post("/action", json={"command": "board pass"}, headers=good)
        assert answer.status_code == 200, answer.json()
        assert "#6 recorded: pass" in answer.json()["output"]
        assert "next: Bob (start-up alliances" in answer.json()["output"]
        doc = wait_for(lambda: (d := client.get("/state.json").json())["game"]["event_count"] == 6 and d)
        assert doc["game"]["to_act"] == "Bob (start-up alliances)"
        answer = client.post("/action", json={"command": "undo"}, headers=good)
        assert "undo of pass" in answer.json()["output"]
    assert [line for line in status_lines(game) if line.startswith("next: ")][0].startswith("next: Ann (start-up alliances")


def test_missing_then_created_then_damaged_then_deleted(tmp_path):
    game = tmp_path / "game.db"
    with client_for(game) as client:
        doc = client.get("/state.json").json()
        assert doc["file"]["status"] == "missing" and doc["game"] is None
        assert "missing" in client.get("/").text
        assert client.get("/board.png").status_code == 404
        us_allied_game(game)
        doc = wait_for(lambda: (d := client.get("/state.json").json())["file"]["status"] == "ok"
                       and d["game"]["event_count"] == 5 and d)
        assert doc and doc["game"]["players"][0]["record"] == "6"
        damaged = tmp_path / "damaged.db"
        damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
        for suffix in ("-wal", "-shm"):
            game.with_name("game.db" + suffix).unlink(missing_ok=True)
        damaged.replace(game)                   # a damaged file in the game's place
        doc = wait_for(lambda: (d := client.get("/state.json").json())["file"]["status"] == "damaged" and d)
        assert doc, client.get("/state.json").json()
        assert doc["file"]["problem"].startswith("game.db: ")
        assert doc["game"]["players"][0]["record"] == "6"          # the last state read, kept
        page = client.get("/").text
        assert "damaged" in page and "as last read" in page
        game.unlink()
        doc = wait_for(lambda: (d := client.get("/state.json").json())["file"]["status"] == "missing" and d)
        assert doc and client.get("/").status_code == 200


def test_clock_words_as_status_prints_them(tmp_path):
    game = tmp_path / "game.db"
    board(game, "new", "--players", "Ann,Bob", "--time-limit", "90")
    board(game, "pause")
    status = [line for line in status_lines(game) if line.startswith("time limit")][0]
    with client_for(game) as client:
        clock = client.get("/state.json").json()["game"]["clock"]
        page = client.get("/").text
    assert clock["paused"] and clock["time_limit_minutes"] == 90
    assert status.endswith("; " + clock["countdown"])
    assert clock["countdown"].endswith("left, paused")
    assert html.escape(clock["countdown"]) in page


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, tuple(name for name, _ in attrs)))

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def a_document(tmp_path_factory):
    game = us_allied_game(tmp_path_factory.mktemp("doc") / "game.db")
    board(game, "pass")
    board(game, "pass")
    board(game, "attack", "Indonesia")
    return state.document(state.read_game(game), 1, "game.db", None)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=40))
def test_any_name_is_only_text(a_document, name):
    doc = json.loads(json.dumps(a_document).replace('"Ann', json.dumps(name)[:-1]))
    expected = _Tags()
    expected.feed(page.panel(a_document))
    got = _Tags()
    got.feed(page.panel(doc))
    assert got.tags == expected.tags                    # the same elements and attributes, whatever the name
    assert name.replace("\r\n", "\n").replace("\r", "\n") in "".join(got.text).replace("\r\n", "\n").replace("\r", "\n") \
        or "\x00" in name


def test_the_winner_at_game_over(tmp_path):
    # Variation 2: the first to the agreed record wins; Ann's alliances bring her to 6 (rule 5).
    game = tmp_path / "game.db"
    board(game, "new", "--players", "Ann,Bob", "--target", "5")
    board(game, "first", "Ann=3", "Bob=7", "--readout", "3")
    board(game, "homeland", "United States")
    board(game, "homeland", "West Germany")
    board(game, "ally", "Canada")
    board(game, "ally", "Mexico")
    with client_for(game) as client:
        doc = client.get("/state.json").json()["game"]
        page_text = client.get("/").text
    assert doc["game_over"] and doc["winners"] == ["Ann"] and doc["to_act"] == "game over"
    assert doc["options"] == [] and doc["options_heading"] is None
    assert "Game over. Winner: Ann" in page_text
    assert "Ann <em>WINNER</em>" in page_text


def _garbage_event(path):
    us_allied_game(path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("INSERT INTO events (type, action, recorded_at) VALUES ('action', '{not json', "
                     "'2026-01-01T00:00:00+00:00')")
    conn.close()


def _truncated(path):
    us_allied_game(path)
    data = path.read_bytes()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(data[:len(data) // 2])


def _other_database(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE game (id INTEGER)")
    conn.close()


@pytest.mark.parametrize("damage", [
    lambda p: p.write_bytes(b""), lambda p: p.write_bytes(bytes(range(256)) * 8),
    lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100),
    _other_database, _garbage_event, _truncated], ids=["empty", "bytes", "header only",
                                                       "another database", "garbage event", "truncated"])
def test_a_damaged_file_is_shown_as_such(tmp_path, damage):
    game = tmp_path / "game.db"
    damage(game)
    with client_for(game) as client:
        doc = client.get("/state.json").json()
        page_text = client.get("/").text
    assert doc["file"]["status"] == "damaged", doc
    assert doc["file"]["problem"].startswith("game.db: ") and str(tmp_path) not in doc["file"]["problem"]
    assert "The game file is damaged" in page_text
