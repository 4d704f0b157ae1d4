"""Fonts shipped with mjgui: a subset of an OFL CJK font holding exactly the
Japanese characters the UI uses (tools/gen_font_subset.py makes it), so the
Japanese interface renders on machines without CJK fonts.

Registering it with the application (`install_fonts`) costs about 28 ms of CPU at start
(fontconfig reads every glyph), so it happens when Japanese text is first shown
(`ensure_japanese`: the Japanese language, the help, the settings).  The one Japanese word an
English window shows, the language switch's "日本語", is drawn from the font's glyph
outlines (`word_picture`, about 4 ms) without registering it."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QPainterPath, QPixmap, QRawFont
from PySide6.QtWidgets import QApplication

from mjgui.ui.tile_art import assets_dir

_families: list[str] = []


def _font_files() -> list[Path]:
    folder = assets_dir() / "fonts"
    return sorted(folder.glob("*.[ot]tf")) if folder.is_dir() else []


def install_fonts(app: QApplication) -> list[str]:
    """Register the bundled fonts once and put them behind the UI font as fallbacks."""
    if not _families:
        for path in _font_files():
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id >= 0:
                _families.extend(QFontDatabase.applicationFontFamilies(font_id))
    if _families:
        font = QFont(app.font())
        families = [f for f in font.families() or [font.family()] if f not in _families]
        font.setFamilies(families + _families)
        app.setFont(font)
    return list(_families)


def ensure_japanese() -> None:
    """Make the bundled Japanese font available (once), before Japanese text is shown."""
    app = QApplication.instance()
    if not _families and isinstance(app, QApplication):
        install_fonts(app)


def font_key(font: QFont) -> str:
    """A font as text, for caches and to be rebuilt (`font_of_key`).  QFont.key() and
    toString() leave out the fallback families, and the bundled Japanese font, put behind
    the UI font when Japanese is first shown, changes its line height (14 -> 17 px for
    DejaVu Sans at 9 pt) under the same key."""
    return "\n".join([font.toString(), *font.families()])


def font_of_key(key: str) -> QFont:
    text, *families = key.split("\n")
    font = QFont()
    font.fromString(text)
    if families:
        font.setFamilies(families)
    return font


@lru_cache(maxsize=16)
def word_picture(text: str, pixel_size: int, rgba: int, dpr: float = 1.0) -> QPixmap | None:
    """`text` drawn from the bundled font's glyph outlines in the colour `rgba`
    (QColor.rgba()), `pixel_size` px high; None when the font or a glyph is missing."""
    files = _font_files()
    if not files:
        return None
    raw = QRawFont(str(files[0]), pixel_size * dpr)
    glyphs = raw.glyphIndexesForString(text)
    if not raw.isValid() or len(glyphs) != len(text) or 0 in glyphs:
        return None
    path, x = QPainterPath(), 0.0
    for glyph, advance in zip(glyphs, raw.advancesForGlyphIndexes(glyphs)):
        outline = raw.pathForGlyph(glyph)
        outline.translate(QPointF(x, raw.ascent()))
        path.addPath(outline)
        x += advance.x()
    pixmap = QPixmap(max(1, round(x)), max(1, round(raw.ascent() + raw.descent())))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillPath(path, QColor.fromRgba(rgba))
    painter.end()
    pixmap.setDevicePixelRatio(dpr)
    return pixmap
