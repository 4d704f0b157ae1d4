"""Property tests (hypothesis): random text and bytes into the hand text form, problem
sets and the history store give a valid result or a clear error — a ValueError subclass
(TileError, ProblemSetError) whose message is printable — never another exception.

HYPOTHESIS_PROFILE=long runs many more examples (see tests/fuzz/README.md)."""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.problems import ProblemSetError, parse_set, starter_set
from mjgui.hand import Hand, Meld
from mjgui.tiles import TileError, Tile, parse_tenhou_url, parse_tiles

settings.register_profile("default", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=20_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

STARTER = starter_set()
GOOD = [p.to_json() for p in STARTER.problems[:3]]

# text near the notation, so the parsers get past their first character
NEAR_MPSZ = st.text(alphabet="0123456789mpsz *:@LARchiponkadoravisbletwESWN-\t\U0001F000\U0001F021\ud800é",
                    max_size=60)
ANY_TEXT = st.one_of(NEAR_MPSZ, st.text(max_size=80))


def clear(error: Exception) -> None:
    """A clear error: a ValueError with a message that can be printed as UTF-8."""
    assert isinstance(error, ValueError), repr(error)
    message = str(error)
    assert message
    message.encode("utf-8")


@given(ANY_TEXT)
def test_tile_text(text):
    for parse in (parse_tiles, Tile.from_name, Meld.parse, parse_tenhou_url):
        try:
            parse(text)
        except TileError as error:
            clear(error)


@given(ANY_TEXT)
def test_hand_text_form(text):
    try:
        hand = Hand.parse(text)
    except TileError as error:
        clear(error)
        return
    assert Hand.parse(str(hand)) == hand          # what the app writes back reads the same


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4),
                    max_leaves=20)
KEYS = ["id", "kind", "hand", "melds", "dora", "visible", "round", "seat", "turn", "theme",
        "discarded", "from", "answer", "note", "shanten", "best", "difficulty", "other"]


def check_set(data) -> None:
    try:
        result = parse_set(data)
    except ProblemSetError as error:
        clear(error)
        return
    assert all(p.id for p in result.problems)


@given(st.binary(max_size=300))
def test_problem_set_from_random_bytes(data):
    check_set(data)


@given(st.integers(0, 2), st.sampled_from(KEYS), JSON, st.sampled_from(["title", "version", "format", None]),
       JSON)
def test_problem_set_with_a_random_value(index, key, value, head_key, head_value):
    problems = [dict(p) for p in GOOD]
    problems[index][key] = value
    data = {"format": "mjgui-problems", "version": 1, "title": "t", "problems": problems}
    if head_key:
        data[head_key] = head_value
    check_set(json.dumps(data))
    text = json.dumps(data)
    cut = len(text) * index // 3                 # and a truncated file
    check_set(text[:cut])


@given(st.binary(max_size=600))
@settings(max_examples=60)
def test_history_file_of_random_bytes(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite"
        path.write_bytes(b"SQLite format 3\x00" + data if data[:1] == b"\x00" else data)
        try:
            store = HistoryStore.open(path)
        except HistoryError as error:
            assert str(error)
            return
        with store:
            store.attempts()
            store.record(_attempt("p"))


CELL = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1), st.floats(), st.text(max_size=12),
                 st.binary(max_size=6), st.sampled_from(["2024-01-01T00:00:00+00:00", "nanikiru", "wait"]))
COLUMNS = ["problem_id", "drill", "theme", "shanten", "problem", "pick", "correct", "score",
           "seconds", "answered_at", "set_name"]


def _attempt(pid: str) -> Attempt:
    return Attempt(problem_id=pid, drill="nanikiru", topic="any", shanten=1, problem={"id": pid},
                   pick="1m", correct=True, score=1.0, seconds=1.0,
                   answered_at=datetime(2024, 1, 1, tzinfo=timezone.utc))


@given(st.lists(st.fixed_dictionaries({c: CELL for c in COLUMNS}), min_size=1, max_size=5),
       st.binary(max_size=8))
@settings(max_examples=60)
def test_history_rows_of_random_values(rows, stray):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite"
        with HistoryStore.open(path) as store:
            store.record(_attempt("good"))
        conn = sqlite3.connect(str(path), isolation_level=None)
        conn.execute("PRAGMA ignore_check_constraints = 1")
        for row in rows:
            conn.execute(f"INSERT OR IGNORE INTO attempts ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
                         [row[c] for c in COLUMNS])
        for i, row in enumerate(rows):      # review rows of the same random cells
            conn.execute("INSERT OR IGNORE INTO review (problem_id, drill, problem, source, added_at, "
                         "state, step, stability, difficulty, due_at, last_review, lapses, reviews, "
                         "last_answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         ["good" if i == 0 else row["problem_id"], row["drill"], row["problem"],
                          row["pick"], row["set_name"], row["shanten"], row["correct"], row["score"],
                          row["seconds"], row["answered_at"], row["theme"], row["correct"],
                          row["shanten"], row["answered_at"]])
        queued = conn.execute("SELECT COUNT(*) FROM review").fetchone()[0]
        conn.execute("UPDATE attempts SET theme = CAST(? AS TEXT) WHERE id = 1", [stray])
        stored = conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]    # NOT NULL rows refused
        conn.close()
        from mjgui.drills.review import ReviewQueue
        with HistoryStore.open(path) as store:
            attempts, skipped = store.read_attempts()
            assert len(attempts) + skipped == stored
            queue = ReviewQueue(store)
            queue.items()
            counts = queue.counts()
            assert counts["total"] + counts["damaged"] == queued
            queue.next_due()
            store.record(_attempt("good"))          # saving keeps working
            assert store.read_attempts()[1] == skipped
            queue.rebuild()
            assert queue.counts()["damaged"] == 0
