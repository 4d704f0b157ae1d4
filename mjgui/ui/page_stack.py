"""A stacked widget as large as the page it shows, not as its largest page.

`QStackedWidget` asks every page for its size: a drill visited once (its answer buttons
in one row, a tall grid) kept the window from ever being narrower or lower again, on
every page.  Here the hidden pages ignore their size hints and minimums (an Ignored
size policy counts for nothing in the stack's layout) and the page shown keeps its own.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QStackedWidget, QWidget

__all__ = ["PageStack", "PageScroll"]

_IGNORED = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)


class PageStack(QStackedWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._policies: dict[int, QSizePolicy] = {}     # id(page) -> its own size policy
        self.currentChanged.connect(self._sync_policies)

    def addWidget(self, page: QWidget) -> int:  # noqa: N802 - Qt name
        self._policies[id(page)] = QSizePolicy(page.sizePolicy())
        index = super().addWidget(page)
        self._sync_policies()
        return index

    def removeWidget(self, page: QWidget) -> None:  # noqa: N802 - Qt name
        policy = self._policies.pop(id(page), None)
        super().removeWidget(page)
        if policy is not None:
            page.setSizePolicy(policy)

    def _sync_policies(self, *_) -> None:
        current = self.currentWidget()
        for i in range(self.count()):
            page = self.widget(i)
            policy = self._policies.get(id(page))
            if policy is not None:
                page.setSizePolicy(policy if page is current else _IGNORED)
        self.updateGeometry()


class PageScroll(QScrollArea):
    """A page's content that scrolls vertically when the window is lower than it (its
    width follows the window's).  Keys are the page's: the area never scrolls on them
    (arrows, Space, Page Up/Down pass to the page, which gives them their meaning)."""

    def __init__(self, content: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWidget(content)
        # the page's own background shows through (no viewport colour of its own)
        self.viewport().setAutoFillBackground(False)
        content.setAutoFillBackground(False)

    def keyPressEvent(self, event) -> None:
        event.ignore()
