"""What the analysis page shows around its input: the figures of a hand that no longer
matches the text are greyed with the error, notices go when the input is right again,
and a tenpai or complete hand without a yaku says so."""
from __future__ import annotations

from PySide6.QtCore import Qt

from ui_steps import settle, type_hand


def test_invalid_text_greys_the_old_analysis_and_a_fix_restores_it(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    assert window.table.isEnabled() and window.table.model().rowCount() > 0
    window.text.setText("23m456p789s11z556z9x")
    window.apply_text()
    assert "'x'" in window.text_error.text()
    for w in (window.table, window.waits, window.hand_view):
        assert not w.isEnabled()
    assert "1-shanten" not in window.summary.text() and "error" in window.summary.text()
    # the status line no longer reports the analysis of the hand the figures are not for
    assert "Analysed" not in window.statusBar().currentMessage()
    type_hand(qtbot, window, "123m456p789s11z22z")
    assert "Analysed" in window.statusBar().currentMessage()
    assert window.text_error.text() == ""
    assert window.table.isEnabled() and window.waits.isEnabled()
    assert window.summary.text() == "tenpai"


def test_an_undo_clears_the_error_it_answers(qtbot, window):
    type_hand(qtbot, window, "123m456p789s11z22z")
    type_hand(qtbot, window, "123m456p789s11z22z3z")
    window.text.setText("123m456p789s11z22z3zz9")
    window.apply_text()
    assert window.text_error.text() and not window.table.isEnabled()
    window.act_undo.trigger()
    settle(qtbot, window)
    assert window.editor.hand.size == 13
    assert window.text_error.text() == "" and window.table.isEnabled()


def test_a_refused_discard_notice_goes_once_the_hand_is_complete(qtbot, window):
    type_hand(qtbot, window, "123m456p789s11z22z")
    window.discard(0)
    assert "14-tile" in window.text_error.text()
    qtbot.mouseClick(window.palette_widget.button("2z"), Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert window.text_error.text() == ""


def test_yakuless_open_tenpai_is_flagged(qtbot, window):
    # chi 456s, then 123m 456p 55p 78s: tenpai on 6s/9s with no yaku (no tanyao: 1m, 9s)
    type_hand(qtbot, window, "123m456p78s55p chi:4*56s")
    assert window.yaku_warning.isVisible() and "no yaku" in window.yaku_warning.text()
    # with the 1m–3m run swapped for 234m every wait is tanyao: no warning
    type_hand(qtbot, window, "234m456p78s55p chi:4*56s")
    assert not window.yaku_warning.isVisible()
    # a 14-tile hand: every discard that keeps tenpai leaves it yakuless
    type_hand(qtbot, window, "123m456p78s55p1z chi:4*56s")
    assert window.yaku_warning.isVisible()
    # a closed tenpai always wins with riichi: no warning
    type_hand(qtbot, window, "123m456p78s55p456s")
    assert not window.yaku_warning.isVisible()


def test_yakuless_complete_hand_is_flagged(qtbot, window):
    type_hand(qtbot, window, "123m456p789s55p chi:4*56s win:9s")
    assert "no yaku" in window.summary.text()
