"""The Analyze page's opponents panel as a user drives it: choose a seat, click tiles into its
river, mark tsumogiri and the riichi tile, add a call, undo, copy and paste the table, refused
edits, and a review decision opened in Analyze with its rivers."""
from __future__ import annotations

import os
import sys

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mjgui.defence.opponents import RiverTile  # noqa: E402
from mjgui.hand import Hand, Meld, MeldKind  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from ui_steps import settle, type_hand  # noqa: E402

HAND = "123m456p789s1122z3z"         # tenpai after 3z: an analysable hand under the table


def t(name: str) -> Tile:
    return Tile.from_name(name)


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def open_panel(qtbot, window):
    page = window.analyze_page
    if not page.opponents_button.isChecked():
        click(qtbot, page.opponents_button)
    assert page.opponents.isVisible()
    return page.opponents


def river_menu_action(qtbot, window, seat: str, index: int, name: str):
    """Right-click the river tile as a user does; the action of the menu that pops up."""
    panel = window.analyze_page.opponents
    button = panel.river_tiles(seat)[index]
    QApplication.sendEvent(button, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(3, 3),
                                                     button.mapToGlobal(QPoint(3, 3))))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    action = next(a for a in menu.actions() if a.objectName() == name)
    return menu, action


def choose(qtbot, window, seat: str, index: int, name: str) -> None:
    menu, action = river_menu_action(qtbot, window, seat, index, name)
    action.trigger()
    menu.close()
    settle(qtbot, window)


def test_a_hand_without_opponents_looks_as_before(qtbot, window):
    type_hand(qtbot, window, HAND)
    page = window.analyze_page
    assert page.opponents.isHidden() and not page.opponents_button.isChecked()
    assert window.hand_view.rivers_shown()
    # typing a table state unfolds the panel, which then holds the rivers
    type_hand(qtbot, window, HAND + " A:1z9p")
    assert page.opponents.isVisible() and not window.hand_view.rivers_shown()
    assert window.hand_view.strip("river-A") is None
    assert [b.tile for b in page.opponents.river_tiles("A")] == [t("1z"), t("9p")]
    # folded again, the hand view shows the rivers read-only as before
    click(qtbot, page.opponents_button)
    assert page.opponents.isHidden() and window.hand_view.strip("river-A").tiles() == [t("1z"), t("9p")]


def test_clicks_fill_a_seat_river_in_order_and_the_text_follows(qtbot, window):
    type_hand(qtbot, window, HAND)
    panel = open_panel(qtbot, window)
    palette = window.palette_widget
    click(qtbot, panel.rows["A"].button)
    assert palette.target() == "river" and palette.river_seat() == "A"
    assert palette.target_button("river").text() == "River: Across"
    for name in ("5m", "1z", "9p"):
        click(qtbot, palette.button(name))
    settle(qtbot, window)
    hand = window.editor.hand
    assert hand.opponent("A").river == (RiverTile(t("5m")), RiverTile(t("1z")), RiverTile(t("9p")))
    assert hand.concealed == Hand.parse(HAND).concealed              # the hand itself untouched
    assert window.text.text() == "123m456p789s11223z A:5m1z9p"
    assert [b.tile for b in panel.river_tiles("A")] == [t("5m"), t("1z"), t("9p")]
    # the seen copies count: 1z is held twice and one is in the river
    assert palette.button("1z").badge == 1
    # another seat: its river starts empty, the first stays
    click(qtbot, panel.rows["R"].button)
    click(qtbot, palette.button("7s"))
    settle(qtbot, window)
    assert window.text.text() == "123m456p789s11223z A:5m1z9p R:7s"


def test_marks_tsumogiri_and_riichi_then_a_second_riichi_is_refused(qtbot, window):
    type_hand(qtbot, window, HAND + " L:5m1z9p")
    panel = window.analyze_page.opponents
    assert panel.isVisible()
    choose(qtbot, window, "L", 0, "mark_tsumogiri")
    choose(qtbot, window, "L", 1, "mark_riichi")
    river = window.editor.hand.opponent("L").river
    assert river == (RiverTile(t("5m"), tsumogiri=True), RiverTile(t("1z"), riichi=True), RiverTile(t("9p")))
    assert window.text.text() == "123m456p789s11223z L:5'm1*z9p"
    tiles = panel.river_tiles("L")
    assert tiles[0].dimmed and not tiles[1].dimmed            # tsumogiri greyed
    assert tiles[1].highlight is not None and tiles[0].highlight is None    # the riichi tile ringed
    assert "riichi" in panel.rows["L"].button.text()
    # the riichi action shows its state; a second riichi tile is refused with a message
    menu, action = river_menu_action(qtbot, window, "L", 1, "mark_riichi")
    assert action.isChecked()
    menu.close()
    before = window.editor.hand
    choose(qtbot, window, "L", 2, "mark_riichi")
    assert window.editor.hand == before
    assert window.text_error.isVisible()
    assert "already declared riichi with 1z (discard 2)" in window.text_error.text()
    # unmarked, the other tile can take it
    choose(qtbot, window, "L", 1, "mark_riichi")
    choose(qtbot, window, "L", 2, "mark_riichi")
    assert window.editor.hand.opponent("L").riichi_index == 2
    assert not window.text_error.isVisible()


def test_a_call_for_an_opponent_undo_and_redo(qtbot, window):
    type_hand(qtbot, window, HAND)
    panel = open_panel(qtbot, window)
    palette = window.palette_widget
    click(qtbot, panel.rows["L"].button)
    # with the River target the palette's calls are the river's player's
    pon = next(a for a in palette.meld_actions(t("5z")) if a.objectName() == "pon_pon:5*55z@A")
    pon.trigger()
    settle(qtbot, window)
    hand = window.editor.hand
    assert hand.melds == ()
    assert hand.opponent("L").melds == (Meld(MeldKind.PON, (t("5z"),) * 3, t("5z"), "A"),)
    assert window.text.text() == "123m456p789s11223z L.pon:5*55z@A"
    assert [g.meld for g in panel.rows["L"].melds] == list(hand.opponent("L").melds)
    assert palette.button("5z").badge == 1
    click(qtbot, window.toolbar.widgetForAction(window.act_undo))
    settle(qtbot, window)
    assert window.editor.hand == Hand.parse(HAND) and panel.rows["L"].melds == []
    window.act_redo.trigger()
    settle(qtbot, window)
    assert window.text.text() == "123m456p789s11223z L.pon:5*55z@A"
    # the hand's own calls are unchanged by the panel: with the Hand target, a pon is the player's
    palette.set_target("hand")
    assert panel.isVisible()
    # right-clicking the call removes it (one undo step)
    group = panel.rows["L"].melds[0]
    group.customContextMenuRequested.emit(QPoint(2, 2))
    settle(qtbot, window)
    assert window.editor.hand.opponent("L").melds == ()


def test_remove_and_clear_a_seat_are_undoable(qtbot, window):
    type_hand(qtbot, window, HAND + " L:5m1z9p L.chi:3*45s@L R:7s")
    panel = window.analyze_page.opponents
    choose(qtbot, window, "L", 1, "remove_tile")
    assert window.editor.hand.opponent("L").river == (RiverTile(t("5m")), RiverTile(t("9p")))
    click(qtbot, panel.rows["L"].clear_button)
    settle(qtbot, window)
    assert window.text.text() == "123m456p789s11223z R:7s"
    assert not panel.rows["L"].clear_button.isEnabled()
    window.act_undo.trigger()
    settle(qtbot, window)
    assert window.text.text() == "123m456p789s11223z L:5m9p L.chi:3*45s@L R:7s"


def test_copy_and_paste_round_trip_the_table(qtbot, window):
    text = HAND + " L:19m4'5*s2p A:1z9p R:3^m L.pon:5*55z@A seat:S"
    type_hand(qtbot, window, text)
    hand = window.editor.hand
    window.copy("mpsz")
    copied = QGuiApplication.clipboard().text()
    assert Hand.parse(copied) == hand
    window.act_clear.trigger()
    settle(qtbot, window)
    assert window.editor.hand.opponents == ()
    window.paste()
    settle(qtbot, window)
    assert window.editor.hand == hand
    panel = window.analyze_page.opponents
    assert [b.tile for b in panel.river_tiles("L")] == [t("1m"), t("9m"), t("4s"), t("5s"), t("2p")]
    assert panel.river_tiles("R")[0].badge == "^"                # called by another player


def test_fifth_copy_and_25th_discard_are_refused(qtbot, window):
    # 1z: two in the hand, one in each of two rivers: none left to add
    type_hand(qtbot, window, HAND + " L:1z A:1z")
    palette = window.palette_widget
    assert palette.button("1z").badge == 0 and not palette.button("1z").isEnabled()
    before = window.editor.hand
    page = window.analyze_page
    assert not page._edit(window.editor.add_river_tile, "R", t("1z"))      # the panel's route
    assert window.editor.hand == before
    assert window.text_error.text() == "no 1z left: all four copies are already on the table"
    # typed, a fifth copy is the hand's usual error, and the analysis greys
    window.text.setText(HAND + " L:1z A:1z R:1z")
    window.apply_text()
    assert window.editor.hand == before and "copies of 1z" in window.text_error.text()
    # a full river (24 discards) takes no 25th
    full = "2345678m2345678p2345678s556z"     # 24 tiles, none over four with the hand's
    type_hand(qtbot, window, HAND + " R:" + full)
    assert len(window.editor.hand.opponent("R").river) == 24
    click(qtbot, page.opponents.rows["R"].button)
    before = window.editor.hand
    click(qtbot, palette.button("9m"))
    settle(qtbot, window)
    assert window.editor.hand == before
    assert window.text_error.text() == "Right player: a river holds at most 24 discards"


def test_the_dealer_is_marked_from_the_seat_wind_and_the_words_translate(qtbot, window):
    panel = window.analyze_page.opponents
    # West: the player across is East, the dealer (East, South, West, North play in turn)
    type_hand(qtbot, window, HAND + " A:1m seat:W")
    texts = {s: panel.rows[s].button.text() for s in "LAR"}
    assert texts == {"L": "Left · South", "A": "Across · East (dealer)", "R": "Right · North"}
    # East: the player is the dealer, none of the others
    type_hand(qtbot, window, HAND + " A:1m")
    assert not any("dealer" in panel.rows[s].button.text() for s in "LAR")
    window.set_language("ja")
    type_hand(qtbot, window, HAND + " A:1m seat:W")
    assert panel.rows["A"].button.text() == "対面・東（親）"
    assert window.palette_widget.target_button("river").text() == "河: 上家"
    assert window.analyze_page.opponents_button.text() == "他家"
    window.set_language("en")
    assert panel.title.text() == "Other players"


def test_enter_on_a_review_decision_opens_its_table(qtbot, window, tmp_path):
    import gzip

    from logsim import simulate
    from mjgui.logs import mjlog
    game = simulate(5, rounds=2)
    path = tmp_path / "game.mjlog"
    path.write_bytes(gzip.compress(mjlog.dumps(game).encode()))
    window.set_mode("review")
    page = window.pages["review"]
    page.open_file(path)
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=60000)
    page.player_box.setCurrentIndex(0)
    page.player_box.activated.emit(0)
    qtbot.waitUntil(lambda: page.review is not None and not page.progress.isVisible(), timeout=60000)
    # a decision late in a round: the other players have discarded
    cells = [(i, j) for i, rs in enumerate(page.review.ratings) for j, _ in enumerate(rs)]
    row, cell = max(cells, key=lambda rc: sum(len(o.river) for o in
                                               page.review.ratings[rc[0]][rc[1]].decision.hand.opponents))
    page.timeline.set_current(row, cell)
    hand = page.current_hand()
    assert hand.opponents
    qtbot.keyClick(page, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert window.mode == "analyze" and window.editor.hand == hand
    panel = window.analyze_page.opponents
    assert panel.isVisible()
    for o in hand.opponents:
        assert [b.tile for b in panel.river_tiles(o.seat)] == [r.tile for r in o.river]
        assert [g.meld for g in panel.rows[o.seat].melds] == list(o.melds)
    assert Hand.parse(window.text.text()) == hand          # the field holds the table too
    window.act_undo.trigger()                               # one step, as before
    settle(qtbot, window)
    assert window.editor.hand != hand
    assert i18n.language() == "en"


def test_the_river_target_unfolds_the_panel_and_folding_returns_to_the_hand(qtbot, window):
    type_hand(qtbot, window, HAND)
    page = window.analyze_page
    palette = window.palette_widget
    click(qtbot, palette.target_button("river"))
    assert page.opponents.isVisible() and page.opponents.seat() == "L"
    click(qtbot, palette.button("2p"))
    settle(qtbot, window)
    assert window.editor.hand.opponent("L").river == (RiverTile(t("2p")),)
    # folded, no river is in view to fill: clicks go to the hand again
    click(qtbot, page.opponents_button)
    assert page.opponents.isHidden() and palette.target() == "hand"


def test_the_table_view_shows_the_same_rivers_and_takes_the_same_menu(qtbot, window):
    window.resize(1280, 860)
    type_hand(qtbot, window, HAND + " L:5m1z9p A:7s")
    qtbot.wait(50)                                       # the window's resize fits the page
    panel = window.analyze_page.opponents
    assert panel.view_switch.isVisible() and panel.view_switch.isEnabled()
    click(qtbot, panel.view_switch)
    assert panel.table_shown() and panel.rows_view.isHidden()
    view = panel.table_view
    assert [(t.seat, t.tile) for t in view.tiles()] == [("L", t("5m")), ("L", t("1z")), ("L", t("9p")),
                                                       ("A", t("7s"))]
    # right-click the left player's second tile on the table: the river tile's menu
    hit = view.tile("L", 1)
    pos = hit.rect.center().toPoint()
    QApplication.sendEvent(view, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    next(a for a in menu.actions() if a.objectName() == "mark_riichi").trigger()
    menu.close()
    settle(qtbot, window)
    assert window.editor.hand.opponent("L").riichi_index == 1 and view.tile("L", 1).sideways
    # a click on the player across's river chooses it for the palette
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.block_rect("A").center().toPoint())
    assert window.palette_widget.target() == "river" and window.palette_widget.river_seat() == "A"
    # a small window has no room for the table: the rows show, the choice waits
    window.resize(800, 600)
    qtbot.waitUntil(lambda: not panel.view_switch.isEnabled(), timeout=2000)
    assert not panel.table_shown() and panel.rows_view.isVisible() and panel.view_switch.isChecked()
    window.resize(1280, 860)
    qtbot.waitUntil(lambda: panel.table_shown(), timeout=2000)
