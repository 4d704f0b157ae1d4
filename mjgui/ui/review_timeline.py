"""The game review's timeline: one row per round, one square per decision, coloured by
how much the decision lost, the selected one ringed, a red line under the decisions made
under threat (an opponent in riichi or likely tenpai).  Clicks and the arrow keys move the
selection; the page listening to `selected` shows that decision.

The timeline knows nothing of mahjong: it draws `TimelineRow`s the review page builds.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from mjgui.ui.theme import COLORS

#: severity of a decision: agreed with the engine, a small loss, a clear mistake
AGREED, SMALL, MISTAKE = range(3)
_FILL = {AGREED: "good_bg", SMALL: "partial", MISTAKE: "bad"}
_EDGE = {AGREED: "good_border", SMALL: "partial_border", MISTAKE: "bad_border"}


class TimelineCell(NamedTuple):
    severity: int          # AGREED, SMALL or MISTAKE
    call: bool             # a call decision (drawn round) rather than a discard
    tip: str               # the tooltip: played, best, loss
    threat: bool = False   # made under threat: underlined


class TimelineRow(NamedTuple):
    label: str             # "E1-0"
    result: str            # "Ron 3,900 by B"
    cells: tuple[TimelineCell, ...]


class ReviewTimeline(QWidget):
    """Rounds as rows of decision squares.  `selected(row, cell)` on every change."""

    selected = Signal(int, int)
    activated = Signal(int, int)          # a double click on a square

    CELL = 16
    GAP = 3
    ROW_GAP = 8

    def __init__(self, parent: QWidget | None = None, theme: str = "light") -> None:
        super().__init__(parent)
        self._rows: tuple[TimelineRow, ...] = ()
        self._current: tuple[int, int] | None = None
        self._theme = theme
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    # ---- data ------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[TimelineRow]) -> None:
        self._rows = tuple(rows)
        self._current = None
        self.updateGeometry()
        self.update()

    def rows(self) -> tuple[TimelineRow, ...]:
        return self._rows

    def current(self) -> tuple[int, int] | None:
        return self._current

    def set_current(self, row: int, cell: int) -> None:
        if not (0 <= row < len(self._rows) and 0 <= cell < len(self._rows[row].cells)):
            raise IndexError(f"no decision {cell} in round {row}")
        if self._current != (row, cell):
            self._current = (row, cell)
            self.update()
            self.selected.emit(row, cell)

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.update()

    # ---- stepping --------------------------------------------------------------------
    def _flat(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self._rows) for c in range(len(row.cells))]

    def step(self, delta: int) -> None:
        """Move by `delta` decisions through the whole game (across rounds)."""
        flat = self._flat()
        if not flat:
            return
        i = flat.index(self._current) + delta if self._current in flat else (0 if delta > 0 else -1)
        self.set_current(*flat[max(0, min(len(flat) - 1, i))])

    def step_mistake(self, delta: int) -> None:
        """Move to the next (or previous) decision that was not the engine's choice."""
        flat = self._flat()
        start = flat.index(self._current) if self._current in flat else (-1 if delta > 0 else len(flat))
        i = start + delta
        while 0 <= i < len(flat):
            r, c = flat[i]
            if self._rows[r].cells[c].severity != AGREED:
                self.set_current(r, c)
                return
            i += delta

    def step_round(self, delta: int) -> None:
        rows = [r for r, row in enumerate(self._rows) if row.cells]
        if not rows:
            return
        now = self._current[0] if self._current else (rows[0] - 1 if delta > 0 else rows[-1] + 1)
        later = [r for r in rows if (r > now if delta > 0 else r < now)]
        if later:
            self.set_current(later[0] if delta > 0 else later[-1], 0)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Right: lambda: self.step(1), Qt.Key.Key_Left: lambda: self.step(-1),
                 Qt.Key.Key_Down: lambda: self.step_round(1), Qt.Key.Key_Up: lambda: self.step_round(-1),
                 Qt.Key.Key_PageDown: lambda: self.step_mistake(1),
                 Qt.Key.Key_PageUp: lambda: self.step_mistake(-1),
                 Qt.Key.Key_Home: lambda: self.step(-len(self._flat())),
                 Qt.Key.Key_End: lambda: self.step(len(self._flat()))}
        if key in moves:
            moves[key]()
            event.accept()
        else:
            super().keyPressEvent(event)

    # ---- geometry --------------------------------------------------------------------
    def _label_width(self) -> int:
        fm = QFontMetrics(self.font())
        return max([fm.horizontalAdvance(row.label) for row in self._rows] + [0]) + 12

    def _row_height(self) -> int:
        return max(self.CELL, QFontMetrics(self.font()).height()) + self.ROW_GAP

    def cell_rect(self, row: int, cell: int) -> QRect:
        x = self._label_width() + cell * (self.CELL + self.GAP)
        y = row * self._row_height() + (self._row_height() - self.ROW_GAP - self.CELL) // 2
        return QRect(x, y, self.CELL, self.CELL)

    def cell_at(self, pos: QPoint) -> tuple[int, int] | None:
        row = pos.y() // self._row_height()
        if not 0 <= row < len(self._rows):
            return None
        cell = (pos.x() - self._label_width()) // (self.CELL + self.GAP)
        if 0 <= cell < len(self._rows[row].cells) and self.cell_rect(row, cell).contains(pos):
            return row, cell
        return None

    def sizeHint(self) -> QSize:
        most = max([len(row.cells) for row in self._rows] + [0])
        fm = QFontMetrics(self.font())
        result = max([fm.horizontalAdvance(row.result) for row in self._rows] + [0])
        width = self._label_width() + most * (self.CELL + self.GAP) + 12 + result
        return QSize(width, max(1, len(self._rows)) * self._row_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.sizeHint().height())

    # ---- mouse -----------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position().toPoint())
        if hit is not None:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.set_current(*hit)
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position().toPoint())
        if hit is not None:
            self.set_current(*hit)
            self.activated.emit(*hit)
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position().toPoint())
        if hit is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(event.globalPosition().toPoint(), self._rows[hit[0]].cells[hit[1]].tip, self)
        super().mouseMoveEvent(event)

    # ---- painting --------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        colors = COLORS[self._theme]
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = QFontMetrics(self.font())
        height = self._row_height() - self.ROW_GAP
        for r, row in enumerate(self._rows):
            top = r * self._row_height()
            if not event.rect().intersects(QRect(0, top, self.width(), height)):
                continue
            painter.setPen(QColor(colors["muted"]))
            painter.drawText(QRect(0, top, self._label_width() - 8, height),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, row.label)
            for c, cell in enumerate(row.cells):
                rect = self.cell_rect(r, c)
                painter.setPen(QPen(QColor(colors[_EDGE[cell.severity]]), 1))
                painter.setBrush(QColor(colors[_FILL[cell.severity]]))
                if cell.call:
                    painter.drawEllipse(rect.adjusted(1, 1, -1, -1))
                else:
                    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)
                if cell.threat:         # a bar below the square, apart from its fill and ring
                    painter.fillRect(QRect(rect.left() + 1, rect.bottom() + 3, rect.width() - 2, 2),
                                     QColor(colors["threat"]))
                if self._current == (r, c):
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.setPen(QPen(QColor(colors["mark"]), 2))
                    painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 4, 4)
            x = self._label_width() + len(row.cells) * (self.CELL + self.GAP) + 8
            painter.setPen(QColor(colors["text"]))
            painter.drawText(QRect(x, top, max(0, self.width() - x), height),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             fm.elidedText(row.result, Qt.TextElideMode.ElideRight, max(0, self.width() - x)))
        painter.end()
