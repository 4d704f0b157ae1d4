"""The application's style: Fusion with flat scroll bars.

Fusion paints a scroll bar with gradients, bevels and arrow buttons drawn anew on every
repaint: about 1.8 ms for the analysis table's bar in the window, a fifth of a whole
repaint after a hand change (benchmarks/README.md).  Here a bar is a plain groove with a
rounded handle and small arrow marks, a few fills; sizes, hit areas and behaviour stay
Fusion's (only the painting is replaced)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPolygonF
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOptionComplex, QWidget

__all__ = ["FlatStyle"]

_BAR = QStyle.ComplexControl.CC_ScrollBar
_SC = QStyle.SubControl
_STATE = QStyle.StateFlag


def _mix(a: QColor, b: QColor, share: float) -> QColor:
    """`share` of b over a."""
    return QColor.fromRgbF(*(x + (y - x) * share for x, y in
                             zip(a.getRgbF()[:3], b.getRgbF()[:3])))


class FlatStyle(QProxyStyle):
    """Fusion, but scroll bars are flat (see the module doc)."""

    def __init__(self):
        super().__init__("Fusion")

    def drawComplexControl(self, control: QStyle.ComplexControl, option: QStyleOptionComplex,
                           painter: QPainter, widget: QWidget | None = None) -> None:
        if control != _BAR:
            super().drawComplexControl(control, option, painter, widget)
            return
        palette = option.palette
        window = palette.color(QPalette.ColorRole.Window)
        ink = palette.color(QPalette.ColorRole.WindowText)
        enabled = bool(option.state & _STATE.State_Enabled)
        painter.save()
        painter.fillRect(option.rect, _mix(window, ink, 0.04))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        active = option.activeSubControls
        pressed = bool(option.state & _STATE.State_Sunken)
        slider = self.subControlRect(_BAR, option, _SC.SC_ScrollBarSlider, widget)
        if enabled and option.maximum > option.minimum and slider.isValid():
            hot = bool(active & _SC.SC_ScrollBarSlider)
            share = 0.55 if hot and pressed else 0.42 if hot else 0.28
            painter.setBrush(_mix(window, ink, share))
            vertical = option.orientation == Qt.Orientation.Vertical
            body = slider.adjusted(3, 1, -3, -1) if vertical else slider.adjusted(1, 3, -1, -3)
            radius = min(body.width(), body.height()) / 2
            painter.drawRoundedRect(body, radius, radius)
        for sub, up in ((_SC.SC_ScrollBarSubLine, True), (_SC.SC_ScrollBarAddLine, False)):
            area = self.subControlRect(_BAR, option, sub, widget)
            if not area.isValid():
                continue
            hot = bool(active & sub) and pressed
            painter.setBrush(_mix(window, ink, (0.75 if hot else 0.5) if enabled else 0.2))
            painter.drawPolygon(_arrow(area.center().x(), area.center().y(),
                                       option.orientation == Qt.Orientation.Vertical, up))
        painter.restore()


def _arrow(cx: float, cy: float, vertical: bool, back: bool) -> QPolygonF:
    """A small triangle pointing up / left (`back`) or down / right."""
    s = 3.0
    tip, base = (-s, s) if back else (s, -s)
    if vertical:
        points = [QPointF(cx, cy + tip), QPointF(cx - s, cy + base), QPointF(cx + s, cy + base)]
    else:
        points = [QPointF(cx + tip, cy), QPointF(cx + base, cy - s), QPointF(cx + base, cy + s)]
    return QPolygonF(points)
