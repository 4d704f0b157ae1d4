"""Sharing the analysis page's splitter between the table and the panels below it (the
wait inspector and the turn chart) by what each holds.

A 14-tile hand: the table shows every discard when it can, and at least
`PRIORITY_ROWS` of them as long as the panels keep a usable room (a chart's height, at
most `PANELS_SHARE` of the total: a wait and the chart's curve, not only their titles);
the panels take the rest.  A 13-tile hand has one row: the
table shrinks to it and the wait inspector gets the room.  Whatever the table does not
need goes to the panels.  The fit is redone (once per event-loop turn, or at once by
`flush`) when the analysis, the selected row or the window size changes.  A share the
user dragged is theirs: it is kept until the window is resized.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QScrollArea, QSplitter, QStyle, QWidget

MIN_PANELS = 48          # the panels' title lines (the handle drags them open)
PRIORITY_ROWS = 10       # the table keeps this many discards in view when it has them
LEAST_ROWS = 3           # and these before the panels grow past their titles (a small window)
CHART_HEIGHT = 150       # the turn chart, when it has a curve to draw
# what the table's priority rows leave the panels: their need, at most a chart's height and
# this part of the total, at least their titles
PANELS_SHARE = 0.4


def table_height(table: QAbstractItemView, rows: int) -> int:
    """Pixels the table needs to show `rows` rows without scrolling."""
    header = table.horizontalHeader()
    height = (header.height() if not header.isHidden() else 0) + 2 * table.frameWidth()
    height += rows * table.verticalHeader().defaultSectionSize()
    if header.length() > table.viewport().width():       # a horizontal scroll bar shows
        height += table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    return height


def panels_height(waits: QWidget, chart: QWidget) -> int:
    """Pixels the panels need for what they show (the inspector's waits, the chart)."""
    need = MIN_PANELS
    report = waits.report()
    scroll = waits.findChild(QScrollArea)
    if report is not None and report.tenpai and scroll is not None and scroll.widget() is not None:
        chrome = waits.height() - scroll.viewport().height()
        need = max(need, scroll.widget().sizeHint().height() + max(chrome, 0))
    if chart.row() is not None or chart.pending():    # a curve shown, or on its way
        need = max(need, CHART_HEIGHT)
    return need


def share(total: int, table_need: int, table_keep: int, panels_need: int, table_least: int = 0) -> int:
    """The table's part of `total` pixels: all it needs when both fit; otherwise at least
    `table_keep` (its priority rows) short of the panels' usable room (what they need, at
    most a chart's height and PANELS_SHARE of the total, at least their titles), and then as much as the panels
    leave.  (Priority rows that left the panels their titles alone gave the wait inspector
    and the chart ~70 px at 1280x860.)  `table_least` (its LEAST_ROWS) comes before the panels'
    usable room: at 800x600 that room left the table two and a half rows."""
    if table_need + panels_need <= total:
        return table_need
    usable = min(panels_need, CHART_HEIGHT, max(MIN_PANELS, int(total * PANELS_SHARE)))
    usable = max(MIN_PANELS, min(usable, total - table_least))
    table = max(min(table_need, total - panels_need), min(table_keep, total - usable))
    return max(0, min(table, total))


#: tile heights (hand, palette) in pixels per size choice (the settings' "Tile size"), for
#: a window of `REFERENCE_WINDOW`
TILE_HEIGHTS = {"small": (44, 26), "medium": (52, 30), "large": (64, 36)}
TILE_SIZES = tuple(TILE_HEIGHTS)
MIN_TILE_HEIGHT = 32     # smaller hand tiles are hard to read: the hand wraps instead
REFERENCE_WINDOW = (1280, 860)   # the window the chosen tile sizes are meant for
MAX_TILE_SCALE = 1.5     # larger tiles only push the table down: the growth stops here


def tile_scale(width: int, height: int) -> float:
    """How much larger than the chosen size tiles are drawn in a window of `width` x
    `height`: 1 up to the reference window, then as the window grows in both directions
    (the smaller ratio: a wide, low window keeps its height for the table), at most
    MAX_TILE_SCALE.  A smaller window keeps the chosen size; the hand's own fit shrinks it."""
    ref_w, ref_h = REFERENCE_WINDOW
    return max(1.0, min(width / ref_w, height / ref_h, MAX_TILE_SCALE))


NARROW_WINDOW = 1024         # below this width the palette's tiles give the hand some room
MIN_PALETTE_SCALE = 0.85     # and stop here: the copies-left badges stay readable


def palette_scale(width: int, height: int) -> float:
    """The palette's tiles: as `tile_scale`, and smaller in a window narrower than
    NARROW_WINDOW (at most by MIN_PALETTE_SCALE): beside a 14-tile hand at 800 px."""
    if width >= NARROW_WINDOW:
        return tile_scale(width, height)
    return max(MIN_PALETTE_SCALE, width / NARROW_WINDOW)


def fitted_tile_height(height: int, natural_width: int, width: int, chosen: int) -> int:
    """The hand's tile height for `width` pixels: the `chosen` size (scaled to the
    window by `tile_scale`) when the hand fits,
    else scaled down (not below MIN_TILE_HEIGHT).  `natural_width` is what the hand
    needs at `height`; widths grow about in proportion to the tile height."""
    if width <= 0 or natural_width <= 0:
        return height
    fit = int(height * width / natural_width)
    return max(MIN_TILE_HEIGHT, min(chosen, fit))


class PanelFit(QObject):
    def __init__(self, splitter: QSplitter, table: QAbstractItemView, waits: QWidget, chart: QWidget):
        super().__init__(splitter)
        self.splitter, self.table, self.waits, self.chart = splitter, table, waits, chart
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        self.dragged = False           # the user moved the handle: keep their share
        splitter.splitterMoved.connect(self._dragged)      # emitted for the user's drags only
        splitter.installEventFilter(self)
        self._window = splitter.window()
        if self._window is not splitter:
            self._window.installEventFilter(self)
        # the table sizes its columns itself (AnalysisTable._arrange, to their contents
        # and the width it has): sized by contents in Qt they could not be narrowed
        header = table.horizontalHeader()
        for c in range(header.count()):
            if header.sectionResizeMode(c) == QHeaderView.ResizeMode.ResizeToContents:
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)

    def request(self) -> None:
        """Fit once the event loop turns (several changes in a row fit once)."""
        self._timer.start()

    def flush(self) -> None:
        """Fit now when a fit is pending (before the window paints, not after it)."""
        if self._timer.isActive():
            self._timer.stop()
            self.fit()

    def _dragged(self, *_) -> None:
        self.dragged = True

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            if watched is self._window:
                self.dragged = False           # a new window size: fitted again
            self.request()
        return False

    def fit(self) -> None:
        if self.dragged:
            return
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0:
            return
        rows = max(self.table.model().rowCount(), 1)
        table = share(total, table_height(self.table, rows),
                      table_height(self.table, min(rows, PRIORITY_ROWS)),
                      panels_height(self.waits, self.chart), table_height(self.table, min(rows, LEAST_ROWS)))
        if sizes != [table, total - table]:
            self.splitter.setSizes([table, total - table])
