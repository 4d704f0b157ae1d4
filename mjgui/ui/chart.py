"""LineChart: a small day-by-day chart drawn with QPainter (no QtCharts).

Up to two percentage series are drawn as lines with dots (0..100 on the left
axis), with optional bars behind them (a count per day, e.g. attempts, on the
right axis).  The x axis is a range of calendar days; days without a value
have no dot, and the line joins the days that have one.  Hovering a day
highlights it and shows a tooltip with that day's numbers.  With no points in
range the chart shows an empty-state text instead.  Consecutive days are
joined by a solid line, days with no practice between them by a faint dashed one.

The chart computes nothing but geometry: the page gives it the values.
"""
from __future__ import annotations

import math
from datetime import date, timedelta
from typing import Iterable, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from mjgui.ui.i18n import language, tr
from mjgui.ui.theme import COLORS, check_theme

__all__ = ["format_day", "format_day_long"]

_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_WEEKDAYS_JA = ("月", "火", "水", "木", "金", "土", "日")


def format_day(day: date) -> str:
    """Short axis label: 'Mar 10' / '3/10'."""
    if language() == "ja":
        return f"{day.month}/{day.day}"
    return f"{_MONTHS_EN[day.month - 1]} {day.day}"


def format_day_long(day: date) -> str:
    """Tooltip date: 'Sun 10 Mar 2024' / '2024年3月10日（日）'."""
    if language() == "ja":
        return f"{day.year}年{day.month}月{day.day}日（{_WEEKDAYS_JA[day.weekday()]}）"
    return f"{_WEEKDAYS_EN[day.weekday()]} {day.day} {_MONTHS_EN[day.month - 1]} {day.year}"


def _nice_step(raw: float) -> int:
    """The smallest 1, 2 or 5 x 10^k (an integer >= 1) at or above `raw`."""
    if raw <= 1:
        return 1
    exp = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * exp >= raw:
            return int(m * exp)
    return int(10 * exp)  # pragma: no cover


def _fmt_pct(value: float) -> str:
    """'63%' for 62.5: halves round up, as people expect (not to even)."""
    return f"{math.floor(value + 0.5)}%"


class LineChart(QWidget):
    """Percentages per day as lines (up to two series) over optional count bars.

    `set_series(points, second=None, names=..., bars=None, bar_name=..., start=None,
    end=None)` gives the data: lists of ``(date, value)`` with values in 0..100.
    `set_empty_text(text)` is shown when no point falls in the range;
    `set_theme(theme)` picks the colours.  For tests and the page:
    `series()`, `bars()`, `day_range()`, `is_empty()`, `days()`, `day_at(x)`,
    `point_position(day, series)`, `tooltip_for(day)`, `hovered_day()`.
    """

    GRID = (0, 25, 50, 75, 100)
    DOT = 3.5

    def __init__(self, parent: QWidget | None = None, theme: str = "light"):
        super().__init__(parent)
        check_theme(theme)
        self._theme = theme
        self._series: list[list[tuple[date, float]]] = []
        self._names: list[str] = []
        self._bars: list[tuple[date, int]] = []
        self._bar_name = ""
        self._start: date | None = None
        self._end: date | None = None
        self._empty_text = ""
        self._hover: date | None = None
        self.setMouseTracking(True)
        self.setMinimumSize(320, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    # --- public API ----------------------------------------------------------------------
    def set_series(self, points: Iterable[tuple[date, float]],
                   second: Iterable[tuple[date, float]] | None = None, *,
                   names: Sequence[str] = ("", ""),
                   bars: Iterable[tuple[date, int]] | None = None, bar_name: str = "",
                   start: date | None = None, end: date | None = None) -> None:
        """Show `points` (and `second`) as lines and `bars` behind them.

        Values are percentages (clamped to 0..100).  The x axis runs from
        `start` to `end` (default: the first and last day with data); points
        outside it are dropped.
        """
        series = [sorted((d, float(v)) for d, v in points)]
        if second is not None:
            series.append(sorted((d, float(v)) for d, v in second))
        bar_points = sorted((d, int(n)) for d, n in bars) if bars is not None else []
        days = [d for s in series for d, _ in s] + [d for d, _ in bar_points]
        if start is None and days:
            start = min(days)
        if end is None and days:
            end = max(days)
        if start is not None and end is not None and end < start:
            start, end = end, start
        self._start, self._end = start, end

        def inside(d: date) -> bool:
            return start is not None and end is not None and start <= d <= end

        self._series = [[(d, min(max(v, 0.0), 100.0)) for d, v in s if inside(d)] for s in series]
        self._bars = [(d, n) for d, n in bar_points if inside(d) and n > 0]
        self._names = [names[i] if i < len(names) else "" for i in range(len(self._series))]
        self._bar_name = bar_name
        self._hover = None
        self.update()

    def set_names(self, names: Sequence[str], bar_name: str | None = None) -> None:
        """Rename the series (and the bars), e.g. after a language change."""
        self._names = [names[i] if i < len(names) else "" for i in range(len(self._series))]
        if bar_name is not None:
            self._bar_name = bar_name
        self.update()

    def clear(self) -> None:
        self.set_series([])

    def set_empty_text(self, text: str) -> None:
        self._empty_text = text
        self.update()

    def empty_text(self) -> str:
        return self._empty_text

    def is_empty(self) -> bool:
        return not any(self._series) and not self._bars

    def series(self) -> list[list[tuple[date, float]]]:
        """The points drawn, per series (inside the day range)."""
        return [list(s) for s in self._series]

    def names(self) -> list[str]:
        return list(self._names)

    def bars(self) -> list[tuple[date, int]]:
        return list(self._bars)

    def day_range(self) -> tuple[date | None, date | None]:
        return self._start, self._end

    def days(self) -> list[date]:
        """Days with data (any series or bar), oldest first."""
        return sorted({d for s in self._series for d, _ in s} | {d for d, _ in self._bars})

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self.update()

    def theme(self) -> str:
        return self._theme

    def hovered_day(self) -> date | None:
        return self._hover

    def sizeHint(self) -> QSize:
        return QSize(640, 240)

    def minimumSizeHint(self) -> QSize:
        return QSize(320, 180)

    # --- geometry ------------------------------------------------------------------------
    def _fonts(self) -> tuple[QFont, QFontMetricsF]:
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() * 0.85, 7.0))
        return font, QFontMetricsF(font)

    def _bar_top(self) -> int:
        """The count at the top of the right axis (4 grid steps)."""
        peak = max((n for _, n in self._bars), default=0)
        return 4 * _nice_step(peak / 4) if peak else 4

    def plot_rect(self) -> QRectF:
        """The area inside the axes."""
        _, fm = self._fonts()
        left = fm.horizontalAdvance("100%") + 14
        right = 14.0
        if self._bars:
            right = fm.horizontalAdvance(str(self._bar_top())) + 14
        top = fm.height() + 18           # the legend
        bottom = fm.height() + 12        # the date labels
        return QRectF(left, top, max(self.width() - left - right, 10.0),
                      max(self.height() - top - bottom, 10.0))

    def _span(self) -> int:
        if self._start is None or self._end is None:
            return 0
        return (self._end - self._start).days

    def _slot(self) -> float:
        """Width of one day on the x axis."""
        return self.plot_rect().width() / (self._span() + 1)

    def x_of(self, day: date) -> float:
        """The x pixel of the middle of `day`."""
        rect = self.plot_rect()
        if self._start is None:
            return rect.center().x()
        return rect.left() + ((day - self._start).days + 0.5) * self._slot()

    def y_of(self, value: float) -> float:
        rect = self.plot_rect()
        return rect.bottom() - rect.height() * value / 100.0

    def point_position(self, day: date, series: int = 0) -> QPointF | None:
        """Where the dot of `day` in `series` is drawn (None without a value)."""
        for d, v in self._series[series] if series < len(self._series) else ():
            if d == day:
                return QPointF(self.x_of(d), self.y_of(v))
        return None

    def day_at(self, x: float) -> date | None:
        """The day with data nearest to x, if within half a day slot (or 16 px)."""
        days = self.days()
        if not days:
            return None
        best = min(days, key=lambda d: abs(self.x_of(d) - x))
        if abs(self.x_of(best) - x) <= max(self._slot() / 2, 16.0):
            return best
        return None

    def tooltip_for(self, day: date) -> str:
        """The hover text of a day: the date, then each series and the bar count."""
        lines = [format_day_long(day)]
        if self._bars:
            count = dict(self._bars).get(day, 0)
            lines.append(f"{self._bar_name}: {count}" if self._bar_name else str(count))
        for name, s in zip(self._names, self._series):
            value = dict(s).get(day)
            if value is not None:
                lines.append(f"{name}: {_fmt_pct(value)}" if name else _fmt_pct(value))
        return "\n".join(lines)

    # --- events --------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        day = self.day_at(event.position().x())
        if day != self._hover:
            self._hover = day
            self.update()
        if day is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(event.globalPosition().toPoint(), self.tooltip_for(day), self)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover is not None:
            self._hover = None
            self.update()
        QToolTip.hideText()
        super().leaveEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            day = self.day_at(event.pos().x())
            if day is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_for(day), self)
            return True
        return super().event(event)

    # --- painting ------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        c = COLORS[self._theme]
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font, fm = self._fonts()
        p.setFont(font)
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(QColor(c["card_border"]), 1))
        p.setBrush(QColor(c["card"]))
        p.drawRoundedRect(frame, 8, 8)

        rect = self.plot_rect()
        self._paint_grid(p, rect, fm, c)
        if self.is_empty():
            self._paint_empty(p, rect, c)
            p.end()
            return
        self._paint_date_labels(p, rect, fm, c)
        self._paint_bars(p, rect, c)
        if self._hover is not None:
            x = self.x_of(self._hover)
            pen = QPen(QColor(c["hover"]), 1, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
        for i in reversed(range(len(self._series))):      # the first series on top
            self._paint_line(p, self._series[i], QColor(c[f"series{i}"]), c)
        self._paint_legend(p, rect, fm, c)
        p.end()

    def _paint_grid(self, p: QPainter, rect: QRectF, fm: QFontMetricsF, c: dict[str, str]) -> None:
        bar_top = self._bar_top() if self._bars else 0
        for value in self.GRID:
            y = self.y_of(value)
            p.setPen(QPen(QColor(c["axis" if value == 0 else "grid"]), 1))
            p.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            p.setPen(QColor(c["muted"]))
            label = _fmt_pct(value)
            p.drawText(QRectF(0, y - fm.height() / 2, rect.left() - 6, fm.height()),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
            if self._bars:
                count = bar_top * value // 100
                p.drawText(QRectF(rect.right() + 6, y - fm.height() / 2, self.width(), fm.height()),
                           Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, str(count))

    def _paint_empty(self, p: QPainter, rect: QRectF, c: dict[str, str]) -> None:
        if not self._empty_text:
            return
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.05)
        p.setFont(font)
        fm = QFontMetricsF(font)
        box_w = min(fm.horizontalAdvance(self._empty_text) + 36, rect.width() - 8)
        box = QRectF(0, 0, box_w, fm.height() * (1 if box_w < rect.width() - 8 else 2) + 20)
        box.moveCenter(rect.center())
        p.setPen(QPen(QColor(c["card_border"]), 1))
        p.setBrush(QColor(c["card"]))
        p.drawRoundedRect(box, 6, 6)
        p.setPen(QColor(c["muted"]))
        p.drawText(box.adjusted(10, 4, -10, -4), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                   self._empty_text)

    def _label_step(self, fm: QFontMetricsF) -> int:
        """Days between date labels so that they never overlap."""
        widest = max(fm.horizontalAdvance(t) for t in ("Mar 30", "12/30", "Sep 28"))
        slot = self._slot()
        for step in (1, 2, 3, 7, 14, 28, 56, 91, 182, 364):
            if step * slot >= widest + 12:
                return step
        return max(self._span(), 1)

    def _paint_date_labels(self, p: QPainter, rect: QRectF, fm: QFontMetricsF, c: dict[str, str]) -> None:
        if self._start is None or self._end is None:
            return
        step = self._label_step(fm)
        span = self._span()
        # labels count back from the last day so that "today" is always labelled
        offsets = list(range(span, -1, -step))
        p.setPen(QColor(c["muted"]))
        y = rect.bottom() + 5
        for off in offsets:
            day = self._start + timedelta(days=off)
            x = self.x_of(day)
            text = format_day(day)
            w = fm.horizontalAdvance(text)
            left = min(max(x - w / 2, 2.0), self.width() - w - 2)
            p.drawText(QRectF(left, y, w + 1, fm.height()), Qt.AlignmentFlag.AlignCenter, text)
            p.setPen(QPen(QColor(c["axis"]), 1))
            p.drawLine(QPointF(x, rect.bottom()), QPointF(x, rect.bottom() + 3))
            p.setPen(QColor(c["muted"]))

    def _paint_bars(self, p: QPainter, rect: QRectF, c: dict[str, str]) -> None:
        if not self._bars:
            return
        top = self._bar_top()
        width = max(min(self._slot() * 0.6, 22.0), 2.0)
        color = QColor(c["bars"])
        p.setPen(Qt.PenStyle.NoPen)
        for day, n in self._bars:
            h = rect.height() * n / top
            bar = QRectF(self.x_of(day) - width / 2, rect.bottom() - h, width, h)
            if day == self._hover:
                hl = QColor(color)
                hl = hl.darker(115) if self._theme == "light" else hl.lighter(130)
                p.setBrush(hl)
            else:
                p.setBrush(color)
            p.drawRoundedRect(bar, 2, 2)

    def _paint_line(self, p: QPainter, points: list[tuple[date, float]], color: QColor,
                    c: dict[str, str]) -> None:
        if not points:
            return
        # consecutive days: one solid path; across days without practice: a faint dashed link
        solid = QPainterPath()
        gaps: list[tuple[QPointF, QPointF]] = []
        prev: tuple[date, QPointF] | None = None
        for d, v in points:
            pt = QPointF(self.x_of(d), self.y_of(v))
            if prev is None or (d - prev[0]).days > 1:
                if prev is not None:
                    gaps.append((prev[1], pt))
                solid.moveTo(pt)
            else:
                solid.lineTo(pt)
            prev = (d, pt)
        p.setBrush(Qt.BrushStyle.NoBrush)
        faint = QColor(color)
        faint.setAlphaF(0.6)
        dashed = QPen(faint, 1.5, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        dashed.setDashPattern([4, 3])
        p.setPen(dashed)
        for a, b in gaps:
            p.drawLine(a, b)
        p.setPen(QPen(color, 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(solid)
        for d, v in points:
            r = self.DOT + (1.5 if d == self._hover else 0)
            p.setPen(QPen(QColor(c["card"]), 1.5))
            p.setBrush(color)
            p.drawEllipse(QPointF(self.x_of(d), self.y_of(v)), r, r)

    def _paint_legend(self, p: QPainter, rect: QRectF, fm: QFontMetricsF, c: dict[str, str]) -> None:
        x = rect.left()
        y = (rect.top() - fm.height()) / 2 + 1
        mid = y + fm.height() / 2
        for i, name in enumerate(self._names):
            if not name:
                continue
            color = QColor(c[f"series{i}"])
            p.setPen(QPen(color, 2))
            p.drawLine(QPointF(x, mid), QPointF(x + 16, mid))
            p.setPen(QPen(QColor(c["card"]), 1.5))
            p.setBrush(color)
            p.drawEllipse(QPointF(x + 8, mid), 3, 3)
            p.setPen(QColor(c["text"]))
            w = fm.horizontalAdvance(name)
            p.drawText(QRectF(x + 22, y, w + 2, fm.height()), Qt.AlignmentFlag.AlignVCenter, name)
            x += 22 + w + 18
        if self._bars and self._bar_name:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(c["bars"]))
            p.drawRoundedRect(QRectF(x, mid - 5, 10, 10), 2, 2)
            text = self._bar_name + tr(" (right axis)", "（右軸）")
            p.setPen(QColor(c["text"]))
            p.drawText(QRectF(x + 15, y, fm.horizontalAdvance(text) + 2, fm.height()),
                       Qt.AlignmentFlag.AlignVCenter, text)
