"""The summary line's forms detail ends in "…" where it does not fit (it was cut mid-letter)."""
from __future__ import annotations

from mjgui.ui.elided_label import ElidedLabel

TEXT = "(regular 2-shanten · seven pairs 5-shanten · thirteen orphans 12-shanten)"


def test_cut_with_an_ellipsis_only_when_too_narrow(qtbot):
    label = ElidedLabel()
    qtbot.addWidget(label)
    label.setText(TEXT)
    label.resize(label.fontMetrics().horizontalAdvance(TEXT) + 10, 20)
    assert label.shown_text() == TEXT
    label.resize(200, 20)
    shown = label.shown_text()
    assert shown.endswith("…") and TEXT.startswith(shown[:-1])
    assert label.fontMetrics().horizontalAdvance(shown) <= 200
    # painted: some ink in the left half
    image = label.grab().toImage()
    background = image.pixel(199, 10)
    assert any(image.pixel(x, y) != background for x in range(100) for y in range(20))


def test_the_window_summary_uses_it(window):
    assert isinstance(window.forms, ElidedLabel)
