"""Yaku (役) still reachable by a hand, and how many draws each one costs.

An open hand can only win with a yaku, so a call (pon/chi) that speeds a hand up but leaves
it no reachable yaku at that speed deserves a warning.  This module measures it.

Definition
----------
A hand is its 34 concealed counts ``H`` and its melds; ``k = 4 - len(melds)`` melds and a
pair are still to be made from concealed tiles.  A *completion* ``W`` is ``k`` melds (runs or
triplets) plus one pair with ``W_i <= 4`` for every kind; its cost ``Σ max(W_i - H_i, 0)`` is
the number of tiles still to draw.  The four-copy limit counts the melds: ``W_i <= cap_i``,
cap_i = 4 minus the copies of kind i in the melds (``core.shanten_melds`` with the melds'
caps, docs/engine.md), so the numbers here are the plain shanten's.

For a yaku Y, the *yaku-restricted shanten* ``s_Y`` = (minimum cost over the completions W
such that W together with the existing melds has yaku Y) - 1, or ``None`` (left out of the
result) when the melds already exclude Y.  The plain regular shanten ``s`` is
``core.shanten_melds(H, k)`` and always ``s <= s_Y``.  The hand *keeps a yaku* when
``min_Y s_Y == s``: the fastest way to complete it can include a yaku.  Otherwise the caller
warns, naming the cheapest yaku and its ``s_Y - s`` extra draws.

Counts may hold 3k+1 tiles (after the discard) or 3k+2 (before it); for 3k+2 every number is
the one of the best discard (a complete hand reads -1, as in the core).

Yaku, with open-hand rules (open tanyao allowed):

* ``riichi`` — the hand has no open meld (an ankan keeps it closed): riichi / menzen tsumo is
  always available, ``s_riichi = s``.  The other yaku are still listed for a closed hand.
* ``yakuhai:<tile>`` — a triplet or quad of a dragon 5z 6z 7z, of the seat wind or of the
  round wind (a double wind is one entry).
* ``tanyao`` — only 2-8 tiles, melds included.
* ``toitoi`` — every meld a triplet or quad (no chi).
* ``honitsu:<suit>`` — one suit plus honours; ``chinitsu:<suit>`` — one suit only.
  (Honitsu does not insist on an honour: a completion without one is chinitsu, a yaku too.)
* ``chanta`` — every block (melds and pair) holds a terminal or an honour; ``junchan`` — every
  block holds a terminal, no honours.  (No run is demanded: a completion without one is
  toitoi, a yaku too.)
* ``ittsu:<suit>`` — runs 123, 456 and 789 of one suit; ``sanshoku`` — the same run in all
  three suits.

Not modelled here, though the scorer (csrc/scoring.c) counts them: sanankou, sanshoku doukou,
sankantsu, shousangen, honroutou and the yakuman (several imply a yaku above, not all).  So an
open hand whose fastest completion has only sanankou (three concealed triplets, the last won
by tsumo) is reported without a yaku; ``tests/yaku_vs_scorer.py`` compares ``keeps_yaku`` with
the scorer over the fastest completions and finds exactly such hands (5 of 1,500 random open
hands at shanten 0-1, seed 2; every other answer agrees).

Why each computation is exact (each is also checked against the slow search of
``tests/reference_yaku.py``, which enumerates the restricted completions directly)
-----------------------------------------------------------------------------------
With melds, every core call below takes their caps, and where a restriction forbids kinds
it also sets their caps to 0 (tanyao: terminals and honours; yakuhai: v for W'; ittsu /
sanshoku: W' gets the caps minus R), which makes those steps exact by the definition
itself.  Fresh blocks still move freely: the melds hold at most 16 copies, so among the
kinds a block could move to, plenty keep room.  The notes below are the argument for the
closed case (no caps), where the core's plain tables answer faster.

The plain replacement number is a minimum over all W; "core(X, m)" below is
``core.shanten_melds(X, m) + 1``, the minimum cost of m melds + a pair over all W for the
counts X, exact with the four-copy limit.  A block of W on kinds where X is 0 is *fresh* and
costs its full size; a fresh block can always be moved, at no higher cost, to a kind with
room: the rest of W has at most 11 tiles, so at most 5 kinds hold two or more of its copies
and among any 6 kinds one holds at most one (room for a triplet or a pair).

* yakuhai v: W holds a triplet of v, and exactly three v (a pair or second triplet would be a
  fifth copy; an honour is in no run).  So W = vvv + W' with W' (k-1 melds + pair) free of v,
  and cost(W) = max(3 - H_v, 0) + cost(W', H with H_v := 0).  Any W' using v on those
  counts uses it fresh and can be moved, so the minimum over v-free W' is
  core(H with H_v := 0, k-1); s_Y = max(3 - H_v, 0) + shanten_melds(H', k - 1).  A fourth
  concealed v can serve nowhere else, which the zeroing says.  A pon/kan of v among the
  melds makes the yaku free: s_Y = s.
* honitsu / chinitsu: zero the other suits (and the honours for chinitsu).  Runs never cross
  suits, so a W using a zeroed kind uses whole fresh blocks there; moving them into the
  allowed kinds never costs more (chinitsu has the fewest, 9 kinds: room as above).
* tanyao: zero the 13 terminal/honour kinds.  Fresh terminal/honour triplets and pairs move
  as above, but a run 123 or 789 uses a fresh terminal and shifting it to 234 / 678 can hit
  the four-copy limit.  Since costs add up suit by suit (a suit with m melds and p pairs),
  exactness is a statement about one suit with terminals 0.  An exhaustive check (all
  43,130 vectors on 2-8 with at most 14 tiles, every m <= 4, p <= 1) finds the 2-8-only
  distance above the plain one in 98 cases, all with four 4s or four 6s in the suit and 3-4
  melds without the pair there (e.g. 6666 77 88: plain 666 678 789, one draw; 2-8 only, two).
  Shifting such a suit one place away from that side (2..8 -> 3..9 when the 6s are full,
  -> 1..7 when the 4s are full; unchanged when both are) makes the plain distance equal to
  the 2-8 one for every vector, m and p: ``test_tanyao_lemma_exhaustive`` in
  tests/test_yaku.py (MJGUI_SLOW_TESTS=1; a sample always runs).  So one core call on the
  zeroed, shifted counts is exact.  (No whole hand was found where the shift changes the
  value — another suit can take the pair — but with it the argument is a proof.)
* toitoi: W = k triplets + a pair on distinct kinds (a shared kind would be a fifth copy),
  saving min(H_i, 3) per triplet and min(H_i, 2) for the pair.  With the counts sorted
  c_0 >= c_1 >= ..., the best saving is Σ_{i<k} min(c_i, 3) + min(c_k, 2): the pair on one
  of the top k kinds j instead (triplets on the top k + 1 but j) changes the saving by
  g(c_k) - g(c_j) <= 0, where g(c) = min(c, 3) - min(c, 2) grows with c.
* ittsu / sanshoku: the runs R still missing (the three runs minus the open chis) must be in
  W; W = R + W' and, because min(a + b, h) = min(a, h) + min(b, h - min(a, h)),
  cost(W) = cost(R, H) + cost(W', H - min(R, H)).  The open chis plus R are at least three
  melds, so W' is at most one meld and the pair: W'_i <= 3 and no kind exceeds four copies
  together with R (a kind is in R at most once).  So s_Y = cost(R, H) +
  shanten_melds(H - min(R, H), k - |R|), minimised over the suit / number.
* chanta / junchan: a block with a terminal/honour is 111, 11, 999, 99, 123, 789 or an honour
  triplet/pair, so 2, 3 (7, 8) only serve in 123 (789) runs and each suit splits into two
  independent sides (1,2,3) and (9,8,7).  Each side or honour kind offers a few options
  (melds, pair, saving = tiles matched); a small knapsack over the non-empty ones picks
  at most k melds and one pair with the largest saving, and the rest is filled fresh (there
  is always room: 6 terminal sides each holding up to four runs).  s_Y = 3k + 1 - saving.

Speed: `yaku_status` asks the cheapest and most common yaku first, skips any whose lower
bound cannot beat the best so far and stops at the first that reaches ``s``: two or three
core calls when the yaku is kept, about four when it is not.  Measured on the calls the
analysis makes for random 14-tile hands (about 60 per hand): 11-14 µs per call on average,
~6.5 µs when a yaku is kept, ~14 µs when it is not.  `reachable_yaku` computes every entry
(~30 µs).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from mjgui import core
from mjgui.core import HandError
from mjgui.hand import Meld, MeldKind
from mjgui.tiles import HONOR_NAMES_EN, HONOR_NAMES_JA, KIND_NAMES, N_KINDS

__all__ = ["YakuStatus", "reachable_yaku", "yaku_status", "yaku_name", "value_kinds", "YAKU_ORDER"]

_SUITS = "mps"
_TERMINAL = frozenset(i for i in range(27) if i % 9 in (0, 8))
_Z9 = bytes(9)
_Z18 = bytes(18)
_Z7 = bytes(7)

# Every name `reachable_yaku` can return, in the order of the returned dict and the order
# that breaks ties between yaku of equal cost in `yaku_status` — except that a yakuhai whose
# triplet is already one of the melds comes right after riichi.  Chinitsu never beats
# honitsu of the same suit, nor junchan chanta: they are listed after them.
YAKU_ORDER: tuple[str, ...] = (
    ("riichi", "tanyao") + tuple(f"yakuhai:{KIND_NAMES[v]}" for v in range(27, 34))
    + tuple(f"honitsu:{s}" for s in _SUITS) + ("toitoi", "chanta")
    + tuple(f"ittsu:{s}" for s in _SUITS) + ("sanshoku",)
    + tuple(f"chinitsu:{s}" for s in _SUITS) + ("junchan",))
_RANK = {name: i for i, name in enumerate(YAKU_ORDER)}


def value_kinds(round_wind: int = 0, seat_wind: int = 0) -> tuple[int, ...]:
    """Kinds whose triplet is yakuhai (役牌): the dragons, the seat wind and the round wind."""
    _check_winds(round_wind, seat_wind)
    return _VALUE_KINDS[round_wind][seat_wind]


def _check_winds(round_wind: int, seat_wind: int) -> None:
    for w in (round_wind, seat_wind):
        if isinstance(w, bool) or not isinstance(w, (int, np.integer)) or not 0 <= w <= 3:
            raise HandError(f"a wind is 0-3 (E S W N), not {w!r}")


_VALUE_KINDS = tuple(tuple(tuple(sorted({27 + r, 27 + w, 31, 32, 33})) for w in range(4))
                     for r in range(4))


# --------------------------------------------------------------------------- chanta tables

@lru_cache(maxsize=4096)
def _side_options(h1: int, h2: int, h3: int, c1: int = 4, c2: int = 4,
                  c3: int = 4) -> tuple[tuple[int, int, int], ...]:
    """Options of one chanta side (terminal h1, then h2, h3; caps c1-c3): (melds, pair,
    saving), where a runs 1-2-3, t triplet and q pair of the terminal; saving = tiles of
    the hand used.  Only undominated options with a positive saving are kept."""
    best: dict[tuple[int, int], int] = {}
    for a in range(min(c2, c3) + 1):
        for t in (0, 1):
            for q in (0, 1):
                w1 = a + 3 * t + 2 * q
                if w1 > c1 or (a, t, q) == (0, 0, 0):
                    continue
                saving = min(w1, h1) + min(a, h2) + min(a, h3)
                key = (a + t, q)
                if saving > best.get(key, 0):
                    best[key] = saving
    opts = [(m, p, v) for (m, p), v in best.items()
            if not any((m2, p2) != (m, p) and m2 <= m and p2 <= p and v2 >= v
                       for (m2, p2), v2 in best.items())]
    return tuple(sorted(opts))


_SIDE = tuple(_side_options(i // 25, i // 5 % 5, i % 5) for i in range(125))
_HONOUR_OPTS = tuple(((1, 0, min(h, 3)), (0, 1, min(h, 2))) if h else () for h in range(5))


def _chanta(data: bytes, k: int, honours: bool, caps: bytes | None = None) -> int:
    """Restricted shanten of chanta (honours=True) or junchan (False)."""
    groups = []
    for b in (0, 9, 18):
        for x, y, z in ((b, b + 1, b + 2), (b + 8, b + 7, b + 6)):
            if data[x] or data[y] or data[z]:
                if caps is None or (caps[x] == caps[y] == caps[z] == 4):
                    groups.append(_SIDE[data[x] * 25 + data[y] * 5 + data[z]])
                else:
                    groups.append(_side_options(data[x], data[y], data[z], caps[x], caps[y], caps[z]))
    if honours:
        for i in range(27, 34):
            if data[i]:
                if caps is None or caps[i] == 4:
                    groups.append(_HONOUR_OPTS[data[i]])
                else:           # held, so the cap is at least 1: a pair needs 2, a triplet 3
                    groups.append(tuple(o for o, need in zip(_HONOUR_OPTS[data[i]], (3, 2))
                                        if caps[i] >= need))
    # best[m * 2 + p] = largest saving with m melds and p pairs chosen so far
    best = [-1] * (2 * k + 2)
    best[0] = 0
    for opts in groups:
        new = best[:]
        for state in range(2 * k + 2):
            base = best[state]
            if base < 0:
                continue
            m, p = state >> 1, state & 1
            for om, op, saving in opts:
                if m + om <= k and p + op <= 1:
                    s2 = (m + om) * 2 + p + op
                    if base + saving > new[s2]:
                        new[s2] = base + saving
        best = new
    return 3 * k + 1 - max(best)


def _chanta_tiles(data: bytes) -> int:
    """Tiles that can serve in a chanta block (1-2-3, 7-8-9, honours)."""
    return sum(data[0:3]) + sum(data[6:12]) + sum(data[15:21]) + sum(data[24:34])


# ---------------------------------------------------------------------------- the others

def _toitoi(data: bytes, k: int, caps: bytes | None = None) -> int:
    if caps is None:
        c = sorted(data, reverse=True)
        saving = sum(min(x, 3) for x in c[:k]) + min(c[k], 2)
        return 3 * k + 1 - saving
    # triplets only where the cap leaves three copies, the pair where it leaves two: each
    # pair kind j with the best k triplets among the other kinds (the (k+1)-th replaces j
    # when j is among the best k; at most 16 copies sit in melds, so k+1 such kinds exist)
    trip = sorted(((min(data[i], 3), i) for i in range(N_KINDS) if caps[i] >= 3), reverse=True)
    top_sum = sum(v for v, _ in trip[:k])
    in_top = {i: v for v, i in trip[:k]}
    spare = trip[k][0]
    best = max(min(data[j], 2) + top_sum - (in_top[j] - spare if j in in_top else 0)
               for j in range(N_KINDS) if caps[j] >= 2)
    return 3 * k + 1 - best


_SIMPLE_MASK = int.from_bytes(bytes(255 if i < 27 and 1 <= i % 9 <= 7 else 0
                                     for i in range(N_KINDS)), "little")


def _tanyao_counts(data: bytes, shift: bool = True) -> bytes:
    """Terminals and honours zeroed; a suit holding all four 4s (6s) but not all four 6s
    (4s) shifted one place away from that side (see the module doc), unless shift=False
    (with caps, which forbid the terminals outright)."""
    if not shift or b"\4" not in data:
        return (int.from_bytes(data, "little") & _SIMPLE_MASK).to_bytes(N_KINDS, "little")
    parts = []
    for b in (0, 9, 18):
        mid = data[b + 1:b + 8]                   # kinds 2..8
        if mid[4] == 4 and mid[2] != 4:           # four 6s: 2..8 -> 3..9
            parts.append(b"\0\0" + mid)
        elif mid[2] == 4 and mid[4] != 4:         # four 4s: 2..8 -> 1..7
            parts.append(mid + b"\0\0")
        else:
            parts.append(b"\0" + mid + b"\0")
    parts.append(_Z7)
    return b"".join(parts)


def _keep_suit(data: bytes, suit: int, honours: bool) -> bytes:
    z = data[27:] if honours else _Z7
    if suit == 0:
        return data[:9] + _Z18 + z
    if suit == 1:
        return _Z9 + data[9:18] + _Z9 + z
    return _Z18 + data[18:27] + z


_IS_ZERO = bytes([1, 0, 0, 0, 0]) + bytes(251)


def _run_missing(data: bytes) -> bytes:
    """Byte x = tiles of the run starting at kind x missing from the hand (one copy each),
    for every x <= 31 (only the real run starts are read).  Bytes hold at most 3, so the
    three shifted sums never carry from one byte into the next."""
    z = int.from_bytes(data.translate(_IS_ZERO), "little")
    return (z + (z >> 8) + (z >> 16)).to_bytes(34, "little")


def _without_runs(data: bytes, starts: list[int]) -> bytes:
    """The hand without the tiles of the runs `starts` that it holds."""
    h = bytearray(data)
    for x in starts:
        for i in (x, x + 1, x + 2):
            if h[i]:
                h[i] -= 1
    return bytes(h)


def _as_bytes(counts) -> bytes:
    if type(counts) is bytes:
        data = counts
    elif isinstance(counts, np.ndarray):
        if counts.shape != (N_KINDS,) or counts.dtype.kind not in "iu":
            raise HandError(f"expected 34 integer tile counts, got an array {counts.shape} of {counts.dtype}")
        if counts.min() < 0 or counts.max() > 4:
            raise HandError("tile counts must be 0-4")
        data = counts.astype(np.uint8).tobytes()
    else:
        try:
            data = bytes(counts)
        except (TypeError, ValueError):
            raise HandError("expected 34 tile counts 0-4") from None
    if len(data) != N_KINDS:
        raise HandError(f"expected 34 tile counts, got {len(data)}")
    return data             # counts above 4 are refused by the first core call


_CHI = MeldKind.CHI
_ANKAN = MeldKind.ANKAN


class _Melds:
    """What the yaku need to know about the existing melds."""
    __slots__ = ("closed", "triplets", "chis", "suits", "honour", "all_simple",
                 "chanta_ok", "junchan_ok")

    def __init__(self, melds: Sequence[Meld]) -> None:
        closed = all_simple = chanta_ok = junchan_ok = True
        honour = False
        triplets: set[int] = set()
        chis: set[int] = set()
        suits: set[int] = set()
        for m in melds:
            kind = m.kind
            base = m.tiles[0].kind
            if kind is not _ANKAN:
                closed = False
            if kind is _CHI:
                chis.add(base)
                suits.add(base // 9)
                if base % 9 in (0, 6):          # 123 or 789
                    all_simple = False
                else:
                    chanta_ok = junchan_ok = False
            else:
                triplets.add(base)
                if base >= 27:
                    honour = True
                    junchan_ok = all_simple = False
                else:
                    suits.add(base // 9)
                    if base in _TERMINAL:
                        all_simple = False
                    else:
                        chanta_ok = junchan_ok = False
        self.closed, self.all_simple, self.chanta_ok, self.junchan_ok = \
            closed, all_simple, chanta_ok, junchan_ok
        self.honour, self.triplets, self.chis, self.suits = honour, triplets, chis, suits


def _prepare(counts, melds: Sequence[Meld]):
    data = _as_bytes(counts)
    if len(melds) > 4:
        raise HandError(f"a hand has at most 4 melds, not {len(melds)}")
    k = 4 - len(melds)
    n = sum(data)
    if n not in (3 * k + 1, 3 * k + 2):
        raise HandError(f"{n} concealed tiles with {len(melds)} melds: expected "
                        f"{3 * k + 1} (after the discard) or {3 * k + 2}")
    return data, k, (_meld_caps(melds) if melds else None)


_FOUR = b"\4" * N_KINDS


def _meld_caps(melds: Sequence[Meld]) -> bytes:
    """The core's caps for these melds: 4 minus the copies of each kind in them."""
    caps = bytearray(_FOUR)
    try:
        for m in melds:
            for t in m.tiles:
                caps[t.kind] -= 1
    except ValueError:
        raise HandError("the melds hold more than four copies of a kind") from None
    return bytes(caps)


def _zero_caps(caps: bytes, kinds) -> bytes:
    c = bytearray(caps)
    for i in kinds:
        c[i] = 0
    return bytes(c)


_YAOCHU_KINDS = tuple(i for i in range(N_KINDS) if i >= 27 or i % 9 in (0, 8))


def _caps_minus_runs(caps: bytes, starts: list[int]) -> bytes | None:
    """The caps left to W' once the runs `starts` are in W (None: a run does not fit)."""
    c = bytearray(caps)
    for x in starts:
        for i in (x, x + 1, x + 2):
            if not c[i]:
                return None
            c[i] -= 1
    return bytes(c)


_YAKUHAI_NAMES = {v: "yakuhai:" + KIND_NAMES[v] for v in range(27, 34)}
_ITTSU = tuple((f"ittsu:{_SUITS[suit]}", (9 * suit, 9 * suit + 3, 9 * suit + 6)) for suit in range(3))
_SANSHOKU = tuple((n, 9 + n, 18 + n) for n in range(7))


def _scan(data: bytes, k: int, info: _Melds, s: int, values: tuple[int, ...],
          full: bool, caps: bytes | None = None) -> tuple[dict[str, int], str | None, int | None]:
    """Restricted shanten of every yaku (full=True), or only as many as needed to find the
    cheapest one (ties: riichi, a yakuhai made by a meld, then YAKU_ORDER — the order of the
    scan, so a later yaku must be strictly cheaper): then a yaku is skipped when a bound of
    it is not below the best so far, and the scan stops when one reaches s (so while it
    runs, best > s and a bound below s needs no max with s)."""
    out: dict[str, int] = {}
    best_name: str | None = None
    best = 99

    def take(name: str, value: int) -> bool:
        nonlocal best, best_name
        out[name] = value
        if value < best:
            best, best_name = value, name
        return not full and best == s

    if info.closed and take("riichi", s):
        return out, best_name, best
    def shanten_melds(counts: bytes, melds: int, c: bytes | None = caps) -> int:
        return core.shanten_melds(counts, melds, c)
    # a yakuhai whose triplet is already a meld: free, and preferred to any other tie
    triplets = info.triplets
    if triplets:
        for v in values:
            if v in triplets and take(_YAKUHAI_NAMES[v], s):
                return out, best_name, best
    # tanyao (first of the open-hand yaku: nothing to prune it against yet)
    if info.all_simple:
        if caps is None:
            tanyao = shanten_melds(_tanyao_counts(data), k)
        else:
            tanyao = shanten_melds(_tanyao_counts(data, shift=False), k, _zero_caps(caps, _YAOCHU_KINDS))
        if take("tanyao", tanyao):
            return out, best_name, best
    # yakuhai; every value kind not held has the same value 3 + shanten_melds(H, k - 1)
    fresh = None
    for v in values:
        if k == 0 or v in triplets:
            continue
        held = data[v]
        if held == 0:
            if fresh is None:
                if not full and 2 >= best:
                    continue
                fresh = 3 + shanten_melds(data, k - 1)
            value = fresh
        else:
            if not full and 2 - held >= best:
                continue
            value = (3 - held if held < 3 else 0) + \
                shanten_melds(data[:v] + b"\0" + data[v + 1:], k - 1,
                              caps and _zero_caps(caps, (v,)))
        if take(_YAKUHAI_NAMES[v], value):
            return out, best_name, best
    # honitsu
    suits = info.suits
    if len(suits) <= 1:
        honours_held = sum(data[27:])
        for suit in (suits or (0, 1, 2)):
            if not full and 3 * k + 1 - sum(data[9 * suit:9 * suit + 9]) - honours_held >= best:
                continue
            if take("honitsu:" + _SUITS[suit], shanten_melds(_keep_suit(data, suit, True), k)):
                return out, best_name, best
    # toitoi
    chis = info.chis
    if not chis and take("toitoi", _toitoi(data, k, caps)):
        return out, best_name, best
    # chanta
    if info.chanta_ok and (full or 3 * k + 1 - _chanta_tiles(data) < best):
        if take("chanta", _chanta(data, k, True, caps)):
            return out, best_name, best
    # ittsu and sanshoku: the runs still missing (R) must be in W
    missing_of = _run_missing(data)
    for name, runs in _ITTSU:
        need = [x for x in runs if x not in chis] if chis else runs
        if len(need) > k:
            continue
        missing = missing_of[need[0]] + missing_of[need[1]] + missing_of[need[2]] \
            if len(need) == 3 else sum(missing_of[x] for x in need)
        if not full and missing - 1 >= best:
            continue
        rest = caps and _caps_minus_runs(caps, need)
        if caps and rest is None:
            continue
        value = missing + shanten_melds(_without_runs(data, need), k - len(need), rest)
        if take(name, value):
            return out, best_name, best
    sanshoku = 99
    chi_numbers = {x % 9 for x in chis}
    for num, runs in enumerate(_SANSHOKU):
        if num in chi_numbers:
            need = [x for x in runs if x not in chis]
            if len(need) > k:
                continue
            missing = sum(missing_of[x] for x in need)
        else:
            if k < 3:
                continue
            need = runs
            missing = missing_of[num] + missing_of[num + 9] + missing_of[num + 18]
        if missing - 1 >= (sanshoku if full or sanshoku < best else best):
            continue
        rest = caps and _caps_minus_runs(caps, need)
        if caps and rest is None:
            continue
        value = missing + shanten_melds(_without_runs(data, need), k - len(need), rest)
        if value < sanshoku:
            sanshoku = value
            if value == s:
                break
    if sanshoku < 99 and take("sanshoku", sanshoku):
        return out, best_name, best
    if full:
        for suit in range(3):
            if suits - {suit} or info.honour:
                continue
            out["chinitsu:" + _SUITS[suit]] = shanten_melds(_keep_suit(data, suit, False), k)
        if info.junchan_ok:
            out["junchan"] = _chanta(data, k, False, caps)
    return out, best_name, (best if best_name is not None else None)


def reachable_yaku(counts, melds: Sequence[Meld] = (), round_wind: int = 0,
                   seat_wind: int = 0) -> dict[str, int]:
    """{yaku name: restricted shanten} of every supported yaku the melds do not exclude
    (see the module doc), in YAKU_ORDER.  counts: the 34 concealed counts after the
    discard (3k+1 tiles, k = 4 - len(melds)); 3k+2 also works."""
    values = value_kinds(round_wind, seat_wind)
    data, k, caps = _prepare(counts, melds)
    s = core.shanten_melds(data, k, caps)
    out, _, _ = _scan(data, k, _Melds(melds), s, values, True, caps)
    return {name: out[name] for name in YAKU_ORDER if name in out}


_EN_SUIT = {"m": "man", "p": "pin", "s": "sou"}
_JA_SUIT = {"m": "萬子", "p": "筒子", "s": "索子"}
_EN = {"riichi": "riichi", "tanyao": "tanyao", "toitoi": "toitoi", "chanta": "chanta",
       "junchan": "junchan", "sanshoku": "sanshoku", "honitsu": "honitsu", "chinitsu": "chinitsu",
       "ittsu": "ittsu", "yakuhai": "yakuhai"}
_JA = {"riichi": "立直", "tanyao": "断幺九", "toitoi": "対々和", "chanta": "混全帯么九",
       "junchan": "純全帯么九", "sanshoku": "三色同順", "honitsu": "混一色", "chinitsu": "清一色",
       "ittsu": "一気通貫", "yakuhai": "役牌"}


def yaku_name(name: str, lang: str = "en") -> str:
    """Display name of a yaku key: 'yakuhai:5z' -> 'yakuhai White' / '役牌 白',
    'honitsu:m' -> 'honitsu (man)' / '混一色（萬子）'."""
    ja = lang == "ja"
    base, _, arg = name.partition(":")
    text = (_JA if ja else _EN)[base]
    if base == "yakuhai":
        honour = int(arg[0]) - 1
        return f"{text} {(HONOR_NAMES_JA if ja else HONOR_NAMES_EN)[honour]}"
    if arg:
        return f"{text}（{_JA_SUIT[arg]}）" if ja else f"{text} ({_EN_SUIT[arg]})"
    return text


@dataclass(frozen=True)
class YakuStatus:
    """Whether a hand (typically right after a call) keeps a reachable yaku."""
    shanten: int                   # plain regular shanten
    best: str | None               # cheapest yaku (ties: riichi, a yakuhai made by a meld,
                                   # then YAKU_ORDER); None when no yaku is possible
    best_shanten: int | None       # its restricted shanten
    keeps_yaku: bool               # best_shanten == shanten
    extra_draws: int | None        # best_shanten - shanten; None when no yaku is possible

    def describe(self, lang: str = "en") -> str:
        """'yaku: tanyao' / 'no yaku after this call (tanyao needs 1 more draw)';
        Japanese '役: 断幺九' / '役なし（断幺九まであと1枚）'."""
        ja = lang == "ja"
        if self.best is None:
            return "役なし（役が作れない）" if ja else "no yaku possible after this call"
        name = yaku_name(self.best, lang)
        if self.keeps_yaku:
            return f"役: {name}" if ja else f"yaku: {name}"
        n = self.extra_draws
        if ja:
            return f"役なし（{name}まであと{n}枚）"
        return f"no yaku after this call ({name} needs {n} more draw{'s' if n != 1 else ''})"


_STATUS: dict[tuple, YakuStatus] = {}


def yaku_status(counts, melds: Sequence[Meld] = (), round_wind: int = 0,
                seat_wind: int = 0) -> YakuStatus:
    """Plain shanten and the cheapest reachable yaku of a hand with these melds (see the
    module doc); counts as for `reachable_yaku`."""
    if round_wind.__class__ is not int or seat_wind.__class__ is not int \
            or not 0 <= round_wind <= 3 or not 0 <= seat_wind <= 3:
        _check_winds(round_wind, seat_wind)
    values = _VALUE_KINDS[round_wind][seat_wind]
    data, k, caps = _prepare(counts, melds)
    s = core.shanten_melds(data, k, caps)
    _, best, best_s = _scan(data, k, _Melds(melds), s, values, False, caps)
    key = (s, best, best_s)
    status = _STATUS.get(key)
    if status is None:          # a few hundred distinct values at most
        if best is None:
            status = YakuStatus(s, None, None, False, None)
        else:
            status = YakuStatus(s, best, best_s, best_s == s, best_s - s)
        _STATUS[key] = status
    return status
