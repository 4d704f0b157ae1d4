"""Choosing the analysis table's columns: the header's menu, the choice kept in the
settings (read defensively), and how it meets the columns a narrow table hides."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QApplication, QMenu

from mjgui.analysis import analyze
from mjgui.hand import Hand
from mjgui.ui.analysis_table import CALLS, DISCARD, IMPROVE, SECOND, TOTAL, VALUE, VERDICT
from mjgui.ui.drill_common import DrillAnalysisTable
from mjgui.ui.main_window import MainWindow

TYPICAL = "123m456p789s1122z3m"


def settle(qtbot, window, size=(1280, 860), hand=TYPICAL):
    window.resize(*size)
    window.text.setText(hand)
    window.apply_text()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    for _ in range(4):
        qtbot.wait(5)
        QApplication.processEvents()


def open_menu(table) -> QMenu:
    """Right-click the header over the Total column: the menu it pops up."""
    header = table.horizontalHeader()
    pos = QPoint(header.sectionViewportPosition(TOTAL) + 5, header.height() // 2)
    header.customContextMenuRequested.emit(pos)
    menu = table.column_menu_shown
    assert menu is not None and menu.isVisible()
    return menu


def action_for(menu: QMenu, col: int):
    return next(a for a in menu.actions() if a.data() == col)


def new_window(qtbot, path) -> MainWindow:
    w = MainWindow(QSettings(str(path / "settings.ini"), QSettings.Format.IniFormat), path / "history.sqlite")
    qtbot.addWidget(w)
    w.show()
    return w


def test_the_header_menu_hides_and_shows_and_the_choice_persists(qtbot, window, tmp_path):
    settle(qtbot, window)
    table = window.table
    menu = open_menu(table)
    assert all(a.isChecked() for a in menu.actions() if a.isCheckable())
    assert DISCARD not in {a.data() for a in menu.actions()}        # a row is its discard
    action_for(menu, IMPROVE).trigger()
    menu.close()
    assert table.isColumnHidden(IMPROVE) and table.chosen_hidden() == {IMPROVE}
    assert table.horizontalScrollBar().maximum() == 0
    # the next menu shows the choice
    menu = open_menu(table)
    assert not action_for(menu, IMPROVE).isChecked() and action_for(menu, TOTAL).isChecked()
    menu.close()
    window.store.sync()
    assert window.store.value("hidden_columns") == "improve"
    # a new window with the same settings file starts with the column hidden
    window.close()
    again = new_window(qtbot, tmp_path)
    settle(qtbot, again)
    assert again.table.isColumnHidden(IMPROVE) and again.table.chosen_hidden() == {IMPROVE}
    # shown again from the menu: remembered too
    menu = open_menu(again.table)
    action_for(menu, IMPROVE).trigger()
    menu.close()
    assert not again.table.isColumnHidden(IMPROVE)
    again.store.sync()
    assert again.store.value("hidden_columns") == ""
    again.worker.wait()


def test_show_every_column_undoes_the_choices(qtbot, window):
    settle(qtbot, window)
    table = window.table
    table.choose_columns({SECOND, VALUE})
    menu = open_menu(table)
    every = [a for a in menu.actions() if not a.isCheckable() and not a.isSeparator()][-1]
    assert every.isEnabled()
    every.trigger()
    menu.close()
    assert table.chosen_hidden() == frozenset()
    assert not table.isColumnHidden(SECOND) and not table.isColumnHidden(VALUE)


def test_a_corrupt_or_foreign_setting_is_ignored(qtbot, tmp_path):
    ini = tmp_path / "settings.ini"
    # names from another version, the discard (never hidden), a list as INI writes it
    ini.write_text("[General]\nhidden_columns=improve, no_such_column, discard, value\n")
    w = new_window(qtbot, tmp_path)
    assert w.table.chosen_hidden() == {IMPROVE, VALUE}
    w.worker.wait()
    w.close()
    for raw in ("@ByteArray(improve)", "@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x5QRect\\0)", "12345"):
        ini.write_text(f"[General]\nhidden_columns={raw}\n")
        w = new_window(qtbot, tmp_path)
        assert w.table.chosen_hidden() == frozenset(), raw
        settle(qtbot, w)
        assert not w.table.isColumnHidden(DISCARD)
        w.worker.wait()
        w.close()


def test_room_hidden_columns_are_not_the_users_choice(qtbot, window):
    settle(qtbot, window, (800, 600))
    table = window.table
    squeezed = table.width_hidden()
    assert VERDICT in squeezed and not table.chosen_hidden()
    # the menu says they are shown by choice, hidden for want of room
    menu = open_menu(table)
    verdict = action_for(menu, VERDICT)
    assert verdict.isChecked() and "no room" in verdict.text()
    assert "no room" not in action_for(menu, TOTAL).text()
    # hiding the calls gives their room to the next column in the order: the verdict
    action_for(menu, CALLS).trigger()
    menu.close()
    assert table.isColumnHidden(CALLS) and not table.isColumnHidden(VERDICT)
    assert table.horizontalScrollBar().maximum() == 0
    window.store.sync()
    assert window.store.value("hidden_columns") == "calls"      # the room-hidden ones are not stored
    # wider: what was hidden for room comes back; the user's choice stays
    settle(qtbot, window, (1280, 860))
    assert table.width_hidden() == frozenset()
    assert table.isColumnHidden(CALLS)
    assert all(not table.isColumnHidden(c) for c in squeezed if c != CALLS)


def test_the_titles_say_how_to_choose(qtbot, window):
    from PySide6.QtCore import Qt
    tip = window.table.model().headerData(TOTAL, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Copies left") and "Right-click a column title" in tip


def test_the_drill_table_fits_its_width_the_same_way(qtbot):
    table = DrillAnalysisTable()
    qtbot.addWidget(table)
    table.resize(700, 500)
    table.show()
    qtbot.waitExposed(table)
    table.set_analysis(analyze(Hand.parse(TYPICAL)))
    header = table.horizontalHeader()
    assert table.horizontalScrollBar().maximum() == 0
    assert header.length() <= table.viewport().width()
    assert table.isColumnHidden(CALLS) and table.width_hidden()        # calls: never part of the drill
    table.resize(1600, 500)
    QApplication.processEvents()
    assert table.width_hidden() == frozenset() and table.isColumnHidden(CALLS)
    # no menu: its columns are the drill's
    from PySide6.QtCore import Qt
    assert header.contextMenuPolicy() != Qt.ContextMenuPolicy.CustomContextMenu
