"""TilePalette and TileButton (pytest-qt, offscreen)."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QColor, QPixmap  # noqa: E402
from PySide6.QtWidgets import QMenu  # noqa: E402

from mjgui.hand import Meld, MeldKind  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.palette import TilePalette, meld_choices, palette_rows  # noqa: E402
from mjgui.ui.tile_button import TileButton  # noqa: E402
from mjgui.ui.tile_art import tile_width  # noqa: E402

T = Tile.from_name


@pytest.fixture
def palette(qtbot):
    widget = TilePalette()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def grab_2x(widget, background: str) -> QPixmap:
    """The widget painted at device pixel ratio 2 (what a HiDPI screen shows)."""
    pixmap = QPixmap(widget.size() * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(QColor(background))
    widget.render(pixmap)
    return pixmap


def all_actions(menu: QMenu):
    for action in menu.actions():
        if action.menu() is not None:
            yield from all_actions(action.menu())
        else:
            yield action


# --- TileButton -------------------------------------------------------------------------
def test_tile_button_size_and_properties(qtbot):
    button = TileButton(T("5m"))
    qtbot.addWidget(button)
    assert button.tile_height == 56
    hint = button.sizeHint()
    assert hint.width() >= tile_width(56) and hint.height() >= 56
    button.tile_height = 40
    assert button.sizeHint().height() < hint.height()
    assert button.tile_rect().height() == 40
    button.badge = 3
    button.dimmed = True
    button.highlight = "#ff0000"
    button.selected = True
    assert (button.badge, button.dimmed, button.selected) == (3, True, True)
    assert button.highlight == QColor("#ff0000")
    with pytest.raises(ValueError):
        button.theme = "neon"
    button.theme = "dark"
    button.tile = "back"
    assert button.grab().width() > 0          # paints in every state without error


def test_tile_button_badge_space_keeps_badge_inside(qtbot):
    button = TileButton(T("9p"), 44, badge_space=True)
    qtbot.addWidget(button)
    plain = TileButton(T("9p"), 44)
    qtbot.addWidget(plain)
    assert button.sizeHint().width() > plain.sizeHint().width()
    assert button.rect().contains(button.tile_rect())


# --- palette layout and clicks ------------------------------------------------------------
def test_rows_hold_every_kind_and_the_red_fives():
    rows = palette_rows()
    assert [len(r) for r in rows] == [10, 10, 10, 7]
    assert [t.name for t in rows[0]] == [f"{n}m" for n in range(1, 10)] + ["0m"]
    assert rows[3][-1] == T("7z")


def test_buttons_sit_in_four_rows(palette):
    ys = sorted({palette.button(t).y() for row in palette_rows() for t in row})
    assert len(ys) == 4
    assert palette.button("0m").x() > palette.button("9m").x()
    assert palette.button("1m").y() < palette.button("1p").y() < palette.button("1s").y() \
        < palette.button("1z").y()


def test_click_5m_requests_it_for_the_hand(palette, qtbot):
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        qtbot.mouseClick(palette.button("5m"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["hand", T("5m")]


def test_red_five_click_requests_the_red_tile(palette, qtbot):
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        qtbot.mouseClick(palette.button("0p"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["hand", Tile(13, True)]


def test_target_switch_changes_the_target(palette, qtbot):
    assert palette.target() == "hand"
    with qtbot.waitSignal(palette.targetChanged, timeout=1000) as changed:
        qtbot.mouseClick(palette.target_button("dora"), Qt.MouseButton.LeftButton)
    assert changed.args == ["dora"]
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        qtbot.mouseClick(palette.button("3z"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["dora", T("3z")]
    palette.set_target("visible")
    assert palette.target_button("visible").isChecked()
    assert not palette.target_button("dora").isChecked()
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        qtbot.mouseClick(palette.button("9s"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["visible", T("9s")]
    with pytest.raises(ValueError):
        palette.set_target("wall")


def test_target_switch_is_keyboard_accessible(palette, qtbot):
    hand = palette.target_button("hand")
    assert hand.focusPolicy() & Qt.FocusPolicy.TabFocus
    hand.setFocus()
    qtbot.keyClick(hand, Qt.Key.Key_Right)
    assert palette.target() == "dora"
    dora = palette.target_button("dora")
    dora.setFocus()
    palette.set_target("hand")
    qtbot.keyClick(palette.target_button("visible"), Qt.Key.Key_Space)
    assert palette.target() == "visible"


def test_space_activates_a_focused_tile(palette, qtbot):
    button = palette.button("7z")
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
    button.setFocus()
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        qtbot.keyClick(button, Qt.Key.Key_Space)
    assert blocker.args == ["hand", T("7z")]


# --- remaining counts ----------------------------------------------------------------------
def test_badges_follow_set_remaining(palette, qtbot):
    assert palette.button("1m").badge == 4         # a fresh palette: everything left
    remaining = [4] * 34
    remaining[0] = 0
    remaining[4] = 2
    remaining[33] = 1
    palette.set_remaining(remaining)
    assert palette.button("1m").badge == 0
    assert palette.button("5m").badge == 2
    assert palette.button("7z").badge == 1
    assert palette.button("2m").badge == 4
    one_m = palette.button("1m")
    assert not one_m.isEnabled() and one_m.dimmed
    assert palette.button("5m").isEnabled() and not palette.button("5m").dimmed
    assert "2 left" in palette.button("5m").toolTip()
    with qtbot.assertNotEmitted(palette.tileRequested):
        qtbot.mouseClick(one_m, Qt.MouseButton.LeftButton)
    palette.set_remaining([4] * 34)
    assert one_m.isEnabled() and one_m.badge == 4
    with pytest.raises(ValueError):
        palette.set_remaining([4] * 33)


def test_red_five_availability(palette):
    remaining = [4] * 34
    remaining[13] = 0                               # no 5p left at all
    palette.set_remaining(remaining, {4: False, 13: True, 22: True})
    assert not palette.button("0m").isEnabled()     # the red 5m is used
    assert palette.button("0m").badge == 0 and palette.button("0m").dimmed
    assert palette.button("5m").isEnabled()         # plain fives still there
    assert not palette.button("0p").isEnabled()     # red available but no five remains
    assert palette.button("0s").isEnabled() and palette.button("0s").badge == 1
    palette.set_remaining([4] * 34, None)           # None: every red five available
    assert all(palette.button(n).isEnabled() for n in ("0m", "0p", "0s"))


# --- context menu: add actions and calls ------------------------------------------------------
def test_meld_choices_for_4m():
    choices = meld_choices(T("4m"))
    chi = [(label, meld) for group, label, meld in choices if group == "chi"]
    assert [str(m) for _, m in chi] == ["chi:234*m@L", "chi:34*5m@L", "chi:4*56m@L"]
    assert chi[0][0] == "Chi 234m (4m called)"
    pons = [m for g, _, m in choices if g == "pon"]
    assert [(m.seat, m.tiles, m.called) for m in pons] == [
        (s, (T("4m"),) * 3, T("4m")) for s in "LAR"]
    kans = [m for g, _, m in choices if g == "kan"]
    assert [m.seat for m in kans] == ["L", "A", "R"] and all(len(m.tiles) == 4 for m in kans)
    ankan = [m for g, _, m in choices if g == "ankan"]
    assert ankan == [Meld(MeldKind.ANKAN, (T("4m"),) * 4)]


@pytest.mark.parametrize("name, runs", [
    ("1p", ["123p"]), ("2s", ["123s", "234s"]), ("8m", ["678m", "789m"]), ("9s", ["789s"]),
    ("1z", []), ("7z", []),
])
def test_chi_runs_stay_in_the_suit(name, runs):
    chi = [m for g, _, m in meld_choices(T(name)) if g == "chi"]
    from mjgui.tiles import format_tiles
    assert [format_tiles(m.tiles) for m in chi] == runs
    assert all(m.called == T(name) and m.seat == "L" for m in chi)


def test_red_five_calls_with_the_red_tile():
    red = T("0m")
    for group, _label, meld in meld_choices(red):
        assert red in meld.tiles
        assert sum(t.red for t in meld.tiles) == 1
        if group != "ankan":
            assert meld.called == red
    pon = next(m for g, _, m in meld_choices(red) if g == "pon")
    assert pon.tiles == (T("5m"), T("5m"), red)


def test_context_menu_actions_emit_signals(palette, qtbot):
    menu = palette.context_menu(T("4m"))
    actions = list(all_actions(menu))
    texts = [a.text() for a in actions]
    assert texts[:3] == ["Add 4m to hand", "Add 4m as dora indicator", "Add 4m as visible tile"]
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        actions[1].trigger()
    assert blocker.args == ["dora", T("4m")]
    with qtbot.waitSignal(palette.tileRequested, timeout=1000) as blocker:
        actions[2].trigger()
    assert blocker.args == ["visible", T("4m")]
    submenus = [a.text() for a in menu.actions() if a.menu() is not None]
    assert submenus == ["Pon 4m", "Kan 4m (open)"]
    pon_across = next(a for a in actions
                      if isinstance(a.data(), Meld) and a.data().kind is MeldKind.PON
                      and a.data().seat == "A")
    with qtbot.waitSignal(palette.meldRequested, timeout=1000) as blocker:
        pon_across.trigger()
    assert blocker.args == [Meld(MeldKind.PON, (T("4m"),) * 3, T("4m"), "A")]
    chi = next(a for a in actions if a.text() == "Chi 345m (4m called)")
    with qtbot.waitSignal(palette.meldRequested, timeout=1000) as blocker:
        chi.trigger()
    assert blocker.args == [Meld.parse("chi:34*5m")]
    closed = next(a for a in actions if a.text() == "Closed kan 4m")
    with qtbot.waitSignal(palette.meldRequested, timeout=1000) as blocker:
        closed.trigger()
    assert blocker.args == [Meld.parse("ankan:4444m")]
    open_right = next(a for a in all_actions(menu)
                      if isinstance(a.data(), Meld) and a.data().kind is MeldKind.KAN
                      and a.data().seat == "R")
    with qtbot.waitSignal(palette.meldRequested, timeout=1000) as blocker:
        open_right.trigger()
    assert blocker.args == [Meld.parse("kan:4*444m@R")]


def test_meld_actions_match_meld_choices(palette):
    for name in ("1m", "5p", "0s", "9s", "6z"):
        tile = T(name)
        assert [a.data() for a in palette.meld_actions(tile)] == \
            [m for _, _, m in meld_choices(tile)]


def test_calls_needing_more_copies_than_remain_are_disabled(palette):
    remaining = [4] * 34
    remaining[4] = 2                      # two 5m left: no pon, no kan
    remaining[5] = 0                      # no 6m: no chi 456m / 567m
    palette.set_remaining(remaining)
    by_meld = {str(a.data()): a.isEnabled() for a in palette.meld_actions(T("5m"))}
    assert not by_meld["pon:5*55m@L"] and not by_meld["kan:5*555m@A"]
    assert not by_meld["ankan:5555m"]
    assert by_meld["chi:345*m@L"] and not by_meld["chi:45*6m@L"] and not by_meld["chi:5*67m@L"]
    menu = palette.context_menu(T("5m"))
    pon_menu = next(a for a in menu.actions() if a.menu() is not None)
    assert not pon_menu.isEnabled()


def test_right_click_opens_the_context_menu(palette, qtbot):
    shown = []
    palette.show_context_menu = lambda tile, pos: shown.append(tile)
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication
    button = palette.button("6s")
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(5, 5),
                              button.mapToGlobal(QPoint(5, 5)))
    QApplication.sendEvent(button, event)
    assert shown == [T("6s")]


# --- language, theme, size ---------------------------------------------------------------------
def test_retranslate_to_japanese(palette):
    i18n.set_language("ja")
    palette.retranslate()
    assert palette.target_button("hand").text() == "手牌"
    assert palette.target_button("dora").text() == "ドラ表示"
    assert palette.target_button("visible").text() == "見えている牌"
    menu = palette.context_menu(T("4m"))
    texts = [a.text() for a in menu.actions()] + [a.text() for a in all_actions(menu)]
    joined = "\n".join(texts)
    for word in ("手牌に追加", "ドラ表示牌に追加", "見えている牌に追加", "ポン", "チー", "明槓",
                 "暗槓", "上家", "対面", "下家"):
        assert word in joined, word
    assert "残り4枚" in palette.button("4m").toolTip()
    i18n.set_language("en")
    palette.retranslate()
    assert palette.target_button("hand").text() == "Hand"


def test_theme_and_tile_height(palette):
    palette.set_theme("dark")
    assert all(b.theme == "dark" for b in palette.buttons())
    small = palette.button("1m").sizeHint().height()
    palette.set_tile_height(60)
    assert palette.tile_height() == 60
    assert palette.button("1m").sizeHint().height() > small


def test_palette_screenshot(qtbot, tmp_path):
    """A HiDPI picture of a palette with some tiles used up (for checking by eye)."""
    widget = TilePalette()
    qtbot.addWidget(widget)
    remaining = [4] * 34
    for kind, left in {0: 0, 4: 1, 13: 2, 20: 3, 30: 0, 33: 2}.items():
        remaining[kind] = left
    widget.set_remaining(remaining, {4: False, 13: True, 22: True})
    widget.adjustSize()
    widget.show()
    qtbot.waitExposed(widget)
    pixmap = grab_2x(widget, "#f3f1ea")
    assert pixmap.save("/tmp/ui_palette.png")
    assert pixmap.width() == widget.width() * 2
