"""HandView: the hand as tiles, the way it lies on the table.

Concealed tiles sorted by kind (a red five after the plain fives) with the drawn
tile of a 3k+2 hand set apart on the right; then the melds, each a framed group
with the called tile turned sideways; below, small strips of the dora indicators,
the visible tiles and the own discards.  Clicking a concealed tile asks for its
discard; right-clicking a meld or a strip tile asks for its removal.  The view
shows the Hand it is given and computes nothing about it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QFocusEvent, QImage, QKeyEvent, QPainter, QPaintEvent,
                           QPalette, QPen, QPixmap)
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLayout, QLayoutItem, QSizePolicy,
                               QVBoxLayout, QWidget)

from mjgui.hand import Hand, Meld, MeldKind
from mjgui.tiles import Tile, format_tiles
from mjgui.ui.i18n import language, tr
from mjgui.ui.layout_items import clear_layout, remove_spacers, remove_widget
from mjgui.ui.palette import tile_label
from mjgui.ui.theme import COLORS, check_theme, device_ratio
from mjgui.ui.tile_art import for_cache, tile_pixmap, tile_width
from mjgui.ui.tile_button import TileButton
from mjgui.words import MELD_NAMES, SEAT_FROM

__all__ = ["HandView", "MeldGroup", "TileStrip", "FlowLayout", "meld_layout", "sideways_pixmap"]

DEFAULT_HIGHLIGHT = QColor(COLORS["light"]["highlight"])


class FlowLayout(QLayout):
    """Items left to right, wrapping to a new line when the width runs out.
    Items on one line share their bottom edge, like tiles on a table."""

    def __init__(self, parent: QWidget | None = None, h_spacing: int = 16, v_spacing: int = 8):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._h = h_spacing
        self._v = v_spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt name
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._do_layout(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._do_layout(rect, apply=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        """One line: every item side by side."""
        visible = [i for i in self._items if not i.isEmpty()]
        m = self.contentsMargins()
        w = sum(i.sizeHint().width() for i in visible) + self._h * max(len(visible) - 1, 0)
        h = max((i.sizeHint().height() for i in visible), default=0)
        return QSize(w + m.left() + m.right(), h + m.top() + m.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    @staticmethod
    def _fitted(item: QLayoutItem, width: int) -> QSize:
        """The item's size on a line `width` wide: its hint, or, when wider than the line
        and able to wrap (a strip of many tiles), the line's width and the height it then
        needs -- a long item wraps inside rather than widening the window."""
        hint = item.sizeHint()
        if hint.width() > width > 0 and item.hasHeightForWidth():
            width = max(width, item.minimumSize().width())
            return QSize(width, item.heightForWidth(width))
        return hint

    def _do_layout(self, rect: QRect, apply: bool) -> int:
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = self._fitted(item, area.width())
            if lines[-1] and x + hint.width() > area.width():
                lines.append([])
                x = 0
            lines[-1].append((item, hint))
            x += hint.width() + self._h
        y = area.y()
        for line in lines:
            if not line:
                continue
            line_h = max(hint.height() for _, hint in line)
            x = area.x()
            for item, hint in line:
                if apply:
                    item.setGeometry(QRect(QPoint(x, y + line_h - hint.height()), hint))
                x += hint.width() + self._h
            y += line_h + self._v
        return max(y - self._v - rect.y() + m.bottom(), 0)


def meld_layout(meld: Meld) -> list[tuple[Tile | str, bool, bool]]:
    """How a meld lies on the table, left to right: (tile or 'back', sideways, stacked).

    The called tile is turned sideways at the seat it came from (left: first, across:
    second, right: last); an added kan's fourth tile is stacked on the sideways one;
    a closed kan shows its two outer tiles face down.
    """
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.ANKAN:
        return [("back", False, False), (tiles[1], False, False),
                (tiles[2], False, False), ("back", False, False)]
    called = meld.called if meld.called is not None else tiles[0]
    others = list(tiles)
    others.remove(called)
    added: Tile | None = None
    if meld.kind is MeldKind.KAKAN:
        added = others.pop()
    row: list[tuple[Tile | str, bool, bool]] = [(t, False, False) for t in others]
    position = {"L": 0, "A": 1, "R": len(row)}[meld.seat or "L"]
    row.insert(position, (called, True, False))
    if added is not None:
        row.insert(position + 1, (added, True, True))
    return row


def _meld_name(meld: Meld) -> str:
    text = f"{tr(*MELD_NAMES[meld.kind])} {format_tiles(meld.tiles)}"
    if meld.called is not None:
        seat = tr(*SEAT_FROM[meld.seat or "L"])
        text += tr(f", {meld.called.name} called {seat}", f"（{meld.called.name}を{seat}）")
    return text


# the SVG tiles are 60x80 with the face in the top 76 units and the tile's edge below
_FACE_FRACTION = 76 / 80


@lru_cache(maxsize=512)
def _sideways(name: str, height: int, theme: str, dpr: float) -> QPixmap:
    src = tile_pixmap(name, height, theme, dpr).toImage()
    w_px, h_px = src.width(), src.height()
    face_h = round(h_px * _FACE_FRACTION)
    edge = h_px - face_h
    out = QImage(h_px, w_px, QImage.Format.Format_ARGB32_Premultiplied)
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.save()
    painter.translate(0, w_px - edge)
    painter.rotate(-90)
    painter.drawImage(QRectF(0, 0, w_px - edge, h_px), src, QRectF(0, 0, w_px, face_h))
    painter.restore()
    painter.drawImage(QRectF(0, w_px - edge, h_px, edge), src, QRectF(0, face_h, w_px, edge))
    painter.end()
    pixmap = for_cache(out)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


def sideways_pixmap(tile: Tile | str, height: int, theme: str = "light",
                    dpr: float = 1.0) -> QPixmap:
    """A tile turned a quarter counter-clockwise (its top to the left), as a called
    tile lies: `height` wide and tile_width(height) tall, its edge still at the bottom."""
    name = tile if isinstance(tile, str) else tile.name
    return _sideways(name, int(height), theme, float(dpr))


class MeldGroup(QWidget):
    """One meld drawn as a framed group of tiles; right-click asks for its removal."""

    removeRequested = Signal(int)

    def __init__(self, meld: Meld, index: int, tile_height: int, theme: str,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.meld = meld
        self.index = index
        self._h = tile_height
        self._theme = theme
        self._hovered = False
        self._layout = meld_layout(meld)
        # room below the frame so the tiles' bottoms line up with the concealed tiles'
        self._below = max(TileButton.margins_for(tile_height).bottom() - self.PAD, 0)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(lambda _pos: self.removeRequested.emit(self.index))
        self.setToolTip(_meld_name(meld) + "\n" + tr("Right-click to remove this meld",
                                                     "右クリックでこの副露を削除"))
        self.setAccessibleName(str(meld))

    PAD = 4

    def tiles(self) -> list[Tile | str]:
        """Tiles (or 'back') left to right, as drawn."""
        return [t for t, _, _ in self._layout]

    def _rects(self) -> list[QRectF]:
        w, h = tile_width(self._h), self._h
        height = self._content_height()
        x = float(self.PAD)
        bottom = self.PAD + height
        rects: list[QRectF] = []
        for _tile, sideways, stacked in self._layout:
            if stacked:
                prev = rects[-1]
                rects.append(QRectF(prev.x(), prev.y() - w, h, w))
                continue
            if sideways:
                rects.append(QRectF(x, bottom - w, h, w))
                x += h
            else:
                rects.append(QRectF(x, bottom - h, w, h))
                x += w
        return rects

    def _content_height(self) -> int:
        w, h = tile_width(self._h), self._h
        return max(h, 2 * w) if any(s for _, _, s in self._layout) else h

    def sizeHint(self) -> QSize:
        w, h = tile_width(self._h), self._h
        width = sum(h if side else w for _, side, stacked in self._layout if not stacked)
        return QSize(width + 2 * self.PAD, self._content_height() + 2 * self.PAD + self._below)

    def enterEvent(self, event) -> None:
        self._hovered = True
        self.update()
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:
        self._hovered = False
        self.update()
        super().leaveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        frame = QColor(pal.color(QPalette.ColorRole.Highlight) if self._hovered
                       else pal.color(QPalette.ColorRole.Mid))
        fill = QColor(pal.color(QPalette.ColorRole.Dark))
        fill.setAlpha(28)
        painter.setPen(QPen(frame, 1.2))
        painter.setBrush(fill)
        frame_rect = QRectF(self.rect()).adjusted(0.6, 0.6, -0.6, -0.6 - self._below)
        painter.drawRoundedRect(frame_rect, 6, 6)
        dpr = device_ratio(painter, self)
        for (tile, sideways, _stacked), rect in zip(self._layout, self._rects()):
            if sideways:
                painter.drawPixmap(rect.topLeft(), sideways_pixmap(tile, self._h, self._theme, dpr))
            else:
                painter.drawPixmap(rect.topLeft(), tile_pixmap(tile, self._h, self._theme, dpr))
        painter.end()


_SEAT_NAMES = {"L": ("Left", "上家"), "A": ("Across", "対面"), "R": ("Right", "下家")}


def _river_label(o) -> str:
    """'Left (riichi, pon 5z)': whose river, its riichi and its melds."""
    en, ja = _SEAT_NAMES[o.seat]
    notes = [tr("riichi", "リーチ")] * o.in_riichi + [str(m) for m in o.melds]
    return tr(en, ja) + (f" ({', '.join(notes)})" if notes else "")


class TileStrip(QWidget):
    """A label and a row of small tiles; right-clicking a tile asks for its removal, or
    with `menu` for a menu of what can be done with it (`menuRequested`)."""

    removeRequested = Signal(str, int)     # part, index into the hand's tuple
    menuRequested = Signal(str, int, QPoint)   # part, index, where (global)

    def __init__(self, part: str, label: str, tiles: Iterable[tuple[int, Tile]],
                 tile_height: int, theme: str, empty_text: str, parent: QWidget | None = None,
                 menu: bool = False):
        super().__init__(parent)
        self.part = part
        self._menu = menu
        # the tiles wrap onto more lines when the strip is wider than the view (a review's
        # forty visible tiles): one line would set the window's minimum width
        layout = FlowLayout(self, h_spacing=0, v_spacing=2)
        m = TileButton.margins_for(tile_height)
        line_height = tile_height + m.top() + m.bottom()      # label and note centred on the tiles
        self.label = QLabel(label)
        self.label.setObjectName(f"strip_label_{part}")
        font = self.label.font()
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.label.setFont(font)
        self.label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.label.setContentsMargins(0, 0, 6, 0)
        self.label.setMinimumHeight(line_height)
        self.label.setAlignment(Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.label)
        self.buttons: list[TileButton] = []          # the tiles shown, in order
        self.indices: list[int] = []
        self._spare: list[TileButton] = []           # hidden, kept for a longer strip (set_tiles)
        self._tile_height, self._theme = tile_height, theme
        self._line_height, self._empty_text = line_height, empty_text
        self._empty: QLabel | None = None
        for index, tile in tiles:
            self.append(index, tile)
        if not self.buttons:
            self._show_empty(True)

    def _show_empty(self, shown: bool) -> None:
        """The note of an empty strip (made when first needed)."""
        if self._empty is None:
            if not shown:
                return
            empty = self._empty = QLabel(self._empty_text, self)
            empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            empty.setObjectName(f"strip_empty_{self.part}")
            # as tall as a tile, so strips line up whether empty or not
            empty.setMinimumHeight(self._line_height)
            empty.setAlignment(Qt.AlignmentFlag.AlignVCenter)
            self.layout().addWidget(empty)
        self._empty.setVisible(shown)

    def append(self, index: int, tile: Tile) -> TileButton:
        """One more tile at the end (its index in the hand's tuple)."""
        if self._spare:
            button = self._spare.pop(0)
            button.tile = tile
            button.show()
        else:
            button = TileButton(tile, self._tile_height, self._theme, self)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCursor(Qt.CursorShape.ArrowCursor)
            button.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            place = len(self.buttons)          # the index is looked up: set_tiles may change it
            if self._menu:
                button.customContextMenuRequested.connect(
                    lambda pos, k=place, b=button: self.menuRequested.emit(self.part, self.indices[k],
                                                                         b.mapToGlobal(pos)))
            else:
                button.customContextMenuRequested.connect(
                    lambda _pos, k=place: self.removeRequested.emit(self.part, self.indices[k]))
            self.layout().addWidget(button)
            button.show()                      # shown with the strip (now, if it is shown)
        button.setToolTip(f"{tile_label(tile)}\n" + tr("Right-click to remove", "右クリックで削除"))
        self.buttons.append(button)
        self.indices.append(index)
        if self._empty is not None and not self._empty.isHidden():
            self._show_empty(False)
        return button

    def set_tiles(self, tiles: Iterable[tuple[int, Tile]]) -> None:
        """Show these tiles instead, in the same buttons: a button takes its new tile in
        place, one more is shown (or made) for a longer strip, the rest are hidden and kept.
        A river that changes by a tile costs no new widgets and no new layout of the window
        (making the strip again, a button per tile, took most of a hand change's time)."""
        items = list(tiles)
        count = len(self.buttons)
        pool = self.buttons + self._spare
        keep = min(len(items), count)
        for k in range(keep):
            index, tile = items[k]
            button = pool[k]
            button.tile = tile
            button.setToolTip(f"{tile_label(tile)}\n" + tr("Right-click to remove", "右クリックで削除"))
            self.indices[k] = index
        self.buttons, self.indices, self._spare = pool[:keep], self.indices[:keep], pool[keep:]
        for button in self._spare[:count - keep]:
            button.hide()
        for index, tile in items[keep:]:
            self.append(index, tile)
        self._show_empty(not items)
        if len(items) != count:
            self.layout().invalidate()
            self.updateGeometry()

    def tiles(self) -> list[Tile]:
        return [b.tile for b in self.buttons]  # type: ignore[misc]


class _Placeholder(QLabel):
    """The empty hand's hint, in a dashed box where the tiles will appear."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = QColor(self.palette().color(QPalette.ColorRole.PlaceholderText))
        color.setAlpha(120)
        painter.setPen(QPen(color, 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
        painter.end()
        super().paintEvent(event)


class HandView(QWidget):
    """The hand on the table.

    Signals: `discardRequested(Tile)` (a concealed tile clicked, or Enter on the
    selection), `concealedRemoveRequested(Tile)` (right-click on a concealed tile),
    `meldRemoveRequested(int index)`, `extraRemoveRequested(str part, int index)` with
    part 'dora', 'visible' or 'discards' and the index into that tuple of the Hand.
    """

    discardRequested = Signal(object)
    concealedRemoveRequested = Signal(object)
    meldRemoveRequested = Signal(int)
    extraRemoveRequested = Signal(str, int)

    def __init__(self, parent: QWidget | None = None, tile_height: int = 56, theme: str = "light"):
        super().__init__(parent)
        self._hand: Hand | None = None
        self._drawn_apart = True
        self._tile_height = int(tile_height)
        self._theme = theme
        self._highlight_kinds: set[int] = set()
        self._highlight_color = QColor(DEFAULT_HIGHLIGHT)
        self._selected: int | None = None
        self._tiles: list[Tile] = []                 # concealed, in display order
        self._drawn: Tile | None = None
        self._buttons: list[TileButton] = []
        self._meld_groups: list[MeldGroup] = []
        self._strips: dict[str, TileStrip] = {}
        self._row: QWidget | None = None             # the concealed tiles' row
        self._row2: QWidget | None = None            # its second line, when the width is short
        self._placed: tuple | None = None            # (first line's count, tiles) when wrapped
        self._building = False                       # inside _rebuild (see resizeEvent)
        self._pool: list[TileButton] = []            # its buttons, shown or not
        self._row_shape: tuple | None = None         # (buttons laid out, drawn tile apart)
        self._look: tuple | None = None              # (theme, tile height, language) built for
        self._melds_shown: tuple | None = None       # the melds the groups show
        self._extras_shown: tuple | None = None      # the dora / visible / discards the strips show
        self._rivers_shown = True                    # the other players' rivers have strips here
        self._shape_laid_out: tuple | None = None    # what the layouts were last invalidated for
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(10)
        self._placeholder = _Placeholder()
        self._placeholder.setObjectName("placeholder")
        self._placeholder.setWordWrap(True)
        self._placeholder.setMargin(12)
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        outer.addWidget(self._placeholder)
        self._table = QWidget()          # concealed tiles and melds
        self._table_flow = FlowLayout(self._table, h_spacing=max(12, self._tile_height // 3),
                                      v_spacing=8)
        outer.addWidget(self._table)
        self._extras = QWidget()         # dora / visible / discards strips
        self._extras_flow = FlowLayout(self._extras, h_spacing=28, v_spacing=6)
        outer.addWidget(self._extras)
        outer.addStretch(1)
        self._rebuild()

    # --- public API -------------------------------------------------------------------
    def hand(self) -> Hand | None:
        return self._hand

    def set_hand(self, hand: Hand | None, drawn_apart: bool = True) -> None:
        """Show `hand` (None: nothing).  For a 3k+2 hand the last concealed tile (the
        draw) sits apart on the right when `drawn_apart`.  Clears the highlight, which
        belonged to the previous hand; the selection stays at its position."""
        self._hand = hand
        self._drawn_apart = drawn_apart
        self._highlight_kinds = set()
        self._rebuild()

    def set_highlight(self, kinds: Iterable[int], color: QColor | str | None = None) -> None:
        """Tint the concealed tiles of these kinds (e.g. the best discards)."""
        self._highlight_kinds = set(kinds)
        if color is not None:
            self._highlight_color = QColor(color)
        self._apply_highlight()

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self._rebuild()

    def set_tile_height(self, height: int) -> None:
        self._tile_height = int(height)
        self._table_flow._h = max(12, self._tile_height // 3)
        self._rebuild()

    def tile_height(self) -> int:
        return self._tile_height

    def set_rivers_shown(self, shown: bool) -> None:
        """Strips for the other players' rivers (off while another widget shows them: the
        Analyze page's opponents panel)."""
        if shown != self._rivers_shown:
            self._rivers_shown = shown
            self._extras_shown = None          # the strips are made again
            self._rebuild()

    def rivers_shown(self) -> bool:
        return self._rivers_shown

    def retranslate(self) -> None:
        self._rebuild()

    def tile_buttons(self) -> list[TileButton]:
        """The concealed tiles' buttons in display order (the drawn tile last)."""
        return list(self._buttons)

    def concealed_tiles(self) -> list[Tile]:
        """Concealed tiles in display order (sorted, then the drawn tile if apart)."""
        return list(self._tiles)

    def drawn_tile(self) -> Tile | None:
        """The tile shown apart as the draw, if any."""
        return self._drawn

    def meld_groups(self) -> list[MeldGroup]:
        return list(self._meld_groups)

    def strip(self, part: str) -> TileStrip | None:
        """The 'dora', 'visible' or 'discards' strip (None when not shown)."""
        return self._strips.get(part)

    def placeholder_visible(self) -> bool:
        return not self._placeholder.isHidden()

    def placeholder_text(self) -> str:
        return self._placeholder.text()

    # --- keyboard selection -------------------------------------------------------------
    def selected_index(self) -> int | None:
        return self._selected

    def selected_tile(self) -> Tile | None:
        return self._tiles[self._selected] if self._selected is not None else None

    def select_index(self, index: int | None) -> None:
        """Select the index-th concealed tile in display order (None: no selection)."""
        if index is not None and not self._tiles:
            index = None
        if index is not None:
            index = max(0, min(index, len(self._tiles) - 1))
        self._selected = index
        for i, button in enumerate(self._buttons):
            button.selected = i == index

    def select_next(self) -> None:
        if self._tiles:
            self.select_index(0 if self._selected is None
                              else (self._selected + 1) % len(self._tiles))

    def select_previous(self) -> None:
        if self._tiles:
            self.select_index(len(self._tiles) - 1 if self._selected is None
                              else (self._selected - 1) % len(self._tiles))

    def discard_selected(self) -> None:
        tile = self.selected_tile()
        if tile is not None:
            self.discardRequested.emit(tile)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.selected_tile() is not None:
                self.discard_selected()
                event.accept()
                return
        elif key == Qt.Key.Key_Right:
            self.select_next()
            event.accept()
            return
        elif key == Qt.Key.Key_Left:
            self.select_previous()
            event.accept()
            return
        elif key == Qt.Key.Key_Home and self._tiles:
            self.select_index(0)
            return
        elif key == Qt.Key.Key_End and self._tiles:
            self.select_index(len(self._tiles) - 1)
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._selected is None and self._tiles and event.reason() in (
                Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason,
                Qt.FocusReason.ShortcutFocusReason):
            self.select_index(len(self._tiles) - 1)
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.hasFocus():
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            color = QColor(self.palette().color(QPalette.ColorRole.Highlight))
            color.setAlpha(70)
            painter.setPen(QPen(color, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
            painter.end()

    # --- building ------------------------------------------------------------------------
    def _rebuild(self) -> None:
        """Show self._hand.  A new hand updates the concealed tiles' buttons in place and
        rebuilds the meld groups and strips only when they changed; a new theme, tile
        height or language rebuilds everything."""
        self._building = True
        try:
            self._build()
        finally:
            self._building = False

    def _build(self) -> None:
        hand = self._hand
        look = (self._theme, self._tile_height, language())
        if look != self._look:
            self._look = look
            clear_layout(self._table_flow)
            clear_layout(self._extras_flow)
            self._row, self._pool, self._meld_groups, self._strips = None, [], [], {}
            self._row2, self._placed = None, None
            self._row_shape = None
            self._melds_shown = self._extras_shown = None
        self._buttons = []
        concealed = list(hand.concealed) if hand is not None else []
        self._drawn = None
        if self._drawn_apart and len(concealed) % 3 == 2:
            self._drawn = concealed.pop()
        self._tiles = sorted(concealed) + ([self._drawn] if self._drawn is not None else [])

        empty = hand is None or (not hand.concealed and not hand.melds)
        self._placeholder.setText(tr(
            "Click tiles below or type a hand, e.g. 123m456p789s1122z",
            "下の牌をクリックするか、手牌を入力してください（例: 123m456p789s1122z）"))
        m = TileButton.margins_for(self._tile_height)
        self._placeholder.setMinimumHeight(self._tile_height + m.top() + m.bottom() if empty else 0)
        self._placeholder.setVisible(empty)
        self._table.setVisible(not empty)

        if self._row is None:
            self._row = self._concealed_row()
            self._row2 = self._concealed_row("concealed_wrapped")
            self._row2.hide()
            self._table_flow.addWidget(self._row)      # always the first items of the flow
            self._table_flow.addWidget(self._row2)
        self._fill_row()
        melds = hand.melds if hand is not None else ()
        if melds != self._melds_shown:
            self._melds_shown = melds
            self._set_meld_groups(melds)
        # the rivers only when this view shows them: with the opponents panel a new table
        # leaves the strips as they are
        extras = ((hand.dora_indicators, hand.visible, hand.discards, hand.opponents if self._rivers_shown else None)
                  if hand is not None else None)
        if extras != self._extras_shown:
            before, self._extras_shown = self._extras_shown, extras
            if hand is not None and before is not None and before[:2] == extras[:2] and before[3] == extras[3]:
                self._set_discards_strip(hand)     # a discard from the table: that strip alone
            else:
                clear_layout(self._extras_flow)
                self._strips = {}
                if hand is not None:
                    self._add_strips(hand)
                    for i in range(self._extras_flow.count()):
                        self._extras_flow.itemAt(i).widget().show()   # now, not on the next turn
        self._extras.setVisible(hand is not None)

        if self._selected is not None:
            self.select_index(self._selected if self._tiles else None)
        self._apply_highlight()
        # the same count of tiles, melds and strips in the same look: the buttons show
        # other tiles in the same places, and the window needs no new layout (~0.5 ms)
        shape = (self._look, empty, self._row_shape, self._melds_shown, self._extras_shown)
        if shape == self._shape_laid_out:
            return
        self._shape_laid_out = shape
        # size hints changed now, not after the next event loop turn: heightForWidth()
        # answers for the new content straight away
        for layout in (self._row.layout(), self._row2.layout(), self._table_flow, self._extras_flow,
                       self.layout()):
            layout.invalidate()
        self.updateGeometry()

    def _first_line(self, n: int) -> int:
        """How many of `n` concealed tiles go on the first line: all of them when they fit
        the view's width (or it has none yet), else as many as fit; the rest go on a second
        line (a hand in a narrow window wraps rather than being cut off)."""
        width = self.width() - self.layout().contentsMargins().left() - self.layout().contentsMargins().right()
        if not n or width <= 0:
            return n
        tile = self._pool[0].sizeHint().width()
        gap = self._drawn_gap() if self._drawn is not None else 0
        if n * tile + gap <= width:
            return n
        return max(1, width // tile)

    def _drawn_gap(self) -> int:
        """The room that sets the drawn tile apart from the others."""
        return round(tile_width(self._tile_height) * 0.4)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        # a new width may move tiles between the two lines (not while building: the
        # rebuild lays the row out for the width it finds)
        if (not self._building and self._row_shape is not None and self._tiles
                and self._first_line(len(self._tiles)) != self._row_shape[2]):
            self._building = True
            try:
                self._buttons = []
                self._fill_row()
                self._apply_highlight()
                if self._selected is not None:
                    self.select_index(self._selected)
            finally:
                self._building = False
            for layout in (self._row.layout(), self._row2.layout(), self._table_flow, self.layout()):
                layout.invalidate()

    def _set_meld_groups(self, melds) -> None:
        for group in self._meld_groups:
            remove_widget(self._table_flow, group)
            group.hide()
            group.deleteLater()        # later: the click being handled may come from it
        self._meld_groups = []
        for index, meld in enumerate(melds):
            group = MeldGroup(meld, index, self._tile_height, self._theme)
            group.removeRequested.connect(self.meldRemoveRequested)
            self._meld_groups.append(group)
            self._table_flow.addWidget(group)
            group.show()

    def _concealed_row(self, name: str = "concealed") -> QWidget:
        row = QWidget()
        row.setObjectName(name)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)
        return row

    def _fill_row(self) -> None:
        """The concealed tiles as buttons, reusing the row's buttons (a button is only
        made when the hand holds more tiles than ever before).  Every button stays in the
        layout in the pool's order (a hidden one takes no room): a new count of tiles
        shows or hides buttons and moves the gap before a drawn tile, nothing more."""
        row = self._row
        layout = row.layout()
        n = len(self._tiles)
        while len(self._pool) < n:
            button = TileButton("back", self._tile_height, self._theme, row)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _c=False, b=button: self._on_tile_clicked(b))
            button.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            button.customContextMenuRequested.connect(
                lambda _pos, b=button: self.concealedRemoveRequested.emit(b.tile))
            self._pool.append(button)
            layout.addWidget(button)
        first = self._first_line(n)
        shape = (n, self._drawn is not None, first)
        if shape != self._row_shape:
            self._row_shape = shape
            placed = (first, n) if first < n else None
            if placed != self._placed:
                self._place_buttons(first, n)
                self._placed = placed
            remove_spacers(layout)
            remove_spacers(self._row2.layout())
            if self._drawn is not None and n:
                if first < n:
                    self._row2.layout().insertSpacing(n - 1 - first, self._drawn_gap())
                else:
                    layout.insertSpacing(n - 1, self._drawn_gap())
            self._row2.setVisible(first < n)
        for i, tile in enumerate(self._tiles):
            drawn = self._drawn is not None and i == n - 1
            button = self._pool[i]
            button.tile = tile
            button.selected = False
            button.setObjectName("drawn" if drawn else f"concealed_{i}")
            name = tile_label(tile)
            button.setToolTip(tr(f"Discard {name} (the drawn tile)", f"{name}を切る（ツモ牌）")
                              if drawn else tr(f"Discard {name}", f"{name}を切る"))
            self._buttons.append(button)
            if button.isHidden():
                button.show()
        for button in self._pool[n:]:
            if not button.isHidden():
                button.hide()
        row.setVisible(bool(self._tiles))

    def _place_buttons(self, first: int, n: int) -> None:
        """Lay the pool's buttons out again in its order: the first `first` of the `n`
        shown on the first line, the others shown on the second, the hidden ones last."""
        for row in (self._row, self._row2):
            for button in self._pool:
                row.layout().removeWidget(button)
        for i, button in enumerate(self._pool):
            row = self._row2 if first <= i < n else self._row
            if button.parentWidget() is not row:
                button.setParent(row)
                if i < n:
                    button.show()
            row.layout().addWidget(button)

    def _add_strips(self, hand: Hand) -> None:
        self._add_strip("dora", tr("Dora indicators", "ドラ表示牌"), list(enumerate(hand.dora_indicators)))
        self._add_strip("visible", tr("Visible", "見えている牌"),
                        sorted(enumerate(hand.visible), key=lambda it: (it[1], it[0])))
        for o in hand.opponents if self._rivers_shown else ():   # their rivers, in the order discarded
            self._add_strip(f"river-{o.seat}", _river_label(o), list(enumerate(r.tile for r in o.river)))
        if hand.discards:
            self._add_strip("discards", tr("Discards", "捨て牌"), list(enumerate(hand.discards)))

    def _add_strip(self, part: str, label: str, tiles: list[tuple[int, Tile]]) -> TileStrip:
        strip = TileStrip(part, label, tiles, max(20, round(self._tile_height * 0.62)), self._theme,
                          tr("none", "なし"))
        strip.removeRequested.connect(self.extraRemoveRequested)
        self._strips[part] = strip
        self._extras_flow.addWidget(strip)     # the discards, when shown, are the last strip
        return strip

    def _set_discards_strip(self, hand: Hand) -> None:
        """Only the discards changed: one more discard is one more button; otherwise their
        strip is made again; the other strips stay (making the three strips again, a button
        per tile, cost about 2 ms a discard)."""
        strip, discards = self._strips.get("discards"), hand.discards
        if strip is not None and len(discards) == len(strip.buttons) + 1 \
                and discards[:-1] == tuple(strip.tiles()):
            strip.append(len(discards) - 1, discards[-1]).show()
            return
        old = self._strips.pop("discards", None)
        if old is not None:
            remove_widget(self._extras_flow, old)
            old.hide()
            old.deleteLater()          # later: the click being handled may come from it
        if hand.discards:
            self._add_strip("discards", tr("Discards", "捨て牌"), list(enumerate(hand.discards))).show()

    def _apply_highlight(self) -> None:
        for button in self._buttons:
            tile = button.tile
            on = isinstance(tile, Tile) and tile.kind in self._highlight_kinds
            button.highlight = self._highlight_color if on else None

    def _on_tile_clicked(self, button: TileButton) -> None:
        if button in self._buttons:
            self.discardRequested.emit(button.tile)
