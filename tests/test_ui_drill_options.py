"""Drill options changed during a run apply from the next problem (and the page says
so); the drill's keys work while a box of the top bar has the focus; the Waits drill
asks for a marked tile instead of scoring an empty answer."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mjgui.analysis import analyze
from mjgui.drills.history import HistoryStore
from mjgui.ui.drill_page import DrillPage


@pytest.fixture
def store(tmp_path):
    with HistoryStore.open(tmp_path / "history.db") as s:
        yield s


@pytest.fixture
def make_page(qtbot, store):
    def make(kind: str, **settings) -> DrillPage:
        page = DrillPage(kind, store)
        qtbot.addWidget(page)
        page.resize(1280, 800)
        page.apply_settings(settings)
        page.show()
        qtbot.waitExposed(page)
        return page
    return make


def pick(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))


def answer_anything(page) -> None:
    problem = page.session.current()
    page.view.answered.emit(problem.to_hand().concealed[0])


def test_shanten_and_timer_changes_apply_from_the_next_problem(make_page):
    page = make_page("nanikiru", shanten=1, timer=0)
    assert page.start(seed=11)
    first = page.session.current()
    assert analyze(first.to_hand()).shanten == 1
    pick(page.shanten_combo, 2)
    pick(page.timer_combo, 30)
    assert "next problem" in page.notice_text()
    assert page.session.current() is first and page.session.timer_seconds is None    # this one keeps its options
    answer_anything(page)
    page.next_problem()
    second = page.session.current()
    # the generator's own count (the engine's shanten of the dealt hand) is now 2
    assert analyze(second.to_hand()).shanten == 2
    assert page.session.timer_seconds == 30 and page.countdown.isVisible()
    assert page.notice_text() == ""                       # said once; gone with the new problem


def test_evaluator_change_grades_the_next_problem_with_it(make_page):
    page = make_page("nanikiru")
    page.start(seed=5)
    pick(page.evaluator_combo, "second-step")
    assert page.session.evaluator == "ukeire"
    answer_anything(page)
    page.next_problem()
    assert page.session.evaluator == "second-step" and page.view.evaluator == "second-step"


def test_source_change_says_it_needs_a_restart(make_page):
    page = make_page("nanikiru")
    page.start(seed=5)
    pick(page.source_combo, "starter")
    assert "Restart" in page.notice_text()
    assert page.session.generated


def test_enter_and_n_reach_the_drill_from_a_focused_box(make_page, qtbot):
    page = make_page("wait")
    page.start(seed=3)
    view = page.view
    problem = page.session.current()
    first_wait = analyze(problem.to_hand()).waits.kinds[0]
    view.grid.toggle(first_wait)
    page.timer_combo.setFocus()
    timer_before = page.timer_combo.currentIndex()
    qtbot.keyClick(page.timer_combo, Qt.Key.Key_Return)        # Enter checks the answer
    assert page.session.answered
    assert page.timer_combo.currentIndex() == timer_before
    page.mode_combo.setFocus()
    mode_before = page.mode_combo.currentIndex()
    qtbot.keyClick(page.mode_combo, Qt.Key.Key_N)               # N: the next problem
    assert page.session.position == 2 and not page.session.answered
    assert page.mode_combo.currentIndex() == mode_before        # not the box's type-ahead
    # the box keeps its arrows
    qtbot.keyClick(page.mode_combo, Qt.Key.Key_Down)
    assert page.mode_combo.currentIndex() == mode_before + 1


def test_waits_check_with_nothing_marked_asks_for_a_tile(make_page, qtbot, store):
    page = make_page("wait")
    page.start(seed=3)
    view = page.view
    qtbot.keyClick(view.grid, Qt.Key.Key_Return)
    assert not page.session.answered and store.attempts() == []
    assert view.need_mark.isVisible() and "mark at least one tile" in view.need_mark.text()
    view.grid.toggle(analyze(page.session.current().to_hand()).waits.kinds[0])
    assert not view.need_mark.isVisible()
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    assert page.session.answered and len(store.attempts()) == 1
