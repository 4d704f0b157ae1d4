"""Runs the analysis, then the expected values (mjgui.ev), off the UI thread (the C
core releases the GIL), newest request wins: a result for a hand that has since changed is dropped.  Each
result carries the hand it was computed for, so the window can check it against
the hand it shows (a request can be overtaken by a hand that is not analysed).

Results travel as one AnalysisResult object: PySide6 mis-counts references
when None itself is emitted through a Signal(object), so None never is."""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRunnable, QTimer, Signal

from mjgui import core
from mjgui.analysis import DEFAULT_RANK, Analysis, analyze
from mjgui.ev import APP_OPTIONS, MAX_SHANTEN as EV_MAX_SHANTEN, SEARCH_THREADS, EvResult, expected_values
from mjgui.hand import Hand
from mjgui.ui.worker_relay import relay_pool

if TYPE_CHECKING:       # imported when a hand has opponents: the start does not load the model
    from mjgui.defence.advice import TableAdvice
    from mjgui.defence.danger import Danger
    from mjgui.defence.values import TableValues

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AnalysisResult:
    request: int
    analysis: Analysis | None
    error: ValueError | None
    ms: float
    hand: Hand | None = None      # the hand this result is for
    table: TableAdvice | None = None  # every tile's danger at the table (None without opponents)


@dataclass(frozen=True)
class EvJobResult:
    """The expected values of a hand, computed after its analysis."""
    request: int
    ev: EvResult | None
    error: ValueError | None
    ms: float
    hand: Hand
    values: TableValues | None = None   # push / fold of every discard (a table with a threat)


class _Signals(QObject):
    done = Signal(object)     # AnalysisResult
    ev_done = Signal(object)  # EvJobResult


class _Job(QRunnable):
    def __init__(self, request: int, hand: Hand, signals: _Signals, worker: AnalysisWorker):
        super().__init__()
        self.request, self.hand, self.signals, self.worker = request, hand, signals, worker
        self.cancel = core.cancel_flag()     # set by the worker when a newer hand comes
        self.rules = worker.rules            # as they were when asked (they may change meanwhile)
        self.rank = worker.rank
        self.ev_options = worker.ev_options
        self.analysed = threading.Event()    # set once the analysis result is posted
        self.delivered = threading.Event()   # set once the UI thread has taken that result and turned
        self.shown = threading.Event()       # set once the window has painted that result

    def _analyse(self) -> Analysis:
        result = analyze(self.hand, rank=self.rank, rules=self.rules)
        # which calls leave no yaku (the table's ⚠ marks; computed on first use): here,
        # not in the UI thread while it paints the table; so are the wait details and
        # values of the tenpai rows, which the wait inspector shows
        for row in (*result.rows, *((result.current,) if result.current is not None else ())):
            for call in row.calls:
                call.yakuless  # noqa: B018 - evaluated for its cached work
            result.wait_report(row)
            result.value(row)                # each wait's value too (the table, the inspector)
        return result

    def _table(self) -> TableAdvice | None:
        """The table's danger (~1 ms; nothing at all without opponents): with the analysis, so
        the Danger column reaches the same frame as the rows."""
        if not self.hand.opponents:
            return None
        from mjgui.defence.advice import table_advice
        try:
            return table_advice(self.hand)
        except Exception:                    # a bug: the analysis still shows, without the column
            log.exception("the danger of %s failed", self.hand)
            return None

    def _values(self, ev: EvResult | None, table: Danger | None) -> TableValues | None:
        """Every discard's push / fold values, from the search's rows (a table with a threat;
        without rows, a hand too far for the search: its fold values only)."""
        if table is None or not table.any_threat:
            return None
        from mjgui.defence.values import discard_values
        try:
            return discard_values(self.hand, ev, table=table)
        except Exception:                    # a bug: the expected values still show
            log.exception("the push / fold values of %s failed", self.hand)
            return None

    def run(self) -> None:
        start = time.perf_counter()
        try:
            result, error = self._analyse(), None
        except ValueError as exc:            # HandError / TileError / ScoringError: explained
            result, error = None, exc
        except Exception as exc:             # a bug: said, and the window stays usable
            log.exception("analysing %s failed", self.hand)
            result, error = None, ValueError(f"internal error ({type(exc).__name__}: {exc})")
        table = self._table() if result is not None else None
        self.signals.done.emit(AnalysisResult(self.request, result, error,
                                              (time.perf_counter() - start) * 1e3, self.hand, table))
        self.analysed.set()
        if (table is not None and table.threat and result is not None and self.hand.size == 14
                and result.shanten > EV_MAX_SHANTEN and self.request == self.worker.latest):
            # too far for the search, facing a threat: folding is still valued (~1 ms), after
            # the analysis has gone
            self.signals.ev_done.emit(EvJobResult(self.request, None, None, 0.0, self.hand,
                                                  self._values(None, table.danger)))
            return
        # the expected values follow; skipped when a newer hand is already waiting
        if (result is None or not self.worker.with_ev or self.hand.size != 14
                or result.shanten > EV_MAX_SHANTEN or self.request != self.worker.latest):
            return
        # not before the window has painted the analysis: run beside the repaint, the
        # search's Python parts and the UI thread took turns on the interpreter and the
        # analysis reached the screen 2-3 ms later (docs/ui-speed.md)
        # (the wait for a window that does not paint counts from the UI thread taking the
        # result: a UI thread still building the window -- a start on the Review page --
        # let the search, and numpy's import, run before the first paint)
        self.delivered.wait(DELIVER_WAIT_MS / 1e3)
        self.shown.wait(SHOWN_WAIT_MS / 1e3)
        if self.request != self.worker.latest:
            return
        start = time.perf_counter()
        try:
            ev, error = expected_values(self.hand, options=self.ev_options, rules=self.rules,
                                        cancel=self.cancel, threads=SEARCH_THREADS), None
        except ValueError as exc:
            ev, error = None, exc
        except Exception as exc:             # a bug: said, and the window stays usable
            log.exception("expected values of %s failed", self.hand)
            ev, error = None, ValueError(f"internal error ({type(exc).__name__}: {exc})")
        values = self._values(ev, table.danger if table is not None else None)
        self.signals.ev_done.emit(EvJobResult(self.request, ev, error, (time.perf_counter() - start) * 1e3,
                                              self.hand, values))


# the longest the expected values wait for the window to paint the analysis (a hidden
# window never does)
SHOWN_WAIT_MS = 50
# the longest they wait for the UI thread to take the analysis (a blocked one never does)
DELIVER_WAIT_MS = 2000


class AnalysisWorker(QObject):
    """`request(hand)`; `finished(AnalysisResult)` for the latest request only.
    `busy(bool)` turns on when a request has been running for BUSY_AFTER_MS."""
    finished = Signal(object)
    ev_finished = Signal(object)     # EvJobResult, for the latest request only
    busy = Signal(bool)
    BUSY_AFTER_MS = 80

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool, self._signals = relay_pool(self, _Signals, {"done": self._done, "ev_done": self._ev_done})
        self.with_ev = True              # compute the expected values after each analysis
        self.rules = "tenhou"            # mjgui.scoring.Rules (or preset name) of the values
        self.rank = DEFAULT_RANK         # the order of the rows (mjgui.analysis.Rank)
        self.ev_options = APP_OPTIONS    # the expected-value model (mjgui.ev.EvOptions)
        self._latest = 0
        self._pending = 0
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.timeout.connect(lambda: self.busy.emit(True))
        self._job: _Job | None = None    # the newest job, whose search a newer request stops

    def _stop_search(self) -> None:
        if self._job is not None:
            self._job.cancel[0] = 1
            self._job.delivered.set()     # no longer waits for a repaint: it is stale
            self._job.shown.set()

    def request(self, hand: Hand) -> None:
        self._stop_search()
        self._latest += 1
        self._pending += 1
        self._busy_timer.start(self.BUSY_AFTER_MS)
        self._job = _Job(self._latest, hand, self._signals, self)
        self._pool.start(self._job)

    def cancel(self) -> None:
        """Drop the result of every request made so far (the hand changed to one that is
        not analysed)."""
        self._stop_search()
        self._latest += 1
        self._busy_timer.stop()
        self.busy.emit(False)

    def deliver_within(self, ms: float) -> bool:
        """Wait up to `ms` for the newest request's analysis and hand it over now
        (`finished` is emitted before this returns); False when it takes longer (it then
        arrives through the event loop as usual).  The window calls this after updating
        the hand: the analysis then reaches the same repaint as the hand, instead of the
        window painting the new hand with the old analysis first and everything again a
        moment later."""
        job = self._job
        if job is None or not job.analysed.wait(ms / 1e3):
            return False
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
        return True

    def analysis_shown(self) -> None:
        """The window has painted the newest analysis: its expected values may start."""
        if self._job is not None:
            self._job.delivered.set()
            self._job.shown.set()

    def wait(self, ms: int = 5000) -> bool:
        """Block until queued jobs ran (tests, screenshots): the window cannot paint
        meanwhile, so the expected values need not wait for it."""
        self.analysis_shown()
        return self._pool.waitForDone(ms)

    @property
    def idle(self) -> bool:
        return self._pending == 0

    @property
    def latest(self) -> int:
        """The newest request's number (read by the jobs to skip stale work)."""
        return self._latest

    def _ev_done(self, result: EvJobResult) -> None:
        if result.request == self._latest:
            self.ev_finished.emit(result)

    def _done(self, result: AnalysisResult) -> None:
        self._pending -= 1
        if result.request != self._latest:
            return
        if self._job is not None and self._job.request == result.request:
            # on the event loop's next turn: taken while the window is being built (the
            # start), the result cannot be painted before the building ends
            QTimer.singleShot(0, self._job.delivered.set)
        self._busy_timer.stop()
        self.busy.emit(False)
        self.finished.emit(result)
