"""Yaku (役) still reachable by a hand, and how many draws each one costs, from the scorer.

An open hand can only win with a yaku, so a call (pon/chi) that speeds a hand up but leaves
it no reachable yaku at that speed deserves a warning.  This module measures it with the
scorer's own rules (docs/yaku.md): the C core enumerates the complete hands the concealed
tiles can still become (csrc/reach.c) and scores each with the hand's melds and winds, so
every yaku the scorer knows counts (sanankou, shousangen, honroutou, the yakuman ...), and
no second set of yaku rules exists.

Definitions: a hand is its 34 concealed counts ``H`` and its melds; ``k = 4 - len(melds)``
melds and a pair are still to be made.  A *completion* ``W`` is ``k`` runs or triplets plus
a pair, each kind within 4 minus the copies the melds hold; it costs ``Σ max(W_i - H_i, 0)``
draws.  The plain shanten ``s`` is the fewest draws over all completions, minus one.  A
completion *has* yaku Y when the scorer, given W with the melds and winds, won by ron on a
tile still to draw (on any of its tiles when W is the hand itself), without dora, lists Y:
a yaku the hand wins with whoever discards the tile.  A tsumo can add one no ron gives
(sanankou on a shanpon); an open hand that has only such a yaku cannot ron, the trap the
warning is for, so it is reported apart (`YakuStatus.tsumo_only`).  Kans are not made in
the search (sankantsu needs its three kans called already).  The *restricted shanten* ``s_Y`` is the
fewest draws over the completions that have Y, minus one.  The hand *keeps a yaku* when some
``s_Y == s``.  A closed hand (ankans only) always keeps one: riichi (``s_riichi = s``).

Counts may hold 3k+1 tiles (after the discard) or 3k+2 (before it); for 3k+2 every number is
the one of the best discard (a complete hand reads -1, as in the core).

The search looks at most `MAX_EXTRA` draws beyond the fastest completions; a yaku further
away is reported as none (`YakuStatus.best` None: "no yaku within N more draws").
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Sequence

from mjgui import core
from mjgui.core import lib      # the C constants, through the one boundary module
from mjgui.core import HandError
from mjgui.hand import Meld, MeldKind
from mjgui.scoring import _MELD_TYPES, Rules, rule_flags, yaku_name   # the scorer's codes and names
from mjgui.tiles import N_KINDS

__all__ = ["YakuStatus", "reachable_yaku", "yaku_status", "keeps_yaku", "yaku_name", "MAX_EXTRA", "RIICHI"]

MAX_EXTRA = 3                   # draws beyond the fastest completions the search looks
RIICHI = lib.MJ_Y_RIICHI
_NONE = 255                     # core.yaku_reach's "not reached"


def _check_winds(round_wind: int, seat_wind: int) -> None:
    for w in (round_wind, seat_wind):
        np = sys.modules.get("numpy")           # a numpy integer implies numpy is loaded
        integers = int if np is None else (int, np.integer)
        if isinstance(w, bool) or not isinstance(w, integers) or not 0 <= w <= 3:
            raise HandError(f"a wind is 0-3 (E S W N), not {w!r}")


_CONTEXTS: dict[tuple, tuple[bytes, bool]] = {}     # (melds, winds) -> (packed context, closed)


def _context(melds: Sequence[Meld], round_wind: int, seat_wind: int) -> tuple[bytes, bool]:
    """The melds and winds packed for the core, and whether the hand is closed (computed
    once per distinct melds and winds)."""
    # checked before the cache: True and 1.0 hash as 1 and would find its entry
    if round_wind.__class__ is not int or seat_wind.__class__ is not int \
            or not 0 <= round_wind <= 3 or not 0 <= seat_wind <= 3:
        _check_winds(round_wind, seat_wind)
        round_wind, seat_wind = int(round_wind), int(seat_wind)
    key = (tuple(melds), round_wind, seat_wind)
    try:
        return _CONTEXTS[key]
    except (KeyError, TypeError):
        pass
    melds = tuple(melds)
    if len(melds) > 4:
        raise HandError(f"a hand has at most 4 melds, not {len(melds)}")
    if not all(isinstance(m, Meld) for m in melds):
        raise HandError("melds must be mjgui.hand.Meld objects")
    context = core.WIN_STRUCT.pack(bytes(N_KINDS), len(melds), bytes(_MELD_TYPES[m.kind] for m in melds),
                                   bytes(m.base_kind for m in melds), 0, round_wind, seat_wind, 0, 0,
                                   b"", b"", 0, 0, 0, 0)
    answer = (context, all(not m.is_open for m in melds))
    if len(_CONTEXTS) < 4096:
        _CONTEXTS[key] = answer
    return answer


def reachable_yaku(counts, melds: Sequence[Meld] = (), round_wind: int = 0, seat_wind: int = 0,
                   extra: int = MAX_EXTRA, rules: Rules | str = "tenhou", tsumo: bool = False) -> dict[int, int]:
    """{yaku id: restricted shanten} of every yaku the scorer gives some completion within
    shanten + 1 + `extra` draws as a ron (with `tsumo`, by tsumo too: sanankou on a shanpon),
    by id; a closed hand lists riichi.  Regular completions only: seven pairs and thirteen
    orphans are not searched.  counts: the 34 concealed counts (3k+1 or 3k+2 tiles, k = 4 -
    len(melds)).  A closed hand with several extra draws has millions of completions: past
    the core's limit this raises HandError."""
    context, closed = _context(melds, round_wind, seat_wind)
    shanten, ron, by_tsumo = core.yaku_reach(context, counts, rule_flags(rules), extra, False)
    costs = by_tsumo if tsumo else ron
    out = {RIICHI: shanten} if closed else {}
    out.update((y, c - 1) for y, c in enumerate(costs) if c != _NONE and y != RIICHI)
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class YakuStatus:
    """Whether a hand (typically right after a call) keeps a reachable yaku."""
    shanten: int                   # plain regular shanten
    best: int | None               # a yaku id of the cheapest completions with a yaku (the
                                   # first the scorer lists; riichi for a closed hand); None
                                   # when none is within MAX_EXTRA more draws
    best_shanten: int | None       # its restricted shanten
    keeps_yaku: bool               # best_shanten == shanten
    extra_draws: int | None        # best_shanten - shanten; None with best None
    tsumo_only: int | None = None  # without keeps_yaku: a yaku id a tsumo would give as fast
                                   # as the hand goes (sanankou on a shanpon), no ron can

    def describe(self, lang: str = "en") -> str:
        """'yaku: Tanyao' / 'no yaku after this call (Tanyao needs 1 more draw)';
        Japanese '役: 断幺九' / '役なし（断幺九まであと1枚）'."""
        ja = lang == "ja"
        if self.keeps_yaku:
            name = yaku_name(self.best, lang)
            return f"役: {name}" if ja else f"yaku: {name}"
        if self.tsumo_only is not None:
            name = yaku_name(self.tsumo_only, lang)
            return (f"ロンでは役なし（{name}はツモのみ）" if ja
                    else f"no yaku to win by ron after this call ({name} by tsumo only)")
        if self.best is None:
            return (f"役なし（あと{MAX_EXTRA}枚では役が作れない）" if ja
                    else f"no yaku within {MAX_EXTRA} more draws after this call")
        name = yaku_name(self.best, lang)
        n = self.extra_draws
        if ja:
            return f"役なし（{name}まであと{n}枚）"
        return f"no yaku after this call ({name} needs {n} more draw{'s' if n != 1 else ''})"


_STATUS: dict[tuple, YakuStatus] = {}


def yaku_status(counts, melds: Sequence[Meld] = (), round_wind: int = 0, seat_wind: int = 0,
                rules: Rules | str = "tenhou") -> YakuStatus:
    """Plain shanten and the cheapest reachable yaku of a hand with these melds (see the
    module doc); counts as for `reachable_yaku`."""
    context, closed = _context(melds, round_wind, seat_wind)
    if closed:                  # riichi: as fast as the hand itself
        data = core._to_bytes(counts)
        k = 4 - len(melds)
        if sum(data) not in (3 * k + 1, 3 * k + 2):
            raise HandError(f"{sum(data)} concealed tiles with {len(melds)} melds: expected "
                            f"{3 * k + 1} (after the discard) or {3 * k + 2}")
        shanten = core.shanten_melds(data, k, _caps(melds))
        best, best_s, tsumo_only = RIICHI, shanten, None
    else:
        shanten, costs, by_tsumo = core.yaku_reach(context, counts, rule_flags(rules), MAX_EXTRA, True)
        cheapest = min(costs)
        best = None if cheapest == _NONE else costs.index(cheapest)
        best_s = None if best is None else cheapest - 1
        fastest = min(by_tsumo)
        tsumo_only = (by_tsumo.index(fastest) if best_s != shanten and fastest == shanten + 1
                      else None)
    key = (shanten, best, best_s, tsumo_only)
    status = _STATUS.get(key)
    if status is None:          # a few hundred distinct values at most
        status = (YakuStatus(shanten, None, None, False, None, tsumo_only) if best is None
                  else YakuStatus(shanten, best, best_s, best_s == shanten, best_s - shanten, tsumo_only))
        _STATUS[key] = status
    return status


def keeps_yaku(counts, melds: Sequence[Meld] = (), round_wind: int = 0, seat_wind: int = 0,
               rules: Rules | str = "tenhou") -> bool:
    """`yaku_status(...).keeps_yaku` without the search of the slower completions (which
    only says how far a yaku is): the fastest completions alone, about a third of the
    time; a triplet of dragons or of a wind of the hand settles it at once."""
    context, closed = _context(melds, round_wind, seat_wind)
    if closed:
        return yaku_status(counts, melds, round_wind, seat_wind, rules).keeps_yaku
    honours = {31, 32, 33, 27 + round_wind, 27 + seat_wind}
    if any(m.kind is not MeldKind.CHI and m.base_kind in honours for m in melds):
        return True             # yakuhai in every completion
    shanten, costs, _ = core.yaku_reach(context, counts, rule_flags(rules), 0, True)
    cheapest = min(costs)
    return cheapest != _NONE and cheapest - 1 == shanten


def _caps(melds: Sequence[Meld]) -> bytes | None:
    """The core's caps of closed kans (4 minus their copies), None without any."""
    if not melds:
        return None
    caps = bytearray(b"\4" * N_KINDS)
    for m in melds:
        caps[m.base_kind] = 0
    return bytes(caps)
