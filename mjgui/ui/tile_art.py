"""Tile pictures: the SVG tile set in mjgui/assets/ rendered to cached pixmaps.

Every glyph in the SVGs is a path, so tiles look the same on a machine with no
CJK font.  Pixmaps are rendered at the device pixel ratio of the screen, so
they stay crisp at any size and DPI.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from mjgui.tiles import Tile
from mjgui.ui.theme import check_theme

ASPECT = 0.75            # width / height of a tile


def assets_dir() -> Path:
    """mjgui/assets/: package data, so a checkout, an editable install and a wheel all
    carry it beside the code (docs/packaging.md)."""
    folder = Path(__file__).resolve().parents[1] / "assets"
    if not (folder / "tiles").is_dir():
        raise FileNotFoundError(f"mjgui's tile art is missing: looked in {folder}")
    return folder


def tile_file_name(tile: Tile | str) -> str:
    """'5m', '0m' (red five) or 'back'."""
    return tile if isinstance(tile, str) else tile.name


def for_cache(picture: QPixmap | QImage) -> QPixmap:
    """A painted picture as a pixmap that holds its pixels only, to be kept in a cache.
    A QImage or QPixmap that was painted on keeps its paint engine and the engine's
    buffers as long as it lives: about 4 kB beside a tile-sized picture's 13 kB of pixels
    (a third more for every cached button picture).  Its copy has none."""
    copy = picture.copy()
    return copy if isinstance(copy, QPixmap) else QPixmap.fromImage(copy)


@lru_cache(maxsize=None)      # one per tile face and theme (76)
def _renderer(theme: str, name: str) -> QSvgRenderer:
    path = assets_dir() / "tiles" / theme / f"{name}.svg"
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        raise FileNotFoundError(f"cannot read tile art {path}")
    return renderer


@lru_cache(maxsize=4096)
def _pixmap(theme: str, name: str, height: int, dpr: float, dimmed: bool) -> QPixmap:
    width = round(height * ASPECT)
    image = QImage(round(width * dpr), round(height * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _renderer(theme, name).render(painter, QRectF(0, 0, image.width(), image.height()))
    if dimmed:
        # a used-up tile: washed out so counts of 0 read at a glance
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
        painter.fillRect(image.rect(), QColor(128, 128, 128, 150))
    painter.end()
    pixmap = for_cache(image)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


def tile_pixmap(tile: Tile | str, height: int, theme: str = "light", dpr: float = 1.0,
                dimmed: bool = False) -> QPixmap:
    """The tile at `height` logical pixels (width = 3/4 of it)."""
    check_theme(theme)
    return _pixmap(theme, tile_file_name(tile), int(height), float(dpr), bool(dimmed))


def tile_width(height: int) -> int:
    return round(height * ASPECT)
