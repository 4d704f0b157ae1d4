"""Expected values in the main window: the Win % / Tenpai % / Exp. pts columns filled
from the worker, ordering by them, the turn chart, the "why" explanation."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.ui.analysis_table import EXPECTED, TENPAI, WIN
from ui_steps import hover_tooltip

HAND = "23m456p789s55p1s24s7z dora:1z turn:3"


def show(qtbot, w, text):
    w.text.setText(text)
    w.apply_text()
    qtbot.waitUntil(lambda: w.ev is not None and str(w.ev.hand) == str(w.editor.hand), timeout=10000)
    qtbot.wait(1)


def test_columns_show_the_expected_values(qtbot, window):
    show(qtbot, window, HAND)
    expected = expected_values(HAND, options=APP_OPTIONS)
    model = window.table.model()
    for r in range(model.rowCount()):
        row = window.table.row_for_view(r)
        e = expected.row(row.tile.name)
        assert model.index(r, WIN).data() == f"{100 * e.win_prob:.1f}%"
        assert model.index(r, TENPAI).data() == f"{100 * e.tenpai_prob:.1f}%"
        assert model.index(r, EXPECTED).data() == f"{e.exp_score:,.0f}"


def test_order_by_expected_points_and_win_chance(qtbot, window):
    show(qtbot, window, HAND)
    expected = expected_values(HAND, options=APP_OPTIONS)
    window.rank_box.setCurrentIndex(1)                 # expected points
    names = [window.table.row_for_view(r).tile.name for r in range(window.table.model().rowCount())]
    scores = [expected.row(n).exp_score for n in names]
    assert scores == sorted(scores, reverse=True)
    best = window.table.row_for_view(0)
    assert window.table.source.is_best(window.table.proxy.mapToSource(window.table.proxy.index(0, 0)).row())
    assert window.turn_chart.row().name == best.tile.name
    window.rank_box.setCurrentIndex(2)                 # win chance
    wins = [expected.row(window.table.row_for_view(r).tile.name).win_prob
            for r in range(window.table.model().rowCount())]
    assert wins == sorted(wins, reverse=True)
    assert window.store.value("rank") == "win"
    window.rank_box.setCurrentIndex(0)                 # back to the analysis order
    assert window.table.row_for_view(0).tile.name == window.analysis.rows[0].tile.name


def test_thirteen_tiles_and_far_hands_have_no_expected_values(qtbot, window):
    window.text.setText("147m258p369s12345z")          # 6-shanten: not searched
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    qtbot.wait(50)
    assert window.table.model().index(0, WIN).data() == "–"
    assert window.turn_chart.row() is None


def test_the_chart_follows_the_selection(qtbot, window):
    show(qtbot, window, HAND)
    window.table.selectRow(3)
    name = window.table.row_for_view(3).tile.name
    assert window.turn_chart.row().name == name
    assert len(window.turn_chart.row().by_turn["win_prob"]) == 18 - 3
    window.turn_chart.grab()                            # paints without error


def test_after_the_last_draw_the_window_shows_the_hand_kept(qtbot, window):
    """turn:18 leaves no draw: tenpai discards are 100% tenpai, the chart has nothing to draw."""
    show(qtbot, window, "23m456p789s55p1s24s7z dora:1z turn:18")
    model = window.table.model()
    for r in range(model.rowCount()):
        row = window.table.row_for_view(r)
        assert model.index(r, TENPAI).data() == ("100.0%" if row.shanten == 0 else "0.0%")
    assert window.turn_chart.row() is not None and window.turn_chart.row().by_turn["win_prob"] == ()
    window.turn_chart.grab()                            # paints its note, no error


def test_why_explains_the_model(qtbot, window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))
    window.why_button.click()
    assert shown and "each opponent discards" in shown[0] and "furiten" in shown[0] and "dama" in shown[0]


def test_a_complete_hand_says_what_it_is_worth(qtbot, window):
    window.text.setText("123m456p789s55m234s seat:S")     # the 4s drawn: pinfu, ron 1 han 30 fu, tsumo 2 han 20 fu
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    qtbot.wait(20)
    text = window.summary.text()
    assert "ron 1,000" in text and "tsumo 400-700" in text
    window.text.setText("123m456p789s22z chi:4*56s@L seat:W")   # open, no yaku
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    qtbot.wait(20)
    assert "no yaku" in window.summary.text()


def test_the_yakuless_mark_is_per_call_tile(qtbot, window):
    from mjgui.ui.analysis_table import CALLS
    from mjgui.ui.cell_roles import WARN_TILES_ROLE
    window.text.setText("2p32m4s1p7m64p8m2s4m93s3p seat:W")
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    qtbot.wait(20)
    source = window.table.source
    index = next(i for i in range(source.rowCount()) if source.row_at(i).tile.name == "9s")
    row = source.row_at(index)
    flagged = source.data(source.index(index, CALLS), WARN_TILES_ROLE)
    # only the tiles whose every call leaves no yaku: here chi 5p, while 6m and 9m keep one
    assert flagged == {t for t in {c.tile for c in row.calls} if all(c.yakuless for c in row.calls if c.tile == t)}
    assert flagged == {13} and {5, 8} <= {c.tile for c in row.calls}
    window.table.grab()                                  # paints the marks without error


def test_tenpai_rows_show_riichi_and_dama_on_hover(qtbot, window):
    text = "23m456p789s55p123s9m dora:1z seat:S"
    show(qtbot, window, text)
    row = expected_values(text, options=APP_OPTIONS).row("9m")
    model = window.table.model()
    r = next(r for r in range(model.rowCount()) if window.table.row_for_view(r).tile.name == "9m")
    tip = hover_tooltip(window.table, r, EXPECTED)
    assert f"Riichi: win {100 * row.riichi.win_prob:.1f}%, {row.riichi.exp_score:,.0f} pts" in tip
    assert f"Dama: win {100 * row.dama.win_prob:.1f}%, {row.dama.exp_score:,.0f} pts" in tip


def test_a_squeezed_chart_draws_bare_curves_instead_of_piled_labels(qtbot):
    """A short window leaves the chart a few lines: its axis labels would pile up on a plot
    a few pixels high, so it keeps the title and draws the curves in the room below."""
    from PySide6.QtGui import QFontMetrics

    from mjgui.ui.ev_chart import TurnChart
    chart = TurnChart()
    qtbot.addWidget(chart)
    fm = QFontMetrics(chart.font())
    line, label = fm.height(), fm.horizontalAdvance("100%")
    chart.resize(420, 48)
    plot, labels = chart.plot_area(line, label)
    assert not labels and plot.height() >= 48 - line - 10 and plot.top() > line
    chart.resize(420, 150)
    plot, labels = chart.plot_area(line, label)
    assert labels and plot.left() > label and plot.height() >= 2 * line
    assert plot.bottom() + line <= 150                   # room for the draw labels under it
    row = expected_values(HAND, options=APP_OPTIONS).rows[0]
    for height in (48, 150):
        chart.resize(420, height)
        chart.set_row(row, 3)
        chart.grab()                                     # paints either way without error


def test_a_far_hand_says_why_it_has_no_expected_values(qtbot, window):
    """A 14-tile hand above 3-shanten: the chart says the search stops at 3-shanten and
    names the hand's shanten (not "pick a discard of a 14-tile hand"), in both languages;
    a searched hand afterwards clears the note."""
    import reference as ref
    from mjgui.ev import MAX_SHANTEN
    far = "1358m2469p13578s1z"
    shanten = ref.shanten(ref.parse(far))
    assert shanten == MAX_SHANTEN + 1
    window.text.setText(far)
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle and window.analysis is not None, timeout=5000)
    qtbot.wait(50)
    message = window.turn_chart.message()
    assert window.turn_chart.isVisible() and "14-tile" not in message
    assert f"searched up to {MAX_SHANTEN}-shanten" in message and f"this hand is {shanten}-shanten" in message
    window.turn_chart.grab()
    window.set_language("ja")
    assert f"{MAX_SHANTEN}向聴まで" in window.turn_chart.message() and f"この手は{shanten}向聴" in window.turn_chart.message()
    window.set_language("en")
    show(qtbot, window, HAND)
    assert window.turn_chart.message() == "" and window.turn_chart.row() is not None
    window.text.setText("147m258p369s1234z")          # 13 tiles: nothing to discard, no note
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    assert "searched up to" not in window.turn_chart.message()


def test_a_stale_chart_is_greyed_like_the_table(qtbot, window):
    """The hand text has an error: the chart's curves are those of the last valid hand and
    fade as the table's figures do."""
    from PySide6.QtGui import QColor
    show(qtbot, window, HAND)
    window.table.selectRow(0)

    def colourful(image) -> int:
        return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
                   if QColor(image.pixel(x, y)).hsvSaturation() > 120)
    fresh = colourful(window.turn_chart.grab().toImage())
    assert fresh > 20                                  # the curves are drawn in colour
    window.text.setText(HAND + "x")
    window.apply_text()
    assert not window.turn_chart.isEnabled()
    assert colourful(window.turn_chart.grab().toImage()) < fresh / 4


def test_the_chart_forgets_the_curve_with_the_hand(qtbot, window):
    """Clear, or a hand of fewer than 13 tiles, leaves no curve of the hand before."""
    show(qtbot, window, HAND)
    assert window.turn_chart.row() is not None
    window.act_clear.trigger()
    qtbot.wait(20)
    assert window.turn_chart.row() is None and window.ev is None
    assert window.turn_chart.message()                 # a note in the curve's place
    show(qtbot, window, HAND)
    assert window.turn_chart.row() is not None
    window.text.setText("23m456p789s")                 # 10 tiles
    window.apply_text()
    qtbot.wait(20)
    assert window.turn_chart.row() is None and window.ev is None
