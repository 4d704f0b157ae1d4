"""A slow, independent implementation of the simple expected-value model
(docs/ev.md), written from its definition for the tests: plain recursion over
(13-tile hand, red fives held, draw number) with Python's own bookkeeping,
scoring each win with mjgui.scoring.score on a Hand.  Only for small cases."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from mjgui import core
from mjgui.hand import Hand, Win
from mjgui.scoring import score
from mjgui.tiles import Tile

LAST = 17


class Model:
    def __init__(self, hand: Hand, turn: int, ippatsu=True, haitei=True, ura=True, double_riichi=True):
        self.hand, self.turn = hand, turn
        self.opts = dict(ippatsu=ippatsu, haitei=haitei, ura=ura, double_riichi=double_riichi)
        self.melded = [0] * 34
        for m in hand.melds:
            for t in m.tiles:
                self.melded[t.kind] += 1
        self.ind = [0] * 34
        for t in hand.dora_indicators:
            self.ind[t.kind] += 1
        self.S = 136 - 14 - len(hand.dora_indicators)
        self.closed = hand.is_closed
        self.forms = core.ALL_FORMS if not hand.melds else core.REGULAR
        self.value = lru_cache(maxsize=None)(self._value)

    def shanten(self, counts):
        return core.shanten(bytes(counts), self.forms)

    def wall(self, counts, x):
        return max(4 - counts[x] - self.melded[x] - self.ind[x], 0)

    def draws(self, counts, reds):
        """(tile kind, red?, weight) of every draw."""
        out = []
        for x in range(34):
            c = self.wall(counts, x)
            if not c:
                continue
            red_left = x < 27 and x % 9 == 4 and x // 9 not in reds
            if red_left:
                out.append((x, True, 1))
                if c > 1:
                    out.append((x, False, c - 1))
            else:
                out.append((x, False, c))
        return out

    def win_points(self, counts, reds, x, flags):
        """Points received for the tsumo of x (already in counts), ura averaged."""
        melded_red = {t.kind // 9 for m in self.hand.melds for t in m.tiles if t.red}
        tiles = []
        for k in range(34):
            red = k < 27 and k % 9 == 4 and k // 9 in reds and k // 9 not in melded_red
            tiles += [Tile(k, red and i == 0) for i in range(counts[k])]
        win_tile = next(t for t in tiles if t.kind == x)
        hand = replace(self.hand, concealed=tuple(tiles), visible=(), discards=(), turn=0,
                       win=Win(win_tile, frozenset(flags)))
        s = score(hand)
        if not s.wins:
            return 0.0
        if s.yakuman or not flags & {"riichi", "double-riichi"} or not self.opts["ura"] \
                or not hand.dora_indicators:
            return float(s.total)
        # ura dora: every set of indicators from the unseen tiles is equally likely; a multiset
        # of kinds stands for prod C(unseen copies, times picked) sets of physical tiles
        held = [counts[k] + self.melded[k] for k in range(34)]
        unseen = [max(4 - held[k] - self.ind[k], 0) for k in range(34)]
        total = ways = 0.0
        for pick in combinations_with_replacement(range(34), len(hand.dora_indicators)):
            w = 1
            for k in set(pick):
                w *= comb(unseen[k], pick.count(k))
            if w:
                total += w * _tsumo_points(s.han + sum(held[_next(k)] for k in pick), s.fu, hand.seat_wind == 0)
                ways += w
        return total / ways

    def _value(self, counts: tuple, reds: frozenset, t: int, riichi_now: bool, double: bool):
        """(tenpai, win, score) with draws t..17 left; riichi_now: riichi declared just before t."""
        counts = list(counts)
        s = self.shanten(counts)
        if t > LAST:
            return (1.0 if s == 0 else 0.0, 0.0, 0.0)
        stay_t, stay_w, stay_s = self.value(tuple(counts), reds, t + 1, False, double)
        P = self.S - t
        if s == 0:
            win = sc = 0.0
            kept = 0
            for x, red, wgt in self.draws(counts, reds):
                counts[x] += 1
                if self.shanten(counts) == -1:
                    flags = {"tsumo"}
                    if self.closed:
                        flags.add("double-riichi" if double else "riichi")
                        if riichi_now and self.opts["ippatsu"]:
                            flags.add("ippatsu")
                    if t == LAST and self.opts["haitei"]:
                        flags.add("haitei")
                    pts = self.win_points(counts, reds | {x // 9} if red else reds, x, flags)
                    if pts > 0:
                        win += wgt
                        sc += wgt * pts
                        kept += wgt
                counts[x] -= 1
            return (1.0, (win + (P - kept) * stay_w) / P, (sc + (P - kept) * stay_s) / P)
        acc = [0.0, 0.0, 0.0]
        kept = 0
        for x, red, wgt in self.draws(counts, reds):
            counts[x] += 1
            if self.shanten(counts) < s:
                r2 = reds | {x // 9} if red else reds
                best = [0.0, 0.0, 0.0]
                for d in range(34):
                    if not counts[d]:
                        continue
                    counts[d] -= 1
                    if self.shanten(counts) == s - 1:
                        r3 = r2 - {d // 9} if d < 27 and d % 9 == 4 and counts[d] == 0 else r2
                        v = self.value(tuple(counts), r3, t + 1, s - 1 == 0, False)
                        best = [max(a, b) for a, b in zip(best, v)]
                    counts[d] += 1
                kept += wgt
                acc = [a + wgt * b for a, b in zip(acc, best)]
            counts[x] -= 1
        return tuple((a + (P - kept) * st) / P for a, st in zip(acc, (stay_t, stay_w, stay_s)))

    def discard(self, kind: int):
        counts = list(self.hand.counts)
        counts[kind] -= 1
        reds = frozenset(t.kind // 9 for t in self.hand.concealed if t.red)
        reds |= frozenset(t.kind // 9 for m in self.hand.melds for t in m.tiles if t.red)
        if kind < 27 and kind % 9 == 4 and counts[kind] == 0:
            reds -= {kind // 9}
        s = self.shanten(counts)
        double = s == 0 and self.turn == 1 and self.opts["double_riichi"] and self.closed
        return self.value(tuple(counts), reds, self.turn, s == 0, double)


def _next(k: int) -> int:
    """The kind an indicator k points to."""
    if k < 27:
        return k // 9 * 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def _tsumo_points(han: int, fu: int, dealer: bool) -> int:
    """Tsumo points received, from the table of the rules (tenhou preset)."""
    if han >= 13:
        base = 8000
    elif han >= 11:
        base = 6000
    elif han >= 8:
        base = 4000
    elif han >= 6:
        base = 3000
    else:
        base = min(fu * 2 ** (han + 2), 2000) if han < 5 else 2000

    def up(x):
        return -(-x // 100) * 100
    return 3 * up(2 * base) if dealer else up(2 * base) + 2 * up(base)
