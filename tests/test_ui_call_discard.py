"""The calls drill asks for the discard after a pon / chi, grades it (right call and right
discard: full credit; right call only: partial) and records it in the history."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mjgui.drills.history import HistoryStore
from mjgui.drills.problems import Problem
from mjgui.tiles import Tile
from mjgui.ui.drill_page import DrillPage

# pon 5z (white dragon) from across leaves 239m 456p 789s 11s with the yakuhai: only 9m
# out makes tenpai (1m-4m); 2m out stays 1-shanten
PROBLEM = Problem(id="c1", drill="call", hand="239m456p789s11s55z", discarded="5z", from_seat="A")


@pytest.fixture
def page(qtbot, tmp_path):
    with HistoryStore.open(tmp_path / "history.db") as store:
        page = DrillPage("call", store)
        qtbot.addWidget(page)
        page.resize(1280, 800)
        page.show()
        page.start_set([PROBLEM, PROBLEM], "pon")
        yield page


def click_discard(qtbot, view, name: str) -> None:
    tiles = view.after_view.concealed_tiles()
    i = next(i for i, t in enumerate(tiles) if t == Tile.from_name(name))
    qtbot.mouseClick(view.after_view.tile_buttons()[i], Qt.MouseButton.LeftButton)


def test_a_right_call_with_a_weaker_discard_earns_part(qtbot, page):
    view = page.view
    pon = next(b for b in view.choices if b.call.kind == "pon")
    qtbot.mouseClick(pon, Qt.MouseButton.LeftButton)
    assert view.after_box.isVisible() and "which tile do you discard" in view.after_label.text()
    # the hand after the call: the two 5z went into the meld
    assert Tile.from_name("5z") not in view.after_view.concealed_tiles()
    assert len(view.after_view.concealed_tiles()) == 11
    click_discard(qtbot, view, "2m")
    result = page.session.result
    assert result.feedback.credit == 0.5 and not result.feedback.correct
    assert "After the call, discard 9m" in view.feedback.explanation.text()
    attempt = page.store.attempts()[-1]
    assert attempt.pick == "pon 2m" and attempt.score == 0.5


def test_right_call_and_right_discard_is_full_credit(qtbot, page):
    view = page.view
    qtbot.keyClick(page, Qt.Key.Key_P)                     # P: pon
    click_discard(qtbot, view, "9m")
    assert page.session.result.feedback.credit == 1.0 and page.session.result.feedback.correct
    assert page.store.attempts()[-1].pick == "pon 9m"
