"""TileButton: one clickable tile picture, shared by the palette and the hand view.

The tile is a cached pixmap from `tile_art`; everything else (hover lift, pressed
shade, highlight ring, selection bar, copies-left badge) is a few painter calls,
so a window full of tiles repaints quickly.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QMargins, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (QColor, QEnterEvent, QFont, QFontMetrics, QPainter, QPaintEvent,
                           QPalette, QPen, QPixmap)
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from mjgui.tiles import Tile
from mjgui.ui.theme import COLORS, check_theme, device_ratio
from mjgui.ui.tile_art import for_cache, tile_pixmap, tile_width

__all__ = ["TileButton", "paint_badge", "badge_font"]


@lru_cache(maxsize=64)
def badge_font(tile_height: int) -> QFont:
    font = QFont()
    font.setPixelSize(max(9, round(tile_height * 0.25)))
    font.setBold(True)
    return font


def paint_badge(painter: QPainter, text: str, anchor: QPointF, tile_height: int,
                theme: str, muted: bool = False) -> None:
    """A rounded pill holding `text`, centred on `anchor` (a tile's corner)."""
    font = badge_font(tile_height)
    metrics = QFontMetrics(font)
    h = metrics.height() + 1
    w = max(h, metrics.horizontalAdvance(text) + h * 0.55)
    pill = QRectF(anchor.x() - w / 2, anchor.y() - h / 2, w, h)
    c = COLORS[theme]
    prefix = "pill_muted_" if muted else "pill_"
    fill, ink, edge = QColor(c[prefix + "fill"]), QColor(c[prefix + "ink"]), QColor(c["pill_edge"])
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(edge, 1.2))
    painter.setBrush(fill)
    painter.drawRoundedRect(pill, h / 2, h / 2)
    painter.setFont(font)
    painter.setPen(ink)
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


class TileButton(QAbstractButton):
    """A tile as a button: hover lifts it, pressing pushes it down.

    Properties (plain Python attributes with setters that repaint):
    `tile` (a Tile or the string 'back'), `tile_height` (logical px, default 56),
    `theme` ('light'/'dark'), `badge` (int or str drawn in a pill at the bottom-right
    corner, None for none), `dimmed` (greyed art, e.g. no copies left), `highlight`
    (a QColor ring and wash, e.g. a suggested discard, None for none) and `selected`
    (a keyboard-selection bar under the tile).  `badge_space` reserves room around
    the tile so a badge never spills outside the button.
    """

    def __init__(self, tile: Tile | str = "back", tile_height: int = 56, theme: str = "light",
                 parent: QWidget | None = None, *, badge_space: bool = False):
        super().__init__(parent)
        self._tile: Tile | str = tile
        self._tile_height = int(tile_height)
        self._theme = theme
        self._badge: int | str | None = None
        self._dimmed = False
        self._highlight: QColor | None = None
        self._selected = False
        self._hovered = False
        self._badge_space = badge_space
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self._sync_accessible()

    # --- properties ---------------------------------------------------------------
    @property
    def tile(self) -> Tile | str:
        return self._tile

    @tile.setter
    def tile(self, tile: Tile | str) -> None:
        if tile != self._tile:
            self._tile = tile
            self._sync_accessible()
            self.update()

    @property
    def tile_height(self) -> int:
        return self._tile_height

    @tile_height.setter
    def tile_height(self, height: int) -> None:
        height = int(height)
        if height != self._tile_height:
            self._tile_height = height
            self.updateGeometry()
            self.update()

    @property
    def theme(self) -> str:
        return self._theme

    @theme.setter
    def theme(self, theme: str) -> None:
        check_theme(theme)
        if theme != self._theme:
            self._theme = theme
            self.update()

    @property
    def badge(self) -> int | str | None:
        return self._badge

    @badge.setter
    def badge(self, badge: int | str | None) -> None:
        if badge != self._badge:
            self._badge = badge
            self.update()

    @property
    def dimmed(self) -> bool:
        return self._dimmed

    @dimmed.setter
    def dimmed(self, dimmed: bool) -> None:
        if bool(dimmed) != self._dimmed:
            self._dimmed = bool(dimmed)
            self.update()

    @property
    def highlight(self) -> QColor | None:
        return self._highlight

    @highlight.setter
    def highlight(self, color: QColor | str | None) -> None:
        self._highlight = None if color is None else QColor(color)
        self.update()

    @property
    def selected(self) -> bool:
        return self._selected

    @selected.setter
    def selected(self, selected: bool) -> None:
        if bool(selected) != self._selected:
            self._selected = bool(selected)
            self.update()

    # --- geometry -----------------------------------------------------------------
    def _lift(self) -> int:
        return max(2, round(self._tile_height * 0.06))

    @staticmethod
    @lru_cache(maxsize=64)                  # asked by every layout pass; QMargins is a value
    def margins_for(tile_height: int, badge_space: bool = False) -> QMargins:
        """Room around a tile of this height: the hover lift above, the selection bar
        below, and with `badge_space` the part of the badge outside the tile."""
        h = int(tile_height)
        lift = max(2, round(h * 0.06))
        bar = max(3, round(h * 0.07))
        if badge_space:
            m = (QFontMetrics(badge_font(h)).height() + 1) // 2
            return QMargins(1, lift + 1, m, max(m, bar + 2))
        return QMargins(1, lift + 1, 1, bar + 3)

    def tile_margins(self) -> QMargins:
        return self.margins_for(self._tile_height, self._badge_space)

    def tile_rect(self) -> QRect:
        """Where the tile is drawn at rest, in widget coordinates."""
        m = self.tile_margins()
        return QRect(m.left(), m.top(), tile_width(self._tile_height), self._tile_height)

    def sizeHint(self) -> QSize:
        m = self.tile_margins()
        return QSize(tile_width(self._tile_height) + m.left() + m.right(),
                     self._tile_height + m.top() + m.bottom())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hitButton(self, pos) -> bool:  # noqa: N802 - Qt name
        return self.rect().contains(pos)

    # --- events -------------------------------------------------------------------
    def enterEvent(self, event: QEnterEvent) -> None:
        self._hovered = True
        self.update()
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:
        self._hovered = False
        self.update()
        super().leaveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        enabled = self.isEnabled()
        look = _Look(
            name=self._tile if isinstance(self._tile, str) else self._tile.name,
            height=self._tile_height, theme=self._theme, dpr=device_ratio(painter, self),
            width=self.width(), full_height=self.height(), badge_space=self._badge_space,
            enabled=enabled, dimmed=self._dimmed, hovered=self._hovered and enabled,
            down=self.isDown() and enabled, selected=self._selected,
            focus=self.hasFocus() and self.focusPolicy() != Qt.FocusPolicy.NoFocus,
            highlight=None if self._highlight is None else self._highlight.rgba(),
            badge=None if self._badge is None else str(self._badge),
            accent=self.palette().color(QPalette.ColorRole.Highlight).rgba())
        painter.drawPixmap(0, 0, _button_pixmap(look))
        painter.end()

    # --- accessibility --------------------------------------------------------------
    def _sync_accessible(self) -> None:
        name = self._tile if isinstance(self._tile, str) else self._tile.name
        self.setAccessibleName(name)

    def __repr__(self) -> str:
        name = self._tile if isinstance(self._tile, str) else self._tile.name
        return f"<TileButton {name} badge={self._badge!r} enabled={self.isEnabled()}>"


class _Look(NamedTuple):
    """Everything a TileButton's picture depends on: the key of its cached pixmap."""
    name: str
    height: int
    theme: str
    dpr: float
    width: int
    full_height: int
    badge_space: bool
    enabled: bool
    dimmed: bool
    hovered: bool
    down: bool
    selected: bool
    focus: bool
    highlight: int | None        # QColor.rgba()
    badge: str | None
    accent: int                  # the palette's Highlight, QColor.rgba()


@lru_cache(maxsize=512)      # a palette and a hand in two themes need about 400
def _button_pixmap(look: _Look) -> QPixmap:
    """A button's picture, drawn once per look: a window of tiles repaints by copying
    pixmaps instead of running the painter calls below for every tile."""
    pixmap = QPixmap(max(1, round(look.width * look.dpr)), max(1, round(look.full_height * look.dpr)))
    pixmap.setDevicePixelRatio(look.dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    _paint_button(painter, look)
    painter.end()
    return for_cache(pixmap)


def _paint_button(painter: QPainter, look: _Look) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    h = look.height
    m = TileButton.margins_for(h, look.badge_space)
    rest = QRectF(m.left(), m.top(), tile_width(h), h)
    rect = QRectF(rest)
    if look.down:
        rect.translate(0, 1)
    elif look.hovered or look.selected:
        rect.translate(0, -max(2, round(h * 0.06)))
    radius = rect.width() * 0.12
    accent = QColor.fromRgba(look.accent)
    highlight = None if look.highlight is None else QColor.fromRgba(look.highlight)

    if highlight is not None:
        glow = QColor(highlight)
        glow.setAlpha(70)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), radius + 1, radius + 1)

    painter.drawPixmap(rect.topLeft(), tile_pixmap(look.name, h, look.theme, look.dpr,
                                                   look.dimmed or not look.enabled))
    face = rect.adjusted(0.5, 0.5, -1.5, -1.0)
    if look.down:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 45))
        painter.drawRoundedRect(face, radius, radius)
    elif look.hovered:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 28))
        painter.drawRoundedRect(face, radius, radius)
    if highlight is not None:
        painter.setPen(QPen(highlight, max(2.0, h / 24)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(face, radius, radius)
    if look.hovered or look.down:
        ring = QColor(accent)
        ring.setAlpha(230)
        painter.setPen(QPen(ring, 1.6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(face, radius, radius)
    if look.focus:
        pen = QPen(accent, 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(face.adjusted(-1.5, -1.5, 1.5, 1.5), radius + 1, radius + 1)
    if look.selected:
        bar_h = max(3, round(h * 0.07))
        bar = QRectF(rect.left() + rect.width() * 0.15, rest.toRect().bottom() + 3,
                     rect.width() * 0.7, bar_h)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        painter.drawRoundedRect(bar, bar_h / 2, bar_h / 2)
    if look.badge is not None:
        anchor = QPointF(rect.right() - 1, rect.bottom() - h * 0.04)
        paint_badge(painter, look.badge, anchor, h, look.theme,
                    muted=look.dimmed or not look.enabled)
