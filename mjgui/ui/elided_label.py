"""A one-line label that ends in "…" where its text does not fit, instead of being cut
mid-letter by its layout (the summary line's forms detail beside the Order box)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QLabel


class ElidedLabel(QLabel):
    def shown_text(self) -> str:
        """The text as painted: whole when it fits, else cut with "…"."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment().value), self.palette(),
                                  self.isEnabled(), self.shown_text(), QPalette.ColorRole.WindowText)
