"""The analysis layer against slow re-implementations written from the definitions
(using only shanten/ukeire, which test_core checks against the oracle), and
hand-checked examples."""
from __future__ import annotations

import random

import pytest

import reference as ref
from mjgui import core
from mjgui.analysis import analyze, by_ukeire
from mjgui.hand import Hand
from mjgui.tiles import Tile, parse_counts


def names(tiles) -> list[str]:
    return [t.name for t in tiles]


# ---- slow definitions ---------------------------------------------------------
# caps: copies each kind may still have in the concealed part (4 minus those in the melds);
# None is 4 everywhere.  core.shanten_capped is checked against the oracle in test_core.

ALL4 = (4,) * 34


def shanten_of(c, forms, caps=None):
    return core.shanten(c, forms) if caps is None else core.shanten_capped(c, caps, forms)


def ukeire_of(c, forms, caps=None):
    s = shanten_of(c, forms, caps)
    cap = caps or ALL4
    return [t for t in range(34) if c[t] < cap[t] and shanten_of(plus(c, t), forms, caps) < s]


def plus(c, t):
    c = list(c)
    c[t] += 1
    return c


def minus(c, t):
    c = list(c)
    c[t] -= 1
    return c


def best_next(x, forms, rem, caps=None):
    """(lowest shanten after a discard of 3k+2 x, best weighted ukeire, most kinds)."""
    options = [(shanten_of(minus(x, d), forms, caps), d) for d in range(34) if x[d]]
    low = min(s for s, _ in options)
    totals, kinds = [], []
    for s, d in options:
        if s == low:
            u = ukeire_of(minus(x, d), forms, caps)
            totals.append(sum(rem[t] for t in u))
            kinds.append(len(u))
    return low, max(totals), max(kinds)


def slow_row(g, forms, rem, caps=None):
    """Definitions of the issue, for a 3k+1 hand g and remaining counts rem."""
    s = shanten_of(g, forms, caps)
    uke = ukeire_of(g, forms, caps)
    total = sum(rem[t] for t in uke)
    second = good = 0
    improvements = []
    for t in range(34):
        if g[t] >= (caps or ALL4)[t]:
            continue
        rem2 = list(rem)
        rem2[t] = max(rem2[t] - 1, 0)
        low, best, kinds = best_next(plus(g, t), forms, rem2, caps)
        if t in uke:
            if s >= 1:
                second += rem[t] * best
            if s == 1 and kinds >= 2:
                good += rem[t]
        elif s in (0, 1) and rem[t] and low == s and (best > total or (s == 0 and len(uke) < 2 and kinds >= 2)):
            improvements.append(t)
    return s, uke, total, improvements, good, second


def slow_calls(g, before, caps=None, rem=None):
    """{(call, tile, uses): shanten} of every advancing call, kuikae banned.  The called
    copy must exist (held + 1 <= cap), and be unseen by the player (`rem`, the hand's
    remaining copies: another player must discard it), and the call's three tiles join the melds."""
    out = {}
    if sum(g) < 4:
        return out
    cap = list(caps or ALL4)
    for t in range(34):
        if g[t] + 1 > cap[t] or (rem is not None and not rem[t]):
            continue
        shapes = []
        if g[t] >= 2:
            shapes.append(("pon", (t, t), {t}))
        if t < 27:
            pos = t % 9
            for low in (t - 2, t - 1, t):
                if low // 9 != t // 9 or low < 0 or low % 9 > 6:
                    continue
                uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
                banned = {t}
                if low == t and pos + 3 <= 8:
                    banned.add(t + 3)
                if low == t - 2 and pos - 3 >= 0:
                    banned.add(t - 3)
                shapes.append(("chi", uses, banned))
        for call, uses, banned in shapes:
            h = list(g)
            if any(h[u] < (2 if call == "pon" else 1) for u in uses):
                continue
            after = list(cap)
            for u in uses:
                h[u] -= 1
                after[u] -= 1
            after[t] -= 1
            legal = [core.shanten_capped(minus(h, d), after, core.REGULAR)
                     for d in range(34) if h[d] and d not in banned]
            if legal and min(legal) < before:
                out[(call, t, uses)] = min(legal)
    return out


def random_hand(rng, n=14):
    return Hand(tuple(Tile(t // 4) for t in rng.sample(range(136), n)))


def near_tenpai(rng):
    """A complete hand with two tiles swapped for random ones: mostly 0-2 shanten."""
    while True:
        c = [0] * 34
        pair = rng.randrange(34)
        c[pair] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.randrange(3)
                low = 9 * s + rng.randrange(7)
                for u in (low, low + 1, low + 2):
                    c[u] += 1
            else:
                c[rng.randrange(34)] += 3
        if max(c) > 4:
            continue
        for _ in range(2):
            c[rng.choice([t for t in range(34) if c[t]])] -= 1
            t = rng.randrange(34)
            if c[t] < 4:
                c[t] += 1
        if sum(c) == 14 and max(c) <= 4:
            tiles = [Tile(t) for t in range(34) for _ in range(c[t])]
            rng.shuffle(tiles)
            return Hand(tuple(tiles))


# ---- tests -------------------------------------------------------------------

def test_issue_example_calls():
    """23m456p789s11z556z is 1-shanten; it advances by pon of 1z/5z and chi of 1m/4m."""
    a = analyze("23m456p789s11z556z")
    assert a.shanten == 1
    row = a.current
    assert names(row.pon) == ["1z", "5z"]
    assert names(row.chi) == ["1m", "4m"]
    # every one of them makes the hand tenpai
    assert {c.shanten for c in row.calls} == {0}
    # ukeire: 1m, 4m (ryanmen 23m), 1z, 5z (pairs) with remaining 4, 4, 2, 2
    assert [(t.name, t.remaining) for t in row.ukeire] == [("1m", 4), ("4m", 4), ("1z", 2), ("5z", 2)]


def test_kuikae_chi_end_bans_other_end():
    """Chi of 3m with 45m bans 3m and 6m; chi of 4m with 35m bans only 4m.
    Hand 45m 35m...: after chi 3m(45m), discarding 6m is illegal."""
    g = parse_counts("3456m111p222s33z6z")   # 3k+1 = 13? 4+3+3+2+1 = 13
    calls = slow_calls(g, core.shanten(g, core.REGULAR))
    table = core.call_table(g)
    for t in range(34):
        for j in range(3):
            low = t - j
            uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
            expect = calls.get(("chi", t, uses))
            got = table.chi[t][j]
            if expect is not None:
                assert got == expect


def test_kuikae_only_legal_discard_banned():
    """13 tiles 456m + 111p222s333z + 7m? After chi of 3m with 45m the
    6m (suji kuikae) and 3m discards are banned; if those are the only useless
    tiles the call must discard elsewhere."""
    g = parse_counts("45m6m111p222s3336z")  # 13 tiles
    before = core.shanten(g, core.REGULAR)
    table = core.call_table(g)
    slow = slow_calls(g, 99)
    assert table.chi[2][0] == slow[("chi", 2, (3, 4))]          # chi 3m with 45m
    # a legal discard exists but not 6m: the figure differs from the unrestricted one
    h = list(g)
    h[3] -= 1
    h[4] -= 1
    unrestricted = min(core.shanten(minus(h, d), core.REGULAR) for d in range(34) if h[d])
    assert table.chi[2][0] >= unrestricted
    assert before >= 0


@pytest.mark.parametrize("seed", range(3))
def test_rows_match_definitions_random(seed):
    rng = random.Random(seed)
    for _ in range(6):
        hand = near_tenpai(rng) if rng.random() < 0.7 else random_hand(rng)
        a = analyze(hand)
        rem = hand.remaining()
        c = list(hand.counts)
        assert {r.tile.kind for r in a.rows} == {t for t in range(34) if c[t]}
        for row in a.rows:
            g = minus(c, row.tile.kind)
            s, uke, total, impr, good, second = slow_row(g, core.ALL_FORMS, rem)
            assert row.shanten == s
            assert [t.kind for t in row.ukeire] == uke
            assert row.ukeire_total == total
            assert [t.kind for t in row.improvements] == impr
            if s == 1:
                assert row.good_shape == good
            assert row.second_step == (second if s >= 1 else None)
            got_calls = {(o.call, o.tile, o.uses): o.shanten for o in row.calls}
            assert got_calls == slow_calls(g, s, rem=rem)


def dressed(rng, hand: Hand) -> Hand:
    """The same concealed tiles with some of: a red five, an open meld in place of three
    tiles, dora indicators and visible tiles from the rest of the wall."""
    tiles = list(hand.concealed)
    for i, t in enumerate(tiles):
        if t.kind in (4, 13, 22) and rng.random() < 0.5 and not any(x.red and x.kind == t.kind for x in tiles):
            tiles[i] = Tile(t.kind, True)
    melds = ()
    if rng.random() < 0.4:
        # take three tiles of the wall as an open pon/chi the player already made
        counts = [0] * 34
        for t in tiles:
            counts[t.kind] += 1
        free = [k for k in range(34) if counts[k] == 0]
        k = rng.choice(free)
        from mjgui.hand import Meld, MeldKind
        if k < 27 and k % 9 <= 6 and counts[k + 1] + counts[k + 2] == 0:
            melds = (Meld(MeldKind.CHI, (Tile(k), Tile(k + 1), Tile(k + 2)), Tile(k), "L"),)
        else:
            melds = (Meld(MeldKind.PON, (Tile(k),) * 3, Tile(k), rng.choice("LAR")),)
        tiles = tiles[:len(tiles) - 3]
    seen = [0] * 34
    for t in tiles:
        seen[t.kind] += 1
    for m in melds:
        for t in m.tiles:
            seen[t.kind] += 1
    extra = []
    for _ in range(rng.randrange(12)):
        k = rng.randrange(34)
        if seen[k] < 4:
            seen[k] += 1
            extra.append(Tile(k))
    return Hand(tuple(tiles), melds, tuple(extra[:1]), tuple(extra[1:]))


def test_rows_match_definitions_dressed_hands():
    """Hundreds of rows: open melds (regular form only), red fives, dora and visible tiles."""
    rng = random.Random(99)
    checked = 0
    while checked < 150:
        hand = dressed(rng, near_tenpai(rng) if rng.random() < 0.7 else random_hand(rng))
        a = analyze(hand)
        rem = hand.remaining()
        forms = core.ALL_FORMS if hand.is_closed else core.REGULAR
        caps = ref.caps_of_melds([t.kind for t in m.tiles] for m in hand.melds) if hand.melds else None
        c = list(hand.counts)
        for row in a.rows:
            g = minus(c, row.tile.kind)
            s, uke, total, impr, good, second = slow_row(g, forms, rem, caps)
            assert (row.shanten, [t.kind for t in row.ukeire], row.ukeire_total) == (s, uke, total)
            assert [t.kind for t in row.improvements] == impr
            assert row.second_step == (second if s >= 1 else None)
            assert {(o.call, o.tile, o.uses): o.shanten for o in row.calls} == slow_calls(g, s, caps, rem)
            assert all(t.remaining == rem[t.kind] for t in row.ukeire)
        checked += 1


def test_rows_match_oracle_shanten_and_ukeire():
    """Shanten and ukeire of every row against the independent search oracle."""
    rng = random.Random(11)
    for _ in range(4):
        hand = near_tenpai(rng)
        c = list(hand.counts)
        table = ref.discard_table(c)
        for row in analyze(hand, calls=False).rows:
            s, uke = table[row.tile.kind]
            assert row.shanten == s
            assert [t.kind for t in row.ukeire] == list(uke)


def test_remaining_counts_hand_melds_and_visible():
    hand = Hand.parse("123m456p11z55z chi:7*89s dora:1z visible:55z discards:9m")
    rem = hand.remaining()
    assert rem[27] == 4 - 2 - 1          # 1z: two in hand, one dora indicator
    assert rem[31] == 0                  # 5z: two in hand, two visible
    assert rem[8] == 3                   # 9m: one discarded
    assert rem[24] == 3                  # 7s in the chi
    a = analyze(hand)
    for t in a.current.ukeire:
        assert t.remaining == rem[t.kind]


def test_ranking_default_and_swappable():
    a = analyze("23m456p789s11z556z9m")
    assert a.rows[0].shanten == 1
    keys = [(r.shanten, -r.ukeire_total, -(r.second_step or 0)) for r in a.rows]
    assert keys == sorted(keys)
    by_kind = analyze("23m456p789s11z556z9m", rank=lambda r: -r.tile.kind)
    assert [r.tile.kind for r in by_kind.rows] == sorted((r.tile.kind for r in a.rows), reverse=True)
    plain = analyze("23m456p789s11z556z9m", rank=by_ukeire)
    assert {r.tile.name for r in plain.best()} == {"9m", "6z"}


def test_verdicts_en_ja():
    a = analyze("23m456p789s11z556z9m")
    best = a.rows[0]
    en = best.verdict("en", a.shanten)
    ja = best.verdict("ja", a.shanten)
    assert en.startswith("keeps 1-shanten, 12 tiles by draw")
    assert "by pon/chi" in en
    assert ja.startswith("1向聴維持、受け入れ4種12枚")
    worse = [r for r in a.rows if r.shanten == 2][0]
    assert worse.verdict("en", a.shanten).startswith("back to 2-shanten")
    with pytest.raises(ValueError):
        best.verdict("fr")


def test_open_hand_regular_only_and_json():
    a = analyze("23m456p11z556z pon:7*77z@R")
    assert a.chiitoi is None and a.kokushi is None
    data = a.to_json()
    assert data["ukeire"] and "discards" not in data
    b = analyze("23m456p789s11z556z9m").to_json()
    assert b["discards"][0]["discard"] in ("9m", "6z")
    assert all(set(d) >= {"discard", "shanten", "ukeire", "ukeire_total", "pon", "chi",
                          "improvements", "good_shape_rate", "second_step"} for d in b["discards"])


def test_red_five_discard_prefers_plain_and_names_normalised():
    a = analyze("0555m456p789s11z55z")
    row = [r for r in a.rows if r.tile.kind == 4][0]
    assert not row.tile.red
    assert a.to_json()["discards"][0]["discard"][0] != "0"


def test_bad_sizes_raise():
    from mjgui.tiles import TileError
    with pytest.raises(TileError, match="12 concealed tiles"):
        analyze("123m456p789s111z")
    with pytest.raises(TileError):
        analyze("123m chi:3*45m")


def test_tenpai_rows_carry_the_value_of_their_waits():
    from mjgui.scoring import score
    a = analyze("23m456p789s55m123s9m seat:S dora:1m")
    row = next(r for r in a.rows if r.tile.name == "9m")
    value = a.value(row)
    # 1m or 4m by ron: pinfu + the 2m dora, 2 han 30 fu = 2,000 either way
    expected = {score(f"{w}23m456p789s55m123s seat:S dora:1m win:{w}").total for w in ("1m", "4m")}
    assert (value.low, value.high) == (min(expected), max(expected)) == (2000, 2000)
    assert not value.needs_riichi and value.text() == "2,000"
    assert all(a.value(r) is None for r in a.rows if r.shanten > 0)


def test_a_closed_yakuless_tenpai_needs_riichi_and_an_open_one_has_no_yaku():
    # 1z tanki with runs elsewhere: no yaku by dama (not pinfu), riichi gives one
    a = analyze("123m456p789s12z456s seat:W")
    value = a.value(next(r for r in a.rows if r.tile.name == "2z"))
    assert value.needs_riichi and value.low == score_total("123m456p789s11z456s seat:W riichi win:1z")
    a = analyze("123m456p789s12z chi:4*56s@L seat:W")
    assert a.value(next(r for r in a.rows if r.tile.name == "2z")).yakuless


def score_total(text):
    from mjgui.scoring import score
    return score(text).total

def crowded_open_hand(rng) -> Hand:
    """14 tiles with one or two open melds whose kinds the concealed tiles crowd, so the
    four-copy limit across the melds decides many figures."""
    from mjgui.hand import Meld, MeldKind
    while True:
        used = [0] * 34
        melds = []
        for _ in range(rng.choice((1, 1, 2))):
            low = rng.randrange(34)
            if rng.random() < 0.4 and low < 27 and low % 9 <= 6:
                kinds = (low, low + 1, low + 2)
                meld = Meld(MeldKind.CHI, tuple(Tile(k) for k in kinds), Tile(low), "L")
            elif rng.random() < 0.8:
                kinds = (low,) * 3
                meld = Meld(MeldKind.PON, (Tile(low),) * 3, Tile(low), "A")
            else:
                kinds = (low,) * 4
                meld = Meld(MeldKind.KAN, (Tile(low),) * 4, Tile(low), "R")
            if all(used[k] + kinds.count(k) <= 4 for k in kinds):
                for k in kinds:
                    used[k] += 1
                melds.append(meld)
        near = [x for m in melds for t in m.tiles for x in range(t.kind - 2, t.kind + 3)
                if 0 <= x < 34 and (x == t.kind or (x < 27 and t.kind < 27 and x // 9 == t.kind // 9))]
        concealed = []
        for _ in range(400):
            if len(concealed) == 14 - 3 * len(melds):
                break
            t = rng.choice(near) if rng.random() < 0.7 else rng.randrange(34)
            if used[t] < 4:
                used[t] += 1
                concealed.append(Tile(t))
        if len(concealed) == 14 - 3 * len(melds):
            return Hand(tuple(concealed), tuple(melds))


def test_rows_match_definitions_crowded_open_hands():
    """Every figure of every row of open hands whose concealed tiles sit around their melds,
    against the definitions under the melds' caps (improvements, good shape and second step
    included)."""
    rng = random.Random(5)
    capped_rows = 0
    for _ in range(15):
        hand = crowded_open_hand(rng)
        a = analyze(hand)
        rem = hand.remaining()
        caps = ref.caps_of_melds([t.kind for t in m.tiles] for m in hand.melds)
        c = list(hand.counts)
        for row in a.rows:
            g = minus(c, row.tile.kind)
            s, uke, total, impr, good, second = slow_row(g, core.REGULAR, rem, caps)
            assert (row.shanten, [t.kind for t in row.ukeire], row.ukeire_total) == (s, uke, total), str(hand)
            assert [t.kind for t in row.improvements] == impr, str(hand)
            if s == 1:
                assert row.good_shape == good, str(hand)
            assert row.second_step == (second if s >= 1 else None)
            assert {(o.call, o.tile, o.uses): o.shanten for o in row.calls} == slow_calls(g, s, caps, rem)
            capped_rows += (s, uke) != (core.shanten(g, core.REGULAR), ukeire_of(g, core.REGULAR))
    assert capped_rows > 10      # the caps did change rows


def test_wait_report_per_tenpai_row():
    # 123m 456s 789s 234p + 1z 2z: discarding either honour leaves a tanki on the other
    a = analyze(Hand.parse("123m456s789s234p12z"))
    rows = {r.tile.name: r for r in a.rows}
    assert list(a.wait_report(rows["1z"]).kinds) == [28]
    assert list(a.wait_report(rows["2z"]).kinds) == [27]
    assert str(a.hand_after(rows["1z"])) == str(Hand.parse("123m456s789s234p2z discards:1z"))
    assert a.wait_report(rows["1m"]) is None                     # 1-shanten after 1m
    assert a.wait_report(rows["1z"]) is a.wait_report(rows["1z"])   # kept, not redone


def test_wait_report_of_a_tenpai_13_tile_hand():
    a = analyze(Hand.parse("1112345678999m"))
    assert list(a.wait_report(a.current).kinds) == list(range(9))
    assert a.wait_report(analyze(Hand.parse("1112345678m149p")).current) is None


def _reds(hand: Hand) -> int:
    return sum(t.red for t in hand.concealed) + sum(t.red for m in hand.melds for t in m.tiles)


@pytest.mark.parametrize("text, tile, left_red", [
    ("40m456p789s11z556z", 2, 0),       # the only 5m is red: the chi of 3m takes it into the meld
    ("450m456p789s11z56z", 2, 1),       # a plain 5m is there: the red stays in the hand
])
def test_a_call_keeps_the_red_five(text, tile, left_red):
    a = analyze(text)
    option = next(c for c in a.current.calls if c.call == "chi" and c.tile == tile and 4 in c.uses)
    after = option.hand_after()
    assert _reds(after) == 1                               # the red five is not lost
    assert sum(t.red for t in after.concealed) == left_red
    meld = after.melds[-1]
    assert sum(t.red for t in meld.tiles) == 1 - left_red
    assert sorted(t.kind for t in meld.tiles) == [2, 3, 4]


def test_a_meld_naming_the_red_five_takes_it():
    from mjgui.analysis import hand_after_call
    from mjgui.hand import Meld, MeldKind
    hand = Hand.parse("4550m456p789s11z6z")
    red = Meld(MeldKind.PON, (Tile(4), Tile(4, True), Tile(4)), Tile(4), "A")
    after = hand_after_call(hand, red)
    assert sum(t.red for t in after.melds[-1].tiles) == 1 and not any(t.red for t in after.concealed)
    plain = Meld(MeldKind.PON, (Tile(4),) * 3, Tile(4), "A")
    after = hand_after_call(hand, plain)
    assert not any(t.red for t in after.melds[-1].tiles) and sum(t.red for t in after.concealed) == 1
