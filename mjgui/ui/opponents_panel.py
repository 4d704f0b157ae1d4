"""The Analyze page's opponents panel: the other three seats (left, across, right), each
with its wind (the dealer marked), its river in the order discarded and its calls.

The panel edits nothing itself: it asks.  A seat's button chooses the river that the
palette's "River" target fills (`seatChosen`); right-clicking a river tile opens its menu
(tsumogiri, riichi tile, called, remove: `markRequested`, `tileRemoveRequested`); right-
clicking a call removes it (`meldRemoveRequested`); a seat's Clear empties it
(`clearRequested`).  The page turns each request into an undoable edit of the hand
(mjgui.ui.hand_editor), and the panel shows the new hand (`set_hand`).

A river tile shows its marks as the table does: a tsumogiri discard greyed, the riichi
tile ringed, a called discard with a "^" badge (the text form's marks), each said in its
tooltip.  A second view shows the same rivers around a table (mjgui.ui.table_view, given
with `set_table_view`): the header's "Table view" switch chooses it or the rows; its river
tiles take the same right-click menu.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (QButtonGroup, QFrame, QHBoxLayout, QLabel, QMenu, QSizePolicy,
                               QToolButton, QVBoxLayout, QWidget)

from mjgui.defence.opponents import SEATS, Opponent
from mjgui.hand import Hand
from mjgui.ui.hand_editor import RIVER_MARKS
from mjgui.ui.hand_view import FlowLayout, MeldGroup, TileStrip
from mjgui.ui.i18n import language, tr
from mjgui.ui.layout_items import clear_layout, remove_widget
from mjgui.ui.palette import tile_label
from mjgui.ui.theme import COLORS
from mjgui.hand import WINDS
from mjgui.words import WIND_NAMES

__all__ = ["OpponentsPanel", "SEAT_WORDS", "RIVER_SCALE"]

#: the seats as the panel names them: (English, 日本語)
SEAT_WORDS = {"L": ("Left", "上家"), "A": ("Across", "対面"), "R": ("Right", "下家")}
#: the rivers' tiles against the hand's (24 discards fit a line of an 800-pixel window)
RIVER_SCALE = 0.55
#: the panel's margins (left, top, right, bottom), full and compact
_MARGINS = {False: (8, 4, 8, 4), True: (4, 2, 4, 2)}
_MARK_WORDS = {"tsumogiri": ("Tsumogiri (the tile just drawn)", "ツモ切り"),
               "riichi": ("Riichi declaration tile", "リーチ宣言牌"),
               "called": ("Called by another player", "他家に鳴かれた牌")}


def seat_title(seat: str, wind: int, riichi: bool, short: bool = False) -> str:
    """'Left · East (dealer) · riichi': the seat, its wind, the dealer and a riichi; `short`
    (a compact panel): 'Left E dealer · riichi'."""
    where = tr(*SEAT_WORDS[seat])
    if short:
        text = f"{where} {tr('ESWN', '東南西北')[wind]}"
        if wind == 0:
            text += tr(" dealer", "親")
    else:
        wind_name = tr(*WIND_NAMES[WINDS[wind]])
        text = tr(f"{where} · {wind_name}", f"{where}・{wind_name}")
        if wind == 0:
            text += tr(" (dealer)", "（親）")
    if riichi:
        text += tr(" · riichi", "・リーチ")
    return text


class _SeatRow(QWidget):
    """One seat: its button (choosing it as the palette's river), its river, its calls and
    a Clear button, wrapping onto more lines when narrow."""

    def __init__(self, seat: str, panel: OpponentsPanel):
        super().__init__(panel)
        self.seat = seat
        self.panel = panel
        self.flow = FlowLayout(self, h_spacing=10, v_spacing=2)
        self.flow.setContentsMargins(0, 0, 0, 0)
        self.button = QToolButton(self)
        self.button.setCheckable(True)
        self.button.setObjectName(f"seat_{seat}")
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.clear_button = QToolButton(self)
        self.clear_button.setObjectName(f"clear_{seat}")
        self.clear_button.setAutoRaise(True)
        self.clear_button.clicked.connect(lambda: panel.clearRequested.emit(seat))
        self.strip: TileStrip | None = None
        self.melds: list[MeldGroup] = []
        self.opponent = Opponent(seat)
        self.wind = 0
        self.compact = False                     # the short title and Clear (a small window)
        self._shown: tuple | None = None         # (opponent, look) the widgets were made for

    def show_seat(self, opponent: Opponent, wind: int, look: tuple) -> bool:
        """Show `opponent`; True when the seat's button has a new text (the buttons' widths).
        Only what changed is made again: a hand change that keeps the table touches nothing,
        a new river gives the strip's buttons their new tiles (`TileStrip.set_tiles`), new
        calls remake the call groups alone; a new look (tile height, theme, language)
        remakes the row."""
        self.opponent, self.wind = opponent, wind
        title = seat_title(self.seat, wind, opponent.in_riichi, short=self.compact)
        retitled = title != self.button.text()
        if retitled:
            self.button.setText(title)
            self._tip_button()
        self.clear_button.setEnabled(bool(opponent.river or opponent.melds))
        before = self._shown
        if (opponent, look) == before:
            return retitled
        self._shown = (opponent, look)
        if before is None or before[1] != look or self.strip is None:
            self._build(opponent, look)
            return retitled
        shown = before[0]
        if opponent.river != shown.river:
            self.strip.set_tiles(enumerate(r.tile for r in opponent.river))
            self._mark_river(opponent, look[1])
        if opponent.melds != shown.melds:
            if not self.compact:                 # Clear stays last
                remove_widget(self.flow, self.clear_button)
            self._set_melds(opponent, look)
            if not self.compact:
                self.flow.addWidget(self.clear_button)
        return retitled

    def _build(self, opponent: Opponent, look: tuple) -> None:
        """The row made anew: the button, the river's strip, the calls, Clear."""
        clear_layout(self.flow, keep=(self.button, self.clear_button))
        self.melds = []
        tile_height, theme = look[0], look[1]
        self.flow.addWidget(self.button)
        if self.compact:          # its "×" by the seat's name, not alone on a line of its own
            self.flow.addWidget(self.clear_button)
        self.strip = TileStrip(f"river-{self.seat}", "", enumerate(r.tile for r in opponent.river),
                               tile_height, theme, tr("no discards", "捨て牌なし"), self, menu=True)
        self.strip.label.hide()                      # the seat's button names the river
        self.strip.menuRequested.connect(lambda _part, i, pos: self.panel.show_river_menu(self.seat, i, pos))
        self._mark_river(opponent, theme)
        self.flow.addWidget(self.strip)
        self._set_melds(opponent, look)
        if not self.compact:
            self.flow.addWidget(self.clear_button)
        for w in (self.button, self.strip, self.clear_button):
            w.show()

    def _mark_river(self, opponent: Opponent, theme: str) -> None:
        """The river's buttons show their tiles' marks (greyed, ringed, "^") and say them."""
        ring = QColor(COLORS[theme]["warn"])
        for button, river_tile in zip(self.strip.buttons, opponent.river):
            marks = [tr(*_MARK_WORDS[m]) for m in RIVER_MARKS if getattr(river_tile, m)]
            button.dimmed = river_tile.tsumogiri
            highlight = ring if river_tile.riichi else None
            if highlight != button.highlight:
                button.highlight = highlight
            button.badge = "^" if river_tile.called else None
            button.setToolTip(" · ".join([tile_label(river_tile.tile), *marks]) + "\n"
                              + tr("Right-click: tsumogiri, riichi tile, called, remove",
                                   "右クリック: ツモ切り・リーチ宣言牌・鳴かれた牌・削除"))

    def _set_melds(self, opponent: Opponent, look: tuple) -> None:
        """The calls' groups, after the river (the old ones go)."""
        for group in self.melds:
            remove_widget(self.flow, group)
            group.hide()
            group.deleteLater()            # later: the click being handled may come from it
        self.melds = []
        for i, meld in enumerate(opponent.melds):
            group = MeldGroup(meld, i, look[0], look[1], self)
            group.removeRequested.connect(lambda index: self.panel.meldRemoveRequested.emit(self.seat, index))
            self.melds.append(group)
            self.flow.addWidget(group)
            group.show()

    def set_compact(self, compact: bool) -> None:
        """The short title and a "×" for Clear (the full words in their tooltips), tighter."""
        self.compact = compact
        self.flow._h = 4 if compact else 10
        self.retranslate()

    def _tip_button(self) -> None:
        tip = tr("Choose this river: the palette's clicks then add to it, in order "
                 "(right-click a palette tile for this player's calls)",
                 "この河を選ぶ: パレットのクリックで順に追加（パレットの右クリックでこの家の副露）")
        if self.compact:             # the title in full
            tip = seat_title(self.seat, self.wind, self.opponent.in_riichi) + "\n" + tip
        self.button.setToolTip(tip)

    def retranslate(self) -> None:
        self.clear_button.setText("×" if self.compact else tr("Clear", "クリア"))
        self.clear_button.setToolTip(tr("Clear this player's river and calls",
                                        "この家の捨て牌と副露をクリア"))
        self._tip_button()


class OpponentsPanel(QFrame):
    """The three other seats of the hand shown.  Signals: `seatChosen(seat)`,
    `markRequested(seat, index, mark, on)`, `tileRemoveRequested(seat, index)`,
    `meldRemoveRequested(seat, index)`, `clearRequested(seat)`."""

    seatChosen = Signal(str)
    markRequested = Signal(str, int, str, bool)
    tileRemoveRequested = Signal(str, int)
    meldRemoveRequested = Signal(str, int)
    clearRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None, tile_height: int = 28, theme: str = "light"):
        super().__init__(parent)
        self.setObjectName("opponents_panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._compact = False
        self._tile_height = tile_height
        self._theme = theme
        self._hand = Hand(())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(*_MARGINS[False])
        outer.setSpacing(2)
        header = QHBoxLayout()
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.hint = QLabel(self)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.hint.setWordWrap(True)
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # the place of a second view of the rivers (a table): shown once one is given
        self.view_switch = QToolButton(self)
        self.view_switch.setObjectName("table_view_switch")
        self.view_switch.setCheckable(True)
        self.view_switch.hide()
        self.view_switch.toggled.connect(self._show_view)
        header.addWidget(self.title)
        header.addWidget(self.hint, 1)
        header.addWidget(self.view_switch)
        outer.addLayout(header)
        # the rows and the table view, one shown: a box, not a stack, which would take the
        # hidden table's height for its width
        self.views = QWidget(self)
        views_layout = QVBoxLayout(self.views)
        views_layout.setContentsMargins(0, 0, 0, 0)
        rows = QWidget(self.views)
        self.rows_view = rows
        rows_layout = QVBoxLayout(rows)
        rows_layout.setContentsMargins(0, 0, 0, 0)
        rows_layout.setSpacing(2)
        self.seat_group = QButtonGroup(self)
        self.seat_group.setExclusive(True)
        self.rows: dict[str, _SeatRow] = {}
        for seat in SEATS:
            row = _SeatRow(seat, self)
            self.rows[seat] = row
            self.seat_group.addButton(row.button)
            row.button.clicked.connect(lambda _c=False, s=seat: self.seatChosen.emit(s))
            rows_layout.addWidget(row)
        rows_layout.addStretch(1)
        self.rows["L"].button.setChecked(True)
        views_layout.addWidget(rows)
        self.table_view: QWidget | None = None
        outer.addWidget(self.views)
        self.retranslate()

    # ---- what it shows ----------------------------------------------------------------------
    def set_hand(self, hand: Hand) -> None:
        self._hand = hand
        look = (self._tile_height, self._theme, language(), self._compact)
        retitled = False
        for seat, row in self.rows.items():
            retitled |= row.show_seat(hand.opponent(seat), hand.wind_of(seat), look)
        if retitled:
            self._align_buttons()
        if self.table_view is not None:
            self.table_view.set_hand(hand)

    def hand(self) -> Hand:
        return self._hand

    def seat(self) -> str:
        """The seat whose river the palette fills."""
        return next(s for s, row in self.rows.items() if row.button.isChecked())

    def set_seat(self, seat: str) -> None:
        self.rows[seat].button.setChecked(True)

    def river_tiles(self, seat: str) -> list:
        """The tile buttons of a seat's river, in order (tests, screenshots)."""
        strip = self.rows[seat].strip
        return list(strip.buttons) if strip is not None else []

    def river_menu(self, seat: str, index: int) -> QMenu:
        """The menu of a river tile (not shown): its marks as checkable actions and Remove."""
        river_tile = self._hand.opponent(seat).river[index]
        menu = QMenu(self)
        for mark in RIVER_MARKS:
            action = menu.addAction(tr(*_MARK_WORDS[mark]))
            action.setObjectName(f"mark_{mark}")
            action.setCheckable(True)
            action.setChecked(getattr(river_tile, mark))
            action.triggered.connect(lambda on, m=mark: self.markRequested.emit(seat, index, m, on))
        menu.addSeparator()
        remove = menu.addAction(tr(f"Remove {river_tile.tile.name}", f"{river_tile.tile.name}を削除"))
        remove.setObjectName("remove_tile")
        remove.triggered.connect(lambda: self.tileRemoveRequested.emit(seat, index))
        return menu

    def show_river_menu(self, seat: str, index: int, where: QPoint) -> None:
        menu = self.river_menu(seat, index)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(where)

    # ---- a second view of the rivers (a table) ---------------------------------------------------
    def set_table_view(self, view: QWidget) -> None:
        """Offer `view` (a mjgui.ui.table_view.TableView: set_hand, set_theme,
        set_tile_height, retranslate, tile_at) beside the rows."""
        self.table_view = view
        view.hide()
        self.views.layout().addWidget(view)
        view.set_theme(self._theme)
        view.set_tile_height(self._tile_height)
        view.set_hand(self._hand)
        view.installEventFilter(self)        # its river tiles' right-click: the rows' menu
        self.view_switch.show()
        self.retranslate()

    def show_table(self, table: bool) -> None:
        """The rivers around a table (True) or as rows."""
        self.view_switch.setChecked(table and self.table_view is not None)

    def table_shown(self) -> bool:
        return self.table_view is not None and not self.table_view.isHidden()

    def _show_view(self, table: bool) -> None:
        shown = (table and self.table_view is not None and self.view_switch.isEnabled()
                 and not self._compact)
        if self.table_view is not None and shown == self.table_view.isHidden():
            self.rows_view.setVisible(not shown)
            self.table_view.setVisible(shown)

    def _tip_view_switch(self) -> None:
        self.view_switch.setToolTip(
            tr("Show the rivers around a table, or as rows", "河を卓の形で表示／行で表示")
            if self.view_switch.isEnabled() else
            tr("The window is too small for the table view: the rivers show as rows",
               "ウィンドウが小さいため卓表示はできません（行で表示）"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.table_view and event.type() == QEvent.Type.MouseButtonPress
                and event.button() == Qt.MouseButton.LeftButton):
            seat = next((s for s in SEATS if self.table_view.block_rect(s).contains(event.position())), None)
            if seat is not None:           # a click on a river chooses it, as the seat's button
                self.set_seat(seat)
                self.seatChosen.emit(seat)
        if watched is self.table_view and event.type() == QEvent.Type.ContextMenu:
            hit = self.table_view.tile_at(event.pos())
            if hit is not None:
                self.show_river_menu(hit.seat, hit.index, event.globalPos())
                return True
        return super().eventFilter(watched, event)

    # ---- look --------------------------------------------------------------------------------
    def set_tile_height(self, hand_tile_height: int) -> None:
        """The rivers' tiles for the hand's tile height."""
        height = max(18, round(hand_tile_height * RIVER_SCALE))
        if height != self._tile_height:
            self._tile_height = height
            self.set_hand(self._hand)
            if self.table_view is not None:
                self.table_view.set_tile_height(height)

    def tile_height(self) -> int:
        return self._tile_height

    def set_room(self, height: int) -> None:
        """The most the table view may take of the page's height: its tiles shrink to fit,
        the analysis keeps the rest.  Below the table's smallest size (a small window) the
        rows show, and the switch waits for a larger window, keeping the choice."""
        view = self.table_view
        if view is None:
            return
        fits = view.minimumSizeHint().height() <= height
        view.setMaximumHeight(max(view.minimumSizeHint().height(), height))
        if fits != self.view_switch.isEnabled():
            self.view_switch.setEnabled(fits)
            self._show_view(self.view_switch.isChecked())
            self._tip_view_switch()

    def set_compact(self, compact: bool) -> None:
        """A small window's panel (the Analyze page puts it under the palette): no header
        line (its words are in the tooltips of the seats' buttons and the river tiles), each
        seat with a short title ('Left E dealer · riichi') and "×" for Clear, its river
        wrapping below; the rows, not the table view (the switch keeps the choice for a
        larger window)."""
        if compact == self._compact:
            return
        self._compact = compact
        for w in (self.title, self.hint, self.view_switch):
            w.setVisible(not compact and (w is not self.view_switch or self.table_view is not None))
        self.layout().setContentsMargins(*_MARGINS[compact])
        for row in self.rows.values():
            row.set_compact(compact)
        self.set_hand(self._hand)
        self._align_buttons()
        self._show_view(self.view_switch.isChecked())

    def compact(self) -> bool:
        return self._compact

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.set_hand(self._hand)
        if self.table_view is not None:
            self.table_view.set_theme(theme)

    def retranslate(self) -> None:
        self.title.setText(tr("Other players", "他家"))
        hint = tr("Choose a seat, then click tiles in the palette (River target) · right-click a river "
                  "tile to mark it · text form L: A: R:",
                  "席を選んでパレットの牌をクリック（「河」）・河の牌を右クリックで印・文字では L: A: R:")
        self.hint.setText(hint)
        self.hint.setToolTip(hint)
        self.view_switch.setText(tr("Table view", "卓表示"))
        self._tip_view_switch()
        for row in self.rows.values():
            row.retranslate()
        self.set_hand(self._hand)
        if self.table_view is not None:
            self.table_view.retranslate()

    def _align_buttons(self) -> None:
        """The seats' buttons as wide as the widest, so the rivers start in one column."""
        for row in self.rows.values():
            row.button.setMinimumWidth(0)
        width = max(row.button.sizeHint().width() for row in self.rows.values())
        for row in self.rows.values():
            row.button.setMinimumWidth(width)
