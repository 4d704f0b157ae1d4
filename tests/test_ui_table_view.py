"""TableView: the other players' rivers around a centre (pytest-qt, offscreen).  Expectations are
worked out by hand from the rivers written in each test."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect  # noqa: E402
from PySide6.QtGui import QColor, QHelpEvent  # noqa: E402
from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QToolTip  # noqa: E402

from mjgui.hand import Hand  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.table_view import MIN_TILE, ROW, TableView  # noqa: E402
from mjgui.ui.theme import COLORS  # noqa: E402

# seat S: L is East (the dealer, plays first), the player South, R West, A North.  L declared
# riichi with its 4th discard (5s, time 4*3 = 12); its 3rd (4s) and 6th (3p) were tsumogiri.
# Discarded after the riichi by the rivers' order: L's 5th on; R's (4 i + 2) and A's (4 i + 3)
# from their 4th.  R's 7th (1p) was called; R pon'd 5z from A; A chi'd 7m from L.
TABLE = ("123m456p789s11z22z seat:S round:E turn:9 L:19m4'5*s2p3p'7z6z "
         "A:1z9p3s6s8p2z'4z3z8s9s1s'7p R:2m3m7p7s6z5z1p^ R.pon:5*55z@A A.chi:7*89m@L "
         "scores:25000,24000,26000,25000")
K = lambda name: Tile.from_name(name).kind  # noqa: E731


@pytest.fixture
def view(qtbot):
    widget = TableView(tile_height=28)
    qtbot.addWidget(widget)
    widget.set_hand(Hand.parse(TABLE))
    widget.resize(widget.sizeHint())
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def pixel(widget, x: float, y: float) -> QColor:
    return widget.grab().toImage().pixelColor(int(x), int(y))


def close(a: QColor, b: QColor, tol: int = 12) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a.getRgb()[:3], b.getRgb()[:3]))


def test_rivers_sit_around_the_centre_like_a_table(view):
    centre = view.centre_rect()
    left, across, right = (view.block_rect(s) for s in "LAR")
    assert left.right() < centre.left() and right.left() > centre.right()
    assert across.bottom() < centre.top()
    assert across.left() >= centre.left() - 1 and across.right() <= centre.right() + 1
    for seat, block in zip("LAR", (left, across, right)):
        assert all(block.contains(t.rect) for t in view.tiles() if t.seat == seat)
    # every river tile is drawn, in its river's order
    hand = view.hand()
    assert [(t.seat, t.tile) for t in view.tiles()] == [
        (o.seat, r.tile) for o in hand.opponents for r in o.river]


def test_the_riichi_tile_lies_sideways_in_its_place_in_rows_of_six(view):
    tiles = {t.index: t for t in view.tiles() if t.seat == "L"}
    riichi = tiles[3]
    assert riichi.sideways and riichi.tile == Tile.from_name("5s")
    assert riichi.rect.width() > riichi.rect.height()
    assert not any(t.sideways for i, t in tiles.items() if i != 3)
    # the row runs on after it, bottoms level; the 7th discard starts the second row
    assert tiles[4].rect.left() == pytest.approx(riichi.rect.right())
    assert riichi.rect.left() == pytest.approx(tiles[2].rect.right())
    assert {t.rect.bottom() for i, t in tiles.items() if i < ROW} == {riichi.rect.bottom()}
    assert tiles[6].rect.left() == pytest.approx(tiles[0].rect.left())
    assert tiles[6].rect.top() > tiles[0].rect.bottom()
    # something is painted at the sideways tile's right end, where an upright tile would end
    card = QColor(COLORS["light"]["card"])
    r = riichi.rect
    assert not close(pixel(view, r.right() - 3, r.center().y()), card)
    assert close(pixel(view, r.right() - 3, r.top() - 3), card)       # above it: the block


def test_tsumogiri_tiles_carry_a_corner_mark(qtbot):
    view = TableView(tile_height=40)
    qtbot.addWidget(view)
    view.set_hand(Hand.parse("123m L:4s4's"))      # the same tile, hand-cut then tsumogiri
    view.resize(view.sizeHint())
    view.show()
    cut, drawn = view.tiles()
    assert not cut.tsumogiri and drawn.tsumogiri
    corner = lambda t: pixel(view, t.rect.right() - 3, t.rect.top() + 3)  # noqa: E731
    assert close(corner(drawn), QColor(COLORS["light"]["muted"]), 30)
    assert not close(corner(cut), corner(drawn), 30)
    # the rest of the face is the same picture
    mid = lambda t: pixel(view, t.rect.center().x(), t.rect.bottom() - 8)  # noqa: E731
    assert close(mid(cut), mid(drawn), 3)


def test_a_called_tile_is_faded_as_taken(qtbot):
    view = TableView(tile_height=40)
    qtbot.addWidget(view)
    view.set_hand(Hand.parse("123m R:3m3^m R.pon:3*33p@L"))
    view.resize(view.sizeHint())
    view.show()
    kept, taken = view.tiles()
    assert taken.called and not kept.called
    card = QColor(COLORS["light"]["card"]).getRgb()[:3]
    image = view.grab().toImage()

    def ink(t) -> float:
        """How far the tile's picture is from the block's colour, on average."""
        r = t.rect.toAlignedRect().adjusted(2, 2, -2, -2)
        px = [image.pixelColor(x, y).getRgb()[:3] for x in range(r.left(), r.right()) for y in range(r.top(), r.bottom())]
        return sum(abs(p - q) for c in px for p, q in zip(c, card)) / len(px)
    assert ink(taken) < ink(kept) / 2


def test_open_melds_lie_below_their_river_with_the_called_tile_sideways(view):
    pon = view.meld_tiles("R")
    assert [t for t, _, _ in pon] == [Tile.from_name("5z")] * 3
    assert [side for _, _, side in pon] == [False, True, False]       # called from across: the middle
    chi = view.meld_tiles("A")
    assert [side for _, _, side in chi] == [True, False, False]       # from its left: first
    assert view.meld_tiles("L") == []
    river_bottom = max(t.rect.bottom() for t in view.tiles() if t.seat == "R")
    for _, rect, _ in pon:
        assert view.block_rect("R").contains(rect) and rect.top() > river_bottom


def test_tiles_passed_after_the_riichi_are_marked(view):
    # L's 5th to 8th, R's 4th on (its 7th, 1p, called but it passed the riichi), A's 4th on
    expected = ({("L", i) for i in range(4, 8)} | {("R", i) for i in range(3, 7)}
                | {("A", i) for i in range(3, 12)})
    assert view.marked() == expected
    # a bar in the good colour under a marked tile, none under an unmarked one
    good = QColor(COLORS["light"]["good"])
    under = lambda t: pixel(view, t.rect.center().x(), t.rect.bottom() + 2)  # noqa: E731
    assert close(under(view.tile("L", 4)), good, 20)
    assert not close(under(view.tile("L", 2)), good, 60)
    # the replay's exact genbutsu against L: A's 6s and R's 7s came before the riichi
    exact = {K(n) for n in ("1m", "9m", "4s", "5s", "2p", "3p", "7z", "6z", "6z", "5z", "1p", "8p",
                            "2z", "4z", "3z", "8s", "9s", "1s", "7p")}
    view.set_safe({"L": frozenset(exact)})
    assert view.marked() == ({("L", i) for i in range(4, 8)} | {("R", i) for i in range(4, 7)}
                             | {("A", i) for i in range(4, 12)})
    view.set_safe(None)
    # the caller's own marks: kinds, or positions
    view.set_marked({K("7z")})
    assert view.marked() == {("L", 6)}
    view.set_marked({("A", 0), ("R", 1)})
    assert view.marked() == {("A", 0), ("R", 1)}
    view.set_marked(())
    assert view.marked() == set()
    view.set_marked(None)
    assert view.marked() == expected


def test_no_riichi_no_marks_and_an_empty_table(qtbot):
    view = TableView()
    qtbot.addWidget(view)
    view.set_hand(Hand.parse("123m L:19m A:2p R:3s"))
    assert view.marked() == set()
    view.set_hand(None)
    view.resize(view.sizeHint())
    view.show()
    assert view.tiles() == [] and view.header_text("A") == "Player across"
    view.grab()                              # paints with nothing to show


def test_the_centre_shows_winds_dealer_and_scores(view):
    tip = help_text(view, view.centre_rect().center())
    assert "East round" in tip
    assert "You: South, 24,000" in tip and "Left player: East (dealer), 25,000" in tip
    assert "Player across: North, 25,000" in tip and "Right player: West, 26,000" in tip
    # the header says as much as its width holds
    assert view.header_text("L") == "Left E dealer 25,000" and view.header_text("R") == "Right · West · 26,000"
    view.set_tile_height(44)
    view.resize(view.sizeHint())
    assert view.header_text("L") == "Left player · East (dealer) · 25,000"


def help_text(view, point) -> str:
    pos = QPoint(int(point.x()), int(point.y()))
    QToolTip.hideText()
    QApplication.sendEvent(view, QHelpEvent(QEvent.Type.ToolTip, pos, view.mapToGlobal(pos)))
    return QToolTip.text()


def test_tooltips_name_the_tile_and_its_marks(view):
    riichi = help_text(view, view.tile("L", 3).rect.center())
    assert "discard 4" in riichi and "riichi" in riichi
    assert "tsumogiri" in help_text(view, view.tile("L", 5).rect.center())
    passed = help_text(view, view.tile("A", 3).rect.center())
    assert "passed after the riichi of: Left player" in passed
    assert "called" in help_text(view, view.tile("R", 6).rect.center())


@pytest.mark.parametrize("size", [(260, 170), (320, 220), (480, 330), (1200, 700)])
def test_it_scales_down_to_fit_and_nothing_is_cut(qtbot, size):
    # the longest rivers (24 discards; a riichi in a row's last column) and four melds
    text = ("- L:123456789m12345678p9*p123456s A:123456789s123456789p234z789s "
            "R:1z'1z'1z'2z2z2z5z5z5z6z6z6z3z3z3z4z4z4z "
            "L.pon:1*11m@A L.pon:9*99m@R L.chi:4*56m@L L.kan:7*777z@A")
    view = TableView(tile_height=32)
    qtbot.addWidget(view)
    view.set_hand(Hand.parse(text))
    view.resize(*size)
    view.show()
    h = view.tile_height()
    assert MIN_TILE <= h <= 32
    area = QRect(0, 0, *size)
    rects = [t.rect for t in view.tiles()] + [r for s in "LAR" for _, r, _ in view.meld_tiles(s)]
    assert len(view.tiles()) == 24 + 24 + 18
    if size[0] >= view.minimumSizeHint().width() and size[1] >= view.minimumSizeHint().height():
        assert all(area.contains(r.toAlignedRect()) for r in rects)
    blocks = [view.block_rect(s) for s in "LAR"] + [view.centre_rect()]
    assert not any(a.intersects(b) for i, a in enumerate(blocks) for b in blocks[i + 1:])
    # the biggest tiles that fit: one size more would not
    if h < 32:
        bigger = TableView(tile_height=h + 1)
        qtbot.addWidget(bigger)
        bigger.set_hand(view.hand())
        hint = bigger.sizeHint()
        assert hint.width() > size[0] or hint.height() > size[1]
    assert view.minimumSizeHint().width() <= 300


def test_height_for_width_follows_the_tiles_that_fit(view):
    assert view.heightForWidth(view.sizeHint().width()) == view.sizeHint().height()
    assert view.heightForWidth(view.sizeHint().width() // 2) < view.sizeHint().height()


def test_dark_theme_draws_with_the_dark_colours(view):
    block = view.block_rect("A")
    assert close(pixel(view, block.right() - 4, block.bottom() - 4), QColor(COLORS["light"]["card"]))
    view.set_theme("dark")
    assert close(pixel(view, block.right() - 4, block.bottom() - 4), QColor(COLORS["dark"]["card"]))
    # the tiles come from the dark set: the same tile's face differs
    t = view.tile("L", 0).rect
    dark = pixel(view, t.center().x(), t.top() + 4)
    view.set_theme("light")
    assert not close(dark, pixel(view, t.center().x(), t.top() + 4), 20)
    with pytest.raises(ValueError):
        view.set_theme("sepia")


def test_retranslate_writes_the_words_in_japanese(view):
    i18n.set_language("ja")
    view.retranslate()
    assert view.header_text("L").startswith("上家") and "東" in view.header_text("L")
    assert "親" in view.header_text("L")
    tip = help_text(view, view.tile("A", 3).rect.center())
    assert "上家のリーチ後に通った牌" in tip
    assert "東場" in help_text(view, view.centre_rect().center())
    assert view.accessibleName() == "他家の捨て牌"
