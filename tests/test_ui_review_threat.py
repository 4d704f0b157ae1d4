"""The review page under threat: a real tenhou game's decisions against a riichi show the other
players' rivers as on the table (the riichi tile sideways, the tiles passed after it marked as the
log played them), a push / fold line built from the rating's numbers, the deal-in / push / fold
columns, and the timeline underlines exactly the decisions made under threat.  The line's words are
checked on a hand-written rating."""
from __future__ import annotations

import json
import os
import sys

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))

from real_games import game_ids, load_game  # noqa: E402
from mjgui.defence.danger import danger  # noqa: E402
from mjgui.hand import Hand  # noqa: E402
from mjgui.logs import tenhou6  # noqa: E402
from mjgui.logs.rate import Alternative, Rating  # noqa: E402
from mjgui.logs.record import Call, Discard  # noqa: E402
from mjgui.logs.replay import Decision  # noqa: E402
from mjgui.logs.review import review_game  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.theme import COLORS  # noqa: E402
from mjgui.ui.threat_line import threat_line  # noqa: E402

TIMEOUT = 60000
SEAT = 1


@pytest.fixture(scope="module")
def record():
    return load_game(game_ids()[0])


@pytest.fixture(scope="module")
def expected(record):
    """The same game rated directly, without the page."""
    return review_game(record, SEAT)


def _open(qtbot, window, record):
    window.set_mode("review")
    page = window.pages["review"]
    page.open_text(json.dumps(tenhou6.to_json(record)))
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    page.review_player(SEAT)
    qtbot.waitUntil(lambda: page.review is not None and not page.progress.isVisible(), timeout=TIMEOUT)
    return page


def _passed_in_the_log(record, d) -> set[tuple[str, int]]:
    """(seat, river index) of every discard made after an opponent's riichi declaration, read off
    the log's own order of events (not the rivers)."""
    events = record.rounds[d.round].events[:d.event]
    relative = dict(zip(d.seats, "LAR"))
    out = set()
    for q in relative:
        declared = next((j for j, e in enumerate(events) if isinstance(e, Discard) and e.seat == q and e.riichi), None)
        if declared is None:
            continue
        made: dict[int, int] = {}
        for j, e in enumerate(events):
            if isinstance(e, Discard):
                made[e.seat] = made.get(e.seat, 0) + 1
                if j > declared and e.seat in relative:
                    out.add((relative[e.seat], made[e.seat] - 1))
    return out


def _under_riichi(expected, record, calls: bool):
    """Discards rated by push / fold against a riichi, in rounds with (or without) calls before them."""
    for i, rs in enumerate(expected.ratings):
        for j, r in enumerate(rs):
            d = r.decision
            if d.action != "discard" or r.evaluator != "ev" or not any(o.in_riichi for o in d.hand.opponents):
                continue
            called = any(isinstance(e, Call) for e in record.rounds[d.round].events[:d.event])
            if called == calls:
                yield i, j, r


def test_a_decision_under_a_riichi_shows_the_table(qtbot, window, record, expected) -> None:
    page = _open(qtbot, window, record)
    # a decision some turns after the riichi: tiles have passed it
    i, j, rating = next((i, j, r) for i, j, r in _under_riichi(expected, record, calls=False)
                        if len(_passed_in_the_log(record, r.decision)) >= 4)
    page.timeline.set_current(i, j)
    d = rating.decision
    table = page.table_view
    assert table.isVisible() and table.hand() == d.hand
    # the rivers are the table view's alone: the hand view draws no strips of them here
    assert not any(page.hand_view.strip(f"river-{s}") for s in "LAR")
    riichi = [o for o in d.hand.opponents if o.in_riichi]
    for o in riichi:
        tile = table.tile(o.seat, o.riichi_index)
        assert tile.sideways and tile.rect.width() > tile.rect.height()
        assert tile.tile == o.river[o.riichi_index].tile
    assert sum(t.sideways for t in table.tiles()) == len(riichi)
    # the tiles marked are the ones the log shows discarded after the riichi (no calls: exact)
    assert table.marked() == _passed_in_the_log(record, d)


def test_tiles_passed_after_a_riichi_are_genbutsu_even_with_calls(qtbot, window, record, expected) -> None:
    """With calls the rivers' alignment is approximate: every tile marked is still genbutsu against
    a riichi by the replay's exact record, and the riichi player's own later tiles are all marked."""
    page = _open(qtbot, window, record)
    checked = 0
    for i, j, rating in _under_riichi(expected, record, calls=True):
        page.timeline.set_current(i, j)
        d = rating.decision
        marked = page.table_view.marked()
        safe = dict(d.genbutsu)
        riichi = [o for o in d.hand.opponents if o.in_riichi]
        for seat, index in marked:
            kind = d.hand.opponent(seat).river[index].tile.kind
            assert any(kind in safe[o.seat] for o in riichi)
        for o in riichi:
            assert {(o.seat, k) for k in range(o.riichi_index + 1, len(o.river))} <= marked
        checked += 1
    assert checked >= 5


def test_the_push_fold_line_names_the_rating_numbers(qtbot, window, record, expected) -> None:
    page = _open(qtbot, window, record)
    shown = 0
    for i, j, rating in list(_under_riichi(expected, record, calls=False)) + list(_under_riichi(expected, record, True)):
        page.timeline.set_current(i, j)
        text = page.threat_label.text()
        assert page.threat_label.isVisible() and text == threat_line(rating)
        best, mine = rating.ranking[0], next(a for a in rating.ranking if a.choice == rating.played)
        assert text.startswith("Fold was right" if best.verdict == "fold" else "Push was right")
        value = mine.push if mine.verdict == "push" else mine.fold
        assert f"{value:,.0f} pts".replace("-", "−") in text
        assert mine.choice.split()[0] in text
        if not rating.agrees:
            assert f"{best.value:,.0f} pts".replace("-", "−") in text and best.choice.split()[0] in text
        # the ranking's extra columns: deal-in, push and fold of each choice
        assert not page.alternatives.isColumnHidden(3)
        for row, alt in enumerate(rating.ranking):
            cells = [page.alternatives.item(row, c).text() for c in (3, 4, 5)]
            assert cells[0] == f"{100 * alt.deal_in:.1f} %" or cells[0] == f"{100 * alt.deal_in:.0f} %"
            for cell, v in zip(cells[1:], (alt.push, alt.fold)):
                assert cell == ("–" if v is None else f"{v:,.0f}".replace("-", "−"))
        shown += 1
    assert shown >= 5
    # a calm decision: no line, no defence columns, the table still there
    i, j = next((i, j) for i, rs in enumerate(expected.ratings) for j, r in enumerate(rs)
                if r.decision.action == "discard" and not r.under_threat)
    page.timeline.set_current(i, j)
    assert not page.threat_label.isVisible() and page.alternatives.isColumnHidden(3)
    assert page.table_view.isVisible()
    # Japanese
    i, j, rating = next(_under_riichi(expected, record, calls=False))
    window.set_language("ja")
    page.timeline.set_current(i, j)
    assert "が正解: " in page.threat_label.text() and page.threat_label.text().endswith("。")
    assert page.alternatives.horizontalHeaderItem(3).text() == "放銃率"


def test_the_timeline_underlines_exactly_the_decisions_under_threat(qtbot, window, record, expected) -> None:
    page = _open(qtbot, window, record)
    rows = page.timeline.rows()
    assert [[c.threat for c in row.cells] for row in rows] == [[r.under_threat for r in rs]
                                                               for rs in expected.ratings]
    # a discard with a riichi on the table is always under threat (calls are rated without
    # defence); some decisions are calm
    for rs, row in zip(expected.ratings, rows):
        for r, cell in zip(rs, row.cells):
            if r.decision.action == "discard" and any(o.in_riichi for o in r.decision.hand.opponents):
                assert cell.threat and "under threat:" in cell.tip and "riichi" in cell.tip
    assert any(not c.threat for row in rows for c in row.cells)
    assert page.legend.isVisible() and "Red line" in page.legend.text()
    # the line is drawn under a threat's square, in both themes, and not under a calm one
    timeline = page.timeline
    threat = next((r, c) for r, row in enumerate(rows) for c, cell in enumerate(row.cells) if cell.threat)
    calm = next((r, c) for r, row in enumerate(rows) for c, cell in enumerate(row.cells) if not cell.threat)
    for theme in ("light", "dark"):
        window.set_theme(theme)
        image = timeline.grab().toImage()

        def under(at) -> QColor:
            rect = timeline.cell_rect(*at)
            return image.pixelColor(QPoint(rect.center().x(), rect.bottom() + 4))
        want = QColor(COLORS[theme]["threat"])
        assert under(threat) == want
        assert under(calm) != want


# ---- the line's words on a hand-written rating --------------------------------------------------
# seat S: the left player is East, in riichi; 9p is in its river (genbutsu), 3m is not suji of it
HAND = Hand.parse("1233m456p5789s9p11z seat:S turn:9 L:9p2z5m*2s A:3z4z R:6z7z")


def _rating(played: str, ranking: tuple[Alternative, ...]) -> Rating:
    d = Decision("discard", 0, 0, HAND, played, Tile.from_name(played), 1, False, False)
    best = max(ranking, key=lambda a: a.value)
    mine = next(a for a in ranking if a.choice == played)
    rank = 1 + sum(a.value > mine.value for a in ranking)
    return Rating(d, "ev", "points", ranking, (best.choice,), rank, best.value - mine.value, played, danger(HAND))


RANKING = (Alternative("9p", -420.0, 2, 0.0, "fold", -900.0, -420.0),
           Alternative("3m", -1850.0, 1, 0.14, "push", -1850.0, -2000.0))


def test_the_line_says_which_way_was_right_with_both_values():
    assert threat_line(_rating("3m", RANKING)) == (
        "Fold was right: pushing 3m (deal-in 14 % vs East's riichi) is worth −1,850 pts, "
        "folding with 9p (genbutsu) −420 pts.")
    # the right choice: beside it, the best of the other way (9p pushes best, at −900)
    assert threat_line(_rating("9p", RANKING)) == (
        "Fold was right: folding with 9p (genbutsu) is worth −420 pts, pushing 9p (genbutsu) −900 pts.")
    i18n.set_language("ja")
    assert threat_line(_rating("3m", RANKING)) == (
        "オリが正解: 3mで押す（東家のリーチに放銃率14%）は−1,850点、9pでオリる（現物）は−420点。")


def test_the_line_for_a_riichi_push_and_for_no_threat():
    ranking = (Alternative("3m riichi", 2300.0, 0, 0.046, "push", 2300.0, None),
               Alternative("9p", -420.0, 1, 0.0, "fold", -900.0, -420.0))
    assert threat_line(_rating("9p", ranking)) == (
        "Push was right: folding with 9p (genbutsu) is worth −420 pts, "
        "pushing 3m with riichi (deal-in 4.6 % vs East's riichi) 2,300 pts.")
    calm = Hand.parse("1233m456p5789s9p11z seat:S turn:9 A:3z4z")
    d = Decision("discard", 0, 0, calm, "3m", Tile.from_name("3m"), 1, False, False)
    rating = Rating(d, "ev", "points", RANKING, ("9p",), 2, 1430.0, "3m", danger(calm))
    assert not rating.under_threat and threat_line(rating) == ""
