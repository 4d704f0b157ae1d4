"""Spaced repetition of missed problems: Leitner boxes with an injected clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.review import INTERVALS, RETIRED_BOX, ReviewQueue, next_state

UTC = timezone.utc
T0 = datetime(2024, 4, 1, 20, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def att(pid: str, correct: bool, at: datetime, drill: str = "nanikiru", **extra) -> Attempt:
    problem = {"id": pid, "kind": drill, "hand": "234m567p11s", "theme": "t", "shanten": 0}
    problem.update(extra)
    return Attempt(problem_id=pid, drill=drill, theme="t", shanten=0, problem=problem,
                   pick="9p", correct=correct, score=1.0 if correct else 0.0,
                   seconds=3.0, answered_at=at)


@pytest.fixture
def store(tmp_path: Path):
    with HistoryStore.open(tmp_path / "history.db") as s:
        yield s


@pytest.fixture
def queue(store: HistoryStore) -> ReviewQueue:
    return ReviewQueue(store)


def test_intervals_are_as_documented() -> None:
    assert RETIRED_BOX == 6
    assert INTERVALS == {1: timedelta(0), 2: DAY, 3: 3 * DAY, 4: 7 * DAY, 5: 14 * DAY}


def test_next_state_rule() -> None:
    t = T0
    assert next_state(None, None, False, t) == (1, t)             # first miss: box 1, now
    assert next_state(None, None, True, t) is None                 # never missed: no entry
    assert next_state(1, t, True, t) == (2, t + DAY)
    assert next_state(2, t, True, t) == (3, t + 3 * DAY)
    assert next_state(3, t, True, t) == (4, t + 7 * DAY)
    assert next_state(4, t, True, t) == (5, t + 14 * DAY)
    assert next_state(5, t, True, t) == (RETIRED_BOX, None)
    assert next_state(3, t + DAY, True, t) is None                 # early: no change
    assert next_state(4, t + DAY, False, t) == (1, t)              # a miss always resets
    assert next_state(RETIRED_BOX, None, True, t) is None
    assert next_state(RETIRED_BOX, None, False, t) == (1, t)


def test_a_miss_is_due_immediately(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p1", False, T0))
    assert queue.due(now=T0 - timedelta(seconds=1)) == []
    assert [p["id"] for p in queue.due(now=T0)] == ["p1"]
    item = queue.item("p1")
    assert (item.box, item.due_at, item.lapses, item.reviews) == (1, T0, 1, 0)
    assert item.due_at.tzinfo is not None
    assert queue.counts(now=T0) == {"due": 1, "learning": 1, "retired": 0, "total": 1}


def test_correct_answers_never_missed_stay_out(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("good", True, T0))
    assert queue.item("good") is None
    assert queue.due(now=T0 + 100 * DAY) == []
    assert queue.counts(now=T0) == {"due": 0, "learning": 0, "retired": 0, "total": 0}


def test_full_schedule_to_retirement(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    t = T0 + timedelta(minutes=1)
    expected = [(2, DAY), (3, 3 * DAY), (4, 7 * DAY), (5, 14 * DAY)]
    for box, interval in expected:
        store.record(att("p", True, t))
        item = queue.item("p")
        assert (item.box, item.due_at) == (box, t + interval)
        # Not due just before, due exactly at the due time.
        assert queue.due(now=t + interval - timedelta(seconds=1)) == []
        assert [p["id"] for p in queue.due(now=t + interval)] == ["p"]
        t = t + interval + timedelta(hours=2)                # reviewed a bit late
    store.record(att("p", True, t))
    item = queue.item("p")
    assert item.box == RETIRED_BOX and item.retired and item.due_at is None
    assert (item.lapses, item.reviews) == (1, 5)
    assert queue.due(now=t + 1000 * DAY) == []
    assert queue.counts(now=t) == {"due": 0, "learning": 0, "retired": 1, "total": 1}
    assert queue.next_due(now=t) is None


def test_early_correct_answer_changes_nothing(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    store.record(att("p", True, T0 + timedelta(minutes=5)))      # box 2, due T0+5min+1d
    before = queue.item("p")
    store.record(att("p", True, T0 + timedelta(hours=3)))        # too early
    assert queue.item("p") == before
    store.record(att("p", True, before.due_at))                  # on time
    assert queue.item("p").box == 3


def test_a_miss_sends_it_back_to_box_1(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    store.record(att("p", True, T0 + timedelta(minutes=1)))                  # box 2
    store.record(att("p", True, T0 + 2 * DAY))                               # box 3
    assert queue.item("p").box == 3
    # Missed in a normal drill before the review came due: back to box 1, due now.
    miss_at = T0 + 3 * DAY
    store.record(att("p", False, miss_at, version=2))
    item = queue.item("p")
    assert (item.box, item.due_at, item.lapses, item.reviews) == (1, miss_at, 2, 3)
    assert item.problem["version"] == 2                        # latest problem kept
    assert queue.due(now=miss_at) == [item.problem]


def test_a_retired_problem_missed_again_comes_back(store: HistoryStore,
                                                   queue: ReviewQueue) -> None:
    t = T0
    store.record(att("p", False, t))
    for interval in (timedelta(0), DAY, 3 * DAY, 7 * DAY, 14 * DAY):
        t = t + interval
        store.record(att("p", True, t))
    assert queue.item("p").retired
    store.record(att("p", False, t + 60 * DAY))
    item = queue.item("p")
    assert (item.box, item.due_at, item.lapses) == (1, t + 60 * DAY, 2)
    assert queue.counts(now=t + 60 * DAY)["due"] == 1


def test_due_order_limit_and_drill_filter(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("w1", False, T0 + timedelta(hours=2), drill="wait"))
    store.record(att("n1", False, T0, drill="nanikiru"))
    store.record(att("c1", False, T0 + timedelta(hours=1), drill="call"))
    store.record(att("n2", False, T0 + timedelta(hours=3), drill="nanikiru"))
    store.record(att("n2", True, T0 + timedelta(hours=4)))       # box 2, due +1 day
    now = T0 + timedelta(hours=5)
    assert [p["id"] for p in queue.due(now=now)] == ["n1", "c1", "w1"]   # most overdue first
    assert [p["id"] for p in queue.due(now=now, limit=2)] == ["n1", "c1"]
    assert queue.due(now=now, limit=0) == []
    assert [p["id"] for p in queue.due(now=now, drill="nanikiru")] == ["n1"]
    assert [p["id"] for p in queue.due(now=now + DAY)] == ["n1", "c1", "w1", "n2"]
    assert queue.counts(now=now) == {"due": 3, "learning": 4, "retired": 0, "total": 4}
    assert queue.counts(now=now, drill="nanikiru") == {
        "due": 1, "learning": 2, "retired": 0, "total": 2}
    assert queue.boxes() == {1: 3, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0}
    assert queue.next_due(now=now) == T0 + timedelta(hours=4) + DAY
    # Due items carry the full problem dict, ready to replay.
    assert queue.due(now=now)[0] == att("n1", False, T0).problem
    # Local-time "now" is the same instant.
    jst = timezone(timedelta(hours=9))
    assert queue.due(now=now.astimezone(jst)) == queue.due(now=now)
    with pytest.raises(ValueError):
        queue.due(now=datetime(2024, 4, 2))


def test_queue_persists_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    with HistoryStore.open(path) as s:
        s.record(att("a", False, T0))
        s.record(att("b", False, T0))
        s.record(att("b", True, T0 + timedelta(minutes=1)))
    with HistoryStore.open(path) as s:
        q = ReviewQueue(s)
        assert q.item("a").box == 1 and q.item("b").box == 2
        assert [p["id"] for p in q.due(now=T0 + timedelta(hours=1))] == ["a"]


def test_rebuild_matches_incremental_updates(store: HistoryStore, queue: ReviewQueue) -> None:
    events = [("a", False, 0), ("b", False, 1), ("a", True, 2), ("c", True, 3),
              ("a", True, 2 * 24 * 60), ("b", True, 2 * 24 * 60), ("b", False, 3 * 24 * 60),
              ("d", False, 3 * 24 * 60 + 1)]
    for pid, ok, minutes in events:
        store.record(att(pid, ok, T0 + timedelta(minutes=minutes)))
    before = {pid: queue.item(pid) for pid in "abcd"}
    store.connection.execute("DELETE FROM review")               # lose the table contents
    assert queue.counts(now=T0)["total"] == 0
    assert queue.rebuild() == 3
    assert {pid: queue.item(pid) for pid in "abcd"} == before
    assert before["c"] is None and before["a"].box == 3 and before["b"].box == 1


def test_remove(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    assert queue.remove("p") is True
    assert queue.remove("p") is False
    assert queue.due(now=T0 + DAY) == []
    store.record(att("p", False, T0 + DAY))                      # missed again: back
    assert queue.item("p").box == 1


def test_partial_credit_does_not_count_as_correct(store: HistoryStore,
                                                  queue: ReviewQueue) -> None:
    a = att("p", False, T0)
    store.record(Attempt(**{**a.__dict__, "score": 0.9, "id": None}))
    assert queue.item("p").box == 1


def test_closed_store(tmp_path: Path) -> None:
    s = HistoryStore.open(tmp_path / "h.db")
    q = ReviewQueue(s)
    s.close()
    with pytest.raises(HistoryError):
        q.due(now=T0)
    with pytest.raises(TypeError):
        ReviewQueue(object())  # type: ignore[arg-type]
