"""Fonts shipped with mjgui: a subset of an OFL CJK font holding exactly the
Japanese characters the UI uses (tools/gen_font_subset.py makes it), so the
Japanese interface renders on machines without CJK fonts."""
from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from mjgui.ui.tile_art import assets_dir

_families: list[str] = []


def install_fonts(app: QApplication) -> list[str]:
    """Register the bundled fonts once and put them behind the UI font as fallbacks."""
    if not _families:
        folder = assets_dir() / "fonts"
        for path in sorted(folder.glob("*.[ot]tf")) if folder.is_dir() else ():
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id >= 0:
                _families.extend(QFontDatabase.applicationFontFamilies(font_id))
    if _families:
        font = QFont(app.font())
        families = [f for f in font.families() or [font.family()] if f not in _families]
        font.setFamilies(families + _families)
        app.setFont(font)
    return list(_families)
