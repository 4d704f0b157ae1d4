"""Per-discard analysis of a hand (何切る): the answer key of the app and the drills.

For a 3k+2 hand, one row per distinct discard:

- **shanten** after the discard, and the **ukeire** (受け入れ): each tile whose draw lowers it,
  with its remaining copies, and their total (tenhou/2's `打X 摸[...] N枚`);
- **improvements** (改良), at tenpai or 1-shanten: draws that keep the shanten but after which
  the best discard gives a larger ukeire total or, at tenpai, a wait on two kinds or more where
  the wait had one;
- **good-shape rate** at 1-shanten: the share of the ukeire (by remaining copies) after which a
  discard leaves a wait on **two kinds or more** (両面-or-better by the count of winning kinds: a
  ryanmen, a shanpon or a nobetan counts, a kanchan, penchan or tanki does not);
- **second step**: the sum over the ukeire tiles t of remaining(t) × the best ukeire total after
  drawing t and discarding well (t one copy scarcer), the tie-break between equal ukeire;
- **calls** (鳴き): the tiles whose pon (from anyone) or chi (from the left player, with any two
  concealed tiles that make a run with it) followed by the best legal discard lowers the shanten;
  kuikae (喰い替え) is banned; a kind with no copy left unseen (all in the hand, the melds, the
  indicators, the visible tiles and the discards) is never offered: nobody can discard it.
  Each call says whether it keeps a yaku (see `mjgui.yaku`).

Remaining copies count the whole hand (concealed, melds, and the tile being discarded) and every
visible tile, as `Hand.remaining` does. Rows are ranked by a function passed in (`rank`, a sort key,
lower is better); the default is lowest shanten, then most ukeire, then the larger second step.
Open hands are analysed in the regular form only (seven pairs and thirteen orphans need a closed
hand), and every figure respects the four-copy limit across the melds: a kind with c copies in the
player's own melds may appear at most 4 - c times in the concealed part, in every completion, wait
and draw (the core's caps, docs/engine.md).  After a call its three tiles join the melds.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Callable, NamedTuple, Sequence

from mjgui import core
from mjgui.hand import Hand, Meld, MeldKind
from mjgui.tiles import KIND_NAMES, N_KINDS, Tile
from mjgui.words import shanten_word

LANGS = ("en", "ja")


class TileCount(NamedTuple):
    """A tile kind with its remaining (unseen) copies."""
    kind: int
    remaining: int

    @property
    def name(self) -> str:
        return KIND_NAMES[self.kind]


def _tile_counts(kinds: Sequence[int], remaining: Sequence[int]) -> tuple[TileCount, ...]:
    return tuple(TileCount(t, remaining[t]) for t in kinds)


def _total(tiles: Sequence[TileCount]) -> int:
    return sum(t.remaining for t in tiles)


@dataclass(eq=False)
class CallOption:
    """A pon or chi that lowers the shanten of the hand it is made on (treat as
    read-only; not frozen because frozen dataclasses are slow to build and the
    analysis builds dozens per hand)."""
    call: str                    # "pon" or "chi"
    tile: int                    # the called kind
    uses: tuple[int, int]        # the two concealed kinds it takes
    shanten: int                 # after the call and the best legal discard
    remaining: int               # copies of the called kind still unseen
    _after: bytes = field(repr=False, compare=False, default=b"")   # concealed counts after the call
    _hand: Hand | None = field(repr=False, compare=False, default=None)
    _rules: Any = field(repr=False, compare=False, default="tenhou")   # mjgui.scoring.Rules or a preset name

    @property
    def name(self) -> str:
        return KIND_NAMES[self.tile]

    @property
    def meld(self) -> Meld:
        return _call_meld(self.call, self.tile, self.uses)

    @cached_property
    def yaku(self):
        """mjgui.yaku.YakuStatus of the hand after this call (computed on first use:
        a table shows a handful of rows at a time, the CLI asks for all)."""
        if self._hand is None:
            return None
        from mjgui.yaku import yaku_status
        hand = self._hand
        return yaku_status(self._after, hand.melds + (self.meld,), hand.round_wind, hand.seat_wind, self._rules)

    @property
    def banned(self) -> tuple[int, ...]:
        """Kinds kuikae forbids discarding right after this call."""
        return kuikae_banned(self.call, self.tile, self.uses)

    @cached_property
    def tenpai_value(self):
        """For a call that reaches tenpai: the best ron (mjgui.scoring.Score) over its
        legal discards and waits, None when no wait has a yaku; None below tenpai."""
        if self._hand is None or self.shanten != 0:
            return None
        from mjgui.scoring import best_ron_after_call
        return best_ron_after_call(self._hand, self._after, self.meld, self.banned, self._rules)

    def hand_after(self) -> Hand:
        """The hand right after this call (before its discard)."""
        assert self._hand is not None
        return hand_after_call(self._hand, self.meld)

    @cached_property
    def best_discards(self) -> tuple[int, ...]:
        """The kinds to discard right after this call: among the discards kuikae allows,
        those that keep a reachable yaku (`mjgui.yaku`) first, then the analysis's own
        ranking (lowest shanten, most ukeire, widest second step); every tie."""
        if self._hand is None:
            return ()
        from mjgui.yaku import yaku_status
        after = analyze(self.hand_after(), calls=False, rules=self._rules)
        melds = after.hand.melds
        keys = []
        for row in after.rows:
            if row.tile is None or row.tile.kind in self.banned:
                continue
            counts = bytearray(self._after)
            counts[row.tile.kind] -= 1
            status = yaku_status(bytes(counts), melds, after.hand.round_wind, after.hand.seat_wind, self._rules)
            keys.append(((row.shanten, not status.keeps_yaku, after.rank(row)), row.tile.kind))
        if not keys:
            return ()
        top = min(k for k, _ in keys)
        return tuple(sorted(kind for k, kind in keys if k == top))

    def describe_yaku(self, lang: str = "en") -> str:
        """'yaku: Tanyao (ron 1,000)' / 'no yaku: no wait wins after this call' at
        tenpai (from the scorer); the reachable yaku further away."""
        if self._hand is not None and self.shanten == 0:
            value = self.tenpai_value
            if value is None:
                return ("役なし: この鳴きの後はどの待ちでも和了れません" if lang == "ja"
                        else "no yaku: no wait wins after this call")
            from mjgui.scoring import yaku_name
            names = ", ".join(yaku_name(y.id, lang) for y in value.yaku if not y.is_dora)
            return (f"役: {names}（{value.points(lang)}）" if lang == "ja"
                    else f"yaku: {names} ({value.points(lang)})")
        return self.yaku.describe(lang) if self.yaku is not None else ""

    @cached_property
    def yakuless(self) -> bool:
        """True when the call leaves no yaku: at tenpai, no wait of any legal discard
        wins (the scorer says); further away, the fastest completion has no yaku
        (computed on first use, once)."""
        if self._hand is None:
            return False
        if self.shanten == 0:
            return self.tenpai_value is None
        if "yaku" in self.__dict__:               # the whole status is known already
            return not self.yaku.keeps_yaku
        from mjgui.yaku import keeps_yaku
        hand = self._hand
        return not keeps_yaku(self._after, hand.melds + (self.meld,), hand.round_wind, hand.seat_wind,
                              self._rules)


class WaitValueRange(NamedTuple):
    """Ron value of a tenpai row's waits: lowest and highest points, whether they
    need riichi (no wait has a yaku by dama), and whether some wait has no yaku."""
    low: int
    high: int
    needs_riichi: bool
    some_yakuless: bool

    @property
    def yakuless(self) -> bool:
        return self.high == 0

    def text(self, lang: str = "en") -> str:
        if self.yakuless:
            return "no yaku" if lang == "en" else "役なし"
        span = f"{self.low:,}" if self.low == self.high else f"{self.low:,}–{self.high:,}"
        return (("riichi " if lang == "en" else "立直 ") + span) if self.needs_riichi else span


@dataclass(frozen=True)
class Row:
    """The figures of one discard (or, for a 3k+1 hand, of the hand as it stands)."""
    tile: Tile | None            # the discard; None for a 3k+1 hand's own row
    shanten: int
    ukeire: tuple[TileCount, ...]
    improvements: tuple[TileCount, ...]
    good_shape: int              # remaining copies of ukeire leading to a 2+ kind wait
    second_step: int | None      # None at tenpai
    calls: tuple[CallOption, ...]

    @cached_property       # read by every column and the verdict
    def ukeire_total(self) -> int:
        return _total(self.ukeire)

    @cached_property
    def improvement_total(self) -> int:
        return _total(self.improvements)

    @cached_property
    def good_shape_rate(self) -> float | None:
        """Share of the ukeire (by copies) after which a 2+ kind wait is possible; 1-shanten only."""
        if self.shanten != 1 or not self.ukeire_total:
            return None
        return self.good_shape / self.ukeire_total

    def _called(self, call: str) -> tuple[TileCount, ...]:
        kinds = sorted({c.tile for c in self.calls if c.call == call})
        return tuple(TileCount(t, next(c.remaining for c in self.calls if c.tile == t)) for t in kinds)

    @property
    def pon(self) -> tuple[TileCount, ...]:
        return self._called("pon")

    @property
    def chi(self) -> tuple[TileCount, ...]:
        return self._called("chi")

    @cached_property
    def call_kinds(self) -> int:
        """Distinct tiles that advance the hand by pon or chi."""
        return len({c.tile for c in self.calls})

    def verdict(self, lang: str = "en", hand_shanten: int | None = None) -> str:
        """One line: "keeps 1-shanten, 16 tiles by draw, +3 kinds by pon/chi"."""
        return _verdict(self, lang, hand_shanten)

    def to_json(self) -> dict:
        def tiles(ts: Sequence[TileCount]) -> list[dict]:
            return [{"tile": t.name, "remaining": t.remaining} for t in ts]
        out: dict[str, Any] = {}
        if self.tile is not None:
            out["discard"] = self.tile.plain_name
        out.update({
            "shanten": self.shanten,
            "ukeire": tiles(self.ukeire),
            "ukeire_total": self.ukeire_total,
            "pon": tiles(self.pon),
            "chi": tiles(self.chi),
            "calls": [{"call": c.call, "tile": c.name, "uses": [KIND_NAMES[u] for u in c.uses],
                       "shanten": c.shanten, "remaining": c.remaining,
                       "yakuless": c.yakuless,
                       "yaku": c.describe_yaku("en") or None}
                      for c in self.calls],
            "improvements": tiles(self.improvements),
            "improvement_total": self.improvement_total,
            "good_shape_rate": self.good_shape_rate,
            "second_step": self.second_step,
        })
        return out


# ---- ranking (swappable: drills and a future EV evaluator pass their own) ----

Rank = Callable[[Row], Any]


def by_ukeire(row: Row) -> tuple:
    """Lowest shanten, then most ukeire."""
    return (row.shanten, -row.ukeire_total)


def by_second_step(row: Row) -> tuple:
    """Lowest shanten, then most ukeire, then the larger second step."""
    return (row.shanten, -row.ukeire_total, -(row.second_step or 0))


DEFAULT_RANK: Rank = by_second_step


# ---- the analysis ---------------------------------------------------------------

@dataclass(frozen=True)
class Analysis:
    hand: Hand
    shanten: int                       # of the hand as given
    regular: int
    chiitoi: int | None                # None when the form cannot apply
    kokushi: int | None
    rows: tuple[Row, ...]              # 3k+2: one per distinct discard, best first
    current: Row | None                # 3k+1: the hand as it stands
    rank: Rank = field(default=DEFAULT_RANK, repr=False, compare=False)
    rules: Any = field(default="tenhou", repr=False, compare=False)   # scoring rules of every value

    @cached_property
    def waits(self):
        """Wait details (mjgui.waits.WaitReport) of a tenpai 3k+1 hand, else None."""
        if self.current is None or self.shanten != 0:
            return None
        from mjgui.waits import wait_details
        return wait_details(self.hand)

    @cached_property
    def _wait_reports(self) -> dict:
        return {}

    def hand_after(self, row: Row) -> Hand:
        """The hand a row describes: the hand itself (3k+1), else after the row's discard."""
        return self.hand if row.tile is None else self.hand.discard(row.tile)

    def wait_report(self, row: Row):
        """Wait details (mjgui.waits.WaitReport) of a tenpai row's hand, else None.
        Worked out on first use, then kept (the analysis worker asks for every tenpai
        row, so the window's selection only reads them)."""
        if row.shanten != 0:
            return None
        if row.tile is None:
            return self.waits
        if row.tile not in self._wait_reports:
            from mjgui.waits import wait_details
            self._wait_reports[row.tile] = wait_details(self.hand_after(row))
        return self._wait_reports[row.tile]

    @cached_property
    def _values(self) -> dict[tuple, WaitValueRange | None]:
        return {}

    def value(self, row: Row, rules: Any = None) -> WaitValueRange | None:
        """What the waits of a tenpai row are worth by ron (None below tenpai):
        dama when some wait has a yaku, else with riichi for a closed hand, else
        marked yakuless; under `rules` (default: the analysis's).  Scored on first use,
        then kept."""
        if row.shanten != 0:
            return None
        rules = self.rules if rules is None else rules
        key = (-1 if row.tile is None else row.tile.kind, rules)
        if key not in self._values:
            values = self.wait_values(row, rules)
            dama = [v.ron.total for v in values if v.ron is not None and v.ron.wins]
            riichi = [v.riichi_ron.total for v in values if v.riichi_ron is not None and v.riichi_ron.wins]
            if dama:
                self._values[key] = WaitValueRange(min(dama), max(dama), False, len(dama) < len(values))
            elif riichi:
                self._values[key] = WaitValueRange(min(riichi), max(riichi), True, False)
            else:
                self._values[key] = WaitValueRange(0, 0, False, True)
        return self._values[key]

    @cached_property
    def _wait_values(self) -> dict[tuple, list]:
        return {}

    def wait_values(self, row: Row, rules: Any = None) -> list | None:
        """What each wait of a tenpai row is worth (mjgui.scoring.WaitValue per wait, in
        the row's ukeire order; None below tenpai) under `rules` (default: the analysis's).
        Scored on first use, then kept: the analysis worker asks for the tenpai rows, so the
        wait inspector only reads them."""
        if row.shanten != 0:
            return None
        rules = self.rules if rules is None else rules
        key = (-1 if row.tile is None else row.tile.kind, rules)
        if key not in self._wait_values:
            from mjgui.scoring import wait_values
            self._wait_values[key] = wait_values(self.hand_after(row), [t.kind for t in row.ukeire], rules)
        return self._wait_values[key]

    def complete_value(self):
        """(ron, tsumo) mjgui.scoring.Score of a complete hand under the analysis's rules."""
        from mjgui.scoring import complete_hand_value
        return complete_hand_value(self.hand, self.rules)

    def best(self) -> tuple[Row, ...]:
        """Every row tied with the first under the ranking."""
        if not self.rows:
            return ()
        top = self.rank(self.rows[0])
        return tuple(r for r in self.rows if self.rank(r) == top)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"hand": str(self.hand), "shanten": self.shanten,
                               "regular": self.regular, "chiitoi": self.chiitoi,
                               "kokushi": self.kokushi}
        if self.current is None:
            out["discards"] = [r.to_json() for r in self.rows]
        else:
            out.update(self.current.to_json())
            waits = self.waits
            out["waits"] = [] if waits is None else [
                {"tile": w.name, "remaining": w.remaining, "shapes": list(w.shapes)} for w in waits.waits]
        return out


def _forms(hand: Hand) -> int:
    return core.ALL_FORMS if hand.is_closed else core.REGULAR


def meld_caps(melds: Sequence[Meld]) -> bytes | None:
    """The core's caps for these melds (4 minus the copies of each kind in them, red
    fives counted as fives), or None without melds."""
    if not melds:
        return None
    return core.meld_caps(t.kind for m in melds for t in m.tiles)


def kuikae_banned(call: str, tile: int, uses: tuple[int, int]) -> tuple[int, ...]:
    """Kinds kuikae (喰い替え) forbids discarding right after calling `tile` with the
    concealed `uses`: the called kind, and after a chi with it at one end, the kind that
    extends the run at the other end."""
    if call == "pon":
        return (tile,)
    low = min(tile, *uses)
    if tile == low and low % 9 + 3 <= 8:
        return (tile, low + 3)
    if tile == low + 2 and low % 9 >= 1:
        return (tile, low - 1)
    return (tile,)


@lru_cache(maxsize=512)
def _call_meld(call: str, tile: int, uses: tuple[int, int]) -> Meld:
    """The meld a call makes (shared: the same call recurs on many rows and hands)."""
    tiles = (Tile(tile), Tile(uses[0]), Tile(uses[1]))
    return Meld(MeldKind.PON if call == "pon" else MeldKind.CHI, tiles, Tile(tile), "L")


def hand_after_call(hand: Hand, meld: Meld) -> Hand:
    """`hand` after calling `meld` on another player's discard, before the discard that
    follows: the meld's own tiles (all but the called one) leave the concealed part -- the
    copy the meld names when the hand holds it, else a plain copy before a red five -- and
    the meld, holding the copies taken (a red five used stays red), joins the melds."""
    concealed = list(hand.concealed)
    uses = list(meld.tiles)
    uses.remove(meld.called)
    taken = []
    for used in uses:
        held = [t for t in concealed if t.kind == used.kind]
        if not held:
            raise ValueError(f"the hand holds no {KIND_NAMES[used.kind]} for this call")
        taken.append(used if used in held else min(held, key=lambda t: t.red))
        concealed.remove(taken[-1])
    meld = replace(meld, tiles=(meld.called, *taken))
    return replace(hand, concealed=tuple(concealed), melds=hand.melds + (meld,))


def _call_options(counts: bytes, hand: Hand, before: int, remaining: Sequence[int],
                  caps: bytes | None = None, rules: Any = "tenhou") -> tuple[CallOption, ...]:
    """Advancing pon/chi on the 3k+1 concealed `counts` (shanten `before`)."""
    if sum(counts) < 4:
        return ()
    _, pon, chi = core.call_arrays(counts, caps)
    options = []
    for t in range(N_KINDS):
        if not remaining[t]:            # every copy is seen: nobody can discard one to call
            continue
        if pon[t] < before:
            options.append(_option("pon", t, (t, t), pon[t], counts, hand, remaining, rules))
        if t < 27:
            for j in range(3):
                after = chi[3 * t + j]
                if after < before:
                    low = t - j
                    uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
                    options.append(_option("chi", t, uses, after, counts, hand, remaining, rules))  # type: ignore[arg-type]
    return tuple(options)


def _option(call: str, t: int, uses: tuple[int, int], after: int, counts: bytes,
            hand: Hand, remaining: Sequence[int], rules: Any = "tenhou") -> CallOption:
    concealed = bytearray(counts)
    for u in uses:
        concealed[u] -= 1
    return CallOption(call, t, uses, after, remaining[t], bytes(concealed), hand, rules)


def _discard_tile(hand: Hand, kind: int) -> Tile:
    """The copy a player discards: a plain one before a red five."""
    held = [t for t in hand.concealed if t.kind == kind]
    return min(held, key=lambda t: t.red)


def analyze(hand: Hand | str, rank: Rank = DEFAULT_RANK, what: int = core.WITH_ALL,
            calls: bool = True, rules: Any = "tenhou") -> Analysis:
    """Analyse a 13- or 14-tile hand (melds counting three each); `rules` (a
    mjgui.scoring.Rules or preset name) value its waits, calls and complete hand."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    hand.check_size()
    counts = hand.counts
    remaining = hand.remaining()
    forms = _forms(hand)
    closed = hand.is_closed
    n = len(hand.concealed)
    caps = meld_caps(hand.melds)
    regular = core.shanten_capped(counts, caps, core.REGULAR) if caps else core.shanten(counts, core.REGULAR)
    chiitoi = core.shanten(counts, core.CHIITOI) if closed and n >= 13 else None
    kokushi = core.shanten(counts, core.KOKUSHI) if closed and n >= 13 else None
    shanten = min(v for v in (regular, chiitoi, kokushi) if v is not None)

    if n % 3 == 1:
        fig = core.analyze_hand(counts, remaining, forms, what, caps)
        row = _row(None, fig, remaining,
                   _call_options(counts, hand, fig.shanten, remaining, caps, rules) if calls else ())
        return Analysis(hand, shanten, regular, chiitoi, kokushi, (), row, rank, rules)

    _, figures = core.analyze_discards(counts, remaining, forms, what, caps)
    rows = []
    g = bytearray(counts)
    for fig in figures:
        g[fig.kind] -= 1
        options = _call_options(bytes(g), hand, fig.shanten, remaining, caps, rules) if calls else ()
        g[fig.kind] += 1
        rows.append(_row(_discard_tile(hand, fig.kind), fig, remaining, options))
    rows.sort(key=lambda r: (rank(r), r.tile.kind))  # type: ignore[union-attr]
    return Analysis(hand, shanten, regular, chiitoi, kokushi, tuple(rows), None, rank, rules)


def _row(tile: Tile | None, fig: core.DiscardFigures, remaining: Sequence[int],
         options: tuple[CallOption, ...]) -> Row:
    return Row(tile, fig.shanten, _tile_counts(fig.ukeire, remaining),
               _tile_counts(fig.improvements, remaining), fig.good_shape,
               None if fig.shanten <= 0 else fig.second_step, options)


# ---- verdicts ---------------------------------------------------------------------

def _verdict(row: Row, lang: str, hand_shanten: int | None) -> str:
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    ja = lang == "ja"
    s = row.shanten
    state = shanten_word(s, lang)
    if hand_shanten is None or s <= max(hand_shanten, 0):
        head = (f"{state}維持" if s > 0 else state) if ja else (f"keeps {state}" if s > 0 else state)
    else:
        head = f"{state}に後退" if ja else f"back to {state}"
    kinds = len(row.ukeire)
    if s == 0:
        draw = f"待ち{kinds}種{row.ukeire_total}枚" if ja else \
            f"waits on {row.ukeire_total} tiles ({kinds} kind{'s' * (kinds != 1)})"
    else:
        draw = f"受け入れ{kinds}種{row.ukeire_total}枚" if ja else \
            f"{row.ukeire_total} tiles by draw ({kinds} kind{'s' * (kinds != 1)})"
    parts = [head, draw]
    if row.calls:
        k = row.call_kinds
        parts.append(f"鳴き+{k}種" if ja else f"+{k} kind{'s' * (k != 1)} by pon/chi")
        if all(c.yakuless for c in row.calls):
            parts.append("鳴くと役なし" if ja else "calling leaves no yaku")
    return "、".join(parts) if ja else ", ".join(parts)
