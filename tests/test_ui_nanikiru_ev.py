"""The nanikiru drill graded by expected points: the answer's table shows the numbers the
grade used (the simple model from the problem's turn), ordered and marked as the grade
ranks them, without a second search (pytest-qt, offscreen)."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from mjgui import ev as ev_module  # noqa: E402
from mjgui.drills import grade, make_problem  # noqa: E402
from mjgui.drills.session import Result  # noqa: E402
from mjgui.ev import expected_values  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui.analysis_table import DISCARD, EXPECTED, TENPAI, WIN  # noqa: E402
from mjgui.ui.drill_page import NanikiruView  # noqa: E402

EV = "expected-points"


def _answered(qtbot, problem, pick, evaluator=EV):
    view = NanikiruView()
    qtbot.addWidget(view)
    view.evaluator = evaluator
    view.show_problem(problem)
    feedback = grade(problem, pick, evaluator)
    view.show_result(Result(0, problem, feedback, feedback, 1.0, False, None))
    qtbot.waitUntil(lambda: view.table.model().rowCount() > 0, timeout=5000)
    return view, feedback


def _cells(view, row: int) -> dict[int, str]:
    model = view.table.model()
    return {col: model.index(row, col).data() for col in (WIN, TENPAI, EXPECTED)}


@pytest.mark.parametrize("seed, index, pick_at", [(11, 0, 2), (4, 0, 0), (7, 1, 5), (7, 1, 1)])
def test_the_table_shows_the_grades_expected_values(qtbot, seed, index, pick_at):
    problem = make_problem(seed, index, "nanikiru", evaluator=EV)
    pick = sorted(problem.to_hand().concealed)[pick_at]
    view, feedback = _answered(qtbot, problem, pick)
    # the definition: the simple model from the problem's turn, searched here on its own
    turn = min(max(problem.turn, 1), 17)
    truth = {r.discard.kind: r for r in expected_values(problem.to_hand(), turn).rows}
    table = view.table
    n = table.model().rowCount()
    every = [table.row_for_view(r).tile.kind for r in range(n)]
    assert set(every) == {t.kind for t in problem.to_hand().concealed}
    # the searched discards first; a discard back past 3-shanten has no value, at the bottom
    kinds = every[:len(truth)]
    assert sorted(kinds) == sorted(truth)
    for r, kind in enumerate(every):
        e = truth.get(kind)
        assert _cells(view, r) == ({WIN: f"{100 * e.win_prob:.1f}%", TENPAI: f"{100 * e.tenpai_prob:.1f}%",
                                    EXPECTED: f"{e.exp_score:,.0f}"} if e else {WIN: "–", TENPAI: "–", EXPECTED: "–"})
    # ordered by expected points, best first
    scores = [truth[k].exp_score for k in kinds]
    assert scores == sorted(scores, reverse=True)
    # the green rows are the grade's best: every discard within its tie of the top value
    top = max(scores)
    tied = {k for k in kinds if truth[k].exp_score >= top - 1e-6 * max(top, 1.0)}
    marked = {kinds[r] for r in range(n)
              if table.source.is_best(table.proxy.mapToSource(table.proxy.index(r, DISCARD)).row())}
    assert marked == tied == {Tile.from_name(b).kind for b in feedback.best}
    # the pick's rank in the verdict is 1 + the rows strictly above it in the table
    value = truth[pick.kind].exp_score if pick.kind in truth else 0.0
    above = sum(1 for k in kinds if truth[k].exp_score > value + 1e-6 * max(top, 1.0))
    assert feedback.rank == above + 1
    assert view.table.proxy.pick_kind == pick.kind


def test_the_values_are_the_grades_not_a_new_search(qtbot, monkeypatch):
    problem = make_problem(11, 0, "nanikiru", evaluator=EV)
    calls = []
    real = ev_module.expected_values
    feedback = grade(problem, sorted(problem.to_hand().concealed)[2], EV)
    monkeypatch.setattr(ev_module, "expected_values", lambda *a, **k: calls.append(a) or real(*a, **k))
    view = NanikiruView()
    qtbot.addWidget(view)
    view.evaluator = EV
    view.show_problem(problem)
    view.show_result(Result(0, problem, feedback, feedback, 1.0, False, None))
    qtbot.waitUntil(lambda: view.table.model().rowCount() > 0, timeout=5000)
    assert calls == []
    for r in range(view.table.model().rowCount()):
        kind = view.table.row_for_view(r).tile.kind
        assert view.table.ev_row(r) is next(e for e in feedback.ev.rows if e.discard.kind == kind)


def test_graded_by_ukeire_the_value_columns_stay_empty(qtbot):
    problem = make_problem(11, 0, "nanikiru", evaluator=EV)
    view, _ = _answered(qtbot, problem, sorted(problem.to_hand().concealed)[2], evaluator="ukeire")
    for r in range(view.table.model().rowCount()):
        assert set(_cells(view, r).values()) == {"–"}
    # and a table of expected points before does not stay ordered by them
    assert view.table.source.rank == "ukeire"


def test_the_value_columns_say_which_model(qtbot):
    problem = make_problem(11, 0, "nanikiru", evaluator=EV)
    view, _ = _answered(qtbot, problem, sorted(problem.to_hand().concealed)[2])
    from PySide6.QtCore import Qt
    tip = view.table.model().headerData(EXPECTED, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "simple model" in tip and "ron" not in tip


def test_a_timeout_shows_the_same_table_as_an_answer(qtbot):
    """Unanswered when the time is up: the answer named is the expected-points best, and the
    table is ordered and marked by those values too (not by ukeire)."""
    from mjgui.drills.session import DrillSession
    problem = make_problem(11, 0, "nanikiru", evaluator=EV)
    t = [0.0]
    session = DrillSession("nanikiru", [problem], "set", None, EV, timer_seconds=5, clock=lambda: t[0])
    t[0] = 6.0
    feedback = session.expire()
    assert feedback.ev is not None
    view = NanikiruView()
    qtbot.addWidget(view)
    view.evaluator = EV
    view.show_problem(problem)
    view.show_result(session.result)
    qtbot.waitUntil(lambda: view.table.model().rowCount() > 0, timeout=5000)
    truth = expected_values(problem.to_hand(), min(max(problem.turn, 1), 17))
    table = view.table
    assert table.row_for_view(0).tile.name in feedback.best
    assert _cells(view, 0)[EXPECTED] == f"{truth.rows[0].exp_score:,.0f}"
    best = {table.row_for_view(r).tile.kind for r in range(table.model().rowCount())
            if table.source.is_best(table.proxy.mapToSource(table.proxy.index(r, DISCARD)).row())}
    assert best == {Tile.from_name(b).kind for b in feedback.best}
