"""The review queue: FSRS cards through the history's API, with an injected clock.

Numbers are checked against the FSRS-6 formulas written out in `fsrs_reference`; the
behaviour (a miss is due at once, right answers push a card out further and further, a
lapse brings it back with a shorter interval) against the rule in `mjgui.drills.review`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
import pytest

import fsrs_reference as ref
from mjgui.drills import schedule
from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.problems import ProblemSetError, starter_set
from mjgui.drills.review import ReviewQueue
from mjgui.drills.schedule import AGAIN, EASY, GOOD, HARD

ROOT = Path(__file__).resolve().parents[1]
UTC = timezone.utc
T0 = datetime(2024, 4, 1, 20, 0, tzinfo=UTC)
DAY = timedelta(days=1)
MINUTE = timedelta(minutes=1)
# nanikiru pace: fast <= 8 s, slow > 45 s
GOOD_SECONDS, EASY_SECONDS, SLOW_SECONDS = 20.0, 3.0, 50.0


def att(pid: str, correct: bool, at: datetime, drill: str = "nanikiru",
        seconds: float = GOOD_SECONDS, score: float | None = None, **extra) -> Attempt:
    problem = {"id": pid, "kind": drill, "hand": "234m567p11s", "theme": "t", "shanten": 0}
    problem.update(extra)
    return Attempt(problem_id=pid, drill=drill, topic="t", shanten=0, problem=problem,
                   pick="9p", correct=correct,
                   score=(1.0 if correct else 0.0) if score is None else score,
                   seconds=seconds, answered_at=at)


@pytest.fixture
def store(tmp_path: Path):
    with HistoryStore.open(tmp_path / "history.db") as s:
        yield s


@pytest.fixture
def queue(store: HistoryStore) -> ReviewQueue:
    return ReviewQueue(store)


def interval(queue: ReviewQueue, pid: str) -> timedelta:
    item = queue.item(pid)
    return item.due_at - item.card.last_review


# ---- the grade of an answer --------------------------------------------------------------

@pytest.mark.parametrize("correct, score, seconds, kind, grade", [
    (False, 0.0, 3.0, "nanikiru", AGAIN),
    (False, 0.95, 3.0, "nanikiru", AGAIN),       # partial credit of a wrong answer: still a miss
    (False, 0.0, 500.0, "score", AGAIN),
    (True, 1.0, 3.0, "nanikiru", EASY),
    (True, 1.0, 8.0, "nanikiru", EASY),          # fast: at most 8 s
    (True, 1.0, 8.5, "nanikiru", GOOD),
    (True, 1.0, 45.0, "nanikiru", GOOD),         # slow: more than 45 s
    (True, 1.0, 45.5, "nanikiru", HARD),
    (True, 0.8, 3.0, "nanikiru", HARD),          # right with partial credit
    (True, 1.0, 7.0, "call", GOOD),              # a call is fast within 6 s
    (True, 1.0, 31.0, "call", HARD),
    (True, 1.0, 15.0, "score", EASY),            # a score hand within 20 s
    (True, 1.0, 100.0, "score", GOOD),
    (True, 1.0, 121.0, "score", HARD),
    (True, 1.0, 10.0, "wait", EASY),
    (True, 1.0, 61.0, "wait", HARD),
])
def test_rating_of_an_answer(correct, score, seconds, kind, grade) -> None:
    assert schedule.rating(correct, score, seconds, kind) == grade


def test_our_ratings_and_states_are_fsrs_ones() -> None:
    assert (AGAIN, HARD, GOOD, EASY) == tuple(fsrs.Rating)
    assert (schedule.LEARNING, schedule.REVIEW, schedule.RELEARNING) == (
        fsrs.State.Learning, fsrs.State.Review, fsrs.State.Relearning)


def test_fsrs_is_imported_only_when_an_answer_is_scheduled() -> None:
    code = ("import sys\n"
            "import mjgui.drills.history, mjgui.drills.review, mjgui.drills.session\n"
            "import mjgui.ui.stats_page, mjgui.ui.drill_page\n"
            "print('fsrs' in sys.modules)\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


# ---- the schedule --------------------------------------------------------------------------

def test_a_miss_is_due_at_once(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p1", False, T0))
    assert queue.due(now=T0 - timedelta(seconds=1)) == []
    assert [p["id"] for p in queue.due(now=T0)] == ["p1"]
    item = queue.item("p1")
    assert (item.state, item.due_at, item.lapses, item.reviews) == ("learning", T0, 1, 1)
    assert item.due_at.tzinfo is not None
    assert item.stability == pytest.approx(ref.initial_stability(AGAIN))
    assert item.card.difficulty == pytest.approx(ref.initial_difficulty(AGAIN))
    assert queue.counts(now=T0) == {"due": 1, "learning": 1, "total": 1, "damaged": 0}


def test_numbers_follow_the_fsrs_formulas(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    s, d = ref.initial_stability(AGAIN), ref.initial_difficulty(AGAIN)
    # right a minute later (the same day): short-term stability, then days
    t = T0 + MINUTE
    store.record(att("p", True, t))
    s, d = ref.same_day_stability(s, GOOD), ref.next_difficulty(d, GOOD)
    item = queue.item("p")
    assert item.state == "review"
    assert (item.stability, item.card.difficulty) == (pytest.approx(s), pytest.approx(d))
    days = ref.interval_days(s)
    assert days == 1 and item.due_at == t + days * DAY
    # right again when due: long-term recall stability at the retrievability after `days`
    last, t = t, item.due_at
    store.record(att("p", True, t))
    s = ref.recall_stability(d, s, ref.retrievability((t - last).days, s), GOOD)
    d = ref.next_difficulty(d, GOOD)
    item = queue.item("p")
    assert (item.stability, item.card.difficulty) == (pytest.approx(s), pytest.approx(d))
    assert item.due_at == t + ref.interval_days(s) * DAY
    # missed when due: forget stability, relearning, due at once
    last, t = t, item.due_at
    store.record(att("p", False, t))
    s = ref.forget_stability(d, s, ref.retrievability((t - last).days, s))
    d = ref.next_difficulty(d, AGAIN)
    item = queue.item("p")
    assert (item.state, item.due_at, item.lapses, item.reviews) == ("relearning", t, 2, 4)
    assert (item.stability, item.card.difficulty) == (pytest.approx(s), pytest.approx(d))


def test_right_answers_when_due_push_the_card_further(store: HistoryStore,
                                                      queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    t = T0 + MINUTE
    store.record(att("p", True, t))
    intervals = [interval(queue, "p")]
    for _ in range(5):
        t = queue.item("p").due_at + timedelta(hours=2)        # reviewed a bit late
        store.record(att("p", True, t))
        intervals.append(interval(queue, "p"))
    assert intervals[0] >= DAY
    assert all(b > a for a, b in zip(intervals, intervals[1:])), intervals
    assert intervals[-1] > 30 * DAY
    # never leaves the queue: due again (rarely), not retired
    last = queue.item("p")
    assert queue.due(now=last.due_at) == [last.problem]
    assert queue.next_due(now=t) == last.due_at


def test_a_lapse_brings_it_back_with_a_shorter_interval(store: HistoryStore,
                                                        queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    t = T0 + MINUTE
    store.record(att("p", True, t))
    for _ in range(3):
        t = queue.item("p").due_at
        store.record(att("p", True, t))
    before = interval(queue, "p")
    miss_at = queue.item("p").due_at
    store.record(att("p", False, miss_at, version=2))
    item = queue.item("p")
    assert (item.state, item.due_at, item.lapses) == ("relearning", miss_at, 2)
    assert item.problem["version"] == 2                        # latest problem kept
    store.record(att("p", True, miss_at + MINUTE))
    assert queue.item("p").state == "review"
    assert DAY <= interval(queue, "p") < before


def test_a_miss_before_the_due_time_counts_too(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    store.record(att("p", True, T0 + MINUTE))
    due = queue.item("p").due_at
    store.record(att("p", False, due - timedelta(hours=5)))   # missed in a normal drill
    assert queue.item("p").due_at == due - timedelta(hours=5)
    assert queue.item("p").lapses == 2


def test_grades_order_the_interval(store: HistoryStore, queue: ReviewQueue) -> None:
    for pid, seconds in (("hard", SLOW_SECONDS), ("good", GOOD_SECONDS), ("easy", EASY_SECONDS)):
        store.record(att(pid, False, T0))
        store.record(att(pid, True, T0 + MINUTE))
        store.record(att(pid, True, queue.item(pid).due_at, seconds=seconds))
    assert interval(queue, "hard") < interval(queue, "good") < interval(queue, "easy")


def test_correct_answers_never_missed_stay_out(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("good", True, T0))
    assert queue.item("good") is None
    assert queue.due(now=T0 + 100 * DAY) == []
    assert queue.counts(now=T0) == {"due": 0, "learning": 0, "total": 0, "damaged": 0}


def test_early_correct_answer_changes_nothing(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    store.record(att("p", True, T0 + timedelta(minutes=5)))      # due a day later
    before = queue.item("p")
    store.record(att("p", True, T0 + timedelta(hours=3)))        # too early
    assert queue.item("p") == before
    store.record(att("p", True, before.due_at))                  # on time
    assert queue.item("p").reviews == before.reviews + 1


def test_partial_credit_of_a_wrong_answer_is_a_miss(store: HistoryStore,
                                                    queue: ReviewQueue) -> None:
    store.record(att("p", False, T0, score=0.9))
    assert (queue.item("p").state, queue.item("p").lapses) == ("learning", 1)


def test_due_order_limit_and_drill_filter(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("w1", False, T0 + timedelta(hours=2), drill="wait"))
    store.record(att("n1", False, T0, drill="nanikiru"))
    store.record(att("c1", False, T0 + timedelta(hours=1), drill="call"))
    store.record(att("n2", False, T0 + timedelta(hours=3), drill="nanikiru"))
    store.record(att("n2", True, T0 + timedelta(hours=4)))       # review, due in a day
    now = T0 + timedelta(hours=5)
    assert [p["id"] for p in queue.due(now=now)] == ["n1", "c1", "w1"]   # most overdue first
    assert [p["id"] for p in queue.due(now=now, limit=2)] == ["n1", "c1"]
    assert queue.due(now=now, limit=0) == []
    assert [p["id"] for p in queue.due(now=now, drill="nanikiru")] == ["n1"]
    n2_due = queue.item("n2").due_at
    assert n2_due == T0 + timedelta(hours=4) + DAY
    assert [p["id"] for p in queue.due(now=n2_due)] == ["n1", "c1", "w1", "n2"]
    assert queue.counts(now=now) == {"due": 3, "learning": 3, "total": 4, "damaged": 0}
    assert queue.counts(now=now, drill="nanikiru") == {
        "due": 1, "learning": 1, "total": 2, "damaged": 0}
    assert queue.next_due(now=now) == n2_due
    # Due items carry the full problem dict, ready to replay.
    assert queue.due(now=now)[0] == att("n1", False, T0).problem
    # Local-time "now" is the same instant.
    jst = timezone(timedelta(hours=9))
    assert queue.due(now=now.astimezone(jst)) == queue.due(now=now)
    with pytest.raises(ValueError):
        queue.due(now=datetime(2024, 4, 2))
    with pytest.raises(ValueError):
        queue.due(now=now, limit=-1)
    with pytest.raises(ValueError):
        queue.counts(now=now, drill="mahjong")


def test_queue_persists_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    with HistoryStore.open(path) as s:
        s.record(att("a", False, T0))
        s.record(att("b", False, T0))
        s.record(att("b", True, T0 + MINUTE))
        before = {pid: ReviewQueue(s).item(pid) for pid in "ab"}
    with HistoryStore.open(path) as s:
        q = ReviewQueue(s)
        assert {pid: q.item(pid) for pid in "ab"} == before
        assert [p["id"] for p in q.due(now=T0 + timedelta(hours=1))] == ["a"]


def test_rebuild_matches_incremental_updates(store: HistoryStore, queue: ReviewQueue) -> None:
    events = [("a", False, 0), ("b", False, 1), ("a", True, 2), ("c", True, 3),
              ("a", True, 2 * 24 * 60), ("b", True, 2 * 24 * 60), ("b", False, 3 * 24 * 60),
              ("d", False, 3 * 24 * 60 + 1)]
    for pid, ok, minutes in events:
        store.record(att(pid, ok, T0 + timedelta(minutes=minutes)))
    added = starter_set().problems[0]
    assert queue.add_problems([added], now=T0 + timedelta(minutes=5)) == 1
    store.record(att(added.id, False, T0 + timedelta(minutes=30)))
    pids = ["a", "b", "c", "d", added.id]
    before = {pid: queue.item(pid) for pid in pids}
    store.connection.execute("DELETE FROM review WHERE source = 'drill'")   # lose the misses
    assert queue.counts(now=T0)["total"] == 1
    assert queue.rebuild() == 4
    assert {pid: queue.item(pid) for pid in pids} == before
    assert before["c"] is None and before["a"].state == "review" and before["b"].lapses == 2
    assert before[added.id].source == "review" and before[added.id].lapses == 1


def test_remove(store: HistoryStore, queue: ReviewQueue) -> None:
    store.record(att("p", False, T0))
    assert queue.remove("p") is True
    assert queue.remove("p") is False
    assert queue.due(now=T0 + DAY) == []
    store.record(att("p", False, T0 + DAY))                      # missed again: back
    assert queue.item("p").lapses == 1 and queue.item("p").due_at == T0 + DAY


# ---- problems added from elsewhere ("drill my mistakes") -------------------------------------

def test_add_problems_due_now_and_idempotent(store: HistoryStore, queue: ReviewQueue) -> None:
    problems = [p for p in starter_set() if p.drill == "nanikiru"][:3]
    dicts = [p.to_json() for p in problems]
    assert queue.add_problems(dicts[:2], now=T0) == 2
    assert queue.add_problems([dicts[1], problems[2], problems[2]], now=T0 + DAY) == 1
    assert queue.counts(now=T0)["total"] == 3
    assert [p["id"] for p in queue.due(now=T0)] == [dicts[0]["id"], dicts[1]["id"]]
    item = queue.item(dicts[1]["id"])
    assert (item.source, item.added_at, item.due_at, item.state) == ("review", T0, T0, "learning")
    assert (item.stability, item.lapses, item.reviews, item.last_answered_at) == (None, 0, 0, None)
    assert item.problem == dicts[1]
    # answering it grades the new card: right -> out by days (FSRS's first Good), wrong -> lapse
    at = T0 + timedelta(hours=1)
    store.record(Attempt.from_problem(dicts[0], pick="1m", correct=True, score=1.0,
                                      seconds=GOOD_SECONDS, answered_at=at))
    first = queue.item(dicts[0]["id"])
    assert first.state == "review"
    assert first.stability == pytest.approx(ref.initial_stability(GOOD))
    assert first.due_at == at + ref.interval_days(ref.initial_stability(GOOD)) * DAY
    store.record(Attempt.from_problem(dicts[1], pick="1m", correct=False, score=0.0,
                                      seconds=GOOD_SECONDS, answered_at=at))
    assert queue.item(dicts[1]["id"]).lapses == 1 and queue.item(dicts[1]["id"]).source == "review"


def test_add_problems_leaves_a_card_in_the_queue_alone(store: HistoryStore,
                                                       queue: ReviewQueue) -> None:
    problem = starter_set().problems[0]
    store.record(Attempt.from_problem(problem.to_json(), pick="1m", correct=False, score=0.0,
                                      seconds=5.0, answered_at=T0))
    store.record(Attempt.from_problem(problem.to_json(), pick="1m", correct=True, score=1.0,
                                      seconds=GOOD_SECONDS, answered_at=T0 + MINUTE))
    before = queue.item(problem.id)
    assert queue.add_problems([problem], now=T0 + 2 * MINUTE) == 0
    assert queue.item(problem.id) == before and before.source == "drill"


def test_add_problems_checks_every_problem_first(store: HistoryStore, queue: ReviewQueue) -> None:
    good = starter_set().problems[0].to_json()
    bad = {**good, "id": "bad-1", "hand": "not tiles"}
    with pytest.raises(ProblemSetError, match="problem 1"):
        queue.add_problems([good, bad], now=T0)
    with pytest.raises(ProblemSetError):
        queue.add_problems([good, "a string"], now=T0)
    assert queue.counts(now=T0)["total"] == 0
    with pytest.raises(ValueError, match="source"):
        queue.add_problems([good], source="", now=T0)
    with pytest.raises(ValueError, match="timezone"):
        queue.add_problems([good], now=datetime(2024, 1, 1))
    assert queue.counts(now=T0)["total"] == 0


def test_closed_store(tmp_path: Path) -> None:
    s = HistoryStore.open(tmp_path / "h.db")
    q = ReviewQueue(s)
    s.close()
    with pytest.raises(HistoryError):
        q.due(now=T0)
    with pytest.raises(HistoryError):
        q.add_problems([starter_set().problems[0]], now=T0)
    with pytest.raises(TypeError):
        ReviewQueue(object())  # type: ignore[arg-type]


def test_the_queue_read_after_answers_and_other_writers_is_current(tmp_path: Path) -> None:
    """The store keeps the review table as last read and re-reads only the answered problem's
    row after `record`: what it reports must always equal a fresh read of the file, also
    when another program (a second store on the same file) or plain SQL changed it."""
    path = tmp_path / "history.db"

    def fresh() -> tuple:
        with HistoryStore.open(path) as other:
            return other.review_items(), ReviewQueue(other).counts(now=T0 + DAY)

    with HistoryStore.open(path) as store, HistoryStore.open(path) as second:
        queue = ReviewQueue(store)
        for i, (pid, ok, minutes) in enumerate([("a", False, 0), ("b", False, 1), ("a", True, 2),
                                                ("c", True, 3), ("b", True, 4), ("d", False, 5)]):
            assert (store.review_items(), queue.counts(now=T0 + DAY)) == fresh()
            store.record(att(pid, ok, T0 + timedelta(minutes=minutes)))
            assert (store.review_items(), queue.counts(now=T0 + DAY)) == fresh()
            if i == 2:                                  # another program answers too
                second.record(att("e", False, T0 + timedelta(minutes=10)))
                assert queue.item("e") is not None
                assert (store.review_items(), queue.counts(now=T0 + DAY)) == fresh()
        store.connection.execute("UPDATE review SET stability = -1 WHERE problem_id = 'a'")
        assert queue.counts(now=T0 + DAY)["damaged"] == 1
        assert (store.review_items(), queue.counts(now=T0 + DAY)) == fresh()
        second.connection.execute("DELETE FROM review WHERE problem_id = 'b'")
        assert [i.problem_id for i in store.review_items()[0]] == ["d", "e"]
        store.record(att("a", False, T0 + timedelta(minutes=30)))
        assert (store.review_items(), queue.counts(now=T0 + DAY)) == fresh()
        assert queue.counts(now=T0 + DAY) == {"due": 3, "learning": 3, "total": 3, "damaged": 0}


def test_another_program_writing_just_before_an_answer_is_seen(tmp_path: Path,
                                                              monkeypatch) -> None:
    path = tmp_path / "history.db"
    with HistoryStore.open(path) as store, HistoryStore.open(path) as second:
        store.record(att("a", False, T0))
        assert ReviewQueue(store).counts(now=T0)["total"] == 1      # the table is read
        write = store._write

        def other_program_first(fn):
            second.record(att("z", False, T0))                   # commits between the two
            return write(fn)

        monkeypatch.setattr(store, "_write", other_program_first)
        store.record(att("b", False, T0))
        monkeypatch.undo()
        assert [i.problem_id for i in store.review_items()[0]] == ["a", "b", "z"]
