"""TurnChart: win and tenpai probability of one discard by the draw it starts from.

The expected-value search gives, for each discard, each number when the draws from
turn t on remain (`EvRow.by_turn`); this small QPainter chart draws the two
probabilities over t so a player sees how fast a choice loses value as the hand is
reached later.  It computes nothing: the window hands it the row.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from mjgui.ev import MAX_SHANTEN
from mjgui.ui.i18n import language, tr
from mjgui.ui.theme import COLORS, STALE_OPACITY
from mjgui.words import ev_not_searched

__all__ = ["TurnChart"]

MIN_HEIGHT = 40           # a title line and a flattened plot


class TurnChart(QWidget):
    def __init__(self, parent: QWidget | None = None, theme: str = "light"):
        super().__init__(parent)
        self._theme = theme
        self._row = None
        self._turn = 1
        self._pending = False     # the expected values are being worked out: the curve follows
        self._unsearched: int | None = None   # the shanten of a hand too far for the search
        # it draws to whatever height the panels get (`PanelFit` asks for more when there is
        # a curve): a fixed height would be cut off below a full analysis table
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(MIN_HEIGHT)

    def set_row(self, row, turn: int) -> None:
        """Show an mjgui.ev.EvRow (None: a short note instead) computed from `turn`."""
        if row is None and self._row is None:
            return                  # the note again (every new hand clears the chart first)
        self._row, self._turn = row, turn
        self.setToolTip("" if row is None else tr(
            f"Discard {row.name}: chance to win (line) and to be tenpai (dashed) if the same hand "
            f"stood at a later draw; now {100 * row.win_prob:.1f}% / {100 * row.tenpai_prob:.1f}%, "
            f"{row.exp_score:,.0f} points expected",
            f"{row.name}切り: 同じ手が後の巡目だった場合の和了率（実線）と聴牌率（破線）。"
            f"現在 {100 * row.win_prob:.1f}% / {100 * row.tenpai_prob:.1f}%、期待値 {row.exp_score:,.0f}点"))
        self.update()

    def row(self):
        return self._row

    def set_pending(self, pending: bool) -> None:
        """Say that a curve is on its way (the expected values of the hand shown are being
        worked out): the panels keep the chart's room, so its arrival moves nothing."""
        if bool(pending) != self._pending:
            self._pending = bool(pending)
            self.update()

    def pending(self) -> bool:
        return self._pending

    def set_unsearched(self, shanten: int | None) -> None:
        """A hand above the searched shanten (its shanten; None: not such a hand): without a
        curve the chart says why, instead of asking for a discard the hand has."""
        if shanten != self._unsearched:
            self._unsearched = shanten
            self.update()

    def message(self) -> str:
        """What the chart says in place of a curve ('' when it draws one)."""
        row = self._row
        if row is not None:
            return "" if row.by_turn["win_prob"] else tr("No draw is left after the last one: nothing to chart",
                                                          "最終ツモの後はツモがありません")
        if self._pending:
            return tr("Win and tenpai chance by turn: being worked out…", "巡目ごとの和了率・聴牌率: 計算中…")
        if self._unsearched is not None:
            return tr("Win and tenpai chance by turn: ", "巡目ごとの和了率・聴牌率: ") + ev_not_searched(
                self._unsearched, MAX_SHANTEN, language())
        return tr("Win and tenpai chance by turn: pick a discard of a 14-tile hand",
                  "巡目ごとの和了率・聴牌率: 14枚の手の打牌を選んでください")

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.update()

    def plot_area(self, line: int, label_width: int) -> tuple[QRectF, bool]:
        """Where the curves go under the title line, and whether the axes are labelled: a
        chart squeezed to a few lines (a short window) draws the bare curves instead of
        labels piled on a flat plot."""
        top = line + 6
        labelled = QRectF(label_width + 10, top, self.width() - label_width - 20,
                          self.height() - top - line - 8)
        if labelled.height() >= 2 * line:
            return labelled, True
        return QRectF(10, top, self.width() - 20, max(self.height() - top - 4, 1)), False

    def sizeHint(self) -> QSize:
        return QSize(320, 120)

    def paintEvent(self, _event) -> None:
        c = COLORS[self._theme]
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(c["card"]))
        p.setPen(QPen(QColor(c["card_border"])))
        p.drawRect(self.rect().adjusted(0, 0, -1, -1))
        if not self.isEnabled():             # the figures of a hand no longer in the text field
            p.setOpacity(STALE_OPACITY)
        fm = p.fontMetrics()
        row = self._row
        if row is None or not row.by_turn["win_prob"]:
            p.setPen(QColor(c["muted"]))
            p.drawText(self.rect().adjusted(8, 0, -8, 0),
                       Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.message())
            return
        plot, labels = self.plot_area(fm.height(), fm.horizontalAdvance("100%"))
        left = plot.left()
        win, tenpai = row.by_turn["win_prob"], row.by_turn["tenpai_prob"]
        n = len(win)

        def point(i: int, value: float) -> QPointF:
            x = plot.left() + (plot.width() * i / (n - 1) if n > 1 else plot.width() / 2)
            return QPointF(x, plot.bottom() - plot.height() * value)

        p.setPen(QPen(QColor(c["grid"])))
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom() - plot.height() * frac
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            if labels:
                p.setPen(QColor(c["muted"]))
                p.drawText(QRectF(0, y - fm.height() / 2, left - 6, fm.height()),
                           Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{int(frac * 100)}%")
                p.setPen(QPen(QColor(c["grid"])))
        p.setPen(QColor(c["muted"]))
        for i, align in ((0, Qt.AlignmentFlag.AlignLeft), (n - 1, Qt.AlignmentFlag.AlignRight)) if labels else ():
            x = point(i, 0).x()
            box = QRectF(x, plot.bottom() + 2, 80, fm.height()) if i == 0 else \
                QRectF(x - 80, plot.bottom() + 2, 80, fm.height())
            p.drawText(box, align, tr(f"draw {self._turn + i}", f"{self._turn + i}巡目"))
        for values, color, style in ((tenpai, c["series1"], Qt.PenStyle.DashLine),
                                     (win, c["series0"], Qt.PenStyle.SolidLine)):
            path = QPainterPath(point(0, values[0]))
            for i in range(1, n):
                path.lineTo(point(i, values[i]))
            p.setPen(QPen(QColor(color), 2, style))
            p.drawPath(path)
        p.setPen(QColor(c["text"]))
        width = int(self.width() - left - 4)
        p.drawText(QRectF(left, 2, width, fm.height()), Qt.AlignmentFlag.AlignLeft, self.title(fm, width))

    def title(self, metrics: QFontMetrics, width: int) -> str:
        """The title line of the row shown, ending in "…" when it is wider than `width`."""
        row = self._row
        if row is None:
            return ""
        text = tr(f"{row.name}: win {100 * row.win_prob:.0f}% (line) · tenpai {100 * row.tenpai_prob:.0f}% "
                  f"(dashed) · {row.exp_score:,.0f} pts",
                  f"{row.name}: 和了 {100 * row.win_prob:.0f}%（実線）・聴牌 {100 * row.tenpai_prob:.0f}%"
                  f"（破線）・{row.exp_score:,.0f}点")
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
