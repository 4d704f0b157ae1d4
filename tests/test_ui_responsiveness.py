"""What the fast paths of the window rely on: lazy imports, the table's own column
widths and cell cache, buttons reused and pictures cached without showing stale content.
Timing itself is measured by benchmarks/bench_app.py and bench_start.py, not here."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from mjgui.analysis import analyze  # noqa: E402
from mjgui.hand import Hand  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import analysis_table  # noqa: E402
from mjgui.ui.analysis_table import TILES_ROLE, TOTAL, UKEIRE, VERDICT, AnalysisTable  # noqa: E402
from mjgui.ui.hand_view import HandView  # noqa: E402
from mjgui.ui.tile_button import TileButton  # noqa: E402

T = Tile.from_name


def _fresh_python(code: str) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_the_main_window_imports_without_numpy_or_the_drills():
    loaded = _fresh_python(
        "import sys\n"
        "import mjgui.ui.main_window\n"
        "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith('mjgui.drills')\n"
        "             or m in ('mjgui.ui.drill_page', 'mjgui.ui.stats_page')))")
    # the package and its one-line list of the drills (which names the modes), nothing else
    assert loaded == "['mjgui.drills', 'mjgui.drills.drill_names']"


def test_the_core_works_before_and_after_numpy_is_loaded():
    # 123m 456p 789s 11z 22z: tenpai (shanpon on 1z / 2z); the 14-tile hand with 1z is complete
    out = _fresh_python(
        "import sys\n"
        "from mjgui import core\n"
        "from mjgui._core import ffi\n"
        "hand = [1,1,1,0,0,0,0,0,0, 0,0,0,1,1,1,0,0,0, 0,0,0,0,0,0,1,1,1, 2,2,0,0,0,0,0]\n"
        "print(core.shanten(hand), core.shanten(bytes(hand)), 'numpy' in sys.modules)\n"
        "hand[27] = 3\n"
        "print(core.WIN_DTYPE.itemsize == ffi.sizeof('mj_win'), 'numpy' in sys.modules)\n"
        "print(core.shanten(bytes(hand)), type(core.shanten).__name__)\n"
        "import numpy\n"
        "print(core.shanten(numpy.array(hand, numpy.int64)))")
    assert out.splitlines() == ["0 0 False", "True True", "-1 builtin_function_or_method", "-1"]


def settle(qtbot, w) -> None:
    qtbot.waitUntil(lambda: w.worker.idle, timeout=5000)
    w.worker.wait()
    qtbot.wait(1)


def test_the_table_shows_the_analysis_of_each_new_hand(qtbot, window):
    """The cells are cached per hand: after a change (a discard, a palette click, undo)
    every row matches the analysis of the hand now shown, computed here on its own."""
    window.worker.with_ev = False          # the expected values refresh every cell: not here
    window.text.setText("23m456p789s11z556z9m")
    window.apply_text()
    settle(qtbot, window)
    qtbot.mouseClick(window.hand_view.tile_buttons()[-1], Qt.MouseButton.LeftButton)   # discard 9m
    settle(qtbot, window)
    qtbot.mouseClick(window.palette_widget.button("4m"), Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    for _ in range(3):      # with the 4m, before it, before the discard: other tables each time
        hand = window.editor.hand
        expected = analyze(hand)
        rows = [expected.current] if expected.current is not None else expected.rows
        model = window.table.model()
        source = window.table.source
        shown = {}
        for r in range(model.rowCount()):
            row = window.table.row_for_view(r)
            ukeire = source.index(window.table.proxy.mapToSource(model.index(r, UKEIRE)).row(), UKEIRE)
            shown[row.tile.name if row.tile is not None else None] = (
                model.index(r, TOTAL).data(), model.index(r, VERDICT).data(),
                [t.name for t in source.data(ukeire, TILES_ROLE)])
        assert shown == {(r.tile.name if r.tile is not None else None):
                         (str(r.ukeire_total), r.verdict("en", expected.shanten),
                          [t.name for t in r.ukeire]) for r in rows}
        window.editor.undo_stack.undo()
        settle(qtbot, window)


def test_every_column_is_as_wide_as_its_content(qtbot, window):
    """Widths are computed by the table itself: none may be narrower than Qt's own
    measure of the cells (sizeHintForColumn) or of the header, in a window wide enough
    that no column has to give way (narrower windows cap the widest: test_ui_layout)."""
    window.resize(2200, 900)
    for text in ("23m456p789s11z556z9m", "1m2p3s4z5m6p7s1z2z3z5z6z7z4m pon:5*55z"):
        window.text.setText(text)
        window.apply_text()
        settle(qtbot, window)
        table = window.table
        header = table.horizontalHeader()
        for col in range(VERDICT):
            if table.isColumnHidden(col):
                continue
            assert table.columnWidth(col) >= table.sizeHintForColumn(col), col
            assert table.columnWidth(col) >= header.sectionSizeHint(col), col


def _image(button: TileButton):
    return button.grab().toImage()


def test_a_button_picture_follows_theme_badge_and_tile(qtbot):
    light = TileButton(T("5m"), 44, "light")
    qtbot.addWidget(light)
    before = _image(light)
    light.theme = "dark"
    dark = TileButton(T("5m"), 44, "dark")
    qtbot.addWidget(dark)
    assert _image(light) != before
    assert _image(light) == _image(dark)
    light.badge = 3
    with_badge = _image(light)
    assert with_badge != _image(dark)
    light.badge = 2
    assert _image(light) != with_badge
    light.badge = None
    light.tile = T("6m")
    assert _image(light) != _image(dark)
    light.tile = T("5m")
    assert _image(light) == _image(dark)


def test_reused_hand_buttons_show_and_discard_the_new_tiles(qtbot):
    view = HandView()
    qtbot.addWidget(view)
    view.show()
    view.set_hand(Hand.parse("123456789m1234p5s"))
    first = view.tile_buttons()
    view.set_hand(Hand.parse("11z22z33z44z55z6z7z1m"))
    buttons = view.tile_buttons()
    assert [b.tile.name for b in buttons] == ["1m", "1z", "1z", "2z", "2z", "3z", "3z", "4z", "4z",
                                              "5z", "5z", "6z", "7z"]
    assert all(b.isVisible() for b in buttons)
    assert set(buttons) <= set(first)            # the same widgets, showing other tiles
    assert not any(b.isVisible() for b in set(first) - set(buttons))
    with qtbot.waitSignal(view.discardRequested) as signal:
        qtbot.mouseClick(buttons[4], Qt.MouseButton.LeftButton)
    assert signal.args == [T("2z")]
    view.set_hand(Hand.parse("19m19p19s1234567z5m"))
    assert view.drawn_tile() == T("5m")
    assert [b.tile.name for b in view.tile_buttons()][-2:] == ["7z", "5m"]
    QApplication.processEvents()



def _strip_tables(qtbot) -> tuple[AnalysisTable, AnalysisTable]:
    """Two tables alike but for the stamps: one draws each tile and count itself."""
    tables = []
    for cache in (True, False):
        table = AnalysisTable()
        table.delegate.cache = cache
        qtbot.addWidget(table)
        table.resize(1000, 420)
        table.show()
        tables.append(table)
    return tables[0], tables[1]


def _both(tables, act) -> tuple:
    """Run `act` on each table; their pictures (viewports grabbed) after it."""
    for table in tables:
        act(table)
    QApplication.processEvents()
    return tuple(t.viewport().grab().toImage() for t in tables)


def test_a_stamped_tile_strip_repaints_like_a_strip_drawn_tile_by_tile(qtbot):
    """The stamp cache must key on everything a tile and its count show: after each change
    the stamped table (its cache filled by the pictures before) shows what the other one
    draws."""
    tables = _strip_tables(qtbot)
    hits = analysis_table._stamp.cache_info().hits
    hand = Hand.parse("23m456p789s11z556z9m")
    first, drawn = _both(tables, lambda t: t.set_analysis(analyze(hand)))
    assert first == drawn
    # the same ukeire tiles with fewer copies left (two of them seen)
    fewer, drawn = _both(tables, lambda t: t.set_analysis(analyze(hand.__class__.parse(
        "23m456p789s11z556z9m visible:14m"))))
    assert fewer == drawn and fewer != first
    again, drawn = _both(tables, lambda t: t.set_analysis(analyze(hand)))
    assert again == drawn == first
    assert analysis_table._stamp.cache_info().hits > hits     # served from the cache
    dark, drawn = _both(tables, lambda t: t.set_theme("dark"))
    assert dark == drawn and dark != first
    # a narrower column cuts the strip ("…"); a bigger font changes the counts
    cut, drawn = _both(tables, lambda t: t.setColumnWidth(UKEIRE, 90))
    assert cut == drawn and cut != dark

    def bigger(table):
        font = table.font()
        font.setPointSizeF(font.pointSizeF() + 3)
        table.setFont(font)
    big, drawn = _both(tables, bigger)
    assert big == drawn and big != cut


def _blank(dpr: float) -> QPixmap:
    pixmap = QPixmap(round(160 * dpr), round(50 * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def test_a_stamped_tile_strip_follows_the_device_pixel_ratio(qtbot):
    """On a screen of ratio 2 a stamp drawn at ratio 1 would be blurred: the strip copied
    from stamps equals the strip drawn straight onto the same device."""
    strip = analysis_table._Strip((("1m", 3, False), ("5z", 0, True), ("9p", 4, False)), 120, 50,
                                  "light", 1.0, QFont().toString(), QColor("black").rgba())
    for dpr in (1.0, 2.0, 1.0, 2.0):
        look = replace(strip, dpr=dpr)
        drawn, copied = _blank(dpr), _blank(dpr)
        painter = QPainter(drawn)
        analysis_table._paint_strip(painter, 0, 0, look, stamps=False)
        painter.end()
        painter = QPainter(copied)
        analysis_table._paint_strip(painter, 0, 0, look, stamps=True)
        painter.end()
        assert copied.toImage() == drawn.toImage(), dpr


def test_a_tile_strip_cell_keeps_its_row_background(qtbot):
    """The strip cells paint the best rows' colour and the selection like the text cells
    of the same row (the delegate asks the model for the background only)."""
    table, _ = _strip_tables(qtbot)
    analysis = analyze(Hand.parse("23m456p789s11z556z9m"))
    table.set_analysis(analysis)
    QApplication.processEvents()
    best = {r.tile.kind for r in analysis.best()}
    shown = [table.row_for_view(r).tile.kind for r in range(table.model().rowCount())]
    assert any(k in best for k in shown) and any(k not in best for k in shown)

    def colours(row: int) -> tuple:
        image = table.viewport().grab().toImage()
        out = []
        for col in (UKEIRE, TOTAL):       # a strip cell and a text cell of the row
            rect = table.visualRect(table.model().index(row, col))
            out.append(image.pixelColor(rect.left() + 2, rect.bottom() - 2).rgb())
        return tuple(out)
    for row, kind in enumerate(shown):
        strip, text = colours(row)
        assert strip == text
        assert (strip == analysis_table.BEST_LIGHT.rgb()) == (kind in best)
    before = colours(1)
    table.selectRow(1)
    QApplication.processEvents()
    strip, text = colours(1)
    assert strip == text and (strip, text) != before       # the selection colour, in both


def test_the_worker_decides_the_calls_warning_marks_before_the_table_paints(qtbot):
    """Whether each call keeps a yaku (what the ⚠ marks need) is decided in the worker: the
    analysis reaches the window with it cached, and it agrees with a fresh analysis."""
    from mjgui.ui.analysis_worker import AnalysisWorker
    worker = AnalysisWorker()
    worker.with_ev = False
    results = []
    worker.finished.connect(results.append)
    hand = Hand.parse("23m45p78s11z556z pon:1*11m")
    worker.request(hand)
    assert worker.wait(20000)
    qtbot.waitUntil(lambda: bool(results), timeout=5000)
    assert results[0].error is None
    calls = [c for r in results[0].analysis.rows for c in r.calls]
    assert calls and all("yakuless" in c.__dict__ for c in calls)   # cached_property filled
    fresh = [c.yakuless for r in analyze(hand).rows for c in r.calls]
    assert [c.yakuless for c in calls] == fresh
