"""The stats page's breakdown tables (by drill, theme, shanten): a read-only
QAbstractTableModel over `mjgui.drills.stats.breakdown` groups, a delegate that
draws the percent cells as bars, and a QTableView sized to its rows.

The model only formats the numbers the history layer computed.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QSizePolicy, QStyledItemDelegate,
                               QStyleOptionViewItem, QTableView, QWidget)

from mjgui.drills.stats import GroupStats
from mjgui.ui.i18n import tr
from mjgui.ui.theme import COLORS
from mjgui.words import shanten_word

__all__ = ["BreakdownModel", "BreakdownTable", "FRACTION_ROLE", "BAR_KIND_ROLE",
           "drill_label", "topic_label", "shanten_label", "percent"]

FRACTION_ROLE = Qt.ItemDataRole.UserRole + 1      # 0..1 drawn as a bar behind the cell
BAR_KIND_ROLE = Qt.ItemDataRole.UserRole + 2      # "acc" | "credit"
COLUMNS = 4                                       # name, attempts, accuracy, mean credit

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter

Index = QModelIndex | QPersistentModelIndex


# --- labels ------------------------------------------------------------------------------

def drill_label(drill: str | None) -> str:
    return {"nanikiru": tr("Nanikiru (discard)", "何切る"),
            "wait": tr("Waits", "待ち"),
            "call": tr("Calls", "鳴き"),
            "score": tr("Score", "点数計算"),
            "defence": tr("Defence", "守備")}.get(drill or "", drill or tr("(unknown)", "（不明）"))


def topic_label(topic: str | None) -> str:
    """A problem's topic (the history's "theme" column) in words."""
    if not topic:
        return tr("(no topic)", "（お題なし）")
    return {"any": tr("Any hand", "一般"),
            "chinitsu": tr("Chinitsu (one suit)", "清一色"),
            "chiitoi": tr("Chiitoi (seven pairs)", "七対子"),
            "easy": tr("Score: easy", "点数: 初級"),
            "medium": tr("Score: medium", "点数: 中級"),
            "hard": tr("Score: hard", "点数: 上級"),
            "safest": tr("Defence: safest tile", "守備: 安全牌"),
            "pushfold": tr("Defence: push or fold", "守備: 押し引き")}.get(topic, topic)


def shanten_label(shanten: int | None) -> str:
    if shanten is None:
        return tr("(unknown)", "（不明）")
    return tr(shanten_word(shanten).capitalize(), shanten_word(shanten, "ja"))


def percent(fraction: float) -> str:
    """'63%' for 0.625 (halves round up, like the chart's tooltips)."""
    return f"{math.floor(fraction * 100 + 0.5)}%"


def _cells(label: str, stats: GroupStats) -> list[tuple[str, str, float | None, str]]:
    """(text, tooltip, bar fraction, bar kind) of a group's row."""
    n, acc, credit = stats
    right = round(acc * n)
    return [
        (label, label, None, ""),
        (str(n), tr(f"{label}: {n} answer{'s' if n != 1 else ''}", f"{label}: 解答 {n}回"), None, ""),
        (percent(acc), tr(f"{label}: {right} of {n} answers exactly right ({percent(acc)})",
                          f"{label}: {n}回中 {right}回が最善（{percent(acc)}）"), acc, "acc"),
        (percent(credit), tr(f"{label}: mean partial credit {percent(credit)} per answer "
                             "(100% = best answer)",
                             f"{label}: 1問あたりの平均部分点 {percent(credit)}（100% = 最善）"), credit, "credit"),
    ]


# --- model -------------------------------------------------------------------------------

class BreakdownModel(QAbstractTableModel):
    """One breakdown: a row per group, or a single row saying why there are none."""

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._column = ""
        self._rows: list[list[tuple[str, str, float | None, str]]] = []
        self._empty = ""
        self.placeholder: QBrush | None = None       # the view's colour for the empty text

    def set_groups(self, column: str, groups: Sequence[tuple[str, GroupStats]], empty_text: str) -> None:
        """Show (label, stats) per group under the first column's title `column`;
        `empty_text` is the row shown when there are no groups."""
        self.beginResetModel()
        self._column = column
        self._rows = [_cells(label, stats) for label, stats in groups]
        self._empty = empty_text
        self.endResetModel()

    def is_empty(self) -> bool:
        return not self._rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else max(len(self._rows), 1)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else COLUMNS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not self._rows:
            if col:
                return "" if role == Qt.ItemDataRole.DisplayRole else None
            return {Qt.ItemDataRole.DisplayRole: self._empty,
                    Qt.ItemDataRole.TextAlignmentRole: Qt.AlignmentFlag.AlignCenter,
                    Qt.ItemDataRole.ForegroundRole: self.placeholder}.get(role)
        text, tip, fraction, kind = self._rows[row][col]
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip
        if role == Qt.ItemDataRole.TextAlignmentRole and col:
            return _RIGHT
        if role == FRACTION_ROLE and fraction is not None:
            return float(fraction)
        if role == BAR_KIND_ROLE and fraction is not None:
            return kind
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self._column, tr("Attempts", "解答数"), tr("Accuracy", "正解率"),
                    tr("Mean credit", "平均得点"))[section]
        if role == Qt.ItemDataRole.ToolTipRole and section:
            return (tr("Problems answered (repeats count)", "解答した問題数（繰り返しも数えます）"),
                    tr("Share of answers that were exactly right", "最善の解答をした割合"),
                    tr("Average partial credit per answer (100% = best answer)",
                       "1問あたりの平均部分点（100% = 最善）"))[section - 1]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if section else _LEFT
        return None

    def texts(self) -> list[list[str]]:
        """Every cell's text, row by row (the empty row included)."""
        return [[self.index(r, c).data() or "" for c in range(COLUMNS)] for r in range(self.rowCount())]


# --- view --------------------------------------------------------------------------------

class _BarDelegate(QStyledItemDelegate):
    """Percent cells: a soft bar proportional to the value behind the text."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.colors = COLORS["light"]

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        fraction = index.data(FRACTION_ROLE)
        if isinstance(fraction, (int, float)) and fraction > 0:
            kind = index.data(BAR_KIND_ROLE) or "acc"
            rect = QRectF(option.rect).adjusted(3, 4, -3, -4)
            rect.setWidth(rect.width() * min(float(fraction), 1.0))
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(self.colors["bar_credit" if kind == "credit" else "bar_acc"]))
            painter.drawRoundedRect(rect, 3, 3)
            painter.restore()
        super().paint(painter, option, index)


class BreakdownTable(QTableView):
    """A read-only breakdown table sized to its rows (the page scrolls, not the table)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.breakdown = BreakdownModel(self)
        self.setModel(self.breakdown)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAlternatingRowColors(True)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, COLUMNS):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setHighlightSections(False)
        header.setMinimumSectionSize(self.fontMetrics().horizontalAdvance("Attempts") + 24)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.delegate = _BarDelegate(self)
        self.setItemDelegate(self.delegate)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_groups(self, column: str, groups: Sequence[tuple[str, GroupStats]], empty_text: str) -> None:
        """See `BreakdownModel.set_groups`; the empty row spans the table."""
        self.breakdown.placeholder = self.palette().placeholderText()
        self.breakdown.set_groups(column, groups, empty_text)
        self.clearSpans()
        if self.breakdown.is_empty():
            self.setSpan(0, 0, 1, COLUMNS)
        self.fit_height()

    def texts(self) -> list[list[str]]:
        return self.breakdown.texts()

    def fit_height(self) -> None:
        rows = sum(self.rowHeight(r) for r in range(self.breakdown.rowCount()))
        self.setFixedHeight(self.horizontalHeader().sizeHint().height() + rows + 2 * self.frameWidth())
