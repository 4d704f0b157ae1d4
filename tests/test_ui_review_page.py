"""Review mode in the window: open a log, choose the player, walk the decisions, open one in
the analysis, drill the mistakes."""
from __future__ import annotations

import gzip
import json
import os
import sys

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QGuiApplication

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from logsim import simulate  # noqa: E402
from mjgui.logs import mjlog, tenhou6  # noqa: E402
from mjgui.logs.review import review_game, severity  # noqa: E402

TIMEOUT = 60000


@pytest.fixture(scope="module")
def game():
    return simulate(5, rounds=3)


def _write(tmp_path, record, name="game.mjlog", compress=True):
    data = mjlog.dumps(record).encode()
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if compress else data)
    return path


def _reviewed(qtbot, page):
    qtbot.waitUntil(lambda: page.review is not None and not page.progress.isVisible(), timeout=TIMEOUT)


def test_open_choose_player_and_walk_the_decisions(qtbot, window, tmp_path, game) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    page.open_file(_write(tmp_path, game))
    # the first time, the page asks whose game it is
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    assert page.player_box.currentIndex() == -1 and "player" in page.summary.text().lower()
    assert page.player_box.placeholderText() == "choose…"          # the empty box says what it wants
    page.player_box.setCurrentIndex(2)
    page.player_box.activated.emit(2)
    _reviewed(qtbot, page)

    expected = review_game(game, 2)                  # the same rating, computed directly
    rows = page.timeline.rows()
    assert len(rows) == len(game.rounds)
    assert [len(r.cells) for r in rows] == [len(rs) for rs in expected.ratings]
    severities = [[severity(r) for r in rs] for rs in expected.ratings]
    assert [[c.severity for c in r.cells] for r in rows] == [
        [{"agreed": 0, "small": 1, "mistake": 2}[s] for s in ss] for ss in severities]
    s = expected.summary()
    assert f"{s['decisions']} decisions" in page.summary.text()

    # the first mistake is selected; its hand and the engine's ranking are shown
    row, cell = page.timeline.current()
    rating = expected.ratings[row][cell]
    assert page.hand_view._hand == rating.decision.hand
    assert page.alternatives.rowCount() == len(rating.ranking)
    assert page.alternatives.item(0, 0).text().split()[0] == rating.ranking[0].choice
    assert rating.decision.played in page.title.text()

    # a pon / chi offer rated by expected points: values in points, the shape chosen marked
    calls = [(i, j, r) for i, rs in enumerate(expected.ratings) for j, r in enumerate(rs)
             if r.decision.action == "call" and r.evaluator == "ev"]
    assert calls
    i, j, rating = calls[0]
    page.timeline.set_current(i, j)
    shown = [[page.alternatives.item(k, c).text() for c in range(2)] for k in range(page.alternatives.rowCount())]
    assert [c.split()[0] for c, _ in shown] == [a.choice for a in rating.ranking]
    assert all(v.endswith(" pts") for _, v in shown)
    assert [c.endswith("← played") for c, _ in shown] == [a.choice == rating.played for a in rating.ranking]
    assert f"you chose {rating.played}" in page.title.text()

    # arrows step through the game; Enter opens the situation in the analysis
    page.timeline.set_current(0, 0)
    qtbot.keyClick(page.timeline, Qt.Key.Key_Right)
    assert page.timeline.current() == ((0, 1) if len(rows[0].cells) > 1 else (1, 0))
    hand = page.current_hand()
    qtbot.keyClick(page, Qt.Key.Key_Return)
    assert window.mode == "analyze" and window.editor.hand == hand

    # the player is remembered: the next game is reviewed for the same name at once
    window.set_mode("review")
    page.open_file(_write(tmp_path, game, "again.xml", compress=False))
    qtbot.waitUntil(lambda: page.progress.isVisible() or page.review is None, timeout=TIMEOUT)
    _reviewed(qtbot, page)
    assert page.review.seat == 2


def test_drill_my_mistakes_fills_the_queue_once_and_starts_nanikiru(qtbot, window, tmp_path, game) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    page.open_text(json.dumps(tenhou6.to_json(game)))
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    page.review_player(0)
    _reviewed(qtbot, page)
    problems = page.review.problems()
    if not problems:
        pytest.skip("this simulated game has no costly discard for seat 0")
    page.drill_mistakes()
    assert window.mode == "nanikiru"
    from mjgui.drills.review import ReviewQueue
    queue = ReviewQueue(window.history)
    due = {p["id"] for p in queue.due()}
    assert {p.id for p in problems} <= due
    # the same game again adds nothing new
    window.set_mode("review")
    assert queue.add_problems(page.review.problems(), source="review") == 0


def test_bad_input_is_explained_and_the_page_keeps_working(qtbot, window, tmp_path, game) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    bad = tmp_path / "broken.mjlog"
    bad.write_text("<mjloggm ver='2.3'><INIT seed='0,0,0,0,0,x'")
    page.open_file(bad)
    qtbot.waitUntil(lambda: "broken.mjlog" in page.summary.text(), timeout=TIMEOUT)
    assert page.review is None and not page.drill_button.isEnabled()
    QGuiApplication.clipboard().setText("")
    page.paste()
    assert "clipboard" in page.summary.text().lower()
    # then a good file dropped on the page works
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(_write(tmp_path, game)))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    page.dropEvent(event)
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)


def test_folder_import_reviews_every_game_of_the_named_player(qtbot, window, tmp_path, game) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    folder = tmp_path / "logs"
    folder.mkdir()
    for i, seed in enumerate((11, 12)):
        _write(folder, simulate(seed, rounds=2), f"g{i}.mjlog")
    (folder / "notes.txt").write_text("not a log")
    (folder / "other.mjlog").write_bytes(mjlog.dumps(simulate(13, rounds=1, names=("W", "X", "Y", "Z"))).encode())
    assert not page.import_folder(tmp_path / "empty-nothing", player="Bob")
    assert page.import_folder(folder, player="Bob")
    qtbot.waitUntil(lambda: not page.progress.isVisible(), timeout=TIMEOUT * 2)
    results = dict(page._folder_results)
    assert len(results) == 4
    good = [r for r in results.values() if not isinstance(r, Exception)]
    assert len(good) == 2 and all(r.player == "Bob" for r in good)
    assert "2 games reviewed" in page.summary.text() and "2 files skipped" in page.summary.text()
    assert page.review is good[-1]


def test_a_reviewed_game_reaches_the_statistics(qtbot, window, tmp_path, game) -> None:
    window.set_mode("stats")
    stats = window.pages["stats"]
    assert "No game reviewed yet" in stats.games.summary.text()
    window.set_mode("review")
    page = window.pages["review"]
    page.open_file(_write(tmp_path, game))
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    page.review_player(1)
    _reviewed(qtbot, page)
    s = page.review.summary()
    window.set_mode("stats")
    stats.refresh()
    assert f"1 game, {s['decisions']} decisions" in stats.games.summary.text()
    assert stats.games.table.rowCount() == 1 and stats.games.table.item(0, 1).text() == game.players[1]


def test_the_empty_page_says_how_to_open_a_game(qtbot, window, tmp_path, game) -> None:
    """Nothing open: the hand's place says how to open a game on this page (its buttons, a
    drop, a paste), not the Analyze mode's "click tiles below or type a hand"; the hand view
    and the empty ranking come back with a decision."""
    from mjgui.ui import i18n
    window.set_mode("review")
    page = window.pages["review"]
    buttons = (page.open_button, page.folder_button, page.paste_button)
    for lang in ("en", "ja"):
        window.set_language(lang)
        note = page.empty_note.text()
        assert page.empty_note.isVisible() and not page.hand_view.isVisible()
        assert not page.alternatives.isVisible()
        for button in buttons:                      # every way in is named as its button says
            assert button.text() in note
        assert ("drop" in note and "timeline" in note) if lang == "en" else ("ドロップ" in note)
        assert "tiles below" not in note and "下の牌" not in note
    assert i18n.language() == "ja"
    window.set_language("en")
    page.open_file(_write(tmp_path, game))
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    if page.review is None:                         # read, not yet rated: choose the player
        assert page.empty_note.isVisible() and "player" in page.empty_note.text()
        page.review_player(1)
    _reviewed(qtbot, page)
    qtbot.waitUntil(lambda: page.hand_view.isVisible(), timeout=TIMEOUT)
    assert not page.empty_note.isVisible() and page.alternatives.isVisible()
