"""Rating decisions: the expected-value ranking recomputed, the analysis ranking checked
against the slow reference's shanten and ukeire, forced riichi discards, declined rons and
calls that do not advance the hand."""
from __future__ import annotations

import pytest

import reference
from logs_literal import MJAI
from logsim import simulate
from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.logs import loads, replay
from mjgui.logs.rate import EV_MAX_SHANTEN, rate, rate_replay, summary
from mjgui.tiles import counts


def _ratings(seed: int, seat: int):
    return [r for rs in rate_replay(replay(simulate(seed), seat)) for r in rs]


def test_a_taken_ron_and_a_declined_ron():
    record = loads(MJAI.encode())
    (taken,) = [r for r in rate_replay(replay(record, 1))[0] if r.decision.action == "call"]
    assert (taken.evaluator, taken.rank, taken.loss, taken.best) == ("ron", 1, 0.0, ("ron",))
    lines = MJAI.splitlines()
    hora = next(i for i, line in enumerate(lines) if '"hora"' in line)
    lines[hora] = '{"type":"ryukyoku","reason":"fanpai","deltas":[0,0,0,0]}'
    declined = loads("\n".join(lines).encode())
    (call,) = [r for r in rate_replay(replay(declined, 1))[0] if r.decision.action == "call"]
    assert call.decision.played == "pass"
    # double riichi 2 + pinfu 1 + tanyao 1 at 30 fu: a non-dealer's ron of 7,700 given up
    assert (call.evaluator, call.unit, call.rank, call.loss, call.best) == ("ron", "points", 2, 7700.0, ("ron",))


@pytest.mark.parametrize("seed", range(3))
def test_expected_value_ratings(seed):
    ev = [r for r in _ratings(seed, 2) if r.evaluator == "ev"]
    assert ev
    for r in ev:
        d = r.decision
        assert d.hand.is_closed and d.shanten <= EV_MAX_SHANTEN and not d.forced
        rows = expected_values(d.hand, min(max(d.hand.turn, 1), 17), options=APP_OPTIONS).rows
        value = {row.discard.kind: row.exp_score for row in rows}
        mine = value.get(d.tile.kind, 0.0)
        top = max(value.values())
        assert r.loss == pytest.approx(top - mine, abs=1e-6)
        assert r.rank == 1 + len({k for k, v in value.items() if v > mine + 1e-6})
        assert set(r.best) == {row.discard.plain_name for row in rows if row.exp_score >= top - 1e-6}


@pytest.mark.parametrize("seed", range(2))
def test_analysis_ratings_against_the_reference(seed):
    """Loss in ukeire tiles: the best shanten's largest ukeire minus the played discard's
    (all of it when the played discard goes back a shanten), from the slow reference."""
    checked = 0
    for r in _ratings(seed, 3):
        if r.evaluator != "analysis":
            continue
        d = r.decision
        hand = d.hand
        caps = reference.caps_of_melds([[t.kind for t in m.tiles] for m in hand.melds]) if hand.melds else None
        remaining = hand.remaining()
        c = counts(hand.concealed)
        table = {}
        for k in {t.kind for t in hand.concealed}:
            c[k] -= 1
            table[k] = (reference.shanten(c, caps), sum(remaining[t] for t in reference.ukeire(c, caps)))
            c[k] += 1
        best_shanten = min(s for s, _ in table.values())
        best_ukeire = max(u for s, u in table.values() if s == best_shanten)
        s, u = table[d.tile.kind]
        assert r.loss == (best_ukeire - u if s == best_shanten else best_ukeire)
        assert all(table[k] == (best_shanten, best_ukeire) for k in
                   (next(t.kind for t in hand.concealed if t.plain_name == name) for name in r.best))
        checked += 1
        if checked >= 40:
            break
    assert checked


def test_riichi_discards_are_forced():
    found = False
    for seed in range(6):
        for r in _ratings(seed, 0):
            if r.decision.forced:
                found = True
                assert (r.evaluator, r.rank, r.loss) == ("forced", 1, 0.0)
                assert r.decision.tsumogiri or r.decision.played == r.decision.hand.concealed[-1].name
    assert found


def test_a_call_that_does_not_lower_the_shanten_is_a_mistake():
    seen = 0
    for seed in range(4):
        for r in _ratings(seed, 1):
            d = r.decision
            if d.action != "call" or d.played not in ("pon", "chi"):
                continue
            c = counts(d.hand.concealed)
            caps = reference.caps_of_melds([[t.kind for t in m.tiles] for m in d.hand.melds]) if d.hand.melds else None
            k = d.tile.kind
            if d.played == "pon":
                uses = (k, k)
            else:
                uses = d.uses
            after = reference.call_shanten(c, caps, k, uses, (k,))
            before = reference.regular_shanten(c, caps)
            if after is None or after >= before:
                assert (r.loss, r.rank, r.best) == (1.0, 2, ("pass",)), d
                seen += 1
    assert seen


def test_summary_counts_and_sums():
    ratings = rate_replay(replay(simulate(1), 0))
    s = summary(ratings)
    flat = [r for rs in ratings for r in rs if r.evaluator != "forced"]
    assert s["decisions"] == len(flat)
    assert s["agreed"] == sum(1 for r in flat if r.rank == 1)
    assert s["loss"].get("points", 0) == pytest.approx(sum(r.loss for r in flat if r.unit == "points"), abs=1e-3)
    assert rate(flat[0].decision).loss == flat[0].loss
