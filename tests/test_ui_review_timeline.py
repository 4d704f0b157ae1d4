"""The review timeline: squares per decision, selection by click and by keys."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mjgui.ui.review_timeline import AGREED, MISTAKE, SMALL, ReviewTimeline, TimelineCell, TimelineRow


def _rows():
    cell = lambda sev, call=False: TimelineCell(sev, call, f"tip {sev}")
    return [TimelineRow("E1-0", "Ron 3,900", (cell(AGREED), cell(MISTAKE), cell(AGREED))),
            TimelineRow("E2-0", "Draw", ()),
            TimelineRow("E3-0", "Tsumo 1,000", (cell(SMALL, True), cell(AGREED)))]


@pytest.fixture
def timeline(qtbot):
    t = ReviewTimeline()
    qtbot.addWidget(t)
    t.set_rows(_rows())
    t.resize(t.sizeHint())
    t.show()
    return t


def test_click_selects_the_square_under_the_mouse(qtbot, timeline) -> None:
    seen = []
    timeline.selected.connect(lambda r, c: seen.append((r, c)))
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=timeline.cell_rect(2, 1).center())
    assert timeline.current() == (2, 1) and seen == [(2, 1)]
    # a click between squares changes nothing
    gap = timeline.cell_rect(0, 0).topRight()
    gap.setX(gap.x() + 2)
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=gap)
    assert timeline.current() == (2, 1)


def test_arrows_walk_the_game_across_rounds_and_skip_empty_ones(qtbot, timeline) -> None:
    timeline.set_current(0, 2)
    qtbot.keyClick(timeline, Qt.Key.Key_Right)
    assert timeline.current() == (2, 0)          # E2 had no decision of the player
    qtbot.keyClick(timeline, Qt.Key.Key_Right)
    qtbot.keyClick(timeline, Qt.Key.Key_Right)   # stops at the last one
    assert timeline.current() == (2, 1)
    qtbot.keyClick(timeline, Qt.Key.Key_Up)
    assert timeline.current() == (0, 0)
    qtbot.keyClick(timeline, Qt.Key.Key_End)
    assert timeline.current() == (2, 1)


def test_page_keys_jump_between_mistakes(qtbot, timeline) -> None:
    timeline.set_current(0, 0)
    qtbot.keyClick(timeline, Qt.Key.Key_PageDown)
    assert timeline.current() == (0, 1)
    qtbot.keyClick(timeline, Qt.Key.Key_PageDown)
    assert timeline.current() == (2, 0)
    qtbot.keyClick(timeline, Qt.Key.Key_PageDown)   # none left: stays
    assert timeline.current() == (2, 0)
    qtbot.keyClick(timeline, Qt.Key.Key_PageUp)
    assert timeline.current() == (0, 1)


def test_paints_in_both_themes_and_rejects_a_missing_decision(timeline) -> None:
    for theme in ("light", "dark"):
        timeline.set_theme(theme)
        assert not timeline.grab().isNull()
    with pytest.raises(IndexError):
        timeline.set_current(1, 0)


def test_double_click_activates_the_square(qtbot, timeline) -> None:
    seen = []
    timeline.activated.connect(lambda r, c: seen.append((r, c)))
    qtbot.mouseDClick(timeline, Qt.MouseButton.LeftButton, pos=timeline.cell_rect(0, 1).center())
    assert seen == [(0, 1)] and timeline.current() == (0, 1)
