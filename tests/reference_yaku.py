"""Slow, independent reference ("oracle") for yaku-restricted shanten.

Pure Python standard library; nothing from the ``mjgui`` package is imported, so this
file shares no code with ``mjgui/yaku.py`` (which reduces everything to calls of the C
core) nor with the C core itself.

Definitions
-----------
* ``H`` = 34 concealed counts (0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N White Green
  Red), ``melds`` = the existing melds as ``(kind, base)`` with kind one of ``'chi'``,
  ``'pon'``, ``'kan'``, ``'ankan'``, ``'kakan'`` and base the lowest tile kind;
  ``k = 4 - len(melds)`` melds are still to be made from concealed tiles.
* A completion ``W`` is ``k`` blocks "meld" (a run of three consecutive numbers of one
  suit or a triplet) plus one pair, with ``W_i <= 4 - (copies of i in the melds)`` for
  every kind (the four-copy limit counts the melds, a kan holding four).
* ``cost(W) = sum_i max(W_i - H_i, 0)`` (tiles to draw); the restricted shanten of yaku Y
  is ``min cost(W) - 1`` over the completions ``W`` such that ``W`` plus the melds has
  yaku Y; ``None`` when there is none.

The search
----------
``W`` is enumerated kind by kind (0..33): at kind ``i`` choose how many runs start at
``i``, whether a triplet of ``i`` and whether the pair is ``i``.  ``W_i`` is then the new
runs + the runs started at ``i-1`` and ``i-2`` + 3·triplet + 2·pair, so the state after
kind ``i`` is (melds so far, pair so far, runs started at i, runs started at i-1); the
minimum cost per state is kept.  Every completion is one path, and every path is a
completion, so the minimum is exact.  A yaku restricts which blocks may be chosen
(``run_starts``, ``triplets``, ``pairs``) or forces some (``need_runs``, ``need_triplets``);
the yaku are written out, one by one, in ``restricted_shanten``.  ``suit_distances`` runs
the same enumeration on one suit alone, for every (melds, pairs) target at once (the
per-suit lemma behind mjgui.yaku's tanyao).
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

N_KINDS = 34
SIMPLES = frozenset(i for i in range(27) if 1 <= i % 9 <= 7)
TERMINALS = frozenset(i for i in range(27) if i % 9 in (0, 8))
HONOURS = frozenset(range(27, 34))
YAOCHU = TERMINALS | HONOURS
ALL = frozenset(range(N_KINDS))
RUN_STARTS = frozenset(i for i in range(27) if i % 9 <= 6)
VALUE_DRAGONS = (31, 32, 33)
KIND_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))


def _search(H: Sequence[int], kinds: range, k: int, run_starts, triplets, pairs,
            need_runs=frozenset(), need_triplets=frozenset(), n_pairs: int = 1,
            caps: Sequence[int] = (4,) * N_KINDS) -> dict:
    """The enumeration over the kinds in ``kinds`` (consecutive; runs must start in
    ``run_starts`` and stay inside): {(melds, pairs): minimum cost} over every choice of
    at most k melds and n_pairs pairs."""
    states = {(0, 0, 0, 0): 0}          # (melds, pairs, runs from i-1, runs from i-2) -> cost
    for i in kinds:
        h = H[i]
        r_max = 4 if i in run_starts else 0
        r_min = 1 if i in need_runs else 0
        t_opts = (1,) if i in need_triplets else ((0, 1) if i in triplets else (0,))
        q_ok = i in pairs
        nxt: dict = {}
        for (m, p, a, b), c in states.items():
            for t in t_opts:
                for q in ((0, 1) if q_ok and p < n_pairs else (0,)):
                    for r in range(r_min, r_max + 1):
                        if m + r + t > k:
                            break
                        w = r + a + b + 3 * t + 2 * q
                        if w > caps[i]:
                            break
                        cost = c + (w - h if w > h else 0)
                        key = (m + r + t, p + q, r, a)
                        old = nxt.get(key)
                        if old is None or cost < old:
                            nxt[key] = cost
        states = nxt
    return {(m, p): c for (m, p, a, b), c in states.items() if a == 0 and b == 0}


def restricted_replacement(H: Sequence[int], k: int, run_starts: Iterable[int] = RUN_STARTS,
                           triplets: Iterable[int] = ALL, pairs: Iterable[int] = ALL,
                           need_runs: Iterable[int] = (), need_triplets: Iterable[int] = (),
                           n_pairs: int = 1, caps: Sequence[int] = (4,) * N_KINDS) -> Optional[int]:
    """Minimum tiles to draw over completions W (k melds + n_pairs (1, or 0) pairs,
    W_i <= 4) whose runs start in ``run_starts``, triplets in ``triplets``, pair in
    ``pairs``, holding at least one run starting at each of ``need_runs`` and a triplet of
    each of ``need_triplets``; None if no such W exists."""
    run_starts = frozenset(run_starts) & RUN_STARTS
    need_runs = frozenset(need_runs)
    need_triplets = frozenset(need_triplets)
    triplets = frozenset(triplets)
    if not need_runs <= run_starts or not need_triplets <= triplets:
        return None
    return _search(H, range(N_KINDS), k, run_starts, triplets, frozenset(pairs),
                   need_runs, need_triplets, n_pairs, caps).get((k, n_pairs))


def suit_distances(v: Sequence[int], allowed: Iterable[int] = range(9)) -> dict:
    """One numbered suit alone (9 counts): {(m, p): minimum tiles to draw for m melds and
    p pairs (m <= 4, p <= 1) built inside the suit from the positions ``allowed`` only}."""
    allowed = frozenset(allowed)
    starts = frozenset(s for s in range(7) if {s, s + 1, s + 2} <= allowed)
    return _search(list(v), range(9), 4, starts, allowed, allowed)


def _meld_kinds(meld) -> list[int]:
    kind, base = meld
    if kind == "chi":
        return [base, base + 1, base + 2]
    return [base] * (3 if kind == "pon" else 4)


def meld_caps(melds: Sequence) -> list[int]:
    """Copies of each kind the concealed part may use: 4 minus those in the melds."""
    caps = [4] * N_KINDS
    for m in melds:
        for t in _meld_kinds(m):
            caps[t] -= 1
    return caps


def value_kinds(round_wind: int, seat_wind: int) -> list[int]:
    """Value tiles (役牌) that are yakuhai: dragons, the seat and the round wind."""
    return sorted({31, 32, 33, 27 + seat_wind, 27 + round_wind})


def restricted_shanten(H: Sequence[int], melds: Sequence, yaku: str,
                       round_wind: int = 0, seat_wind: int = 0) -> Optional[int]:
    """Restricted shanten of one yaku named as in mjgui.yaku ('yakuhai:5z', 'tanyao',
    'toitoi', 'honitsu:m', 'chinitsu:p', 'chanta', 'junchan', 'ittsu:s', 'sanshoku',
    'riichi'); None when the melds (or the hand size) exclude it."""
    k = 4 - len(melds)
    kinds = [t for m in melds for t in _meld_kinds(m)]
    chis = {m[1] for m in melds if m[0] == "chi"}
    name, _, arg = yaku.partition(":")

    caps = meld_caps(melds)

    def run(**kw) -> Optional[int]:
        r = restricted_replacement(H, k, caps=caps, **kw)
        return None if r is None else r - 1

    if name == "riichi":
        return run() if all(m[0] == "ankan" for m in melds) else None
    if name == "yakuhai":
        v = KIND_NAMES.index(arg)
        if v not in value_kinds(round_wind, seat_wind):
            return None
        if any(m[0] != "chi" and m[1] == v for m in melds):
            return run()
        return run(need_triplets=[v])
    if name == "tanyao":
        if not set(kinds) <= SIMPLES:
            return None
        return run(run_starts=[s for s in RUN_STARTS if s in SIMPLES and s + 2 in SIMPLES],
                   triplets=SIMPLES, pairs=SIMPLES)
    if name == "toitoi":
        if chis:
            return None
        return run(run_starts=())
    if name in ("honitsu", "chinitsu"):
        suit = "mps".index(arg)
        allowed = set(range(9 * suit, 9 * suit + 9))
        if name == "honitsu":
            allowed |= HONOURS
        if not set(kinds) <= allowed:
            return None
        return run(run_starts=[s for s in RUN_STARTS if s in allowed], triplets=allowed, pairs=allowed)
    if name in ("chanta", "junchan"):
        ends = YAOCHU if name == "chanta" else TERMINALS
        for m in melds:
            if not set(_meld_kinds(m)) & ends:
                return None
        if name == "junchan" and set(kinds) & HONOURS:
            return None
        return run(run_starts=[s for s in RUN_STARTS if s % 9 in (0, 6)], triplets=ends, pairs=ends)
    if name == "ittsu":
        suit = "mps".index(arg)
        need = {9 * suit, 9 * suit + 3, 9 * suit + 6} - chis
        if len(need) > k:
            return None
        return run(need_runs=need)
    if name == "sanshoku":
        best = None
        for n in range(7):
            need = {n, 9 + n, 18 + n} - chis
            if len(need) > k:
                continue
            v = run(need_runs=need)
            if v is not None and (best is None or v < best):
                best = v
        return best
    raise ValueError(f"unknown yaku {yaku!r}")


def plain_shanten(H: Sequence[int], melds: Sequence) -> int:
    return restricted_replacement(H, 4 - len(melds), caps=meld_caps(melds)) - 1


YAKU_NAMES = (("riichi",) + tuple(f"yakuhai:{KIND_NAMES[v]}" for v in range(27, 34))
              + ("tanyao", "toitoi") + tuple(f"honitsu:{s}" for s in "mps")
              + tuple(f"chinitsu:{s}" for s in "mps") + ("chanta", "junchan")
              + tuple(f"ittsu:{s}" for s in "mps") + ("sanshoku",))


def all_restricted(H: Sequence[int], melds: Sequence, round_wind: int = 0,
                   seat_wind: int = 0) -> dict[str, int]:
    """{yaku: restricted shanten} for every yaku not excluded (same names as mjgui.yaku)."""
    out = {}
    for y in YAKU_NAMES:
        v = restricted_shanten(H, melds, y, round_wind, seat_wind)
        if v is not None:
            out[y] = v
    return out
