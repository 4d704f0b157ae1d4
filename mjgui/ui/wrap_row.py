"""A row of two parts that puts its second part on a line of its own when the width is
short: the analysis page's summary (the shanten, the forms) and its ordering controls
share one line in a wide window, and stack in a narrow one instead of widening it."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget, QWidgetItem

__all__ = ["WrapRow"]


class WrapRow(QLayout):
    """`lead` takes the line's width less `tail`'s; on a second line `tail` keeps its
    natural width at the right (squeezed towards its minimum when even that is short).  Both are widgets; the lead's minimum decides when to
    wrap (a lead whose parts give way, like elided or ignored labels, wraps late)."""

    def __init__(self, parent: QWidget, lead: QWidget, tail: QWidget, spacing: int = 6):
        super().__init__(parent)
        self.setContentsMargins(0, 0, 0, 0)
        self._spacing = spacing
        self._items: list[QLayoutItem] = []
        for widget in (lead, tail):
            self.addChildWidget(widget)
            self._items.append(QWidgetItem(widget))

    # QLayout's interface: two fixed items
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt name
        raise TypeError("WrapRow holds its two widgets only")

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return None                      # the two parts stay for the row's life

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation.Horizontal

    def one_line(self, width: int) -> bool:
        lead, tail = self._items
        return lead.minimumSize().width() + self._spacing + tail.sizeHint().width() <= width

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        lead, tail = self._items
        if self.one_line(width):
            return max(lead.sizeHint().height(), tail.sizeHint().height())
        return lead.sizeHint().height() + self._spacing + tail.sizeHint().height()

    def sizeHint(self) -> QSize:  # noqa: N802
        lead, tail = self._items
        return QSize(lead.sizeHint().width() + self._spacing + tail.sizeHint().width(),
                     max(lead.sizeHint().height(), tail.sizeHint().height()))

    def minimumSize(self) -> QSize:  # noqa: N802
        lead, tail = self._items
        return QSize(max(lead.minimumSize().width(), tail.minimumSize().width()),
                     max(lead.minimumSize().height(), tail.sizeHint().height()))

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        lead, tail = self._items
        t = tail.sizeHint()
        if self.one_line(rect.width()):
            height = max(lead.sizeHint().height(), t.height())
            lead.setGeometry(QRect(rect.x(), rect.y(), rect.width() - t.width() - self._spacing, height))
            tail.setGeometry(QRect(rect.right() + 1 - t.width(), rect.y() + (height - t.height()) // 2,
                                   t.width(), t.height()))
        else:
            h = lead.sizeHint().height()
            lead.setGeometry(QRect(rect.x(), rect.y(), rect.width(), h))
            width = min(t.width(), rect.width())         # squeezed to its minimum at worst
            tail.setGeometry(QRect(rect.right() + 1 - width, rect.y() + h + self._spacing,
                                   width, t.height()))
