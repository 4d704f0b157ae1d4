"""Steps the analysis-page tests share: wait for the analysis, type a hand, count paints."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject


def settle(qtbot, w):
    """Wait for the analysis of the current hand to reach the panels."""
    qtbot.waitUntil(lambda: w.worker.idle, timeout=5000)
    qtbot.wait(1)


def type_hand(qtbot, w, text):
    w.text.setText(text)
    w.apply_text()
    settle(qtbot, w)


def hover_tooltip(table, row, col):
    """The tooltip the analysis table shows when the pointer rests on a cell (the help
    event a pause of the mouse sends), or "" for none."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip
    QToolTip.hideText()
    pos = table.visualRect(table.model().index(row, col)).center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, table.viewport().mapToGlobal(pos))
    QApplication.sendEvent(table.viewport(), event)
    return QToolTip.text() if QToolTip.isVisible() else ""


class PaintCount(QObject):
    """Counts the paint events of one widget."""

    def __init__(self, widget):
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False
