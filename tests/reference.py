"""Slow, independent reference ("oracle") for shanten, waits, ukeire and decompositions.

Everything here is computed from the definitions, by search, and is meant to be read
and believed rather than to be fast.  Pure Python standard library only; nothing from
the ``mjgui`` package is imported, so the engine and this file share no code or tables.

Definitions (see docs/domain.md)
--------------------------------
* A hand ``H`` is a list of 34 counts (0-8 man 1-9, 9-17 pin, 18-26 sou, 27-33 honours
  E S W N White Green Red), each 0..4, with ``n = sum(H)``, ``n % 3 in (1, 2)``, ``n <= 14``.
  ``k = n // 3`` melds are still to be made concealed.
* A complete regular hand ``W`` of size ``3k + 2`` is ``k`` melds (a run of three
  consecutive numbers of one suit, never honours, never wrapping 9->1; or a triplet)
  plus one pair, with ``W_i <= 4`` for every kind.
* ``replacement(H) = min over W of sum_i max(W_i - H_i, 0)`` and
  ``shanten = replacement - 1`` (complete = -1, tenpai = 0).  For 3k+1 and 3k+2 hands
  alike ``W`` has size ``3k + 2``.
* Chiitoitsu (n = 13, 14 only): ``W`` = 7 distinct kinds, each exactly twice.
* Kokushi (n = 13, 14 only): ``W`` = the 13 terminal/honour kinds once each plus one of
  them a second time.
* Open hands (caps): a kind with ``c`` copies in the player's own melds leaves
  ``cap_i = 4 - c`` for the concealed part, and ``W_i <= cap_i`` replaces ``W_i <= 4``
  everywhere (a wait or draw needing a copy a meld holds does not exist).  ``caps=None`` is
  4 everywhere.  A cap below 4 means an open meld, so only the regular form applies.

Why the regular search below is exact
-------------------------------------
Write ``cost(W) = |W| - matched(W)`` with ``matched(W) = sum_i min(W_i, H_i)``: the tiles
of ``H`` that ``W`` can use.  Take an optimal ``W`` together with an assignment of the
matched tiles of ``H`` to the blocks (melds / the pair) of ``W``.  Look at the lowest kind
``i`` that still has unprocessed tiles of ``H``:

* either no remaining copy of ``i`` is assigned to a block: throw all remaining copies of
  ``i`` away (branch "drop");
* or some block ``B`` of ``W`` holds a copy of ``i``: ``B`` is the pair ``ii``, the
  triplet ``iii`` or one of the runs starting at ``i-2``, ``i-1``, ``i``.  Branch on ``B``,
  let it take greedily ``min(B_j, remaining H_j)`` tiles of each kind ``j`` it contains
  (tiles of kinds below ``i`` are all used up, so those of ``B`` are simply missing), and
  recurse on the rest.  Greedy taking is no worse than the assignment:
  ``min(B_j, H_j) + min(W'_j, H_j - min(B_j, H_j)) = min(B_j + W'_j, H_j)``.

When no tile of ``H`` is left, each still-missing meld costs 3 and a missing pair 2,
and such blocks always exist without a fifth copy: the chosen blocks touch at most
5 * 3 = 15 kinds, so some of the 34 kinds have ``W_j = 0`` and carry a fresh triplet /
pair.  (If a fresh block happens to land on a kind that was "dropped" its real cost is
only lower, so every value the search returns is an upper bound on the cost of a real
``W`` with all ``W_i <= 4``; and the branch that follows the optimal ``W`` reaches the
optimum.  Hence the minimum over the search is exactly the replacement number.)

With caps the same holds: at most 16 copies sit in melds, so fewer than 9 kinds have a
cap below 3 and, with the at most 15 kinds the chosen blocks touch, some kind still takes
a fresh triplet or pair.

The five-copies rule (and every cap) is enforced by tracking ``W`` for all chosen blocks.  The result of a
subtree depends only on the lowest kind ``i``, the remaining ``H[i:]``, the chosen ``W``
on kinds ``i-2 .. i+2`` (no later block can touch anything else, no earlier block can have
touched anything above ``i+2``) and the numbers of melds / pair still to choose, so it is
memoised on exactly that state.
"""

from __future__ import annotations

import functools
import random
from typing import Iterable, Optional, Sequence

N_KINDS = 34
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# A run may start at number 1..7 of each numbered suit.
RUN_STARTS = frozenset(s for s in range(27) if s % 9 <= 6)

_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


# ----------------------------------------------------------------------------- helpers

def parse(s: str) -> list[int]:
    """Minimal mpsz parser: ``"123m456p789s11z"`` -> 34 counts.  ``0`` is a red five."""
    counts = [0] * N_KINDS
    pending: list[int] = []
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            pending.append(int(ch))
        elif ch in _SUIT_OFFSET:
            if not pending:
                raise ValueError(f"suit letter {ch!r} without digits in {s!r}")
            for d in pending:
                if ch == "z":
                    if not 1 <= d <= 7:
                        raise ValueError(f"bad honour {d}z in {s!r}")
                    kind = 27 + d - 1
                else:
                    kind = _SUIT_OFFSET[ch] + (5 if d == 0 else d) - 1
                counts[kind] += 1
            pending = []
        else:
            raise ValueError(f"unexpected character {ch!r} in {s!r}")
    if pending:
        raise ValueError(f"digits without a suit letter at the end of {s!r}")
    if any(c > 4 for c in counts):
        raise ValueError(f"more than four copies of a kind in {s!r}")
    return counts


def random_hand(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles drawn without replacement from the 136-tile wall, as 34 counts."""
    wall = [kind for kind in range(N_KINDS) for _ in range(4)]
    counts = [0] * N_KINDS
    for kind in rng.sample(wall, n):
        counts[kind] += 1
    return counts


def _check(counts: Sequence[int], residues: Iterable[int] = (1, 2)) -> int:
    if len(counts) != N_KINDS:
        raise ValueError("a hand is 34 counts")
    if any(c < 0 or c > 4 for c in counts):
        raise ValueError("counts must be 0..4")
    n = sum(counts)
    if n > 14 or n % 3 not in tuple(residues):
        raise ValueError(f"bad hand size {n}")
    return n


def _plus(counts: Sequence[int], kind: int, delta: int) -> list[int]:
    out = list(counts)
    out[kind] += delta
    return out


# ------------------------------------------------------------------- regular form search

def _regular_replacement(counts: tuple[int, ...], caps: tuple[int, ...] = (4,) * 34) -> int:
    n = sum(counts)
    k = n // 3
    H = list(counts)        # tiles of the hand not yet processed
    W = [0] * N_KINDS       # the chosen blocks of W, to enforce W_i <= 4
    memo: dict = {}

    def rec(i: int, melds: int, pair: int) -> int:
        while i < N_KINDS and H[i] == 0:
            i += 1
        if i == N_KINDS:
            return 3 * melds + 2 * pair          # fresh blocks at full cost
        if melds == 0 and pair == 0:
            return 0                             # W is complete; leftovers are discards
        lo = max(0, i - 2)
        key = (i, melds, pair, tuple(H[i:]), tuple(W[lo:i + 3]))
        hit = memo.get(key)
        if hit is not None:
            return hit

        # (a) no remaining copy of kind i is used by W
        h = H[i]
        H[i] = 0
        best = rec(i + 1, melds, pair)
        H[i] = h

        # (b) the pair ii
        if pair and W[i] + 2 <= caps[i]:
            take = min(2, H[i])
            H[i] -= take
            W[i] += 2
            best = min(best, (2 - take) + rec(i, melds, 0))
            W[i] -= 2
            H[i] += take

        if melds:
            # (c) the triplet iii
            if W[i] + 3 <= caps[i]:
                take = min(3, H[i])
                H[i] -= take
                W[i] += 3
                best = min(best, (3 - take) + rec(i, melds - 1, pair))
                W[i] -= 3
                H[i] += take
            # (d) a run containing i: starting at i-2, i-1 or i
            for s in (i - 2, i - 1, i):
                if s not in RUN_STARTS:
                    continue
                kinds = (s, s + 1, s + 2)
                if any(W[j] + 1 > caps[j] for j in kinds):
                    continue
                taken = [j for j in kinds if H[j] > 0]
                for j in taken:
                    H[j] -= 1
                for j in kinds:
                    W[j] += 1
                best = min(best, (3 - len(taken)) + rec(i, melds - 1, pair))
                for j in kinds:
                    W[j] -= 1
                for j in taken:
                    H[j] += 1

        memo[key] = best
        return best

    return rec(0, k, 1)


@functools.lru_cache(maxsize=1 << 17)
def _regular_cached(counts: tuple[int, ...], caps: tuple[int, ...]) -> int:
    return _regular_replacement(counts, caps) - 1


ALL4 = (4,) * N_KINDS


def _caps(counts: Sequence[int], caps: Optional[Sequence[int]]) -> tuple[int, ...]:
    if caps is None:
        return ALL4
    caps = tuple(caps)
    if len(caps) != N_KINDS or any(not 0 <= c <= 4 for c in caps):
        raise ValueError("caps are 34 values 0..4")
    if any(h > c for h, c in zip(counts, caps)):
        raise ValueError("a count above its cap")
    return caps


def caps_of_melds(melds: Iterable[Sequence[int]]) -> list[int]:
    """Caps from the kinds of the tiles of each meld (4 minus the copies in melds)."""
    caps = [4] * N_KINDS
    for meld in melds:
        for kind in meld:
            caps[kind] -= 1
    return caps


def regular_shanten(counts: Sequence[int], caps: Optional[Sequence[int]] = None) -> int:
    """Regular-form shanten (4-k melds open), for 3k+1 and 3k+2 hands."""
    _check(counts)
    return _regular_cached(tuple(counts), _caps(counts, caps))


def chiitoi_shanten(counts: Sequence[int]) -> Optional[int]:
    """Seven-pairs shanten, or None unless the hand has 13 or 14 tiles."""
    n = _check(counts)
    if n not in (13, 14):
        return None
    # W = 7 distinct kinds, 2 each.  A kind chosen for W matches min(H_i, 2) tiles, so the
    # best W takes the 7 kinds with the largest min(H_i, 2) (exchange argument).
    gains = sorted((min(c, 2) for c in counts), reverse=True)
    matched = sum(gains[:7])
    return (14 - matched) - 1


def kokushi_shanten(counts: Sequence[int]) -> Optional[int]:
    """Thirteen-orphans shanten, or None unless the hand has 13 or 14 tiles."""
    n = _check(counts)
    if n not in (13, 14):
        return None
    best = None
    for extra in YAOCHU:          # which orphan appears twice in W
        missing = 0
        for j in YAOCHU:
            need = 2 if j == extra else 1
            missing += max(need - counts[j], 0)
        best = missing if best is None else min(best, missing)
    return best - 1


def shanten(counts: Sequence[int], caps: Optional[Sequence[int]] = None) -> int:
    """Best shanten over the forms that apply (regular; chiitoi/kokushi at 13/14 tiles
    of a closed hand)."""
    c = _caps(counts, caps)
    if c != ALL4:
        return regular_shanten(counts, c)
    values = [regular_shanten(counts)]
    for form in (chiitoi_shanten, kokushi_shanten):
        v = form(counts)
        if v is not None:
            values.append(v)
    return min(values)


# --------------------------------------------------------- complete hands, by peeling

def decompositions(counts: Sequence[int]) -> list:
    """Every distinct decomposition of a complete regular 3k+2 hand.

    Returns a sorted list of ``(pair_kind, ((kind, 'run' | 'triplet'), ...))`` with the melds
    sorted; a run is named by its lowest kind.  ``[]`` if the hand is not complete.
    """
    n = _check(counts, (2,))
    k = n // 3
    found: set = set()
    H = list(counts)

    def peel(melds: list) -> None:
        i = 0
        while i < N_KINDS and H[i] == 0:
            i += 1
        if i == N_KINDS:
            if len(melds) == k:
                found.add((pair_kind, tuple(sorted(melds))))
            return
        # the lowest remaining tile must be in a triplet, or be the lowest tile of a run
        if H[i] >= 3:
            H[i] -= 3
            melds.append((i, "triplet"))
            peel(melds)
            melds.pop()
            H[i] += 3
        if i in RUN_STARTS and H[i + 1] > 0 and H[i + 2] > 0:
            for j in (i, i + 1, i + 2):
                H[j] -= 1
            melds.append((i, "run"))
            peel(melds)
            melds.pop()
            for j in (i, i + 1, i + 2):
                H[j] += 1

    for pair_kind in range(N_KINDS):
        if H[pair_kind] >= 2:
            H[pair_kind] -= 2
            peel([])
            H[pair_kind] += 2
    return sorted(found)


def _is_chiitoi_complete(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and sorted(c for c in counts if c) == [2] * 7


def _is_kokushi_complete(counts: Sequence[int]) -> bool:
    if sum(counts) != 14 or any(counts[j] == 0 for j in YAOCHU):
        return False
    return all(counts[j] == 0 for j in range(N_KINDS) if j not in YAOCHU)


def is_complete(counts: Sequence[int]) -> bool:
    """A 3k+2 hand that is a complete regular hand, or (at 14 tiles) seven pairs / kokushi."""
    _check(counts, (2,))
    if decompositions(counts):
        return True
    return _is_chiitoi_complete(counts) or _is_kokushi_complete(counts)


# ----------------------------------------------------------------- waits, ukeire, table

def waits(counts: Sequence[int], caps: Optional[Sequence[int]] = None) -> list[int]:
    """Kinds t (a fifth copy, or one beyond the cap, excluded) such that counts + t is
    complete (regular form only under caps below 4)."""
    _check(counts, (1,))
    c = _caps(counts, caps)
    if c != ALL4:
        return [t for t in range(N_KINDS)
                if counts[t] < c[t] and decompositions(_plus(counts, t, +1))]
    return [t for t in range(N_KINDS)
            if counts[t] < 4 and is_complete(_plus(counts, t, +1))]


def ukeire(counts: Sequence[int], caps: Optional[Sequence[int]] = None) -> list[int]:
    """Kinds t (counts[t] < cap) whose draw lowers best-of-forms shanten of a 3k+1 hand."""
    _check(counts, (1,))
    c = _caps(counts, caps)
    now = shanten(counts, c)
    return [t for t in range(N_KINDS)
            if counts[t] < c[t] and shanten(_plus(counts, t, +1), c) < now]


def discard_table(counts: Sequence[int],
                  caps: Optional[Sequence[int]] = None) -> dict[int, tuple[int, list[int]]]:
    """For a 3k+2 hand: discarded kind -> (shanten after the discard, its ukeire)."""
    _check(counts, (2,))
    c = _caps(counts, caps)
    table = {}
    for d in range(N_KINDS):
        if counts[d] > 0:
            rest = _plus(counts, d, -1)
            table[d] = (shanten(rest, c), ukeire(rest, c))
    return table


def call_shanten(counts: Sequence[int], caps: Optional[Sequence[int]], called: int,
                 uses: Sequence[int], banned: Iterable[int]) -> Optional[int]:
    """Best regular shanten of a 3k+1 hand after calling `called` with the concealed
    `uses` (the three tiles join the melds: their caps drop) and discarding a kind not in
    `banned`; None when the call is impossible (no copy left to call, or a tile missing)."""
    _check(counts, (1,))
    c = list(_caps(counts, caps))
    if counts[called] + 1 > c[called]:
        return None
    h = list(counts)
    for u in uses:
        if h[u] == 0:
            return None
        h[u] -= 1
    for kind in (called, *uses):
        c[kind] -= 1
    values = [regular_shanten(_plus(h, d, -1), c)
              for d in range(N_KINDS) if h[d] and d not in set(banned)]
    return min(values) if values else None


__all__ = [
    "N_KINDS", "YAOCHU", "RUN_STARTS", "ALL4", "parse", "random_hand", "regular_shanten",
    "chiitoi_shanten", "kokushi_shanten", "shanten", "decompositions", "is_complete",
    "waits", "ukeire", "discard_table", "caps_of_melds", "call_shanten",
]
