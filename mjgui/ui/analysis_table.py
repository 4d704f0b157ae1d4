"""The per-discard table: a model of mjgui.analysis rows held in Qt's items, and a
delegate that draws tile strips with their remaining counts.  The view paints its
cells in one pass (mjgui.ui.cell_painter); the delegates paint a selected row.

The model only formats what the analysis computed; sorting goes through a
QSortFilterProxyModel on numeric sort keys.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from PySide6.QtCore import (QEvent, QModelIndex, QRect, QSize,
                            QSortFilterProxyModel, Qt, Signal)
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetrics, QPainter, QPalette, QPixmap,
                           QStandardItemModel)
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QMenu, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem, QTableView, QToolTip, QWidget)

from mjgui.analysis import Analysis, Row, TileCount
from mjgui.hand import MeldKind
from mjgui.ui import danger_cells
from mjgui.ui.cell_painter import paint_cells
from mjgui.ui.cell_roles import (ALIGN_N, BACKGROUND_N, DISPLAY_N, FOREGROUND_N, SORT_N, SORT_ROLE,
                                 STRIP_N, TILES_N, TILES_ROLE, WARN_N, WARN_TILES_N, role_number)
from mjgui.ui.column_fit import arrange
from mjgui.ui.fonts import font_key, font_of_key
from mjgui.ui.i18n import language, tr
from mjgui.ui.theme import COLORS
from mjgui.ui.tile_art import for_cache, tile_pixmap, tile_width
from mjgui.words import MELD_NAMES, shanten_word

# the expected values sit next to the ukeire total: the numbers a player compares first
DISCARD, SHANTEN, UKEIRE, TOTAL, WIN, TENPAI, EXPECTED, IMPROVE, GOOD, SECOND, CALLS, VALUE, VERDICT = range(13)
# the table state's columns (mjgui.ui.danger_cells): in the model only for a hand with opponents,
# so a hand alone has the table it always had; shown right after the expected values
DANGER, PUSH_FOLD = 13, 14
TABLE_COLUMNS = (DANGER, PUSH_FOLD)
N_PLAIN, N_ALL = VERDICT + 1, PUSH_FOLD + 1      # the columns without and with a table
EV_COLUMNS = (WIN, TENPAI, EXPECTED)
TILE_COLUMNS = (DISCARD, UKEIRE, CALLS)     # drawn as tiles by TileStripDelegate
# each column's name in the settings (the columns the user hid), in column order
COLUMN_KEYS = ("discard", "shanten", "ukeire", "total", "win", "tenpai", "expected", "improve",
               "good_shape", "second_step", "calls", "value", "verdict", "danger", "push_fold")
CHOOSABLE = tuple(c for c in range(N_ALL) if c != DISCARD)    # a row is its discard: always shown
# A table narrower than its columns hides these first, in this order (mjgui.ui.column_fit);
# the discard, shanten, ukeire, total and the expected values never give way
GIVE_WAY = (SECOND, IMPROVE, GOOD, VALUE, VERDICT, CALLS)
# room left over widens the tile strips, the ukeire first, up to their longest strip;
# the verdict takes the rest
GROW = (UKEIRE, CALLS)
VERDICT_MIN = 120          # the verdict, when shown, is at least this wide (its tooltip tells all)
RANKS = ("ukeire", "score", "win")       # the table's order: the analysis's, or by an expected value
# at a table with a threat it may also follow the value with defence (the Push / fold column)
TABLE_RANKS = RANKS + ("defence",)

BEST_LIGHT = QColor(COLORS["light"]["best_row"])
BEST_DARK = QColor(COLORS["dark"]["best_row"])
WARN = QColor(COLORS["light"]["warn"])


def _headers() -> list[tuple[str, str]]:
    """(title, tooltip) per column."""
    return _headers_in(language())


@lru_cache(maxsize=None)      # one per language (2)
def _headers_in(_lang: str) -> list[tuple[str, str]]:
    """_headers() in one language."""
    return [
        (tr("Discard", "打牌"), tr("The tile to discard (double-click a row, or Enter, to play it)",
                                   "切る牌（行をクリックで打牌）")),
        (tr("Shanten", "向聴"), tr("Shanten after this discard: draws still needed to reach tenpai "
                                   "(0 = tenpai)", "打牌後の向聴数（0 = 聴牌）")),
        (tr("Ukeire (copies left)", "受け入れ（残り枚数）"),
         tr("Tiles whose draw lowers the shanten, each with the copies not in your hand or visible",
            "引くと向聴数が下がる牌と、見えていない残り枚数")),
        (tr("Total", "枚数"), tr("Copies left of all ukeire tiles together", "受け入れの合計枚数")),
        (tr("Win %", "和了率"), tr("Chance to win by the end of the round under the expected-value model "
                                   "chosen in Settings (by default: tiles seen are gone, opponents discard "
                                   "unseen tiles, ron or tsumo, riichi or dama; see Why these numbers?)",
                                   "流局までに和了する確率（設定で選んだ期待値モデル。既定: 見えた牌は山になし、"
                                   "他家は見えない牌を切る、ロンかツモ、立直かダマ）")),
        (tr("Tenpai %", "聴牌率"), tr("Chance to be tenpai after the last draw (the model)",
                                       "最終ツモ後に聴牌している確率（モデル）")),
        (tr("Exp. pts", "期待値"), tr("Expected points received (the model: dora and averaged ura dora, "
                                      "riichi or dama). Tenpai discards: hover for riichi and dama",
                                      "期待得点（モデル: ドラ・裏ドラ平均、立直かダマ）。"
                                      "聴牌打牌は立直とダマの値をツールチップに表示")),
        (tr("Improve", "改良"), tr("Improvement copies (tenpai / 1-shanten): draws that keep the shanten "
                                   "but widen the ukeire or the wait", "向聴数は変わらないが受け入れや待ちが広がる牌の枚数")),
        (tr("Good shape", "好形率"), tr("1-shanten: share of the ukeire after which you can wait on two "
                                        "kinds or more", "1向聴: 聴牌時に2種以上の待ちになる受け入れの割合")),
        (tr("2nd step", "二歩目"), tr("Sum over ukeire tiles of copies × the best ukeire after drawing it: "
                                      "the tie-break between equal ukeire",
                                      "受け入れ各牌の枚数×引いた後の最大受け入れの合計（同枚数の比較用）")),
        (tr("Pon / chi", "ポン / チー"), tr("Tiles whose pon or chi (then the best legal discard) lowers the "
                                             "shanten; ⚠ under a tile = its call leaves no yaku",
                                             "ポン・チー（と喰い替えでない打牌）で向聴数が下がる牌。⚠ = 役なし")),
        (tr("Value", "打点"), tr("Tenpai discards: points by ron on the waits, lowest–highest (dama; "
                                  "'riichi' when only riichi gives a yaku; 'no yaku' when no wait can win)",
                                  "聴牌打牌: 待ちのロン打点の最低–最高（ダマ。役がなく立直が必要なら「立直」、"
                                  "和了れないなら「役なし」）")),
        (tr("Verdict", "評価"), tr("The row in one line", "この打牌のまとめ")),
        *danger_cells.headers(),
    ]


def _choose_hint() -> str:
    return tr("Right-click a column title to choose the columns shown", "列名を右クリックで表示する列を選べます")


_CENTER = int(Qt.AlignmentFlag.AlignCenter.value)
_ITEM_ELEMENT = QStyle.ControlElement.CE_ItemViewItem
_TEXT_COLOR = QPalette.ColorRole.Text
_MARKED = QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_HasFocus


class AnalysisModel(QStandardItemModel):
    """The analysis's rows as cells that Qt holds.  Each cell's text, colours and sort key
    are worked out once per change (the analysis, the expected values, the order, the
    theme, the language) and stored in its item (a tooltip is made on hover), with a
    Python copy of the same roles.  The main table paints from the copy (cell_painter);
    the sort proxy, a selected row's delegates and the drill's table ask Qt's items, and
    answered by Qt none of those asks is a call into Python (a Python data() made a
    repaint of the table 2-3 times slower)."""

    choose_hint = False          # the titles' tooltips say how to choose the columns (AnalysisTable)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, N_PLAIN, parent)
        self._analysis: Analysis | None = None
        self._table = None                       # mjgui.defence.advice.TableAdvice, or None
        self._values: dict[int, Any] = {}        # discard kind -> (Choice, PushFold) with defence
        self._choices: tuple = ()                # every mjgui.defence.values.Choice (tooltips)
        self._values_state = "none"              # "none", "pending", "ready"
        self._rows: Sequence[Row] = ()
        self._best: set[int] = set()
        self._ev: dict[int, Any] = {}            # discard kind -> mjgui.ev.EvRow
        self._ev_state = "none"                  # "none" (not for this hand), "pending", "ready"
        self.rank = "ukeire"
        self._dark = False
        # [row][column] -> {role: value}: what the items hold, read back without Qt
        self._cells: list[list[dict[int, Any]]] = []
        self._set_headers()

    @property
    def dark(self) -> bool:
        return self._dark

    @dark.setter
    def dark(self, dark: bool) -> None:
        if bool(dark) != self._dark:
            self._dark = bool(dark)
            self._refill(self._columns())

    def _columns(self) -> range:
        return range(self.columnCount())

    @property
    def table(self):
        """The table state's advice shown (mjgui.defence.advice.TableAdvice), or None."""
        return self._table

    def set_analysis(self, analysis: Analysis | None, ev_pending: bool = False, table=None) -> None:
        """Show an analysis; `table` (mjgui.defence.advice.TableAdvice) adds the Danger and
        Push / fold columns for a hand with opponents."""
        self._ev = {}
        self._ev_state = "pending" if ev_pending and analysis is not None and analysis.rows else "none"
        self._table = table if analysis is not None else None
        self._values, self._choices = {}, ()
        self._values_state = "pending" if self._ev_state == "pending" and table is not None and table.threat else "none"
        self._analysis = analysis
        if analysis is None:
            self._rows = ()
        elif analysis.current is not None:
            self._rows = (analysis.current,)
        else:
            self._rows = analysis.rows
        self._best = self._best_rows()
        self.beginResetModel()
        # quietly: the reset tells the views once, instead of a signal per item
        blocked = self.blockSignals(True)
        try:
            self.setRowCount(0)           # the old items go (their roles with them)
            columns = N_ALL if self._table is not None else N_PLAIN
            if self.columnCount() != columns:
                self.setColumnCount(columns)
                self._set_headers()
            self.setRowCount(len(self._rows))
            self._cells = [self._row_cells(r, row, self._columns()) for r, row in enumerate(self._rows)]
            for r, cells in enumerate(self._cells):
                for c, values in enumerate(cells):
                    # the item is made by Qt: one made in Python would keep its Python
                    # wrapper alive after the model let go of it
                    self.setItemData(self.index(r, c), values)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def _refill(self, columns: Sequence[int]) -> None:
        """Work the cells of these columns out again (something they show changed)."""
        if not self._rows:
            return
        blocked = self.blockSignals(True)
        try:
            for r, row in enumerate(self._rows):
                for c, values in zip(columns, self._row_cells(r, row, columns)):
                    self._cells[r][c] = values
                    index = self.index(r, c)
                    self.clearItemData(index)
                    self.setItemData(index, values)
        finally:
            self.blockSignals(blocked)
        self.dataChanged.emit(self.index(0, min(columns)), self.index(len(self._rows) - 1, max(columns)))

    def set_ev(self, ev, values=None) -> None:
        """The expected values (mjgui.ev.EvResult) of the hand shown, or None when they
        cannot be had; `values` (mjgui.defence.values.TableValues): each discard's push / fold."""
        self._ev = {} if ev is None else {r.discard.kind: r for r in ev.rows}
        self._ev_state = "ready" if ev is not None and ev.rows else "none"
        if self._table is not None:
            from mjgui.defence.advice import values_by_kind
            self._values = values_by_kind(values)
            self._choices = values.choices if values is not None else ()
            self._values_state = "ready" if self._values else "none"
        best = self._best_rows()
        # ordered by the analysis, only the value columns change: only they repaint
        same = best == self._best
        self._best = best
        changed = EV_COLUMNS + ((PUSH_FOLD,) if self._table is not None else ())
        self._refill(changed if same else self._columns())

    def ev_row(self, row: Row):
        return self._ev.get(row.tile.kind) if row.tile is not None else None

    def table_values(self, row: Row):
        """The row's push / fold values (mjgui.defence.pushfold.PushFold), or None."""
        found = self._values.get(row.tile.kind) if row.tile is not None else None
        return None if found is None else found[1]

    def discard_danger(self, row: Row):
        """The row's danger at the table (mjgui.defence.advice.DiscardDanger), or None."""
        if self._table is None or row.tile is None:
            return None
        return self._table.discards.get(row.tile.kind)

    @property
    def by_defence(self) -> bool:
        """The rows follow the value with defence (the rank asks for it and there are values)."""
        return self.rank == "defence" and bool(self._values)

    def _ev_value(self, row: Row, rank: str) -> float | None:
        if rank == "defence" and self._values:
            v = self.table_values(row)
            return None if v is None else v.value
        e = self.ev_row(row)
        return None if e is None else e.exp_score if rank in ("score", "defence") else e.win_prob

    def _best_rows(self) -> set[int]:
        if self._analysis is None:
            return set()
        if self.rank != "ukeire" and (self._ev or self.by_defence):
            values = [(self._ev_value(r, self.rank), r) for r in self._rows]
            top = max((v for v, _ in values if v is not None), default=None)
            return {id(r) for v, r in values if v is not None and v == top}
        return {id(r) for r in self._analysis.best()}

    def set_rank(self, rank: str) -> None:
        if rank not in TABLE_RANKS:
            raise ValueError(f"rank must be one of {TABLE_RANKS}, not {rank!r}")
        self.rank = rank
        self._best = self._best_rows()
        self._refill(self._columns())

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def is_best(self, row: int) -> bool:
        return id(self._rows[row]) in self._best

    def retranslate(self) -> None:
        self._set_headers()
        self._refill(self._columns())

    def _set_headers(self) -> None:
        """The column titles and their tooltips, held by Qt: the header asks for several
        roles of every section on each paint (answered from Python, ~400 calls a change)."""
        hint = "\n" + _choose_hint() if self.choose_hint else ""
        for section, (title, tip) in enumerate(_headers()[:self.columnCount()]):
            self.setHeaderData(section, Qt.Orientation.Horizontal, title, Qt.ItemDataRole.DisplayRole)
            self.setHeaderData(section, Qt.Orientation.Horizontal, tip + hint, Qt.ItemDataRole.ToolTipRole)

    def cell(self, row: int, col: int, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """What a cell answers for a role, read from Python (no QModelIndex, no QVariant)."""
        return self._cells[row][col].get(role_number(role))

    def cell_roles(self, row: int, col: int) -> dict[int, Any]:
        """Every role a cell answers, {role number: value} (read only)."""
        return self._cells[row][col]

    def cell_roles_of_row(self, row: int) -> list[dict[int, Any]]:
        """cell_roles() of each column of a row (read only)."""
        return self._cells[row]

    def _row_cells(self, view_row: int, row: Row, columns: Sequence[int]) -> list[dict[int, Any]]:
        """The cells of one row in `columns`, each {role number: value}."""
        value = self._value(row)
        warn = value is not None and (value.yakuless or value.needs_riichi)
        best = QBrush(BEST_DARK if self._dark else BEST_LIGHT) if self.is_best(view_row) else None
        keys = self._sort_keys(view_row, row, value)
        cells = []
        for col in columns:
            cell = {SORT_N: keys[col]}        # the tooltip is made on hover (AnalysisTable)
            text = self._display(row, col)
            if text is not None:
                cell[DISPLAY_N] = text
            if col not in (UKEIRE, CALLS, VERDICT):
                cell[ALIGN_N] = _CENTER
            if best is not None:
                cell[BACKGROUND_N] = best
            if col == DISCARD and row.tile is not None:
                cell[TILES_N] = row.tile.name
            elif col == UKEIRE:
                cell[TILES_N] = list(row.ukeire)
                cell[STRIP_N] = tuple((t.name, t.remaining, False) for t in row.ukeire)
            elif col == CALLS:
                tiles = cell[TILES_N] = [TileCount(t.kind, t.remaining) for t in _call_tiles(row)]
                yakuless = cell[WARN_TILES_N] = _yakuless_tiles(row)
                cell[STRIP_N] = tuple((t.name, t.remaining, t.kind in yakuless) for t in tiles)
            elif col == VALUE:
                cell[WARN_N] = warn
                if warn:
                    cell[FOREGROUND_N] = QBrush(WARN)
            elif col == DANGER:
                dd = self.discard_danger(row)
                if dd is not None:
                    cell[FOREGROUND_N] = danger_cells.danger_brush(dd, self._dark)
            cells.append(cell)
        return cells

    def _display(self, row: Row, col: int) -> str | None:
        if col == DISCARD and row.tile is None:
            return "—"
        if col == SHANTEN:
            return shanten_word(0, language()) if row.shanten == 0 else str(row.shanten)
        if col == TOTAL:
            return str(row.ukeire_total)
        if col == IMPROVE:
            return str(row.improvement_total) if row.shanten in (0, 1) else "–"
        if col == GOOD:
            rate = row.good_shape_rate
            return "–" if rate is None else f"{100 * rate:.0f}%"
        if col == SECOND:
            return "–" if row.second_step is None else str(row.second_step)
        if col == CALLS and not row.calls:
            return "–"
        if col == VALUE:
            value = self._value(row)
            return "–" if value is None else value.text(language())
        if col in EV_COLUMNS:
            e = self.ev_row(row)
            if e is None:
                return "…" if self._ev_state == "pending" else "–"
            if col == EXPECTED:
                return f"{e.exp_score:,.0f}"
            return f"{100 * (e.win_prob if col == WIN else e.tenpai_prob):.1f}%"
        if col == VERDICT:
            hand = self._analysis.shanten if self._analysis is not None else None
            return row.verdict(language(), hand)
        if col == DANGER:
            return danger_cells.danger_text(self.discard_danger(row))
        if col == PUSH_FOLD:
            return danger_cells.value_text(self.table_values(row), self._values_state == "pending")
        return None

    def _value(self, row: Row):
        return self._analysis.value(row) if self._analysis is not None else None

    def _sort_keys(self, view_row: int, row: Row, value) -> tuple:
        """Each column's sort key (SORT_ROLE) for this row, in column order; the verdict
        keeps the analysis's order."""
        e = self.ev_row(row)
        keys = {
            DISCARD: row.tile.kind if row.tile is not None else -1,
            SHANTEN: row.shanten,
            UKEIRE: len(row.ukeire),
            TOTAL: row.ukeire_total,
            WIN: -1.0 if e is None else e.win_prob,
            TENPAI: -1.0 if e is None else e.tenpai_prob,
            EXPECTED: -1.0 if e is None else e.exp_score,
            IMPROVE: row.improvement_total,
            GOOD: row.good_shape_rate if row.good_shape_rate is not None else -1.0,
            SECOND: row.second_step if row.second_step is not None else -1,
            CALLS: row.call_kinds,
            VALUE: -1 if value is None else value.high,
            VERDICT: view_row,
        }
        if self._table is not None:
            dd, v = self.discard_danger(row), self.table_values(row)
            keys[DANGER] = -1.0 if dd is None else dd.p
            keys[PUSH_FOLD] = float("-inf") if v is None else v.value
        return tuple(keys[c] for c in self._columns())

    def tooltip(self, row: int, col: int) -> str:
        """The cell's tooltip, made when the pointer rests on it: most cells of a new hand
        are never hovered, and making every one took a third of filling the table."""
        return self._tooltip(self._rows[row], col)

    def _tooltip(self, row: Row, col: int) -> str:
        if col == VERDICT:                 # the cell is often cut short: the whole line
            return self._display(row, col) or ""
        if col == DANGER and (dd := self.discard_danger(row)) is not None and self._analysis is not None:
            return danger_cells.danger_tip(self._analysis.hand, dd)
        if col == PUSH_FOLD and row.tile is not None and row.tile.kind in self._values:
            # every choice of the discard (a tenpai one: riichi and dama)
            return "\n".join(danger_cells.value_tip(c) for c in self._choices if c.kind == row.tile.kind)
        if col == VALUE and self._value(row) is not None:
            return _headers()[col][1]
        if col in EV_COLUMNS and (e := self.ev_row(row)) is not None and (e.riichi or e.dama):
            return "\n".join(
                tr(f"{en}: win {100 * c.win_prob:.1f}%, {c.exp_score:,.0f} pts expected",
                   f"{ja}: 和了率 {100 * c.win_prob:.1f}%、期待値 {c.exp_score:,.0f}点")
                for c, en, ja in ((e.riichi, "Riichi", "立直"), (e.dama, "Dama", "ダマ")) if c is not None)
        if col == UKEIRE and row.ukeire:
            return ", ".join(f"{t.name}: {t.remaining}" for t in row.ukeire)
        if col == IMPROVE and row.improvements:
            return tr("Improvement tiles: ", "改良牌: ") + ", ".join(
                f"{t.name} ({t.remaining})" for t in row.improvements)
        if col == CALLS and row.calls:
            lines = []
            for c in row.calls:
                call = tr(c.call, MELD_NAMES[MeldKind(c.call)][1])
                meld = " ".join(t.name for t in c.meld.tiles)
                yaku = c.describe_yaku(language())
                yaku = f" — {yaku}" if yaku else ""
                state = shanten_word(c.shanten, language())
                lines.append(f"{call} {c.name} ({meld}) → {state}{yaku}")
            return "\n".join(lines)
        return _headers()[col][1]


def _yakuless_tiles(row: Row) -> frozenset[int]:
    """The call tiles of a row whose every pon / chi leaves the hand without a yaku."""
    kinds: dict[int, bool] = {}
    for c in row.calls:
        kinds[c.tile] = kinds.get(c.tile, True) and c.yakuless
    return frozenset(k for k, bad in kinds.items() if bad)


def _call_tiles(row: Row) -> list[TileCount]:
    seen: dict[int, TileCount] = {}
    for c in row.calls:
        seen.setdefault(c.tile, TileCount(c.tile, c.remaining))
    return [seen[k] for k in sorted(seen)]


@dataclass(frozen=True)
class _Strip:
    """Everything a tile strip's picture depends on (the cache key)."""
    tiles: tuple[tuple[str, int, bool], ...]     # (name, copies left, its call leaves no yaku)
    width: int                                   # the cell, logical px: "…" where it ends
    height: int
    theme: str
    dpr: float
    font: str                                    # the counts' font (fonts.font_key)
    text: int                                    # the counts' colour, QColor.rgba()


def _paint_strip(painter: QPainter, left: int, top: int, strip: _Strip, stamps: bool = True) -> None:
    """The tiles small, each with its copies left beneath (⚠ when a call of it leaves no
    yaku), from (left, top); what does not fit in the cell ends in "…".  With `stamps`
    each tile and its count are copied from a picture drawn once (`_stamp`); without,
    drawn here (the tests compare the two)."""
    placed, cut = _strip_layout(strip)
    if stamps:
        for x, stamp in _strip_stamps(strip):
            painter.drawPixmap(left + x, top, stamp)
    else:
        for x, (name, remaining, warn) in zip(placed, strip.tiles):
            painter.save()              # the font and pen set for the count stay here
            _draw_tile_count(painter, left + x, top, name, remaining, warn, strip.height, strip.theme,
                             strip.dpr, strip.font, strip.text)
            painter.restore()
    if cut is not None:
        painter.save()
        painter.setFont(_font(strip.font))
        painter.setPen(QColor.fromRgba(strip.text))
        painter.drawText(QRect(left + cut, top, 20, strip.height), Qt.AlignmentFlag.AlignVCenter, "…")
        painter.restore()


@lru_cache(maxsize=256)       # a table's strips, a few hands back
def _strip_layout(strip: _Strip) -> tuple[tuple[int, ...], int | None]:
    """Where each tile of a strip that fits goes (its stamp's left edge, from the cell's),
    and where the "…" goes when some do not fit (else None)."""
    w = tile_width(TileStripDelegate.TILE_HEIGHT)
    x, right = 4, strip.width - 1
    placed = []
    for _ in strip.tiles:
        if x + w > right:
            return tuple(placed), x
        placed.append(x - 2)
        x += w + 3
    return tuple(placed), None


@lru_cache(maxsize=256)       # a table's strips, a few hands back
def _strip_stamps(strip: _Strip) -> tuple[tuple[int, QPixmap], ...]:
    """The stamps of a strip's tiles that fit, each with its left edge in the cell."""
    placed, _cut = _strip_layout(strip)
    return tuple((x, _stamp(name, remaining, warn, strip.height, strip.theme, strip.dpr, strip.font, strip.text))
                 for x, (name, remaining, warn) in zip(placed, strip.tiles))


@lru_cache(maxsize=2048)      # 34 kinds x 5 counts x a warning mark, per look
def _stamp(name: str, remaining: int, warn: bool, height: int, theme: str, dpr: float, font_text: str,
           text: int) -> QPixmap:
    """One tile of a strip with its count beneath, drawn once per look: a new hand's
    strips are then copies of these instead of a text layout per tile (a table's strips
    took about 5 ms to draw tile by tile)."""
    pixmap = QPixmap(round((tile_width(TileStripDelegate.TILE_HEIGHT) + 4) * dpr), round(height * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    _draw_tile_count(painter, 0, 0, name, remaining, warn, height, theme, dpr, font_text, text)
    painter.end()
    return for_cache(pixmap)


def _draw_tile_count(painter: QPainter, left: int, top: int, name: str, remaining: int, warn: bool,
                     height: int, theme: str, dpr: float, font_text: str, text: int) -> None:
    h = TileStripDelegate.TILE_HEIGHT
    w = tile_width(h)
    painter.drawPixmap(left + 2, top + 3, tile_pixmap(name, h, theme, dpr, dimmed=remaining == 0))
    painter.setFont(_font(font_text))
    painter.setPen(WARN if warn else QColor.fromRgba(text))
    painter.drawText(QRect(left, top + h + 3, w + 4, height - h - 3),
                     Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                     f"{remaining}⚠" if warn else str(remaining))


@lru_cache(maxsize=16)
def _font(key: str) -> QFont:
    return font_of_key(key)


MIN_STRIP_NEED = 64       # a strip column's least width: two tiles and "…"


class TileStripDelegate(QStyledItemDelegate):
    """Draws a cell's tiles small, each with its remaining count beneath."""
    TILE_HEIGHT = 24          # with the counts below: 50 px rows, ten discards in an 860 px window

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.theme = "light"
        self.cache = True         # False: draw each tile and count without the stamps (tests compare)
        self._fonts: dict[str, str] = {}

    def _data(self, index: QModelIndex, role: int) -> Any:
        return self._cell(index).get(role_number(role))

    @staticmethod
    def _cell(index: QModelIndex) -> dict[int, Any]:
        # from the model's Python copy of its cells: PySide6 6.12.0 drops a reference to
        # None / True / False each time QModelIndex.data() returns one of them
        model = index.model()
        if isinstance(model, QSortFilterProxyModel):
            index, model = model.mapToSource(index), model.sourceModel()
        return model.cell_roles(index.row(), index.column())

    def _strip_font(self, font: QFont) -> str:
        """The counts' font (smaller, bold) as its fonts.font_key, per view font."""
        key = font_key(font)
        try:
            return self._fonts[key]
        except KeyError:
            small = QFont(font)
            small.setPointSizeF(max(small.pointSizeF() - 1.5, 7.0))
            small.setBold(True)
            value = self._fonts[key] = font_key(small)
            return value

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        cell = self._cell(index)
        tiles = cell.get(TILES_N)
        if tiles is None:
            super().paint(painter, option, index)
            return
        # the cell's background: the best rows' colour, or the selection and focus as the
        # style draws them (of the roles initStyleOption would ask the model for, only the
        # background shows here)
        brush = cell.get(BACKGROUND_N)
        if option.state & _MARKED:
            option.backgroundBrush = brush if brush is not None else QBrush()
            widget = option.widget
            if widget is not None:
                widget.style().drawControl(_ITEM_ELEMENT, option, painter, widget)
        elif brush is not None:
            painter.fillRect(option.rect, brush)
        device = painter.device()
        self.paint_tiles(painter, option.rect, cell, device.devicePixelRatioF() if device else 1.0,
                         painter.font(), option.palette.color(_TEXT_COLOR).rgba())

    def paint_tiles(self, painter: QPainter, rect: QRect, cell: dict[int, Any], dpr: float, font: QFont,
                    text: int) -> None:
        """A tile cell's tiles, over its background (drawn by the caller); `text` is the
        counts' colour (QColor.rgba())."""
        tiles = cell[TILES_N]
        if isinstance(tiles, str):                     # the discard column: one bigger tile
            h = min(rect.height() - 6, 40)
            pix = tile_pixmap(tiles, h, self.theme, dpr)
            painter.drawPixmap(rect.x() + (rect.width() - tile_width(h)) // 2, rect.y() + 3, pix)
            return
        strip = _Strip(cell[STRIP_N], rect.width(), rect.height(), self.theme, dpr, self._strip_font(font), text)
        _paint_strip(painter, rect.x(), rect.y(), strip, stamps=self.cache)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        tiles = self._data(index, TILES_ROLE)
        if tiles is None:
            return super().sizeHint(option, index)
        height = self.TILE_HEIGHT + option.fontMetrics.height() + 8
        return QSize(self.strip_width(tiles), height)

    @classmethod
    def strip_width(cls, tiles: str | Sequence[TileCount] | None) -> int:
        """The width a cell of these tiles needs (one discard tile, or a strip)."""
        if isinstance(tiles, str):
            return 46
        return 8 + len(tiles or ()) * (tile_width(cls.TILE_HEIGHT) + 3) + 24


class AnalysisTable(QTableView):
    """Sortable view of the analysis.  A click selects a row (the window shows its waits and
    chances); a double click, or Enter on the selected row, asks to play that discard.

    Columns: the user chooses which show (the header's context menu, `choose_columns`);
    of those, a table too narrow for all hides some (GIVE_WAY) and brings them back when
    it widens (mjgui.ui.column_fit).  The two are kept apart: a column hidden for want of
    room is still the user's choice to show."""
    discardChosen = Signal(int)            # the kind to discard
    columnsChosen = Signal(object)         # frozenset of the columns the user hid
    # the cells painted in one pass (cell_painter) from what the model holds; off for a
    # view whose proxy answers roles of its own
    one_pass_paint = True
    columns_choosable = True               # the header's context menu chooses the columns

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.source = AnalysisModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        # the tile columns only: the text columns keep Qt's own delegate, painted without
        # a call into Python per cell
        self.delegate = TileStripDelegate(self)
        for column in TILE_COLUMNS:
            self.setItemDelegateForColumn(column, self.delegate)
        self.setSortingEnabled(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(TileStripDelegate.TILE_HEIGHT + 26)
        header = self.horizontalHeader()
        # widths are set by _fit_columns once per change: ResizeToContents would measure
        # every cell through the model again on each layout pass
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # the verdict takes the width left (set by _arrange): stretched by the header
        # itself it is resized from the header's zero timer after a change of the other
        # widths, and the table then repaints whole a second time, after the window painted
        header.setStretchLastSection(False)
        header.setSortIndicatorShown(True)
        if self.columns_choosable:
            header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            header.customContextMenuRequested.connect(self._popup_column_menu)
            self.source.choose_hint = True
            self.source.retranslate()
        self.doubleClicked.connect(self._chosen)
        self.activated.connect(self._chosen)
        self._header_widths: dict[tuple, int] = {}     # (language, font, column, sorted by it) -> px
        self._naturals: dict[int, int] = {}            # column -> its widest cell (or title)
        self._needs: dict[int, int] = {VERDICT: VERDICT_MIN}   # column -> the width it must have
        self._chosen_hidden: frozenset[int] = frozenset()     # hidden by the user (or the program)
        self._width_hidden: frozenset[int] = frozenset()      # hidden for want of room
        self._widths_font: str | None = None           # the font _widths were measured in
        self._widths: dict[str, int] = {}              # text -> width (_text_widths)
        self._metrics: QFontMetrics | None = None
        self.column_menu_shown: QMenu | None = None    # the header's menu while it is open

    def set_analysis(self, analysis: Analysis | None, ev_pending: bool = False, table=None) -> None:
        """Show an analysis (and, for a hand with opponents, `table`: its
        mjgui.defence.advice.TableAdvice, which brings the Danger and Push / fold columns)."""
        self.source.set_analysis(analysis, ev_pending, table)
        self._place_table_columns()
        self._apply_rank()
        self._fit_columns()
        self._layout_now()

    def _place_table_columns(self) -> None:
        """The table state's columns, when the model has them, right after the expected values
        (they come last in the model so that a hand alone keeps its columns' numbers)."""
        header = self.horizontalHeader()
        if header.count() < N_ALL:
            return
        for offset, col in enumerate(TABLE_COLUMNS, 1):
            if header.visualIndex(col) != EXPECTED + offset:
                header.moveSection(header.visualIndex(col), EXPECTED + offset)

    def _layout_now(self) -> None:
        """Lay the rows out now, not from a zero timer after the window painted: the
        new rows are then painted in the same pass as the rest of the window."""
        self.executeDelayedItemsLayout()
        self.updateGeometries()

    def set_ev(self, ev, values=None) -> None:
        """Show the expected values (mjgui.ev.EvResult, or None) of the hand shown, and at a
        table its push / fold values (mjgui.defence.values.TableValues)."""
        self.source.set_ev(ev, values)
        if self.source.rank != "ukeire":         # the analysis's order does not depend on them
            self._apply_rank()
        self._fit_columns(EV_COLUMNS + ((PUSH_FOLD,) if self.source.table is not None else ()))

    def _shown_columns(self) -> range:
        return range(self.source.columnCount())

    def _fit_columns(self, columns: Sequence[int] | None = None) -> None:
        """Measure these columns from the rows in one pass (each as wide as its title and
        its widest cell; a tile strip column must have room for the best rows' strips),
        then arrange every column in the table's width (`_arrange`).  A column hidden
        for want of room is measured too: it comes back when it fits.  Default: every
        column but the verdict (which takes the width left)."""
        source = self.source
        if columns is None:
            columns = tuple(c for c in self._shown_columns() if c != VERDICT)
        header = self.horizontalHeader()
        width_of = self._text_widths()
        margin = 2 * (self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1) + 4
        grid = 1 if self.showGrid() else 0         # a cell's share of the grid line
        rows = range(source.rowCount())
        best = [r for r in rows if source.is_best(r)] or list(rows[:1])
        strip = self.delegate.strip_width
        font = font_key(header.font())         # the Japanese font joins the app's fonts when first shown
        for col in columns:
            if col in self._chosen_hidden:
                continue
            key = (language(), font, col, header.sortIndicatorSection() == col)
            if key not in self._header_widths:       # asks the model: once per language and font
                self._header_widths[key] = self._title_width(col)
            title = width = self._header_widths[key]
            if col in EV_COLUMNS or col == PUSH_FOLD:
                # wide enough for any value from the start: their arrival moves no column
                widest = {EXPECTED: "99,999", PUSH_FOLD: f"+99,999 {tr('fold', 'オリ')}"}.get(col, "100.0%")
                width = max(width, width_of(widest) + margin + grid)
            if col in TILE_COLUMNS:
                cells = [strip(source.cell(r, col, TILES_ROLE)) + grid for r in rows]
            else:
                cells = [width_of(source.cell(r, col) or "") + margin + grid for r in rows]
            width = max(width, max(cells, default=0))
            self._naturals[col] = self._needs[col] = width
            if col in GROW:        # a strip may be cut, but not the best rows' or the title
                need = max(title, MIN_STRIP_NEED, max((cells[r] for r in best), default=0))
                self._needs[col] = min(width, need)
        self._arrange()

    def _title_width(self, col: int) -> int:
        """Qt's measure of a column's title.  QHeaderView measures a hidden section as
        0: a column hidden for room is shown for the measure, quietly."""
        header = self.horizontalHeader()
        if not header.isSectionHidden(col):
            return header.sectionSizeHint(col)
        header.blockSignals(True)
        try:
            header.setSectionHidden(col, False)
            width = header.sectionSizeHint(col)
            header.setSectionHidden(col, True)
        finally:
            header.blockSignals(False)
        return width

    def _text_widths(self):
        """text -> its width in the table's font, bold (a drill marks the pick in bold);
        remembered per font: the same numbers and words come back with every hand."""
        key = font_key(self.font())
        if key != self._widths_font:
            self._widths_font, self._widths = key, {}
            bold = QFont(self.font())
            bold.setBold(True)
            self._metrics = QFontMetrics(bold)
        widths, metrics = self._widths, self._metrics

        def width_of(text: str) -> int:
            try:
                return widths[text]
            except KeyError:
                if len(widths) > 4096:       # verdicts vary: keep it bounded
                    widths.clear()
                value = widths[text] = metrics.horizontalAdvance(text)
                return value
        return width_of

    def _arrange(self) -> None:
        """Show the columns that fit the viewport's width (mjgui.ui.column_fit), set
        their widths (the verdict takes the width left) and repaint once."""
        count = self.source.columnCount()
        needs = {c: w for c, w in self._needs.items() if c not in self._chosen_hidden and c < count}
        hidden, widths = arrange(needs, self._naturals, self.viewport().width(), GIVE_WAY, GROW, VERDICT)
        self._width_hidden = hidden
        header = self.horizontalHeader()
        changed = False
        # quietly: told of each resize, the table repaints those columns from a zero
        # timer, after the window painted the new rows; one repaint here instead
        header.blockSignals(True)
        try:
            for col in range(count):
                hide = col in hidden or col in self._chosen_hidden
                if header.isSectionHidden(col) != hide:
                    header.setSectionHidden(col, hide)
                    changed = True
            for col, width in widths.items():
                if header.sectionSize(col) != width:
                    header.resizeSection(col, width)
                    changed = True
        finally:
            header.blockSignals(False)
        if changed:
            self.updateGeometries()
            self.viewport().update()

    def width_hidden(self) -> frozenset[int]:
        """The columns hidden now for want of room (not by the user)."""
        return self._width_hidden

    def chosen_hidden(self) -> frozenset[int]:
        """The columns the user (or the program) hid."""
        return self._chosen_hidden

    def choose_columns(self, hidden: Iterable[int]) -> None:
        """Hide these columns by choice (the discard always shows); the others show when
        there is room for them."""
        hidden = frozenset(c for c in hidden if c in CHOOSABLE)
        if hidden == self._chosen_hidden:
            return
        shown_again = self._chosen_hidden - hidden
        self._chosen_hidden = hidden
        self._fit_columns(tuple(c for c in sorted(shown_again) if c != VERDICT))

    def _choose(self, col: int, shown: bool) -> None:
        self.choose_columns(self._chosen_hidden - {col} if shown else self._chosen_hidden | {col})
        self.columnsChosen.emit(self._chosen_hidden)

    def column_menu(self) -> QMenu:
        """The header's menu: a check per column the user may hide; a column hidden for
        want of room says so (it shows again when the table is wider)."""
        menu = QMenu(self)
        titles = _headers()
        for col in CHOOSABLE:
            if col >= self.source.columnCount():
                continue                     # the table state's columns: with opponents only
            text = titles[col][0]
            if col in self._width_hidden:
                text += tr(" (no room: widen the window)", "（場所が足りず非表示）")
            act = menu.addAction(text)
            act.setCheckable(True)
            act.setChecked(col not in self._chosen_hidden)
            act.setData(col)
            act.toggled.connect(lambda on, c=col: self._choose(c, on))
        menu.addSeparator()
        every = menu.addAction(tr("Show every column", "すべての列を表示"))
        every.setEnabled(bool(self._chosen_hidden))
        every.triggered.connect(self._show_every_column)
        return menu

    def _show_every_column(self) -> None:
        self.choose_columns(())
        self.columnsChosen.emit(self._chosen_hidden)

    def _popup_column_menu(self, pos) -> None:
        menu = self.column_menu_shown = self.column_menu()
        menu.aboutToHide.connect(self._column_menu_closed)
        menu.popup(self.horizontalHeader().mapToGlobal(pos))

    def _column_menu_closed(self) -> None:
        if self.column_menu_shown is not None:
            self.column_menu_shown.deleteLater()
            self.column_menu_shown = None

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._arrange()          # the columns follow the width (also the viewport's, beside a scroll bar)

    def set_rank(self, rank: str) -> None:
        """Order the rows by the analysis ("ukeire"), by expected points / win chance, or at a
        table by the value with defence ("defence": expected points until it comes)."""
        self.source.set_rank(rank)
        self._apply_rank()

    def _apply_rank(self) -> None:
        column = {"score": EXPECTED, "win": WIN, "defence": EXPECTED}.get(self.source.rank)
        if self.source.by_defence:
            column = PUSH_FOLD
        if column is None:
            self.proxy.sort(-1)          # back to the analysis's ranking
            self.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        else:
            self.proxy.sort(column, Qt.SortOrder.DescendingOrder)
            self.horizontalHeader().setSortIndicator(column, Qt.SortOrder.DescendingOrder)

    def ev_row(self, view_row: int):
        """The expected values (mjgui.ev.EvRow) of a view row, or None."""
        return self.source.ev_row(self.row_for_view(view_row))

    def tooltip_at(self, index: QModelIndex) -> str:
        """The tooltip of a cell of the view: the model's own when it gives one (a drill's
        pick), else the row's, worked out now (AnalysisModel.tooltip)."""
        if not index.isValid():
            return ""
        own = index.data(Qt.ItemDataRole.ToolTipRole)
        if own:
            return str(own)
        source = self.proxy.mapToSource(index)
        return self.source.tooltip(source.row(), source.column())

    def paintEvent(self, event) -> None:
        if not self.one_pass_paint:
            super().paintEvent(event)
            return
        painter = QPainter(self.viewport())
        paint_cells(self, painter, event.rect(), self.source, self.delegate)
        painter.end()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.indexAt(event.pos())
            text = self.tooltip_at(index)
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport(), self.visualRect(index))
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def set_theme(self, theme: str) -> None:
        self.delegate.theme = theme
        self.source.dark = theme == "dark"
        self.viewport().update()

    def retranslate(self) -> None:
        self.source.retranslate()
        self._fit_columns()

    def row_for_view(self, view_row: int) -> Row:
        return self.source.row_at(self.proxy.mapToSource(self.proxy.index(view_row, 0)).row())

    def _chosen(self, index: QModelIndex) -> None:
        row = self.source.row_at(self.proxy.mapToSource(index).row())
        if row.tile is not None:
            self.discardChosen.emit(row.tile.kind)
