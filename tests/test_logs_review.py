"""A reviewed game: mistake kinds, severity and the summary kept in the history."""
from __future__ import annotations

import pytest

from logsim import simulate
from mjgui.analysis import analyze, by_second_step
from mjgui.logs.mistakes import DEFAULT_THRESHOLDS
from mjgui.logs.review import NEGLIGIBLE, game_id, review_game, severity


@pytest.fixture(scope="module")
def reviewed():
    return review_game(simulate(21, rounds=3), 1)


def test_each_mistake_has_the_kind_its_definition_gives(reviewed) -> None:
    seen = set()
    for rs, ks in zip(reviewed.ratings, reviewed.kinds):
        for r, kind in zip(rs, ks):
            d = r.decision
            if r.agrees or r.evaluator == "forced":
                assert kind is None
            elif d.action == "call":
                assert kind == "calls"
            elif r.evaluator != "ev":
                assert kind == "shape"
            else:      # as fast as the analysis's best (shanten, ukeire) yet worth less: value
                rows = analyze(d.hand, rank=by_second_step, calls=False).rows
                mine = next(x for x in rows if x.tile.kind == d.tile.kind)
                as_fast = (mine.shanten, -mine.ukeire_total) <= (rows[0].shanten, -rows[0].ukeire_total)
                assert kind == ("value" if as_fast else "shape")
            seen.add(kind)
    assert "shape" in seen                 # the simulated players make shape mistakes
    s = reviewed.summary()
    assert sum(s["kinds"].values()) == sum(k is not None for ks in reviewed.kinds for k in ks)


def test_severity_follows_the_thresholds(reviewed) -> None:
    for rs in reviewed.ratings:
        for r in rs:
            got = severity(r)
            if r.agrees or r.loss < NEGLIGIBLE.get(r.unit, 0.0):
                assert got == "agreed"
            elif r.unit in DEFAULT_THRESHOLDS and r.loss <= DEFAULT_THRESHOLDS[r.unit]:
                assert got == "small"
            else:
                assert got == "mistake"


def test_the_game_summary_and_ids(reviewed) -> None:
    g = reviewed.game_summary()
    s = reviewed.summary()
    assert (g.seat, g.decisions, g.agreed, g.shape, g.value, g.calls) == (
        1, s["decisions"], s["agreed"], s["kinds"]["shape"], s["kinds"]["value"], s["kinds"]["calls"])
    assert g.game_id == game_id(simulate(21, rounds=3)) != game_id(simulate(22, rounds=3))
    ids = [p.id for p in reviewed.problems()]
    assert len(ids) == len(set(ids)) and all(i.startswith("review-" + g.game_id[:10]) for i in ids)
