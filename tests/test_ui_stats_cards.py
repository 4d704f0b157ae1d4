"""The Stats page's cards at the smallest window: every line of their titles and
subtitles is shown, wrapped, inside the card."""
from __future__ import annotations

import os
import sys

import pytest
from PySide6.QtCore import QPoint, QRect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_ui_stats_page import ROWS, attempt  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 860)])
def test_card_lines_are_never_cut(qtbot, window, lang, size) -> None:
    window.set_language(lang)
    window.resize(*size)
    window.set_mode("stats")
    for row in ROWS:
        window.history.record(attempt(*row))
    page = window.pages["stats"]
    page.refresh()
    qtbot.wait(50)
    assert window.size().toTuple() == size
    wrapped = 0
    for name, card in page.cards.items():
        inside = card.contentsRect()
        for label in (card.title, card.value, card.sub):
            assert label.text(), name
            need = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
            assert label.height() >= need, (name, label.text(), label.height(), need)
            assert inside.contains(QRect(label.mapTo(card, QPoint(0, 0)), label.size())), (name, label.text())
            wrapped += need > label.fontMetrics().height() * 1.5
    if size == (800, 600):
        assert wrapped                           # the narrow window does wrap some lines
