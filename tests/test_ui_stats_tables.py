"""mjgui.ui.stats_tables: the breakdown model's cells, bars and empty row."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from mjgui.drills.stats import GroupStats  # noqa: E402
from mjgui.ui.stats_tables import (BAR_KIND_ROLE, FRACTION_ROLE, BreakdownTable,  # noqa: E402
                                   percent)


def test_percent_rounds_halves_up():
    assert [percent(x) for x in (0.0, 0.625, 0.004, 0.005, 1.0)] == ["0%", "63%", "0%", "1%", "100%"]


def test_rows_carry_text_and_bars(qtbot):
    table = BreakdownTable()
    qtbot.addWidget(table)
    # 3 of 4 right, mean credit 0.8; 0 of 1 right, credit 0.25
    table.set_groups("Drill", [("Waits", GroupStats(4, 0.75, 0.8)), ("Calls", GroupStats(1, 0.0, 0.25))],
                     "nothing")
    assert table.texts() == [["Waits", "4", "75%", "80%"], ["Calls", "1", "0%", "25%"]]
    model = table.model()
    assert model.index(0, 2).data(FRACTION_ROLE) == 0.75 and model.index(0, 2).data(BAR_KIND_ROLE) == "acc"
    assert model.index(0, 3).data(FRACTION_ROLE) == 0.8 and model.index(0, 3).data(BAR_KIND_ROLE) == "credit"
    assert model.index(0, 1).data(FRACTION_ROLE) is None           # a count has no bar
    assert model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole) == "Waits: 3 of 4 answers exactly right (75%)"
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Drill"
    assert table.columnSpan(0, 0) == 1
    assert table.height() > 2 * table.verticalHeader().defaultSectionSize()


def test_no_groups_shows_one_spanning_row(qtbot):
    table = BreakdownTable()
    qtbot.addWidget(table)
    table.set_groups("Theme", [("Any hand", GroupStats(1, 1.0, 1.0))], "x")
    table.set_groups("Theme", [], "No attempts yet")
    assert table.texts() == [["No attempts yet", "", "", ""]]
    assert table.columnSpan(0, 0) == 4
    assert table.model().index(0, 0).data(Qt.ItemDataRole.ToolTipRole) is None
