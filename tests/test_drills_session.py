"""Drill sessions (pure Python): determinism, grading and recording, timer, summary, sources."""
from __future__ import annotations

import itertools
from datetime import datetime, timedelta, timezone

import pytest

from mjgui.drills import AnswerError, generate, grade, iter_problems, starter_set
from mjgui.drills.generator import GenerateError
from mjgui.drills.history import HistoryStore
from mjgui.drills.review import ReviewQueue
from mjgui.drills.session import (SET_LENGTH, DrillSession, GeneratorSpec, problems_of_drill,
                                  review_problems)

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path):
    with HistoryStore.open(tmp_path / "history.db") as s:
        yield s


def starter(kind: str) -> list:
    return [p for p in starter_set() if p.drill == kind]


def wrong_discard(problem) -> str:
    best = set(problem.best)
    return next(t.name for t in problem.to_hand().concealed if t.name not in best
                and t.plain_name not in best)


# ---- determinism ----------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["nanikiru", "wait", "call"])
def test_endless_problem_i_is_the_generators_ith(kind, clock):
    session = DrillSession(kind, GeneratorSpec(seed=11), clock=clock)
    expected = list(itertools.islice(iter_problems(11, kind), 3))
    seen = []
    for i in range(3):
        problem = session.current()
        seen.append(problem)
        session.answer(problem.best[0] if kind != "wait" else list(problem.best))
        session.next()
    assert seen == expected
    assert not session.finished and session.length is None


def test_same_seed_same_problems_other_seed_other_problems(clock):
    def run(seed):
        s = DrillSession("nanikiru", {"seed": seed, "shanten": 1}, mode="set", length=3,
                         clock=clock)
        out = []
        while not s.finished:
            out.append(s.current().hand)
            s.answer(s.current().best[0])
            s.next()
        return out
    assert run(3) == run(3)
    assert run(3) != run(4)
    assert run(3) == [p.hand for p in generate(3, 3, "nanikiru", shanten=1)]


def test_generator_options_are_checked_up_front(clock):
    with pytest.raises(GenerateError):
        DrillSession("nanikiru", GeneratorSpec(1, shanten=3, topic="chinitsu"), clock=clock)
    with pytest.raises(ValueError):
        DrillSession("nanikiru", GeneratorSpec(1), mode="sprint")
    with pytest.raises(ValueError):
        DrillSession("nanikiru", GeneratorSpec(1), timer_seconds=0)


# ---- grading and recording ----------------------------------------------------------------

def test_answers_are_graded_by_scoring_and_recorded_at_once(store, clock):
    problems = starter("nanikiru")[:2]
    session = DrillSession("nanikiru", problems, mode="set", store=store, clock=clock,
                           set_name="starter", now=lambda: T0)
    p = session.current()
    clock.advance(7.25)
    fb = session.answer(p.best[0])
    assert fb == grade(p, p.best[0]) and fb.correct and fb.credit == 1.0
    assert store.count() == 1                      # written before answer() returned
    (a,) = store.attempts()
    assert (a.problem_id, a.drill, a.pick, a.correct, a.score) == (p.id, "nanikiru", fb.pick, True, 1.0)
    assert a.seconds == pytest.approx(7.25) and a.set_name == "starter"
    assert a.answered_at == T0 and a.shanten == p.shanten
    assert a.problem == p.to_json()
    assert session.result.attempt_id == a.id and session.elapsed() == pytest.approx(7.25)
    clock.advance(5)                               # the clock stops at the answer
    assert session.elapsed() == pytest.approx(7.25)

    session.next()
    q = session.current()
    pick = wrong_discard(q)
    fb = session.answer(pick)
    assert fb == grade(q, pick) and not fb.correct
    assert [x.correct for x in store.attempts()] == [True, False]
    item = ReviewQueue(store).item(q.id)             # the miss entered the review queue, due now
    assert (item.state, item.due_at, item.lapses) == ("learning", T0, 1)


def test_wait_and_call_answers(store, clock):
    w = DrillSession("wait", starter("wait")[:1], store=store, clock=clock)
    p = w.current()
    fb = w.answer(list(p.best))
    assert fb.correct and fb == grade(p, list(p.best))
    c = DrillSession("call", starter("call")[:1], store=store, clock=clock)
    q = c.current()
    fb = c.answer("pass")
    assert fb == grade(q, "pass")
    assert [a.drill for a in store.attempts()] == ["wait", "call"]


def test_bad_answers_record_nothing_and_order_is_enforced(store, clock):
    session = DrillSession("nanikiru", starter("nanikiru")[:2], store=store, clock=clock)
    with pytest.raises(AnswerError):
        session.answer("7z" if "7z" not in session.current().hand else "9p")
    assert store.count() == 0 and not session.answered
    with pytest.raises(RuntimeError):
        session.next()                             # not answered yet
    session.answer(session.current().best[0])
    with pytest.raises(RuntimeError):
        session.answer(session.current().best[0])  # twice
    assert store.count() == 1


def test_a_failing_store_is_reported_and_the_drill_goes_on(tmp_path, clock):
    store = HistoryStore.open(tmp_path / "h.db")
    store.close()                                  # every write now raises HistoryError
    session = DrillSession("nanikiru", starter("nanikiru")[:2], mode="set", store=store,
                           clock=clock)
    fb = session.answer(session.current().best[0])
    assert fb.correct
    assert session.store_error and "closed" in session.store_error
    assert session.store_error_ja and session.store is None
    assert session.result.attempt_id is None
    session.next()
    session.answer(session.current().best[0])      # no second error, no crash
    session.next()
    assert session.finished and session.summary().answered == 2


# ---- timer --------------------------------------------------------------------------------

def test_timer_counts_down_and_a_late_answer_is_a_timeout(store, clock):
    problems = starter("nanikiru")[:3]
    session = DrillSession("nanikiru", problems, mode="set", store=store, timer_seconds=15,
                           clock=clock)
    assert session.time_left() == 15
    clock.advance(10)
    assert session.time_left() == pytest.approx(5) and not session.expired
    clock.advance(5)                               # exactly at the limit: still in time
    assert session.time_left() == 0 and session.expired
    fb = session.answer(problems[0].best[0])
    assert fb.correct and not session.result.timed_out

    session.next()
    clock.advance(15.5)
    fb = session.answer(problems[1].best[0])       # right, but late
    r = session.result
    assert r.timed_out and not fb.correct and fb.credit == 0.0
    assert r.graded.correct and r.graded.credit == 1.0
    assert fb.explanation("en").startswith("Time is up (15.5 s of 15 s)")
    assert fb.explanation("ja").startswith("時間切れ")
    assert store.attempts()[-1].score == 0.0 and not store.attempts()[-1].correct

    session.next()
    clock.advance(20)
    assert session.time_left() == 0
    fb = session.expire()                          # nobody answered
    assert fb.pick == "" and fb.credit == 0 and fb.best == problems[2].best
    assert store.attempts()[-1].pick == "" and session.summary().timeouts == 2


def test_no_timer(clock):
    session = DrillSession("wait", starter("wait")[:1], clock=clock)
    clock.advance(1000)
    assert session.time_left() is None and not session.expired
    with pytest.raises(RuntimeError):
        session.expire()


# ---- sets and summary --------------------------------------------------------------------------

def test_set_summary(clock):
    problems = starter("nanikiru")[:4]
    session = DrillSession("nanikiru", problems, mode="set", length=3, clock=clock)
    assert session.length == 3
    picks = [problems[0].best[0], wrong_discard(problems[1]), problems[2].best[0]]
    for i, pick in enumerate(picks):
        assert session.position == i + 1 and session.is_last == (i == 2)
        clock.advance(10 * (i + 1))
        session.answer(pick)
        assert session.next() is (None if i == 2 else session.current())
    assert session.finished
    with pytest.raises(RuntimeError):
        session.next()
    s = session.summary()
    second = grade(problems[1], picks[1])
    assert (s.answered, s.correct, s.timeouts) == (3, 2, 0)
    assert s.accuracy == pytest.approx(2 / 3)
    assert s.mean_score == pytest.approx((2 + second.credit) / 3)
    assert s.total_seconds == pytest.approx(60) and s.mean_seconds == pytest.approx(20)
    assert s.missed_problems == [problems[1]] and s.misses[0].feedback == second


def test_modes_and_lengths(clock):
    problems = starter("call")
    assert DrillSession("call", problems, clock=clock).length == len(problems)      # endless list
    assert DrillSession("call", problems, "set", 3, clock=clock).length == 3
    assert DrillSession("call", problems[:2], "set", 20, clock=clock).length == 2
    assert DrillSession("call", GeneratorSpec(1), "set", clock=clock).length == SET_LENGTH
    with pytest.raises(ValueError):
        DrillSession("call", starter("wait"), clock=clock)         # wrong kind
    with pytest.raises(ValueError):
        DrillSession("call", [], clock=clock)


# ---- review queue and mixed lists ----------------------------------------------------------------

def test_review_queue_source(store, clock):
    problems = starter("wait")[:3]
    first = DrillSession("wait", problems, store=store, clock=clock, now=lambda: T0)
    for p in problems:                     # miss the first two, get the third right
        first.answer([] if p is not problems[2] else list(p.best))
        first.next()
    assert first.finished
    due = review_problems(store, "wait", now=T0 + timedelta(minutes=1))
    assert due == problems[:2]
    assert review_problems(store, "nanikiru", now=T0 + timedelta(minutes=1)) == []

    later = T0 + timedelta(minutes=5)
    review = DrillSession("wait", due, mode="set", store=store, clock=clock, set_name="review",
                          now=lambda: later)
    review.answer(list(due[0].best))       # right this time: due again in days
    item = ReviewQueue(store).item(due[0].id)
    assert item.state == "review" and item.due_at >= later + timedelta(days=1)
    assert review_problems(store, "wait", now=later) == [due[1]]


def test_problems_of_kind_filters_mixed_lists():
    mixed = list(starter_set())[:40]
    dicts = [p.to_json() for p in mixed] + [{"id": "x", "kind": "wait", "hand": "oops"}]
    waits, skipped = problems_of_drill(dicts, "wait")
    assert waits == [p for p in mixed if p.drill == "wait"]
    assert skipped == len(dicts) - len(waits)
