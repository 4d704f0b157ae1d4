"""The drill generator: determinism, filters, strict mode, speed, and answer keys checked
against the slow reference oracle (tests/reference.py)."""
from __future__ import annotations

import random
import time

import pytest

import reference as ref
from mjgui import core
from mjgui.drills.generator import GenerateError, PHYSICAL_TILES, generate, iter_problems, make_problem
from mjgui.drills.problems import dumps_set, parse_call
from mjgui.drills.grading import call_choices, nanikiru_analysis
from mjgui.tiles import KIND_NAMES, Tile, parse_tiles


def counts_of(problem) -> list[int]:
    return list(problem.to_hand().counts)


def test_physical_tiles():
    assert len(PHYSICAL_TILES) == 136 and sum(t.red for t in PHYSICAL_TILES) == 3
    assert [sum(t.kind == k for t in PHYSICAL_TILES) for k in range(34)] == [4] * 34
    assert {t.kind for t in PHYSICAL_TILES if t.red} == {4, 13, 22}


@pytest.mark.parametrize("kind, theme", [("nanikiru", "any"), ("nanikiru", "chiitoi"), ("wait", "chinitsu"),
                                         ("call", "any")])
def test_same_seed_same_bytes(kind, theme):
    a = dumps_set(generate(8, 99, kind, topic=theme))
    b = dumps_set(generate(8, 99, kind, topic=theme))
    assert a == b
    assert dumps_set(generate(8, 100, kind, topic=theme)) != a
    # problem i does not depend on how many are asked for
    assert generate(3, 99, kind, topic=theme) == generate(8, 99, kind, topic=theme)[:3]
    assert make_problem(99, 5, kind, topic=theme) == generate(8, 99, kind, topic=theme)[5]


def test_no_global_random_state():
    random.seed(1)
    state = random.getstate()
    first = generate(5, 3)
    assert random.getstate() == state                       # untouched
    random.seed(2)
    assert generate(5, 3) == first                          # and not used
    it = iter_problems(3)
    assert [next(it) for _ in range(5)] == first
    assert [p.id for p in first] == [f"nanikiru-3-{i}" for i in range(1, 6)]


@pytest.mark.parametrize("shanten", [0, 1, 2, 3])
def test_nanikiru_shanten_filter_and_strict_uniqueness(shanten):
    for p in generate(6, 17, "nanikiru", shanten):
        c = counts_of(p)
        assert core.shanten(c) == shanten == p.shanten
        assert p.drill == "nanikiru" and p.topic == "any" and len(parse_tiles(p.hand)) == 14
        assert 4 <= p.turn <= 13 and len(parse_tiles(p.dora)) == 1
        # p.turn - 1 own discards plus three per turn by the others
        assert len(parse_tiles(p.visible)) == 4 * (p.turn - 1)
        a = nanikiru_analysis(p)
        assert len(a.best()) == 1 and p.best == (KIND_NAMES[a.best()[0].tile.kind],)
        assert 0 <= p.difficulty <= 1


def test_no_filter_takes_shanten_0_to_3_and_non_strict_allows_ties():
    seen = {p.shanten for p in generate(40, 5, "nanikiru")}
    assert seen <= {0, 1, 2, 3} and len(seen) >= 3
    loose = generate(40, 5, "nanikiru", strict=False)
    assert any(len(p.best) > 1 for p in loose)
    for p in loose:
        assert p.best == tuple(KIND_NAMES[r.tile.kind] for r in sorted(nanikiru_analysis(p).best(),
                                                                           key=lambda r: r.tile.kind))


def test_second_step_evaluator_strictness():
    for p in generate(5, 8, "nanikiru", 1, evaluator="second-step"):
        assert len(nanikiru_analysis(p, "second-step").best()) == 1 and len(p.best) == 1


def test_chinitsu_theme():
    for shanten in (0, 1):
        for p in generate(5, 4, "nanikiru", shanten, "chinitsu"):
            tiles = parse_tiles(p.hand)
            assert len({t.kind // 9 for t in tiles}) == 1 and all(not t.is_honor for t in tiles)
            assert p.shanten == shanten == core.shanten(counts_of(p)) and p.topic == "chinitsu"
    for p in generate(5, 4, "wait", topic="chinitsu"):
        tiles = parse_tiles(p.hand)
        assert len({t.kind // 9 for t in tiles}) == 1 and tiles[0].kind < 27 and p.shanten == 0


def test_chiitoi_theme():
    for shanten in (0, 1, 2, 3):
        for p in generate(3, 6, "nanikiru", shanten, "chiitoi"):
            c = counts_of(p)
            assert ref.chiitoi_shanten(c) == shanten == p.shanten
            assert ref.regular_shanten(c) > shanten and ref.kokushi_shanten(c) > shanten
    for p in generate(8, 6, "wait", topic="chiitoi"):
        c = counts_of(p)
        assert ref.chiitoi_shanten(c) == 0 and sorted(n for n in c if n) == [1] + [2] * 6


def test_wait_problems_are_tenpai_and_strict_never_karaten():
    for p in generate(10, 12, "wait"):
        remaining = p.to_hand().remaining()
        assert p.shanten == 0 and p.best
        assert any(remaining[Tile.from_name(w).kind] for w in p.best)


def test_call_problems():
    problems = generate(30, 2, "call")
    answers = {p.best[0].split(":")[0] for p in problems}
    assert answers == {"pass", "pon", "chi"}                  # a mix of right answers
    for p in problems:
        c = counts_of(p)
        t = p.discarded_tile
        assert 1 <= p.shanten <= 3 and p.from_seat in "LAR" and len(c) == 34 and sum(c) == 13
        before, choices = call_choices(p)
        assert len(choices) >= 2 and any(ch.advances for ch in choices)
        assert p.best == tuple(str(ch.call) for ch in choices if ch.right)
        if p.from_seat != "L":
            assert all(ch.call.kind != "chi" for ch in choices)
        assert t.kind not in core.waits(c)
        for name in p.best:
            parse_call(name, t)
    assert len(generate(5, 2, "call", 0, strict=False)) == 5


def test_impossible_options_raise():
    with pytest.raises(GenerateError, match="tenpai"):
        generate(1, 1, "wait", 2)
    with pytest.raises(GenerateError, match="topic 'any'"):
        generate(1, 1, "call", topic="chiitoi")
    with pytest.raises(GenerateError, match="strict"):
        generate(1, 1, "call", 0)
    with pytest.raises(GenerateError, match="shanten 0 or 1"):
        generate(1, 1, "nanikiru", 2, "chinitsu")
    for bad in (dict(drill="riichi"), dict(topic="kokushi"), dict(shanten=4), dict(evaluator="ev")):
        with pytest.raises(GenerateError):
            generate(1, 1, **bad)
    with pytest.raises(GenerateError):
        generate(-1, 1)
    assert generate(0, 1) == []


def test_twenty_strict_problems_are_fast():
    start = time.perf_counter()
    generate(20, 31, "nanikiru", 1)
    generate(20, 31, "nanikiru")
    assert time.perf_counter() - start < 3.0


# ---- the oracle -------------------------------------------------------------------------------

@pytest.mark.parametrize("shanten, theme", [(0, "any"), (1, "any"), (2, "any"), (3, "any"),
                                            (1, "chinitsu"), (1, "chiitoi")])
def test_nanikiru_answer_keys_match_the_oracle(shanten, theme):
    """Shanten and ukeire of every discard by the oracle, weighted by the remaining copies."""
    for p in generate(2 if theme == "any" else 1, 77, "nanikiru", shanten, theme):
        hand = p.to_hand()
        remaining = hand.remaining()
        table = ref.discard_table(list(hand.counts))
        scores = {d: (s, -sum(remaining[k] for k in uk)) for d, (s, uk) in table.items()}
        top = min(scores.values())
        assert p.best == tuple(KIND_NAMES[d] for d in sorted(d for d, v in scores.items() if v == top))
        assert p.shanten == top[0] == ref.shanten(list(hand.counts))
        others = sorted((v for v in scores.values() if v != top))
        runner = others[0] if others else None
        expected = 0.0 if runner is None or runner[0] > top[0] else round(runner[1] / top[1], 3)
        assert p.difficulty == expected


@pytest.mark.parametrize("theme", ["any", "chinitsu", "chiitoi"])
def test_wait_answer_keys_match_the_oracle(theme):
    for p in generate(6, 78, "wait", topic=theme):
        waits = ref.waits(counts_of(p))
        assert p.best == tuple(KIND_NAMES[k] for k in waits)
        assert p.difficulty == round(1 - 1 / len(waits), 3)


def _oracle_after_call(c: list[int], t: int, uses: tuple[int, ...], chi: bool) -> int | None:
    """Best regular shanten after calling t with `uses` and a discard that is not kuikae."""
    rest = list(c)
    for u in uses:
        rest[u] -= 1
    banned = {t}
    if chi:
        low = min(uses + (t,))
        if t == low and low % 9 <= 5:
            banned.add(low + 3)
        if t == low + 2 and low % 9 >= 1:
            banned.add(low - 1)
    best = None
    for d in range(34):
        if rest[d] and d not in banned:
            rest[d] -= 1
            s = ref.regular_shanten(rest)
            rest[d] += 1
            best = s if best is None else min(best, s)
    return best


def test_call_answer_keys_match_the_oracle():
    """Legal calls, their shanten (kuikae banned) and whether they advance, by the oracle."""
    for p in generate(12, 79, "call"):
        c = counts_of(p)
        t = p.discarded_tile.kind
        before = ref.shanten(c)
        assert p.shanten == before
        expected = {}
        if c[t] >= 2:
            expected["pon"] = _oracle_after_call(c, t, (t, t), False)
        if p.from_seat == "L" and t < 27:
            for low in (t - 2, t - 1, t):
                if low >= 0 and low // 9 == t // 9 and low % 9 <= 6:
                    uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
                    if all(c[u] for u in uses):
                        after = _oracle_after_call(c, t, uses, True)
                        name = "chi:" + "".join(KIND_NAMES[u][0] for u in uses) + KIND_NAMES[t][1]
                        expected[name] = after
        _, choices = call_choices(p)
        got = {str(ch.call): ch.shanten for ch in choices if ch.call.kind != "pass"}
        assert got == {k: v for k, v in expected.items() if v is not None}
        for ch in choices:
            if ch.call.kind != "pass":
                assert ch.advances == (ch.shanten < before)
                assert ch.right == (ch.advances and ch.yaku.keeps_yaku)
