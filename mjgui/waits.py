"""Wait details (待ち) of a tenpai 13-tile hand: which tiles win, how many are
left, the shape of each wait (両面 ryanmen, 嵌張 kanchan, 辺張 penchan, 双碰 shanpon,
単騎 tanki, 延べ単 nobetan, 七対子 chiitoi, 国士無双 kokushi), every way the hand
wins on each tile, and the karaten (空聴) / furiten (振聴) warnings.

    >>> report = wait_details(Hand.parse("23m456p789s11z555z"))
    >>> [(w.name, w.remaining, w.label()) for w in report.waits]
    [('1m', 4, 'ryanmen'), ('4m', 4, 'ryanmen')]

Decisions (documented here because the GUI and drills rely on them):

- **Waits.**  A wait is a kind that completes the concealed tiles (regular form,
  and with no open melds also seven pairs and thirteen orphans), as `core.waits`
  finds them under the caps of the melds: a kind whose four copies are already in
  the concealed tiles plus the melds (open or closed quads included) is never a
  wait, and the shanten is the exact one of the definition (docs/engine.md).  E.g.
  `1m234p567s789s pon:1*11m` is 1-shanten: its only "wait" would be a fifth 1m.
  Such kinds are listed in `WaitReport.fifth_tile` to explain the verdict: the
  kinds at their cap that would complete the concealed tiles if the melds were
  ignored.
- **Visible copies do not remove a wait.**  A wait whose every copy is visible
  (dora indicators, `visible:`, own discards) stays a wait with `remaining == 0`;
  when all waits are at 0 the report is *karaten*.
- **Placements.**  For each wait tile t, each decomposition of the completed
  concealed tiles (pair + melds, from `core.decompositions`) gives one
  `WinningForm` per distinct block that can hold t (two identical runs are one
  placement).  `waiting_block` is that block minus t: the tiles of the 13-tile hand
  that t joins, e.g. (1, 2) for 23m won on 1m, (4,) for a 5m tanki, (4, 4) for a
  5m shanpon pair, (1, 3) for a 2m-4m kanchan on 3m.
- **Shape of a placement.**  t completes the pair: 'tanki' (single-tile wait);
  t completes a triplet: 'shanpon' (it joined a pair); t completes a run
  (a, a+1, a+2): 'kanchan' if t is the middle, 'penchan' if t is 3 joining 12 or
  7 joining 89, else 'ryanmen'.
- **Nobetan replaces tanki.**  A tanki placement on t whose decomposition also
  holds the run (t+1, t+2, t+3) or (t-3, t-2, t-1) is labelled 'nobetan' *instead
  of* 'tanki': the four tiles in a row (e.g. 2345m) wait on both ends (2m and 5m),
  each end as a tanki.  A plain single tile stays 'tanki'.
- **Seven pairs and thirteen orphans.**  A seven-pairs win is a `WinningForm`
  with form 'chiitoi', pair t, no melds, waiting_block (t,), shape 'tanki' and
  `pairs` = its seven pair kinds; a
  thirteen-orphans win has form 'kokushi', shape 'kokushi', pair = the kind held
  twice in the completed hand, waiting_block (t,) for the 13-sided wait and () for
  the single wait (t joins no held tile).  In `WaitInfo.shapes` these forms are
  labelled 'chiitoi' and 'kokushi' rather than by their shape.
- **Label order.**  `WaitInfo.shapes` is sorted in the canonical order of
  `SHAPES` (ryanmen, kanchan, penchan, shanpon, tanki, nobetan, chiitoi, kokushi),
  not alphabetically, so labels read "ryanmen + shanpon".
- **Warnings.**  `reasons(lang)` lists, in this order, the karaten warning, the
  furiten warning and a note about fifth-tile 'waits' (see Waits).  Furiten here is
  only discard furiten (a wait in `hand.discards`); temporary and riichi furiten
  need the game's history, which a `Hand` does not hold.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from mjgui import core
from mjgui.core import CHIITOI, KOKUSHI, HandError
from mjgui.analysis import meld_caps
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, N_KINDS, YAOCHU_KINDS

__all__ = [
    "SHAPES", "SHAPE_NAMES", "FORMS", "WinningForm", "WaitInfo", "WaitReport",
    "wait_details", "shape_label",
]

#: Every shape label, in display order.
SHAPES: tuple[str, ...] = (
    "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "nobetan", "chiitoi", "kokushi")

#: Shape labels by language.
SHAPE_NAMES: dict[str, dict[str, str]] = {
    "en": {s: s for s in SHAPES},
    "ja": {
        "ryanmen": "両面", "kanchan": "嵌張", "penchan": "辺張", "shanpon": "双碰",
        "tanki": "単騎", "nobetan": "延べ単", "chiitoi": "七対子", "kokushi": "国士無双",
    },
}

#: Forms of a complete hand, in display order.
FORMS: tuple[str, ...] = ("regular", "chiitoi", "kokushi")

_SHAPE_ORDER = {s: i for i, s in enumerate(SHAPES)}
_FORM_ORDER = {f: i for i, f in enumerate(FORMS)}
_YAOCHU = frozenset(YAOCHU_KINDS)


def _check_lang(lang: str) -> str:
    if lang not in SHAPE_NAMES:
        raise ValueError(f"language must be 'en' or 'ja', not {lang!r}")
    return lang


def shape_label(shape: str, lang: str = "en") -> str:
    """The name of one shape label ('ryanmen' -> '両面' in Japanese)."""
    names = SHAPE_NAMES[_check_lang(lang)]
    if shape not in names:
        raise ValueError(f"unknown wait shape {shape!r}: expected one of {', '.join(SHAPES)}")
    return names[shape]


@dataclass(frozen=True)
class WinningForm:
    """One way the hand wins on one tile.

    `melds` are the concealed melds of the completed hand as `core.Block`
    (kind, is_run) tuples, a run named by its lowest tile; open melds are not
    included.  `waiting_block` is the kinds of the held tiles the winning tile
    joins (see the module doc).  `pairs` lists the seven pairs of a seven-pairs
    win (empty for the other forms), so `counts()` rebuilds every form."""

    form: str                               # 'regular' | 'chiitoi' | 'kokushi'
    pair: int | None
    melds: tuple[core.Block, ...]
    waiting_block: tuple[int, ...]
    shape: str
    pairs: tuple[int, ...] = ()

    @property
    def wait_label(self) -> str:
        """The label this form gives its wait: the shape, or 'chiitoi' / 'kokushi'."""
        return self.shape if self.form == "regular" else self.form

    def label(self, lang: str = "en") -> str:
        return shape_label(self.wait_label, lang)

    def counts(self) -> list[int]:
        """34 counts of the completed concealed tiles this form describes."""
        c = [0] * N_KINDS
        if self.form == "kokushi":
            for k in YAOCHU_KINDS:
                c[k] = 1
            if self.pair is not None:
                c[self.pair] += 1
            return c
        if self.form == "chiitoi":
            for k in self.pairs:
                c[k] += 2
            return c
        if self.pair is not None:
            c[self.pair] += 2
        for kind, is_run in self.melds:
            if is_run:
                for k in range(kind, kind + 3):
                    c[k] += 1
            else:
                c[kind] += 3
        return c

    def _key(self) -> tuple:
        return (_FORM_ORDER[self.form], _SHAPE_ORDER[self.shape], self.waiting_block,
                -1 if self.pair is None else self.pair, self.melds)


@dataclass(frozen=True)
class WaitInfo:
    """One winning tile kind of a tenpai hand."""

    kind: int
    remaining: int                          # copies left (hand.remaining()[kind])
    shapes: tuple[str, ...]                 # distinct labels, in SHAPES order
    forms: tuple[WinningForm, ...]          # every way the hand wins on it

    @property
    def name(self) -> str:
        """mpsz name of the tile ('5m')."""
        return KIND_NAMES[self.kind]

    def label(self, lang: str = "en") -> str:
        """The shapes joined: "ryanmen + shanpon", Japanese "両面 + 双碰"."""
        return " + ".join(shape_label(s, lang) for s in self.shapes)


def _join_names(kinds: Sequence[int], lang: str) -> str:
    names = [KIND_NAMES[k] for k in kinds]
    if lang == "ja":
        return "・".join(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _karaten_reason(waits: Sequence[WaitInfo], lang: str) -> str:
    if lang == "ja":
        left = "、".join(f"{w.name}: 残り0枚" for w in waits)
        return f"空聴（カラテン）: 和了牌がすべて使われています（{left}）"
    left = ", ".join(f"{w.name}: 0 left" for w in waits)
    return f"karaten: every winning tile is already used ({left})"


def _furiten_reason(kinds: Sequence[int], lang: str) -> str:
    names = _join_names(kinds, lang)
    if lang == "ja":
        return (f"振聴（フリテン）: 待ちの{names}を自分で捨てているため、"
                "ロン和了はできません（ツモ和了のみ）")
    which = "one of your waits" if len(kinds) == 1 else "which are among your waits"
    return (f"furiten: you discarded {names}, {which}: you cannot win on a discard (ron), "
            "only by self-draw (tsumo)")


def _fifth_tile_reason(kinds: Sequence[int], lang: str) -> str:
    names = _join_names(kinds, lang)
    if lang == "ja":
        return (f"{names}で和了の形になりますが、4枚すべてを手牌と副露で使っているため"
                "待ちになりません（5枚目は存在しません）")
    return (f"{names} would complete the hand, but all four copies are already in your "
            "hand and melds: that would be a fifth tile, so it is not a wait")


@dataclass(frozen=True)
class WaitReport:
    """Waits of a 13-tile hand, with the karaten / furiten warnings.

    `karaten_reason` and `furiten_reason` are the English texts ('' when the
    warning does not apply); `reasons('ja')` gives them in Japanese."""

    shanten: int
    waits: tuple[WaitInfo, ...]             # sorted by kind
    total_remaining: int
    karaten: bool
    karaten_reason: str
    furiten: bool
    furiten_reason: str
    furiten_kinds: tuple[int, ...] = ()     # waits found in the own discards
    fifth_tile: tuple[int, ...] = ()        # would-be waits at their cap (all 4 in hand + melds)

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0

    @property
    def kinds(self) -> tuple[int, ...]:
        """The wait kinds, ascending."""
        return tuple(w.kind for w in self.waits)

    def wait(self, kind: int) -> WaitInfo | None:
        """The WaitInfo of one kind, or None if it is not a wait."""
        for w in self.waits:
            if w.kind == kind:
                return w
        return None

    def reasons(self, lang: str = "en") -> list[str]:
        """The warnings as sentences in English ('en') or Japanese ('ja'):
        karaten, furiten, then the would-be waits that are fifth tiles."""
        _check_lang(lang)
        out = []
        if self.karaten:
            out.append(_karaten_reason(self.waits, lang))
        if self.furiten:
            out.append(_furiten_reason(self.furiten_kinds, lang))
        if self.fifth_tile:
            out.append(_fifth_tile_reason(self.fifth_tile, lang))
        return out


# --- shapes -------------------------------------------------------------------------

def _run_shape(t: int, start: int) -> str:
    if t == start + 1:
        return "kanchan"
    if (t == start + 2 and start % 9 == 0) or (t == start and start % 9 == 6):
        return "penchan"          # 12 waiting 3, 89 waiting 7
    return "ryanmen"


def _is_nobetan(t: int, melds: tuple[core.Block, ...]) -> bool:
    if t >= 27:
        return False
    n = t % 9
    return ((n <= 5 and core.Block(t + 1, True) in melds)
            or (n >= 3 and core.Block(t - 3, True) in melds))


def _regular_forms(c: list[int], t: int) -> list[WinningForm]:
    """Every placement of t in every decomposition of the completed hand c (t added)."""
    out: list[WinningForm] = []
    for dec in core.decompositions(c):
        pair, melds = dec.pair, dec.melds
        if pair == t:
            shape = "nobetan" if _is_nobetan(t, melds) else "tanki"
            out.append(WinningForm("regular", pair, melds, (t,), shape))
        for m in sorted(set(melds)):
            if m.is_run:
                if not m.kind <= t <= m.kind + 2:
                    continue
                block = tuple(k for k in range(m.kind, m.kind + 3) if k != t)
                out.append(WinningForm("regular", pair, melds, block, _run_shape(t, m.kind)))
            elif m.kind == t:
                out.append(WinningForm("regular", pair, melds, (t, t), "shanpon"))
    return out


def _special_forms(c: list[int], t: int) -> list[WinningForm]:
    """Seven pairs and thirteen orphans wins of the completed 14 tiles c."""
    out: list[WinningForm] = []
    held = c[t] - 1
    if max(c) == 2 and core.is_agari(c, CHIITOI):
        pairs = tuple(k for k in range(N_KINDS) if c[k] == 2)
        out.append(WinningForm("chiitoi", t, (), (t,), "tanki", pairs))
    if t in _YAOCHU and core.is_agari(c, KOKUSHI):
        pair = next(k for k in YAOCHU_KINDS if c[k] == 2)
        out.append(WinningForm("kokushi", pair, (), (t,) if held else (), "kokushi"))
    return out


def _fifth_tiles(counts: list[int], caps: bytes | None) -> tuple[int, ...]:
    """Kinds at their cap that would complete the concealed tiles if the melds held no
    copies: why an open hand that looks tenpai is not."""
    if caps is None:
        return ()
    shanten, kinds = core.ukeire_and_shanten(counts, core.REGULAR)
    return tuple(t for t in kinds if counts[t] >= caps[t]) if shanten == 0 else ()


# --- the report ---------------------------------------------------------------------

def useful_draws(hand: Hand) -> tuple[int, tuple[int, ...]]:
    """The shanten of a 3k+1 hand and the kinds whose draw lowers it, under the
    caps of its melds: at tenpai these are its waits.  The one meaning of "waits"
    that the wait report and the CLI share."""
    shanten, kinds = core.ukeire_and_shanten(list(hand.counts), core.ALL_FORMS,
                                             meld_caps(hand.melds))
    return shanten, tuple(kinds)


def wait_details(hand: Hand | str) -> WaitReport:
    """Waits of a 13-tile hand (3k+1 concealed tiles + 3 per meld) with their
    shapes, remaining copies, winning forms and karaten / furiten warnings.

    A hand that is not tenpai gives a report with shanten >= 1 and no waits.
    Raises `core.HandError` (a ValueError) for any other size; a text is parsed
    with `Hand.parse`."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if not isinstance(hand, Hand):
        raise TypeError(f"wait_details takes a Hand (or its text), not {type(hand).__name__}")
    if hand.size != 13:
        n_melds = len(hand.melds)
        held = f"{len(hand.concealed)} concealed tiles"
        if n_melds:
            held += f" and {n_melds} meld{'s' * (n_melds > 1)}"
        hint = ": discard a tile first" if hand.size == 14 else ""
        raise HandError(f"wait details need a 13-tile hand ({13 - 3 * n_melds} concealed tiles "
                        f"with {n_melds} meld{'s' * (n_melds != 1)}); {held} make "
                        f"{hand.size}{hint}")

    counts = list(hand.counts)
    caps = meld_caps(hand.melds)
    shanten, kinds = useful_draws(hand)
    if shanten != 0:
        return WaitReport(shanten, (), 0, False, "", False, "", (), _fifth_tiles(counts, caps))

    remaining = hand.remaining()
    special = not hand.melds
    waits: list[WaitInfo] = []
    for t in kinds:
        counts[t] += 1
        forms = _regular_forms(counts, t)
        if special:
            forms += _special_forms(counts, t)
        counts[t] -= 1
        forms = sorted(set(forms), key=WinningForm._key)
        shapes = tuple(sorted({f.wait_label for f in forms}, key=_SHAPE_ORDER.__getitem__))
        waits.append(WaitInfo(t, remaining[t], shapes, tuple(forms)))

    total = sum(w.remaining for w in waits)
    karaten = total == 0
    discarded = {tile.kind for tile in hand.discards}
    furiten_kinds = tuple(t for t in kinds if t in discarded)
    return WaitReport(
        shanten=0,
        waits=tuple(waits),
        total_remaining=total,
        karaten=karaten,
        karaten_reason=_karaten_reason(waits, "en") if karaten else "",
        furiten=bool(furiten_kinds),
        furiten_reason=_furiten_reason(furiten_kinds, "en") if furiten_kinds else "",
        furiten_kinds=furiten_kinds,
        fifth_tile=_fifth_tiles(counts, caps),
    )
