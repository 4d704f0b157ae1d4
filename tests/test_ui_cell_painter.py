"""The analysis table painted in one pass (mjgui.ui.cell_painter) looks as Qt paints it
cell by cell through the delegates: same backgrounds, texts in the same places, the same
strips, selection and grid; a stale (disabled) table is greyed whole, strips included."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage

from mjgui.analysis import analyze
from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.hand import Hand
from mjgui.ui.analysis_table import EXPECTED, TOTAL, UKEIRE, VALUE, VERDICT, AnalysisTable

HANDS = ("23m456p789s55p1s24s7z dora:4s",     # 1-shanten: best rows, calls with ⚠, long verdicts
         "2345m456p789s111z9m",               # tenpai discards: values, a warning colour
         "19m19p19s1234567z5m")               # thirteen orphans: few rows


def _grab(table: AnalysisTable, one_pass: bool) -> QImage:
    table.one_pass_paint = one_pass
    return table.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _blocks(image: QImage, size: int = 6) -> list[tuple[int, int, int]]:
    """The image's mean colour over size×size blocks: a text placed a sub-pixel apart, or
    anti-aliased otherwise, averages out; a missing or moved text, tile or fill does not."""
    small = image.scaled(image.width() // size, image.height() // size,
                         Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    return [QColor(small.pixel(x, y)).getRgb()[:3] for y in range(small.height()) for x in range(small.width())]


def _worst(a: QImage, b: QImage) -> int:
    return max(max(abs(p - q) for p, q in zip(u, v)) for u, v in zip(_blocks(a), _blocks(b)))


def _table(qtbot, hand: str, theme: str = "light", width: int = 1260) -> AnalysisTable:
    table = AnalysisTable()
    qtbot.addWidget(table)
    table.resize(width, 520)
    table.show()
    qtbot.waitExposed(table)
    table.set_theme(theme)
    parsed = Hand.parse(hand)
    table.set_analysis(analyze(parsed), ev_pending=True)
    table.set_ev(expected_values(parsed, options=APP_OPTIONS))
    return table


def test_one_pass_paints_what_the_delegates_paint(qtbot):
    for theme in ("light", "dark"):
        for hand in HANDS:
            table = _table(qtbot, hand, theme)
            assert table.model().rowCount() > 0
            assert _worst(_grab(table, True), _grab(table, False)) <= 24, (theme, hand)
            # a selected row (and its focused cell) as the style draws them
            table.setFocus()
            table.selectRow(min(2, table.model().rowCount() - 1))
            assert _worst(_grab(table, True), _grab(table, False)) <= 24, (theme, hand, "selected")


def test_a_narrow_table_cuts_texts_and_strips_as_qt_does(qtbot):
    table = _table(qtbot, HANDS[0], width=760)
    header = table.horizontalHeader()
    header.resizeSection(VERDICT, 60)               # "keeps 1-shanten…" cut short
    header.resizeSection(UKEIRE, 90)                # strips end in "…"
    assert _worst(_grab(table, True), _grab(table, False)) <= 24


def test_the_comparison_sees_a_cell_painted_wrong(qtbot):
    """The tolerance above still tells a text moved to the cell's left edge."""
    table = _table(qtbot, HANDS[0])
    reference = _grab(table, False)
    table.source._cells[0][TOTAL][int(Qt.ItemDataRole.TextAlignmentRole.value)] = int(
        (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
    assert _worst(_grab(table, True), reference) > 24


def _saturation(image: QImage, rect: QRect) -> float:
    values = [QColor(image.pixel(x, y)).hsvSaturationF()
              for y in range(rect.top(), rect.bottom()) for x in range(rect.left(), rect.right())]
    return sum(values) / len(values)


def test_a_stale_table_greys_its_strips_and_rows_too(qtbot):
    table = _table(qtbot, HANDS[0])
    strip = table.visualRect(table.model().index(0, UKEIRE))
    fresh = _grab(table, True)
    table.setEnabled(False)                  # the window's stale state
    stale = _grab(table, True)
    # the tiles' colours and the best row's green fade towards the background
    assert _saturation(stale, strip) < 0.6 * _saturation(fresh, strip)
    value = table.visualRect(table.model().index(0, EXPECTED))
    assert _saturation(stale, value) < 0.6 * _saturation(fresh, value)
    table.setEnabled(True)
    assert _worst(_grab(table, True), fresh) == 0


def test_the_value_columns_warning_colour_is_kept(qtbot):
    table = _table(qtbot, "123m456p789s2348s9p")       # dama tenpai without a yaku: "riichi" in red
    rows = [r for r in range(table.model().rowCount())
            if table.source.cell(table.proxy.mapToSource(table.proxy.index(r, 0)).row(), VALUE,
                                 Qt.ItemDataRole.ForegroundRole) is not None]
    assert rows
    rect = table.visualRect(table.model().index(rows[0], VALUE))
    image = _grab(table, True)
    reds = sum(1 for y in range(rect.top(), rect.bottom()) for x in range(rect.left(), rect.right())
               if (c := QColor(image.pixel(x, y))).red() > c.green() + 60)
    assert reds > 10


def test_the_japanese_font_joining_later_changes_nothing(qtbot):
    """The bundled Japanese font goes behind the UI font when Japanese is first shown: the
    font's key stays, its line height grows (14 -> 18 px laid out).  Texts, widths and strip
    counts cached under the old font must not be used (they were: texts a pixel off)."""
    from mjgui.ui import fonts
    table = _table(qtbot, HANDS[0], width=760)
    _grab(table, True)                                  # caches filled with the plain font
    fonts.ensure_japanese()
    for hand in HANDS:
        table = _table(qtbot, hand, width=760)
        assert _worst(_grab(table, True), _grab(table, False)) <= 24, hand
