"""TableView: the other three players' rivers as they lie on the table, at a glance.

The left player's river sits left of a centre square, the player across above it, the right
player's on its right; each river reads in play order in rows of six, with its seat, wind and
score above it and its open melds below.  The riichi tile lies sideways (a riichi stick lies in
the centre on that player's side), tsumogiri tiles carry a small corner mark, called tiles are
faded (taken into another player's meld), and the tiles discarded after a riichi (genbutsu
against that player) are tinted and underlined.  The centre shows the round, the turn and each
seat's wind, the dealer's ringed.

The view draws what the Hand's table state says; which tiles passed after a riichi comes from
`mjgui.defence.danger.passed_after_riichi` (or the exact genbutsu a game log's replay gives,
`set_safe`).  Everything is painted by this one widget: a new hand costs no child widgets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from mjgui.defence.danger import passed_after_riichi
from mjgui.defence.opponents import SEATS
from mjgui.hand import Hand, Meld
from mjgui.ui.hand_view import meld_layout, sideways_pixmap
from mjgui.ui.i18n import tr
from mjgui.ui.palette import tile_label
from mjgui.ui.theme import COLORS, check_theme, device_ratio
from mjgui.ui.tile_art import tile_pixmap, tile_width
from mjgui.words import MELD_NAMES, SEAT_NAMES, WIND_NAMES

__all__ = ["TableView", "TableTile", "ROW"]

#: discards per river row, as on a real table
ROW = 6
#: river rows kept free even before anyone discarded (the view keeps its size as a hand goes on)
MIN_ROWS = 3
MIN_TILE = 12          # the smallest tile height the view scales down to
_WIND_LETTERS = ("ESWN", "東南西北")


def _letters() -> str:
    """The four winds as one character each, in the language shown."""
    return tr(*_WIND_LETTERS)


def _table_state(hand: Hand | None) -> tuple | None:
    """What the view draws of a hand: the other seats, the winds, the turn and the scores
    (the tiles passed after a riichi follow from these; the player's own tiles and
    discards are not drawn)."""
    if hand is None:
        return None
    return hand.opponents, hand.round_wind, hand.seat_wind, hand.turn, hand.scores


@dataclass(frozen=True)
class TableTile:
    """One river tile as drawn: where it is and how it is marked."""
    seat: str                  # "L", "A", "R"
    index: int                 # its place in that river
    tile: object               # mjgui.tiles.Tile
    rect: QRectF               # in widget coordinates
    sideways: bool             # the riichi tile
    tsumogiri: bool
    called: bool
    marked: bool               # discarded after a riichi (or marked by the caller)


@dataclass
class _Layout:
    h: int                                      # the tile height used
    size: QSize
    blocks: dict[str, QRectF]                   # each seat's block (header, river, melds)
    headers: dict[str, QRectF]
    centre: QRectF
    tiles: list[TableTile]
    melds: list[tuple[str, int, object, QRectF, bool]]   # seat, meld index, tile or 'back', rect, sideways


class TableView(QWidget):
    """See the module doc.  `set_hand` shows a Hand (None: an empty table)."""

    def __init__(self, parent: QWidget | None = None, tile_height: int = 28, theme: str = "light"):
        super().__init__(parent)
        self._hand: Hand | None = None
        self._theme = theme
        self._pref = int(tile_height)
        self._marked: set | None = None        # None: the tiles passed after a riichi
        self._safe: dict[str, frozenset[int]] | None = None
        self._after: dict[tuple[str, int], tuple[str, ...]] = {}   # (seat, index) -> riichi seats
        self._state = 0                        # counts the table states shown (the layouts' key)
        self._layout_cache: tuple[tuple, _Layout] | None = None
        self._fitted: dict[tuple, int] = {}        # (width, height, tile height, look) -> tile height
        self._computed: dict[tuple, _Layout] = {}  # (tile height, look) -> layout
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMouseTracking(True)
        self.retranslate()

    # ---- public API ------------------------------------------------------------------
    def hand(self) -> Hand | None:
        return self._hand

    def set_hand(self, hand: Hand | None, safe: dict | None = None) -> None:
        """Show `hand`'s table state.  `safe`: each seat's exact genbutsu (seat -> kinds, or the
        replay's ((seat, kinds), ...)), which places the tiles passed after a riichi exactly.
        A hand at the same table (most changes in Analyze touch the player's tiles only)
        changes nothing drawn: the view keeps its layout and does not repaint."""
        safe = dict(safe) if safe else None
        same = _table_state(hand) == _table_state(self._hand) and safe == self._safe
        self._hand = hand
        if not same:
            self._safe = safe
            self._refresh()

    def set_safe(self, safe: dict | None) -> None:
        """Each seat's exact genbutsu (seat -> kinds) as a game log's replay knows it."""
        self._safe = dict(safe) if safe else None
        self._refresh()

    def set_marked(self, marks: Iterable | None) -> None:
        """Which river tiles to mark: None (the default) the tiles discarded after a riichi;
        otherwise tile kinds (ints: every river tile of those kinds) and / or positions
        ((seat, index) pairs)."""
        self._marked = None if marks is None else set(marks)
        self._refresh()

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self.update()

    def set_tile_height(self, height: int) -> None:
        """The tiles' height when the view has the room (it scales down to fit)."""
        self._pref = max(MIN_TILE, int(height))
        self._layout_cache = None
        self.updateGeometry()
        self.update()

    def set_tile_scale(self, scale: float, base: int = 28) -> None:
        self.set_tile_height(round(base * scale))

    def tile_height(self) -> int:
        """The tile height drawn at the view's present size."""
        return self._layout().h

    def retranslate(self) -> None:
        self.setAccessibleName(tr("The other players' rivers", "他家の捨て牌"))
        self._layout_cache = None
        self.updateGeometry()
        self.update()

    def tiles(self) -> list[TableTile]:
        """Every river tile as drawn at the view's present size, L, A, R in river order."""
        return list(self._layout().tiles)

    def tile(self, seat: str, index: int) -> TableTile:
        return next(t for t in self._layout().tiles if t.seat == seat and t.index == index)

    def meld_tiles(self, seat: str) -> list[tuple[object, QRectF, bool]]:
        """A seat's meld tiles (tile or 'back', rect, sideways), left to right."""
        return [(t, r, s) for who, _, t, r, s in self._layout().melds if who == seat]

    def block_rect(self, seat: str) -> QRectF:
        return QRectF(self._layout().blocks[seat])

    def centre_rect(self) -> QRectF:
        return QRectF(self._layout().centre)

    def header_text(self, seat: str) -> str:
        """The words above a seat's river (at the view's present size)."""
        lay = self._layout()
        return self._header(seat, lay.headers[seat].width())

    def marked(self) -> set[tuple[str, int]]:
        return {(t.seat, t.index) for t in self._layout().tiles if t.marked}

    def tile_at(self, pos) -> TableTile | None:
        p = QPointF(pos)
        return next((t for t in self._layout().tiles if t.rect.contains(p)), None)

    # ---- state -----------------------------------------------------------------------
    def _refresh(self) -> None:
        """What passed after each riichi, from the defence model (exact with `safe`)."""
        self._state += 1
        self._after = {}
        hand = self._hand
        if hand is not None:
            for o in hand.opponents:
                kinds = self._safe.get(o.seat) if self._safe else None
                for seat, at in passed_after_riichi(hand, o, kinds).items():
                    for i in at:
                        self._after[(seat, i)] = self._after.get((seat, i), ()) + (o.seat,)
        self._layout_cache = None
        self._fitted.clear()
        self._computed.clear()
        self.updateGeometry()
        self.update()

    def _is_marked(self, seat: str, index: int, kind: int) -> bool:
        if self._marked is None:
            return (seat, index) in self._after
        return (seat, index) in self._marked or kind in self._marked

    # ---- geometry --------------------------------------------------------------------
    def _fonts(self) -> tuple[QFont, QFont]:
        small = QFont(self.font())
        if small.pointSizeF() > 0:
            small.setPointSizeF(max(small.pointSizeF() * 0.88, 6.0))
        else:                                   # a font sized in pixels
            small.setPixelSize(max(round(small.pixelSize() * 0.88), 8))
        big = QFont(self.font())
        big.setBold(True)
        return small, big

    def _rows(self) -> int:
        hand = self._hand
        longest = max((len(o.river) for o in hand.opponents), default=0) if hand else 0
        return max(MIN_ROWS, -(-longest // ROW))

    @staticmethod
    def _meld_width(meld: Meld, hm: int) -> int:
        wm = tile_width(hm)
        return sum(hm if side else wm for _, side, stacked in meld_layout(meld) if not stacked)

    def _meld_lines(self, h: int, width: float) -> list[dict[str, list[list[int]]]]:
        """For each seat, its melds wrapped into lines of the block's width."""
        hm = max(10, round(h * 0.8))
        gap = max(3, h // 5)
        out = {}
        for seat in SEATS:
            melds = self._hand.opponent(seat).melds if self._hand else ()
            lines: list[list[int]] = []
            x = width + 1
            for i, m in enumerate(melds):
                mw = self._meld_width(m, hm)
                if lines and x + gap + mw <= width:
                    lines[-1].append(i)
                    x += gap + mw
                else:
                    lines.append([i])
                    x = mw
            out[seat] = lines
        return out

    def _compute(self, h: int) -> _Layout:
        """The table laid out with tiles `h` high, from the top left corner (kept per look)."""
        key = (h, self._look())
        lay = self._computed.get(key)
        if lay is None:
            if len(self._computed) > 64:
                self._computed.clear()
            lay = self._computed[key] = self._lay_out(h)
        return lay

    def _lay_out(self, h: int) -> _Layout:
        w = tile_width(h)
        small, big = self._fonts()
        fm, fmb = QFontMetrics(small), QFontMetrics(big)
        gap = max(2, h // 6)                 # between rows: room for the passed-after-riichi bar
        pad = max(4, h // 4)
        space = max(6, h // 3)               # between the blocks and the centre
        block_w = (ROW - 1) * w + h          # a row of six with the riichi tile sideways
        rows = self._rows()
        head_h = fm.height() + 2
        hm = max(10, round(h * 0.8))
        wm = tile_width(hm)
        lines = self._meld_lines(h, block_w)
        n_lines = max((len(v) for v in lines.values()), default=0)
        stacked = any(s for o in (self._hand.opponents if self._hand else ()) for m in o.melds
                      for _, _, s in meld_layout(m))
        line_h = max(hm, 2 * wm) if stacked else hm
        melds_h = n_lines * (line_h + gap) + (gap if n_lines else 0)
        block_h = pad + head_h + rows * (h + gap) + melds_h + pad
        block_w_out = block_w + 2 * pad
        # the centre: each seat's wind at its side, the round and turn in the middle
        side = fmb.height() + 4                        # a wind letter's ring
        text_w = max(fmb.horizontalAdvance(self._round_text()), fm.horizontalAdvance(self._turn_text()))
        own_w = side + 2 * fm.horizontalAdvance(" " + self._own_score())      # the score beside the ring
        edge = side + pad + max(3, h // 5) + 6        # a side's ring and riichi stick
        centre_w = max(block_w_out, text_w + 2 * edge, own_w + 2 * pad)
        centre_h = max(block_h, 2 * fmb.height() + 2 * (side + pad) + 2 * pad)
        left_x, centre_x = 0.0, block_w_out + space
        right_x = centre_x + centre_w + space
        top_y = block_h + space
        width = right_x + block_w_out
        blocks = {"L": QRectF(left_x, top_y, block_w_out, block_h),
                  "A": QRectF(centre_x + (centre_w - block_w_out) / 2, 0, block_w_out, block_h),
                  "R": QRectF(right_x, top_y, block_w_out, block_h)}
        centre = QRectF(centre_x, top_y, centre_w, centre_h)
        height = top_y + max(block_h, centre_h)
        headers, tiles, meld_items = {}, [], []
        for seat in SEATS:
            b = blocks[seat]
            headers[seat] = QRectF(b.x() + pad, b.y() + pad, block_w, head_h)
            o = self._hand.opponent(seat) if self._hand else None
            river = o.river if o else ()
            y0 = b.y() + pad + head_h
            for i, r in enumerate(river):
                row, col = divmod(i, ROW)
                if col == 0:
                    x = b.x() + pad
                bottom = y0 + row * (h + gap) + h
                if r.riichi:
                    rect = QRectF(x, bottom - w, h, w)
                    x += h
                else:
                    rect = QRectF(x, bottom - h, w, h)
                    x += w
                tiles.append(TableTile(seat, i, r.tile, rect, r.riichi, r.tsumogiri, r.called,
                                       self._is_marked(seat, i, r.tile.kind)))
            y = y0 + rows * (h + gap) + gap
            for line in lines[seat]:
                x = b.x() + pad
                bottom = y + line_h
                for i in line:
                    for t, side, stack in meld_layout(o.melds[i]):
                        if stack:
                            prev = meld_items[-1][3]
                            rect = QRectF(prev.x(), prev.y() - wm, hm, wm)
                        elif side:
                            rect = QRectF(x, bottom - wm, hm, wm)
                            x += hm
                        else:
                            rect = QRectF(x, bottom - hm, wm, hm)
                            x += wm
                        meld_items.append((seat, i, t, rect, side))
                    x += max(3, h // 5)
                y += line_h + gap
        return _Layout(h, QSize(int(width + 0.999), int(height + 0.999)), blocks, headers, centre,
                       tiles, meld_items)

    def _fits(self, h: int, width: int, height: int | None) -> bool:
        size = self._compute(h).size
        return size.width() <= width and (height is None or size.height() <= height)

    def _best_height(self, width: int, height: int | None) -> int:
        """The largest tile height up to the preferred one at which the table fits (sizes grow
        about in proportion to the tiles: a guess from the preferred size, then steps)."""
        key = (width, height, self._pref, self._look())
        known = self._fitted.get(key)
        if known is not None:
            return known
        size = self._compute(self._pref).size
        scale = min(width / max(size.width(), 1), (height / max(size.height(), 1)) if height else 1.0)
        h = max(MIN_TILE, min(self._pref, int(self._pref * scale) + 1))
        while h > MIN_TILE and not self._fits(h, width, height):
            h -= 1
        while h < self._pref and self._fits(h + 1, width, height):
            h += 1
        if len(self._fitted) > 64:
            self._fitted.clear()
        self._fitted[key] = h
        return h

    def _look(self) -> tuple:
        """What the sizes depend on besides the tile height."""
        return (self._state, tr("en", "ja"), self.font().key())

    def _layout(self) -> _Layout:
        key = (self.width(), self.height(), self._pref, self._look())
        if self._layout_cache is None or self._layout_cache[0] != key:
            h = self._best_height(self.width(), self.height()) if self.width() > 0 else self._pref
            lay = self._compute(h)
            # the table centred in the room it has
            dx = max(0.0, (self.width() - lay.size.width()) / 2)
            if dx:
                lay = self._shifted(lay, dx)
            self._layout_cache = (key, lay)
        return self._layout_cache[1]

    @staticmethod
    def _shifted(lay: _Layout, dx: float) -> _Layout:
        def move(r: QRectF) -> QRectF:
            return r.translated(dx, 0)
        return _Layout(lay.h, lay.size, {k: move(v) for k, v in lay.blocks.items()},
                       {k: move(v) for k, v in lay.headers.items()}, move(lay.centre),
                       [TableTile(t.seat, t.index, t.tile, move(t.rect), t.sideways, t.tsumogiri, t.called,
                                  t.marked) for t in lay.tiles],
                       [(s, i, t, move(r), side) for s, i, t, r, side in lay.melds])

    def sizeHint(self) -> QSize:
        return self._compute(self._pref).size

    def minimumSizeHint(self) -> QSize:
        return self._compute(MIN_TILE).size

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._compute(self._best_height(width, None)).size.height()

    def resizeEvent(self, event) -> None:
        self._layout_cache = None
        super().resizeEvent(event)

    # ---- words -----------------------------------------------------------------------
    def _wind_name(self, wind: int) -> str:
        return tr(*WIND_NAMES["ESWN"[wind]])

    def _round_text(self) -> str:
        if self._hand is None:
            return ""
        en, ja = WIND_NAMES["ESWN"[self._hand.round_wind]]
        return tr(f"{en} round", f"{ja}場")

    def _turn_text(self) -> str:
        turn = self._hand.turn if self._hand is not None else 0
        return tr(f"turn {turn}", f"{turn}巡目") if turn else ""

    def _own_score(self) -> str:
        hand = self._hand
        return f"{hand.scores[hand.seat_wind]:,}" if hand is not None and hand.scores else ""

    def _header(self, seat: str, width: float) -> str:
        """Seat, wind (dealer), score: the longest form that fits `width`."""
        name = tr(*SEAT_NAMES[seat])
        if self._hand is None:
            return name
        wind = self._hand.wind_of(seat)
        score = f"{self._hand.scores[wind]:,}" if self._hand.scores else ""
        dealer = tr(" (dealer)", "（親）") if wind == 0 else ""
        short = tr({"L": "Left", "A": "Across", "R": "Right"}[seat], name)
        letter = _letters()[wind]
        forms = [f"{name} · {self._wind_name(wind)}{dealer}", f"{short} · {self._wind_name(wind)}{dealer}",
                 f"{short} {letter}{tr(' dealer', '親') if wind == 0 else ''}", f"{short} {letter}"]
        if score:
            forms = [f"{f} · {score}" for f in forms[:2]] + [f"{forms[2]} {score}", f"{forms[3]} {score}"] + forms
        fm = QFontMetrics(self._fonts()[0])
        return next((f for f in forms if fm.horizontalAdvance(f) <= width),
                    fm.elidedText(forms[-1], Qt.TextElideMode.ElideRight, int(width)))

    def _tip(self, t: TableTile) -> str:
        name = tile_label(t.tile)
        words = [tr(*SEAT_NAMES[t.seat]) + tr(f", discard {t.index + 1}: {name}", f" {t.index + 1}打目: {name}")]
        if t.sideways:
            words.append(tr("riichi declared with this tile", "リーチ宣言牌"))
        if t.tsumogiri:
            words.append(tr("tsumogiri (the tile just drawn)", "ツモ切り"))
        if t.called:
            words.append(tr("called by another player", "他家が鳴いた牌"))
        riichis = self._after.get((t.seat, t.index), ())
        if t.marked and riichis and self._marked is None:
            who = ", ".join(tr(*SEAT_NAMES[s]) for s in riichis)
            words.append(tr(f"passed after the riichi of: {who} (genbutsu)", f"{who}のリーチ後に通った牌（現物）"))
        return "\n".join(words)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            t = self.tile_at(event.pos())
            if t is not None:
                QToolTip.showText(event.globalPos(), self._tip(t), self)
            else:
                words = self._meld_at(event.pos()) or self._centre_tip(event.pos())
                if words:
                    QToolTip.showText(event.globalPos(), words, self)
                else:
                    QToolTip.hideText()
                    event.ignore()
            return True
        return super().event(event)

    def _centre_tip(self, pos) -> str:
        """Over the centre: each seat's wind and score, the dealer named."""
        hand = self._hand
        if hand is None or not self._layout().centre.contains(QPointF(pos)):
            return ""
        lines = [self._round_text()]
        for who in ("me", *SEATS):
            wind = hand.seat_wind if who == "me" else hand.wind_of(who)
            name = tr("You", "自分") if who == "me" else tr(*SEAT_NAMES[who])
            line = f"{name}: {self._wind_name(wind)}" + (tr(" (dealer)", "（親）") if wind == 0 else "")
            if hand.scores:
                line += f", {hand.scores[wind]:,}"
            lines.append(line)
        return "\n".join(lines)

    def _meld_at(self, pos) -> str | None:
        p = QPointF(pos)
        for seat, i, _t, rect, _s in self._layout().melds:
            if rect.contains(p):
                m = self._hand.opponent(seat).melds[i]
                return f"{tr(*SEAT_NAMES[seat])}: {tr(*MELD_NAMES[m.kind])} {m}"
        return None

    # ---- painting --------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        lay = self._layout()
        colors = COLORS[self._theme]
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        dpr = device_ratio(painter, self)
        small, big = self._fonts()
        h = lay.h
        for seat in SEATS:
            o = self._hand.opponent(seat) if self._hand else None
            riichi = o is not None and o.in_riichi
            painter.setPen(QPen(QColor(colors["bad_border" if riichi else "card_border"]), 1.5 if riichi else 1))
            painter.setBrush(QColor(colors["card"]))
            painter.drawRoundedRect(lay.blocks[seat].adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
            painter.setFont(small)
            painter.setPen(QColor(colors["text"] if o is not None and (o.river or o.melds) else colors["muted"]))
            painter.drawText(lay.headers[seat], Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             self._header(seat, lay.headers[seat].width()))
        for t in lay.tiles:
            self._paint_tile(painter, t, h, dpr, colors)
        hm = max(10, round(h * 0.8))
        for _seat, _i, tile, rect, side in lay.melds:
            pix = sideways_pixmap(tile, hm, self._theme, dpr) if side else tile_pixmap(tile, hm, self._theme, dpr)
            painter.drawPixmap(rect.topLeft(), pix)
        self._paint_centre(painter, lay, colors, big, small)
        painter.end()

    def _paint_tile(self, painter: QPainter, t: TableTile, h: int, dpr: float, colors: dict) -> None:
        rect = t.rect
        if t.sideways:
            painter.drawPixmap(rect.topLeft(), sideways_pixmap(t.tile, h, self._theme, dpr))
        else:
            painter.drawPixmap(rect.topLeft(), tile_pixmap(t.tile, h, self._theme, dpr))
        if t.called:            # taken into another player's meld: faded toward the table
            veil = QColor(colors["card"])
            veil.setAlpha(170)
            painter.fillRect(rect, veil)
        if t.tsumogiri:         # a small corner mark, top right
            c = max(4.0, min(rect.width(), rect.height()) * 0.28)
            path = QPainterPath(QPointF(rect.right() - c, rect.top() + 1))
            path.lineTo(rect.right() - 1, rect.top() + 1)
            path.lineTo(rect.right() - 1, rect.top() + c)
            path.closeSubpath()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(colors["muted"]))
            painter.drawPath(path)
        if t.marked:            # passed after a riichi: a green tint and a bar below
            tint = QColor(colors["highlight"])
            tint.setAlpha(60)
            painter.fillRect(rect, tint)
            bar = max(2.0, h / 12)
            painter.fillRect(QRectF(rect.x() + 1, rect.bottom() + 1, rect.width() - 2, bar),
                             QColor(colors["good"]))

    def _paint_centre(self, painter: QPainter, lay: _Layout, colors: dict, big: QFont, small: QFont) -> None:
        c = lay.centre
        painter.setPen(QPen(QColor(colors["card_border"]), 1))
        painter.setBrush(QColor(colors["bar"]))
        painter.drawRoundedRect(c.adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        hand = self._hand
        if hand is None:
            return
        letters = _letters()
        fm = QFontMetrics(big)
        pad = max(4, lay.h // 4)
        lh = fm.height()
        side = lh + 4                                  # a letter's square
        cx, cy = c.center().x(), c.center().y()
        spots = {"A": QRectF(cx - side / 2, c.top() + pad, side, side),
                 "L": QRectF(c.left() + pad, cy - side / 2, side, side),
                 "R": QRectF(c.right() - pad - side, cy - side / 2, side, side),
                 "me": QRectF(cx - side / 2, c.bottom() - pad - side, side, side)}
        painter.setFont(big)
        for who, spot in spots.items():
            wind = hand.seat_wind if who == "me" else hand.wind_of(who)
            if wind == 0:                              # the dealer: its wind ringed
                painter.setPen(QPen(QColor(colors["accent"]), 1.5))
                painter.setBrush(QColor(colors["accent_fill"]))
                painter.drawEllipse(spot)
                painter.setPen(QColor(colors["accent"]))
            else:
                painter.setPen(QColor(colors["muted"]))
            painter.drawText(spot, Qt.AlignmentFlag.AlignCenter, letters[wind])
        # riichi sticks between a riichi player's letter and the middle
        stick = max(3.0, lay.h / 7)
        length = min(c.width(), c.height()) * 0.36
        for o in hand.opponents:
            if not o.in_riichi:
                continue
            s = spots[o.seat]
            if o.seat == "A":
                r = QRectF(cx - length / 2, s.bottom() + 3, length, stick)
            elif o.seat == "L":
                r = QRectF(s.right() + 3, cy - length / 2, stick, length)
            else:
                r = QRectF(s.left() - 3 - stick, cy - length / 2, stick, length)
            painter.setPen(QPen(QColor(colors["muted"]), 1))
            painter.setBrush(QColor(colors["card"]))
            painter.drawRoundedRect(r, stick / 2, stick / 2)
            painter.setBrush(QColor(colors["bad"]))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(r.center(), stick / 2.6, stick / 2.6)
        # the player's own score beside its wind; the round and the turn in the middle
        own = self._own_score()
        if own:
            painter.setFont(small)
            painter.setPen(QColor(colors["text"]))
            s = spots["me"]
            painter.drawText(QRectF(s.right() + 4, s.top(), c.right() - s.right() - 4, s.height()),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, own)
        lines = [t for t in (self._round_text(), self._turn_text()) if t]
        top = cy - len(lines) * lh / 2
        for i, text in enumerate(lines):
            painter.setFont(big if i == 0 else small)
            painter.setPen(QColor(colors["text"] if i == 0 else colors["muted"]))
            painter.drawText(QRectF(c.left(), top + i * lh, c.width(), lh), Qt.AlignmentFlag.AlignCenter, text)
