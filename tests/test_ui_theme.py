"""The theme module: complete colour tables, readable text on its backgrounds
(WCAG contrast, computed from the definition), the palette switch, and the
device-pixel-ratio helper under `QWidget.render` into a high-density pixmap."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtGui import QPainter, QPalette, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from mjgui.ui.theme import COLORS, THEMES, apply_theme, check_theme, device_ratio  # noqa: E402


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb'."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_both_themes_define_the_same_roles_as_colours():
    assert set(COLORS) == set(THEMES) == {"light", "dark"}
    assert COLORS["light"].keys() == COLORS["dark"].keys()
    for theme in THEMES:
        for role, value in COLORS[theme].items():
            assert re.fullmatch(r"#[0-9a-f]{6}", value), (theme, role, value)


# text roles and the background they are drawn on
TEXT_ON = [("text", "card"), ("muted", "card"), ("error_text", "error_bg"), ("info_text", "info_bg"),
           ("ok_text", "ok_bg"), ("notice_text", "notice_bg"), ("badge_text", "badge_bg"),
           ("tag_text", "tag_bg"), ("help_text", "help_card"), ("pill_ink", "pill_fill"),
           ("key_text", "key_bg")]
# drill feedback titles are bold and large: WCAG asks 3:1 of large text
LARGE_ON = [("good", "good_bg"), ("partial", "partial_bg"), ("bad", "bad_bg")]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("fg,bg,ratio", [(*pair, 4.5) for pair in TEXT_ON] + [(*pair, 3.0) for pair in LARGE_ON])
def test_text_roles_are_readable_on_their_background(theme, fg, bg, ratio):
    c = COLORS[theme]
    assert contrast(c[fg], c[bg]) >= ratio, (theme, fg, bg, round(contrast(c[fg], c[bg]), 2))


def test_contrast_helper_matches_the_wcag_extremes():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


def test_check_theme_names_the_bad_value():
    check_theme("dark")
    with pytest.raises(ValueError, match="'sepia'"):
        check_theme("sepia")


def test_apply_theme_switches_the_application_palette(qapp):
    app = QApplication.instance()
    try:
        apply_theme(app, "dark")
        p = app.palette()
        window, text = p.color(QPalette.ColorRole.Window), p.color(QPalette.ColorRole.WindowText)
        assert window.lightness() < 80 < 200 < text.lightness()
        apply_theme(app, "light")
        assert app.palette() == app.style().standardPalette()
    finally:
        apply_theme(app, "light")


class _Probe(QWidget):
    """Records the ratio device_ratio reports while painting."""
    seen: list[float]

    def __init__(self):
        super().__init__()
        self.seen = []
        self.resize(20, 10)

    def paintEvent(self, event):
        painter = QPainter(self)
        self.seen.append(device_ratio(painter, self))
        painter.end()


@pytest.mark.parametrize("ratio", [1.0, 2.0, 3.0])
def test_device_ratio_sees_the_pixmap_a_render_draws_on(qtbot, ratio):
    probe = _Probe()
    qtbot.addWidget(probe)
    pix = QPixmap(int(20 * ratio), int(10 * ratio))
    pix.setDevicePixelRatio(ratio)
    probe.render(pix)
    assert probe.seen == [max(ratio, probe.devicePixelRatioF())]


@pytest.mark.parametrize("theme", THEMES)
def test_scroll_bars_are_flat_and_show_where_the_view_is(qtbot, theme):
    """The style paints scroll bars itself (Fusion's took a fifth of a repaint): the handle
    stands out from the groove, sits where the value says, and follows the theme."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollBar, QStyle, QStyleOptionSlider

    from mjgui.ui.flat_style import FlatStyle

    app = QApplication.instance()
    apply_theme(app, theme)
    try:
        assert isinstance(app.style(), FlatStyle)
        apply_theme(app, theme)                       # applied again: the same style kept
        style = app.style()
        bar = QScrollBar(Qt.Orientation.Vertical)
        qtbot.addWidget(bar)
        bar.resize(14, 300)
        bar.setRange(0, 100)
        bar.setPageStep(50)
        for value in (0, 100):
            bar.setValue(value)
            image = bar.grab().toImage()
            option = QStyleOptionSlider()
            bar.initStyleOption(option)
            handle = style.subControlRect(QStyle.ComplexControl.CC_ScrollBar, option,
                                          QStyle.SubControl.SC_ScrollBarSlider, bar)
            groove = image.pixelColor(1, handle.bottom() + 10 if value == 0 else handle.top() - 10)
            inside = image.pixelColor(handle.center())
            assert abs(inside.lightness() - groove.lightness()) > 20, (theme, value)
            # the groove is close to the window colour of the theme
            window = bar.palette().color(QPalette.ColorRole.Window)
            assert abs(groove.lightness() - window.lightness()) < 20
        assert app.style() is style
    finally:
        apply_theme(app, "light")


def _brightest_and_darkest(widget) -> tuple[float, float]:
    """The luminance range of the widget's pixels (its text against its background)."""
    image = widget.grab().toImage()
    values = [image.pixelColor(x, y).lightnessF() for x in range(image.width()) for y in range(image.height())]
    return max(values), min(values)


@pytest.mark.parametrize("theme", THEMES)
def test_a_disabled_button_looks_disabled(qtbot, window, theme):
    """Redo with nothing to redo is drawn fainter than Undo with a step to undo: its text
    stands out from its background by well under the enabled one's difference."""
    window.set_theme(theme)
    window.text.setText("123m456p789s1122z")
    window.apply_text()
    assert window.act_undo.isEnabled() and not window.act_redo.isEnabled()
    qtbot.wait(20)                     # the new palette reaches the widgets
    undo = window.toolbar.widgetForAction(window.act_undo)
    redo = window.toolbar.widgetForAction(window.act_redo)
    (u_hi, u_lo), (r_hi, r_lo) = _brightest_and_darkest(undo), _brightest_and_darkest(redo)
    assert r_hi - r_lo < 0.7 * (u_hi - u_lo), (theme, (u_hi, u_lo), (r_hi, r_lo))
