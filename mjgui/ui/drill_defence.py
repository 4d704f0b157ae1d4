"""The defence (守備) view: the opponents' rivers and the hand; pick the safest tile, or push /
fold and the tile; then the verdict and every tile's chance to deal in (and, for push / fold,
both values).

The rivers are the table view's (`mjgui.ui.table_view.TableView`: the riichi tile sideways,
tsumogiri marked, the tiles passed after a riichi tinted), not the hand view's strips.  Grading a push / fold answer needs the
expected-value search: the view starts it in the background when the problem is shown (the
grade then finds it done; a generated problem's was done by the generator).
"""
from __future__ import annotations

from PySide6.QtCore import QRunnable, QSize, Qt, QThreadPool
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.problems import Problem
from mjgui.drills.session import Result
from mjgui.tiles import Tile
from mjgui.ui.drill_common import AnswerButton, DrillView, focusless, scaled_font
from mjgui.ui.i18n import language, tr
from mjgui.ui.panel_fit import table_height
from mjgui.ui.table_view import TableView
from mjgui.ui.theme import COLORS

__all__ = ["DefenceView", "VerdictButton"]


# ---- the background search ------------------------------------------------------------------------

class _Warm(QRunnable):
    """Values a push / fold problem's discards off the GUI thread (the grade reuses them)."""

    def __init__(self, problem: Problem):
        super().__init__()
        self.problem = problem

    def run(self) -> None:
        from mjgui.drills.defence_grading import pushfold_options
        try:
            pushfold_options(self.problem)
        except Exception:           # the grade will say what is wrong, on its own thread
            pass


class VerdictButton(AnswerButton):
    """Push or Fold: its key in a badge and its name; after the answer, the ring of the others."""

    def __init__(self, key: str, theme: str = "light", parent: QWidget | None = None):
        super().__init__(theme, parent)
        layout = self.keyed_row(0, 16)
        self.key_label.setText(key)
        self.name_label = QLabel()
        self.name_label.setFont(scaled_font(self, 1.2, True))
        layout.addWidget(self.key_label, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.name_label)
        for w in (self.key_label, self.name_label):
            w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint().expandedTo(QSize(110, 44))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


# ---- the view ------------------------------------------------------------------------------------

class DefenceView(DrillView):
    """Defence: the rivers, the hand, the question; then the verdict and every tile's danger."""

    drill = "defence"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        self.table_view = TableView(self)
        self.table_view.setObjectName("defenceTable")
        self.table_view.set_tile_height(self._river_height())
        self.verdict: str | None = None            # push / fold chosen, waiting for the tile
        self._pending: Tile | None = None          # a tile clicked before push / fold
        self.pick_index: int | None = None
        self.hand_view.discardRequested.connect(self._clicked)
        self.choices = QWidget()
        row = QHBoxLayout(self.choices)
        row.setContentsMargins(8, 0, 0, 0)
        row.setSpacing(10)
        self.push_button = self._choice("push", "P")
        self.fold_button = self._choice("fold", "F")
        row.addWidget(self.push_button)
        row.addWidget(self.fold_button)
        row.addStretch(1)
        self.table = QTableWidget(0, 5, self)
        self.table.setObjectName("dangerTable")
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(8)
        layout.addLayout(self._prompt_row())
        layout.addWidget(self.table_view, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.hand_view)
        layout.addWidget(self.visible_flow)       # other tiles seen (a reviewed game's, rarely)
        layout.addWidget(self.choices)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addWidget(self.table)
        layout.addStretch(1)            # what the problem does not fill stays below it

    def _choice(self, verdict: str, key: str) -> VerdictButton:
        button = VerdictButton(key, self._theme, self)
        button.setObjectName(f"{verdict}Button")
        focusless(button)
        button.clicked.connect(lambda: self.choose(verdict))
        return button

    def _river_height(self) -> int:
        return max(20, round(self._base_height * self._scale * 0.55))

    def _scale_extras(self) -> None:
        self.table_view.set_tile_height(self._river_height())

    @property
    def question(self) -> str:
        return self.problem.question if self.problem is not None else "safest"

    # ---- a problem ---------------------------------------------------------------------------
    def show_problem(self, problem: Problem) -> None:
        self.verdict, self._pending, self.pick_index = None, None, None
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for button in (self.push_button, self.fold_button):
            button.state = None
            button.setEnabled(True)
            button.update()
        self.table_view.set_hand(problem.to_hand())
        super().show_problem(problem)
        self.choices.setVisible(problem.question == "pushfold")
        self.table.hide()
        self.table.setRowCount(0)
        self.hint.show()
        if problem.question == "pushfold":
            QThreadPool.globalInstance().start(_Warm(problem))

    def _sync_hand(self) -> None:
        super()._sync_hand()
        for seat in ("L", "A", "R"):          # the rivers are drawn above, with their marks
            strip = self.hand_view.strip(f"river-{seat}")
            if strip is not None:
                strip.hide()
        self.visible_flow.setVisible(bool(self.visible_flow.tiles()))

    def focus_target(self) -> QWidget:
        return self.hand_view

    # ---- answering ---------------------------------------------------------------------------
    def choose(self, verdict: str) -> None:
        """Push or fold: with a tile already clicked, that is the answer; else the tile next."""
        if self.locked or self.problem is None or self.question != "pushfold":
            return
        self.verdict = verdict
        for button, name in ((self.push_button, "push"), (self.fold_button, "fold")):
            button.state = "chosen" if name == verdict else None
            button.update()
        if self._pending is not None:
            self._send(self._pending)
        else:
            self.retranslate()

    def _clicked(self, tile: Tile) -> None:
        if self.locked or self.problem is None:
            return
        tiles = self.hand_view.concealed_tiles()
        self.pick_index = self.hand_view.selected_index()
        if self.pick_index is None or tiles[self.pick_index] != tile:
            self.pick_index = next((i for i, t in enumerate(tiles) if t == tile), None)
        if self.question == "pushfold" and self.verdict is None:
            self._pending = tile              # the tile first: push or fold answers
            self.hand_view.select_index(self.pick_index)
            self.retranslate()
            return
        self._send(tile)

    def _send(self, tile: Tile) -> None:
        if self.question == "pushfold":
            self.answered.emit(f"{self.verdict} {tile.plain_name}")
        else:
            self.answered.emit(tile)

    # ---- the answer ---------------------------------------------------------------------------
    def show_result(self, result: Result, last: bool = False) -> None:
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        super().show_result(result, last)
        self.hint.hide()
        self._fill_table()
        self.table.show()
        self._decorate()

    def _right_kinds(self) -> set[int]:
        fb = self.result.feedback if self.result is not None else None
        if fb is None:
            return set()
        return {Tile.from_name(b.split()[-1]).kind for b in fb.best}

    def _decorate(self) -> None:
        r = self.result
        if r is None:
            return
        c = COLORS[self._theme]
        self.hand_view.set_highlight(self._right_kinds(), c["good"])
        buttons = self.hand_view.tile_buttons()
        self.hand_view.select_index(self.pick_index)
        if self.pick_index is not None and self.pick_index < len(buttons) and not r.feedback.correct:
            buttons[self.pick_index].highlight = QColor(c["bad"] if r.feedback.credit == 0 else c["partial"])
        if self.question == "pushfold":
            right = {b.split()[0] for b in r.feedback.best}
            picked = r.feedback.pick.split()[0] if r.feedback.pick else None
            for button, name in ((self.push_button, "push"), (self.fold_button, "fold")):
                button.state = ("right" if name in right else "wrong") if name == picked else \
                    "other-right" if name in right else None
                button.update()

    def _fill_table(self) -> None:
        r = self.result
        if r is None:
            return
        fb = r.feedback
        lang = language()
        c = COLORS[self._theme]
        pushfold = fb.details.get("question") == "pushfold"
        rows = fb.details.get("options" if pushfold else "tiles", [])
        if pushfold:
            rows = sorted(rows, key=lambda o: -max(v for v in (o["push"], o["fold"], -1e9) if v is not None))
            heads = [tr("Tile", "牌"), tr("Push", "押し"), tr("Fold", "オリ"), tr("Deal-in", "放銃率"),
                     tr("Why", "理由")]
        else:
            heads = [tr("Tile", "牌"), tr("Deal-in", "放銃率"), tr("Why", "理由")]
        self.table.setColumnCount(len(heads))
        self.table.setHorizontalHeaderLabels(heads)
        self.table.setRowCount(len(rows))
        right = self._right_kinds()
        picked = Tile.from_name(fb.pick.split()[-1]).kind if fb.pick else None
        for i, row in enumerate(rows):
            kind = Tile.from_name(row["tile"]).kind
            why = row.get("words", {}).get(lang, "")
            cells = [row["tile"]]
            if pushfold:
                cells += [_points(row["push"]) + (f" ({tr(row['how'], _HOW_JA.get(row['how'], ''))})"
                                                  if row.get("how") else ""), _points(row["fold"])]
            cells += [f"{100 * row['deal_in']:.1f} %", why]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if 0 < j < len(cells) - 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if kind in right:
                    item.setBackground(QColor(c["good_bg"]))
                elif kind == picked:
                    item.setBackground(QColor(c["pick_bg"]))
                if kind == picked:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(i, j, item)
        self.table.setFixedHeight(table_height(self.table, len(rows)))

    def answer_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if self.question == "pushfold" and key in (Qt.Key.Key_P, Qt.Key.Key_F):
            self.choose("push" if key == Qt.Key.Key_P else "fold")
            return True
        return self.hand_key(key)

    # ---- language and theme -----------------------------------------------------------------------
    def retranslate(self) -> None:
        super().retranslate()
        self.table_view.retranslate()
        if self.question == "pushfold":
            self.prompt.setText(tr("Riichi! Push or fold — and which tile?", "リーチ！ 押すか降りるか、何を切る？"))
            if self.verdict is None and self._pending is not None:
                hint = tr(f"{self._pending.plain_name} chosen: now Push (P) or Fold (F)",
                          f"{self._pending.plain_name}を選択: 押し（P）かオリ（F）を選んでください")
            elif self.verdict is not None:
                hint = tr(f"{'Push' if self.verdict == 'push' else 'Fold'}: now click the tile to discard",
                          f"{'押し' if self.verdict == 'push' else 'オリ'}: 切る牌をクリック")
            else:
                hint = tr("Push (P) or Fold (F), then click the tile — or the tile first · 1–9, 0, ←/→ Enter "
                          "pick tiles",
                          "押し（P）かオリ（F）を選んでから牌をクリック（牌が先でも可） · 1〜9・0・←/→ と Enter で牌")
        else:
            self.prompt.setText(tr("Riichi! Which tile is safest?", "リーチ！ 一番安全な牌は？"))
            hint = tr("Click the tile least likely to deal in · 1–9: the tile at that position · 0: the drawn "
                      "tile · ←/→ then Enter",
                      "最も放銃しにくい牌をクリック · 1〜9: その位置の牌 · 0: ツモ牌 · ←/→ と Enter")
        self.hint.setText(hint)
        self.push_button.name_label.setText(tr("Push", "押し"))
        self.fold_button.name_label.setText(tr("Fold", "オリ"))
        for button in (self.push_button, self.fold_button):
            button.updateGeometry()
        self.push_button.setToolTip(tr("Keep playing for the win (the value pushing is worth)",
                                       "和了に向かう（押しの期待値）"))
        self.fold_button.setToolTip(tr("Give up the hand and throw the safest tiles from now on",
                                       "和了を諦め、安全な牌を切っていく（オリの期待値）"))
        self.table.setToolTip(tr("Every tile of the hand: its chance to deal in now and why (against the "
                                 "opponent it is most dangerous to); push / fold: the expected points of "
                                 "each (the review's model)",
                                 "手牌の各牌: 今切って放銃する確率と理由（最も危険な相手に対して）。"
                                 "押し引き: それぞれの期待値（検討と同じモデル）"))
        if self.result is not None:
            self._fill_table()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.table_view.set_theme(theme)
        for button in (self.push_button, self.fold_button):
            button.set_theme(theme)
        if self.result is not None:
            self._fill_table()
            self._decorate()


_HOW_JA = {"riichi": "リーチ", "dama": "ダマ"}


def _points(v: float | None) -> str:
    if v is None:
        return "—"
    return ("−" if v < 0 else "") + f"{abs(v):,.0f}"
