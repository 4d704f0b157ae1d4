"""The nanikiru answer in the window: after a low-ranked wrong pick the table shows the
best row and the pick together, and the value columns show only when the grade computed
them (under the Ukeire evaluator they were a column of dashes each)."""
from __future__ import annotations

import pytest

from mjgui.drills import grade
from mjgui.ui.analysis_table import EV_COLUMNS


def _answer_worst(qtbot, window, size, evaluator):
    window.resize(*size)
    window.set_mode("nanikiru")
    page = window.pages["nanikiru"]
    combo = page.evaluator_combo
    combo.setCurrentIndex(combo.findData(evaluator))
    assert page.start(seed=11)
    problem, view = page.session.current(), page.view
    tiles = view.hand_view.concealed_tiles()
    ranks = [grade(problem, t, evaluator).rank for t in tiles]
    worst = max(range(len(tiles)), key=lambda i: ranks[i])
    assert ranks[worst] >= 6                       # a pick far down the table
    view.answer_index(worst)
    table = view.table
    qtbot.waitUntil(lambda: table.model().rowCount() > 0 and table.proxy.pick_kind is not None, timeout=10000)
    qtbot.wait(30)
    return table, tiles[worst]


def _in_view(table, row: int) -> bool:
    return table.viewport().rect().contains(table.visualRect(table.model().index(row, 0)))


@pytest.mark.parametrize("size", [(800, 600), (1280, 860), (1920, 1080)])
@pytest.mark.parametrize("evaluator", ["ukeire", "expected-points"])
def test_the_best_row_and_the_pick_show_together(qtbot, window, size, evaluator):
    table, pick = _answer_worst(qtbot, window, size, evaluator)
    rows = table.model().rowCount()
    kinds = [table.row_for_view(r).tile.kind for r in range(rows)]
    pick_row = kinds.index(pick.kind)
    best = table.source.is_best(table.proxy.mapToSource(table.proxy.index(0, 0)).row())
    assert best and pick_row >= 5
    assert _in_view(table, 0) and _in_view(table, pick_row)
    assert window.width() == size[0]


def test_the_value_columns_show_only_with_values(qtbot, window):
    table, _ = _answer_worst(qtbot, window, (1280, 860), "ukeire")
    assert all(table.isColumnHidden(c) for c in EV_COLUMNS)
    table, _ = _answer_worst(qtbot, window, (1280, 860), "expected-points")
    model = table.model()
    for c in EV_COLUMNS:
        assert not table.isColumnHidden(c)
        assert model.index(0, c).data() not in ("–", "", None)       # the best row has its value
