"""Steps the analysis-page tests share: wait for the analysis, type a hand."""
from __future__ import annotations


def settle(qtbot, w):
    """Wait for the analysis of the current hand to reach the panels."""
    qtbot.waitUntil(lambda: w.worker.idle, timeout=5000)
    qtbot.wait(1)


def type_hand(qtbot, w, text):
    w.text.setText(text)
    w.apply_text()
    settle(qtbot, w)
