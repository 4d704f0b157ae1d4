"""The main window as a user drives it (offscreen): palettes, typing, the
analysis table, discards, the wait inspector, undo, copy/paste, languages."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication

from mjgui.hand import Hand
from mjgui.tiles import Tile
from mjgui.ui import i18n
from mjgui.ui.main_window import MainWindow
from ui_steps import hover_tooltip, settle, type_hand


def test_palette_clicks_build_the_hand_and_counts_follow(qtbot, window):
    palette = window.palette_widget
    for name in ("1m", "1m", "5p"):
        qtbot.mouseClick(palette.button(name), Qt.MouseButton.LeftButton)
    assert [t.name for t in window.editor.hand.concealed] == ["1m", "1m", "5p"]
    assert palette.button("1m").badge == 2
    assert palette.button("5p").badge == 3
    assert window.text.text() == "11m5p"
    # a fifth copy cannot be added: the button is disabled at 0 left
    for _ in range(2):
        qtbot.mouseClick(palette.button("1m"), Qt.MouseButton.LeftButton)
    assert palette.button("1m").badge == 0 and not palette.button("1m").isEnabled()


def test_known_hand_shows_exact_ukeire(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    model = window.table.model()
    rows = {window.table.row_for_view(r).tile.name: r for r in range(model.rowCount())}
    # discarding 9m or 6z keeps 1-shanten with 1m 4m (4 each), 1z 5z (2 each) = 12
    for name in ("9m", "6z"):
        r = rows[name]
        assert model.index(r, 1).data() == "1"
        assert model.index(r, 3).data() == "12"
    assert {window.table.row_for_view(r).tile.name for r in (0, 1)} == {"9m", "6z"}
    assert "1-shanten" in window.summary.text()
    verdict = model.index(rows["9m"], model.columnCount() - 1)  # the verdict is the last column
    assert hover_tooltip(window.table, verdict.row(), verdict.column()) == model.data(verdict)
    assert model.data(verdict).startswith("keeps 1-shanten, 12 tiles by draw")


def test_a_click_selects_a_row_and_a_double_click_plays_it(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    index = window.table.model().index(1, 0)
    name = window.table.row_for_view(1).tile.name
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.table.visualRect(index).center())
    settle(qtbot, window)
    assert len(window.editor.hand.concealed) == 14           # only selected
    assert window.table.currentIndex().row() == 1
    qtbot.mouseDClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                      pos=window.table.visualRect(index).center())
    settle(qtbot, window)
    hand = window.editor.hand
    assert len(hand.concealed) == 13
    assert hand.discards[-1].name == name
    assert window.analysis.current is not None


def test_wait_inspector_lists_the_waits_of_a_tenpai_hand(qtbot, window):
    type_hand(qtbot, window, "123m456s789s23p11z")
    assert window.waits.wait_kinds() == [9, 12]          # 1p and 4p
    type_hand(qtbot, window, "1112345678999m")
    assert window.waits.wait_kinds() == list(range(9))


def test_undo_restores_and_redo_replays(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    window.discard(8)                       # 9m
    settle(qtbot, window)
    assert len(window.editor.hand.concealed) == 13
    window.act_undo.trigger()
    settle(qtbot, window)
    assert str(window.editor.hand) == str(Hand.parse("23m456p789s11z556z9m"))
    assert len(window.table.source._rows) == 12
    window.act_redo.trigger()
    assert len(window.editor.hand.concealed) == 13


def test_bad_text_shows_an_inline_error_and_keeps_the_hand(qtbot, window):
    type_hand(qtbot, window, "123m456p789s11z")
    before = window.editor.hand
    for bad, word in (("12x3m", "'x'"), ("11111m", "5 copies of 1m"), ("8z", "8z")):
        window.text.setText(bad)
        window.apply_text()
        assert word in window.text_error.text()
        assert window.editor.hand == before
    window.text.setText("123m456p789s11z1z")
    window.apply_text()
    assert window.text_error.text() == ""


def test_partial_hand_explains_what_is_missing(qtbot, window):
    type_hand(qtbot, window, "123m")
    assert "add 10 more" in window.summary.text()
    assert window.table.model().rowCount() == 0


def test_copy_and_paste_round_trip(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z556z9m dora:1z")
    window.copy("url")
    assert QGuiApplication.clipboard().text() == "https://tenhou.net/2/?q=239m456p789s11556z"
    window.copy("mpsz")
    text = QGuiApplication.clipboard().text()
    window.editor.clear()
    window.paste()
    assert str(window.editor.hand) == text
    QGuiApplication.clipboard().setText("not a hand")
    window.paste()
    assert "Cannot paste" in window.text_error.text()


def test_random_deal_and_keyboard_discard(qtbot, window):
    window.random_deal(seed=7)
    settle(qtbot, window)
    assert len(window.editor.hand.concealed) == 14
    window.table.setFocus()
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_1)
    settle(qtbot, window)
    assert len(window.editor.hand.concealed) == 13


def test_language_switch_is_remembered(qtbot, window, tmp_path):
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    window.set_language("ja")
    assert "向聴" in window.summary.text()
    assert window.table.model().headerData(0, Qt.Orientation.Horizontal) == "打牌"
    assert window.store.value("language") == "ja"
    window.close()                       # a restart: the window saves what it shows
    again = MainWindow(window.store)
    qtbot.addWidget(again)
    assert i18n.language() == "ja"
    # the hand is remembered too: nothing lost on restart
    assert str(again.editor.hand) == str(window.editor.hand)


def test_hand_is_saved_once_edits_pause(qtbot, window):
    """The hand is written to the settings when the edits pause, not on every change (a
    settings file write per click cost the repaint), and without closing the window."""
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    qtbot.waitUntil(lambda: window.store.value("hand") == "23m456p789s11556z9m", timeout=5000)
    window.editor.set_hand(Hand.parse("123m456p789s1122z"))
    assert window.store.value("hand") == "23m456p789s11556z9m"       # not yet: the pause
    qtbot.waitUntil(lambda: window.store.value("hand") == "123m456p789s1122z", timeout=5000)


def test_click_updates_panels_within_a_frame(qtbot, window):
    """From a palette click to updated panels (analysis off the UI thread included):
    the window measures it; printed here, not asserted (timing belongs in benchmarks)."""
    times = []
    for name in ("6z", "9m", "1z", "2m", "5p"):
        window.editor.set_hand(Hand.parse("23m456p789s11z556z"))
        settle(qtbot, window)
        with qtbot.waitSignal(window.worker.finished, timeout=5000):
            qtbot.mouseClick(window.palette_widget.button(name), Qt.MouseButton.LeftButton)
        times.append(window.update_ms)
        assert window.analysis is not None and len(window.analysis.rows) > 0
        assert window.analysis.hand.concealed[-1] == Tile.from_name(name)
    times.sort()
    print(f"click -> panels: median {times[2]:.1f} ms")
    assert 0 < times[2]


def test_modes_drill_records_history_and_stats_follow(qtbot, window):
    window.set_mode("nanikiru")
    page = window.pages["nanikiru"]
    assert window.stack.currentWidget() is page
    assert not window.toolbar.isVisible()
    window.set_mode("stats")
    stats = window.pages["stats"]
    attempts_before = stats.header_values()
    window.set_mode("nanikiru")
    page.start(seed=3)
    problem = page.session.current()
    best = problem.best[0]
    with qtbot.waitSignal(page.attemptRecorded, timeout=5000):
        page._answer(best)          # as a click on that tile does
    assert window.history is not None and window.history.count() == 1
    window.set_mode("stats")
    assert stats.header_values() != attempts_before
    window.set_mode("analyze")
    assert window.toolbar.isVisible()
    assert window.store.value("mode") == "analyze"


def test_unusable_history_keeps_drills_working(qtbot, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = MainWindow(store, blocker / "history.sqlite")     # its folder is a file
    qtbot.addWidget(w)
    w.show()
    w.set_mode("stats")
    assert w.history is None and w.history_problem
    assert w.history_problem in w.pages["stats"].banner_text()
    w.set_mode("wait")
    assert w.pages["wait"].start(seed=1)
    assert w.pages["wait"].session.current().drill == "wait"


def test_app_without_a_display_explains_instead_of_aborting(monkeypatch, capsys):
    from mjgui.cli import main
    monkeypatch.setattr("sys.platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 1
    assert "xvfb-run" in capsys.readouterr().err


def test_copy_says_what_a_tenhou_url_cannot_hold(qtbot, window):
    type_hand(qtbot, window, "23m456p789s11z5z pon:5*55z@R dora:1z")
    window.copy("url")
    assert QGuiApplication.clipboard().text() == "https://tenhou.net/2/?q=23m456p789s115z"
    message = window.statusBar().currentMessage()
    assert "melds" in message and "dora indicators" in message
    window.copy("unicode")
    text = QGuiApplication.clipboard().text()
    assert text.split(" ")[1] == "\U0001F006" * 3 and text.endswith("dora \U0001F000")   # the pon of white, 1z
    type_hand(qtbot, window, "23m456p789s11z556z9m")
    window.copy("url")
    assert "concealed tiles only" not in window.statusBar().currentMessage()


def test_selecting_a_tenpai_row_reads_the_waits_worked_out_by_the_worker(qtbot, window, monkeypatch):
    type_hand(qtbot, window, "123m456s789s234p12z")
    import mjgui.waits

    def on_the_ui_thread(*_args):
        raise AssertionError("wait details computed on selection")
    monkeypatch.setattr(mjgui.waits, "wait_details", on_the_ui_thread)
    rows = {window.table.row_for_view(r).tile.name: r for r in range(window.table.model().rowCount())}
    # discarding 1z waits on 2z, discarding 2z on 1z (tanki)
    for name, waits in (("1z", [28]), ("2z", [27]), ("1z", [28])):
        index = window.table.model().index(rows[name], 0)
        qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                         pos=window.table.visualRect(index).center())
        assert window.waits.wait_kinds() == waits


def test_a_typed_hand_reads_sorted_and_its_sorted_form_is_no_new_edit(qtbot, window):
    """Typed 789s23s comes back in the field as 23789s (not 78923s); taking that text as
    typed is the same hand, not another undo step."""
    window.text.setText("123m456p11z789s23s")
    window.apply_text()
    window.text.clearFocus()
    qtbot.waitUntil(lambda: window.worker.idle, timeout=5000)
    window.worker.wait()
    qtbot.wait(10)
    assert window.text.text() == "123m456p23789s11z"
    steps = window.editor.undo_stack.count()
    window.apply_text()                        # the field's own (sorted) text
    assert window.editor.undo_stack.count() == steps
    window.text.setText("123m456p11z789s2s")  # another hand: a step
    window.apply_text()
    assert window.editor.undo_stack.count() == steps + 1
