"""Open hands: the four-copy limit across the melds (caps), against the slow reference
(tests/reference.py with caps) and hand-checked examples, and the core's checks of the caps."""
from __future__ import annotations

import random

import pytest

import reference as ref
from mjgui import core
from mjgui.analysis import analyze
from mjgui.core import HandError
from mjgui.waits import wait_details

N = 34


def open_hand(rng: random.Random, residue: int | None = None):
    """(concealed counts, meld tile kinds) of a random open hand whose concealed tiles
    crowd the kinds of its melds, so that the caps often decide."""
    while True:
        used = [0] * N
        melds = []
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.35:
                low = rng.choice([x for x in range(27) if x % 9 <= 6])
                meld = [low, low + 1, low + 2]
            else:
                meld = [rng.randrange(N)] * (4 if r > 0.9 else 3)
            if all(used[k] + meld.count(k) <= 4 for k in meld):
                for k in meld:
                    used[k] += 1
                melds.append(meld)
        if not melds:
            continue
        k = 4 - len(melds)
        n = 3 * k + (residue if residue is not None else rng.choice((1, 2)))
        near = sorted({x for m in melds for t in m for x in range(t - 2, t + 3)
                       if 0 <= x < N and (x >= 27) == (t >= 27) and (x < 27 and x // 9 == t // 9 or x == t)})
        h = [0] * N
        tries = 0
        while sum(h) < n and tries < 500:
            tries += 1
            t = rng.choice(near) if rng.random() < 0.7 else rng.randrange(N)
            if h[t] + used[t] < 4:
                h[t] += 1
        if sum(h) == n:
            return h, [t for m in melds for t in m]


def caps_of(kinds) -> list[int]:
    caps = [4] * N
    for t in kinds:
        caps[t] -= 1
    return caps


@pytest.mark.parametrize("seed", range(4))
def test_shanten_ukeire_waits_match_reference(seed: int) -> None:
    rng = random.Random(seed)
    differ = 0
    for _ in range(150):
        h, kinds = open_hand(rng)
        caps = caps_of(kinds)
        s = ref.regular_shanten(h, caps)
        assert core.shanten_capped(h, caps, core.REGULAR) == s, (h, kinds)
        assert core.shanten_melds(h, sum(h) // 3, caps) == s
        assert core.shanten_capped(h, bytes(caps)) == s          # the special forms do not apply
        if sum(h) % 3 == 1:
            got_s, got_u = core.ukeire_and_shanten(h, core.REGULAR, caps)
            assert (got_s, got_u) == (s, ref.ukeire(h, caps)), (h, kinds)
            differ += (got_s, got_u) != core.ukeire_and_shanten(h, core.REGULAR)
            assert core.waits(h, core.ALL_FORMS, caps) == (ref.waits(h, caps) if s == 0 else [])
        else:
            table = core.discard_table(h, core.REGULAR, caps)
            slow = ref.discard_table(h, caps)
            assert table.shanten == s
            assert {d.kind: (d.shanten, list(d.ukeire)) for d in table.discards} == slow, (h, kinds)
            differ += table != core.discard_table(h, core.REGULAR)
    assert differ > 15      # the generator does reach hands where the caps change the answer


@pytest.mark.parametrize("seed", range(3))
def test_call_table_matches_reference(seed: int) -> None:
    rng = random.Random(100 + seed)
    checked = 0
    for _ in range(120):
        if rng.random() < 0.3:
            h, kinds = ref.random_hand(rng, 13), []           # closed: the call makes the caps
        else:
            h, kinds = open_hand(rng, residue=1)
            if sum(h) < 4:
                continue
        caps = caps_of(kinds)
        table = core.call_table(h, caps if kinds else None)
        assert table.shanten == ref.regular_shanten(h, caps)
        for t in range(N):
            want = ref.call_shanten(h, caps, t, (t, t), {t}) if h[t] >= 2 else None
            assert table.pon[t] == want, (h, kinds, "pon", t)
            for j in range(3):
                low = t - j
                if t >= 27 or not 0 <= t % 9 - j <= 6:
                    assert table.chi[t][j] is None
                    continue
                uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
                banned = {t}
                if j == 0 and t % 9 + 3 <= 8:
                    banned.add(t + 3)
                if j == 2 and t % 9 - 3 >= 0:
                    banned.add(t - 3)
                assert table.chi[t][j] == ref.call_shanten(h, caps, t, uses, banned), (h, kinds, t, j)
                checked += 1
    assert checked > 1000


def test_pon_then_fifth_copy_is_one_shanten() -> None:
    """The issue's example: the only 'wait' of 1m234p567s789s next to a pon of 1m would be
    a fifth 1m, so the hand is 1-shanten in every panel."""
    text = "1m234p567s789s pon:1*11m@R"
    a = analyze(text)
    assert (a.shanten, a.regular) == (1, 1)
    assert 0 not in [t.kind for t in a.current.ukeire]         # no 1m left to draw
    assert 0 not in [t.kind for t in a.current.improvements]
    report = wait_details(text)
    assert report.shanten == 1 and not report.waits and report.fifth_tile == (0,)
    h = ref.parse("1m234p567s789s")
    assert ref.regular_shanten(h, ref.caps_of_melds([[0, 0, 0]])) == 1


def test_hand_checked_open_waits() -> None:
    # 23m next to a pon of 1m: the fourth 1m still completes 123m
    report = wait_details("23m456p789s11z pon:1*11m@L")
    assert [w.name for w in report.waits] == ["1m", "4m"]
    assert report.wait(0).remaining == 1
    # 23m next to a kan of 4m: only 1m completes it
    report = wait_details("23m456p789s11z kan:4*444m@A")
    assert [w.name for w in report.waits] == ["1m"] and report.fifth_tile == (3,)
    # 5p shanpon next to a chi 345p: two 5p are used (one concealed pair, one in the chi),
    # so 5p completes (the fourth copy) and so does 9s
    report = wait_details("55p99s123m789m chi:3*45p")
    assert [w.name for w in report.waits] == ["5p", "9s"]


def test_calls_on_a_closed_hand_respect_the_called_meld() -> None:
    """133344677889m5z: after pon of 7m (with 77m) one 7m is left for the concealed part, so
    678m + 789m (one draw away if the pon's copies were ignored) is out: 2-shanten."""
    h = ref.parse("133344677889m5z")
    table = core.call_table(h)
    assert table.pon[6] == ref.call_shanten(h, None, 6, (6, 6), {6}) == 2
    g = list(h)
    g[6] -= 2
    ignoring_the_pon = min(core.shanten([x - (i == d) for i, x in enumerate(g)], core.REGULAR)
                           for d in range(34) if g[d] and d != 6)
    assert ignoring_the_pon == 1
    # pon of a kind held four times is impossible: there is no copy to call
    h4 = ref.parse("1111m23p456s789s1z")
    assert core.call_table(h4).pon[0] is None


def test_closed_hands_unchanged_by_full_caps() -> None:
    rng = random.Random(3)
    for _ in range(200):
        h = ref.random_hand(rng, rng.choice((13, 14)))
        assert core.shanten_capped(h, [4] * N) == core.shanten(h) == core.shanten_capped(h, None)


@pytest.mark.parametrize("caps, match", [
    ([5] + [4] * 33, "cap of 1m is 5"),
    ([4] * 33, "34 caps"),
    ("1m", "34 caps"),
    ([0] * 5 + [4] * 29, "caps do not fit"),          # 1m held above its cap 0
    ([0] * 34, "caps do not fit"),                    # no complete hand fits
])
def test_bad_caps_raise_hand_error(caps, match) -> None:
    h = ref.parse("123m456p77s")
    with pytest.raises(HandError, match=match):
        core.shanten_capped(h, caps, core.REGULAR)
    with pytest.raises(HandError, match=match):
        core.ukeire(ref.parse("123m456p7s"), core.REGULAR, caps)


def test_caps_with_seven_pairs_on_thirteen_tiles_raise() -> None:
    h = ref.parse("1122m3344p5566s7z")
    with pytest.raises(HandError, match="open hand"):
        core.shanten_capped(h, [3] + [4] * 33, core.ALL_FORMS)
    assert core.shanten_capped(h, [4] * 34, core.ALL_FORMS) == core.shanten(h)


def test_caps_leaving_no_complete_hand_raise() -> None:
    with pytest.raises(HandError, match="no complete hand"):
        core.shanten_melds([0] * N, 1, [0] * N)
    assert core.shanten_melds([0] * N, 1, [4] * N) == 4        # a meld and a pair to draw
