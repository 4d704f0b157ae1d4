"""Defence in the game review and on the command line: the replay's table state (against the
log), the ratings of folds and pushes against a riichi, the JSON and text output, the problems
exported, and `mjgui ev` / `analyze` with a table state."""
from __future__ import annotations

import json
import os
import sys

import pytest

from mjgui.cli import main
from mjgui.defence.values import discard_values
from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.hand import Hand
from mjgui.logs import replay
from mjgui.logs.mistakes import mistake_problems
from mjgui.logs.rate import NO_DEFENCE, rate
from mjgui.logs.record import Discard
from mjgui.logs.table import Table
from mjgui.tiles import Tile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))
from real_games import games  # noqa: E402


@pytest.fixture(scope="module")
def real():
    return [record for _, record in games()[:3]]


def _k(name: str) -> int:
    return Tile.from_name(name).kind


def test_replay_table_state_matches_the_log(real):
    """Every discard decision's rivers are the log's discards so far, with the riichi tile and
    tsumogiri as played, and the exact genbutsu holds what anyone threw after a riichi."""
    record = real[0]
    for seat in range(4):
        for d in replay(record, seat).decisions:
            if d.action != "discard":
                continue
            rnd = record.rounds[d.round]
            table = Table(rnd, "check")
            for j, e in enumerate(rnd.events[:d.event]):
                table.apply(e, j)
            assert Hand.parse(str(d.hand)) == d.hand
            for rel, q in zip(("L", "A", "R"), d.seats):
                o = d.hand.opponent(rel)
                pond = table.seats[q].pond
                assert [(r.tile, r.called, r.tsumogiri) for r in o.river] == [tuple(p) for p in pond]
                assert o.riichi_index == table.seats[q].riichi_at
                safe = dict(d.genbutsu)[rel]
                assert {r.tile.kind for r in o.river} <= safe
                if o.in_riichi:
                    # every discard after the riichi declaration, by anyone
                    declared = next(j for j, e in enumerate(rnd.events)
                                    if isinstance(e, Discard) and e.seat == q and e.riichi)
                    after = {e.tile.kind for e in rnd.events[declared + 1:d.event] if isinstance(e, Discard)}
                    assert after <= safe


def test_a_safe_fold_against_a_riichi_is_not_a_mistake(real):
    """Discards of a genbutsu tile against a riichi, far from tenpai: the review with defence calls
    one a mistake only when the tile is dangerous to another player (an open hand likely tenpai),
    and its best choices hold a tile safe against every riichi in at least nine cases of ten (the
    search alone disputes them far more often)."""
    checked = disputed = disputed_alone = 0
    for record in real:
        for seat in range(4):
            for d in replay(record, seat).decisions:
                if d.action != "discard" or d.forced or d.shanten < 2:
                    continue
                riichi = [o.seat for o in d.hand.opponents if o.in_riichi]
                if not riichi or not all(d.tile.kind in dict(d.genbutsu)[s] for s in riichi):
                    continue
                r = rate(d)
                assert r.under_threat and r.deal_in is not None
                assert r.loss < 300 or r.deal_in >= 0.02, (str(d.hand), d.played, r.best, r.loss)
                safe = set.intersection(*(set(dict(d.genbutsu)[s]) for s in riichi))
                disputed += not any(Tile.from_name(b.split()[0]).kind in safe for b in r.best)
                alone = rate(d, defence=NO_DEFENCE)
                disputed_alone += not any(Tile.from_name(b.split()[0]).kind in safe for b in alone.best)
                checked += 1
    assert checked >= 20
    assert disputed <= checked / 10 and disputed_alone > 2 * disputed


def test_defence_turns_the_review_away_from_a_dangerous_tile():
    """A hand whose best discard for the search alone (1m, no suji) is dangerous against the
    dealer's riichi: with defence the best choice is a tile that hardly ever deals in."""
    text = "12277m44p33788s7z6z seat:S turn:9 L:9m9p7s1z2z3z8p5s1p* A:1m9s2z R:4z9m1s"
    hand = Hand.parse(text)
    alone = expected_values(hand, options=APP_OPTIONS)
    values = discard_values(hand, alone)
    fastest = alone.rows[0].discard.kind
    best = values.choices[0]
    assert values.danger.p(fastest) > 0.05
    assert best.values.deal_in < 0.01 and best.kind != fastest
    # with no threat and no race the values are the search's own
    plain = discard_values(hand, alone, NO_DEFENCE)
    assert {c.name: c.values.value for c in plain.choices} == pytest.approx(
        {r.name: r.exp_score for r in alone.rows})


def test_review_json_and_text_under_threat(real, tmp_path, capsys):
    from mjgui.logs import tenhou6
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tenhou6.to_json(real[0])), encoding="utf-8")
    assert main(["review", str(path), "--player", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    decisions = [d for rnd in out["rounds"] for d in rnd["decisions"] if d["kind"] == "discard"]
    assert all(d["severity"] in ("agreed", "small", "mistake") for d in decisions)
    assert all(0 <= d["deal_in"] <= 1 for d in decisions)
    threatened = [d for d in decisions if d["under_threat"]]
    assert threatened
    for d in threatened:
        assert any(t["riichi"] or t["tenpai"] >= 0.5 for t in d["threats"])
        assert all(t["seat"] in (0, 2, 3) for t in d["threats"])          # absolute seats, not the player's
        if d["evaluator"] in ("ev", "defence"):
            assert d["verdict"] in ("push", "fold")
            assert all(a["deal_in"] is None or 0 <= a["deal_in"] <= 1 for a in d["alternatives"])
    assert main(["review", str(path), "--player", "1"]) == 0
    text = capsys.readouterr().out
    if any(d["rank"] > 1 for d in threatened):
        assert "under threat (" in text


def test_a_rating_keeps_each_choice_push_and_fold_values(real):
    """The review page's push / fold line reads both values of every choice off the rating (and
    its JSON): they are the defence model's for that hand and table."""
    from mjgui.defence.danger import danger
    rep = replay(real[0], 1)
    found = 0
    for d in (d for r in rep.rounds for d in r.decisions if d.action == "discard" and not d.forced):
        rating = rate(d)
        if not rating.under_threat or rating.evaluator != "ev":
            continue
        result = expected_values(d.hand, min(max(d.hand.turn, 1), 18), options=APP_OPTIONS)
        values = discard_values(d.hand, result, table=danger(d.hand, safe=dict(d.genbutsu)),
                                can_riichi=d.can_riichi)
        want = {c.name: (c.values.push, c.values.fold) for c in values.choices}
        got = {a.choice: (a.push, a.fold) for a in rating.ranking}
        assert set(got) == set(want)
        for name, pair in want.items():
            assert [v is None for v in got[name]] == [v is None for v in pair]
            assert [v for v in got[name] if v is not None] == pytest.approx([v for v in pair if v is not None])
        for a, j in zip(rating.ranking, rating.to_json()["alternatives"]):
            assert a.value == max(v for v in (a.push, a.fold) if v is not None)
            assert (j["push"], j["fold"]) == tuple(None if v is None else round(v, 4) for v in (a.push, a.fold))
        found += 1
        if found == 3:
            break
    assert found == 3


def test_mistakes_under_threat_are_not_nanikiru_problems(real):
    rep = replay(real[1], 0)
    ratings = [[rate(d) for d in r.decisions] for r in rep.rounds]
    exported = mistake_problems(ratings, [r.name for r in rep.rounds], {"points": 0.0, "ukeire": 0.0})
    notes = {p.note for p in exported}
    threatened = [r for rs in ratings for r in rs if r.under_threat and r.decision.action == "discard"
                  and not r.agrees and r.unit]
    assert threatened
    for r in threatened:
        assert not any(f"you discarded {r.decision.played};" in n and f"turn {r.decision.hand.turn}:" in n
                       for n in notes if r.decision.hand.turn)


def test_ev_and_analyze_with_a_table_state(capsys):
    text = "23m456p789s1122z3z5m seat:S turn:6 L:19m4'5*s2p8p A:1z9p3z6s R:3m7m8m2z"
    assert main(["ev", "--model", "full", "--json", text]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["threats"][0]["riichi"] and record["threats"][0]["seat"] == "L"
    by_choice = {c["choice"]: c for c in record["defence"]}
    assert set(by_choice) == {d["discard"] for d in record["discards"]}
    for c in record["defence"]:
        assert c["value"] == max(v for v in (c["push"], c["fold"]) if v is not None)
        assert c["verdict"] == ("push" if c["fold"] is None or (c["push"] is not None and c["push"] >= c["fold"])
                                else "fold")
    # genbutsu against the riichi (1z is in A's river only; 5z... ) - 2p is in L's river
    assert all(0 <= d["deal_in"] <= 1 for d in record["discards"])
    assert main(["analyze", "--json", text]) == 0
    record = json.loads(capsys.readouterr().out)
    assert len(record["threats"]) == 3 and all("deal_in" in d for d in record["discards"])
    assert main(["ev", text]) == 0
    assert "at the table" in capsys.readouterr().out
