"""The analysis table: its tooltips, made when the pointer rests on a cell (not stored
with every cell of every new hand), and the warning colour of the Value column."""
from __future__ import annotations

from PySide6.QtCore import Qt

from mjgui.analysis import analyze
from mjgui.hand import Hand
from mjgui.ui.analysis_table import CALLS, DISCARD, IMPROVE, TOTAL, UKEIRE, VALUE, WARN, AnalysisTable
from mjgui.ui.drill_common import DrillAnalysisTable
from ui_steps import hover_tooltip

HAND = "23m456p789s55p1s24s7z"     # 14 tiles, 1-shanten: calls and improvements on some rows


def _table(qtbot, cls=AnalysisTable, hand=HAND):
    table = cls()
    qtbot.addWidget(table)
    table.resize(1200, 700)
    table.show()
    qtbot.waitExposed(table)
    analysis = analyze(Hand.parse(hand))
    table.set_analysis(analysis)
    return table, analysis


def test_hovering_a_cell_tells_its_tiles_and_calls(qtbot):
    table, analysis = _table(qtbot)
    assert table.model().rowCount() == len(analysis.rows)
    seen_calls = seen_improve = False
    for r in range(table.model().rowCount()):
        row = table.row_for_view(r)
        # the copies left of each ukeire tile, as the analysis counted them
        expected = ", ".join(f"{t.name}: {t.remaining}" for t in row.ukeire)
        assert hover_tooltip(table, r, UKEIRE) == expected
        if row.improvements:
            seen_improve = True
            tip = hover_tooltip(table, r, IMPROVE)
            assert all(f"{t.name} ({t.remaining})" in tip for t in row.improvements)
        if row.calls:
            seen_calls = True
            lines = hover_tooltip(table, r, CALLS).split("\n")
            assert len(lines) == len(row.calls)
            for line, call in zip(lines, row.calls):
                assert call.name in line and " ".join(t.name for t in call.meld.tiles) in line
    assert seen_calls and seen_improve          # the hand exercises both
    # a plain number explains its column
    assert hover_tooltip(table, 0, TOTAL).startswith("Copies left of all ukeire tiles")


def test_the_cells_hold_no_tooltips_and_a_drill_pick_keeps_its_own(qtbot):
    table, _ = _table(qtbot)
    model = table.model()
    assert all(model.index(r, c).data(Qt.ItemDataRole.ToolTipRole) is None
               for r in range(model.rowCount()) for c in range(model.columnCount()))
    drill, _ = _table(qtbot, DrillAnalysisTable)
    pick = drill.row_for_view(2).tile.kind
    drill.set_pick(pick)
    assert hover_tooltip(drill, 2, DISCARD) == "Your pick"
    assert hover_tooltip(drill, 3, DISCARD).startswith("The tile to discard")


def test_no_tooltip_off_the_rows(qtbot):
    table, _ = _table(qtbot)
    assert table.tooltip_at(table.model().index(-1, 0)) == ""


def test_only_values_without_a_sure_yaku_are_drawn_in_the_warning_colour(qtbot):
    # 789m456p789s24m99p3m: 2m / 4m leave a pinfu ryanmen, 3m / 8m and others a wait with no yaku
    table, analysis = _table(qtbot, hand="789m456p789s24m99p3m")
    model = table.model()
    warned = set()
    for r in range(model.rowCount()):
        row = table.row_for_view(r)
        value = analysis.value(row)
        brush = model.index(r, VALUE).data(Qt.ItemDataRole.ForegroundRole)
        expected = value is not None and (value.yakuless or value.needs_riichi)
        assert (brush is not None and brush.color() == WARN) == expected, row.tile.name
        if expected:
            warned.add(row.tile.name)
    assert {"3m", "8m"} <= warned and not {"2m", "4m"} & warned
