"""Drill history: storage, durability, recovery from bad files, statistics."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjgui.drills import history as hist
from mjgui.drills.history import APPLICATION_ID, SCHEMA_VERSION, Attempt, HistoryError, HistoryStore
from mjgui.drills.stats import accuracy_by_day, breakdown, missed_problems, streaks

ROOT = Path(__file__).resolve().parents[1]
UTC = timezone.utc
#: a schema version past the current one, for testing the migration hook
NEXT = SCHEMA_VERSION + 1
JST = timezone(timedelta(hours=9))
T0 = datetime(2024, 3, 10, 12, 0, tzinfo=UTC)
CORRUPT_NAME = re.compile(r"^history\.db\.corrupt-\d{8}-\d{6}(-\d+)?$")


def problem(pid: str = "p1", kind: str = "nanikiru", **extra) -> dict:
    p = {
        "id": pid, "kind": kind, "hand": "123456m789p1155s", "melds": [], "dora": ["5p"],
        "visible": {"discards": [["1z", "9m"], [], [], []]}, "round": "E1", "seat": 0,
        "turn": 7, "theme": "shape", "shanten": 1, "best": ["1s"], "difficulty": 2,
    }
    p.update(extra)
    return p


def att(pid: str = "p1", *, drill: str = "nanikiru", correct: bool = True,
        score: float | None = None, at: datetime = T0, topic: str = "shape",
        shanten: int | None = 1, pick: str = "9p", seconds: float = 4.5,
        set_name: str | None = None, **extra) -> Attempt:
    return Attempt(
        problem_id=pid, drill=drill, topic=topic, shanten=shanten,
        problem=problem(pid, drill, theme=topic, shanten=shanten, **extra), pick=pick,
        correct=correct, score=(1.0 if correct else 0.0) if score is None else score,
        seconds=seconds, answered_at=at, set_name=set_name)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "history.db"


@pytest.fixture
def store(db: Path):
    with HistoryStore.open(db) as s:
        yield s


# --------------------------------------------------------------------------
# Round trip
# --------------------------------------------------------------------------

def test_round_trip_every_field(store: HistoryStore) -> None:
    a1 = Attempt(
        problem_id="nk-0001", drill="nanikiru", topic="ryanmen vs kanchan", shanten=2,
        problem=problem("nk-0001", dora=("5p", "0s"), note="赤ドラ"), pick="9p",
        correct=False, score=0.625, seconds=12.345678,
        answered_at=datetime(2024, 5, 1, 23, 59, 59, 123456, tzinfo=JST),
        set_name="Misses of May")
    a2 = Attempt(
        problem_id="w-7", drill="wait", topic="", shanten=None, problem={"id": "w-7"},
        pick="1m 4m", correct=True, score=1.0, seconds=0.0,
        answered_at=datetime(2024, 5, 2, 0, 0, tzinfo=UTC), set_name=None)
    a3 = att("c-1", drill="call", pick="chi:34m", at=datetime(2024, 5, 3, tzinfo=UTC))
    ids = [store.record(a) for a in (a1, a2, a3)]
    assert ids == sorted(ids) and len(set(ids)) == 3

    back = store.attempts()
    assert back == [a1, a2, a3]
    for orig, got, rid in zip((a1, a2, a3), back, ids):
        assert got.id == rid
        for name in ("problem_id", "drill", "topic", "shanten", "problem", "pick",
                     "correct", "score", "seconds", "answered_at", "set_name"):
            assert getattr(got, name) == getattr(orig, name), name
        assert got.answered_at.tzinfo is not None
        assert got.answered_at.utcoffset() == timedelta(0)
        assert type(got.correct) is bool
    # The JST time is the same instant, normalised to UTC, to the microsecond.
    assert back[0].answered_at == datetime(2024, 5, 1, 14, 59, 59, 123456, tzinfo=UTC)
    # Tuples became lists: the problem is plain JSON, replayable as is.
    assert back[0].problem["dora"] == ["5p", "0s"]
    assert back[0].problem["note"] == "赤ドラ"
    assert back[1].shanten is None and back[1].set_name is None
    assert back[0].set_name == "Misses of May"


def test_problem_is_stored_as_json_text(store: HistoryStore, db: Path) -> None:
    a = att("p9")
    store.record(a)
    raw = sqlite3.connect(db)
    try:
        (text,) = raw.execute("SELECT problem FROM attempts").fetchone()
    finally:
        raw.close()
    assert isinstance(text, str)
    assert json.loads(text) == a.problem


def test_attempts_filters(store: HistoryStore) -> None:
    store.record(att("a", drill="nanikiru", at=T0))
    store.record(att("b", drill="wait", at=T0 + timedelta(days=1)))
    store.record(att("c", drill="call", at=T0 + timedelta(days=2)))
    store.record(att("d", drill="wait", at=T0 - timedelta(days=1)))
    assert [a.problem_id for a in store.attempts()] == ["d", "a", "b", "c"]
    assert [a.problem_id for a in store.attempts(drill="wait")] == ["d", "b"]
    assert [a.problem_id for a in store.attempts(since=T0)] == ["a", "b", "c"]
    assert [a.problem_id for a in store.attempts(since=T0.astimezone(JST))] == ["a", "b", "c"]
    assert [a.problem_id for a in store.attempts(drill="wait", since=T0)] == ["b"]
    assert [a.problem_id for a in store.attempts(since=date(2024, 3, 11))] == ["b", "c"]
    assert store.count() == 4 and store.count("wait") == 2
    with pytest.raises(ValueError):
        store.attempts(drill="riichi")
    with pytest.raises(ValueError):
        store.attempts(since=datetime(2024, 1, 1))


def test_attempt_validation() -> None:
    with pytest.raises(ValueError):
        att(at=datetime(2024, 1, 1))                  # naive datetime
    with pytest.raises(ValueError):
        att(drill="tsumo")
    with pytest.raises(ValueError):
        att(score=1.5)
    with pytest.raises(ValueError):
        att(seconds=-1.0)
    with pytest.raises(ValueError):
        att(score=float("nan"))
    with pytest.raises(ValueError):
        Attempt("p", "wait", "", None, {"x": {1, 2}}, "1m", True, 1.0, 1.0, T0)
    with pytest.raises(ValueError):
        Attempt("", "wait", "", None, {}, "1m", True, 1.0, 1.0, T0)
    with pytest.raises(TypeError):
        Attempt("p", "wait", "", "1", {}, "1m", True, 1.0, 1.0, T0)


def test_attempt_from_problem() -> None:
    p = problem("w-3", "wait", theme="nobetan", shanten=0)
    a = Attempt.from_problem(p, pick="1m 4m", correct=True, score=1, seconds=3,
                             answered_at=T0, set_name="daily")
    assert (a.problem_id, a.drill, a.topic, a.shanten) == ("w-3", "wait", "nobetan", 0)
    assert a.problem == p and a.score == 1.0 and a.set_name == "daily"
    now = Attempt.from_problem(p, pick="", correct=False, score=0, seconds=1)
    assert now.answered_at.tzinfo is not None


def test_pragmas_and_schema_version(store: HistoryStore, db: Path) -> None:
    conn = store.connection
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2      # FULL
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"attempts", "review"} <= tables


def test_close_and_context_manager(db: Path) -> None:
    with HistoryStore.open(db) as s:
        s.record(att())
        assert not s.closed
    assert s.closed
    with pytest.raises(HistoryError):
        s.record(att())
    s.close()                                          # idempotent
    with HistoryStore.open(db) as s2:
        assert len(s2.attempts()) == 1
        assert s2.recovered is None and s2.recovered_ja is None and s2.moved_to is None


# --------------------------------------------------------------------------
# Transactions and durability
# --------------------------------------------------------------------------

def test_record_is_committed_before_it_returns(store: HistoryStore, db: Path) -> None:
    store.record(att("a"))
    other = sqlite3.connect(db)
    try:
        assert other.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 1
        store.record(att("b"))
        assert other.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 2
    finally:
        other.close()
    assert not store.connection.in_transaction


def test_failed_record_rolls_back(store: HistoryStore) -> None:
    """The answer and its review-queue update are one transaction: when the queue update
    fails (here a trigger refuses it), the answer is not stored either."""
    store.record(att("a"))
    conn = store.connection
    conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON review "
                 "BEGIN SELECT RAISE(ABORT, 'simulated failure in the review update'); END")
    with pytest.raises(HistoryError, match="simulated failure"):
        store.record(att("b", correct=False))
    assert not conn.in_transaction
    assert [a.problem_id for a in store.attempts()] == ["a"]
    assert conn.execute("SELECT COUNT(*) FROM review").fetchone()[0] == 0
    conn.execute("DROP TRIGGER refuse")
    store.record(att("c", correct=False))
    assert [a.problem_id for a in store.attempts()] == ["a", "c"]
    assert [pid for (pid,) in conn.execute("SELECT problem_id FROM review")] == ["c"]


CHILD = textwrap.dedent("""
    import os, signal, sys
    from datetime import datetime, timedelta, timezone
    from pathlib import Path
    from mjgui.drills.history import Attempt, HistoryStore

    path, how = Path(sys.argv[1]), sys.argv[2]
    store = HistoryStore.open(path)
    t0 = datetime(2024, 6, 1, 9, 0, tzinfo=timezone.utc)
    for i in range(3):
        store.record(Attempt(
            problem_id=f"kill-{i}", drill="nanikiru", topic="t", shanten=1,
            problem={"id": f"kill-{i}", "kind": "nanikiru"}, pick="9p",
            correct=(i == 1), score=0.5, seconds=2.0,
            answered_at=t0 + timedelta(minutes=i), set_name=None))
    sys.stdout.write("recorded\\n")
    sys.stdout.flush()
    if how == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    os._exit(0)
""")


@pytest.mark.parametrize("how", ["sigkill", "os_exit"])
def test_records_survive_a_hard_kill(db: Path, how: str) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", CHILD, str(db), how], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "recorded", proc.stderr
    if how == "sigkill":
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 0
    # Never closed: the committed transactions are still in the WAL file.
    assert Path(str(db) + "-wal").exists()

    with HistoryStore.open(db) as s:
        assert s.recovered is None
        got = s.attempts()
        assert [a.problem_id for a in got] == ["kill-0", "kill-1", "kill-2"]
        assert [a.correct for a in got] == [False, True, False]
        # The review queue was updated in the same transactions.
        from mjgui.drills.review import ReviewQueue
        assert ReviewQueue(s).counts(now=datetime(2024, 6, 2, tzinfo=UTC))["due"] == 2


# --------------------------------------------------------------------------
# Damaged and foreign files
# --------------------------------------------------------------------------

def _make_other_app_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes (body) VALUES ('not a mahjong history')")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()


def _make_empty_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("DROP TABLE t")
    conn.commit()
    conn.close()
    assert path.stat().st_size > 0                 # a valid, table-less database


def _make_future_history(path: Path) -> None:
    with HistoryStore.open(path) as s:
        s.record(att("old"))
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 41}")
    conn.close()


def _make_ours_without_tables(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.execute("CREATE TABLE attempts (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()


def _make_truncated(keep: float | int):
    """A real history cut short: ``keep`` bytes (int) or a fraction (float)."""
    def make(path: Path) -> None:
        with HistoryStore.open(path) as s:
            for i in range(400):
                s.record(att(f"p{i}", correct=i % 3 == 0, at=T0 + timedelta(minutes=i),
                             note="x" * 150))
        size = path.stat().st_size
        assert not Path(str(path) + "-wal").exists()
        with open(path, "r+b") as f:
            f.truncate(keep if isinstance(keep, int) else int(size * keep))
    return make


BAD_FILES = {
    "random_bytes": lambda p: p.write_bytes(os.urandom(8192)),
    "text_file": lambda p: p.write_text("Just some notes, not a database.\n" * 20),
    "empty_file": lambda p: p.write_bytes(b""),
    "sqlite_header_then_garbage": lambda p: p.write_bytes(
        b"SQLite format 3\x00" + os.urandom(5000)),
    "other_app_sqlite": _make_other_app_db,
    "tableless_sqlite": _make_empty_sqlite,
    "future_user_version": _make_future_history,
    "ours_missing_tables": _make_ours_without_tables,
    "truncated_to_half": _make_truncated(0.5),
    "truncated_to_first_page": _make_truncated(4096),
    "truncated_mid_page": _make_truncated(10_000),
    "truncated_mid_header": _make_truncated(60),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_bad_file_is_moved_aside_and_a_fresh_store_works(db: Path, kind: str) -> None:
    BAD_FILES[kind](db)
    original = db.read_bytes()

    with HistoryStore.open(db) as s:
        assert s.recovered is not None and s.recovered_ja is not None
        moved = s.moved_to
        assert moved is not None and moved.exists() and moved.parent == db.parent
        assert CORRUPT_NAME.match(moved.name), moved.name
        assert moved.read_bytes() == original           # moved, never altered
        assert str(moved) in s.recovered and str(moved) in s.recovered_ja
        assert "moved aside" in s.recovered
        assert "退避" in s.recovered_ja
        # A working, empty store at the original path.
        assert s.attempts() == []
        s.record(att("fresh"))
        assert [a.problem_id for a in s.attempts()] == ["fresh"]

    with HistoryStore.open(db) as s:                    # and it stays healthy
        assert s.recovered is None
        assert [a.problem_id for a in s.attempts()] == ["fresh"]


@pytest.mark.parametrize("kind, reason", [
    ("empty_file", "empty"),
    ("text_file", "not a database"),
    ("other_app_sqlite", "another application"),
    ("future_user_version", "newer version"),
    ("truncated_to_half", "damaged"),
])
def test_recovery_message_names_the_reason(db: Path, kind: str, reason: str) -> None:
    BAD_FILES[kind](db)
    with HistoryStore.open(db) as s:
        assert reason in s.recovered
        assert str(db) in s.recovered


def test_two_recoveries_in_the_same_second_keep_both_files(db: Path) -> None:
    db.write_text("first")
    with HistoryStore.open(db) as s:
        first = s.moved_to
    db.unlink()
    for side in ("-wal", "-shm"):
        Path(str(db) + side).unlink(missing_ok=True)
    db.write_text("second")
    with HistoryStore.open(db) as s:
        second = s.moved_to
    assert first != second
    assert first.read_text() == "first" and second.read_text() == "second"


def test_stale_wal_of_a_bad_file_is_moved_along(db: Path) -> None:
    db.write_bytes(os.urandom(4096))
    wal = Path(str(db) + "-wal")
    wal.write_bytes(b"stale wal " * 100)
    with HistoryStore.open(db) as s:
        moved = s.moved_to
        assert Path(str(moved) + "-wal").read_bytes() == b"stale wal " * 100
        s.record(att())
        assert len(s.attempts()) == 1


def test_good_history_is_not_touched(db: Path) -> None:
    with HistoryStore.open(db) as s:
        s.record(att("keep"))
    with HistoryStore.open(db) as s:
        assert s.recovered is None
        assert [a.problem_id for a in s.attempts()] == ["keep"]
    assert [p.name for p in db.parent.iterdir() if ".corrupt-" in p.name] == []


# --------------------------------------------------------------------------
# Migrations
# --------------------------------------------------------------------------

def test_migration_hook_upgrades_an_old_history(db: Path, monkeypatch) -> None:
    with HistoryStore.open(db) as s:
        s.record(att("v1-row"))

    def to_2(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE attempts ADD COLUMN device TEXT")

    monkeypatch.setattr(hist, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(hist.MIGRATIONS, NEXT, to_2)
    with HistoryStore.open(db) as s:
        assert s.recovered is None
        conn = s.connection
        assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT
        assert "device" in {r[1] for r in conn.execute("PRAGMA table_info(attempts)")}
        assert [a.problem_id for a in s.attempts()] == ["v1-row"]
        s.record(att("v2-row"))
    backup = db.with_name(db.name + f".bak-v{SCHEMA_VERSION}")
    assert backup.exists()
    conn = sqlite3.connect(backup)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("SELECT problem_id FROM attempts").fetchall() == [("v1-row",)]
    finally:
        conn.close()


def _make_version_1_history(path: Path) -> None:
    """A history as mjgui wrote it before the score drill (schema version 1): two
    answers and one damaged row (a score out of range)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("BEGIN")
    hist.MIGRATIONS[1](conn)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("COMMIT")
    rows = [(7, "old-a", "nanikiru", 1, 1.0), (9, "old-b", "call", 0, 0.0), (12, "broken", "wait", 1, 5.0)]
    conn.execute("PRAGMA ignore_check_constraints = ON")
    for rowid, pid, drill, correct, score in rows:
        conn.execute("INSERT INTO attempts (id, problem_id, drill, theme, shanten, problem, pick, correct, "
                     "score, seconds, answered_at) VALUES (?, ?, ?, 'any', 1, ?, '5m', ?, ?, 2.0, ?)",
                     (rowid, pid, drill, json.dumps({"id": pid, "kind": drill}), correct, score,
                      "2024-03-10T12:00:00.000000+00:00"))
    conn.close()


def test_version_1_history_is_upgraded_for_score_answers(db: Path) -> None:
    _make_version_1_history(db)
    with pytest.raises(sqlite3.IntegrityError):        # version 1 refuses a score answer
        conn = sqlite3.connect(db)
        conn.execute("INSERT INTO attempts (problem_id, drill, problem, pick, correct, score, seconds, "
                     "answered_at) VALUES ('s', 'score', '{}', '5200', 1, 1.0, 1.0, 'x')")
    conn.close()
    with HistoryStore.open(db) as s:
        assert s.recovered is None
        assert s.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        got, skipped = s.read_attempts()
        assert [(a.id, a.problem_id) for a in got] == [(7, "old-a"), (9, "old-b")]
        assert skipped == 1                             # the damaged row is kept, still skipped
        assert s.connection.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 3
        s.record(att("s1", drill="score", pick="3/40/5200", shanten=-1))
        assert [a.drill for a in s.attempts()] == ["nanikiru", "call", "score"]
        assert [a.problem_id for a in s.attempts(drill="score")] == ["s1"]
        indexes = {r[0] for r in s.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'attempts'")}
        assert {"attempts_by_time", "attempts_by_drill", "attempts_by_problem"} <= indexes
    assert db.with_name(db.name + ".bak-v1").exists()
    with HistoryStore.open(db) as s:                    # opened again: nothing to do
        assert [a.problem_id for a in s.attempts()] == ["old-a", "old-b", "s1"]


V2_HISTORY = ROOT / "tests" / "data" / "history-v2.sqlite"     # see make_history_v2.py
V2_T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def test_version_2_leitner_queue_becomes_fsrs_cards(tmp_path: Path) -> None:
    """A history written by the Leitner-box code (schema 2) is upgraded: the answers are
    kept as they were, and every problem of the old queue gets the FSRS card that replaying
    its answers gives -- the same card as recording those answers into a new history."""
    from mjgui.drills.review import ReviewQueue

    db = tmp_path / "history.db"
    db.write_bytes(V2_HISTORY.read_bytes())
    with HistoryStore.open(db) as s:
        assert s.recovered is None and s.moved_to is None
        assert s.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
        attempts, skipped = s.read_attempts()
        assert (len(attempts), skipped) == (14, 1)          # p-damaged's answer stays unreadable
        assert s.connection.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 15
        queue = ReviewQueue(s)
        migrated = {i.problem_id: i for i in s.review_items()[0]}
        assert sorted(migrated) == ["p-box3", "p-damaged", "p-missed", "p-retired"]
        assert queue.item("p-removed") is None and queue.item("p-good") is None
        assert queue.counts(now=V2_T0)["damaged"] == 0
        with HistoryStore.open(tmp_path / "replayed.db") as fresh:
            for a in attempts:
                fresh.record(a)
            replayed = {i.problem_id: i for i in fresh.review_items()[0]}
        # p-removed was taken out of the old queue: it stays out
        assert sorted(replayed) == ["p-box3", "p-missed", "p-removed", "p-retired"]
        for pid in ("p-box3", "p-missed", "p-retired"):
            assert migrated[pid] == replayed[pid]
        retired, box3, missed = migrated["p-retired"], migrated["p-box3"], migrated["p-missed"]
        # the retired problem is an FSRS card in review, due again some weeks on
        assert retired.state == "review" and retired.lapses == 1
        assert retired.due_at > V2_T0 + timedelta(days=25 + 14)
        assert (box3.state, box3.lapses, box3.reviews) == ("review", 1, 3)
        assert (missed.state, missed.due_at, missed.lapses, missed.reviews) == (
            "learning", V2_T0 + timedelta(days=20), 2, 2)
        # an answer that can't be replayed: a new card, due when the old queue had it due
        damaged = migrated["p-damaged"]
        assert (damaged.state, damaged.stability, damaged.due_at, damaged.source) == (
            "learning", None, V2_T0 + timedelta(days=6), "drill")
        assert damaged.problem["id"] == "p-damaged" and damaged.problem["kind"] == "nanikiru"
        s.record(Attempt.from_problem(damaged.problem, pick="1m", correct=True, score=1.0,
                                      seconds=20.0, answered_at=V2_T0 + timedelta(days=7)))
        assert queue.item("p-damaged").state == "review"
    backup = sqlite3.connect(db.with_name(db.name + ".bak-v2"))
    try:
        assert backup.execute("PRAGMA user_version").fetchone()[0] == 2
        assert backup.execute("SELECT COUNT(*) FROM review WHERE box = 6").fetchone()[0] == 1
    finally:
        backup.close()
    with HistoryStore.open(db) as s:                    # opened again: nothing to do
        assert {i.problem_id for i in s.review_items()[0]} == set(migrated)


def test_a_fresh_history_allows_exactly_the_drill_kinds(store: HistoryStore) -> None:
    """The attempts table's CHECK (written by the migrations) and DRILLS agree: a new kind
    needs a migration."""
    from mjgui.drills.drill_names import DRILLS
    for kind in DRILLS:
        store.record(att(f"k-{kind}", drill=kind))
    with pytest.raises(sqlite3.IntegrityError):
        store.connection.execute(
            "INSERT INTO attempts (problem_id, drill, problem, pick, correct, score, seconds, "
            "answered_at) VALUES ('x', 'mahjong', '{}', '1m', 1, 1.0, 1.0, 'x')")


def test_fresh_history_runs_every_migration(tmp_path: Path, monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(hist, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(hist.MIGRATIONS, NEXT, lambda conn: calls.append(NEXT))
    with HistoryStore.open(tmp_path / "new.db") as s:
        assert s.connection.execute("PRAGMA user_version").fetchone()[0] == NEXT
    assert calls == [NEXT]


# --------------------------------------------------------------------------
# Unusable locations
# --------------------------------------------------------------------------

def test_parent_is_a_file_raises_history_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(HistoryError) as err:
        HistoryStore.open(blocker / "history.db")
    assert str(blocker / "history.db") in str(err.value)
    assert err.value.message_ja


def test_path_is_a_directory_raises_history_error(tmp_path: Path) -> None:
    (tmp_path / "history.db").mkdir()
    with pytest.raises(HistoryError):
        HistoryStore.open(tmp_path / "history.db")


def test_permission_denied_on_create(db: Path, monkeypatch) -> None:
    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(db.parent))

    monkeypatch.setattr(hist.tempfile, "mkstemp", denied)
    with pytest.raises(HistoryError) as err:
        HistoryStore.open(db)
    assert "permission denied" in str(err.value)
    assert "保存されません" in err.value.message_ja
    assert not db.exists()


def test_bad_file_that_cannot_be_moved(db: Path, monkeypatch) -> None:
    db.write_text("garbage")

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(hist.os, "rename", denied)
    with pytest.raises(HistoryError) as err:
        HistoryStore.open(db)
    assert "could not be moved aside" in str(err.value)
    monkeypatch.undo()
    assert db.read_text() == "garbage"                  # never deleted


def _root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def test_read_only_directory_raises_history_error(tmp_path: Path) -> None:
    if _root():
        # root ignores file modes, but not sysfs: nobody may create files there
        target = Path("/sys/kernel/history.db")
        with pytest.raises(HistoryError, match="permission denied"):
            HistoryStore.open(target)
        assert not target.exists()
        return
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        with pytest.raises(HistoryError):
            HistoryStore.open(ro / "history.db")
    finally:
        ro.chmod(0o755)


def test_read_only_existing_history_is_not_moved(tmp_path: Path, monkeypatch) -> None:
    """A history on a read-only disk is opened read-only: shown, saving off, never moved."""
    d = tmp_path / "ro"
    d.mkdir()
    with HistoryStore.open(d / "history.db") as s:
        s.record(att())

    def check() -> None:
        with HistoryStore.open(d / "history.db") as store:
            assert store.read_only and "saving is off" in store.notice
            assert [a.problem_id for a in store.attempts()] == ["p1"]
            with pytest.raises(HistoryError, match="saving is off"):
                store.record(att("p2"))
        assert sorted(p.name for p in d.iterdir() if not p.name.endswith(("-wal", "-shm"))) == ["history.db"]

    if _root():
        # root can write any file: open it the way SQLite opens a read-only file instead
        real_connect = hist.sqlite3.connect

        def read_only(path, *args, **kwargs):
            kwargs.pop("uri", None)
            uri = path if str(path).startswith("file:") else f"file:{path}?mode=ro"
            return real_connect(uri, *args, uri=True, **kwargs)

        monkeypatch.setattr(hist.sqlite3, "connect", read_only)
        check()
        return
    (d / "history.db").chmod(0o444)
    d.chmod(0o555)
    try:
        check()
    finally:
        d.chmod(0o755)
        (d / "history.db").chmod(0o644)


# --------------------------------------------------------------------------
# Statistics
# --------------------------------------------------------------------------

def day(d: int, h: int = 12, m: int = 0) -> datetime:
    return datetime(2024, 3, d, h, m, tzinfo=UTC)


@pytest.fixture
def sample() -> list[Attempt]:
    return [
        # 10 March: 3 attempts, 2 correct, scores 1, 0.5, 1
        att("a", drill="nanikiru", topic="shape", shanten=1, correct=True, score=1.0,
            at=day(10, 9)),
        att("b", drill="nanikiru", topic="shape", shanten=2, correct=False, score=0.5,
            at=day(10, 10)),
        att("c", drill="wait", topic="nobetan", shanten=0, correct=True, score=1.0,
            at=day(10, 11)),
        # 11 March: 1 attempt, wrong, score 0.25
        att("d", drill="call", topic="yakuhai", shanten=None, correct=False, score=0.25,
            at=day(11, 8)),
        # 13 March: 4 attempts, 3 correct
        att("b", drill="nanikiru", topic="shape", shanten=2, correct=True, score=1.0,
            at=day(13, 8)),
        att("e", drill="wait", topic="nobetan", shanten=0, correct=False, score=0.0,
            at=day(13, 9)),
        att("f", drill="wait", topic="sanmenchan", shanten=0, correct=True, score=1.0,
            at=day(13, 10)),
        att("g", drill="call", topic="yakuhai", shanten=None, correct=True, score=1.0,
            at=day(13, 23, 30)),
    ]


def test_accuracy_by_day(sample: list[Attempt]) -> None:
    rows = accuracy_by_day(sample, tz=UTC)
    assert rows == [
        (date(2024, 3, 10), 3, 2 / 3, 2.5 / 3),
        (date(2024, 3, 11), 1, 0.0, 0.25),
        (date(2024, 3, 13), 4, 0.75, 0.75),
    ]
    assert rows[0].day == date(2024, 3, 10) and rows[2].accuracy == 0.75
    # In Japan the 23:30 UTC answer is already on the 14th.
    jst = accuracy_by_day(sample, tz=JST)
    assert [(r.day.day, r.attempts) for r in jst] == [(10, 3), (11, 1), (13, 3), (14, 1)]
    assert jst[2] == (date(2024, 3, 13), 3, 2 / 3, 2 / 3)
    assert accuracy_by_day([], tz=UTC) == []
    # Input order doesn't matter.
    assert accuracy_by_day(reversed(sample), tz=UTC) == rows


def test_breakdown(sample: list[Attempt]) -> None:
    assert breakdown(sample, by="drill") == {
        "call": (2, 0.5, 0.625),
        "nanikiru": (3, 2 / 3, 2.5 / 3),
        "wait": (3, 2 / 3, 2 / 3),
    }
    assert breakdown(sample, by="topic") == {
        "nobetan": (2, 0.5, 0.5),
        "sanmenchan": (1, 1.0, 1.0),
        "shape": (3, 2 / 3, 2.5 / 3),
        "yakuhai": (2, 0.5, 0.625),
    }
    by_shanten = breakdown(sample, by="shanten")
    assert by_shanten == {0: (3, 2 / 3, 2 / 3), 1: (1, 1.0, 1.0), 2: (2, 0.5, 0.75),
                          None: (2, 0.5, 0.625)}
    assert list(by_shanten) == [0, 1, 2, None]
    assert by_shanten[0].attempts == 3
    assert breakdown([], by="drill") == {}
    with pytest.raises(ValueError):
        breakdown(sample, by="colour")


def test_streaks(sample: list[Attempt]) -> None:
    # Order of correctness: T F T F T F T T -> current 2, best 2.
    # Days practised: 10, 11, 13 -> the run ending on the 13th is 1 day.
    assert streaks(sample, today=date(2024, 3, 13), tz=UTC) == (2, 2, 1)
    assert streaks(sample, today=date(2024, 3, 14), tz=UTC) == (2, 2, 1)   # yesterday
    assert streaks(sample, today=date(2024, 3, 15), tz=UTC) == (2, 2, 0)   # broken
    assert streaks(sample, today=date(2024, 3, 12), tz=UTC).days_practised == 2
    # In JST the last answer is on the 14th: 13th + 14th.
    assert streaks(sample, today=date(2024, 3, 14), tz=JST).days_practised == 2
    assert streaks([], today=date(2024, 3, 1), tz=UTC) == (0, 0, 0)


def test_streaks_across_days() -> None:
    seq = [
        (day(1, 9), True), (day(1, 10), True), (day(1, 11), True), (day(1, 12), True),
        (day(2, 9), False),
        (day(3, 9), True), (day(3, 10), True),
        (day(4, 20), True),
        (day(5, 7), True), (day(5, 8), True),
    ]
    attempts = [att(f"s{i}", correct=c, at=t) for i, (t, c) in enumerate(seq)]
    s = streaks(list(reversed(attempts)), today=date(2024, 3, 5), tz=UTC)
    assert s.current_correct == 5 and s.best_correct == 5 and s.days_practised == 5
    assert streaks(attempts[:5], today=date(2024, 3, 2), tz=UTC) == (0, 4, 2)
    # A gap (nothing on the 6th) ends the day streak from the 7th on.
    later = attempts + [att("late", correct=False, at=day(7))]
    assert streaks(later, today=date(2024, 3, 7), tz=UTC) == (0, 5, 1)


def test_missed_problems(sample: list[Attempt]) -> None:
    # b: wrong on the 10th, right on the 13th -> not missed.
    # d (11th) and e (13th) were last answered wrong -> e first.
    missed = missed_problems(sample)
    assert [p["id"] for p in missed] == ["e", "d"]
    assert missed[0] == sample[5].problem
    # Missed again later: listed once, by its latest miss.
    more = sample + [att("d", drill="call", correct=False, at=day(14)),
                     att("g", drill="call", correct=False, at=day(14, 13)),
                     att("c", drill="wait", correct=True, at=day(14, 14))]
    assert [p["id"] for p in missed_problems(more)] == ["g", "d", "e"]
    assert missed_problems(list(reversed(more))) == missed_problems(more)
    assert missed_problems([]) == []


def test_statistics_on_stored_attempts(store: HistoryStore, sample: list[Attempt]) -> None:
    for a in sample:
        store.record(a)
    stored = store.attempts()
    assert accuracy_by_day(stored, tz=UTC) == accuracy_by_day(sample, tz=UTC)
    assert breakdown(stored, by="topic") == breakdown(sample, by="topic")
    assert [p["id"] for p in missed_problems(stored)] == ["e", "d"]
    assert streaks(store.attempts(drill="wait"), today=date(2024, 3, 13), tz=UTC) == (1, 1, 1)


def test_failed_migration_moves_the_old_file_aside(db: Path, monkeypatch) -> None:
    with HistoryStore.open(db) as s:
        s.record(att("v1-row"))

    def to_2(conn: sqlite3.Connection) -> None:
        if conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]:
            conn.execute("UPDATE attempts SET no_such_column = 1")

    monkeypatch.setattr(hist, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(hist.MIGRATIONS, NEXT, to_2)
    with HistoryStore.open(db) as s:
        assert s.recovered is not None and "could not be upgraded" in s.recovered
        assert s.moved_to.exists()
        assert db.with_name(db.name + f".bak-v{SCHEMA_VERSION}").exists()
        assert s.attempts() == []
        assert s.connection.execute("PRAGMA user_version").fetchone()[0] == NEXT
    conn = sqlite3.connect(s.moved_to)                # the old rows are intact
    try:
        assert conn.execute("SELECT problem_id FROM attempts").fetchall() == [("v1-row",)]
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()
