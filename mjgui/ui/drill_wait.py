"""The wait (待ち) view: mark every wait on a tile grid, then per-tile feedback and the
wait inspector."""
from __future__ import annotations

from typing import Any, Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.problems import Problem
from mjgui.drills.session import Result
from mjgui.tiles import KIND_NAMES, Tile
from mjgui.ui.analysis_worker import AnalysisWorker
from mjgui.ui.drill_common import DrillView, focusless, muted
from mjgui.ui.i18n import tr
from mjgui.ui.theme import ALERT_STYLE, COLORS
from mjgui.ui.tile_button import TileButton
from mjgui.ui.wait_inspector import WaitInspector

# ---- waits -----------------------------------------------------------------------------------

class WaitGrid(QWidget):
    """The 34 tile kinds as toggles for marking waits; keyboard: arrows + Space, or a digit
    then m/p/s/z; Backspace clears.  After `show_result` the marks are locked."""

    changed = Signal()
    checkRequested = Signal()

    ROWS = ((0, 9), (9, 9), (18, 9), (27, 7))

    def __init__(self, parent: QWidget | None = None, tile_height: int = 46):
        super().__init__(parent)
        self.base_height = tile_height
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._theme = "light"
        self._marked: set[int] = set()
        self._cursor: int | None = None
        self._digit: int | None = None
        self._result: tuple[set[int], set[int], set[int]] | None = None
        self.buttons: list[TileButton] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setHorizontalSpacing(2)
        grid.setVerticalSpacing(0)
        for r, (start, n) in enumerate(self.ROWS):
            for c in range(n):
                kind = start + c
                button = TileButton(Tile(kind), tile_height, "light", self, badge_space=True)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setObjectName(f"wait_{KIND_NAMES[kind]}")
                button.clicked.connect(lambda _=False, k=kind: self.toggle(k))
                self.buttons.append(button)
                grid.addWidget(button, r, c)

    def set_tile_height(self, height: int) -> None:
        for button in self.buttons:
            button.tile_height = height
        self.updateGeometry()

    @property
    def locked(self) -> bool:
        return self._result is not None

    def marked(self) -> list[int]:
        return sorted(self._marked)

    def reset(self) -> None:
        self._marked, self._result, self._digit = set(), None, None
        self._cursor = None
        self._refresh()

    def toggle(self, kind: int) -> None:
        if self.locked:
            return
        self._marked ^= {kind}
        self._cursor = kind
        self._refresh()
        self.changed.emit()

    def clear(self) -> None:
        if self.locked:
            return
        self._marked.clear()
        self._refresh()
        self.changed.emit()

    def show_result(self, right: Iterable[int], missed: Iterable[int], wrong: Iterable[int]) -> None:
        self._result = (set(right), set(missed), set(wrong))
        self._cursor = None
        self._refresh()

    def result_marks(self) -> dict[int, str]:
        """kind -> 'right' | 'missed' | 'wrong' after the check."""
        if self._result is None:
            return {}
        out = {}
        for name, kinds in zip(("right", "missed", "wrong"), self._result):
            for k in kinds:
                out[k] = name
        return out

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        for b in self.buttons:
            b.theme = theme
        self._refresh()

    def _refresh(self) -> None:
        c = COLORS[self._theme]
        marks = self.result_marks()
        for kind, b in enumerate(self.buttons):
            b.selected = kind == self._cursor and self.hasFocus()
            if self._result is None:
                on = kind in self._marked
                b.highlight = QColor(c["mark"]) if on else None
                b.badge = None
                b.dimmed = False
                b.setToolTip(tr(f"{KIND_NAMES[kind]}: click to mark as a wait",
                                f"{KIND_NAMES[kind]}: クリックで待ちに指定"))
                continue
            mark = marks.get(kind)
            b.highlight = QColor({"right": c["good"], "missed": c["missed"],
                                  "wrong": c["bad"]}[mark]) if mark else None
            b.badge = {"right": "✓", "missed": "!", "wrong": "✗"}.get(mark or "")
            b.dimmed = mark is None
            b.setToolTip({"right": tr("A wait you found", "正解した待ち"),
                          "missed": tr("A wait you missed", "見逃した待ち"),
                          "wrong": tr("Not a wait", "待ちではない")}.get(mark or "", ""))

    def _move(self, key: int) -> None:
        if self._cursor is None:
            self._cursor = 0
        else:
            rows = [list(range(s, s + n)) for s, n in self.ROWS]
            r = next(i for i, row in enumerate(rows) if self._cursor in row)
            c = rows[r].index(self._cursor)
            if key == Qt.Key.Key_Left:
                c = (c - 1) % len(rows[r])
            elif key == Qt.Key.Key_Right:
                c = (c + 1) % len(rows[r])
            else:
                r = (r + (1 if key == Qt.Key.Key_Down else -1)) % len(rows)
                c = min(c, len(rows[r]) - 1)
            self._cursor = rows[r][c]
        self._refresh()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.locked:
            super().keyPressEvent(event)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._move(key)
            return
        if key == Qt.Key.Key_Space and self._cursor is not None:
            self.toggle(self._cursor)
            return
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.clear()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.checkRequested.emit()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self._digit = key - Qt.Key.Key_0
            return
        suit = {Qt.Key.Key_M: 0, Qt.Key.Key_P: 1, Qt.Key.Key_S: 2, Qt.Key.Key_Z: 3}.get(key)
        if suit is not None and self._digit is not None:
            digit, self._digit = self._digit, None
            if suit < 3 or digit <= 7:
                self.toggle(suit * 9 + digit - 1)
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self._refresh()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self._refresh()


class WaitView(DrillView):
    """Waits: the tenpai hand, the 34-tile grid to mark, then the verdict per tile and the
    wait inspector's decompositions."""

    drill = "wait"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        focusless(self.hand_view)
        self.rules: Any = "tenhou"          # the app's scoring rules (the drill page sets them)
        # the answer's waits and their values come from the analysis worker, as in the
        # main window: the view computes no mahjong
        self.worker = AnalysisWorker(self)
        self.worker.with_ev = False
        self.worker.finished.connect(self._analysis_ready)
        self.grid = WaitGrid(self)
        self.grid.checkRequested.connect(self.check)
        self.grid.changed.connect(self._update_count)
        self.check_button = QPushButton()
        self.check_button.setObjectName("checkButton")
        self.check_button.setMinimumHeight(34)
        self.check_button.clicked.connect(self.check)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self.grid.clear)
        self.count = muted(QLabel())
        # Check with nothing marked is not an answer: this says what to do instead
        self.need_mark = QLabel()
        self.need_mark.setObjectName("needMark")
        self.need_mark.setWordWrap(True)
        self.need_mark.setStyleSheet(ALERT_STYLE)
        self.need_mark.hide()
        self.legend = muted(QLabel())
        self.legend.setWordWrap(True)
        self.inspector = WaitInspector(self)
        self.inspector.hide()
        self.placeholder = muted(QLabel())
        self.placeholder.setObjectName("placeholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)

        layout = self._problem_column(spacing=8)
        body = QHBoxLayout()
        body.setSpacing(16)
        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(self.grid, 0, Qt.AlignmentFlag.AlignLeft)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.count)
        buttons.addStretch(1)
        left.addLayout(buttons)
        left.addWidget(self.need_mark)
        left.addWidget(self.hint)
        left.addWidget(self.legend)
        left.addStretch(1)
        self.left = QWidget()
        self.left.setLayout(left)
        self.left.setMaximumWidth(self.grid.sizeHint().width() + 16)
        body.addWidget(self.left, 0)
        right = QVBoxLayout()
        right.setSpacing(8)
        right.addWidget(self.feedback)
        right.addWidget(self.inspector, 1)
        right.addWidget(self.placeholder, 1)
        body.addLayout(right, 1)
        layout.addLayout(body, 1)

    def focus_target(self) -> QWidget:
        return self.grid

    def _scale_extras(self) -> None:
        self.grid.set_tile_height(self.scaled(self.grid.base_height))
        self.grid.layout().activate()
        self.left.setMaximumWidth(self.grid.sizeHint().width() + 16)     # the grid's column, as built

    def show_problem(self, problem: Problem) -> None:
        super().show_problem(problem)
        self.worker.cancel()               # an answer's waits still on their way are another's
        self.grid.reset()
        self.inspector.hide()
        self.inspector.set_report(None)
        self.placeholder.show()
        self.check_button.setEnabled(True)
        self.clear_button.setEnabled(True)
        self.legend.hide()
        self.hint.show()
        self.need_mark.hide()
        self._update_count()

    def check(self) -> None:
        if self.locked or self.problem is None:
            return
        if not self.grid.marked():
            self.need_mark.show()
            return
        self.need_mark.hide()
        self.answered.emit([Tile(k) for k in self.grid.marked()])

    def show_result(self, result: Result, last: bool = False) -> None:
        super().show_result(result, last)
        fb = result.feedback
        kinds = lambda names: {Tile.from_name(n).kind for n in names}   # noqa: E731
        best = kinds(fb.best)
        marked = set(self.grid.marked())
        self.grid.show_result(marked & best, best - marked, marked - best)
        self.worker.rules = self.rules
        self.worker.request(result.problem.to_hand())      # the inspector shows its answer
        self.check_button.setEnabled(False)
        self.clear_button.setEnabled(False)
        self.hint.hide()
        self.legend.show()
        self.feedback.next_button.setFocus()

    def _analysis_ready(self, result) -> None:
        a = result.analysis
        if (self.result is None or result.hand != self.result.problem.to_hand() or a is None
                or a.current is None):
            return                         # another problem's, or none (a drill hand is valid)
        self.inspector.set_report(a.wait_report(a.current), result.hand, a.wait_values(a.current))
        self.placeholder.hide()
        self.inspector.show()

    def _update_count(self) -> None:
        n = len(self.grid.marked())
        if n:
            self.need_mark.hide()
        self.count.setText(tr(f"{n} marked", f"{n}種選択"))

    def answer_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.check()
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                   Qt.Key.Key_Space, Qt.Key.Key_Backspace, Qt.Key.Key_Delete) or \
                Qt.Key.Key_0 <= key <= Qt.Key.Key_9 or key in (Qt.Key.Key_M, Qt.Key.Key_P,
                                                               Qt.Key.Key_S, Qt.Key.Key_Z):
            self.grid.setFocus()
            self.grid.keyPressEvent(event)
            return True
        return False

    def retranslate(self) -> None:
        super().retranslate()
        self.prompt.setText(tr("Which tiles complete this hand?", "待ちはどれですか？"))
        self.check_button.setText(tr("Check (Enter)", "答え合わせ（Enter）"))
        self.clear_button.setText(tr("Clear", "クリア"))
        self.need_mark.setText(tr("Nothing marked yet: mark at least one tile the hand waits on, "
                                  "then Check.",
                                  "まだ何も選んでいません。待ちの牌を1枚以上選んでから答え合わせしてください。"))
        self.hint.setText(tr("Mark every wait, then Check. Keys: arrows + Space, or type a tile "
                             "(4 then m); Backspace clears.",
                             "待ちをすべて選んで答え合わせ。キー: 矢印と Space、または牌を入力"
                             "（4 の次に m）。Backspace でクリア。"))
        self.legend.setText(tr("✓ found · ! missed · ✗ not a wait",
                               "✓ 正解 · ! 見逃し · ✗ 待ちではない"))
        self.placeholder.setText(tr("The waits and every way the hand completes appear here "
                                    "after you check.",
                                    "答え合わせの後、待ちと和了の形がここに表示されます。"))
        self.inspector.retranslate()
        self.grid._refresh()
        self._update_count()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.grid.set_theme(theme)
        self.inspector.set_theme(theme)
