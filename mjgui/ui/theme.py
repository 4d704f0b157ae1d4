"""The light and dark themes: every colour the widgets draw with, by named role,
the application palette, and the device-pixel-ratio helper painters share."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from mjgui.ui.flat_style import FlatStyle

__all__ = ["THEMES", "COLORS", "ALERT_STYLE", "apply_theme", "check_theme", "device_ratio"]

THEMES = ("light", "dark")

#: Every colour by role: (light, dark). Widgets look roles up in COLORS and never spell
#: a colour themselves; one row per role keeps both themes complete.
_ROLES: dict[str, tuple[str, str]] = {
    # cards, text and accents shared by every page
    "card": ("#ffffff", "#262a30"), "card_border": ("#dcd7cc", "#3a4049"),
    "text": ("#1f2328", "#e7e9ec"), "muted": ("#6a6f78", "#9aa3ad"),
    "accent": ("#1f6fd1", "#5fa6ff"), "accent_fill": ("#e3eefc", "#22354f"),
    "credit": ("#d9822b", "#f0a14a"),
    "alert": ("#c0392b", "#c0392b"),  # an input error under a field
    # drill feedback
    "good": ("#23854a", "#5fd08a"), "good_bg": ("#e5f4e9", "#1d3527"),
    "good_border": ("#9fd3ae", "#2f6442"),
    "partial": ("#a86a00", "#f0b44c"), "partial_bg": ("#fdf2da", "#392d18"),
    "partial_border": ("#e8c37a", "#8a6423"),
    "bad": ("#c0392b", "#ff7b72"), "bad_bg": ("#fbe8e5", "#3b1f23"),
    "bad_border": ("#eab0a8", "#7a3b40"),
    "missed": ("#e07b00", "#ffa23a"), "mark": ("#1f6fd1", "#5fa6ff"),
    "threat": ("#d0312d", "#ff6b6b"),    # a decision under a riichi or a likely tenpai
    "pick_bg": ("#fde3cf", "#4a3322"),
    "bar": ("#f4f2ed", "#2b2f36"), "bar_border": ("#dcd7cc", "#3a4049"),
    "key_bg": ("#eceae4", "#3a3f48"), "key_text": ("#4a4f57", "#c9ced6"),
    # notices: error / information / success / warning boxes
    "error_bg": ("#fdecec", "#3b1f23"), "error_border": ("#d9474d", "#e0656b"),
    "error_text": ("#7f1d1d", "#ffd1d3"),
    "info_bg": ("#e9f1fd", "#1b2a3f"), "info_border": ("#6b98e0", "#5b8def"),
    "info_text": ("#1d3e70", "#d2e2ff"),
    "ok_bg": ("#e3f3e7", "#1f3a29"), "ok_border": ("#7cc08f", "#3f8a58"),
    "ok_text": ("#1b6b34", "#b5ecc6"),
    "notice_bg": ("#fff3dc", "#392d18"), "notice_border": ("#e0962a", "#e0a23c"),
    "notice_text": ("#6e4300", "#ffe0a8"),
    # stats bars and charts
    "bar_acc": ("#dbe8fb", "#22354f"), "bar_credit": ("#fbe6cf", "#42321f"),
    "grid": ("#ebe8e1", "#323840"), "axis": ("#b9b2a2", "#4a515b"),
    "series0": ("#1f6fd1", "#5fa6ff"), "series1": ("#d9822b", "#f0a14a"),
    "bars": ("#c9d3e0", "#3a4658"), "hover": ("#8a96a8", "#7d8896"),
    # wait inspector
    "inspector_bg": ("#f4f2ed", "#1c1f24"),
    "meld_frame": ("#c9c2b3", "#4a515b"), "meld_fill": ("#f7f5f0", "#2c3037"),
    "pair_frame": ("#b9b2a2", "#5a626d"), "pair_fill": ("#eeeadf", "#323842"),
    "open_frame": ("#a9a49a", "#5c636d"),
    "badge_bg": ("#e3f3e7", "#1f3a29"), "badge_text": ("#1b6b34", "#8fe0a8"),
    "badge_border": ("#a9d7b5", "#2f6442"),
    "empty_bg": ("#f0f0f0", "#33373d"), "empty_text": ("#b3261e", "#ff8a84"),
    "empty_border": ("#d6c2c0", "#5a4446"),
    "tag_bg": ("#fff3dc", "#392d18"), "tag_text": ("#8a5200", "#ffd28a"),
    "tag_border": ("#e0a64a", "#8a6423"),
    # analysis table and hand
    "best_row": ("#d6f0d6", "#264e34"), "warn": ("#c85028", "#c85028"),
    "highlight": ("#2e9d5b", "#2e9d5b"),
    # the Danger column's bands (mjgui.defence.advice.BANDS): safe, suji-like, one-chance-like, no suji
    "danger0": ("#23854a", "#5fd08a"), "danger1": ("#5f6b1f", "#c9d66a"),
    "danger2": ("#b06000", "#f0a14a"), "danger3": ("#c0392b", "#ff7b72"),
    # count pills on tiles (dark on light tiles, light on dark ones)
    "pill_fill": ("#2f3546", "#e9e4d6"), "pill_ink": ("#ffffff", "#1c2030"),
    "pill_edge": ("#ffffff", "#1c2030"),
    "pill_muted_fill": ("#a3a6ae", "#7b7f8c"), "pill_muted_ink": ("#f4f4f4", "#2a2d38"),
    # the help overlay's card
    "help_card": ("#ffffff", "#1c1e23"), "help_text": ("#1d1f23", "#e4e4e4"),
}

#: COLORS[theme][role]: one dict per theme.
COLORS: dict[str, dict[str, str]] = {theme: {role: pair[i] for role, pair in _ROLES.items()}
                                     for i, theme in enumerate(THEMES)}

#: An input error under a field: the same red in both themes.
ALERT_STYLE = f"color: {COLORS['light']['alert']}; font-weight: 600;"
STALE_OPACITY = 0.4      # figures of a hand no longer in the text field (a typing error) fade

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
#: What a disabled widget draws with in the dark theme: `setColor(role, colour)` sets every
#: group, so without these a disabled Redo looked exactly like an enabled Undo.
_DARK_DISABLED: dict[QPalette.ColorRole, str] = {
    QPalette.ColorRole.WindowText: "#6f757e",
    QPalette.ColorRole.Text: "#6f757e",
    QPalette.ColorRole.ButtonText: "#6f757e",
    QPalette.ColorRole.Button: "#2b2e35",
    QPalette.ColorRole.Highlight: "#3a4350",
}


_STYLE: FlatStyle | None = None


def check_theme(theme: str) -> None:
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {THEMES}, not {theme!r}")


def apply_theme(app: QApplication, theme: str) -> None:
    """Fusion (flat scroll bars: mjgui.ui.flat_style) and a palette per theme (the tile
    art has its own light/dark sets)."""
    if not isinstance(app.style(), FlatStyle):
        global _STYLE
        _STYLE = FlatStyle()               # the application does not own it: kept here
        app.setStyle(_STYLE)
    if theme == "dark":
        p = QPalette()
        for role, color in _DARK_PALETTE.items():
            p.setColor(role, QColor(color))
        for role, color in _DARK_DISABLED.items():
            p.setColor(QPalette.ColorGroup.Disabled, role, QColor(color))
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
