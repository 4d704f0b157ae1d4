"""The score drill page (pytest-qt, offscreen): choices and typing, the breakdown, history,
stats, review, Japanese, and the mode bar; a screenshot to /tmp/score_drill.png."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

from mjgui.drills import grade  # noqa: E402
from mjgui.drills.problems import Problem  # noqa: E402
from mjgui.drills.grading import problem_score, score_choices  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.drill_page import DrillPage, ScoreView  # noqa: E402
from mjgui.ui.stats_page import StatsPage  # noqa: E402
from drill_steps import FakeClock, open_page, settle  # noqa: E402

# riichi, kanchan 2s, concealed triplet 9s, chun pair: 20 + 10 + 8 + 2 + 2 = 42 -> 50 fu, 1 han: ron 1,600
FU_HAND = Problem(id="fu-hand", drill="score", hand="123m456p999s13s77z2s win:2s riichi seat:S")
# daisangen by ron, non-dealer: 32,000
DAISANGEN = Problem(id="daisangen", drill="score", hand="123m55p555666777z win:7z seat:W")


@pytest.fixture
def make_page(qtbot, store):
    return lambda **settings: open_page(qtbot, "score", store, **settings)


def test_bar_offers_the_score_settings(make_page):
    page = make_page()
    assert isinstance(page.view, ScoreView)
    sources = [page.source_combo.itemData(i) for i in range(page.source_combo.count())]
    assert sources == ["generated", "review"]
    levels = [page.topic_combo.itemData(i) for i in range(page.topic_combo.count())]
    assert levels == ["any", "easy", "medium", "hard"]
    assert page.bar_labels["topic"].text() == "Difficulty"
    assert page.bar_fields["answer"].isVisibleTo(page) and not page.bar_fields["shanten"].isVisibleTo(page)
    assert not page.bar_fields["evaluator"].isVisibleTo(page)
    page.apply_settings({"answer": "enter", "theme": "hard", "mode": "set20"})
    assert page.settings()["answer"] == "enter" and page.settings()["theme"] == "hard"
    assert page.view.answer_mode == "enter"
    assert "han" in page.intro.text.text() and "Score" in page.intro.title.text()


def test_choices_flow(make_page, store, qtbot):
    page = make_page(mode="set10", theme="medium")
    page.start(seed=3)
    view = page.view
    p = page.session.current()
    assert p.drill == "score" and p.topic == "medium"
    hand = p.to_hand()
    # the winning tile sits apart, as the draw of a 3k+2 hand
    assert view.hand_view.drawn_tile() == hand.win.tile
    expected = score_choices(p)
    assert [b.text_label.text() for b in view.buttons] == [c.label("en") for c in expected]
    tile = hand.win.tile.name
    assert view.win_label.text() == (f"Tsumo: {tile} drawn" if hand.win.tsumo else f"Ron on {tile}")
    assert view.situation.text().startswith(("East round", "South round"))

    right = next(b for b in view.buttons if b.choice.right)
    qtbot.mouseClick(right, Qt.MouseButton.LeftButton)
    fb = page.session.result.feedback
    assert fb == grade(p, right.choice.answer) and fb.correct and fb.best == p.best
    assert right.state == "right" and view.feedback.isVisible() and view.breakdown.isVisible()
    assert all(b.state is None for b in view.buttons if b is not right)
    s = problem_score(p)
    assert view.value_label.text() == s.summary("en")
    assert [name for name, _ in view.breakdown_rows("yaku")][:len(s.yaku)] == [y.label("en").rsplit(" ", 2)[0]
                                                                              if not y.is_yakuman else y.name
                                                                              for y in s.yaku]
    assert view.breakdown_rows("pay")[-1] == ("total", f"{s.total:,}")
    attempt = store.attempts()[-1]
    assert (attempt.drill, attempt.pick, attempt.correct, attempt.topic) == ("score", fb.pick, True, "medium")

    qtbot.keyClick(page, Qt.Key.Key_N)                   # N: next
    p2 = page.session.current()
    assert p2 != p and not view.breakdown.isVisible()
    wrong = next(i for i, b in enumerate(view.buttons) if not b.choice.right)
    qtbot.keyClick(page, Qt.Key.Key_1 + wrong)            # the digit picks by position
    fb = page.session.result.feedback
    assert not fb.correct and fb.credit == 0.0
    assert view.buttons[wrong].state == "wrong"
    assert [b.state for b in view.buttons if b.choice.right] == ["other-right"]
    assert store.count() == 2
    settle()
    # only this problem's breakdown is drawn (the first one's labels are gone, not stacked under it)
    shown = [w for w in view.breakdown.findChildren(QLabel)
             if w.isVisible() and w.objectName().startswith(("yaku_", "fu_", "pay_"))]
    assert len(shown) == 2 * sum(len(view.breakdown_rows(name)) for name in ("yaku", "fu", "pay"))


def test_summary_reads_score_values_in_words(make_page, qtbot):
    page = make_page()
    page.start_set([FU_HAND], "One")
    page.view.choose(next(i for i, b in enumerate(page.view.buttons) if not b.choice.right))
    pick = page.session.result.feedback.pick
    page.next_problem()
    rows = page.summary_view.rows
    assert len(rows) == 1
    assert rows[0].text.text().endswith("Answer: <b>1 han 50 fu, 1,600</b>")
    assert f"You: <b>{int(pick):,}</b>" in rows[0].text.text()
    assert rows[0].tiles.tiles()[-1] == FU_HAND.to_hand().win.tile      # the winning tile apart


@pytest.mark.parametrize("answer, keys", [
    ("choices", [Qt.Key.Key_Return, Qt.Key.Key_2, Qt.Key.Key_Return, Qt.Key.Key_4, Qt.Key.Key_N,
                 Qt.Key.Key_1]),
    ("enter", [Qt.Key.Key_Return, Qt.Key.Key_1, Qt.Key.Key_Slash, Qt.Key.Key_3, Qt.Key.Key_0,
               Qt.Key.Key_Space, Qt.Key.Key_1, Qt.Key.Key_0, Qt.Key.Key_0, Qt.Key.Key_0, Qt.Key.Key_Return,
               Qt.Key.Key_N, Qt.Key.Key_Y, Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_0, Qt.Key.Key_0,
               Qt.Key.Key_0, Qt.Key.Key_Return, Qt.Key.Key_Return, Qt.Key.Key_5, Qt.Key.Key_Return,
               Qt.Key.Key_8, Qt.Key.Key_0, Qt.Key.Key_0, Qt.Key.Key_0, Qt.Key.Key_Return]),
])
def test_keyboard_only_with_real_focus(store, qtbot, answer, keys):
    """Keys go wherever the focus really is (in a main window, as in the app): start, answer,
    next, three times over."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QMainWindow
    window = QMainWindow()
    qtbot.addWidget(window)
    page = DrillPage("score", store, window, clock=FakeClock())
    page.apply_settings({"mode": "set10", "answer": answer})
    window.setCentralWidget(page)
    window.resize(1280, 860)
    window.show()
    window.activateWindow()
    if not QTest.qWaitForWindowActive(window, 2000):
        pytest.skip("no window activation on this platform")
    page.setFocus()
    for i, key in enumerate(keys):
        target = QApplication.focusWidget()
        assert target is not None and (target is page or page.isAncestorOf(target)), i
        qtbot.keyClick(target, key)
    assert store.count() == 3 and page.session.position == 3
    picks = [a.pick for a in store.attempts()]
    if answer == "enter":
        # 1 / 30 / 1000; Y then 32000; 5 han, Enter without points is refused, then 8000
        assert picks == ["1/30/1000", "yakuman//32000", "5//8000"]


def test_typing_flow_partial_credit_and_breakdown(make_page, store, qtbot):
    page = make_page(answer="enter")
    assert page.start_set([FU_HAND, DAISANGEN], "Typed")
    view = page.view
    assert view.answer_stack.currentWidget() is view.enter_page
    qtbot.keyClicks(view.han_edit, "1")
    qtbot.keyClick(view.han_edit, Qt.Key.Key_Slash)      # / moves on, as in 1/40/1300
    assert view.window().focusWidget() is view.fu_edit         # (the window need not be active)
    qtbot.keyClicks(view.fu_edit, "40")
    qtbot.keyClick(view.fu_edit, Qt.Key.Key_Space)
    qtbot.keyClicks(view.points_edit, "1,300")
    assert view.typed_answer() == "1/40/1,300"
    qtbot.keyClick(view.points_edit, Qt.Key.Key_Return)  # Enter checks
    fb = page.session.result.feedback
    assert (fb.correct, fb.credit, fb.pick) == (False, 0.25, "1/40/1300")
    assert view.feedback.rank.text() == "han ✓ · fu ✗"
    assert view.feedback.title.text() == "Partly right"
    # the panel gives the verdict; the breakdown is laid out below it
    assert view.feedback.explanation.text() == (
        "Not right: the hand is 1 han 50 fu, ron 1,600; you said 1 han 40 fu, 1,300 (han right, "
        "fu wrong). Credit 0.25.")
    assert view.breakdown_rows("yaku") == [("Riichi", "1 han"), ("total", "1 han")]
    assert view.breakdown_rows("fu") == [("base", "20"), ("closed ron", "10"), ("closed triplet 9s", "8"),
                                         ("value pair 7z", "2"), ("wait 2s", "2"),
                                         ("total, rounded up", "42 → 50")]
    assert view.breakdown_rows("pay") == [("ron: the discarder pays", "1,600"), ("total", "1,600")]
    assert view.points_edit.isReadOnly()
    settle()
    view.grab().save("/tmp/score_drill.png")

    qtbot.keyClick(page, Qt.Key.Key_Return)              # Enter: next (the answer is locked)
    assert page.session.current() == DAISANGEN
    assert view.han_edit.text() == "" and not view.breakdown.isVisible()
    qtbot.keyClick(page, Qt.Key.Key_Y)                   # Y: yakuman, no han or fu to type
    assert view.yakuman_button.isChecked() and not view.han_edit.isEnabled()
    page.keyPressEvent(_key(Qt.Key.Key_Return))          # nothing typed: not sent
    assert page.session.result is None and "Type the points" in view.hint.text()
    qtbot.keyClicks(view.points_edit, "32000")
    qtbot.keyClick(view.points_edit, Qt.Key.Key_Return)
    fb = page.session.result.feedback
    assert fb.correct and fb.pick == "yakuman//32000"
    assert view.breakdown_rows("yaku") == [("Daisangen", "yakuman")]
    assert view.breakdown_rows("fu") == [("not counted for a yakuman", "")]
    assert [a.pick for a in store.attempts()] == ["1/40/1300", "yakuman//32000"]
    assert [a.set_name for a in store.attempts()] == ["Typed", "Typed"]


def _key(key, text: str = ""):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    return QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, text)


def test_digits_typed_on_the_page_go_into_the_fields(make_page, store):
    page = make_page(answer="enter")
    page.start_set([FU_HAND], "One")
    page.setFocus()
    page.keyPressEvent(_key(Qt.Key.Key_1, "1"))         # no field focused: the first empty one
    assert page.view.han_edit.text() == "1"
    page.view.fu_edit.setText("50")
    page.keyPressEvent(_key(Qt.Key.Key_1, "1"))
    page.keyPressEvent(_key(Qt.Key.Key_6, "6"))
    assert page.view.points_edit.text() == "16"


def test_japanese(make_page):
    i18n.set_language("ja")
    page = make_page(answer="enter")
    page.retranslate()
    page.start_set([FU_HAND], "JA")
    view = page.view
    assert view.prompt.text() == "この手は何点？"
    assert view.win_label.text() == "ロン和了: 2s"
    assert view.situation.text() == "東場 · 南家（子）"
    assert view.flags_label.text() == "立直"
    assert page.bar_labels["topic"].text() == "難易度"
    view.points_edit.setText("1600")
    view.check()
    assert view.feedback.explanation.text() == "正解: 1翻50符, ロン 1,600。"
    assert view.breakdown_rows("yaku") == [("立直", "1翻"), ("合計", "1翻")]
    assert view.breakdown_rows("fu")[0] == ("副底", "20")
    assert view.breakdown_rows("pay")[-1] == ("合計", "1,600")
    i18n.set_language("en")
    page.retranslate()
    assert view.breakdown_rows("yaku")[0] == ("Riichi", "1 han")
    assert view.feedback.explanation.text() == "Correct: 1 han 50 fu, ron 1,600."


def test_review_queue_and_stats_row(make_page, store, qtbot):
    page = make_page()
    page.start_set([FU_HAND, DAISANGEN], "Mixed")
    page.view.choose(next(i for i, b in enumerate(page.view.buttons) if not b.choice.right))  # a miss
    page.next_problem()
    page.view.choose(next(i for i, b in enumerate(page.view.buttons) if b.choice.right))
    page.source_combo.setCurrentIndex(page.source_combo.findData("review"))
    assert page.start(seed=1)                            # a due review: the missed problem
    assert page.session.problems == (FU_HAND,)
    stats = StatsPage(store)
    qtbot.addWidget(stats)
    stats.refresh()
    rows = {row[0]: row for row in stats.table_rows("drill")}
    assert rows["Score"] == ["Score", "2", "50%", "50%"]
    assert {row[0] for row in stats.table_rows("shanten")} == {"Complete"}


def test_mode_bar_score_is_ctrl_5_defence_ctrl_6_and_stats_ctrl_7(qtbot, tmp_path):
    from mjgui.ui.main_window import MODES, MainWindow
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings, tmp_path / "history.sqlite")
    qtbot.addWidget(window)
    try:
        assert MODES == ("analyze", "nanikiru", "wait", "call", "score", "defence", "stats", "review")
        assert window.mode_actions["score"].shortcut() == QKeySequence("Ctrl+5")
        assert window.mode_actions["defence"].shortcut() == QKeySequence("Ctrl+6")
        assert window.mode_actions["stats"].shortcut() == QKeySequence("Ctrl+7")
        assert window.mode_actions["call"].shortcut() == QKeySequence("Ctrl+4")
        assert window.mode_actions["score"].text() == "Score"
        window.mode_actions["score"].trigger()
        assert isinstance(window.pages["score"], DrillPage) and window.pages["score"].drill == "score"
        assert window.stack.currentWidget() is window.pages["score"]
        window.practise([DAISANGEN], "From stats")
        assert window.pages["score"].session.problems == (DAISANGEN,)
        from mjgui.ui.help_overlay import shortcuts
        assert ("Ctrl+1 … Ctrl+8", "Analyze, Nanikiru, Waits, Calls, Score, Defence, Stats, Review") in shortcuts()
    finally:
        window.worker.wait()


def test_timer_runs_out_and_the_breakdown_still_shows(qtbot, store):
    clock = FakeClock()
    page = DrillPage("score", store, clock=clock)
    qtbot.addWidget(page)
    page.apply_settings({"timer": "15", "answer": "enter"})
    page.show()
    page.start_set([FU_HAND], "Timed")
    clock.t += 16
    page.tick()
    result = page.session.result
    assert result.timed_out and result.feedback.credit == 0.0
    view = page.view
    assert view.feedback.title.text() == "Time is up"
    assert view.feedback.explanation.text().startswith("Time is up: scored 0. No answer was given.")
    assert view.breakdown.isVisibleTo(page) and view.value_label.text() == "1 han 50 fu, ron 1,600"
    assert view.points_edit.isReadOnly()
    assert store.attempts()[-1].pick == ""
