"""A hand change at a table touches only what changed (docs/ui-speed.md, "At a table"): the
opponents panel keeps its river buttons when the table is the same and gives a changed river
its new tiles in the same buttons; the table view does not repaint for a hand at the same
table.  And the room of a small window: at 800x600 the compact panel leaves the analysis table
three rows, in English and Japanese, nothing cut.  Driven through the window as a user would
(palette clicks, typed hands, undo, right-click)."""
from __future__ import annotations

import os
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mjgui.hand import Hand  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui.hand_view import TileStrip  # noqa: E402
from mjgui.ui.panel_fit import share  # noqa: E402
from mjgui.ui.table_view import TableView  # noqa: E402
from mjgui.ui.theme import COLORS  # noqa: E402
from ui_steps import PaintCount, settle, type_hand  # noqa: E402

HAND = "123m456p789s1122z"                     # 13 tiles: a palette click makes 14
TABLE = " seat:S L:5m1z'9p*4s A:7s2z"           # L (East) in riichi on its 3rd; R has no discards
# the brief's example: three rivers and a riichi, a 14-tile hand
EXAMPLE = "234567m34p456s11z9p L:1z9m4s'2p7p*3s' A:9s1m2z8p R:3z4z8m6p seat:S dora:3s"


def t(name: str) -> Tile:
    return Tile.from_name(name)


def buttons(panel) -> dict[str, list]:
    return {seat: panel.river_tiles(seat) for seat in "LAR"}


def test_a_hand_change_at_the_same_table_keeps_every_river_button(qtbot, window):
    window.resize(1280, 860)
    type_hand(qtbot, window, HAND + TABLE)
    panel = window.analyze_page.opponents
    assert panel.isVisible()
    before = buttons(panel)
    strips = {s: row.strip for s, row in panel.rows.items()}
    assert [b.tile for b in before["L"]] == [t("5m"), t("1z"), t("9p"), t("4s")]
    # a palette click adds to the hand only: the same strips and the same buttons
    qtbot.mouseClick(window.palette_widget.button("3z"), Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert window.editor.hand.size == 14
    after = buttons(panel)
    assert all(a is b for seat in "LAR" for a, b in zip(after[seat], before[seat], strict=True))
    assert {s: row.strip for s, row in panel.rows.items()} == strips
    # a discard from the analysis table (14 -> 13, the own river grows): still the same
    window.table.setFocus()
    window.table.setCurrentIndex(window.table.model().index(0, 0))
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert window.editor.hand.size == 13 and window.editor.hand.discards
    assert all(a is b for seat in "LAR" for a, b in zip(buttons(panel)[seat], before[seat], strict=True))


def test_a_new_river_tile_reuses_the_seat_buttons_and_undo_keeps_them(qtbot, window):
    type_hand(qtbot, window, HAND + TABLE)
    panel = window.analyze_page.opponents
    before = buttons(panel)
    panel.set_seat("A")
    panel.seatChosen.emit("A")                # as the seat's button does
    qtbot.mouseClick(window.palette_widget.button("6p"), Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert window.editor.hand.opponent("A").river[-1].tile == t("6p")
    after = buttons(panel)
    # A's first two buttons are the same objects, one more shows the new tile; L and R untouched
    assert after["A"][:2] == before["A"] and all(a is b for a, b in zip(after["A"], before["A"]))
    assert [b.tile for b in after["A"]] == [t("7s"), t("2z"), t("6p")]
    assert all(a is b for a, b in zip(after["L"], before["L"], strict=True))
    new = after["A"][2]
    window.act_undo.trigger()
    settle(qtbot, window)
    assert [b.tile for b in panel.river_tiles("A")] == [t("7s"), t("2z")] and new.isHidden()
    window.act_redo.trigger()
    settle(qtbot, window)
    assert panel.river_tiles("A")[2] is new and new.isVisible() and new.tile == t("6p")


def test_reused_buttons_show_the_new_rivers_marks_and_menu(qtbot, window):
    type_hand(qtbot, window, HAND + TABLE)
    panel = window.analyze_page.opponents
    first = panel.river_tiles("L")
    # another river for L, of the same length: the riichi on the 1st tile, the 2nd tsumogiri, the
    # 4th called (written by hand: 7s*, 2m', 8p, 3z^)
    type_hand(qtbot, window, HAND + " seat:S L:7s*2m'8p3z^ A:7s2z")
    tiles = panel.river_tiles("L")
    assert all(a is b for a, b in zip(tiles, first, strict=True))
    assert [b.tile for b in tiles] == [t("7s"), t("2m"), t("8p"), t("3z")]
    ring = QColor(COLORS["light"]["warn"])
    assert [b.highlight == ring for b in tiles] == [True, False, False, False]
    assert [b.dimmed for b in tiles] == [False, True, False, False]
    assert [b.badge for b in tiles] == [None, None, None, "^"]
    assert tiles[1].toolTip().startswith("2m") and "Tsumogiri" in tiles[1].toolTip()
    # the menu of a reused button names its new tile and place
    button = tiles[1]
    QApplication.sendEvent(button, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(3, 3),
                                                     button.mapToGlobal(QPoint(3, 3))))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    remove = next(a for a in menu.actions() if a.objectName() == "remove_tile")
    assert remove.text() == "Remove 2m"
    remove.trigger()
    menu.close()
    settle(qtbot, window)
    assert [r.tile for r in window.editor.hand.opponent("L").river] == [t("7s"), t("8p"), t("3z")]


def test_a_strip_takes_new_tiles_in_its_buttons(qtbot):
    strip = TileStrip("river-L", "", [], 20, "light", "no discards")
    qtbot.addWidget(strip)
    strip.show()
    note = strip.findChild(object, "strip_empty_river-L")
    assert note.isVisible() and strip.tiles() == []
    strip.set_tiles(enumerate([t("1m"), t("2m"), t("3m")]))
    made = list(strip.buttons)
    assert strip.tiles() == [t("1m"), t("2m"), t("3m")] and note.isHidden()
    assert all(b.isVisible() for b in made)
    strip.set_tiles([(0, t("9s"))])
    assert strip.tiles() == [t("9s")] and strip.buttons[0] is made[0]
    assert made[1].isHidden() and made[2].isHidden() and strip.indices == [0]
    strip.set_tiles(enumerate([t("5z"), t("6z"), t("7z"), t("1p")]))
    assert strip.buttons[:3] == made and len(strip.buttons) == 4
    assert strip.tiles() == [t("5z"), t("6z"), t("7z"), t("1p")] and strip.indices == [0, 1, 2, 3]
    strip.set_tiles([])
    assert note.isVisible() and all(b.isHidden() for b in strip.buttons + made)


def test_the_table_view_paints_only_when_its_table_changes(qtbot):
    view = TableView(tile_height=24)
    qtbot.addWidget(view)
    view.set_hand(Hand.parse(HAND + TABLE))
    view.resize(view.sizeHint())
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(20)
    paints = PaintCount(view)
    tiles = view.tiles()
    same_table = Hand.parse("123m456p789s1122z3z" + TABLE)          # one more tile in the hand
    view.set_hand(same_table)
    qtbot.wait(50)
    assert paints.count == 0 and view.hand() is same_table and view.tiles() == tiles
    view.set_hand(Hand.parse(HAND + " seat:S L:5m1z'9p*4s6s A:7s2z"))   # L discards 6s
    qtbot.wait(50)
    assert paints.count >= 1 and view.tile("L", 4).tile == t("6s")
    assert view.tile("L", 4).marked                     # passed after L's riichi


def test_the_table_keeps_three_rows_before_the_panels_grow():
    # 252 px: the panels' usable room (their 150 px need, 40 % = 100) would leave the table
    # 152; with three rows of 174 px asked, they keep 252 - 174 = 78
    assert share(252, 600, 540, 150) == 152
    assert share(252, 600, 540, 150, 174) == 174
    # never below the panels' titles (48)
    assert share(200, 600, 540, 150, 174) == 200 - 48
    # room enough: nothing changes
    assert share(500, 800, 540, 300, 174) == 500 - 150


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_800x600_the_compact_panel_leaves_the_table_three_rows(qtbot, window, lang):
    window.set_language(lang)
    window.resize(800, 600)
    window.editor.set_hand(Hand.parse(EXAMPLE))
    settle(qtbot, window)
    qtbot.wait(100)                                # the window's resize fits the page
    page = window.analyze_page
    panel, table = page.opponents, page.table
    assert panel.isVisible() and panel.compact()
    assert panel.title.isHidden() and panel.hint.isHidden() and not panel.table_shown()
    # three rows of the analysis in view
    assert table.model().rowCount() >= 3
    assert table.viewport().height() >= 3 * table.rowHeight(0)
    # the panel sits under the palette, inside the page, above the analysis table
    top = page.palette_widget.geometry()
    box = panel.geometry()
    assert box.top() >= top.bottom() and box.right() <= page.width() and box.left() >= top.left() - 1
    assert box.bottom() < page.splitter.geometry().top()
    # nothing cut: every seat's title and river in full, inside the panel
    for seat, row in panel.rows.items():
        assert row.button.width() >= row.button.sizeHint().width(), seat
        assert "·" in row.button.toolTip().splitlines()[0] or "・" in row.button.toolTip().splitlines()[0]
        for b in panel.river_tiles(seat):
            corner = b.mapTo(panel, QPoint(b.width(), b.height()))
            assert b.isVisible() and corner.x() <= panel.width() and corner.y() <= panel.height(), seat
    assert [b.tile for b in panel.river_tiles("L")] == [t(n) for n in ("1z", "9m", "4s", "2p", "7p", "3s")]
    # a larger window: the full panel across the page again, its header shown
    window.resize(1280, 860)
    qtbot.waitUntil(lambda: not panel.compact() and panel.width() > page.width() * 0.9, timeout=2000)
    assert panel.title.isVisible() and panel.geometry().top() > page.palette_widget.geometry().bottom()
