"""The defence drill page driven as a user would (issue 28, item 4)."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402

from mjgui.defence.danger import danger  # noqa: E402
from mjgui.drills.problems import Problem  # noqa: E402
from mjgui.tiles import KIND_NAMES, Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.drill_page import DefenceView, DrillPage  # noqa: E402
from drill_steps import open_page, settle  # noqa: E402

# a riichi on 2z after 1z 9m 1p 9s: 9m and 1p genbutsu, 2z / 3z / 7z seen out, 5s no suji
GENBUTSU = Problem(id="g1", drill="defence", question="safest",
                   hand="999m111p5s222z33z77z seat:S turn:6 discards:1m4z8p9p5z L:1z9m1p9s2*z A:3z3z R:7z7z")


@pytest.fixture
def make_page(qtbot, store):
    return lambda **settings: open_page(qtbot, "defence", store, **settings)


def _click_tile(qtbot, view: DefenceView, kind: int) -> None:
    tiles = view.hand_view.concealed_tiles()
    index = next(i for i, t in enumerate(tiles) if t.kind == kind)
    qtbot.mouseClick(view.hand_view.tile_buttons()[index], Qt.MouseButton.LeftButton)


def _key(key, text: str = "") -> QKeyEvent:
    return QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, text)


def test_the_bar_asks_the_question_not_the_shanten(make_page):
    page = make_page()
    assert isinstance(page.view, DefenceView)
    assert page.bar_fields["topic"].isVisibleTo(page) and not page.bar_fields["shanten"].isVisibleTo(page)
    assert not page.bar_fields["evaluator"].isVisibleTo(page)
    assert [page.topic_combo.itemData(i) for i in range(page.topic_combo.count())] == ["any", "safest", "pushfold"]
    assert page.source_combo.findData("starter") < 0           # no defence problems in the starter set
    assert page.bar_labels["topic"].text() == "Question"


def test_a_safest_tile_problem_answered_by_clicking(qtbot, make_page, store):
    page = make_page(theme="safest")
    assert page.start(seed=4)
    view = page.view
    problem = page.session.current()
    assert problem.question == "safest" and view.prompt.text() == "Riichi! Which tile is safest?"
    hand = problem.to_hand()
    assert any(o.in_riichi for o in hand.opponents)
    assert view.table_view.hand() == hand and view.table_view.isVisible()     # the rivers as on the table
    assert len(view.table_view.tiles()) == sum(len(o.river) for o in hand.opponents)
    assert not view.choices.isVisibleTo(view)              # no push / fold for this question
    combined = danger(hand).combined
    worst = max({t.kind for t in hand.concealed}, key=lambda k: combined[k])
    _click_tile(qtbot, view, worst)
    settle()
    fb = page.session.result.feedback
    assert fb.pick == KIND_NAMES[worst] and not fb.correct and fb.credit == 0.0
    assert view.feedback.isVisible() and view.feedback.title.text() == "Wrong"
    assert view.table.isVisible()
    assert view.table.rowCount() == len({t.kind for t in hand.concealed})
    # the table lists each tile safest first, with its deal-in % and why
    shown = [view.table.item(i, 0).text() for i in range(view.table.rowCount())]
    assert shown[0] in fb.best and shown[-1] == KIND_NAMES[worst]
    assert view.table.item(0, 1).text().endswith("%")
    assert "against" in view.table.item(0, 2).text()
    assert store.count("defence") == 1
    # Enter: the next problem; the safest tile this time is right
    qtbot.keyClick(view.feedback.next_button, Qt.Key.Key_Return)
    settle()
    assert page.session.position == 2 and not view.feedback.isVisible() and not view.table.isVisible()
    nxt = page.session.current()
    _click_tile(qtbot, view, Tile.from_name(nxt.best[0]).kind)
    settle()
    assert page.session.result.feedback.correct and view.feedback.title.text() == "Correct"
    assert store.count("defence") == 2


def test_keys_pick_a_tile_by_position(make_page):
    page = make_page()
    page.start_set([GENBUTSU], "Hand-made")
    view = page.view
    tiles = view.hand_view.concealed_tiles()
    page.keyPressEvent(_key(Qt.Key.Key_1, "1"))           # the first tile: 9m, genbutsu
    settle()
    fb = page.session.result.feedback
    assert tiles[0].kind == Tile.from_name("9m").kind and fb.pick == "9m" and fb.correct
    assert "against the left player: genbutsu" in view.feedback.explanation.text()


def test_push_or_fold_then_the_tile_or_the_tile_first(qtbot, make_page):
    page = make_page(theme="pushfold")
    assert page.start(seed=2)
    view = page.view
    problem = page.session.current()
    assert problem.question == "pushfold" and view.choices.isVisibleTo(view)
    assert view.push_button.name_label.text() == "Push" and view.fold_button.name_label.text() == "Fold"
    qtbot.mouseClick(view.fold_button, Qt.MouseButton.LeftButton)
    assert view.fold_button.state == "chosen" and page.session.result is None
    assert "click the tile" in view.hint.text()
    tile = view.hand_view.concealed_tiles()[0]
    _click_tile(qtbot, view, tile.kind)
    settle()
    fb = page.session.result.feedback
    assert fb.pick == f"fold {tile.plain_name}"
    # both values of every tile are shown, with the deal-in chance
    assert [view.table.horizontalHeaderItem(i).text() for i in range(view.table.columnCount())] == \
        ["Tile", "Push", "Fold", "Deal-in", "Why"]
    row = next(i for i in range(view.table.rowCount()) if view.table.item(i, 0).text() == tile.plain_name)
    option = next(o for o in fb.details["options"] if o["tile"] == tile.plain_name)
    assert view.table.item(row, 2).text() == ("−" if option["fold"] < 0 else "") + f"{abs(option['fold']):,.0f}"
    right = {b.split()[0] for b in fb.best}
    assert view.fold_button.state == ("right" if "fold" in right else "wrong")
    assert view.push_button.state == ("other-right" if "push" in right else None)
    # the next problem: the tile first, then P answers push with it
    page.next_problem()
    settle()
    tile = view.hand_view.concealed_tiles()[-1]
    _click_tile(qtbot, view, tile.kind)
    assert page.session.result is None and "now Push (P) or Fold (F)" in view.hint.text()
    page.keyPressEvent(_key(Qt.Key.Key_P, "p"))
    settle()
    assert page.session.result.feedback.pick == f"push {tile.plain_name}"


def test_japanese(make_page):
    page = make_page(theme="safest")
    i18n.set_language("ja")
    page.retranslate()
    page.start_set([GENBUTSU], "手作り")
    view = page.view
    assert view.prompt.text() == "リーチ！ 一番安全な牌は？"
    assert view.table_view.header_text("L").startswith("上家")
    assert page.bar_labels["topic"].text() == "問題"
    page.keyPressEvent(_key(Qt.Key.Key_7, "7"))            # 999m111p, then 5s: no suji
    settle()
    assert view.feedback.title.text() == "不正解"
    assert "上家に対して無筋、5巡目" in view.feedback.explanation.text()
    assert view.table.horizontalHeaderItem(1).text() == "放銃率"
    assert any("上家に対して現物" in view.table.item(i, 2).text() for i in range(view.table.rowCount()))


def test_a_miss_comes_back_from_the_review_queue(make_page, store):
    page = make_page()
    page.start_set([GENBUTSU], "Hand-made")
    page.keyPressEvent(_key(Qt.Key.Key_7, "7"))            # 5s: wrong
    settle()
    assert not page.session.result.feedback.correct
    page.source_combo.setCurrentIndex(page.source_combo.findData("review"))
    assert page.start()
    assert page.session.current() == GENBUTSU


def test_the_main_window_has_the_defence_mode(qtbot, tmp_path):
    from mjgui.ui.main_window import MainWindow
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
                        tmp_path / "history.sqlite")
    qtbot.addWidget(window)
    try:
        window.mode_actions["defence"].trigger()
        page = window.pages["defence"]
        assert isinstance(page, DrillPage) and page.drill == "defence"
        assert window.mode_actions["defence"].text() == "Defence"
        window.set_language("ja")
        assert window.mode_actions["defence"].text() == "守備"
        window.practise([GENBUTSU], "From stats")
        assert page.session.problems == (GENBUTSU,)
    finally:
        window.set_language("en")
        window.worker.wait()


def test_other_visible_tiles_show_inside_the_view(make_page):
    # a reviewed game's hand may carry tiles seen elsewhere (visible:)
    problem = Problem(id="v1", drill="defence", question="safest",
                      hand="999m111p5s222z33z77z visible:5p5p seat:S turn:6 discards:1m4z8p9p5z "
                           "L:1z9m1p9s2*z A:3z3z R:7z7z")
    page = make_page()
    page.start_set([problem], "Hand-made")
    view = page.view
    assert view.visible_flow.isVisibleTo(view) and view.visible_flow.window() is view.window()
    assert [t.name for t in view.visible_flow.tiles()] == ["5p", "5p"]
