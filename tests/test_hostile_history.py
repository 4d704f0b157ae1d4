"""A history with damaged rows, stray bytes, stale temporary files or on a read-only disk:
damaged rows are skipped and counted, the rest is shown, saving keeps working, and only a
file SQLite itself rejects is moved aside (issue 14, items 4, 5, 11)."""
from __future__ import annotations

import os
import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjgui.drills import history as hist
from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.problems import Problem, ProblemSetError, starter_set
from mjgui.drills.review import ReviewQueue
from mjgui.drills.session import DrillSession

UTC = timezone.utc
T0 = datetime(2024, 3, 10, 12, 0, tzinfo=UTC)
STARTER = starter_set()
NANIKIRU = [p for p in STARTER.problems if p.drill == "nanikiru"]


def attempt(pid: str, correct: bool = True, minutes: int = 0) -> Attempt:
    return Attempt(problem_id=pid, drill="nanikiru", topic="any", shanten=1,
                   problem={"id": pid, "kind": "nanikiru"}, pick="1m", correct=correct,
                   score=1.0 if correct else 0.0, seconds=3.0,
                   answered_at=T0 + timedelta(minutes=minutes))


def damage(path: Path, *statements: str) -> None:
    """Write rows the app never would (bypassing the CHECK constraints), as a stray
    byte or another program might."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = 1")
    for sql in statements:
        conn.execute(sql)
    conn.close()


DAMAGES = {
    "bad date": "UPDATE attempts SET answered_at = 'yesterday-ish' WHERE problem_id = 'p1'",
    "empty id": "UPDATE attempts SET problem_id = '' WHERE problem_id = 'p1'",
    "text score": "UPDATE attempts SET score = 'abc' WHERE problem_id = 'p1'",
    "text shanten": "UPDATE attempts SET shanten = 'two' WHERE problem_id = 'p1'",
    "blob pick": "UPDATE attempts SET pick = x'00ff' WHERE problem_id = 'p1'",
    "bad utf-8": "UPDATE attempts SET theme = CAST(x'ff61' AS TEXT) WHERE problem_id = 'p1'",
    "bad correct": "UPDATE attempts SET correct = 7 WHERE problem_id = 'p1'",
}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "history.sqlite"
    with HistoryStore.open(path) as store:
        for i in range(4):
            store.record(attempt(f"p{i}", correct=i != 2, minutes=i))
    return path


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_row_is_skipped_and_counted(db, kind):
    damage(db, DAMAGES[kind])
    with HistoryStore.open(db) as store:
        assert store.moved_to is None                      # SQLite accepts the file: kept
        attempts, skipped = store.read_attempts()
        assert [a.problem_id for a in attempts] == ["p0", "p2", "p3"] and skipped == 1
        assert [a.problem_id for a in store.attempts()] == ["p0", "p2", "p3"]
        store.record(attempt("p9", minutes=10))            # saving keeps working
        assert store.read_attempts()[1] == 1 and store.count() == 5


REVIEW_DAMAGES = {
    "NaN stability": ("UPDATE review SET stability = ? WHERE problem_id = 'p2'", (float("nan"),)),
    "negative stability": ("UPDATE review SET stability = -3.5 WHERE problem_id = 'p2'", ()),
    "infinite stability": ("UPDATE review SET stability = 9e999 WHERE problem_id = 'p2'", ()),
    "JSON in a card column": ("UPDATE review SET stability = '{\"s\": 2.5}' WHERE problem_id = 'p2'", ()),
    "garbage in a card column": ("UPDATE review SET difficulty = '{not json' WHERE problem_id = 'p2'", ()),
    "difficulty out of range": ("UPDATE review SET difficulty = 42 WHERE problem_id = 'p2'", ()),
    "unknown state": ("UPDATE review SET state = 7 WHERE problem_id = 'p2'", ()),
    "text state": ("UPDATE review SET state = 'review' WHERE problem_id = 'p2'", ()),
    "negative step": ("UPDATE review SET step = -1 WHERE problem_id = 'p2'", ()),
    "bad due date": ("UPDATE review SET due_at = 'soon' WHERE problem_id = 'p2'", ()),
    "bad last review": ("UPDATE review SET last_review = 'never' WHERE problem_id = 'p2'", ()),
    "garbage problem JSON": ("UPDATE review SET problem = '{not json' WHERE problem_id = 'p2'", ()),
    "problem not an object": ("UPDATE review SET problem = '[1, 2]' WHERE problem_id = 'p2'", ()),
    "text lapses": ("UPDATE review SET lapses = 'many' WHERE problem_id = 'p2'", ()),
    "unknown drill": ("UPDATE review SET drill = 'mahjong' WHERE problem_id = 'p2'", ()),
}


@pytest.mark.parametrize("kind", list(REVIEW_DAMAGES))
def test_a_damaged_review_row_is_skipped_counted_and_repaired(db, kind):
    sql, params = REVIEW_DAMAGES[kind]
    conn = sqlite3.connect(str(db), isolation_level=None)
    conn.execute(sql, params)
    # and a second, made-up row whose card is garbage throughout
    conn.execute("INSERT INTO review (problem_id, drill, problem, state, step, stability, due_at, "
                 "last_answered_at) VALUES ('q', 'nanikiru', '{}', 2, 'x', 'y', 'z', 'never')")
    conn.close()
    with HistoryStore.open(db) as store:
        assert store.moved_to is None
        queue = ReviewQueue(store)
        now = T0 + timedelta(days=30)
        assert queue.items(now) == [] and queue.due(now) == []       # no exception
        assert queue.counts(now) == {"due": 0, "learning": 0, "total": 0, "damaged": 2}
        assert queue.item("p2") is None and queue.next_due(T0) is None
        store.record(attempt("p2", correct=False, minutes=60))       # starts its card over
        item = queue.item("p2")
        assert (item.state, item.due_at) == ("learning", T0 + timedelta(minutes=60))
        assert [i.problem_id for i in queue.items(now)] == ["p2"]
        assert queue.counts(now)["damaged"] == 1
        store.record(attempt("q", correct=True, minutes=61))         # a right answer too
        assert queue.item("q").state == "review" and queue.counts(now)["damaged"] == 0
        assert queue.rebuild() == 1                                   # q was never missed


def test_invalid_utf8_does_not_claim_saving_is_off(db):
    damage(db, DAMAGES["bad utf-8"])
    with HistoryStore.open(db) as store:
        attempts, skipped = store.read_attempts()
        assert skipped == 1 and len(attempts) == 3


def test_a_damaged_row_does_not_stop_a_session_from_saving(db):
    damage(db, DAMAGES["bad date"])
    with HistoryStore.open(db) as store:
        session = DrillSession("nanikiru", NANIKIRU[:3], mode="set", store=store)
        for _ in range(3):
            session.answer(session.current().best[0])
            if not session.is_last:
                session.next()
        assert session.store_error is None and store.count() == 7


# ---- item 4: text that cannot be encoded ---------------------------------------------

@pytest.mark.parametrize("field", ["id", "note", "theme"])
def test_a_problem_with_a_lone_surrogate_cannot_be_made(field):
    data = dict(NANIKIRU[0].to_json(), **{field: "x\ud800"})
    with pytest.raises(ProblemSetError, match="not valid text"):
        Problem.from_json(data)
    with pytest.raises(ProblemSetError, match="not valid text"):
        Problem(**{{"from": "from_seat", "kind": "drill", "theme": "topic"}.get(k, k): (tuple(v) if isinstance(v, list) else v)
                   for k, v in data.items()})


def test_an_attempt_with_a_lone_surrogate_is_refused_clearly():
    with pytest.raises(ValueError, match="not valid text"):
        Attempt(problem_id="x\ud800", drill="nanikiru", topic="", shanten=None, problem={},
                pick="1m", correct=True, score=1.0, seconds=1.0, answered_at=T0)
    with pytest.raises(ValueError, match="not valid text"):
        attempt("p").__class__(**{**attempt("p").__dict__, "problem": {"note": "\udcff"}})


def test_one_answer_that_cannot_be_saved_does_not_stop_the_others(db, monkeypatch):
    with HistoryStore.open(db) as store:
        real = store.record
        calls = []

        def flaky(a):
            calls.append(a)
            if len(calls) == 1:
                raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
            return real(a)
        monkeypatch.setattr(store, "record", flaky)
        session = DrillSession("nanikiru", NANIKIRU[:3], mode="set", store=store,
                               set_name="title \ud800")
        for _ in range(3):
            session.answer(session.current().best[0])
            if not session.is_last:
                session.next()
        assert store.count() == 6                         # the 2nd and 3rd answers are saved
        assert session.store is store
        assert "could not be saved" in session.store_error
        assert all(a.set_name == "title \\ud800" for a in calls)


# ---- item 11: stale temporary files, read-only disks ---------------------------------

def _age(path: Path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t), follow_symlinks=False)


def test_stale_temporaries_of_a_killed_creation_are_cleaned(tmp_path):
    path = tmp_path / "history.sqlite"
    stale_empty = tmp_path / ".history.sqlite.abcd1234.tmp"
    stale_empty.write_bytes(b"")
    stale_db = tmp_path / ".history.sqlite.k9_x0zzq.tmp"
    stale_db.write_bytes(b"SQLite format 3\x00" + bytes(100))
    stale_journal = tmp_path / ".history.sqlite.k9_x0zzq.tmp-journal"
    stale_journal.write_bytes(b"\xd9\xd5\x05\xf9")
    fresh = tmp_path / ".history.sqlite.fresh123.tmp"     # maybe another instance, right now
    fresh.write_bytes(b"")
    foreign = tmp_path / ".history.sqlite.mynotes1.tmp"   # same pattern, not a database
    foreign.write_text("my notes")
    link = tmp_path / ".history.sqlite.symlink1.tmp"
    link.symlink_to(foreign)
    other = tmp_path / ".other.sqlite.abcd1234.tmp"
    other.write_bytes(b"")
    for p in (stale_empty, stale_db, stale_journal, foreign, link, other):
        _age(p, 3600)
    with HistoryStore.open(path):
        pass
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["history.sqlite", fresh.name, foreign.name, link.name, other.name])


def _readonly(monkeypatch):
    def refuse(conn):
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode = 8      # SQLITE_READONLY, as on a read-only mount
        raise error
    monkeypatch.setattr(hist, "_probe_writable", refuse)


def test_a_good_history_on_a_read_only_disk_is_shown_with_saving_off(db, monkeypatch):
    _readonly(monkeypatch)
    store = HistoryStore.open(db)
    try:
        assert store.read_only and store.moved_to is None
        assert "saving is off" in store.notice and store.notice_ja
        assert [a.problem_id for a in store.attempts()] == ["p0", "p1", "p2", "p3"]
        assert ReviewQueue(store).counts(T0)["total"] == 1
        with pytest.raises(HistoryError, match="saving is off"):
            store.record(attempt("p9"))
        session = DrillSession("nanikiru", NANIKIRU[:1], store=store)
        session.answer(NANIKIRU[0].best[0])
        assert "saving is off" in session.store_error
    finally:
        store.close()
    with sqlite3.connect(str(db)) as conn:
        assert conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 4


def test_read_only_does_not_hide_a_damaged_file(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"not a database at all" * 10)
    with HistoryStore.open(path) as store:             # moved aside as before
        assert store.moved_to is not None and not store.read_only


# ---- issue 26: a WAL history on a read-only disk, clocks, the primary keys ---------------------

def test_a_wal_history_without_its_shm_is_read_without_writing_beside_it(db, monkeypatch):
    """issue 26, item 6: a closed WAL-mode history has no -shm; on a read-only disk none can be
    made, so a plain mode=ro open fails there.  The read-only open must not need one: it
    writes nothing beside the file (tests run as root, where only this shows the difference)."""
    assert db.read_bytes()[18:20] == b"\x02\x02"          # the header's WAL mode
    before = sorted(p.name for p in db.parent.iterdir())
    assert not any(name.endswith(("-shm", "-wal")) for name in before)
    _readonly(monkeypatch)
    store = HistoryStore.open(db)
    try:
        assert store.read_only
        assert [a.problem_id for a in store.attempts()] == ["p0", "p1", "p2", "p3"]
        assert sorted(p.name for p in db.parent.iterdir()) == before
    finally:
        store.close()
    assert sorted(p.name for p in db.parent.iterdir()) == before


def test_a_clock_set_ahead_once_does_not_freeze_a_card(tmp_path):
    """issue 26, item 13: a miss recorded under a clock at 9999-12-31 put its card due in
    9999; later right answers (the clock put right) were ignored.  The card is due now, and a
    right answer grades it."""
    far = datetime(9999, 12, 31, 12, 0, tzinfo=UTC)
    with HistoryStore.open(tmp_path / "h.sqlite") as store:
        store.record(Attempt(problem_id="p", drill="nanikiru", topic="any", shanten=1,
                             problem={"id": "p", "kind": "nanikiru"}, pick="1m", correct=False,
                             score=0.0, seconds=3.0, answered_at=far))
        queue = ReviewQueue(store)
        assert queue.item("p").due_at.year == 9999
        assert queue.counts(T0)["due"] == 1                   # due now, not in 9999
        store.record(attempt("p", correct=True))              # at T0
        item = queue.item("p")
        assert item.card.last_review == T0 and T0 < item.due_at < T0 + timedelta(days=400)


def test_an_answer_that_cannot_be_scheduled_is_a_history_error(tmp_path):
    """issue 26, item 13: a right answer due after a miss, at a time so far ahead that no due
    time can follow, raised ValueError; it is a HistoryError the app shows."""
    far = datetime(9999, 12, 31, 12, 0, tzinfo=UTC)
    with HistoryStore.open(tmp_path / "h.sqlite") as store:
        store.record(Attempt(problem_id="p", drill="nanikiru", topic="any", shanten=1,
                             problem={"id": "p", "kind": "nanikiru"}, pick="1m", correct=False,
                             score=0.0, seconds=3.0, answered_at=far))
        late = Attempt(problem_id="p", drill="nanikiru", topic="any", shanten=1,
                       problem={"id": "p", "kind": "nanikiru"}, pick="1m", correct=True,
                       score=1.0, seconds=20.0, answered_at=far + timedelta(minutes=1))
        with pytest.raises(HistoryError, match="clock"):
            store.record(late)
        assert [a.correct for a in store.attempts()] == [False]        # nothing half saved


@pytest.mark.parametrize("table, create", [
    ("games", "CREATE TABLE games (game_id TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, "
              "format TEXT NOT NULL, title TEXT NOT NULL, reviewed_at TEXT NOT NULL, "
              "decisions INTEGER NOT NULL, agreed INTEGER NOT NULL, loss_points REAL NOT NULL, "
              "loss_ukeire REAL NOT NULL, loss_calls REAL NOT NULL, shape INTEGER NOT NULL, "
              "value INTEGER NOT NULL, calls INTEGER NOT NULL)"),
])
def test_a_table_without_its_primary_key_is_refused(db, table, create):
    """issue 26, item 13: a games table without its primary key stored the same game twice
    (Stats: 7 games, 9223372036854775867 decisions); such a file is not an mjgui history."""
    with sqlite3.connect(str(db)) as conn:
        conn.execute(f"DROP TABLE {table}")
        conn.execute(create)
    with HistoryStore.open(db) as store:
        assert store.moved_to is not None and "tables are not those" in (store.recovered or "")


def test_game_counts_are_bounded():
    from mjgui.drills.games_table import GameSummary
    with pytest.raises(ValueError, match="decisions must be a whole number"):
        GameSummary(game_id="g", seat=0, player="A", format="mjlog", title="", reviewed_at=T0,
                    decisions=2 ** 63 - 1, agreed=0)
