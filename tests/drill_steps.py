"""What the drill-page tests share: a clock the test moves by hand, a drill page shown at a
window's size, and letting Qt catch up."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from mjgui.ui.drill_page import DrillPage


class FakeClock:
    """The session's clock: it stands still until a test moves `t`."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def open_page(qtbot, kind: str, history, clock=None, size=(1280, 860), **settings) -> DrillPage:
    """The page of drill `kind` on `history`, with `settings` applied, shown and exposed."""
    page = DrillPage(kind, history, clock=clock if clock is not None else FakeClock())
    qtbot.addWidget(page)
    page.resize(*size)
    page.apply_settings(settings)
    page.show()
    qtbot.waitExposed(page)
    return page


def settle() -> None:
    QApplication.processEvents()
    QApplication.processEvents()
