"""HandView (pytest-qt, offscreen)."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QColor, QContextMenuEvent, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from mjgui.hand import Hand, Meld  # noqa: E402
from mjgui.tiles import Tile, parse_tiles  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.hand_view import HandView, meld_layout  # noqa: E402
from mjgui.ui.tile_button import TileButton  # noqa: E402
from mjgui.ui.tile_art import tile_width  # noqa: E402

T = Tile.from_name
# 13 tiles written out of order, then the draw (5m)
FOURTEEN = "7z1m0p5p9s3m2m8p8p1s2s3s4s5m"


@pytest.fixture
def view(qtbot):
    widget = HandView()
    qtbot.addWidget(widget)
    widget.resize(1000, 260)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def settle(widget) -> None:
    """Let the layouts place freshly built children."""
    QApplication.processEvents()
    widget.layout().activate()
    QApplication.processEvents()


def right_click(widget) -> None:
    """A context-menu request, as the platform sends it for a right click."""
    pos = widget.rect().center()
    QApplication.sendEvent(widget, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos,
                                                      widget.mapToGlobal(pos)))


def global_x(widget) -> int:
    return widget.mapTo(widget.window(), QPoint(0, 0)).x()


def global_y(widget) -> int:
    return widget.mapTo(widget.window(), QPoint(0, 0)).y()


def grab_2x(widget, background: str) -> QPixmap:
    pixmap = QPixmap(widget.size() * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(QColor(background))
    widget.render(pixmap)
    return pixmap


# --- concealed tiles ----------------------------------------------------------------------
def test_tiles_sorted_with_the_draw_apart(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    settle(view)
    buttons = view.tile_buttons()
    assert [b.tile.name for b in buttons] == \
        "1m 2m 3m 5p 0p 8p 8p 1s 2s 3s 4s 9s 7z 5m".split()      # red five after the plain
    assert view.drawn_tile() == T("5m")
    xs = [global_x(b) for b in buttons]
    assert xs == sorted(xs)
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert len(set(steps[:-1])) == 1                       # evenly spaced ...
    assert steps[-1] >= steps[0] + tile_width(56) // 3     # ... and the draw set apart
    assert len({global_y(b) for b in buttons}) == 1         # one row


def test_thirteen_tiles_have_no_draw(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN[:-2]))))
    assert view.drawn_tile() is None
    assert [b.tile for b in view.tile_buttons()] == sorted(parse_tiles(FOURTEEN[:-2]))


def test_draw_sorted_in_when_not_apart(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))), drawn_apart=False)
    assert view.drawn_tile() is None
    assert [b.tile for b in view.tile_buttons()] == sorted(parse_tiles(FOURTEEN))


def test_fourteen_tiles_fit_one_row_at_1000px(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    view.resize(1000, view.heightForWidth(1000))
    settle(view)
    last = view.tile_buttons()[-1]
    assert last.mapTo(view, QPoint(last.width(), 0)).x() <= 1000
    assert len({global_y(b) for b in view.tile_buttons()}) == 1


def test_click_requests_a_discard(view, qtbot):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    settle(view)
    button = view.tile_buttons()[4]          # the red 5p
    assert button.toolTip().startswith("Discard 0p")
    with qtbot.waitSignal(view.discardRequested, timeout=1000) as blocker:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert blocker.args == [Tile(13, True)]
    with qtbot.waitSignal(view.discardRequested, timeout=1000) as blocker:
        qtbot.mouseClick(view.tile_buttons()[-1], Qt.MouseButton.LeftButton)
    assert blocker.args == [T("5m")]


def test_right_click_on_a_concealed_tile_asks_to_take_it_back(view, qtbot):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    with qtbot.waitSignal(view.concealedRemoveRequested, timeout=1000) as blocker:
        right_click(view.tile_buttons()[0])
    assert blocker.args == [T("1m")]


def test_placeholder_when_empty(view):
    view.set_hand(None)
    assert view.placeholder_visible()
    assert "123m456p789s1122z" in view.placeholder_text()
    assert view.tile_buttons() == [] and view.meld_groups() == []
    view.set_hand(Hand(()))
    assert view.placeholder_visible()
    view.set_hand(Hand(tuple(parse_tiles("123m"))))
    assert not view.placeholder_visible()
    i18n.set_language("ja")
    view.set_hand(None)
    view.retranslate()
    assert "123m456p789s1122z" in view.placeholder_text() and "牌" in view.placeholder_text()


# --- melds -------------------------------------------------------------------------------
MELDED = Hand.parse("23m406p78s5z3m chi:3*45m pon:7*77z@A ankan:1111s kan:9*999p@R "
                    "dora:1z3p visible:9s5m5m discards:9m1z")


def test_melds_are_drawn_as_groups(view):
    view.set_hand(MELDED)
    settle(view)
    groups = view.meld_groups()
    assert len(groups) == 4
    assert [g.meld for g in groups] == list(MELDED.melds)
    assert [g.index for g in groups] == [0, 1, 2, 3]
    assert groups[2].tiles() == ["back", T("1s"), T("1s"), "back"]      # closed kan
    assert groups[0].sizeHint().width() == 56 + 2 * tile_width(56) + 2 * groups[0].PAD
    xs = [global_x(g) for g in groups[:2]]
    assert xs[0] > global_x(view.tile_buttons()[-1])    # melds follow the concealed tiles


def test_meld_layout_turns_the_called_tile_towards_its_seat():
    def sideways_at(text):
        return [i for i, (_, side, _) in enumerate(meld_layout(Meld.parse(text))) if side]
    assert sideways_at("chi:3*45m") == [0]
    assert sideways_at("pon:7*77z@L") == [0]
    assert sideways_at("pon:7*77z@A") == [1]
    assert sideways_at("pon:7*77z@R") == [2]
    assert sideways_at("kan:9*999p@A") == [1]
    assert sideways_at("kan:9*999p@R") == [3]
    assert sideways_at("ankan:1111s") == []
    kakan = meld_layout(Meld.parse("kakan:5*550m@A"))
    assert [(side, stacked) for _, side, stacked in kakan] == \
        [(False, False), (True, False), (True, True), (False, False)]
    chi = meld_layout(Meld.parse("chi:34*0m"))
    assert [t for t, _, _ in chi] == [T("4m"), T("3m"), T("0m")]


def test_right_click_on_a_meld_asks_to_remove_it(view, qtbot):
    view.set_hand(MELDED)
    with qtbot.waitSignal(view.meldRemoveRequested, timeout=1000) as blocker:
        right_click(view.meld_groups()[2])
    assert blocker.args == [2]


def test_added_kan_is_taller(view):
    view.set_hand(Hand.parse("23m406p78s5z3m kakan:5*550m@A"))
    settle(view)
    group = view.meld_groups()[0]
    assert group.sizeHint().height() > view.tile_buttons()[0].sizeHint().height()


# --- dora, visible, discards strips ---------------------------------------------------------------
def test_strips_show_the_extras(view):
    view.set_hand(MELDED)
    assert view.strip("dora").tiles() == [T("1z"), T("3p")]
    assert view.strip("visible").tiles() == [T("5m"), T("5m"), T("9s")]     # sorted for reading
    assert view.strip("discards").tiles() == [T("9m"), T("1z")]
    assert view.strip("dora").label.text() == "Dora indicators"
    assert view.strip("dora").buttons[0].tile_height < view.tile_buttons()[0].tile_height


def test_discards_strip_only_when_there_are_discards(view):
    view.set_hand(Hand(tuple(parse_tiles("123m"))))
    assert view.strip("dora") is not None and view.strip("visible") is not None
    assert view.strip("dora").tiles() == []
    assert view.strip("discards") is None


def test_a_new_discard_remakes_the_discards_strip_only(view, qtbot):
    """A discard from the table changes only the discards: the dora and visible strips
    stay as they are (the same widgets), the discards strip follows, in order, and goes
    when the last discard is taken back; a new dora indicator makes every strip again."""
    hand = Hand.parse("123m456p789s1122z dora:3p visible:9s")
    view.set_hand(hand)
    dora, visible = view.strip("dora"), view.strip("visible")
    assert view.strip("discards") is None
    strips = []
    for discards in ("1z", "1z9m", "1z9m5s"):
        view.set_hand(Hand.parse(f"123m456p789s1122z dora:3p visible:9s discards:{discards}"))
        assert view.strip("dora") is dora and view.strip("visible") is visible
        assert view.strip("discards").tiles() == parse_tiles(discards)
        flow = view.strip("dora").parentWidget().layout()
        assert [flow.itemAt(i).widget() for i in range(flow.count())] == [dora, visible, view.strip("discards")]
        strips.append(view.strip("discards"))
    assert strips[1] is strips[2]                  # one more discard: one more button, same strip
    assert all(b.isVisible() for b in strips[2].buttons)
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        right_click(strips[2].buttons[2])           # the appended one knows its index
    assert blocker.args == ["discards", 2]
    view.set_hand(hand)
    assert view.strip("discards") is None and view.strip("dora") is dora
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        view.set_hand(Hand.parse("123m456p789s1122z dora:3p visible:9s discards:7s8s"))
        right_click(view.strip("discards").buttons[1])
    assert blocker.args == ["discards", 1]
    view.set_hand(Hand.parse("123m456p789s1122z dora:3p4p visible:9s discards:7s8s"))
    assert view.strip("dora") is not dora and view.strip("dora").tiles() == parse_tiles("3p4p")


def test_right_click_on_extras_asks_to_remove_them(view, qtbot):
    view.set_hand(MELDED)
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        right_click(view.strip("dora").buttons[1])
    assert blocker.args == ["dora", 1]
    # the visible strip is shown sorted, but the index is the one in Hand.visible (9s5m5m)
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        right_click(view.strip("visible").buttons[2])
    assert blocker.args == ["visible", 0]
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        right_click(view.strip("discards").buttons[0])
    assert blocker.args == ["discards", 0]


# --- keyboard, highlight, theme ---------------------------------------------------------------------
def test_keyboard_selection_and_enter(view, qtbot):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    assert view.selected_tile() is None
    view.select_next()
    assert view.selected_index() == 0 and view.selected_tile() == T("1m")
    assert view.tile_buttons()[0].selected
    view.select_next()
    assert view.selected_tile() == T("2m")
    assert not view.tile_buttons()[0].selected and view.tile_buttons()[1].selected
    view.select_previous()
    view.select_previous()                       # wraps to the drawn tile
    assert view.selected_tile() == T("5m") and view.selected_index() == 13
    view.setFocus()
    with qtbot.waitSignal(view.discardRequested, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [T("5m")]
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.selected_index() == 0
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.selected_index() == 13
    view.select_index(4)
    with qtbot.waitSignal(view.discardRequested, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert blocker.args == [Tile(13, True)]


def test_selection_survives_a_new_hand_and_clears_when_empty(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    view.select_index(13)
    view.set_hand(Hand(tuple(parse_tiles("123m"))))
    assert view.selected_index() == 2                 # clamped
    assert view.tile_buttons()[2].selected
    view.set_hand(None)
    assert view.selected_tile() is None
    view.select_next()
    assert view.selected_tile() is None


def test_highlight_tints_the_given_kinds(view):
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))
    view.set_highlight({13, 33}, "#d04040")
    marked = [b.tile.name for b in view.tile_buttons() if b.highlight is not None]
    assert marked == ["5p", "0p", "7z"]
    assert view.tile_buttons()[4].highlight == QColor("#d04040")
    view.set_highlight(set())
    assert all(b.highlight is None for b in view.tile_buttons())
    view.set_highlight({0})
    view.set_hand(Hand(tuple(parse_tiles(FOURTEEN))))     # a new hand drops the old highlight
    assert all(b.highlight is None for b in view.tile_buttons())


def test_theme_and_tile_height(view):
    view.set_hand(MELDED)
    view.set_theme("dark")
    assert all(b.theme == "dark" for b in view.tile_buttons())
    view.set_tile_height(40)
    assert view.tile_height() == 40
    assert all(b.tile_height == 40 for b in view.tile_buttons())
    with pytest.raises(ValueError):
        view.set_theme("sepia")


def test_reflows_when_narrow(view):
    view.set_hand(MELDED)
    wide = view.heightForWidth(1600)
    narrow = view.heightForWidth(500)
    assert narrow > view.heightForWidth(1000) > wide        # 1600 px: all on one line
    view.resize(500, narrow)
    settle(view)
    for group in view.meld_groups():
        assert group.mapTo(view, QPoint(group.width(), 0)).x() <= 500


def test_hand_view_screenshot(qtbot):
    """A HiDPI picture of a hand with melds, dora and visible tiles (for checking by eye)."""
    widget = HandView()
    qtbot.addWidget(widget)
    widget.set_hand(Hand.parse("34m06p7s55z6s chi:3*40m pon:7*77z@A "
                               "dora:1z3p visible:9s5m5m discards:9m1z"))
    assert widget.drawn_tile() == Tile.from_name("6s")
    widget.set_highlight({31, 23}, "#2e9d5b")            # 5z, 6s
    widget.select_index(2)
    widget.move(300, 300)                                # away from the pointer: no hover
    widget.resize(1000, widget.heightForWidth(1000))
    widget.show()
    qtbot.waitExposed(widget)
    settle(widget)
    pixmap = grab_2x(widget, "#f3f1ea")
    assert pixmap.save("/tmp/ui_hand.png")


def test_a_click_may_replace_the_hand_at_once(view, qtbot):
    """The main window answers discardRequested with set_hand(): the clicked button is
    rebuilt away inside its own click, which must not crash."""
    hand = Hand(tuple(parse_tiles(FOURTEEN)))
    view.set_hand(hand)
    view.discardRequested.connect(lambda tile: view.set_hand(view.hand().discard(tile)))
    settle(view)
    qtbot.mouseClick(view.tile_buttons()[0], Qt.MouseButton.LeftButton)
    assert view.hand().discards == (T("1m"),)
    assert len(view.tile_buttons()) == 13
    settle(view)
    qtbot.mouseClick(view.tile_buttons()[0], Qt.MouseButton.LeftButton)
    assert view.hand().discards == (T("1m"), T("2m"))
    view.meldRemoveRequested.connect(lambda i: view.set_hand(None))
    view.set_hand(MELDED)
    right_click(view.meld_groups()[0])
    assert view.hand() is None
    settle(view)


def test_the_same_shape_of_hand_asks_no_new_layout(qtbot):
    """Other tiles in the same places (a typed hand of the same size) need no layout of
    the window; a new count of tiles does, and the row then holds every tile."""
    from PySide6.QtCore import QEvent, QObject

    class Requests(QObject):
        count = 0

        def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
            if event.type() == QEvent.Type.LayoutRequest:
                Requests.count += 1
            return False

    parent = QWidget()
    qtbot.addWidget(parent)
    view = HandView(parent)
    parent.resize(900, 200)
    parent.show()
    view.set_hand(Hand.parse("123m456p789s1122z3p"))
    qtbot.wait(1)
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    watch = Requests()
    parent.installEventFilter(watch)
    view.set_hand(Hand.parse("234m567p789s1133z4p"))
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert Requests.count == 0
    shown = sorted(b.tile for b in view.findChildren(TileButton)
                   if b.isVisibleTo(view) and b.objectName().startswith(("concealed", "drawn")))
    assert shown == sorted(Hand.parse("234m567p789s1133z4p").concealed)
    view.set_hand(Hand.parse("234m567p789s1133z"))
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert Requests.count > 0


def test_the_other_players_rivers_are_strips_in_order(view, qtbot):
    """A hand with a table state shows each opponent's river in the order discarded, labelled
    with the seat, its riichi and its melds; right-clicking a river tile asks for its removal."""
    view.set_hand(Hand.parse("123m456p789s1122z L:19m4'5*s2p A:1z9p L.pon:5*55z@A"))
    assert view.strip("river-L").tiles() == [T("1m"), T("9m"), T("4s"), T("5s"), T("2p")]
    assert view.strip("river-A").tiles() == [T("1z"), T("9p")]
    assert view.strip("river-R") is None
    assert view.strip("river-L").label.text() == "Left (riichi, pon:5*55z@A)"
    assert view.strip("river-A").label.text() == "Across"
    with qtbot.waitSignal(view.extraRemoveRequested, timeout=1000) as blocker:
        right_click(view.strip("river-L").buttons[3])
    assert blocker.args == ["river-L", 3]
    # a discard of one's own keeps the rivers' strips (the discards strip stays last)
    view.set_hand(Hand.parse("123m456p789s1122z discards:7s L:19m4'5*s2p A:1z9p L.pon:5*55z@A"))
    flow = view.strip("dora").parentWidget().layout()
    assert flow.itemAt(flow.count() - 1).widget() is view.strip("discards")
    assert view.strip("river-L").tiles()[3] == T("5s")
