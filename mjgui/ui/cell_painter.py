"""The analysis table's cells painted in one pass.

QTableView paints a cell at a time through its delegates: for a text cell Qt's style lays
the text out twice (to place it, then to draw it), and a tile cell is a call into Python
with its own option, painter and index wrappers.  After a hand change that was about
half of the table's repaint, the largest part of the window's (benchmarks/README.md).
Here the table's paintEvent walks the visible rows once: backgrounds are filled, texts
drawn from QStaticText kept per text (laid out once, then only blitted), tile strips
stamped.  A selected row, or one holding the focused cell, is painted by the delegates
as before, so selection and focus look as the style draws them; hidden columns, the
grid and the sort order are the view's own."""
from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QLine, QModelIndex, QPointF, QRect, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPainter, QPalette, QPen, QStaticText
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from mjgui.ui.cell_roles import ALIGN_N, BACKGROUND_N, DISPLAY_N, FOREGROUND_N, TILES_N
from mjgui.ui.fonts import font_key
from mjgui.ui.theme import STALE_OPACITY

__all__ = ["paint_cells", "CellSource", "TilePainter"]


class CellSource(Protocol):
    """The table's model as the painter reads it (mjgui.ui.analysis_table.AnalysisModel)."""
    def cell_roles_of_row(self, row: int) -> list[dict[int, Any]]: ...


class TilePainter(Protocol):
    """What draws a cell's tile strip (mjgui.ui.analysis_table.TileStripDelegate)."""
    def paint_tiles(self, painter: QPainter, rect: QRect, cell: dict[int, Any], dpr: float, font: QFont,
                    text: int) -> None: ...

_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
_HCENTER = int(Qt.AlignmentFlag.AlignHCenter.value)
_RIGHT = int(Qt.AlignmentFlag.AlignRight.value)
_SELECTED = QStyle.StateFlag.State_Selected
_FOCUS = QStyle.StateFlag.State_HasFocus
_MAX_TEXTS = 1024             # verdicts vary from hand to hand: keep the cache small


class _Texts:
    """QStaticText per text for one font, and per (text, room) for a text cut to fit."""

    def __init__(self, font: QFont):
        self.font = QFont(font)
        self.key = font_key(font)
        self.metrics = QFontMetrics(font)
        self.exact = QFontMetricsF(font)      # placed as Qt's style places a laid-out line
        self._whole: dict[str, list] = {}         # text -> [QStaticText or None, width]
        self._cut: dict[tuple[str, int], tuple[QStaticText, int]] = {}
        # a line's height as Qt's style lays it out: with a fallback family behind the font
        # (the bundled Japanese one) that is the families' tallest, not metrics.height()
        self.height = round(self._static("0").size().height())

    def _static(self, text: str) -> QStaticText:
        static = QStaticText(text)
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.prepare(font=self.font)
        return static

    def get(self, text: str, room: int) -> tuple[QStaticText, int]:
        """The text laid out, cut with "…" to `room` pixels when wider, and its width.
        A text is laid out only in the form drawn (a verdict is mostly drawn cut)."""
        made = self._whole.get(text)
        if made is None:
            if len(self._whole) > _MAX_TEXTS:
                self._whole.clear()
            made = self._whole[text] = [None, round(self.exact.horizontalAdvance(text))]
        static, width = made
        if width <= room:
            if static is None:
                static = made[0] = self._static(text)
            return static, width
        # the columns' widths follow each hand: cut texts are kept apart, per room
        cut = self._cut.get((text, room))
        if cut is None:
            if len(self._cut) > _MAX_TEXTS:
                self._cut.clear()
            static = self._static(self.metrics.elidedText(text, Qt.TextElideMode.ElideRight, room))
            cut = self._cut[text, room] = (static, round(static.size().width()))
        return cut


_texts: _Texts | None = None


def _texts_for(font: QFont) -> _Texts:
    global _texts
    if _texts is None or _texts.key != font_key(font):
        _texts = _Texts(font)
    return _texts


def paint_cells(view: QTableView, painter: QPainter, area: QRect, source: CellSource,
                tiles: TilePainter) -> None:
    """Paint the cells of `view` that meet `area` (viewport coordinates): the rows of
    `source` through the view's sort proxy, tile strips drawn by `tiles`."""
    model = view.model()
    rows = model.rowCount()
    if rows == 0:
        return
    first = view.rowAt(area.top())
    last = view.rowAt(area.bottom())
    first = 0 if first < 0 else first
    last = rows - 1 if last < 0 else last
    header = view.horizontalHeader()
    columns = []
    for col in range(header.count()):
        if view.isColumnHidden(col):
            continue
        x, width = header.sectionViewportPosition(col), header.sectionSize(col)
        if x + width > area.left() and x <= area.right():
            columns.append((col, x, width))
    if not columns:
        return
    grid = 1 if view.showGrid() else 0
    proxy: QSortFilterProxyModel = view.model()
    selection = view.selectionModel()
    current = view.currentIndex() if view.hasFocus() else QModelIndex()
    palette = view.palette()
    text_color = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    texts = _texts_for(view.font())
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    device = painter.device()
    dpr = device.devicePixelRatioF() if device else 1.0
    delegate = tiles
    strip_font, strip_text = view.font(), text_color.rgba()
    enabled = view.isEnabled()
    if not enabled:
        painter.setOpacity(STALE_OPACITY)
    painter.setFont(texts.font)
    pen = QPen(text_color)
    painter.setPen(pen)
    bottom = view.rowViewportPosition(last) + view.rowHeight(last)
    for vrow in range(first, last + 1):
        y, height = view.rowViewportPosition(vrow), view.rowHeight(vrow) - grid
        # stale figures (a disabled table) are shown greyed, selection or not
        if enabled and (selection.isRowSelected(vrow, QModelIndex()) or current.row() == vrow):
            _paint_row_by_delegates(view, painter, vrow, y, height, columns, grid, current)
            painter.setFont(texts.font)
            painter.setPen(pen)
            continue
        cells = source.cell_roles_of_row(proxy.mapToSource(proxy.index(vrow, 0)).row())
        for col, x, width in columns:
            cell = cells[col]
            rect = QRect(x, y, width - grid, height)
            brush = cell.get(BACKGROUND_N)
            if brush is not None:
                painter.fillRect(rect, brush)
            if TILES_N in cell:
                delegate.paint_tiles(painter, rect, cell, dpr, strip_font, strip_text)
                continue
            text = cell.get(DISPLAY_N)
            if not text:
                continue
            static, text_width = texts.get(text, width - grid - 2 * margin)
            align = cell.get(ALIGN_N, _LEFT)
            left = x + margin
            if align & _HCENTER:
                left += (width - grid - 2 * margin - text_width) // 2
            elif align & _RIGHT:
                left += width - grid - 2 * margin - text_width
            foreground = cell.get(FOREGROUND_N)
            if foreground is not None:
                painter.setPen(QPen(foreground.color()))
            painter.drawStaticText(QPointF(left, y + (height - texts.height) // 2), static)
            if foreground is not None:
                painter.setPen(pen)
    if grid:
        _paint_grid(view, painter, columns, first, last, bottom)


def _paint_row_by_delegates(view: QTableView, painter: QPainter, vrow: int, y: int, height: int,
                            columns: list[tuple[int, int, int]], grid: int, current: QModelIndex) -> None:
    """A selected row (or the focused cell's) as QTableView paints it."""
    model = view.model()
    selection = view.selectionModel()
    for col, x, width in columns:
        index = model.index(vrow, col)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect = QRect(x, y, width - grid, height)
        if selection.isSelected(index):
            option.state |= _SELECTED
        if index == current:
            option.state |= _FOCUS
        painter.save()
        view.itemDelegateForIndex(index).paint(painter, option, index)
        painter.restore()


def _paint_grid(view: QTableView, painter: QPainter, columns: list[tuple[int, int, int]], first: int,
                last: int, bottom: int) -> None:
    """The grid lines after each cell, in the style's colour (as QTableView draws them)."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    hint = view.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, view)
    painter.setPen(QPen(QColor.fromRgba(hint & 0xFFFFFFFF), 0, view.gridStyle()))
    top = view.rowViewportPosition(first)
    # by position: a moved section (the Danger column) is not where its number would put it
    left = min(x for _col, x, _width in columns)
    right = max(x + width for _col, x, width in columns) - 1
    lines = [QLine(x + width - 1, top, x + width - 1, bottom - 1) for _col, x, width in columns]
    for vrow in range(first, last + 1):
        y = view.rowViewportPosition(vrow) + view.rowHeight(vrow) - 1
        lines.append(QLine(left, y, right, y))
    painter.drawLines(lines)

