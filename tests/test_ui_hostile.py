"""The app against stale results, damaged histories, malformed settings and a
screenshot next to the user's files (issue 14, items 5, 6, 8, 10, 11)."""
from __future__ import annotations

import logging
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from mjgui.drills.history import Attempt, HistoryStore
from mjgui.hand import Hand
from mjgui.ui import i18n
from mjgui.ui.main_window import MainWindow
from mjgui.ui.stats_page import StatsPage

T0 = datetime(2024, 3, 10, 12, 0, tzinfo=timezone.utc)


def make_window(qtbot, tmp_path, settings_text: str | None = None) -> MainWindow:
    ini = tmp_path / "settings.ini"
    if settings_text is not None:
        ini.write_text(settings_text)
    w = MainWindow(QSettings(str(ini), QSettings.Format.IniFormat), tmp_path / "history.sqlite")
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    yield w
    w.worker.wait()
    i18n.set_language("en")


def settle(qtbot, w):
    w.worker.wait()
    qtbot.waitUntil(lambda: w.worker.idle, timeout=5000)
    qtbot.wait(5)


# ---- item 6: stale analysis ------------------------------------------------------------

def test_deal_then_clear_shows_no_stale_analysis(qtbot, window):
    window.random_deal(seed=3)
    window.editor.clear()                       # Ctrl+D then Ctrl+L at once
    settle(qtbot, window)
    assert window.editor.hand.size == 0
    assert window.analysis is None and window.table.model().rowCount() == 0
    assert "tenpai" not in window.summary.text() and "shanten" not in window.summary.text()


def test_fourteen_tiles_then_four_shows_no_stale_analysis(qtbot, window):
    window.text.setText("123m456p789s1122z5m")
    window.apply_text()
    window.text.setText("9m123p")
    window.apply_text()
    settle(qtbot, window)
    assert window.editor.hand.size == 4
    assert window.analysis is None and window.table.model().rowCount() == 0
    assert "add 9 more" in window.summary.text()
    window._show_waits()                        # the slot that raised TileError
    window.hand_view.select_next()


def test_a_result_for_another_hand_is_dropped(qtbot, window):
    window.text.setText("123m456p789s1122z5m")
    window.apply_text()
    settle(qtbot, window)
    shown = window.analysis
    assert shown is not None
    from mjgui.ui.analysis_worker import AnalysisResult
    other = Hand.parse("1112345678999m1z")
    window._analysis_ready(AnalysisResult(window.worker._latest, shown, None, 1.0, other))
    assert window.analysis is shown             # not replaced by a result for `other`


# ---- item 5: damaged history rows in the app ---------------------------------------------

def _attempt(pid: str, minutes: int) -> Attempt:
    return Attempt(problem_id=pid, drill="nanikiru", topic="any", shanten=1,
                   problem={"id": pid, "kind": "nanikiru"}, pick="1m", correct=True,
                   score=1.0, seconds=3.0, answered_at=T0 + timedelta(minutes=minutes))


def _damaged_history(path: Path) -> None:
    with HistoryStore.open(path) as store:
        for i in range(5):
            store.record(_attempt(f"p{i}", i))
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = 1")
    conn.execute("UPDATE attempts SET answered_at = 'x' WHERE problem_id = 'p0'")
    conn.execute("UPDATE attempts SET score = 'abc' WHERE problem_id = 'p1'")
    conn.execute("UPDATE attempts SET theme = CAST(x'ff' AS TEXT) WHERE problem_id = 'p2'")
    conn.close()


def test_stats_page_shows_the_rest_and_counts_damaged_answers(qtbot, tmp_path):
    path = tmp_path / "history.sqlite"
    _damaged_history(path)
    with HistoryStore.open(path) as store:
        page = StatsPage(store, now=lambda: T0 + timedelta(days=1))
        qtbot.addWidget(page)
        assert page.header_values()["attempts"] == "2"
        assert "3 damaged answers were skipped" in page.banner_text()
        assert "will not be saved" not in page.banner_text()
        assert page.available()


def test_stats_mode_with_a_damaged_history(qtbot, tmp_path):
    _damaged_history(tmp_path / "history.sqlite")
    w = make_window(qtbot, tmp_path)
    w.set_mode("stats")
    page = w.pages["stats"]
    assert w.stack.currentWidget() is page and w.mode == "stats"
    assert "3 damaged answers were skipped" in page.banner_text()
    assert not list(tmp_path.glob("history.sqlite.corrupt-*"))


def test_a_page_that_fails_to_open_leaves_the_toolbar_on_the_shown_page(qtbot, window, monkeypatch):
    import mjgui.ui.stats_page as stats_module

    def broken(*args, **kwargs):
        raise ValueError("simulated failure")
    monkeypatch.setattr(stats_module, "StatsPage", broken)
    window.set_mode("stats")
    assert window.mode == "analyze" and window.stack.currentWidget() is window.analyze_page
    assert "simulated failure" in window.statusBar().currentMessage()


# ---- item 10: malformed settings --------------------------------------------------------

def test_malformed_settings_fall_back_to_defaults_with_a_log_note(qtbot, tmp_path, caplog):
    text = ("[General]\nhand=123m, 456p\ntheme=dark, light\nlanguage=1, 2\nmode=stats, wait\n"
            "drill\\nanikiru=a, b\n")
    with caplog.at_level(logging.WARNING, logger="mjgui.settings"):
        w = make_window(qtbot, tmp_path, text)
    assert w.editor.hand.size == 0 and w.theme == "light" and i18n.language() == "en"
    assert w.mode == "analyze"
    w.set_mode("nanikiru")                      # the drill page's saved settings are a list
    logged = caplog.text
    for key in ("hand", "theme", "language", "mode"):
        assert f"'{key}'" in logged
    assert "drill/nanikiru" in logged


def test_good_settings_are_still_read(qtbot, tmp_path, caplog):
    text = "[General]\nhand=123m456p789s1122z\ntheme=dark\nlanguage=ja\n"
    with caplog.at_level(logging.WARNING, logger="mjgui.settings"):
        w = make_window(qtbot, tmp_path, text)
    try:
        assert str(w.editor.hand) == "123m456p789s1122z" and w.theme == "dark"
        assert i18n.language() == "ja" and not caplog.records
    finally:
        i18n.set_language("en")
        w.worker.wait()


# ---- item 8: screenshots use private settings -----------------------------------------

def test_screenshot_never_touches_a_file_beside_it(qtbot, tmp_path):
    from mjgui.ui import app
    user_ini = tmp_path / "out.ini"
    user_ini.write_text("[General]\nimportant=yes\n")
    out = app.screenshot(str(tmp_path / "out.png"), "123m456p789s1122z", "en", "light")
    assert out.exists() and user_ini.read_text() == "[General]\nimportant=yes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.ini", "out.png"]


# ---- item 11: a huge paste ------------------------------------------------------------

def test_a_huge_paste_is_refused_quickly(qtbot, window):
    from PySide6.QtGui import QGuiApplication
    QGuiApplication.clipboard().setText("1m" * 500_000)
    window.paste()
    assert "too long" in window.text_error.text()


# ---- item 11: a big problem set is imported off the UI thread -------------------------

def test_import_runs_on_a_worker_with_progress(qtbot, tmp_path):
    from mjgui.drills.problems import save_set, starter_set
    path = tmp_path / "set.json"
    problems = list(starter_set().problems)
    save_set(path, problems, "Big set")
    page = StatsPage(None)
    qtbot.addWidget(page)
    page.show()
    seen = []
    page.importProgress.connect(lambda done, total: seen.append((done, total)))
    with qtbot.waitSignal(page.practiceRequested, timeout=20000) as blocker:
        page.import_in_background(path)
        assert page.import_progress.isVisibleTo(page) and not page.import_button.isEnabled()
    assert blocker.args[0] == problems and blocker.args[1] == "Big set"
    assert seen and seen[-1] == (len(problems), len(problems))
    assert not page.import_progress.isVisibleTo(page) and page.import_button.isEnabled()
    assert page.message() == f"Imported {len(problems)} problems from set.json."


def test_background_import_of_a_hostile_file_reports_inline(qtbot, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    page = StatsPage(None)
    qtbot.addWidget(page)
    with qtbot.waitSignal(page.importFinished, timeout=20000):
        page.import_in_background(path)
    assert page.message_kind() == "error" and "nested too deeply" in page.message()
    assert page.import_button.isEnabled()


def test_nested_drill_settings_fall_back(qtbot, tmp_path, caplog):
    from mjgui.ui.stored_settings import read_json_object
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    store.setValue("drill/wait", '{"source": ' + "[" * 900 + "]" * 900 + "}")
    store.setValue("drill/call", '{"source": "starter", "timer": 30}')
    with caplog.at_level(logging.WARNING, logger="mjgui.settings"):
        assert read_json_object(store, "drill/wait") is None
        assert read_json_object(store, "drill/call") == {"source": "starter", "timer": 30}
    assert "drill/wait" in caplog.text and "drill/call" not in caplog.text
