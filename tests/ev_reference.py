"""A slow, independent implementation of the expected-value models (docs/ev.md),
written from their definitions for the tests: plain recursion over (13-tile
hand, red fives held, draw number) with Python's own bookkeeping, scoring each
win with mjgui.scoring.score on a Hand.  The full model adds the seen tiles,
ron from the opponents' discards, furiten and riichi or dama, and optionally
calls: a 1-shanten hand may pon (any opponent) or chi (the left player) a
discard that makes it tenpai, then waits dama with the meld; a 2-shanten hand
may pon a value honour (its yaku), then draws or calls once more to tenpai.  A
line after a call counts only tenpai with a yaku.  Only for small cases."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from mjgui import core
from mjgui.hand import Hand, Meld, MeldKind, Win
from mjgui.scoring import score
from mjgui.tiles import Tile

LAST = 17


class Model:
    def __init__(self, hand: Hand, turn: int, ippatsu=True, haitei=True, ura=True, double_riichi=True,
                 full=False, ron_dama=0.5, ron_riichi=0.25, calls=False, call_share=0.5, called=False):
        self.hand, self.turn, self.full = hand, turn, full
        self.called = called                # a line after a call: its tenpai counts with a yaku only
        self.calls, self.call_share = calls and full, call_share
        self.lines = {}                     # the model of the hand after each call (its meld added)
        self.opts = dict(ippatsu=ippatsu, haitei=haitei, ura=ura, double_riichi=double_riichi)
        self.q = {"dama": ron_dama, "riichi": ron_riichi}
        self.melded = [0] * 34
        for m in hand.melds:
            for t in m.tiles:
                self.melded[t.kind] += 1
        # the copies the melds hold cap the concealed hand's (never a fifth copy)
        self.caps = bytes(4 - m for m in self.melded) if hand.melds else None
        self.ind = [0] * 34
        for t in hand.dora_indicators:
            self.ind[t.kind] += 1
        seen_tiles = (hand.visible + hand.discards) if full else ()
        for t in seen_tiles:
            self.ind[t.kind] += 1           # out of the wall (and never an ura indicator)
        self.red_out = {t.kind // 9 for t in hand.dora_indicators + seen_tiles if t.red}
        self.own_discards = {t.kind for t in hand.discards} if full else set()
        n_visible = len(hand.visible) if full else 0
        self.pool = [max(136 - 14 - len(hand.dora_indicators) - t - n_visible, 1) for t in range(19)]
        seat = hand.seat_wind
        if full:
            # the live wall's draws dealt one by one East, South, West, North; each kan (one
            # indicator more) takes one off its end
            live = 70 - (len(hand.dora_indicators) - 1)
            owner = [k % 4 for k in range(live)]
            ender = owner[-1]
            self.last = owner.count(seat) - 1          # draw t is the player's (t + 1)-th
            self.haitei = self.last if seat == ender else None
            # the opponents' discards after the player's last one, up to the last tile's drawer
            self.final = next(n for n in range(4) if (seat + n) % 4 == ender)
        else:
            self.last, self.haitei, self.final = LAST, LAST, 0
        self.closed = hand.is_closed
        self.forms = core.ALL_FORMS if not hand.melds else core.REGULAR
        self.value = lru_cache(maxsize=None)(self._value)
        self.wait = lru_cache(maxsize=None)(self._wait)
        self.line_value = lru_cache(maxsize=None)(self._line_value)

    def shanten(self, counts):
        if self.caps is not None:
            return core.shanten_capped(bytes(counts), self.caps, self.forms)
        return core.shanten(bytes(counts), self.forms)

    def value_honour(self, x: int) -> bool:
        return x >= 31 or x in (27 + self.hand.seat_wind, 27 + self.hand.round_wind)

    def wall(self, counts, x):
        return max(4 - counts[x] - self.melded[x] - self.ind[x], 0)

    def draws(self, counts, reds):
        """(tile kind, red?, weight) of every draw."""
        out = []
        for x in range(34):
            c = self.wall(counts, x)
            if not c:
                continue
            red_left = x < 27 and x % 9 == 4 and x // 9 not in reds and x // 9 not in self.red_out
            if red_left:
                out.append((x, True, 1))
                if c > 1:
                    out.append((x, False, c - 1))
            else:
                out.append((x, False, c))
        return out

    def win_points(self, counts, reds, x, flags):
        """Points received for the win on x (already in counts), ura averaged."""
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
                han = s.han + sum(held[_next(k)] for k in pick)
                total += w * _points(han, s.fu, hand.seat_wind == 0, "tsumo" in flags)
                ways += w
        return total / ways

    def _wait(self, counts: tuple, reds: frozenset, t: int, kind: str, ippatsu: bool, furiten: bool):
        """(win, score) of a tenpai hand that no longer changes, before the opponents'
        discards ahead of draw t; kind "riichi", "double-riichi" or "dama"."""
        if t > self.last + 1:
            return (0.0, 0.0)
        counts = list(counts)
        base = set() if kind == "dama" else {kind}
        if ippatsu:
            base.add("ippatsu")
        q = 0.0 if not self.full or furiten else self.q["dama" if kind == "dama" else "riichi"]
        tsumo_w = tsumo_pts = ron_w = ron_pts = last_w = last_pts = 0.0
        final = t == self.last + 1 and self.final > 0
        for x, red, wgt in self.draws(counts, reds):
            counts[x] += 1
            if self.shanten(counts) == -1:
                r2 = reds | {x // 9} if red else reds
                flags = base | {"tsumo"}
                if t == self.haitei and self.opts["haitei"]:
                    flags.add("haitei")
                pts = self.win_points(counts, r2, x, flags)
                if pts > 0:
                    tsumo_w += wgt
                    tsumo_pts += wgt * pts
                if q:
                    pts = self.win_points(counts, r2, x, set(base))
                    if pts > 0:
                        ron_w += wgt
                        ron_pts += wgt * pts
                if q and final:           # the round's last discard: houtei
                    pts = self.win_points(counts, r2, x, base | {"houtei"})
                    if pts > 0:
                        last_w += wgt
                        last_pts += wgt * pts
            counts[x] -= 1
        mean_ron = ron_pts / ron_w if ron_w else 0.0
        if t == self.last + 1:           # the opponents' discards after the player's last one
            if not self.final:
                return (0.0, 0.0)
            p = _at_least_one(q, ron_w, self.pool[t], self.final - 1)
            p_last = _at_least_one(q, last_w, self.pool[t], 1)
            mean_last = last_pts / last_w if last_w else 0.0
            return (p + (1 - p) * p_last, p * mean_ron + (1 - p) * p_last * mean_last)
        P = max(self.pool[t], tsumo_w, ron_w)
        p = _at_least_one(q, ron_w, P, 3)
        nxt = self.wait(tuple(counts), reds, t + 1, kind, False, furiten)
        win = p + (1 - p) * (tsumo_w / P + (P - tsumo_w) / P * nxt[0])
        sc = p * mean_ron + (1 - p) * (tsumo_pts / P + (P - tsumo_w) / P * nxt[1])
        return (win, sc)

    def tenpai(self, counts: tuple, reds: frozenset, t: int, double: bool, furiten: bool):
        """{"riichi": (win, score), "dama": (win, score)} of a hand tenpai right now."""
        out = {}
        waits = [x for x in range(34) if counts[x] + self.melded[x] < 4 and
                 self.shanten([c + (k == x) for k, c in enumerate(counts)]) == -1]
        furiten = furiten or bool(set(waits) & self.own_discards)
        if self.closed and (not self.full or t <= self.last):   # riichi wants four tiles left in the wall
            out["riichi"] = self.wait(counts, reds, t, "double-riichi" if double else "riichi",
                                      self.opts["ippatsu"], furiten)
        if self.full or not self.closed:
            out["dama"] = self.wait(counts, reds, t, "dama", False, furiten)
        return out

    def _value(self, counts: tuple, reds: frozenset, t: int, double: bool, furiten: bool):
        """(tenpai, win, score) of a 13-tile hand just after a discard, draws t..last left."""
        s = self.shanten(list(counts))
        if s == 0 and self.called:
            return self.line_value(counts, reds, t)
        if s == 0:
            choices = self.tenpai(counts, reds, t, double, furiten).values()
            return (1.0 if t <= self.last + 1 else 0.0, max(c[0] for c in choices), max(c[1] for c in choices))
        if t > self.last:
            return (0.0, 0.0, 0.0)
        counts = list(counts)
        stay = self.value(tuple(counts), reds, t + 1, False, False)
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
                        v = self.value(tuple(counts), r3, t + 1, False, False)
                        best = [max(a, b) for a, b in zip(best, v)]
                    counts[d] += 1
                kept += wgt
                acc = [a + wgt * b for a, b in zip(acc, best)]
            counts[x] -= 1
        P = max(self.pool[t], kept)
        value = tuple((a + (P - kept) * st) / P for a, st in zip(acc, stay))
        # a closed hand calls from 1-shanten, or pons a value honour from 2-shanten; the
        # line after that pon may call once more from 1-shanten
        if self.calls and (s == 1 or (s == 2 and not self.called)) and len(self.hand.melds) < 4:
            value = self.with_calls(counts, reds, t, P, value)
        return value

    # ---- calls ----------------------------------------------------------------------------
    def with_calls(self, counts, reds, t, P, passed):
        """The three opponent discards before draw t (right, across, left), each a
        live kind x with probability call_share * wall(x) / P: a pon of any of
        them or a chi of the left one's that makes the hand tenpai (from
        2-shanten: a value honour's pon to 1-shanten) may replace draw t, when
        it is worth more (each number on its own)."""
        s = self.shanten(counts)
        options = []                          # (chance, best pon, best pon or chi)
        for x, red, wgt in self.draws(counts, reds):
            if s == 2 and not self.value_honour(x):
                continue
            counts[x] += 1
            lowers = self.shanten(counts) < s
            counts[x] -= 1
            if not lowers:
                continue
            pon = self.call(counts, reds, x, red, t, "pon")
            chi = self.call(counts, reds, x, red, t, "chi")
            if pon is None and chi is None:
                continue
            left = [max(a, b) for a, b in zip(pon or chi, chi or pon)]
            options.append((self.call_share * wgt / P, pon, left))
        value = list(passed)
        for which in ("left", "across", "right"):     # the left player discards last, before the draw
            base = list(value)
            for p, pon, left in options:
                called = left if which == "left" else pon
                if called is not None:
                    value = [v + p * max(0.0, c - b) for v, c, b in zip(value, called, base)]
        return tuple(value)

    def call(self, counts, reds, x, red, t, kind):
        """The best (tenpai, win, score) over the calls of x of this kind and the
        discards kuikae allows that leave the open hand one shanten lower, on a
        line that reaches tenpai with a yaku; None when none."""
        s = self.shanten(counts)
        shapes = []                            # (the hand's two tiles, the run's lowest kind, banned)
        if kind == "pon" and counts[x] >= 2:
            shapes.append(((x, x), x, {x}))
        if kind == "chi" and x < 27:
            for low in range(x - 2, x + 1):
                if low // 9 != x // 9 or low < 0 or low % 9 > 6:
                    continue
                a, b = [k for k in (low, low + 1, low + 2) if k != x]
                if counts[a] and counts[b]:
                    banned = {x}
                    if x == low and x % 9 <= 5:
                        banned.add(x + 3)    # kuikae: the other end of the run
                    if x == low + 2 and x % 9 >= 3:
                        banned.add(x - 3)
                    shapes.append(((a, b), low, banned))
        best = None
        for (a, b), low, banned in shapes:
            # the meld takes the called red five, or the hand's red five of a five it uses
            five = next((k for k in (x, a, b) if k < 27 and k % 9 == 4), None)
            meld_red = five is not None and ((red and five == x) or (five in (a, b) and five // 9 in reds))
            line = self.line(kind, low, x, meld_red)
            r2 = reds | {x // 9} if red else reds
            rest = list(counts)
            rest[a] -= 1
            rest[b] -= 1
            for d in range(34):
                if not rest[d] or d in banned:
                    continue
                rest[d] -= 1
                v = line.value(tuple(rest), r2, t + 1, False, False) if line.shanten(rest) == s - 1 else (0.0,)
                if v[0] > 0:                   # tenpai with a yaku within reach: a call worth making
                    best = v if best is None else [max(p, q) for p, q in zip(best, v)]
                rest[d] += 1
        return best

    def line(self, kind: str, low: int, called: int, meld_red: bool) -> "Model":
        """The model of the hand after the call (a line after a first call may call
        once more)."""
        key = (kind, low, called, meld_red)
        if key not in self.lines:
            kinds = [low] * 3 if kind == "pon" else [low, low + 1, low + 2]
            tiles = [Tile(k, meld_red and k < 27 and k % 9 == 4 and i == kinds.index(k))
                     for i, k in enumerate(kinds)]
            called_tile = next(t for t in tiles if t.kind == called)
            meld = Meld(MeldKind.PON if kind == "pon" else MeldKind.CHI, tuple(tiles), called_tile,
                        "A" if kind == "pon" else "L")
            hand = replace(self.hand, concealed=(), melds=self.hand.melds + (meld,))   # tiles come later
            self.lines[key] = Model(hand, self.turn, **self.opts, full=True, ron_dama=self.q["dama"],
                                    ron_riichi=self.q["riichi"], called=True, calls=not self.called,
                                    call_share=self.call_share)
        return self.lines[key]

    def _line_value(self, counts: tuple, reds: frozenset, t: int):
        """(tenpai, win, score) of an open tenpai hand on a line after a call, waiting dama
        from the opponents' discards before draw t.  Only a tenpai with a yaku (a live
        winning tile wins by tsumo) is worth anything: a player who called does not aim
        for a yakuless wait (not even for houtei)."""
        work = list(counts)
        yaku = False
        for x, red, _ in self.draws(work, reds):
            work[x] += 1
            if self.shanten(work) == -1:
                yaku = yaku or self.win_points(work, reds | {x // 9} if red else reds, x, {"tsumo"}) > 0
            work[x] -= 1
        if not yaku:
            return (0.0, 0.0, 0.0)
        win, pts = self.tenpai(counts, reds, t, False, False)["dama"]
        return (1.0 if t <= self.last + 1 else 0.0, win, pts)

    def _root(self, kind: int):
        counts = list(self.hand.counts)
        counts[kind] -= 1
        reds = frozenset(t.kind // 9 for t in self.hand.concealed if t.red)
        reds |= frozenset(t.kind // 9 for m in self.hand.melds for t in m.tiles if t.red)
        if kind < 27 and kind % 9 == 4 and counts[kind] == 0:
            reds -= {kind // 9}
        s = self.shanten(counts)
        double = s == 0 and self.turn == 1 and self.opts["double_riichi"] and self.closed
        furiten = False
        if s == 0 and self.full:          # the discard itself is one of the own discards
            furiten = self.shanten([c + (k == kind) for k, c in enumerate(counts)]) == -1
        return tuple(counts), reds, double, furiten

    def discard(self, kind: int):
        """(tenpai, win, score) of discarding `kind`."""
        return self.value(*self._root(kind)[:2], self.turn, *self._root(kind)[2:])

    def choices(self, kind: int):
        """The riichi / dama values of a tenpai discard."""
        counts, reds, double, furiten = self._root(kind)
        return self.tenpai(counts, reds, self.turn, double, furiten)


def _at_least_one(q: float, weight: float, pool: float, discards: int) -> float:
    """At least one of `discards` opponent discards among `weight` live tiles."""
    if not q or not weight:
        return 0.0
    return 1 - (1 - min(q * weight / pool, 1.0)) ** discards


def _next(k: int) -> int:
    """The kind an indicator k points to."""
    if k < 27:
        return k // 9 * 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def _points(han: int, fu: int, dealer: bool, tsumo: bool) -> int:
    """Points received, from the table of the rules (tenhou preset)."""
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
    if not tsumo:
        return up(6 * base) if dealer else up(4 * base)
    return 3 * up(2 * base) if dealer else up(2 * base) + 2 * up(base)


class OptionsModel(Model):
    """The simple model with the shanten-back (向聴戻し) and tegawari (手変わり) options,
    from their definition in docs/ev.md: plain recursion over (hand, red fives, draw),
    the shanten of every hand asked of the core one at a time.

    e(hand) counts the tiles held beyond the starting 14-tile hand (a red five and a
    plain one apart); s0 is the starting hand's shanten.  A 13-tile hand below tenpai
    with e + s <= s0 may keep any draw (tegawari); a 14-tile hand with e + s <= s0 may
    discard any tile (shanten-back), else only tiles that keep its shanten.  A draw may
    be thrown straight back whenever its kind is an allowed discard."""

    def __init__(self, hand: Hand, turn: int, shanten_back=False, tegawari=False, **options):
        super().__init__(hand, turn, **options)
        self.back, self.tegawari = shanten_back, tegawari
        self.h0 = tuple(hand.counts)
        self.red0 = frozenset(t.kind // 9 for t in hand.concealed if t.red) \
            | frozenset(t.kind // 9 for m in hand.melds for t in m.tiles if t.red)
        self.s0 = self.shanten(list(hand.counts))

    def exchanges(self, counts, reds) -> int:
        """Tiles held beyond the starting hand, a red five and a plain five apart."""
        e = 0
        for k in range(34):
            held, before = counts[k], self.h0[k]
            if k < 27 and k % 9 == 4:
                red, red0 = k // 9 in reds, k // 9 in self.red0
                e += red and not red0
                held, before = held - red, before - red0
            e += max(held - before, 0)
        return e

    def _value(self, counts: tuple, reds: frozenset, t: int, double: bool, furiten: bool):
        s = self.shanten(list(counts))
        if s == 0 or t > self.last:
            return super()._value(counts, reds, t, double, furiten)
        counts = list(counts)
        stay = self.value(tuple(counts), reds, t + 1, False, False)
        may_change = self.tegawari and self.exchanges(counts, reds) + s <= self.s0
        gain, taken = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
        for x, red, wgt in self.draws(counts, reds):
            counts[x] += 1
            s14 = self.shanten(counts)
            if s14 < s or may_change:
                r2 = reds | {x // 9} if red else reds
                back = self.back and self.exchanges(counts, r2) + s14 <= self.s0
                best, allowed = None, set()
                for d in range(34):
                    if not counts[d]:
                        continue
                    counts[d] -= 1
                    if back or self.shanten(counts) == s14:
                        allowed.add(d)
                        r3 = r2 - {d // 9} if d < 27 and d % 9 == 4 and counts[d] == 0 else r2
                        v = self.value(tuple(counts), r3, t + 1, False, False)
                        best = v if best is None else [max(a, b) for a, b in zip(best, v)]
                    counts[d] += 1
                for m in range(3):
                    up = best[m] - stay[m]
                    if x in allowed and up <= 0:        # thrown straight back
                        continue
                    gain[m] += wgt * up
                    taken[m] += wgt
            counts[x] -= 1
        return tuple(st + g / max(self.pool[t], w) for st, g, w in zip(stay, gain, taken))


def never_grow(name: str, values, turn: int, haitei: int = 17) -> bool:
    """A by_turn list (draws turn, turn + 1, ...) never grows with a later start, but for
    the expected points of a start at the haitei draw: a riichi declared for that draw wins
    it with ippatsu and haitei at once, which can be worth more than twice one of them
    (docs/ev.md, "Output"); for the simple model and the full model's default shares only."""
    return all(a >= b - 1e-12 for i, (a, b) in enumerate(zip(values, values[1:]))
               if name != "exp_score" or turn + i + 1 != haitei)
