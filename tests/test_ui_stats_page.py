"""The statistics page reads a drill history (mjgui.drills.history) and shows
it: header numbers, the chart per day, breakdown tables, the review queue; its
actions emit problem lists (review, misses, imported sets) and write sets."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

import fsrs_reference as ref

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog  # noqa: E402

from mjgui.drills import starter_set  # noqa: E402
from mjgui.drills.history import Attempt, HistoryError, HistoryStore  # noqa: E402
from mjgui.drills.problems import Problem, load_set, save_set  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.chart import LineChart  # noqa: E402
from mjgui.ui.stats_page import StatsPage, problems_from_dicts  # noqa: E402


def local(month: int, day: int, hour: int, minute: int = 0) -> datetime:
    """An aware datetime in the local time zone (days are local calendar days)."""
    return datetime(2024, month, day, hour, minute).astimezone()


NOW = local(3, 15, 18)
STARTER = starter_set()
BY_KIND = {k: [p for p in STARTER.problems if p.drill == k] for k in ("nanikiru", "wait", "call")}

# (problem id, drill, theme, shanten, correct, score, answered at)
ROWS = [
    ("n1", "nanikiru", "any", 1, True, 1.0, local(2, 4, 12)),       # outside 7 and 30 days
    ("n1", "nanikiru", "any", 1, True, 1.0, local(3, 11, 12)),
    ("w1", "wait", "any", 0, False, 0.5, local(3, 11, 12, 5)),
    ("n2", "nanikiru", "chinitsu", 2, False, 0.25, local(3, 13, 12)),
    ("c1", "call", "any", 1, True, 1.0, local(3, 13, 12, 5)),
    ("w1", "wait", "any", 0, True, 1.0, local(3, 14, 12)),          # fast: Easy, see W1_DUE
    ("n3", "nanikiru", "chiitoi", 1, False, 0.0, local(3, 15, 9)),
    ("n1", "nanikiru", "any", 1, True, 1.0, local(3, 15, 9, 5)),
    ("c1", "call", "any", 1, True, 1.0, local(3, 15, 9, 10)),
]

# w1: missed, then right and fast (Easy) 2 days 23:55 later: FSRS's recall stability
W1_STABILITY = ref.recall_stability(ref.initial_difficulty(1), ref.initial_stability(1),
                                    ref.retrievability(2, ref.initial_stability(1)), 4)
W1_DUE = local(3, 14, 12) + timedelta(days=ref.interval_days(W1_STABILITY))


def problem_dict(pid: str, kind: str, theme: str, shanten: int | None) -> dict:
    d = BY_KIND[kind][0].to_json()
    d.update(id=pid, theme=theme, shanten=shanten)
    return d


def attempt(pid, kind, theme, shanten, correct, score, at) -> Attempt:
    return Attempt(problem_id=pid, drill=kind, topic=theme, shanten=shanten,
                   problem=problem_dict(pid, kind, theme, shanten), pick="x", correct=correct,
                   score=score, seconds=4.0, answered_at=at)


@pytest.fixture
def store(tmp_path):
    with HistoryStore.open(tmp_path / "history.db") as s:
        for row in ROWS:
            s.record(attempt(*row))
        yield s


@pytest.fixture
def empty_store(tmp_path):
    with HistoryStore.open(tmp_path / "empty.db") as s:
        yield s


def make_page(qtbot, store, theme: str = "light") -> StatsPage:
    page = StatsPage(store, theme=theme, now=lambda: NOW)
    qtbot.addWidget(page)
    page.resize(1260, 820)
    return page


@pytest.fixture
def page(qtbot, store):
    return make_page(qtbot, store)


def hover(widget, pos: QPointF) -> None:
    """A mouse move without buttons (QTest.mouseMove does not reach the offscreen platform)."""
    event = QMouseEvent(QEvent.Type.MouseMove, pos, widget.mapToGlobal(pos), Qt.MouseButton.NoButton,
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def no_dialogs() -> bool:
    return not any(isinstance(w, QDialog) and w.isVisible() for w in QApplication.topLevelWidgets())


# --- header ------------------------------------------------------------------------------

def test_header_numbers(page):
    # 9 answers, 6 right, credit 6.75 / 9; correct run T T F F T T F T T; practised
    # Mar 13, 14, 15 (not 12); misses n2, n3 (due) and w1 (answered right since, due later)
    assert W1_DUE > NOW
    assert page.header_values() == {
        "attempts": "9", "accuracy": "67%", "credit": "75%", "streak": "2", "best": "2",
        "days": "3", "due": "2", "queued": "3", "next": W1_DUE.date().isoformat()}
    assert page.cards["attempts"].sub.text() == "on 5 days"
    assert page.cards["accuracy"].sub.text() == "6 of 9 exactly right"
    assert page.cards["review"].sub.text() == f"3 in the queue · next {W1_DUE.date().isoformat()}"
    assert "FSRS" in page.cards["review"].toolTip()
    for card in page.cards.values():
        assert card.toolTip() and card.value.toolTip() == card.toolTip()
    assert page.banner_text() == "" and page.message() == ""


def test_review_counts_follow_the_clock(qtbot, store):
    early = StatsPage(store, now=lambda: local(3, 15, 8))     # before n3 is missed (9:00)
    qtbot.addWidget(early)
    values = early.header_values()
    assert (values["due"], values["queued"], values["next"]) == ("1", "3", "2024-03-15")
    assert early.review_button.text() == "Review due misses (1)"
    late = StatsPage(store, now=lambda: W1_DUE)
    qtbot.addWidget(late)
    assert (late.header_values()["due"], late.header_values()["next"]) == ("3", "–")


# --- chart -------------------------------------------------------------------------------

def test_chart_series_and_ranges(page):
    chart = page.chart
    assert page.current_range() == "30"
    acc, credit = chart.series()
    days = [date(2024, 3, 11), date(2024, 3, 13), date(2024, 3, 14), date(2024, 3, 15)]
    assert [d for d, _ in acc] == days and [d for d, _ in credit] == days
    assert [round(v, 2) for _, v in acc] == [50.0, 50.0, 100.0, 66.67]
    assert [round(v, 2) for _, v in credit] == [75.0, 62.5, 100.0, 66.67]
    assert chart.bars() == [(days[0], 2), (days[1], 2), (days[2], 1), (days[3], 3)]
    assert chart.day_range() == (date(2024, 2, 15), date(2024, 3, 15))
    assert chart.names() == ["Accuracy", "Mean credit"]

    page.set_range("7")
    assert page.range_buttons["7"].isChecked()
    assert chart.day_range() == (date(2024, 3, 9), date(2024, 3, 15))
    assert [d for d, _ in chart.series()[0]] == days

    qtbot_click_range = page.range_buttons["all"]
    qtbot_click_range.click()
    assert page.current_range() == "all"
    assert chart.day_range() == (date(2024, 2, 4), date(2024, 3, 15))
    assert chart.series()[0][0] == (date(2024, 2, 4), 100.0)
    assert len(chart.series()[0]) == 5


def test_chart_tooltip_and_hover(qtbot, page):
    page.show()
    qtbot.waitExposed(page)
    chart = page.chart
    day = date(2024, 3, 13)
    text = chart.tooltip_for(day)
    assert text.splitlines() == ["Wed 13 Mar 2024", "Attempts: 2", "Accuracy: 50%", "Mean credit: 63%"]
    pos = chart.point_position(day, 0)
    assert pos is not None and chart.day_at(pos.x()) == day
    hover(chart, pos)
    assert chart.hovered_day() == day
    hover(chart, QPointF(chart.x_of(date(2024, 2, 20)), pos.y()))
    assert chart.hovered_day() is None
    # between days with data, far from any point: nothing
    assert chart.day_at(chart.x_of(date(2024, 2, 20))) is None


def test_chart_range_with_nothing_in_it(qtbot, tmp_path):
    with HistoryStore.open(tmp_path / "old.db") as s:
        s.record(attempt("n1", "nanikiru", "any", 1, True, 1.0, local(2, 4, 12)))
        page = make_page(qtbot, s)
        page.set_range("7")
        assert page.chart.is_empty()
        assert page.chart.empty_text() == "No attempts in the last 7 days"
        page.set_range("all")
        assert not page.chart.is_empty()


def test_chart_widget_alone(qtbot):
    chart = LineChart()
    qtbot.addWidget(chart)
    chart.resize(500, 220)
    chart.set_series([(date(2024, 1, 2), 150.0), (date(2024, 1, 1), -5.0)], names=("A",))
    assert chart.series() == [[(date(2024, 1, 1), 0.0), (date(2024, 1, 2), 100.0)]]  # sorted, clamped
    assert chart.day_range() == (date(2024, 1, 1), date(2024, 1, 2))
    assert chart.tooltip_for(date(2024, 1, 2)).splitlines() == ["Tue 2 Jan 2024", "A: 100%"]
    chart.set_series([])
    assert chart.is_empty()
    with pytest.raises(ValueError):
        chart.set_theme("blue")


# --- tables ------------------------------------------------------------------------------

def test_breakdown_tables(page):
    assert page.table_rows("drill") == [
        ["Calls", "2", "100%", "100%"],
        ["Nanikiru (discard)", "5", "60%", "65%"],
        ["Waits", "2", "50%", "75%"]]
    assert page.table_rows("topic") == [
        ["Any hand", "7", "86%", "93%"],
        ["Chiitoi (seven pairs)", "1", "0%", "0%"],
        ["Chinitsu (one suit)", "1", "0%", "25%"]]
    assert page.table_rows("shanten") == [
        ["Tenpai", "2", "50%", "75%"],
        ["1-shanten", "6", "83%", "83%"],
        ["2-shanten", "1", "0%", "25%"]]
    model = page.tables["drill"].model()

    def tip(row, col):
        return model.index(row, col).data(Qt.ItemDataRole.ToolTipRole)
    assert tip(1, 1) == "Nanikiru (discard): 5 answers"
    assert tip(1, 2) == "Nanikiru (discard): 3 of 5 answers exactly right (60%)"
    assert "mean partial credit 65%" in tip(1, 3)
    for col in (1, 2, 3):
        assert model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


# --- actions -----------------------------------------------------------------------------

def test_review_due_emits_the_due_problems(qtbot, page):
    assert page.review_button.text() == "Review due misses (2)" and page.review_button.isEnabled()
    with qtbot.waitSignal(page.practiceRequested, timeout=1000) as blocker:
        qtbot.mouseClick(page.review_button, Qt.MouseButton.LeftButton)
    problems, title = blocker.args
    assert isinstance(problems, list) and all(isinstance(p, Problem) for p in problems)
    assert [p.id for p in problems] == ["n2", "n3"]              # most overdue first
    assert title == "Review: due misses"
    assert page.message_kind() == "ok"


def test_practise_misses_emits_latest_misses(qtbot, page):
    assert page.misses_button.text() == "Practise my misses (2)"
    with qtbot.waitSignal(page.practiceRequested, timeout=1000) as blocker:
        page.misses_button.click()
    problems, title = blocker.args
    assert [p.id for p in problems] == ["n3", "n2"]              # newest miss first
    assert problems[0].drill == "nanikiru" and problems[0].topic == "chiitoi"
    assert title == "My misses"


def test_import_good_set_emits_its_problems(qtbot, page, tmp_path, monkeypatch):
    path = tmp_path / "my set.json"
    chosen = list(STARTER.problems[:2]) + [BY_KIND["call"][0]]
    save_set(path, chosen, "Weekend set")
    with qtbot.waitSignal(page.practiceRequested, timeout=1000) as blocker:
        result = page.import_set(path)
    assert result is not None and list(result.problems) == chosen
    problems, title = blocker.args
    assert problems == chosen and type(problems) is list and title == "Weekend set"
    assert page.message() == "Imported 3 problems from my set.json." and page.message_kind() == "ok"

    # the button: a file dialog, then the same method
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    with qtbot.waitSignal(page.practiceRequested, timeout=1000):
        page.import_button.click()
    # a cancelled dialog does nothing
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    with qtbot.assertNotEmitted(page.practiceRequested):
        page.import_button.click()


def bad_files() -> dict[str, tuple[str, list[str]]]:
    good = STARTER.problems[0].to_json()
    bad_hand = dict(good, id="bad", hand="123m")
    head = {"format": "mjgui-problems", "version": 1, "title": "t"}
    return {
        "not_json": ("this is { not json", ["Cannot import not_json.json", "not JSON"]),
        "wrong_format": (json.dumps({"format": "something-else", "version": 1, "problems": []}),
                         ["field 'format'", "not an mjgui problem set"]),
        "bad_hand": (json.dumps(dict(head, problems=[good, bad_hand])),
                     ["problem at index 1 (id 'bad')", "field 'hand'", "holds 14 tiles"]),
        "unknown_key": (json.dumps(dict(head, problems=[dict(good, colour="red")])),
                        ["problem at index 0", "field 'colour'", "unknown key"]),
        "empty": (json.dumps(dict(head, problems=[])), ["holds no problems"]),
    }


@pytest.mark.parametrize("name", list(bad_files()))
def test_import_bad_file_shows_inline_error(qtbot, page, tmp_path, name):
    text, expected = bad_files()[name]
    path = tmp_path / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    with qtbot.assertNotEmitted(page.practiceRequested):
        assert page.import_set(path) is None
    assert page.message_kind() == "error"
    for part in expected:
        assert part in page.message()
    assert no_dialogs()
    assert page.header_values()["attempts"] == "9"                # the page is still fine


def test_import_missing_file(qtbot, page, tmp_path):
    assert page.import_set(tmp_path / "nope.json") is None
    assert "cannot read the file" in page.message()


def test_export_misses_writes_a_loadable_set(qtbot, page, tmp_path, monkeypatch):
    path = tmp_path / "misses.json"
    assert page.export_misses(path) == 2
    loaded = load_set(path)
    assert [p.id for p in loaded.problems] == ["n3", "n2"]
    assert loaded.title == "My misses 2024-03-15"
    assert page.message() == "Wrote 2 problems to misses.json."

    out = tmp_path / "starter"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    page.export_starter_button.click()
    assert len(load_set(tmp_path / "starter.json")) == len(STARTER)   # .json added

    # an unwritable place: an inline error, no crash
    assert page.export_misses(tmp_path / "no-such-dir" / "x.json") == 0
    assert page.message_kind() == "error" and "Cannot write x.json" in page.message()


def test_unreadable_stored_problems_are_left_out():
    good = problem_dict("g", "nanikiru", "any", 1)
    problems, skipped = problems_from_dicts([{"id": "old", "kind": "nanikiru"}, good, dict(good),
                                             dict(good, extra_key=1, id="h")])
    assert [p.id for p in problems] == ["g", "h"] and skipped == 1


# --- refresh, empty, unavailable -----------------------------------------------------------

def test_refresh_reads_new_attempts(qtbot, page, store):
    store.record(attempt("n2", "nanikiru", "chinitsu", 2, True, 1.0, local(3, 15, 17)))
    assert page.header_values()["attempts"] == "9"
    page.refresh()
    values = page.header_values()
    assert values["attempts"] == "10" and values["streak"] == "3" and values["due"] == "1"
    assert page.misses_button.text() == "Practise my misses (1)"


def test_damaged_review_rows_are_counted_in_the_banner(qtbot, page, store):
    store.connection.execute("UPDATE review SET stability = -2 WHERE problem_id IN ('n2', 'w1')")
    page.refresh()
    assert page.header_values()["due"] == "1" and page.header_values()["queued"] == "1"
    assert "2 damaged review-queue entries were skipped" in page.banner_text()
    assert page.banner.property("kind") == "info"
    i18n.set_language("ja")
    page.retranslate()
    assert "復習キューの破損した項目 2 件" in page.banner_text()


def test_mark_stale_refreshes_when_shown(qtbot, page, store):
    store.record(attempt("n2", "nanikiru", "chinitsu", 2, True, 1.0, local(3, 15, 17)))
    page.mark_stale()                                             # hidden: later
    assert page.header_values()["attempts"] == "9"
    page.show()
    qtbot.waitExposed(page)
    assert page.header_values()["attempts"] == "10"
    store.record(attempt("n3", "nanikiru", "chiitoi", 1, True, 1.0, local(3, 15, 17, 5)))
    page.mark_stale()                                             # visible: now
    assert page.header_values()["attempts"] == "11"


def test_empty_store_shows_the_empty_state(qtbot, empty_store, tmp_path):
    page = make_page(qtbot, empty_store)
    assert page.chart.is_empty()
    assert page.chart.empty_text() == "No attempts yet — practise a drill first"
    values = page.header_values()
    assert values["attempts"] == "0" and values["accuracy"] == "–" and values["due"] == "0"
    assert not page.review_button.isEnabled() and not page.misses_button.isEnabled()
    assert page.import_button.isEnabled()
    assert page.table_rows("drill") == [["No attempts yet", "", "", ""]]
    assert page.export_misses(tmp_path / "m.json") == 0 and not (tmp_path / "m.json").exists()
    assert page.banner_text() == ""


def test_no_store_shows_why(qtbot, tmp_path):
    page = make_page(qtbot, None)
    assert "not available" in page.banner_text()
    page.set_unavailable("Cannot open the drill history at /ro/history.db: permission denied.")
    assert "permission denied" in page.banner_text()
    assert set(page.header_values().values()) == {"–"}
    assert page.chart.empty_text() == "History unavailable"
    assert not page.review_button.isEnabled() and not page.export_misses_button.isEnabled()
    with qtbot.assertNotEmitted(page.practiceRequested):
        assert page.practise_misses() == []
    assert page.message_kind() == "error"
    # importing a set does not need the history
    path = tmp_path / "s.json"
    save_set(path, STARTER.problems[:1], "one")
    with qtbot.waitSignal(page.practiceRequested, timeout=1000):
        assert page.import_set(path) is not None
    # both languages of a HistoryError
    page.set_unavailable(HistoryError("Locked by another program.", "他のプログラムがロックしています。"))
    i18n.set_language("ja")
    page.retranslate()
    assert "他のプログラムがロックしています" in page.banner_text()
    page.set_unavailable(None)
    assert "練習履歴を使用できません" in page.banner_text()           # still no store


def test_set_store_and_closed_store(qtbot, store):
    page = make_page(qtbot, None)
    page.set_store(store)
    assert page.banner_text() == "" and page.header_values()["attempts"] == "9"
    store.close()
    page.refresh()                                                # HistoryError inside: inline
    assert "closed" in page.banner_text()
    assert page.header_values()["attempts"] == "–"


def test_recovered_history_is_mentioned(qtbot, tmp_path):
    path = tmp_path / "history.db"
    path.write_bytes(b"definitely not sqlite" * 10)
    with HistoryStore.open(path) as s:
        page = make_page(qtbot, s)
        assert "moved aside" in page.banner_text()
        assert page.banner.property("kind") == "info"


def test_japanese(qtbot, page):
    i18n.set_language("ja")
    page.retranslate()
    assert page.review_button.text() == "期限の来た問題を復習（2）"
    assert page.cards["review"].sub.text() == f"キュー 3 ・ 次回 {W1_DUE.date().isoformat()}"
    assert page.chart.names() == ["正解率", "平均得点"]
    assert page.table_rows("shanten")[0][0] == "聴牌"
    assert page.chart.tooltip_for(date(2024, 3, 13)).splitlines()[0] == "2024年3月13日（水）"


# --- screenshots (2x device pixel ratio), to look at ----------------------------------------

def save_screenshot(qtbot, page: StatsPage, path: str, size=(1260, 820)) -> QPixmap:
    page.resize(*size)
    page.show()
    qtbot.waitExposed(page)
    qtbot.wait(10)
    pixmap = QPixmap(size[0] * 2, size[1] * 2)
    pixmap.setDevicePixelRatio(2)
    page.render(pixmap)
    assert pixmap.save(path)
    assert Path(path).stat().st_size > 10_000
    return pixmap


@pytest.fixture
def app_theme():
    """Switch the application palette like the main window does, and back."""
    from mjgui.ui.main_window import apply_theme
    app = QApplication.instance()
    yield lambda theme: apply_theme(app, theme)
    apply_theme(app, "light")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshot(qtbot, store, app_theme, theme):
    app_theme(theme)
    page = make_page(qtbot, store, theme)
    page.set_range("all")
    page.show()
    qtbot.waitExposed(page)
    pos = page.chart.point_position(date(2024, 3, 13), 0)
    hover(page.chart, pos)
    save_screenshot(qtbot, page, f"/tmp/ui_stats_{theme}.png")


def test_screenshot_states(qtbot, empty_store, store, app_theme, tmp_path):
    app_theme("light")
    page = make_page(qtbot, empty_store)
    save_screenshot(qtbot, page, "/tmp/ui_stats_empty.png", (1100, 700))
    page = make_page(qtbot, None)
    page.set_unavailable("Cannot open the drill history at /home/me/.local/share/mjgui/history.db: "
                         "permission denied or read-only location. Drills still work, but answers "
                         "will not be saved.")
    save_screenshot(qtbot, page, "/tmp/ui_stats_unavailable.png", (1100, 700))
    app_theme("dark")
    i18n.set_language("ja")
    page = make_page(qtbot, store, "dark")
    bad = tmp_path / "bad.json"
    good = STARTER.problems[0].to_json()
    bad.write_text(json.dumps({"format": "mjgui-problems", "version": 1,
                               "problems": [good, dict(good, id="x7", hand="12m")]}))
    page.import_set(bad)
    page.set_range("7")
    save_screenshot(qtbot, page, "/tmp/ui_stats_dark_ja.png")
