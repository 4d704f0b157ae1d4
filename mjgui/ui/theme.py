"""The light and dark themes: every colour the widgets draw with, by named role,
the application palette, and the device-pixel-ratio helper painters share."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["THEMES", "COLORS", "ALERT_STYLE", "apply_theme", "check_theme", "device_ratio"]

THEMES = ("light", "dark")

#: Colours by theme and role. Widgets look roles up here and never spell a colour
#: themselves, so both themes stay complete (a test checks the key sets match).
COLORS: dict[str, dict[str, str]] = {
    "light": {
        # cards, text and accents shared by every page
        "card": "#ffffff", "card_border": "#dcd7cc", "text": "#1f2328", "muted": "#6a6f78",
        "accent": "#1f6fd1", "accent_fill": "#e3eefc", "credit": "#d9822b",
        "alert": "#c0392b",                       # an input error under a field
        # drill feedback
        "good": "#23854a", "good_bg": "#e5f4e9", "good_border": "#9fd3ae",
        "partial": "#a86a00", "partial_bg": "#fdf2da", "partial_border": "#e8c37a",
        "bad": "#c0392b", "bad_bg": "#fbe8e5", "bad_border": "#eab0a8",
        "missed": "#e07b00", "mark": "#1f6fd1", "pick_bg": "#fde3cf",
        "bar": "#f4f2ed", "bar_border": "#dcd7cc", "key_bg": "#eceae4", "key_text": "#4a4f57",
        # notices: error / information / success / warning boxes
        "error_bg": "#fdecec", "error_border": "#d9474d", "error_text": "#7f1d1d",
        "info_bg": "#e9f1fd", "info_border": "#6b98e0", "info_text": "#1d3e70",
        "ok_bg": "#e3f3e7", "ok_border": "#7cc08f", "ok_text": "#1b6b34",
        "notice_bg": "#fff3dc", "notice_border": "#e0962a", "notice_text": "#6e4300",
        # stats bars and charts
        "bar_acc": "#dbe8fb", "bar_credit": "#fbe6cf",
        "grid": "#ebe8e1", "axis": "#b9b2a2", "series0": "#1f6fd1", "series1": "#d9822b",
        "bars": "#c9d3e0", "hover": "#8a96a8",
        # wait inspector
        "inspector_bg": "#f4f2ed",
        "meld_frame": "#c9c2b3", "meld_fill": "#f7f5f0",
        "pair_frame": "#b9b2a2", "pair_fill": "#eeeadf", "open_frame": "#a9a49a",
        "badge_bg": "#e3f3e7", "badge_text": "#1b6b34", "badge_border": "#a9d7b5",
        "empty_bg": "#f0f0f0", "empty_text": "#b3261e", "empty_border": "#d6c2c0",
        "tag_bg": "#fff3dc", "tag_text": "#8a5200", "tag_border": "#e0a64a",
        # analysis table and hand
        "best_row": "#d6f0d6", "warn": "#c85028", "highlight": "#2e9d5b",
        # count pills on tiles (dark on light tiles, light on dark ones)
        "pill_fill": "#2f3546", "pill_ink": "#ffffff", "pill_edge": "#ffffff",
        "pill_muted_fill": "#a3a6ae", "pill_muted_ink": "#f4f4f4",
        # the help overlay's card
        "help_card": "#ffffff", "help_text": "#1d1f23",
    },
    "dark": {
        "card": "#262a30", "card_border": "#3a4049", "text": "#e7e9ec", "muted": "#9aa3ad",
        "accent": "#5fa6ff", "accent_fill": "#22354f", "credit": "#f0a14a",
        "alert": "#c0392b",
        "good": "#5fd08a", "good_bg": "#1d3527", "good_border": "#2f6442",
        "partial": "#f0b44c", "partial_bg": "#392d18", "partial_border": "#8a6423",
        "bad": "#ff7b72", "bad_bg": "#3b1f23", "bad_border": "#7a3b40",
        "missed": "#ffa23a", "mark": "#5fa6ff", "pick_bg": "#4a3322",
        "bar": "#2b2f36", "bar_border": "#3a4049", "key_bg": "#3a3f48", "key_text": "#c9ced6",
        "error_bg": "#3b1f23", "error_border": "#e0656b", "error_text": "#ffd1d3",
        "info_bg": "#1b2a3f", "info_border": "#5b8def", "info_text": "#d2e2ff",
        "ok_bg": "#1f3a29", "ok_border": "#3f8a58", "ok_text": "#b5ecc6",
        "notice_bg": "#392d18", "notice_border": "#e0a23c", "notice_text": "#ffe0a8",
        "bar_acc": "#22354f", "bar_credit": "#42321f",
        "grid": "#323840", "axis": "#4a515b", "series0": "#5fa6ff", "series1": "#f0a14a",
        "bars": "#3a4658", "hover": "#7d8896",
        "inspector_bg": "#1c1f24",
        "meld_frame": "#4a515b", "meld_fill": "#2c3037",
        "pair_frame": "#5a626d", "pair_fill": "#323842", "open_frame": "#5c636d",
        "badge_bg": "#1f3a29", "badge_text": "#8fe0a8", "badge_border": "#2f6442",
        "empty_bg": "#33373d", "empty_text": "#ff8a84", "empty_border": "#5a4446",
        "tag_bg": "#392d18", "tag_text": "#ffd28a", "tag_border": "#8a6423",
        "best_row": "#264e34", "warn": "#c85028", "highlight": "#2e9d5b",
        "pill_fill": "#e9e4d6", "pill_ink": "#1c2030", "pill_edge": "#1c2030",
        "pill_muted_fill": "#7b7f8c", "pill_muted_ink": "#2a2d38",
        "help_card": "#1c1e23", "help_text": "#e4e4e4",
    },
}

#: An input error under a field: the same red in both themes.
ALERT_STYLE = f"color: {COLORS['light']['alert']}; font-weight: 600;"

#: The dark Fusion palette (the light theme uses the style's standard palette).
_DARK_PALETTE: dict[QPalette.ColorRole, str] = {
    QPalette.ColorRole.Window: "#25282e",
    QPalette.ColorRole.WindowText: "#e4e4e4",
    QPalette.ColorRole.Base: "#1c1e23",
    QPalette.ColorRole.AlternateBase: "#2c2f36",
    QPalette.ColorRole.Text: "#e4e4e4",
    QPalette.ColorRole.Button: "#32363e",
    QPalette.ColorRole.ButtonText: "#e4e4e4",
    QPalette.ColorRole.Highlight: "#4078be",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#32363e",
    QPalette.ColorRole.ToolTipText: "#e4e4e4",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
}


def check_theme(theme: str) -> None:
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {THEMES}, not {theme!r}")


def apply_theme(app: QApplication, theme: str) -> None:
    """A Fusion palette per theme (the tile art has its own light/dark sets)."""
    app.setStyle("Fusion")
    if theme == "dark":
        p = QPalette()
        for role, color in _DARK_PALETTE.items():
            p.setColor(role, QColor(color))
        app.setPalette(p)
    else:
        app.setPalette(app.style().standardPalette())


def device_ratio(painter: QPainter, widget: QWidget) -> float:
    """Pixel ratio of what the painter really draws on: `QWidget.render` into a 2x
    pixmap redirects the painter, so its engine's device (the pixmap) says 2 where
    `painter.device()` and the widget itself would say 1."""
    engine = painter.paintEngine()
    device = engine.paintDevice() if engine is not None else None
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    return max(dpr, widget.devicePixelRatioF(), 1.0)
