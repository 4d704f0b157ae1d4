"""Defence in the Analyze page, driven as a user would: the Danger column, the threats and the
push / fold line, the ranking with defence, and the wait inspector's warning for a winning tile
dangerous to hold.  The figures are checked against the danger model and the push / fold values
called directly, the reasons against hands worked out by hand (tests/test_defence_advice.py)."""
from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QEvent, QObject, Qt

import mjgui.ui.analysis_worker as worker_module
from mjgui.defence.advice import held_wait_dangers, push_fold_line, values_by_kind
from mjgui.defence.danger import danger
from mjgui.defence.reason_words import push_fold_text
from mjgui.defence.values import discard_values
from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.hand import Hand
from mjgui.tiles import Tile
from mjgui.ui import i18n
from mjgui.ui.analysis_table import DANGER, EXPECTED, PUSH_FOLD
from mjgui.ui.theme import COLORS
from mjgui.ui.wait_inspector import WaitInspector
from mjgui.waits import wait_details
from ui_steps import hover_tooltip, settle


def _k(name: str) -> int:
    return Tile.from_name(name).kind


# a tanki on 5p, held once: we sit South, the left player (East) is in riichi; 5p has no suji
TANKI = "123m456s789s111z5p seat:S L:1m2z7z*3z"


def test_the_inspector_warns_of_a_winning_tile_dangerous_to_hold(qtbot):
    hand = Hand.parse(TANKI)
    d = danger(hand)
    report = wait_details(hand)
    dangers = held_wait_dangers(d, [t.kind for t in hand.concealed], [w.kind for w in report.waits])
    w = WaitInspector()
    qtbot.addWidget(w)
    w.set_report(report, hand, dangers=dangers)
    assert w.wait_kinds() == [_k("5p")]
    warning = next(t for t in w.warnings() if t.startswith("5p wins, but you hold it"))
    assert f"{100 * d.p(_k('5p')):.1f}% deal-in" in warning and "East (left), riichi" in warning
    i18n.set_language("ja")
    w.retranslate()
    assert any(t.startswith("5pは和了牌ですが手の内にもあります") for t in w.warnings())
    i18n.set_language("en")
    # the same hand without a threat: no such banner
    calm = Hand.parse("123m456s789s111z5p")
    w.set_report(wait_details(calm), calm, dangers=held_wait_dangers(None, [], []))
    assert not any("you hold it" in t for t in w.warnings())


# ---- the window --------------------------------------------------------------------------------

# We sit South; the left player (East, the dealer) declared riichi on 7z and then threw 3z and
# more.  Discarding 3z leaves a tanki on 5p, discarding 5p a tanki on 3z.  By hand: 3z and 4s are
# in its river (genbutsu), 7s is suji (4s), 5s and 6s have no suji, 1z has one copy unseen.
TABLE = "123m456s789s111z5p3z seat:S L:9m1p2z7z*3z8m4s"
ALONE = "123m456s789s111z5p3z"


def _show(qtbot, w, text, ev=True):
    w.text.setText(text)
    w.apply_text()
    if ev:
        qtbot.waitUntil(lambda: w.ev is not None and str(w.ev.hand) == str(w.editor.hand), timeout=20000)
    else:
        qtbot.waitUntil(lambda: w.analysis is not None and str(w.analysis.hand) == str(w.editor.hand),
                        timeout=20000)
    qtbot.wait(1)


def _rows(w) -> list[str]:
    return [w.table.row_for_view(r).tile.name for r in range(w.table.model().rowCount())]


def _row_of(w, name: str) -> int:
    return _rows(w).index(name)


def _percent(p: float) -> str:      # as a player reads a chance: one decimal, 0% when safe
    return "0%" if p == 0 else f"{100 * p:.1f}%"


def test_the_danger_column_shows_each_discards_deal_in(qtbot, window):
    _show(qtbot, window, TABLE)
    table, model = window.table, window.table.model()
    assert not table.isColumnHidden(DANGER) and not table.isColumnHidden(PUSH_FOLD)
    header = table.horizontalHeader()
    # right after the expected values
    assert header.visualIndex(DANGER) == header.visualIndex(EXPECTED) + 1
    assert model.headerData(DANGER, Qt.Orientation.Horizontal) == "Danger"
    d = danger(Hand.parse(TABLE))
    for r, name in enumerate(_rows(window)):
        assert model.index(r, DANGER).data() == _percent(d.combined[_k(name)]), name
    # hand-checked: only the riichi seat threatens; 3z is in its river
    assert model.index(_row_of(window, "3z"), DANGER).data() == "0%"


def test_a_genbutsu_row_says_why_in_its_tooltip(qtbot, window):
    _show(qtbot, window, TABLE)
    tip = hover_tooltip(window.table, _row_of(window, "3z"), DANGER)
    assert tip.startswith("3z deals in 0%")
    assert "vs East (left), riichi: genbutsu: 0%" in tip
    assert "suji 1-4-7" in hover_tooltip(window.table, _row_of(window, "7s"), DANGER)
    assert "no suji, turn 7" in hover_tooltip(window.table, _row_of(window, "6s"), DANGER)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_danger_is_coloured_by_its_band(qtbot, window, theme):
    window.set_theme(theme)
    _show(qtbot, window, TABLE)
    d = danger(Hand.parse(TABLE))
    source = window.table.source
    bands = set()
    for r, name in enumerate(_rows(window)):
        p = d.combined[_k(name)]
        band = 0 if p < 0.03 else 1 if p < 0.07 else 2 if p < 0.12 else 3
        bands.add(band)
        row = window.table.proxy.mapToSource(window.table.proxy.index(r, 0)).row()
        brush = source.cell(row, DANGER, Qt.ItemDataRole.ForegroundRole)
        assert brush.color().name() == COLORS[theme][f"danger{band}"], name
    assert bands == {0, 1, 2, 3}         # 3z, 7s, 2m, 6s (12.2%)


def test_the_threats_line_names_the_riichi_seat(qtbot, window):
    _show(qtbot, window, TABLE)
    line = window.analyze_page.table_line
    assert line.isVisible()
    assert line.threats_text().startswith("Threats: East (left) riichi ~")


class _Gate:
    """Holds the expected values in the worker until opened."""

    def __init__(self):
        self.event = threading.Event()

    def __call__(self, *args, **kwargs):
        self.event.wait(20)
        return expected_values(*args, **kwargs)


def test_the_push_fold_line_comes_with_the_expected_values(qtbot, window, monkeypatch):
    gate = _Gate()
    monkeypatch.setattr(worker_module, "expected_values", gate)
    _show(qtbot, window, TABLE, ev=False)
    line = window.analyze_page.table_line
    assert line.push_fold_text() == "Push / fold: …"
    assert window.table.model().index(0, PUSH_FOLD).data() == "…"
    gate.event.set()
    qtbot.waitUntil(lambda: window.ev is not None, timeout=20000)
    hand = Hand.parse(TABLE)
    reference = discard_values(hand, expected_values(hand, options=APP_OPTIONS))
    expected = push_fold_text(push_fold_line(reference))
    assert line.push_fold_text() == expected
    assert expected.startswith("Push: ") and " · Fold: " in expected


def test_a_table_is_ranked_by_the_value_with_defence_and_the_user_can_go_back_to_ukeire(qtbot, window):
    page = window.analyze_page
    _show(qtbot, window, TABLE)
    hand = Hand.parse(TABLE)
    best = values_by_kind(discard_values(hand, expected_values(hand, options=APP_OPTIONS)))
    values = [best[_k(name)][1].value for name in _rows(window)]
    assert page.order == "defence" and values == sorted(values, reverse=True)
    assert window.table.model().index(0, PUSH_FOLD).data().startswith(f"{values[0]:+,.0f}")
    window.rank_box.setCurrentIndex(0)                          # the user: order by ukeire
    assert _rows(window) == [r.tile.name for r in window.analysis.rows]
    assert window.store.value("rank_at_table") == "ukeire"
    window.rank_box.setCurrentIndex(3)                          # and back to push / fold
    assert [best[_k(name)][1].value for name in _rows(window)] == values
    # the settings' order is a hand alone's: chosen at a table, it waits for one
    assert window.rank == "ukeire"
    window.set_rank("win")
    assert page.order == "defence" and window.store.value("rank") == "win"
    # a hand alone keeps its own order, and offers no push / fold
    _show(qtbot, window, ALONE)
    assert page.order == "win" and not window.rank_box.model().item(3).isEnabled()
    _show(qtbot, window, TABLE)
    assert page.order == "defence" and window.rank_box.model().item(3).isEnabled()


def test_nothing_shows_without_opponents(qtbot, window):
    _show(qtbot, window, ALONE)
    model = window.table.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert model.columnCount() == 13 and "Danger" not in titles and "Push / fold" not in titles
    assert not window.analyze_page.table_line.isVisible()
    assert window.table.source.table is None
    # a table, then a hand alone again: the columns go with the table
    _show(qtbot, window, TABLE)
    assert model.columnCount() == 15
    _show(qtbot, window, ALONE)
    assert model.columnCount() == 13 and not window.analyze_page.table_line.isVisible()


def test_the_wait_inspector_warns_in_the_window(qtbot, window):
    _show(qtbot, window, TABLE)
    window.table.selectRow(_row_of(window, "3z"))                # leaves a tanki on 5p
    assert window.waits.wait_kinds() == [_k("5p")]
    assert any(t.startswith("5p wins, but you hold it") for t in window.waits.warnings())
    window.table.selectRow(_row_of(window, "5p"))                # a tanki on 3z: genbutsu
    assert window.waits.wait_kinds() == [_k("3z")]
    assert not any("you hold it" in t for t in window.waits.warnings())


def test_in_japanese(qtbot, window):
    window.set_language("ja")
    _show(qtbot, window, TABLE)
    model = window.table.model()
    assert model.headerData(DANGER, Qt.Orientation.Horizontal) == "危険度"
    assert model.headerData(PUSH_FOLD, Qt.Orientation.Horizontal) == "押し引き"
    tip = hover_tooltip(window.table, _row_of(window, "3z"), DANGER)
    assert "東家（上家）立直: 現物: 0%" in tip
    line = window.analyze_page.table_line
    assert line.threats_text().startswith("脅威: 東家（上家）立直 約")
    assert line.push_fold_text().startswith("押し: ") and "オリ: " in line.push_fold_text()
    cell = model.index(0, PUSH_FOLD).data()
    assert cell.endswith("押し") or cell.endswith("オリ")
    assert window.rank_box.itemText(3) == "押し引き"


class _Repaints(QObject):
    """Counts the repaints of the window (Qt paints every dirty widget in one UpdateRequest)."""

    def __init__(self, window):
        super().__init__()
        self.count, self._window = 0, window
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if obj is self._window and event.type() == QEvent.Type.UpdateRequest:
            self.count += 1
        return False


def test_a_hand_change_at_a_table_repaints_the_window_once(qtbot, window):
    """The Danger column, the threats line and their colours come with the analysis: one frame
    (docs/ui-speed.md), also when a table arrives or goes."""
    window.worker.with_ev = False        # the expected values repaint their columns later
    window.frame_hold_ms = 5000
    window.resize(1280, 860)
    window.table.setFocus()              # not the text field: its cursor blinks by a timer
    counter = _Repaints(window)
    other = "123m456s789s111z5p4z seat:S L:9m1p2z7z*3z8m4s A:1p2p R:9p"
    for first, second in ((TABLE, other), (other, TABLE), (TABLE, "123m456s789s111z5p seat:S L:9m1p2z7z*3z8m4s"),
                          (ALONE, TABLE), (TABLE, ALONE)):
        window.editor.set_hand(Hand.parse(first))
        settle(qtbot, window)
        qtbot.wait(300)
        counter.count = 0
        window.editor.set_hand(Hand.parse(second))
        settle(qtbot, window)
        qtbot.wait(50)
        assert (window.table.source.table is not None) == (second != ALONE)
        assert counter.count == 1, (first, second)


def test_a_hand_too_far_for_the_search_shows_its_fold_values(qtbot, window):
    far = "1479m258p369s1357z seat:S L:9m1p2z7z*3z8m4s"          # 6-shanten facing a riichi
    window.text.setText(far)
    window.apply_text()
    line = window.analyze_page.table_line
    qtbot.waitUntil(lambda: line.push_fold_text().startswith("Fold: "), timeout=20000)
    fold = push_fold_line(discard_values(Hand.parse(far), None)).fold
    assert line.push_fold_text() == f"Fold: {fold.name} {fold.values.fold:+,.0f} → fold"
    # hand-checked: 9m, 3z and 7z are in the riichi player's river, the safest to fold with
    assert fold.name in ("9m", "3z", "7z")
    model = window.table.model()
    assert all(model.index(r, PUSH_FOLD).data().endswith(" fold") for r in range(model.rowCount()))
    assert set(_rows(window)[:3]) == {"9m", "3z", "7z"}      # ordered by the value with defence


def test_the_push_fold_tooltip_gives_both_values_of_each_choice(qtbot, window):
    _show(qtbot, window, TABLE)
    hand = Hand.parse(TABLE)
    reference = discard_values(hand, expected_values(hand, options=APP_OPTIONS))
    riichi, dama = reference.choice("3z riichi").values, reference.choice("3z dama").values
    tip = hover_tooltip(window.table, _row_of(window, "3z"), PUSH_FOLD)
    assert tip.splitlines() == [
        f"3z riichi: push {riichi.push:+,.0f}, fold cannot fold (riichi); deal-in now 0%",
        f"3z dama: push {dama.push:+,.0f}, fold {dama.fold:+,.0f}; deal-in now 0%"]
