"""Rating decisions: the expected-value ranking recomputed, the analysis ranking checked
against the slow reference's shanten and ukeire, forced riichi discards, declined rons,
calls valued by expected points (recomputed from their definition, and a yakuhai pon that
is the only way to a yaku), and calls that do not advance a hand too far for the search."""
from __future__ import annotations

import pytest

import reference
from logs_literal import MJAI
from logsim import simulate
from dataclasses import replace

from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.hand import Hand, Meld, MeldKind
from mjgui.logs import loads, mjai, replay
from mjgui.logs.rate import EV_MAX_SHANTEN, NO_DEFENCE, rate, rate_replay, summary
from mjgui.logs.replay import Decision
from mjgui.tiles import KIND_NAMES, Tile, counts


def _ratings(seed: int, seat: int):
    return [r for rs in rate_replay(replay(simulate(seed), seat), defence=NO_DEFENCE) for r in rs]


def test_a_taken_ron_and_a_declined_ron():
    record = loads(MJAI.encode())
    (taken,) = [r for r in rate_replay(replay(record, 1), defence=NO_DEFENCE)[0] if r.decision.action == "call"]
    assert (taken.evaluator, taken.rank, taken.loss, taken.best) == ("ron", 1, 0.0, ("ron",))
    lines = MJAI.splitlines()
    hora = next(i for i, line in enumerate(lines) if '"hora"' in line)
    lines[hora] = '{"type":"ryukyoku","reason":"fanpai","deltas":[0,0,0,0]}'
    # a draw four tiles into the round is no complete log (load refuses it as truncated): the
    # reader's record is replayed as it stands
    declined = mjai.parse("\n".join(lines))
    (call,) = [r for r in rate_replay(replay(declined, 1), defence=NO_DEFENCE)[0] if r.decision.action == "call"]
    assert call.decision.played == "pass"
    # double riichi 2 + pinfu 1 + tanyao 1 at 30 fu: a non-dealer's ron of 7,700 given up
    assert (call.evaluator, call.unit, call.rank, call.loss, call.best) == ("ron", "points", 2, 7700.0, ("ron",))


def _discard_values(d, rows) -> tuple[dict[str, float], str]:
    """Each choice's expected points as the rating defines it (a tenpai discard where riichi
    could be declared is two choices), and the name of the player's (a discard the search
    did not rate keeps its plain name and counts 0)."""
    value, mine = {}, d.tile.plain_name
    for row in rows:
        name = row.discard.plain_name
        if row.dama is None:
            value[name] = row.exp_score
        elif d.can_riichi:
            value[f"{name} riichi"], value[f"{name} dama"] = row.riichi.exp_score, row.dama.exp_score
        else:
            value[name] = row.dama.exp_score
        if row.discard.kind == d.tile.kind:
            mine = name if name in value else f"{name} {'riichi' if d.riichi else 'dama'}"
    return value, mine


@pytest.mark.parametrize("seed", range(3))
def test_expected_value_ratings(seed):
    ev = [r for r in _ratings(seed, 2) if r.evaluator == "ev" and r.decision.action == "discard"]
    assert ev
    for r in ev:
        d = r.decision
        assert d.shanten <= EV_MAX_SHANTEN and not d.forced
        rows = expected_values(d.hand, min(max(d.hand.turn, 1), 18), options=APP_OPTIONS).rows
        value, played = _discard_values(d, rows)
        mine = value.get(played, 0.0)
        top = max(value.values())
        assert r.played == played and r.loss == pytest.approx(top - mine, abs=1e-6)
        assert r.rank == 1 + len({k for k, v in value.items() if v > mine + 1e-6})
        assert set(r.best) == {c for c, v in value.items() if v >= top - 1e-6}


def test_riichi_or_dama_is_rated_where_riichi_could_be_declared():
    # 23m 456p 789s 55p 123s + 9m: discarding 9m is tenpai on 1m-4m (pinfu, dama has a yaku)
    hand = Hand.parse("23m456p789s55p123s9m seat:W dora:1z turn:6")
    rows = {row.discard.kind: row for row in expected_values(hand, 6, options=APP_OPTIONS).rows}
    tenpai = rows[8]
    assert tenpai.riichi is not None and tenpai.dama is not None
    for riichi in (False, True):
        d = Decision("discard", 0, 0, hand, "9m", Tile(8), 1, True, False, riichi=riichi, can_riichi=True)
        r = rate(d, defence=NO_DEFENCE)
        values = {a.choice: a.value for a in r.ranking}
        assert values["9m riichi"] == pytest.approx(tenpai.riichi.exp_score)
        assert values["9m dama"] == pytest.approx(tenpai.dama.exp_score)
        assert r.played == ("9m riichi" if riichi else "9m dama")
        assert r.loss == pytest.approx(max(values.values()) - values[r.played])
    # no riichi possible (under 1,000 points, or too late): the tenpai discard is dama only
    d = Decision("discard", 0, 0, hand, "9m", Tile(8), 1, True, False, can_riichi=False)
    r = rate(d, defence=NO_DEFENCE)
    assert "9m" in {a.choice for a in r.ranking} and r.played == "9m"
    assert next(a.value for a in r.ranking if a.choice == "9m") == pytest.approx(tenpai.dama.exp_score)


def test_the_replay_knows_when_riichi_could_be_declared():
    found = 0
    for seed in range(3):
        rec = simulate(seed)
        for seat in range(4):
            for rr in replay(rec, seat).rounds:
                for d in rr.decisions:
                    if d.action != "discard":
                        continue
                    if d.riichi:
                        assert d.can_riichi
                    if d.can_riichi:
                        found += 1
                        assert d.hand.is_closed and not d.forced
                        assert rec.rounds[d.round].scores[seat] >= 1000
    assert found


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


def _called(hand: Hand, x: Tile, call: str, uses: tuple[int, int], source: str) -> Hand:
    """The hand after the call, written out here: the two used copies (plain first) and the
    offered tile (not yet among the tiles seen) make the meld."""
    concealed, taken = list(hand.concealed), []
    for kind in uses:
        tile = min((t for t in concealed if t.kind == kind), key=lambda t: t.red)
        concealed.remove(tile)
        taken.append(tile)
    meld = Meld(MeldKind.PON if call == "pon" else MeldKind.CHI, (x, *taken), x, source)
    return replace(hand, concealed=tuple(concealed), melds=hand.melds + (meld,))


def _kuikae(call: str, x: int, uses: tuple[int, int]) -> set[int]:
    if call == "pon":
        return {x}
    low, high = min(x, *uses), max(x, *uses)
    other = high + 1 if x == low else low - 1 if x == high else None
    return {x} | ({other} if other is not None and other // 9 == x // 9 and other < 27 else set())


@pytest.mark.parametrize("seed", range(3))
def test_calls_are_rated_by_expected_points(seed):
    """Passing = the hand before its next draw (the offered tile taken and thrown at once);
    each call = the open hand one draw later with its best discard kuikae allows."""
    checked = 0
    for r in _ratings(seed, 1):
        d = r.decision
        if d.action != "call" or r.evaluator != "ev":
            continue
        checked += 1
        assert d.shanten <= EV_MAX_SHANTEN and d.played in ("pass", "pon", "chi")
        turn = min(max(d.hand.turn, 1), 18)
        assert d.tile not in d.hand.visible or d.hand.visible.count(d.tile) < 4
        kept = replace(d.hand, concealed=d.hand.concealed + (d.tile,))
        values = {"pass": next(row.exp_score for row in expected_values(kept, turn, options=APP_OPTIONS).rows
                               if row.discard.kind == d.tile.kind)}
        x = d.tile.kind
        shapes = [("pon", (x, x))] if "pon" in d.options else []
        if "chi" in d.options:
            shapes += [("chi", uses) for uses in ((x - 2, x - 1), (x - 1, x + 1), (x + 1, x + 2))
                       if uses[0] >= 0 and uses[1] < 27 and uses[0] // 9 == uses[1] // 9 == x // 9
                       and d.hand.counts[uses[0]] and d.hand.counts[uses[1]]]
        mine = "pass"
        for call, uses in shapes:
            after = _called(d.hand, d.tile, call, uses, d.source)
            rows = expected_values(after, min(turn + 1, 18), options=APP_OPTIONS).rows
            name = f"{call}:{KIND_NAMES[uses[0]]}{KIND_NAMES[uses[1]]}"
            values[name] = max((row.exp_score for row in rows if row.discard.kind not in _kuikae(call, x, uses)),
                               default=0.0)
            if d.played == call and (call == "pon" or d.uses == uses):
                mine = name
        assert {a.choice: a.value for a in r.ranking} == pytest.approx(values, abs=1e-9)
        top = max(values.values())
        assert r.played == mine and r.loss == pytest.approx(top - values[mine], abs=1e-6)
        assert r.rank == 1 + len({v for v in values.values() if v > values[mine] + 1e-6})
        assert set(r.best) == {c for c, v in values.items() if v >= top - 1e-6}
    assert checked >= 10


def test_a_yakuhai_pon_that_brings_the_only_yaku_is_the_best_call():
    # open already (chi 234m) and no yaku but the chun pair: passing leaves the hand
    # waiting for the last chun; the pon makes it tenpai (2s-5s) with yakuhai
    hand = Hand.parse("567p34s88s1s77z chi:2*34m seat:S dora:1z visible:3p turn:5")
    x = Tile(33)
    passed = Decision("call", 0, 0, hand, "pass", x, 1, False, False, options=("pass", "pon"), source="A")
    r = rate(passed, defence=NO_DEFENCE)
    assert r.evaluator == "ev" and r.best == ("pon:7z7z",) and r.rank == 2
    values = {a.choice: a.value for a in r.ranking}
    assert values["pon:7z7z"] > 2 * values["pass"] > 0 and r.loss == pytest.approx(values["pon:7z7z"] - values["pass"])
    assert next(a for a in r.ranking if a.choice == "pon:7z7z").shanten == 0
    called = rate(replace(passed, played="pon"), defence=NO_DEFENCE)
    assert (called.rank, called.loss, called.played) == (1, 0.0, "pon:7z7z")


def test_a_call_that_does_not_lower_the_shanten_is_a_mistake():
    # beyond the search (--ev-shanten lowered to -1 here) the plain rule rates the calls
    seen = 0
    for seed in range(4):
        for rs in rate_replay(replay(simulate(seed), 1), -1, defence=NO_DEFENCE):
            for r in rs:
                d = r.decision
                if d.action != "call" or d.played not in ("pon", "chi"):
                    continue
                assert r.evaluator == "calls"
                c = counts(d.hand.concealed)
                caps = reference.caps_of_melds([[t.kind for t in m.tiles] for m in d.hand.melds]) if d.hand.melds else None
                k = d.tile.kind
                uses = (k, k) if d.played == "pon" else d.uses
                after = reference.call_shanten(c, caps, k, uses, (k,))
                before = reference.regular_shanten(c, caps)
                if after is None or after >= before:
                    assert (r.loss, r.rank, r.best) == (1.0, 2, ("pass",)), d
                    seen += 1
    assert seen


def test_summary_counts_and_sums():
    ratings = rate_replay(replay(simulate(1), 0), defence=NO_DEFENCE)
    s = summary(ratings)
    flat = [r for rs in ratings for r in rs if r.evaluator != "forced"]
    assert s["decisions"] == len(flat)
    assert s["agreed"] == sum(1 for r in flat if r.rank == 1)
    assert s["loss"].get("points", 0) == pytest.approx(sum(r.loss for r in flat if r.unit == "points"), abs=1e-3)
    assert rate(flat[0].decision, defence=NO_DEFENCE).loss == flat[0].loss


def test_kuikae_binds_the_call_values():
    # chi 3m with 45m bans 3m and 6m (the run's other end) right after: 6m is the discard
    # that would make the hand tenpai (tanyao, 1s-4s), so the chi is worth what the other
    # discards leave, less than the banned one
    hand = Hand.parse("45m6m234p567p88s23s seat:S dora:1z turn:4")
    d = Decision("call", 0, 0, hand, "chi", Tile(2), 1, False, False, options=("pass", "chi"), source="L",
                 uses=(3, 4))
    r = rate(d, defence=NO_DEFENCE)
    assert r.evaluator == "ev" and r.played == "chi:4m5m"
    chi = next(a for a in r.ranking if a.choice == "chi:4m5m")
    rows = expected_values(_called(hand, Tile(2), "chi", (3, 4), "L"), 5, options=APP_OPTIONS).rows
    by_kind = {row.discard.kind: row for row in rows}
    assert chi.value == pytest.approx(max(row.exp_score for k, row in by_kind.items() if k not in (2, 5)))
    assert by_kind[5].shanten == 0 and by_kind[5].exp_score > chi.value + 10 and chi.shanten == 1
