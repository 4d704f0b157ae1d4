"""Slow, independent reference for yaku reachability (mjgui.yaku, docs/yaku.md): every
completion of a hand within a number of draws, written out from the definition, each
scored by the `mahjong` package (PyPI) for every way of winning it.

Nothing of mjgui's C core is used: the completions are enumerated here in plain Python
(blocks chosen as a multiset, then the pair), and the yaku come from the `mahjong`
package, through tests/scoring_oracle.py's translation of a Hand.

Definitions (the module doc of mjgui.yaku): a completion W of concealed counts H with k
melds still to make is k blocks (runs or triplets) and a pair, each kind within 4 minus
the copies the melds hold; it costs sum(max(W_i - H_i, 0)) draws.  W *has a yaku* when
some ron on it — any tile of W still to draw (any held tile when nothing is to draw) as
the winning tile, no dora — scores at least one han; *by tsumo*, when a tsumo or a ron
on such a tile does.
"""
from __future__ import annotations

from typing import Iterator, Sequence

from mjgui.hand import Hand, Meld, Win
from mjgui.tiles import Tile
from scoring_oracle import oracle

N_KINDS = 34
BLOCKS = tuple(("run", s) for s in range(27) if s % 9 <= 6) + tuple(("triplet", t) for t in range(N_KINDS))


def caps_of(melds: Sequence[Meld]) -> list[int]:
    caps = [4] * N_KINDS
    for m in melds:
        for t in m.tiles:
            caps[t.kind] -= 1
    return caps


def completions(h: Sequence[int], melds: Sequence[Meld], budget: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every distinct completion W of the counts h with these melds costing at most
    `budget` draws, with its cost."""
    caps = caps_of(melds)
    k = 4 - len(melds)
    seen: set[tuple[int, ...]] = set()

    def cost_of(w: list[int]) -> int:
        return sum(max(w[i] - h[i], 0) for i in range(N_KINDS))

    def place(w: list[int], first: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if cost_of(w) > budget:
            return                   # adding tiles never lowers the cost
        if left == 0:
            for pair in range(N_KINDS):
                w[pair] += 2
                if w[pair] <= caps[pair]:
                    c = cost_of(w)
                    done = tuple(w)
                    if c <= budget and done not in seen:
                        seen.add(done)
                        yield done, c
                w[pair] -= 2
            return
        for b in range(first, len(BLOCKS)):
            shape, x = BLOCKS[b]
            kinds = (x, x + 1, x + 2) if shape == "run" else (x, x, x)
            for t in kinds:
                w[t] += 1
            if all(w[t] <= caps[t] for t in kinds):
                yield from place(w, b, left - 1)
            for t in kinds:
                w[t] -= 1

    yield from place([0] * N_KINDS, 0, k)


def has_yaku(w: Sequence[int], h: Sequence[int], melds: Sequence[Meld], round_wind: int, seat_wind: int,
             tsumo: bool = False) -> bool:
    """Does some ron (with `tsumo`: or tsumo) on the completion w score a han (the `mahjong`
    package)?"""
    # the set holds one red copy of each five: with all four in play, one is red (the
    # oracle's tile ids need it; a red five adds no han without a yaku)
    red_in_melds = {t.kind for m in melds for t in m.tiles if t.red}
    in_melds = [0] * N_KINDS
    for m in melds:
        for t in m.tiles:
            in_melds[t.kind] += 1
    concealed = tuple(Tile(i, n == 0 and i in (4, 13, 22) and i not in red_in_melds and w[i] + in_melds[i] == 4)
                      for i in range(N_KINDS) for n in range(w[i]))
    drawn = [i for i in range(N_KINDS) if w[i] > h[i]] or [i for i in range(N_KINDS) if w[i]]
    for tile in drawn:
        for flags in (frozenset(), frozenset({"tsumo"})) if tsumo else (frozenset(),):
            hand = Hand(concealed, tuple(melds), round_wind=round_wind, seat_wind=seat_wind,
                        win=Win(Tile(tile), flags))
            han, _, _, _ = oracle(hand)
            if han > 0:
                return True
    return False


def cheapest_yaku_cost(h: Sequence[int], melds: Sequence[Meld], round_wind: int, seat_wind: int,
                       budget: int, tsumo: bool = False) -> int | None:
    """The fewest draws of a completion with a yaku (by ron, or with `tsumo` by either), None
    when none costs at most `budget`."""
    for w, c in sorted(completions(h, melds, budget), key=lambda wc: wc[1]):
        if has_yaku(w, h, melds, round_wind, seat_wind, tsumo):
            return c
    return None


def fastest(h: Sequence[int], melds: Sequence[Meld], budget: int) -> int | None:
    """The fewest draws of any completion (shanten + 1), None above `budget`."""
    costs = [c for _, c in completions(h, melds, budget)]
    return min(costs) if costs else None
