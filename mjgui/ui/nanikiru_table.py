"""The nanikiru answer's table.  When the drill grades by expected points, the grade's own
expected values (Feedback.ev, the simple model from the problem's turn) fill the Win % /
Tenpai % / Exp. pts columns, the rows are ordered by expected points and the best rows are
the grade's best discards (ties within its tolerance), so the table and the verdict agree.
Nothing is searched here: the numbers are the ones the grade computed; under another
evaluator those three columns are hidden."""
from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import Qt

from mjgui.analysis import Analysis
from mjgui.ui.analysis_table import CALLS, EV_COLUMNS, EXPECTED, TENPAI, WIN, AnalysisModel
from mjgui.ui.drill_common import DrillAnalysisTable
from mjgui.ui.i18n import tr

__all__ = ["NanikiruTable"]


def _simple_tips() -> dict[int, str]:
    """What the value columns mean under the drill's model (the app's analysis uses the full one)."""
    model = tr("the simple model the drill grades with, from the problem's turn: tsumo only, "
               "riichi at tenpai; docs/ev.md",
               "この練習の評価に使う簡易モデル、問題の巡目から: ツモのみ、聴牌で立直。docs/ev.md")
    return {WIN: tr(f"Chance to win by the last draw ({model})", f"最終ツモまでに和了する確率（{model}）"),
            TENPAI: tr(f"Chance to be tenpai after the last draw ({model})",
                       f"最終ツモ後に聴牌している確率（{model}）"),
            EXPECTED: tr(f"Expected points: the grade's key ({model})", f"期待得点: この練習の評価の順位（{model}）")}


class _GradedModel(AnalysisModel):
    """The analysis model with the best rows taken from the grade (None: the usual rule)."""
    graded_best: frozenset[int] | None = None

    def _best_rows(self) -> set[int]:
        if self.graded_best is None or self._analysis is None:
            return super()._best_rows()
        return {id(r) for r in self._rows if r.tile is not None and r.tile.kind in self.graded_best}

    def _set_headers(self) -> None:
        super()._set_headers()
        if self.graded_best is not None:
            for col, tip in _simple_tips().items():
                self.setHeaderData(col, Qt.Orientation.Horizontal, tip, Qt.ItemDataRole.ToolTipRole)

    def tooltip(self, row: int, col: int) -> str:
        if self.graded_best is not None and col in EV_COLUMNS:
            e = self.ev_row(self.row_at(row))
            if e is None or not (e.riichi or e.dama):
                return _simple_tips()[col]
        return super().tooltip(row, col)


class NanikiruTable(DrillAnalysisTable):
    """The answer's per-discard table, with the pick marked; `show_answer` takes the grade's
    expected values when the drill graded by them."""

    def __init__(self, parent=None):
        super().__init__(parent)
        old = self.source
        self.source = _GradedModel(self)
        self.proxy.setSourceModel(self.source)
        old.deleteLater()

    def show_answer(self, analysis: Analysis | None, ev=None, best: Iterable[int] = ()) -> None:
        """Show the analysis; with `ev` (the grade's mjgui.ev.EvResult) its values fill the
        value columns, the rows go by expected points and `best` (kinds) are the best rows."""
        graded = ev is not None and analysis is not None and bool(ev.rows)
        # the value columns only when the grade computed them: under another evaluator
        # they were a column of dashes each
        self.choose_columns({CALLS} if graded else {CALLS, *EV_COLUMNS})
        self.source.graded_best = frozenset(best) if graded else None
        self.source.retranslate()            # the value columns' tooltips follow the model shown
        self.set_rank("score" if graded else "ukeire")
        self.set_analysis(analysis)
        if graded:
            self.set_ev(ev)
