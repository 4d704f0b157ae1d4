"""TilePalette: every tile kind as a button, with the copies left on each.

A left click asks for the tile to be added where the target switch points (the
hand, the dora indicators, the visible tiles or, in the Analyze page, the river of the
other player chosen with `set_river_seat`); a right click offers the other targets and
the calls (pon, chi, kan) built as `Meld` values: the player's own, or with the river
target those of the river's player.  The palette only
shows counts it is given (`set_remaining`); it decides nothing about the hand.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import (QButtonGroup, QHBoxLayout, QLabel, QMenu, QPushButton,
                               QVBoxLayout, QWidget)

from mjgui.hand import Meld, MeldKind
from mjgui.tiles import HONOR_NAMES_EN, HONOR_NAMES_JA, N_KINDS, RED_FIVE_KINDS, Tile, format_tiles
from mjgui.ui.i18n import tr
from mjgui.ui.tile_button import TileButton
from mjgui.words import SEAT_FROM, SEAT_NAMES

__all__ = ["TilePalette", "PaletteTileButton", "TARGETS", "SEAT_ORDER", "meld_choices",
           "palette_rows", "tile_label"]

TARGETS = ("hand", "dora", "visible", "river")     # "river": only with `rivers=True`
SEAT_ORDER = ("L", "A", "R")


#: the seats as the river target names them
_SEAT_SHORT = {"L": ("Left", "上家"), "A": ("Across", "対面"), "R": ("Right", "下家")}


def palette_rows() -> list[list[Tile]]:
    """man 1-9 + 0m, pin 1-9 + 0p, sou 1-9 + 0s, honours 1z-7z."""
    rows = [[Tile(base + i) for i in range(9)] + [Tile(base + 4, True)] for base in (0, 9, 18)]
    rows.append([Tile(27 + i) for i in range(7)])
    return rows


def tile_label(tile: Tile) -> str:
    """'5m', '0m (red five)', '1z East' in the current language."""
    if tile.red:
        return tr(f"{tile.name} (red five)", f"{tile.name}（赤五）")
    if tile.is_honor:
        i = tile.kind - 27
        return tr(f"{tile.name} {HONOR_NAMES_EN[i]}", f"{tile.name} {HONOR_NAMES_JA[i]}")
    return tile.name


def _seat_text(seat: str) -> str:
    return tr(*SEAT_FROM[seat])


def _with_called(kinds: Sequence[int], called: Tile) -> tuple[Tile, ...]:
    """Plain tiles of `kinds`, the copy of the called tile's kind being `called` itself."""
    tiles = [Tile(k) for k in kinds]
    tiles[list(kinds).index(called.kind)] = called
    return tuple(tiles)


def meld_choices(tile: Tile) -> list[tuple[str, str, Meld]]:
    """The calls a palette tile offers, as (group, label, Meld).

    group is 'pon', 'chi', 'kan' or 'ankan'.  The clicked tile is the called tile
    (a red five calls the red five).  Chi lists every run of the suit holding the
    tile and is always from the left; pon and open kan come from each seat.
    """
    k = tile.kind
    out: list[tuple[str, str, Meld]] = []
    for seat in SEAT_ORDER:
        out.append(("pon", _seat_text(seat),
                    Meld(MeldKind.PON, _with_called([k] * 3, tile), tile, seat)))
    if not tile.is_honor:
        suit_base = k - k % 9
        for start in range(max(suit_base, k - 2), min(k, suit_base + 6) + 1):
            tiles = _with_called([start, start + 1, start + 2], tile)
            run = format_tiles(tiles)
            out.append(("chi", tr(f"Chi {run} ({tile.name} called)", f"チー {run}（{tile.name}を鳴く）"),
                        Meld(MeldKind.CHI, tiles, tile, "L")))
    for seat in SEAT_ORDER:
        out.append(("kan", _seat_text(seat),
                    Meld(MeldKind.KAN, _with_called([k] * 4, tile), tile, seat)))
    out.append(("ankan", tr(f"Closed kan {tile.name}", f"暗槓 {tile.name}"),
                Meld(MeldKind.ANKAN, _with_called([k] * 4, tile))))
    return out


class PaletteTileButton(TileButton):
    """A palette tile: the button asks its palette for the right-click menu."""

    def __init__(self, tile: Tile, palette: TilePalette, tile_height: int, theme: str):
        super().__init__(tile, tile_height, theme, palette, badge_space=True)
        self._palette = palette

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self._palette.show_context_menu(self.tile, event.globalPos())
        event.accept()


class TilePalette(QWidget):
    """Four rows of tiles (m, p, s with their red five, honours) with copies-left badges.

    Signals: `tileRequested(str target, Tile)` with target 'hand', 'dora', 'visible' or
    'river' (the river of `river_seat()`); `meldRequested(Meld)` (for the hand, or for the
    river's player when the target is 'river'); `targetChanged(str target)`.
    """

    tileRequested = Signal(str, object)
    meldRequested = Signal(object)
    targetChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None, tile_height: int = 44, theme: str = "light",
                 compact: bool = False, rivers: bool = False):
        """`compact`: the target switch stands in a column left of the tiles instead of a
        row above them, so the palette is as low as the hand it sits beside.  `rivers`:
        the switch has a fourth target, another player's river (the Analyze page's table)."""
        super().__init__(parent)
        self._targets = TARGETS if rivers else TARGETS[:3]
        self._river_seat = "L"
        self._tile_height = int(tile_height)
        self._theme = theme
        self._remaining: list[int] = [4] * N_KINDS
        self._red_available: dict[int, bool] = {k: True for k in RED_FIVE_KINDS}
        self._buttons: dict[Tile, PaletteTileButton] = {}

        outer = QHBoxLayout(self) if compact else QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(8 if compact else 1)

        # target switch: where a left click puts the tile
        switch = QVBoxLayout() if compact else QHBoxLayout()
        switch.setSpacing(2 if compact else 0)
        self._target_label = QLabel()
        switch.addWidget(self._target_label)
        switch.addSpacing(2 if compact else 8)
        self._target_group = QButtonGroup(self)
        self._target_group.setExclusive(True)
        self._target_buttons: dict[str, QPushButton] = {}
        for i, target in enumerate(self._targets):
            button = QPushButton()
            button.setCheckable(True)
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setObjectName(f"target_{target}")
            if not compact:
                button.setProperty("segment", "first" if i == 0 else
                                   "last" if i == len(self._targets) - 1 else "middle")
            self._target_group.addButton(button, i)
            self._target_buttons[target] = button
            switch.addWidget(button)
        self._target_buttons["hand"].setChecked(True)
        self._target_group.idToggled.connect(self._on_target_toggled)
        switch.addStretch(1)
        outer.addLayout(switch)
        if compact:
            tiles = QVBoxLayout()
            tiles.setSpacing(1)
            outer.addLayout(tiles)
        else:
            outer.addSpacing(4)
            tiles = outer
        self._rows: list[QHBoxLayout] = []
        for row_tiles in palette_rows():
            row = QHBoxLayout()
            row.setSpacing(1)
            for tile in row_tiles:
                if tile.red:
                    row.addSpacing(6)
                button = PaletteTileButton(tile, self, self._tile_height, theme)
                button.setObjectName(f"tile_{tile.name}")
                button.clicked.connect(lambda _checked=False, t=tile: self._on_tile_clicked(t))
                self._buttons[tile] = button
                row.addWidget(button)
            row.addStretch(1)
            tiles.addLayout(row)
            self._rows.append(row)
        tiles.addStretch(1)
        self.set_remaining(self._remaining, None)
        self.retranslate()

    # --- public API -----------------------------------------------------------------
    def button(self, tile: Tile | str) -> PaletteTileButton:
        """The button of a tile ('5m', '0m' or a Tile)."""
        if isinstance(tile, str):
            tile = Tile.from_name(tile)
        return self._buttons[tile]

    def buttons(self) -> list[PaletteTileButton]:
        return list(self._buttons.values())

    def target(self) -> str:
        return self._targets[max(self._target_group.checkedId(), 0)]

    def set_target(self, target: str) -> None:
        if target not in self._targets:
            raise ValueError(f"target must be one of {self._targets}, not {target!r}")
        self._target_buttons[target].setChecked(True)

    def river_seat(self) -> str:
        """Whose river the 'river' target fills: L, A or R."""
        return self._river_seat

    def set_river_seat(self, seat: str) -> None:
        if seat not in SEAT_ORDER:
            raise ValueError(f"seat must be one of {SEAT_ORDER}, not {seat!r}")
        self._river_seat = seat
        if "river" in self._target_buttons:
            self.retranslate()           # the button names the seat

    def target_button(self, target: str) -> QPushButton:
        return self._target_buttons[target]

    def set_remaining(self, remaining: Sequence[int],
                      red_available: dict[int, bool] | None = None) -> None:
        """Badges show `remaining[kind]`; a kind with none left is greyed and disabled.

        A red five's badge is 1 or 0: it is enabled only when `red_available[kind]`
        (default: any five left) and a five remains.
        """
        if len(remaining) != N_KINDS:
            raise ValueError(f"expected {N_KINDS} remaining counts, got {len(remaining)}")
        self._remaining = [int(n) for n in remaining]
        red_available = red_available or {}
        self._red_available = {k: bool(red_available.get(k, True)) for k in RED_FIVE_KINDS}
        for tile, button in self._buttons.items():
            left = self._remaining[tile.kind]
            if tile.red:
                usable = self._red_available[tile.kind] and left > 0
                button.badge = 1 if usable else 0
            else:
                usable = left > 0
                button.badge = left
            button.dimmed = not usable
            button.setEnabled(usable)
        self._update_tooltips()

    def remaining(self) -> list[int]:
        return list(self._remaining)

    def set_tile_height(self, height: int) -> None:
        self._tile_height = int(height)
        for button in self._buttons.values():
            button.tile_height = self._tile_height
        self.updateGeometry()

    def tile_height(self) -> int:
        return self._tile_height

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        for button in self._buttons.values():
            button.theme = theme

    def theme(self) -> str:
        return self._theme

    def retranslate(self) -> None:
        self._target_label.setText(tr("Click adds to:", "クリックで追加:"))
        texts = {"hand": (tr("Hand", "手牌"), tr("Left click adds the tile to the hand",
                                                 "左クリックで手牌に追加")),
                 "dora": (tr("Dora indicator", "ドラ表示"),
                          tr("Left click adds the tile as a dora indicator",
                             "左クリックでドラ表示牌に追加")),
                 "visible": (tr("Visible", "見えている牌"),
                             tr("Left click adds the tile to the visible tiles "
                                "(other players' discards and calls)",
                                "左クリックで見えている牌（他家の捨て牌・副露）に追加"))}
        if "river" in self._target_buttons:
            who = tr(*_SEAT_SHORT[self._river_seat])
            texts["river"] = (tr(f"River: {who}", f"河: {who}"),
                              tr(f"Left click adds the tile to the {who.lower()} player's river, in order "
                                 "(the seat is chosen in the Opponents panel); right click: their calls",
                                 f"左クリックで{who}の河に順に追加（席は「他家」欄で選びます）。右クリックで{who}の副露"))
        for target, (text, tip) in texts.items():
            button = self._target_buttons[target]
            button.setText(text)
            button.setToolTip(tip)
            button.setAccessibleName(text)
        self._update_tooltips()

    # --- context menu ---------------------------------------------------------------
    def context_menu(self, tile: Tile, parent: QWidget | None = None) -> QMenu:
        """The right-click menu of a tile (not shown: call exec() to pop it up).

        Add actions come first, then Pon ▸ seats, the Chi runs, Kan ▸ seats and Closed kan.
        Each action's data() is the target string or the Meld it emits.  Calls that need
        more copies than remain are disabled.
        """
        menu = QMenu(parent or self)
        name = tile_label(tile)
        adds = [("hand", tr(f"Add {name} to hand", f"{name}を手牌に追加")),
                ("dora", tr(f"Add {name} as dora indicator", f"{name}をドラ表示牌に追加")),
                ("visible", tr(f"Add {name} as visible tile", f"{name}を見えている牌に追加"))]
        if "river" in self._target_buttons:
            who = tr(*SEAT_NAMES[self._river_seat])
            adds.append(("river", tr(f"Add {name} to the river of: {who}", f"{name}を{who}の河に追加")))
        left = self._remaining[tile.kind]
        usable = left > 0 and (not tile.red or self._red_available[tile.kind])
        for target, text in adds:
            action = menu.addAction(text)
            action.setData(target)
            action.setObjectName(f"add_{target}")
            action.setEnabled(usable)
            action.triggered.connect(lambda _c=False, tg=target, t=tile: self.tileRequested.emit(tg, t))
        if self.target() == "river":      # the calls below are the river's player's
            who = tr(*SEAT_NAMES[self._river_seat])
            menu.addSection(tr(f"Calls of: {who} (\"from\" as seen from them)",
                               f"{who}の副露（「から」は{who}から見た席）"))
        else:
            menu.addSeparator()
        submenus = {"pon": menu.addMenu(tr(f"Pon {tile.name}", f"ポン {tile.name}"))}
        for group, text, meld in meld_choices(tile):
            if group == "kan" and "kan" not in submenus:
                submenus["kan"] = menu.addMenu(tr(f"Kan {tile.name} (open)", f"明槓 {tile.name}"))
            target_menu = submenus.get(group, menu)
            action = target_menu.addAction(text)
            action.setData(meld)
            action.setObjectName(f"{group}_{meld}")
            action.setEnabled(usable and self._enough_for(meld))
            action.triggered.connect(lambda _c=False, m=meld: self.meldRequested.emit(m))
        for sub in submenus.values():
            sub.setEnabled(any(a.isEnabled() for a in sub.actions()))
        return menu

    def meld_actions(self, tile: Tile) -> list[QAction]:
        """Every call action of the tile's context menu (submenus flattened), in order."""
        menu = self.context_menu(tile)
        out: list[QAction] = []

        def walk(m: QMenu) -> None:
            for action in m.actions():
                if action.menu() is not None:
                    walk(action.menu())
                elif isinstance(action.data(), Meld):
                    out.append(action)
        walk(menu)
        return out

    def show_context_menu(self, tile: Tile, global_pos: QPoint) -> None:
        menu = self.context_menu(tile)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(global_pos)

    # --- internals --------------------------------------------------------------------
    def _enough_for(self, meld: Meld) -> bool:
        need = [0] * N_KINDS
        for t in meld.tiles:
            need[t.kind] += 1
        return all(need[k] <= self._remaining[k] for k in range(N_KINDS) if need[k])

    def _on_target_toggled(self, button_id: int, checked: bool) -> None:
        if checked:
            self._update_tooltips()
            self.targetChanged.emit(self._targets[button_id])

    def _on_tile_clicked(self, tile: Tile) -> None:
        self.tileRequested.emit(self.target(), tile)

    def _update_tooltips(self) -> None:
        who = tr(*SEAT_NAMES[self._river_seat])
        where = {"hand": tr("add to hand", "手牌に追加"),
                 "dora": tr("add as dora indicator", "ドラ表示牌に追加"),
                 "visible": tr("add as visible tile", "見えている牌に追加"),
                 "river": tr(f"add to the river of: {who}", f"{who}の河に追加")}[self.target()]
        for tile, button in self._buttons.items():
            left = self._remaining[tile.kind]
            if tile.red:
                status = (tr("available", "残っている") if button.isEnabled()
                          else tr("already used", "使用済み"))
                first = tr(f"{tile_label(tile)}: {status}", f"{tile_label(tile)}: {status}")
            else:
                first = tr(f"{tile_label(tile)}: {left} left", f"{tile_label(tile)}: 残り{left}枚")
            hint = tr(f"Click: {where} · Right-click: more (pon, chi, kan…)",
                      f"クリック: {where} · 右クリック: その他（ポン・チー・カン…）")
            button.setToolTip(f"{first}\n{hint}")
