"""A hand change reaches the screen in one repaint of the table: the analysis is handed
over before the event loop paints, the splitter is shared before that paint, and nothing
left on a zero timer (the splitter's fit, the header's stretch, a settings write, a
scroll bar) repaints the table a second time."""
from __future__ import annotations

import time

import pytest

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QWidget

from mjgui.analysis import analyze
from mjgui.hand import Hand
from mjgui.ui.analysis_table import TOTAL, VERDICT, AnalysisTable
from mjgui.ui.panel_fit import PRIORITY_ROWS, share, table_height, panels_height
from ui_steps import PaintCount, hover_tooltip, settle

HAND_13 = "23m456p789s11z556z"
HAND_14 = "23m456p789s11z556z9m"


def test_the_analysis_is_shown_before_the_event_loop_runs(qtbot, window):
    window.frame_hold_ms = 5000          # generous: a loaded test machine
    window.editor.set_hand(Hand.parse(HAND_13))
    settle(qtbot, window)
    hand = Hand.parse(HAND_14)
    window.editor.set_hand(hand)
    # no event processed since: the result was handed over inside the change
    assert window.analysis is not None and window.analysis.hand == hand
    assert window.table.model().rowCount() == len(window.analysis.rows)
    # and the splitter is already shared for it (no fit left for after the repaint)
    assert not window.panel_fit._timer.isActive()
    sizes = window.splitter.sizes()
    rows = window.table.model().rowCount()
    expected = share(sum(sizes), table_height(window.table, rows),
                     table_height(window.table, min(rows, PRIORITY_ROWS)),
                     panels_height(window.waits, window.turn_chart))
    assert sizes[0] == expected


def test_a_slow_analysis_arrives_through_the_event_loop(qtbot, window):
    window.frame_hold_ms = 0             # the window does not wait for it
    window.editor.set_hand(Hand.parse(HAND_13))
    settle(qtbot, window)
    assert window.analysis.hand == Hand.parse(HAND_13)


@pytest.mark.parametrize("size", ((1280, 860), (800, 600)))
def test_a_hand_change_paints_the_table_once(qtbot, window, size):
    """Also in a narrow window, where a change hides or shows columns for room."""
    window.worker.with_ev = False        # the expected values repaint their columns later
    window.frame_hold_ms = 5000
    window.resize(*size)
    counter = PaintCount(window.table.viewport())
    hidden = set()
    orphans = "19m19p19s1234567z5m"      # long ukeire strips: at 800 px the calls give way
    for first, second in ((HAND_13, HAND_14), (HAND_14, "123m456p789s1122z3p"), (HAND_14, HAND_13),
                          (HAND_14, orphans), (orphans, HAND_14)):
        window.editor.set_hand(Hand.parse(first))
        settle(qtbot, window)
        qtbot.wait(50)
        counter.count = 0
        before = window.table.width_hidden()
        window.editor.set_hand(Hand.parse(second))
        settle(qtbot, window)
        qtbot.wait(50)                   # zero timers and posted events have run
        assert counter.count == 1, (first, second)
        hidden.add(before != window.table.width_hidden())
    assert True in hidden          # some change hid or showed columns for room (at 1280: the orphans' strips)


def test_the_verdict_takes_the_width_left(qtbot, window):
    window.editor.set_hand(Hand.parse(HAND_14))
    settle(qtbot, window)
    for width in (1280, 1024):
        window.resize(width, 800)
        qtbot.wait(50)
        table = window.table
        header = table.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(VERDICT) if not table.isColumnHidden(c))
        assert header.sectionSize(VERDICT) == max(header.minimumSectionSize(),
                                                  table.viewport().width() - others)


def test_the_cells_are_answered_by_qt(qtbot):
    """The model keeps its cells in Qt's items: the view's many asks per paint are no
    calls into Python; what they answer is the analysis's."""
    table = AnalysisTable()
    qtbot.addWidget(table)
    table.resize(1400, 700)            # room for every column, the verdict's included
    table.show()
    assert type(table.source).data is QStandardItemModel.data
    assert type(table.source).rowCount is QStandardItemModel.rowCount
    hand = Hand.parse(HAND_14)
    a = analyze(hand)
    table.set_analysis(a)
    model = table.model()
    assert model.rowCount() == len(a.rows)
    for r in range(model.rowCount()):
        row = table.row_for_view(r)
        copies = sum(t.remaining for t in row.ukeire)            # the definition of the total
        assert model.index(r, TOTAL).data(Qt.ItemDataRole.DisplayRole) == str(copies)
        assert hover_tooltip(table, r, VERDICT) == row.verdict("en", a.shanten)


def test_the_table_leaves_no_python_items_behind(qtbot):
    """Refilling the table (every change) keeps no Python objects: the items are made by
    Qt (a Python-made QStandardItem kept its wrapper alive, 0.7 MB per 100 changes)."""
    import gc
    from PySide6.QtGui import QStandardItem
    table = AnalysisTable()
    qtbot.addWidget(table)
    analyses = [analyze(Hand.parse(h)) for h in (HAND_14, "123m456p789s1122z3p", "19m19p19s1234567z5m")]
    table.set_analysis(analyses[0])
    gc.collect()
    before = sum(isinstance(o, QStandardItem) for o in gc.get_objects())
    for i in range(30):
        table.set_analysis(analyses[i % 3])
    gc.collect()
    assert sum(isinstance(o, QStandardItem) for o in gc.get_objects()) == before


def test_undo_keeps_the_last_edits_only(qtbot, window):
    from mjgui.ui.hand_editor import UNDO_LIMIT
    stack = window.editor.undo_stack
    assert stack.undoLimit() == UNDO_LIMIT
    hands = ["123m456p789s1122z", "123m456p789s1133z"]
    for i in range(UNDO_LIMIT + 20):
        window.editor.set_hand(Hand.parse(hands[i % 2]))
    assert stack.count() == UNDO_LIMIT
    window.worker.wait()


class WindowRepaints(QObject):
    """Counts the repaints of a whole window: Qt paints every dirty widget of it while
    handling one UpdateRequest."""

    def __init__(self, window):
        super().__init__()
        self.count = 0
        window.installEventFilter(self)
        self._window = window

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if obj is self._window and event.type() == QEvent.Type.UpdateRequest:
            self.count += 1
        return False


def test_a_13_to_14_change_repaints_the_window_once(qtbot, window):
    """13 -> 14 tiles shows widgets that were hidden (the table's and the wait inspector's
    scroll bars): a widget shown posts itself an update, which, handled after the repaint,
    asked for a second repaint of the window."""
    window.worker.with_ev = False        # the expected values repaint their columns later
    window.frame_hold_ms = 5000
    window.resize(1280, 860)
    window.table.setFocus()              # not the text field: its cursor blinks by a timer
    counter = WindowRepaints(window)
    shown_anew = 0
    for first, second in ((HAND_13, HAND_14), ("123m456p789s1122z", "123m456p789s1122z3p"),
                          ("19m19p19s1234567z", "19m19p19s1234567z5m")):
        window.editor.set_hand(Hand.parse(first))
        settle(qtbot, window)
        qtbot.wait(300)                  # the text field's clear button has faded in
        hidden = {id(w) for w in window.findChildren(QWidget) if not w.isVisible()}
        counter.count = 0
        window.editor.set_hand(Hand.parse(second))
        settle(qtbot, window)
        qtbot.wait(50)                   # zero timers and posted events have run
        shown_anew += sum(id(w) in hidden for w in window.findChildren(QWidget) if w.isVisible())
        assert counter.count == 1, (first, second)
    assert shown_anew                    # the case this is about did arise


def test_the_expected_values_arrive_without_moving_the_panels(qtbot, window):
    """While a hand's expected values are worked out the turn chart keeps its room, so their
    arrival fills it without resizing the table (which repainted it whole a second time)."""
    from mjgui.ev import APP_OPTIONS, expected_values
    from mjgui.ui.analysis_worker import AnalysisResult, EvJobResult
    window.resize(1280, 860)
    hand = Hand.parse("23m456p789s55p1s24s6z")       # 1-shanten: the table and the chart share
    window.editor.set_hand(hand)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.ev is not None, timeout=10000)
    analysis = window.analysis
    # the analysis arrives again, then its expected values, handed over as the worker does
    window._analysis_ready(AnalysisResult(window.worker.latest, analysis, None, 1.0, hand))
    assert window.turn_chart.row() is None and window.turn_chart.pending()
    sizes, table = window.splitter.sizes(), window.table.size()
    ev = expected_values(hand, options=APP_OPTIONS, rules=window.worker.rules)
    window._ev_ready(EvJobResult(window.worker.latest, ev, None, 1.0, hand))
    assert window.turn_chart.row() is not None and not window.turn_chart.pending()
    assert window.splitter.sizes() == sizes and window.table.size() == table
    # a 13-tile hand has no expected values to wait for
    window.editor.set_hand(Hand.parse(HAND_13))
    settle(qtbot, window)
    assert not window.turn_chart.pending()


class RepaintTimes(QObject):
    """When each repaint of a top-level window ended: Qt paints the whole window while it
    handles one UpdateRequest, handled here so its end is seen."""

    def __init__(self, window):
        super().__init__()
        self.ends: list[float] = []
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.UpdateRequest:
            obj.event(event)
            self.ends.append(time.perf_counter())
            return True
        return False


def test_the_expected_values_start_once_the_analysis_is_painted(qtbot, window, monkeypatch):
    """The search runs beside the next repaint otherwise, and the two threads' Python parts
    take turns: the analysis reached the screen ~1.5 ms later."""
    import mjgui.ui.analysis_worker as worker_module
    starts: list[float] = []

    def timed(*args, **kwargs):
        starts.append(time.perf_counter())
        return expected_values(*args, **kwargs)

    expected_values = worker_module.expected_values
    monkeypatch.setattr(worker_module, "expected_values", timed)
    # the order, not the cap: a loaded machine may take longer than 50 ms to paint
    monkeypatch.setattr(worker_module, "SHOWN_WAIT_MS", 10_000)
    window.frame_hold_ms = 5000
    repaints = RepaintTimes(window)
    for text in ("23m456p789s55p1s24s6z", "234m56p789s11z556z9m", "1234m456p789s11z23p", "23m456p7899s1z556z7m"):
        changed = time.perf_counter()
        window.editor.set_hand(Hand.parse(text))
        qtbot.waitUntil(lambda: window.ev is not None and window.ev.hand == window.editor.hand, timeout=10000)
        painted = [end for end in repaints.ends if end > changed]
        assert painted and starts[-1] > painted[0], text
    # a window that does not paint (hidden) gets them all the same, a moment later
    window.hide()
    window.editor.set_hand(Hand.parse(HAND_14))
    qtbot.waitUntil(lambda: window.ev is not None and window.ev.hand == window.editor.hand, timeout=10000)
