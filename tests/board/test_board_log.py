"""The durable game log: WAL SQLite, validation before writing, undo/redo, history, export/import,
and one-line errors for files that cannot be used."""
import json
import sqlite3

import pytest

from board import rules as R
from board.log import GameLog, LogError, NothingToDo


@pytest.fixture
def log(tmp_path, world):
    log = GameLog.create(tmp_path / "game.db", R.GameConfig(("Ann", "Bob", "Cy"), world))
    for action in (R.ChooseFirst({"Ann": 3, "Bob": 7, "Cy": 5}, 6), R.ChooseHomeland("United States")):
        log.record(action)
    yield log
    log.close()


def rows(path):
    return sqlite3.connect(path).execute("SELECT seq, type, action FROM events").fetchall()


def test_wal_mode_and_full_sync(log):
    assert log.conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert log.conn.execute("PRAGMA synchronous").fetchone() == (2,)      # FULL


def test_state_is_the_replay_of_the_events(log, world):
    state = log.state()
    assert state.players[1].homeland == "United States" and state.name(state.current) == "Cy"
    assert GameLog.open(log.path).state() == state


def test_refused_action_writes_nothing(log):
    before = rows(log.path)
    with pytest.raises(R.RuleViolation) as err:
        log.record(R.ChooseHomeland("United States"))
    assert str(err.value) == "rule 3: United States is already Bob's homeland"
    assert rows(log.path) == before


def test_undo_redo_and_a_new_action_forgets_the_redo(log):
    seq, action = log.undo()
    assert (seq, action) == (3, R.ChooseHomeland("United States"))
    assert log.state().phase == "homelands" and log.state().name(log.state().current) == "Bob"
    log.redo()
    assert log.state().players[1].homeland == "United States"
    log.undo()
    log.record(R.ChooseHomeland("Japan"))
    with pytest.raises(NothingToDo):
        log.redo()
    assert [r[1] for r in rows(log.path)] == ["action", "action", "undo", "redo", "undo", "action"]


def test_nothing_to_undo(tmp_path, world):
    log = GameLog.create(tmp_path / "g.db", R.GameConfig(("Ann", "Bob"), world))
    with pytest.raises(NothingToDo):
        log.undo()


def test_history_in_words(log):
    log.undo()
    log.redo()
    lines = log.history()
    assert [(l.seq, l.summary, l.in_force) for l in lines] == [
        (1, "first numbers=Ann=3,Bob=7,Cy=5 readout=6", True),
        (2, "homeland country=United States", False),
        (3, "undo #2", True),
        (4, "redo #2: homeland country=United States", True)]
    assert lines[0].notes == ["readout 6: Bob (called 7) plays first"]
    assert lines[3].notes == ["Bob chooses United States (zone 1) as homeland"]


def test_export_import_round_trip(log, tmp_path):
    log.undo()
    data = json.loads(json.dumps(log.export()))
    copy = GameLog.import_(tmp_path / "copy.db", data, "game.json")
    assert copy.state() == log.state()
    assert [(e.seq, e.type, e.action) for e in copy.events()] == [(e.seq, e.type, e.action) for e in log.events()]
    assert copy.created_at == log.created_at


def test_import_refuses_an_illegal_event_naming_it(log, tmp_path):
    data = log.export()
    data["events"][1]["action"]["country"] = "Atlantis"
    with pytest.raises(LogError) as err:
        GameLog.import_(tmp_path / "copy.db", data, "game.json")
    assert str(err.value) == "game.json: event #2: rule 3: no country called 'Atlantis' on the board"
    assert not (tmp_path / "copy.db").exists()


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(format="chess"), "game.json: not a Conquest of the World game export"),
    (lambda d: d.update(version=9), "game.json: export version 9 is not 1"),
    (lambda d: d["events"][0].update(type="oops"), "game.json: events[0]: unknown type 'oops'"),
    (lambda d: d["events"][0]["action"].update(readout="six"),
     "game.json: malformed export (ValueError: first: readout must be int)"),
    (lambda d: d["config"]["world"]["zones"][0][0].update(pbu=0),
     "game.json: Canada: PBU value must be a whole number >= 1, not 0"),
    # a configuration the rules refuse, or of the wrong types
    (lambda d: d["config"].update(players=["Solo"]), "game.json: config: rule 1: the game is for 2 to 6 players, not 1"),
    (lambda d: d["config"].update(players=[1, 2]),
     "game.json: malformed export (ValueError: players must be a list of names)"),
    (lambda d: d.update(created_at="yesterday"),
     "game.json: malformed export (ValueError: Invalid isoformat string: 'yesterday')"),
])
def test_import_refuses_a_malformed_export_or_configuration(log, tmp_path, damage, message):
    data = log.export()
    damage(data)
    with pytest.raises(LogError) as err:
        GameLog.import_(tmp_path / "copy.db", data, "game.json")
    assert str(err.value) == message


def test_not_a_database(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(LogError) as err:
        GameLog.open(path)
    assert str(err.value).startswith(f"{path}: not a game database")


def test_another_sqlite_file(tmp_path):
    path = tmp_path / "other.db"
    sqlite3.connect(path).execute("CREATE TABLE game (id, format, version, created_at, config)")
    with pytest.raises(LogError) as err:
        GameLog.open(path)
    assert str(err.value) == f"{path}: not a Conquest of the World game"


def test_damaged_event_is_named(log):
    with sqlite3.connect(log.path) as conn:
        conn.execute("UPDATE events SET action = '{\"action\": \"fly\"}' WHERE seq = 2")
    with pytest.raises(LogError) as err:
        GameLog.open(log.path).state()
    assert str(err.value) == f"{log.path}: event #2: unknown action 'fly'"


def test_missing_game(tmp_path):
    with pytest.raises(LogError) as err:
        GameLog.open(tmp_path / "none.db")
    assert str(err.value) == f"{tmp_path / 'none.db'}: no such game (start one with `board new`)"


def test_a_battle_read_off_the_screen_is_recorded_as_board_battle_records_it(tmp_path):
    """board.record.record is the one path: the companion hands it the BattleResult it read."""
    from board import rules as R
    from board.log import GameLog
    from board.record import record
    from board.world import standard_world
    lines = []
    with GameLog.create(tmp_path / "g.db", R.GameConfig(("Ann", "Bob"), standard_world())) as log:
        for action in (R.ChooseFirst({"Ann": 1, "Bob": 2}, 1), R.ChooseHomeland("Japan"),
                       R.ChooseHomeland("China"), R.Pass(), R.Pass(), R.Attack("Norway")):
            log.record(action)
        assert record(log, R.BattleResult("attacker", "tank", "sub", 2000, 1500), say=lines.append) == 7
        assert log.state().war.wins == [1, 0]
        assert lines[0].startswith("#7 recorded: battle")
        with pytest.raises(R.RuleViolation):
            record(log, R.BattleResult("attacker", "tank", "sub", 2600, 1500), say=lines.append)   # energy only falls
        assert log.event_count() == 7
