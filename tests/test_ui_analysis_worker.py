"""The analysis worker (mjgui/ui/analysis_worker.py): what it delivers is what
mjgui.analysis and mjgui.ev give for the hand, only for the newest request, with the
expected values after the analysis of a 14-tile hand up to 3-shanten, and its hand-over,
cancel and wait as the window relies on them.

Slow jobs are made by gating the worker module's `analyze` / `expected_values` on an
event the test sets, so no test depends on how fast the machine is."""
from __future__ import annotations

import threading
import time

import pytest

import mjgui.ui.analysis_worker as worker_module
from mjgui.analysis import analyze
from mjgui.ev import APP_OPTIONS, MAX_SHANTEN, EvCancelled, EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.tiles import TileError
from mjgui.ui.analysis_worker import AnalysisWorker

ONE_SHANTEN = "23m456p789s55p1s24s6z"
TENPAI_14 = "23m456p789s11z556z9m"
KOKUSHI = "19m19p19s1234567z5m"           # discarding 5m leaves the 13-sided wait
FOUR_SHANTEN = "1359m2468p1357s12z"
HAND_13 = "23m456p789s11z556z"
TIMEOUT = 20000                          # ms: generous, a loaded 2-core machine


@pytest.fixture
def worker(qtbot):
    w = AnalysisWorker()
    yield w
    assert w.wait(TIMEOUT)


class Gate:
    """Holds the wrapped function in the worker thread until `open()`; counts the
    calls and how many are running, and notes when each started and ended."""

    def __init__(self, function, closed: bool = True):
        self.function = function
        self._open = threading.Event()
        if not closed:
            self._open.set()
        self.entered = threading.Event()
        self.hands: list[Hand] = []
        self.starts: list[float] = []
        self.ends: list[float] = []
        self.outcomes: list = []         # what each call returned or raised
        self.running = 0

    def open(self) -> None:
        self._open.set()

    def __call__(self, hand, *args, **kwargs):
        self.running += 1
        self.hands.append(hand)
        self.starts.append(time.perf_counter())
        self.entered.set()
        try:
            self._open.wait(30)
            out = self.function(hand, *args, **kwargs)
            self.outcomes.append(out)
            return out
        except Exception as error:
            self.outcomes.append(error)
            raise
        finally:
            self.ends.append(time.perf_counter())
            self.running -= 1


@pytest.fixture
def gates(monkeypatch):
    """gate("analyze" | "expected_values", closed=True) wraps that function of the
    worker module; every gate opens at the end of the test (no thread left blocked)."""
    made: list[Gate] = []

    def gate(name: str, closed: bool = True) -> Gate:
        g = Gate(getattr(worker_module, name), closed)
        monkeypatch.setattr(worker_module, name, g)
        made.append(g)
        return g
    yield gate
    for g in made:
        g.open()


def record(signal) -> list:
    got: list = []
    signal.connect(got.append)
    return got


def values(analysis) -> list[str]:
    """The wait values of each row (what the rules change)."""
    return [repr(analysis.value(row)) for row in analysis.rows]


def assert_same_analysis(got, expected) -> None:
    assert got.hand == expected.hand
    assert (got.shanten, got.regular, got.chiitoi, got.kokushi) == \
        (expected.shanten, expected.regular, expected.chiitoi, expected.kokushi)
    # rows compare through their JSON: a call option compares by identity
    assert [r.to_json() for r in got.rows] == [r.to_json() for r in expected.rows]
    assert (got.current is None) == (expected.current is None)
    if expected.current is not None:
        assert got.current.to_json() == expected.current.to_json()
    assert values(got) == values(expected)


def settle(qtbot, worker) -> None:
    """Every job has run and every result posted has been handed over."""
    assert worker.wait(TIMEOUT)
    qtbot.waitUntil(lambda: worker.idle, timeout=TIMEOUT)
    qtbot.wait(10)


# ---- the analysis ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [TENPAI_14, ONE_SHANTEN, HAND_13, KOKUSHI,
                                  "23m45p78s11z556z pon:1*11m", "123m456p789s1122z3p"])
def test_the_result_is_the_analysis_of_the_hand(qtbot, worker, text):
    hand = Hand.parse(text)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT) as signal:
        worker.request(hand)
    result = signal.args[0]
    assert result.error is None and result.hand == hand
    assert result.request == worker.latest
    assert_same_analysis(result.analysis, analyze(hand))


def test_a_bad_hand_gives_its_error_and_no_analysis(qtbot, worker):
    bad = Hand.parse("23m456p789s11z55z")                # 12 tiles
    with pytest.raises(TileError) as expected:
        analyze(bad)
    evs = record(worker.ev_finished)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT) as signal:
        worker.request(bad)
    result = signal.args[0]
    assert result.analysis is None and result.hand == bad
    assert isinstance(result.error, TileError) and str(result.error) == str(expected.value)
    # the worker goes on: the next hand is analysed
    good = Hand.parse(TENPAI_14)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT) as signal:
        worker.request(good)
    assert signal.args[0].error is None and signal.args[0].hand == good
    settle(qtbot, worker)
    assert [e.hand for e in evs] == [good]               # none for the bad hand


def test_a_job_that_fails_unexpectedly_still_answers(qtbot, worker, monkeypatch):
    """An error that is not the user's (a bug) gives a result that says so: the window is
    not left busy, waiting for a result that never comes."""
    def broken(hand, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(worker_module, "analyze", broken)
    hand = Hand.parse(TENPAI_14)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT) as signal:
        worker.request(hand)
    result = signal.args[0]
    assert result.analysis is None and result.hand == hand
    assert isinstance(result.error, ValueError) and "boom" in str(result.error)
    settle(qtbot, worker)
    assert worker.idle


def test_a_search_that_fails_unexpectedly_still_answers(qtbot, worker, monkeypatch):
    def broken(hand, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(worker_module, "expected_values", broken)
    with qtbot.waitSignal(worker.ev_finished, timeout=TIMEOUT) as signal:
        worker.request(Hand.parse(ONE_SHANTEN))
    assert signal.args[0].ev is None and "boom" in str(signal.args[0].error)


def test_of_quick_requests_only_the_newest_is_delivered(qtbot, worker):
    results, evs = record(worker.finished), record(worker.ev_finished)
    hands = [Hand.parse(t) for t in (ONE_SHANTEN, KOKUSHI, TENPAI_14)]
    for hand in hands:                   # no event handled in between
        worker.request(hand)
    assert worker.latest == 3 and not worker.idle
    settle(qtbot, worker)
    assert [r.hand for r in results] == [hands[-1]] and results[0].request == 3
    assert [e.hand for e in evs] == [hands[-1]] and evs[0].request == 3
    assert worker.idle


def test_a_search_overtaken_while_it_runs_is_not_delivered(qtbot, worker, gates):
    """A newer request stops the search of an older hand, and what that search gives is
    dropped (the newer hand's values arrive)."""
    search = gates("expected_values")
    evs = record(worker.ev_finished)
    old, new = Hand.parse(ONE_SHANTEN), Hand.parse(TENPAI_14)
    worker.request(old)
    worker.analysis_shown()
    assert search.entered.wait(TIMEOUT / 1e3)            # the old hand's search has begun
    worker.request(new)
    search.open()
    settle(qtbot, worker)
    assert search.hands == [old, new]
    assert isinstance(search.outcomes[0], EvCancelled)
    assert [e.hand for e in evs] == [new]
    assert evs[0].ev.rows == expected_values(new, options=APP_OPTIONS).rows


def test_a_hand_overtaken_before_its_search_starts_none(qtbot, worker, gates, monkeypatch):
    monkeypatch.setattr(worker_module, "SHOWN_WAIT_MS", 60000)   # waits for the paint
    search = gates("expected_values", closed=False)
    old, new = Hand.parse(ONE_SHANTEN), Hand.parse(TENPAI_14)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
        worker.request(old)
    worker.request(new)                  # before the window painted the old analysis
    settle(qtbot, worker)
    assert search.hands == [new]


# ---- the expected values -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["123m456p789s1122z2z", TENPAI_14, ONE_SHANTEN, "159m159p159s1234z5z",
                                  "13m5p46799p2458s27z", "234m55p677s pon:7*77z@R pon:6*66z@A"])
def test_the_expected_values_follow_for_14_tiles_up_to_3_shanten(qtbot, worker, text):
    hand = Hand.parse(text)
    assert hand.size == 14 and analyze(hand).shanten <= MAX_SHANTEN == 3
    order = []
    worker.finished.connect(lambda r: order.append(("analysis", r)))
    worker.ev_finished.connect(lambda r: order.append(("ev", r)))
    worker.finished.connect(lambda r: worker.analysis_shown())     # as the window does
    worker.request(hand)
    qtbot.waitUntil(lambda: len(order) == 2, timeout=TIMEOUT)
    assert [name for name, _ in order] == ["analysis", "ev"]
    got = order[1][1]
    assert got.error is None and got.hand == hand and got.request == worker.latest
    reference = expected_values(hand, options=APP_OPTIONS)
    assert got.ev.options == APP_OPTIONS
    assert got.ev.rows and got.ev.rows == reference.rows and got.ev.shanten == reference.shanten
    assert got.ev.rows != expected_values(hand, options=EvOptions()).rows    # the options tell


@pytest.mark.parametrize("text", [HAND_13, FOUR_SHANTEN, "1479m258p369s1357z", "123m456p789s1122z"])
def test_no_expected_values_for_13_tiles_or_beyond_3_shanten(qtbot, worker, gates, text):
    hand = Hand.parse(text)
    assert hand.size == 13 or analyze(hand).shanten > MAX_SHANTEN
    search = gates("expected_values", closed=False)
    evs = record(worker.ev_finished)
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
        worker.request(hand)
    qtbot.wait(2 * worker_module.SHOWN_WAIT_MS)          # past the longest wait for a paint
    settle(qtbot, worker)
    assert evs == [] and search.hands == []


def test_without_the_paint_the_expected_values_come_after_the_cap(qtbot, worker, gates, monkeypatch):
    """A hidden window never paints: the search starts SHOWN_WAIT_MS after the analysis."""
    monkeypatch.setattr(worker_module, "SHOWN_WAIT_MS", 300)
    analysis = gates("analyze", closed=False)
    search = gates("expected_values", closed=False)
    hand = Hand.parse(ONE_SHANTEN)
    with qtbot.waitSignal(worker.ev_finished, timeout=TIMEOUT) as signal:
        worker.request(hand)
    assert signal.args[0].hand == hand and signal.args[0].ev.rows
    assert search.starts[0] - analysis.ends[0] >= 0.3


def test_the_paint_starts_the_expected_values(qtbot, worker, monkeypatch):
    monkeypatch.setattr(worker_module, "SHOWN_WAIT_MS", 60000)   # they would wait a minute
    worker.finished.connect(lambda r: worker.analysis_shown())
    hand = Hand.parse(ONE_SHANTEN)
    with qtbot.waitSignal(worker.ev_finished, timeout=TIMEOUT) as signal:
        worker.request(hand)
    assert signal.args[0].hand == hand


def test_rules_and_rank_changed_after_a_request_leave_its_result(qtbot, worker, gates):
    """The job keeps the rules and rank of its request, even when it runs after they changed."""
    def by_kind_down(row):
        return -row.tile.kind
    hand = Hand.parse(KOKUSHI)
    as_asked, as_changed = analyze(hand), analyze(hand, rank=by_kind_down, rules="majsoul")
    # the change would show: other row order, other values (a double yakuman)
    assert [r.tile for r in as_asked.rows] != [r.tile for r in as_changed.rows]
    assert values(as_asked) != values(as_changed)
    ev_asked = expected_values(hand, options=APP_OPTIONS)
    ev_changed = expected_values(hand, options=APP_OPTIONS, rules="majsoul")
    assert ev_asked.rows != ev_changed.rows

    blocker = gates("analyze")
    results, evs = record(worker.finished), record(worker.ev_finished)
    worker.request(Hand.parse(ONE_SHANTEN))              # holds the one worker thread
    assert blocker.entered.wait(TIMEOUT / 1e3)
    worker.request(hand)                                 # runs after the change below
    worker.rules, worker.rank = "majsoul", by_kind_down
    blocker.open()
    settle(qtbot, worker)
    assert len(results) == 1 and len(evs) == 1
    assert_same_analysis(results[0].analysis, as_asked)
    assert evs[0].ev.rows == ev_asked.rows
    # a request made after the change takes it
    results.clear()
    evs.clear()
    worker.request(hand)
    settle(qtbot, worker)
    assert [r.tile for r in results[0].analysis.rows] == [r.tile for r in as_changed.rows]
    assert values(results[0].analysis) == values(as_changed)
    assert evs[0].ev.rows == ev_changed.rows


# ---- busy, hand-over, cancel, wait ---------------------------------------------------

def test_busy_turns_on_for_a_slow_job_and_off_with_its_result(qtbot, worker, gates):
    slow = gates("analyze")
    events = []
    worker.busy.connect(lambda on: events.append(("busy", on)))
    worker.finished.connect(lambda r: events.append(("finished", r.hand)))
    hand = Hand.parse(TENPAI_14)
    with qtbot.waitSignal(worker.busy, timeout=TIMEOUT) as signal:
        worker.request(hand)
    assert signal.args == [True] and events == [("busy", True)]    # the job is still held
    slow.open()
    qtbot.waitUntil(lambda: len(events) == 3, timeout=TIMEOUT)
    assert events == [("busy", True), ("busy", False), ("finished", hand)]


def test_deliver_within_hands_a_fast_result_over_before_it_returns(qtbot, worker):
    results = record(worker.finished)
    assert worker.deliver_within(1000) is False          # nothing asked yet
    hand = Hand.parse(TENPAI_14)
    worker.request(hand)
    assert worker.deliver_within(TIMEOUT) is True
    # no event handled since the request: the result came inside deliver_within
    assert [r.hand for r in results] == [hand] and worker.idle
    assert_same_analysis(results[0].analysis, analyze(hand))
    settle(qtbot, worker)
    assert len(results) == 1                             # and only once


def test_deliver_within_gives_up_on_a_slow_job(qtbot, worker, gates):
    slow = gates("analyze")
    results = record(worker.finished)
    hand = Hand.parse(TENPAI_14)
    worker.request(hand)
    assert worker.deliver_within(0) is False
    assert results == [] and not worker.idle
    slow.open()
    qtbot.waitUntil(lambda: bool(results), timeout=TIMEOUT)   # through the event loop
    assert [r.hand for r in results] == [hand]


def test_cancel_drops_a_result_on_its_way(qtbot, worker, gates):
    slow = gates("analyze")
    results, evs, busy = record(worker.finished), record(worker.ev_finished), record(worker.busy)
    worker.request(Hand.parse(ONE_SHANTEN))
    worker.cancel()                      # while it runs
    assert busy == [False]
    slow.open()
    settle(qtbot, worker)
    assert results == [] and evs == [] and worker.idle
    # one already posted, not yet handed over
    worker.request(Hand.parse(TENPAI_14))
    assert worker.wait(TIMEOUT)
    worker.cancel()
    settle(qtbot, worker)
    assert results == [] and evs == []
    # the next request is delivered as usual
    hand = Hand.parse(KOKUSHI)
    worker.request(hand)
    settle(qtbot, worker)
    assert [r.hand for r in results] == [hand] and [e.hand for e in evs] == [hand]


def test_wait_returns_with_nothing_left_running(qtbot, worker, gates, monkeypatch):
    monkeypatch.setattr(worker_module, "SHOWN_WAIT_MS", 60000)   # wait() must not wait for a paint
    analysis = gates("analyze", closed=False)
    search = gates("expected_values", closed=False)
    evs = record(worker.ev_finished)
    hands = [Hand.parse(t) for t in (KOKUSHI, ONE_SHANTEN, TENPAI_14)]
    for hand in hands:
        worker.request(hand)
    assert worker.wait(TIMEOUT)
    assert analysis.running == 0 and search.running == 0
    assert analysis.hands == hands and search.hands[-1] == hands[-1]
    calls = (len(analysis.hands), len(search.hands))
    qtbot.waitUntil(lambda: bool(evs), timeout=TIMEOUT)
    assert [e.hand for e in evs] == [hands[-1]]
    assert (len(analysis.hands), len(search.hands)) == calls      # nothing ran after wait()


# ---- the table (opponents) ----------------------------------------------------------------

AT_TABLE = "23m456p789s11z556z9m seat:S L:9m1p2z7z*3z A:6p R:8m"


def test_the_table_danger_comes_with_the_analysis_and_push_fold_with_the_search(qtbot, worker):
    from mjgui.defence.danger import danger
    from mjgui.defence.values import discard_values
    hand = Hand.parse(AT_TABLE)
    order = []
    worker.finished.connect(lambda r: order.append(("analysis", r)))
    worker.ev_finished.connect(lambda r: order.append(("ev", r)))
    worker.finished.connect(lambda r: worker.analysis_shown())
    worker.request(hand)
    qtbot.waitUntil(lambda: len(order) == 2, timeout=TIMEOUT)
    analysis, ev = order[0][1], order[1][1]
    table = analysis.table
    assert table is not None and table.danger.combined == danger(hand).combined and table.threat
    assert sorted(table.discards) == sorted({t.kind for t in hand.concealed})
    assert all(dd.p == table.danger.p(k) for k, dd in table.discards.items())
    reference = discard_values(hand, expected_values(hand, options=APP_OPTIONS))
    assert ev.values is not None and ev.values.choices == reference.choices


def test_no_table_work_without_opponents(qtbot, worker, monkeypatch):
    import mjgui.defence.values as values_module

    def refuse(*args, **kwargs):
        raise AssertionError("no defence work for a hand alone")
    monkeypatch.setattr(values_module, "table_danger", refuse)
    import mjgui.defence.advice as advice_module
    monkeypatch.setattr(advice_module, "table_advice", refuse)
    monkeypatch.setattr(values_module, "discard_values", refuse)
    order = []
    worker.finished.connect(lambda r: order.append(r))
    worker.ev_finished.connect(lambda r: order.append(r))
    worker.finished.connect(lambda r: worker.analysis_shown())
    worker.request(Hand.parse(TENPAI_14))
    qtbot.waitUntil(lambda: len(order) == 2, timeout=TIMEOUT)
    assert order[0].table is None and order[1].values is None and order[1].ev is not None


def test_a_hand_too_far_for_the_search_still_gets_its_fold_values(qtbot, worker):
    from mjgui.defence.values import discard_values
    hand = Hand.parse("1479m258p369s1357z seat:S L:9m1p2z7z*3z8m4s")       # 6-shanten, a riichi
    assert analyze(hand).shanten > MAX_SHANTEN
    order = []
    worker.finished.connect(lambda r: order.append(r))
    worker.ev_finished.connect(lambda r: order.append(r))
    worker.request(hand)
    qtbot.waitUntil(lambda: len(order) == 2, timeout=TIMEOUT)
    assert order[1].ev is None and order[1].error is None
    choices = order[1].values.choices
    assert choices == discard_values(hand, None).choices
    assert {c.kind for c in choices} == {t.kind for t in hand.concealed}
    assert all(c.values.push is None and c.values.fold is not None for c in choices)
