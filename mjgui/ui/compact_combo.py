"""A combo box as wide as the choice it shows (its list still shows every choice whole),
so a bar of settings fits one line at 1024 px: sized by its widest choice, as Qt does,
a drill's seven boxes did not."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QWidget


class CompactCombo(QComboBox):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.currentIndexChanged.connect(lambda _: self.updateGeometry())

    def setItemText(self, index: int, text: str) -> None:  # noqa: N802 - Qt name
        super().setItemText(index, text)
        if index == self.currentIndex():
            self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        text = self.fontMetrics().horizontalAdvance(self.currentText())
        hint = super().sizeHint()
        size = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option,
                                             QSize(text, hint.height()), self)
        return QSize(size.width(), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.sizeHint()
