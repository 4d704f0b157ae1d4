"""Ctrl+J turns every word on screen into the other language at once: the analysis's
status line and the review timeline's round results among them."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pytest  # noqa: E402

from logsim import simulate  # noqa: E402
from test_ui_review_layout import _review  # noqa: E402
from ui_steps import settle, type_hand  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return simulate(4, rounds=5)        # a draw, a tsumo and ron wins


def test_the_status_line_follows_the_language(qtbot, window) -> None:
    type_hand(qtbot, window, "123m456p789s1122z")
    settle(qtbot, window)
    assert window.statusBar().currentMessage().startswith("Analysed in ")
    window.act_lang.trigger()                           # Ctrl+J
    message = window.statusBar().currentMessage()
    assert message.startswith("分析 ") and "表示まで" in message and "Analysed" not in message
    window.act_lang.trigger()
    assert window.statusBar().currentMessage().startswith("Analysed in ")


def _expected_words(result: dict, lang: str) -> list[str]:
    """How each round ended, word by word, from the replay (not from the page)."""
    words = {"en": {"ron": "ron", "tsumo": "tsumo", "draw": "draw"},
             "ja": {"ron": "ロン", "tsumo": "ツモ", "draw": "流局"}}[lang]
    if result.get("kind") == "win":
        return [words["tsumo" if w["tsumo"] else "ron"] for w in result["wins"]]
    if result.get("type") == "exhaustive":
        return [words["draw"]]
    return []


def test_the_review_timeline_follows_the_language(qtbot, window, tmp_path, game) -> None:
    page = _review(qtbot, window, tmp_path, game)
    rounds = page.review.replay.rounds
    wins = [w for rr in rounds if rr.result.get("kind") == "win" for w in rr.result["wins"]]
    assert {w["tsumo"] for w in wins} == {True, False}
    assert any(rr.result.get("type") == "exhaustive" for rr in rounds)
    page.timeline.set_current(1, 2)
    for lang in ("ja", "en"):
        window.act_lang.trigger()                       # Ctrl+J
        rows = page.timeline.rows()
        for rr, row in zip(rounds, rows, strict=True):
            for word in _expected_words(rr.result, lang):
                assert word in row.result, (lang, row.result)
        cells = [c for row in rows for c in row.cells]
        assert all(("巡目" in c.tip) == (lang == "ja") for c in cells)
        assert page.timeline.current() == (1, 2)        # the same decision stays shown
        assert ("巡目" in page.title.text()) == (lang == "ja")
    assert not any(w in r.result for r in page.timeline.rows() for w in ("ロン", "ツモ", "流局"))
