"""The hand being edited, with undo/redo: every change is one QUndoCommand that
swaps whole (immutable) Hand values, so undo can never drift out of sync."""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from mjgui.defence.opponents import MAX_RIVER, Opponent, RiverTile
from mjgui.hand import Hand, Meld
from mjgui.tiles import Tile, TileError
from mjgui.ui.i18n import tr
from mjgui.words import SEAT_NAMES

#: the marks a river tile can carry (mjgui.defence.opponents.RiverTile's fields)
RIVER_MARKS = ("tsumogiri", "riichi", "called")

MAX_CONCEALED = 14
UNDO_LIMIT = 500         # edits kept for undo: the oldest go, so memory stays flat over a session


class _SetHand(QUndoCommand):
    def __init__(self, editor: HandEditor, old: Hand, new: Hand, text: str):
        super().__init__(text)
        self._editor, self._old, self._new = editor, old, new

    def redo(self) -> None:
        self._editor._apply(self._new)

    def undo(self) -> None:
        self._editor._apply(self._old)


class HandEditor(QObject):
    """Holds the current hand; edits raise TileError (with a message for the
    user) instead of producing an impossible hand."""
    handChanged = Signal(object)          # Hand

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._hand = Hand(())
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)

    @property
    def hand(self) -> Hand:
        return self._hand

    def _apply(self, hand: Hand) -> None:
        self._hand = hand
        self.handChanged.emit(hand)

    def set_hand(self, hand: Hand, text: str | None = None) -> None:
        """Replace the hand (one undo step); no step when nothing changes."""
        if hand == self._hand:
            return
        self.undo_stack.push(_SetHand(self, self._hand, hand, text or tr("Edit hand", "手牌の編集")))

    # ---- edits used by the palette and the hand view ----------------------------
    def _limit(self, hand: Hand) -> None:
        if hand.size > 14:
            raise TileError(tr("the hand is full: 14 tiles (melds count 3)",
                               "手牌は14枚までです（副露は3枚として数えます）"))

    def add_tile(self, tile: Tile) -> None:
        new = self._hand.draw(tile)
        self._limit(new)
        self.set_hand(new, tr(f"Add {tile.name}", f"{tile.name}を追加"))

    def add_dora(self, tile: Tile) -> None:
        self.set_hand(replace(self._hand, dora_indicators=self._hand.dora_indicators + (tile,)),
                      tr(f"Dora indicator {tile.name}", f"ドラ表示牌 {tile.name}"))

    def add_visible(self, tile: Tile) -> None:
        self.set_hand(replace(self._hand, visible=self._hand.visible + (tile,)),
                      tr(f"Visible {tile.name}", f"見えている牌 {tile.name}"))

    def add_meld(self, meld: Meld) -> None:
        new = replace(self._hand, melds=self._hand.melds + (meld,))
        self._limit(new)
        self.set_hand(new, tr(f"Meld {meld}", f"副露 {meld}"))

    def remove_meld(self, index: int) -> None:
        melds = list(self._hand.melds)
        del melds[index]
        self.set_hand(replace(self._hand, melds=tuple(melds)), tr("Remove meld", "副露を削除"))

    def remove_extra(self, part: str, index: int) -> None:
        if part.startswith("river-"):       # a tile of an opponent's river
            seat = part[len("river-"):]
            o = self._hand.opponent(seat)
            river = o.river[:index] + o.river[index + 1:]
            others = tuple(x for x in self._hand.opponents if x.seat != seat)
            self.set_hand(replace(self._hand, opponents=others + (replace(o, river=river),)),
                          tr("Remove tile", "牌を削除"))
            return
        name = {"dora": "dora_indicators", "visible": "visible", "discards": "discards"}[part]
        tiles = list(getattr(self._hand, name))
        del tiles[index]
        self.set_hand(replace(self._hand, **{name: tuple(tiles)}), tr("Remove tile", "牌を削除"))

    def discard(self, tile: Tile | int) -> None:
        """Play a discard: the tile leaves the hand and joins the own discards."""
        new = self._hand.discard(tile)
        name = tile.name if isinstance(tile, Tile) else new.discards[-1].name
        self.set_hand(new, tr(f"Discard {name}", f"{name}を切る"))

    def remove_concealed(self, tile: Tile) -> None:
        """Take a tile back out of the hand (not a discard)."""
        tiles = list(self._hand.concealed)
        if tile not in tiles:
            raise TileError(tr(f"{tile.name} is not in the hand", f"{tile.name}は手牌にありません"))
        tiles.reverse()
        tiles.remove(tile)
        tiles.reverse()
        self.set_hand(self._hand.with_concealed(tiles), tr(f"Remove {tile.name}", f"{tile.name}を戻す"))

    # ---- the other players' rivers and calls (the opponents panel) ------------------
    def _set_opponent(self, opponent: Opponent, text: str) -> None:
        others = tuple(o for o in self._hand.opponents if o.seat != opponent.seat)
        self.set_hand(replace(self._hand, opponents=others + (opponent,)), text)

    def add_river_tile(self, seat: str, tile: Tile) -> None:
        """The seat discards `tile`: it joins the end of its river."""
        o = self._hand.opponent(seat)
        who = tr(*SEAT_NAMES[seat])
        if len(o.river) >= MAX_RIVER:
            raise TileError(tr(f"{who}: a river holds at most {MAX_RIVER} discards",
                               f"{who}: 河は{MAX_RIVER}枚までです"))
        if self._hand.remaining()[tile.kind] == 0:
            raise TileError(tr(f"no {tile.name} left: all four copies are already on the table",
                               f"{tile.name}は残っていません: 4枚とも場に見えています"))
        if tile.red and not self._hand.red_available()[tile.kind]:
            raise TileError(tr(f"the red five {tile.name} is already on the table",
                               f"赤五 {tile.name}はすでに場に出ています"))
        self._set_opponent(replace(o, river=o.river + (RiverTile(tile),)),
                           tr(f"{who} discards {tile.name}", f"{who}の捨て牌 {tile.name}"))

    def set_river_mark(self, seat: str, index: int, mark: str, on: bool) -> None:
        """Mark (or unmark) a river tile tsumogiri, the riichi tile or called by another
        player; a river has one riichi tile at most."""
        if mark not in RIVER_MARKS:
            raise ValueError(f"mark must be one of {RIVER_MARKS}, not {mark!r}")
        o = self._hand.opponent(seat)
        who = tr(*SEAT_NAMES[seat])
        if not 0 <= index < len(o.river):
            raise TileError(tr(f"{who}: no discard {index + 1} in the river",
                               f"{who}: 河に{index + 1}枚目はありません"))
        if mark == "riichi" and on and o.riichi_index not in (None, index):
            first = o.river[o.riichi_index].tile.name
            raise TileError(tr(f"{who} already declared riichi with {first} (discard {o.riichi_index + 1}): "
                               "unmark it first", f"{who}はすでに{first}（{o.riichi_index + 1}枚目）でリーチしています。"
                               "先にその印を外してください"))
        river = list(o.river)
        river[index] = replace(river[index], **{mark: on})
        names = {"tsumogiri": ("tsumogiri", "ツモ切り"), "riichi": ("riichi tile", "リーチ宣言牌"),
                 "called": ("called", "鳴かれた牌")}[mark]
        tile = river[index].tile.name
        self._set_opponent(replace(o, river=tuple(river)),
                           tr(f"{tile} {'' if on else 'not '}{names[0]}",
                              f"{tile}: {names[1]}{'' if on else 'を解除'}"))

    def add_their_meld(self, seat: str, meld: Meld) -> None:
        """The seat calls: an open meld (or a closed kan) it shows."""
        o = self._hand.opponent(seat)
        who = tr(*SEAT_NAMES[seat])
        if len(o.melds) >= 4:
            raise TileError(tr(f"{who} already shows 4 melds: a player holds at most 4",
                               f"{who}はすでに4つ副露しています（4つまで）"))
        self._set_opponent(replace(o, melds=o.melds + (meld,)), tr(f"{who}: {meld}", f"{who}: {meld}"))

    def remove_their_meld(self, seat: str, index: int) -> None:
        o = self._hand.opponent(seat)
        melds = o.melds[:index] + o.melds[index + 1:]
        self._set_opponent(replace(o, melds=melds), tr("Remove meld", "副露を削除"))

    def clear_seat(self, seat: str) -> None:
        """The seat's river and melds, gone (one undo step)."""
        who = tr(*SEAT_NAMES[seat])
        self._set_opponent(Opponent(seat), tr(f"Clear {who}", f"{who}をクリア"))

    def clear(self) -> None:
        self.set_hand(Hand((), round_wind=self._hand.round_wind, seat_wind=self._hand.seat_wind),
                      tr("Clear", "クリア"))
