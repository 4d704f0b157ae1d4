"""The application icon: mjgui/assets/icons/ holds mjgui.svg and one PNG per size,
all made by tools/gen_icon.py.  The window uses them on every system
(mjgui.ui.app); `mjgui --install-desktop-entry` copies them into the icon theme."""
from __future__ import annotations

from pathlib import Path

NAME = "mjgui"                          # the icon's name in a desktop icon theme
SIZES = (16, 24, 32, 48, 64, 128, 256)  # the PNGs, in pixels square
ICON_DIR = Path(__file__).resolve().parent / "assets" / "icons"


def svg_path() -> Path:
    return ICON_DIR / f"{NAME}.svg"


def png_path(size: int) -> Path:
    return ICON_DIR / f"{NAME}-{size}.png"


def qicon():
    """The icon as a QIcon with every size (Qt picks the nearest for a title bar,
    a task bar or a dock); an empty icon, never an error, if the files are missing."""
    from PySide6.QtGui import QIcon
    icon = QIcon()
    for size in SIZES:
        if png_path(size).is_file():
            icon.addFile(str(png_path(size)))
    return icon
