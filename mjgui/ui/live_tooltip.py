"""A tooltip worded when it is shown, for a tool-bar button whose tip changes often.

Qt 6.11's QToolButton connects to its action's `changed` signal once more every time the
action changes (`setDefaultAction` runs again on each QEvent.ActionChanged): an undo
action whose tooltip named the last edit gained a connection on every hand change, kept
until the window closes.  The tip is asked for here instead, and the action stays as it is.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip, QWidget

__all__ = ["LiveTooltip"]


class LiveTooltip(QObject):
    """Answers `widget`'s tooltip requests with `text()` (no tip when it is empty)."""

    def __init__(self, widget: QWidget, text: Callable[[], str]):
        super().__init__(widget)
        self._widget, self._text = widget, text
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if obj is self._widget and event.type() == QEvent.Type.ToolTip:
            help_event: QHelpEvent = event
            text = self._text()
            if text:
                QToolTip.showText(help_event.globalPos(), text, self._widget)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return False
