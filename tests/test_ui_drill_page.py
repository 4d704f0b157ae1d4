"""The drill pages (pytest-qt, offscreen): each drill end to end, keyboard answering, set
summaries, a failing history, the timer; screenshots to /tmp/ui_drill_*.png."""
from __future__ import annotations

import threading

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from mjgui.drills import grade, make_problem, starter_set  # noqa: E402
from mjgui.drills.history import HistoryStore  # noqa: E402
from mjgui.drills.review import ReviewQueue  # noqa: E402
from mjgui.drills.grading import call_choices, rank_function  # noqa: E402
from mjgui.analysis import analyze  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.drill_common import tile_name  # noqa: E402
from mjgui.ui.drill_page import DrillPage, NanikiruView  # noqa: E402
from drill_steps import FakeClock, open_page, settle  # noqa: E402

K = Tile.from_name


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_page(qtbot, store, clock):
    def make(kind: str, history=store, **settings) -> DrillPage:
        return open_page(qtbot, kind, history, clock, size=(1280, 800), **settings)
    return make


def screenshot(widget, name: str) -> None:
    """The widget at 2x device pixels, as the user sees it."""
    settle()
    image = QImage(widget.size() * 2, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2)
    image.fill(widget.palette().window().color())
    widget.render(image)
    assert image.save(f"/tmp/ui_drill_{name}.png")


def wrong_pick(problem) -> Tile:
    return next(t for t in problem.to_hand().concealed if t.plain_name not in problem.best)


def mark_a_miss(page) -> None:
    """Mark one tile that is not a wait and check: a wrong answer (an empty one is refused)."""
    waits = {K(n).kind for n in page.session.current().best}
    page.view.grid.toggle(next(k for k in range(34) if k not in waits))
    page.view.check()


def starter(kind: str) -> list:
    return [p for p in starter_set() if p.drill == kind]


# ---- nanikiru ---------------------------------------------------------------------------------

def test_nanikiru_click_flow(make_page, store, clock, qtbot):
    page = make_page("nanikiru", mode="set10", timer=0)
    assert page.stack.currentWidget() is page.intro
    assert page.start(seed=5)
    view: NanikiruView = page.view
    p = page.session.current()
    assert p == make_problem(5, 0, "nanikiru")
    assert page.counter.text() == "1 / 10"
    # the answer stays hidden until the pick
    assert view.feedback.isHidden() and view.table.isHidden()
    assert all(b.highlight is None for b in view.hand_view.tile_buttons())
    assert view.visible_flow.tiles() == sorted(p.to_hand().visible)

    pick = wrong_pick(p)
    index = view.hand_view.concealed_tiles().index(pick)
    clock.t += 6.5
    with qtbot.waitSignal(page.attemptRecorded, timeout=1000):
        qtbot.mouseClick(view.hand_view.tile_buttons()[index], Qt.MouseButton.LeftButton)
    expected = grade(p, pick)
    result = page.session.result
    assert result.feedback == expected and not expected.correct
    assert view.feedback.isVisible() and view.feedback.result() is result
    assert view.feedback.credit.text() == f"{round(100 * expected.credit)} %"
    assert view.feedback.explanation.text() == expected.explanation("en")
    assert view.feedback.title.text() in ("Not the best", "Wrong")
    if expected.credit > 0:
        assert view.feedback.rank.text().endswith(f"of {expected.choices}")
    # the full table, best rows as the grade says, the pick marked
    assert view.table.isVisible()
    analysis = analyze(p.to_hand(), rank=rank_function("ukeire"))
    qtbot.waitUntil(lambda: view.table.model().rowCount() > 0, timeout=5000)    # from the worker
    assert view.table.model().rowCount() == len(analysis.rows)
    assert {r.tile.plain_name for r in analysis.best()} == set(expected.best)
    assert view.table.proxy.pick_kind == pick.kind
    best_kinds = {K(n).kind for n in expected.best}
    for b in view.hand_view.tile_buttons():
        if b.tile.kind in best_kinds:
            assert b.highlight is not None
    # recorded at once, with the time taken
    (attempt,) = store.attempts()
    assert (attempt.problem_id, attempt.pick, attempt.correct) == (p.id, expected.pick, False)
    assert attempt.seconds == pytest.approx(6.5) and attempt.score == pytest.approx(expected.credit)
    screenshot(page, "nanikiru")

    qtbot.mouseClick(view.feedback.next_button, Qt.MouseButton.LeftButton)
    assert page.session.current() == make_problem(5, 1, "nanikiru")
    assert view.feedback.isHidden() and view.table.isHidden()
    assert page.counter.text() == "2 / 10"
    best = K(page.session.current().best[0])
    qtbot.mouseClick(view.hand_view.tile_buttons()[view.hand_view.concealed_tiles().index(best)],
                     Qt.MouseButton.LeftButton)
    assert page.session.result.feedback.correct and view.feedback.title.text() == "Correct"
    assert [a.correct for a in store.attempts()] == [False, True]
    assert page.tally.text() == "✓ 1 of 2"


def test_nanikiru_keyboard(make_page, store, qtbot):
    page = make_page("nanikiru", mode="endless", evaluator="second-step")
    page.start(seed=9)
    hv = page.view.hand_view
    p = page.session.current()
    qtbot.keyClick(hv, Qt.Key.Key_3)                       # the third tile
    tile = hv.concealed_tiles()[2]
    assert page.session.result.feedback == grade(p, tile, "second-step")
    assert page.counter.text() == "#1"
    qtbot.keyClick(page.view.feedback.next_button, Qt.Key.Key_Return)     # Enter: next
    assert page.session.position == 2
    p2 = page.session.current()
    assert p2 == make_problem(9, 1, "nanikiru", evaluator="second-step")
    qtbot.keyClick(hv, Qt.Key.Key_Right)
    qtbot.keyClick(hv, Qt.Key.Key_Right)
    qtbot.keyClick(hv, Qt.Key.Key_Return)                   # the second tile
    assert page.session.result.feedback.pick == hv.concealed_tiles()[1].plain_name
    qtbot.keyClick(page, Qt.Key.Key_N)                      # N: next
    qtbot.keyClick(hv, Qt.Key.Key_0)                        # 0: the drawn tile
    assert page.session.result.feedback.pick == page.session.current().drawn.plain_name
    assert store.count() == 3


# ---- waits -------------------------------------------------------------------------------------

def test_wait_flow(make_page, store, qtbot):
    page = make_page("wait", mode="set10")
    page.start(seed=2)
    view = page.view
    p = page.session.current()
    assert view.inspector.isHidden()
    waits = [K(n).kind for n in p.best]
    for k in waits:
        qtbot.mouseClick(view.grid.buttons[k], Qt.MouseButton.LeftButton)
    assert view.grid.marked() == sorted(waits)
    assert view.grid.buttons[waits[0]].highlight is not None
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    fb = page.session.result.feedback
    assert fb == grade(p, [Tile(k) for k in waits]) and fb.correct and fb.credit == 1
    assert view.grid.result_marks() == {k: "right" for k in waits}
    # the waits come from the analysis worker, as in the main window
    qtbot.waitUntil(view.inspector.isVisible, timeout=5000)
    assert view.inspector.wait_kinds() == sorted(waits)
    assert store.attempts()[-1].correct

    qtbot.keyClick(view.feedback.next_button, Qt.Key.Key_Return)
    p2 = page.session.current()
    assert p2 == make_problem(2, 1, "wait")
    waits2 = {K(n).kind for n in p2.best}
    wrong = next(k for k in range(27, 34) if k not in waits2)      # an honour that is no wait
    qtbot.keyClick(view.grid, Qt.Key.Key_1 + (wrong - 27))         # typed: digit, then z
    qtbot.keyClick(view.grid, Qt.Key.Key_Z)
    assert view.grid.marked() == [wrong]
    qtbot.keyClick(view.grid, Qt.Key.Key_Return)                   # Enter checks
    fb = page.session.result.feedback
    assert fb == grade(p2, [Tile(wrong)]) and not fb.correct
    marks = view.grid.result_marks()
    assert marks[wrong] == "wrong" and all(marks[k] == "missed" for k in waits2)
    assert view.grid.buttons[wrong].badge == "✗"
    assert view.feedback.title.text() == "Wrong"
    screenshot(page, "wait")


def test_wait_grid_keyboard_cursor(make_page):
    page = make_page("wait")
    page.start(seed=3)
    grid = page.view.grid
    grid.setFocus()
    # the first arrow shows the cursor on 1m, then 2m, then down to 2p; Space marks it
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Space):
        grid.keyPressEvent(_key(key))
    assert grid.marked() == [K("2p").kind]
    grid.keyPressEvent(_key(Qt.Key.Key_Backspace))
    assert grid.marked() == []


def _key(key):
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtCore import QEvent
    return QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)


# ---- calls ----------------------------------------------------------------------------------------

def test_call_flow(make_page, store, qtbot):
    page = make_page("call", source="starter", mode="set10")
    page.start(seed=1)
    view = page.view
    p = page.session.current()
    assert p in starter("call")
    seat = {"L": "Left player", "A": "Player across", "R": "Right player"}[p.from_seat]
    assert view.discard_label.text() == f"{seat} discards {tile_name(p.discarded_tile)}"
    names = [str(b.call) for b in view.choices]
    assert names[0] == "pass" and set(names) >= set(p.best)
    right = next(b for b in view.choices if str(b.call) == p.best[0])
    qtbot.mouseClick(right, Qt.MouseButton.LeftButton)
    answer = p.best[0]
    if right.call.kind != "pass":                # a call asks for its discard next
        assert view.after_box.isVisible() and page.session.result is None
        best = next(c for c in call_choices(p)[1] if str(c.call) == answer).discards
        tiles = view.after_view.concealed_tiles()
        i = next(i for i, t in enumerate(tiles) if t.kind == best[0])
        qtbot.mouseClick(view.after_view.tile_buttons()[i], Qt.MouseButton.LeftButton)
        answer = f"{answer} {tiles[i].plain_name}"
    fb = page.session.result.feedback
    assert fb == grade(p, answer) and fb.correct and fb.credit == 1.0
    assert right.state == "right" and view.feedback.isVisible()
    for b in view.choices:                       # no ring on the choices not picked and wrong
        if b is not right:
            assert b.state == ("other-right" if str(b.call) in fb.best else None)
        assert b.caption.isVisibleTo(view)       # every choice says what it does
    assert store.attempts()[-1].set_name == starter_set().title

    page.next_problem()
    p2 = page.session.current()
    qtbot.keyClick(page, Qt.Key.Key_S)                  # S: pass
    fb = page.session.result.feedback
    assert fb == grade(p2, "pass")
    picked = view.choices[0]
    assert picked.state == ("right" if fb.correct else "wrong")
    if not fb.correct:
        assert all(b.state == "other-right" for b in view.choices if str(b.call) in fb.best)
    screenshot(page, "call")


def test_call_generated_keys_by_position(make_page, store):
    page = make_page("call", mode="set10")
    page.start(seed=8)
    p = page.session.current()
    page.keyPressEvent(_key(Qt.Key.Key_2))
    assert page.session.result is None and page.view.after_box.isVisible()
    page.keyPressEvent(_key(Qt.Key.Key_Escape))          # back to the calls
    assert not page.view.after_box.isVisible()
    page.keyPressEvent(_key(Qt.Key.Key_2))
    first = page.view.after_view.concealed_tiles()[0]
    page.keyPressEvent(_key(Qt.Key.Key_1))               # the first tile of the hand after the call
    answer = f"{page.view.choices[1].call} {first.plain_name}"
    assert page.session.result.feedback == grade(p, answer)
    assert store.count() == 1


# ---- sets and summary ---------------------------------------------------------------------------------

def test_set_summary_and_practise_misses(make_page, store, clock, qtbot):
    page = make_page("nanikiru")
    problems = starter("nanikiru")[:3]
    assert page.start_set(problems, "Mini set")
    assert page.counter.text() == "1 / 3"
    for i, p in enumerate(problems):
        clock.t += 10
        page.view.hand_view.discardRequested.emit(wrong_pick(p) if i == 1 else K(p.best[0]))
        if i < 2:
            assert "Next" in page.view.feedback.next_button.text()
        page.next_problem()
    summary = page.summary_view
    assert page.stack.currentWidget() is summary
    assert summary.title.text() == "Mini set"
    assert summary.accuracy.value.text() == "2 / 3"
    expected = (2 + grade(problems[1], wrong_pick(problems[1])).credit) / 3
    assert summary.score.value.text() == f"{round(100 * expected)} %"
    assert summary.time.value.text() == "0:30"
    assert [r.result.problem for r in summary.rows] == [problems[1]]
    assert [a.set_name for a in store.attempts()] == ["Mini set"] * 3
    screenshot(page, "summary")

    qtbot.keyClick(summary, Qt.Key.Key_P)               # P: practise the misses
    assert page.stack.currentWidget() is page.view
    assert page.session.problems == (problems[1],) and page.session_title == "Misses"
    assert page.counter.text() == "1 / 1"


def test_endless_run_ends_on_demand(make_page):
    page = make_page("wait")
    page.start(seed=4)
    mark_a_miss(page)
    assert page.finish_button.isVisible()
    page.finish()
    assert page.stack.currentWidget() is page.summary_view
    assert page.summary_view.accuracy.value.text() == "0 / 1"
    assert not page.finish_button.isVisible()


def test_start_set_leaves_out_other_kinds(make_page):
    page = make_page("wait")
    mixed = list(starter_set())[:45]
    assert page.start_set([p.to_json() for p in mixed], "Imported")
    assert all(p.drill == "wait" for p in page.session.problems)
    assert "left out" in page.notice_text()
    assert not page.start_set(starter("call"), "Calls only")
    assert "No wait problems" in page.notice_text()


# ---- history problems, timer, sources, settings, language ----------------------------------------------

def test_a_failing_history_shows_an_inline_message_and_drills_go_on(make_page, tmp_path, qtbot):
    broken = HistoryStore.open(tmp_path / "broken.db")
    broken.close()                                       # every write raises HistoryError
    page = make_page("nanikiru", history=broken)
    page.start(seed=1)
    recorded = []
    page.attemptRecorded.connect(lambda: recorded.append(1))
    with qtbot.waitSignal(page.message, timeout=1000) as blocker:
        page.view.answer_index(0)
    assert "closed" in blocker.args[0]
    assert page.notice.isVisible() and "closed" in page.notice_text()
    assert page.view.feedback.isVisible() and not recorded
    page.next_problem()                                  # the drill goes on
    page.view.answer_index(1)
    assert page.session.summary().answered == 2 and page.view.feedback.isVisible()
    page.clear_notice()
    assert page.notice.isHidden()


def test_timer_runs_out(make_page, store, clock):
    page = make_page("nanikiru", timer=15)
    page.start(seed=6)
    assert page.countdown.isVisible() and page.countdown.text() == "15 s left"
    clock.t += 12
    page.tick()
    assert page.countdown.text() == "3 s left" and page.countdown.property("low")
    clock.t += 4
    page.tick()                                          # time is up: ended as a timeout
    r = page.session.result
    assert r.timed_out and r.feedback.pick == ""
    assert page.view.feedback.title.text() == "Time is up"
    assert page.view.feedback.isVisible() and page.countdown.isHidden()
    (a,) = store.attempts()
    assert a.score == 0 and not a.correct and a.seconds == pytest.approx(16)


def test_review_queue_source(make_page, store):
    page = make_page("wait", source="review")
    assert not page.start(seed=1)                        # nothing due yet
    assert "No missed problems" in page.notice_text()
    problems = starter("wait")[:2]
    page.start_set(problems, "First")
    for _ in problems:
        mark_a_miss(page)                                # two misses
        page.next_problem()
    assert ReviewQueue(store).counts(drill="wait")["due"] == 2
    assert page.source_combo.currentText() == "Set: “First”"    # the box names the set it ran
    page.source_combo.setCurrentIndex(page.source_combo.findData("review"))
    assert page.source_combo.currentText() == "Review (2 due)"
    assert page.start(seed=1)
    assert list(page.session.problems) == problems and page.session.set_name == "review"
    assert page.notice.isHidden()


def test_no_history_no_review(make_page):
    page = make_page("call", history=None, source="review")
    assert not page.start()
    assert "needs the drill history" in page.notice_text()


def test_settings_round_trip(make_page):
    page = make_page("nanikiru")
    wanted = {"source": "starter", "shanten": 2, "theme": "chiitoi", "mode": "set20",
              "evaluator": "second-step", "timer": 30}
    page.apply_settings({k: str(v) for k, v in wanted.items()} | {"bogus": 1, "timer": "7"})
    got = page.settings()
    assert got == wanted | {"timer": 0}                  # "7" is not a choice: unchanged
    assert not page.shanten_combo.isEnabled()            # filters are for generated problems
    page.apply_settings(wanted)
    assert page.settings() == wanted
    call = make_page("call")
    assert [call.shanten_combo.itemData(i) for i in range(call.shanten_combo.count())] == \
        ["any", 1, 2, 3]
    assert call.bar_fields["topic"].isHidden() and call.bar_fields["evaluator"].isHidden()


def test_bad_generator_options_are_an_inline_notice(make_page):
    page = make_page("nanikiru", shanten=3, theme="chinitsu")
    assert not page.start(seed=1)
    assert page.notice_text().startswith("Cannot start")
    assert page.stack.currentWidget() is page.intro


def test_retranslate_and_dark_theme(make_page, qtbot):
    from mjgui.ui.fonts import install_fonts
    from mjgui.ui.main_window import apply_theme
    app = QApplication.instance()
    install_fonts(app)
    page = make_page("call", mode="set10")
    page.start(seed=5)
    page.view.choose(0)
    fb = page.session.result.feedback
    i18n.set_language("ja")
    old_palette = app.palette()
    try:
        apply_theme(app, "dark")
        page.set_theme("dark")
        page.retranslate()
        assert page.view.feedback.explanation.text() == fb.explanation("ja")
        assert page.view.prompt.text() == "鳴きますか？"
        assert page.start_button.text() == "やり直す"
        screenshot(page, "call_ja_dark")
    finally:
        i18n.set_language("en")
        app.setPalette(old_palette)
        page.set_theme("light")
        page.retranslate()
    assert page.view.feedback.explanation.text() == fb.explanation("en")


@pytest.mark.parametrize("kind, keys", [
    ("nanikiru", [Qt.Key.Key_Return, Qt.Key.Key_3, Qt.Key.Key_Return, Qt.Key.Key_Right,
                  Qt.Key.Key_Return, Qt.Key.Key_N, Qt.Key.Key_0]),
    ("wait", [Qt.Key.Key_Return, Qt.Key.Key_4, Qt.Key.Key_M, Qt.Key.Key_Return, Qt.Key.Key_Return,
              Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_N,
              Qt.Key.Key_1, Qt.Key.Key_Z, Qt.Key.Key_Return]),
    ("call", [Qt.Key.Key_Return, Qt.Key.Key_2, Qt.Key.Key_Escape, Qt.Key.Key_1, Qt.Key.Key_Return,
              Qt.Key.Key_S, Qt.Key.Key_N, Qt.Key.Key_1]),
])
def test_keyboard_only_with_real_focus(store, clock, qtbot, kind, keys):
    """Keys go wherever the focus really is (in a main window, as in the app): start,
    answer, next, three times over."""
    from PySide6.QtWidgets import QMainWindow
    window = QMainWindow()
    qtbot.addWidget(window)
    page = DrillPage(kind, store, window, clock=clock)
    page.apply_settings({"mode": "set10"})
    window.setCentralWidget(page)
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    if not QTest.qWaitForWindowActive(window, 2000):
        pytest.skip("no window activation on this platform")
    page.setFocus()
    for i, key in enumerate(keys):
        target = QApplication.focusWidget()
        assert target is not None and (target is page or page.isAncestorOf(target)), \
            (i, QApplication.activeWindow())
        qtbot.keyClick(target, key)
    assert store.count() == 3 and page.session.position == 3


# ---- options changed mid-run, keys from a focused box, an empty Waits answer ------------------

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


def test_nanikiru_answer_is_analysed_off_the_ui_thread(qtbot, monkeypatch):
    from mjgui import analysis as analysis_module
    from mjgui.ui import analysis_worker
    from mjgui.drills.session import Result
    threads = []
    real = analysis_module.analyze

    def recording(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)
    monkeypatch.setattr(analysis_worker, "analyze", recording)
    view = NanikiruView()
    qtbot.addWidget(view)
    problem = make_problem(4, 0, "nanikiru")
    view.show_problem(problem)
    pick = problem.to_hand().concealed[0]
    feedback = grade(problem, pick)
    view.show_result(Result(0, problem, feedback, feedback, 1.0, False, None))
    qtbot.waitUntil(lambda: view.table.model().rowCount() > 0, timeout=5000)
    assert threads and all(t is not threading.main_thread() for t in threads)
    expected = analyze(problem.to_hand(), rank=rank_function(view.evaluator))
    assert [view.table.row_for_view(r).tile for r in range(view.table.model().rowCount())] == \
        [r.tile for r in expected.rows]
    assert view.table.proxy.pick_kind == pick.kind
