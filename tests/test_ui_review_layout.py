"""The review page's layout with a late decision of a long round: the window keeps its
width, and the hand, its melds, its strips and the table of rivers are shown whole at every
window size."""
from __future__ import annotations

import gzip
import os
import sys

import pytest
from PySide6.QtCore import QPoint, QRect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from logsim import simulate  # noqa: E402
from mjgui.logs import mjlog  # noqa: E402

TIMEOUT = 60000
SIZES = [(800, 600), (1280, 860), (1920, 1080)]


@pytest.fixture(scope="module")
def game():
    return simulate(5, rounds=3)


def _review(qtbot, window, tmp_path, game, lang="en"):
    window.set_language(lang)
    window.set_mode("review")
    page = window.pages["review"]
    path = tmp_path / "game.mjlog"
    path.write_bytes(gzip.compress(mjlog.dumps(game).encode()))
    page.open_file(path)
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    page.review_player(0)
    qtbot.waitUntil(lambda: page.review is not None and not page.progress.isVisible(), timeout=TIMEOUT)
    return page


def _late_decision(page):
    """The last decision of the longest round: the most visible tiles and discards."""
    ratings = page.review.ratings
    row = max(range(len(ratings)), key=lambda i: len(ratings[i]))
    hand = ratings[row][-1].decision.hand
    assert len(hand.others_seen()) >= 30 and len(hand.discards) >= 12 and hand.melds   # a crowded table
    return row, len(ratings[row]) - 1


def _settle(qtbot, window):
    qtbot.wait(50)              # the queued fits (the hand's height for its width)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_late_decision_never_widens_the_window(qtbot, window, tmp_path, game, lang) -> None:
    window.resize(1280, 860)
    page = _review(qtbot, window, tmp_path, game, lang)
    page.timeline.set_current(*_late_decision(page))
    _settle(qtbot, window)
    assert window.width() == 1280
    # and it can be made narrow again while the review shows
    window.resize(800, 600)
    _settle(qtbot, window)
    assert window.size().toTuple() == (800, 600)
    assert window.minimumSizeHint().width() <= 800


def test_opening_a_log_at_800_px_in_japanese_keeps_the_width(qtbot, window, tmp_path, game) -> None:
    """The progress bar and Cancel shown while reading go below the buttons if need be."""
    window.resize(800, 600)
    _review(qtbot, window, tmp_path, game, "ja")
    assert window.width() == 800


def _inside(outer: QRect, widget, ancestor) -> bool:
    top_left = widget.mapTo(ancestor, QPoint(0, 0))
    return outer.contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("size", SIZES)
def test_a_late_decision_is_shown_whole(qtbot, window, tmp_path, game, size) -> None:
    window.resize(*size)
    page = _review(qtbot, window, tmp_path, game)
    page.timeline.set_current(*_late_decision(page))
    _settle(qtbot, window)
    view = page.hand_view
    assert view.height() >= view.heightForWidth(view.width())
    parts = ["dora", "visible", "discards"]
    tiles = [*view.tile_buttons(), *(b for part in parts for b in view.strip(part).buttons)]
    # the other players' rivers are in the table view (not strips of the hand view), whole
    table = page.table_view
    rivers = table.tiles()
    assert not any(view.strip(f"river-{s}") for s in "LAR")
    assert len(tiles) + len(rivers) >= 50
    assert table.isVisible() and table.tile_height() >= 18
    assert all(QRect(0, 0, table.width(), table.height()).contains(t.rect.toAlignedRect()) for t in rivers)
    for button in tiles:           # every tile at its full size, inside the view
        assert button.isVisible()
        assert button.height() >= button.sizeHint().height(), button.tile
        assert button.width() >= button.sizeHint().width(), button.tile
        assert _inside(view.rect(), button, view), button.tile
    for group in view.meld_groups():
        assert group.size() == group.sizeHint() and _inside(view.rect(), group, view)
    # from 1280x860 on, the whole decision is in view, with a few rows of the ranking
    if size[1] >= 860:
        viewport = page.detail_scroll.viewport()
        assert _inside(viewport.rect(), view, viewport)
        assert page.alternatives.height() >= 4 * page.alternatives.verticalHeader().defaultSectionSize()
        assert _inside(viewport.rect(), page.alternatives, viewport)
        assert _inside(viewport.rect(), table, viewport)
