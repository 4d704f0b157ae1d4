"""The nanikiru (何切る) view: pick a discard, then the credit, the explanation and
the full per-discard table."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QWidget

from mjgui.drills.problems import Problem
from mjgui.drills.grading import DEFAULT_EVALUATOR, rank_function
from mjgui.drills.session import Result
from mjgui.tiles import Tile
from mjgui.ui.analysis_worker import AnalysisWorker
from mjgui.ui.drill_common import DrillView
from mjgui.ui.i18n import tr
from mjgui.ui.nanikiru_table import NanikiruTable
from mjgui.ui.theme import COLORS


class NanikiruView(DrillView):
    """Nanikiru: the hand, "What do you discard?", then the verdict and the full table."""

    drill = "nanikiru"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=60)
        self.evaluator = DEFAULT_EVALUATOR
        self.pick_index: int | None = None
        self.table = NanikiruTable(self)
        self.table.hide()
        # the answer's table is analysed off the UI thread, as in the main window; its
        # expected values, when the drill grades by them, are the grade's (no second search)
        self.worker = AnalysisWorker(self)
        self.worker.with_ev = False
        self.worker.finished.connect(self._analysis_ready)
        self._pick_kind: int | None = None
        self.hand_view.discardRequested.connect(self._clicked)
        layout = self._problem_column(spacing=8)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addWidget(self.table, 1)
        self.spacer = QWidget()
        layout.addWidget(self.spacer, 1)

    def show_problem(self, problem: Problem) -> None:
        self.pick_index = None
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        super().show_problem(problem)
        self.table.hide()
        self.worker.cancel()                 # an answer's table still on its way is for another problem
        self.table.set_analysis(None)
        self.table.set_pick(None)
        self.spacer.show()
        self.hint.show()

    def focus_target(self) -> QWidget:
        return self.hand_view

    def _clicked(self, tile: Tile) -> None:
        if self.locked or self.problem is None:
            return
        tiles = self.hand_view.concealed_tiles()
        self.pick_index = self.hand_view.selected_index()
        if self.pick_index is None or tiles[self.pick_index] != tile:
            self.pick_index = next((i for i, t in enumerate(tiles) if t == tile), None)
        self.answered.emit(tile)

    def show_result(self, result: Result, last: bool = False) -> None:
        # the hand would take Enter for a discard: answered, Enter means Next
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        super().show_result(result, last)
        self.hint.hide()
        self._decorate_hand()
        pick = result.feedback.pick
        self._pick_kind = Tile.from_name(pick).kind if pick else None
        self.worker.rank = rank_function(self.evaluator)
        self.worker.request(result.problem.to_hand())
        self.spacer.hide()
        self.table.show()

    def _analysis_ready(self, result) -> None:
        if self.result is None or result.hand != self.result.problem.to_hand() or result.analysis is None:
            return                               # another problem's, or none (a drill hand is valid)
        feedback = self.result.feedback
        self.table.show_answer(result.analysis, feedback.ev, {Tile.from_name(n).kind for n in feedback.best})
        self.table.set_pick(self._pick_kind)

    def _decorate_hand(self) -> None:
        r = self.result
        if r is None:
            return
        best = {Tile.from_name(name).kind for name in r.feedback.best}
        c = COLORS[self._theme]
        self.hand_view.set_highlight(best, c["good"])
        buttons = self.hand_view.tile_buttons()
        self.hand_view.select_index(self.pick_index)
        if self.pick_index is not None and self.pick_index < len(buttons) and not r.feedback.correct:
            buttons[self.pick_index].highlight = QColor(c["bad"] if r.feedback.credit == 0
                                                        else c["partial"])

    def answer_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        return self.hand_key(key)

    def retranslate(self) -> None:
        super().retranslate()
        self.prompt.setText(tr("What do you discard?", "何を切りますか？"))
        self.hint.setText(tr("Click a tile · ←/→ then Enter · 1–9: the tile at that position · "
                             "0: the drawn tile",
                             "牌をクリック · ←/→ と Enter · 1〜9: その位置の牌 · 0: ツモ牌"))
        self._decorate_hand()
        self.table.retranslate()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.table.set_theme(theme)
        self._decorate_hand()
