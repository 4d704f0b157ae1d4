"""Scoring (点数計算): the yaku, han, fu and points of a complete hand.

The C core does the work (every reading of the hand is scored and the best
kept); this module holds what players read — the names of the yaku in English
and 日本語 — and the rules, as presets plus switches:

- **tenhou** (the default): open tanyao, three red fives, no double yakuman,
  no kiriage mangan, kazoe yakuman at 13 han, a double-wind pair is 4 fu.
- **majsoul** (Mahjong Soul's ranked rules): as tenhou, but the 13-sided
  kokushi, suuankou tanki, the nine-sided chuuren and daisuushii are double
  yakuman.

    >>> s = score("234m567p345s99s678s win:8s tsumo riichi")
    >>> s.summary(), [y.name for y in s.yaku]
    ('3 han 20 fu, tsumo 1,300 all', ['Riichi', 'Menzen tsumo', 'Pinfu'])
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable, NamedTuple

from mjgui import core
from mjgui.core import ffi, lib      # the C structs and constants, through the one boundary module
from mjgui.core import HandError
from mjgui.hand import Hand, Meld, MeldKind, Win
from mjgui.tiles import KIND_NAMES, Tile

if TYPE_CHECKING:
    import numpy as np            # score_batch's arrays; not imported with the module

__all__ = ["Rules", "PRESETS", "Score", "YakuHan", "FuPart", "ScoringError", "score", "score_batch",
           "pack", "yaku_name", "LIMIT_NAMES", "WaitValue", "wait_values", "score_tile", "best_ron_after_call", "rule_flags",
           "complete_hand_value", "points"]


class ScoringError(HandError):
    """A hand that cannot be scored as described, with the reason."""


@dataclass(frozen=True)
class Rules:
    """Rule switches of the scorer; `PRESETS` holds the named sets."""
    open_tanyao: bool = True        # kuitan: tanyao with open melds
    red_fives: bool = True          # red fives (one 5m, 5p, 5s) are dora
    double_yakuman: bool = False    # 13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii
    kiriage: bool = False           # 4 han 30 fu and 3 han 60 fu count as mangan
    kazoe: bool = True              # 13 han or more is a yakuman (else sanbaiman)
    double_wind_4fu: bool = True    # a pair of a wind that is both seat and round wind: 4 fu

    @property
    def flags(self) -> int:
        return ((lib.MJ_RULE_OPEN_TANYAO if self.open_tanyao else 0)
                | (lib.MJ_RULE_RED_FIVES if self.red_fives else 0)
                | (lib.MJ_RULE_DOUBLE_YAKUMAN if self.double_yakuman else 0)
                | (lib.MJ_RULE_KIRIAGE if self.kiriage else 0)
                | (lib.MJ_RULE_KAZOE if self.kazoe else 0)
                | (lib.MJ_RULE_DOUBLE_WIND_4FU if self.double_wind_4fu else 0))


PRESETS: dict[str, Rules] = {
    "tenhou": Rules(),
    "majsoul": Rules(double_yakuman=True),
}


_FLAGS: dict[object, int] = {}      # rules (or preset name) -> the core's flags, computed once


def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) and rules in PRESETS:
        return PRESETS[rules]
    raise ScoringError(f"unknown rules {rules!r:.40}: use {' or '.join(PRESETS)} or a Rules object")


def rule_flags(rules: Rules | str) -> int:
    """The core's MJ_RULE_* bits of a Rules object or preset name (computed once each)."""
    try:
        return _FLAGS[rules]
    except (KeyError, TypeError):
        flags = _rules(rules).flags
        if len(_FLAGS) < 64:
            _FLAGS[rules] = flags
        return flags


# ---- names -------------------------------------------------------------------

_YAKU_NAMES: dict[int, tuple[str, str]] = {
    lib.MJ_Y_RIICHI: ("Riichi", "立直"),
    lib.MJ_Y_DOUBLE_RIICHI: ("Double riichi", "ダブル立直"),
    lib.MJ_Y_IPPATSU: ("Ippatsu", "一発"),
    lib.MJ_Y_TSUMO: ("Menzen tsumo", "門前清自摸和"),
    lib.MJ_Y_PINFU: ("Pinfu", "平和"),
    lib.MJ_Y_IIPEIKOU: ("Iipeikou", "一盃口"),
    lib.MJ_Y_HAITEI: ("Haitei", "海底摸月"),
    lib.MJ_Y_HOUTEI: ("Houtei", "河底撈魚"),
    lib.MJ_Y_RINSHAN: ("Rinshan kaihou", "嶺上開花"),
    lib.MJ_Y_CHANKAN: ("Chankan", "槍槓"),
    lib.MJ_Y_TANYAO: ("Tanyao", "断幺九"),
    lib.MJ_Y_HAKU: ("Yakuhai: white dragon", "役牌 白"),
    lib.MJ_Y_HATSU: ("Yakuhai: green dragon", "役牌 發"),
    lib.MJ_Y_CHUN: ("Yakuhai: red dragon", "役牌 中"),
    lib.MJ_Y_SEAT_WIND: ("Yakuhai: seat wind", "自風牌"),
    lib.MJ_Y_ROUND_WIND: ("Yakuhai: round wind", "場風牌"),
    lib.MJ_Y_CHANTA: ("Chanta", "混全帯幺九"),
    lib.MJ_Y_ITTSU: ("Ittsu", "一気通貫"),
    lib.MJ_Y_SANSHOKU: ("Sanshoku doujun", "三色同順"),
    lib.MJ_Y_SANSHOKU_DOUKOU: ("Sanshoku doukou", "三色同刻"),
    lib.MJ_Y_SANKANTSU: ("Sankantsu", "三槓子"),
    lib.MJ_Y_TOITOI: ("Toitoi", "対々和"),
    lib.MJ_Y_SANANKOU: ("Sanankou", "三暗刻"),
    lib.MJ_Y_SHOUSANGEN: ("Shousangen", "小三元"),
    lib.MJ_Y_HONROUTOU: ("Honroutou", "混老頭"),
    lib.MJ_Y_CHIITOITSU: ("Chiitoitsu", "七対子"),
    lib.MJ_Y_HONITSU: ("Honitsu", "混一色"),
    lib.MJ_Y_JUNCHAN: ("Junchan", "純全帯幺九"),
    lib.MJ_Y_RYANPEIKOU: ("Ryanpeikou", "二盃口"),
    lib.MJ_Y_CHINITSU: ("Chinitsu", "清一色"),
    lib.MJ_Y_KOKUSHI: ("Kokushi musou", "国士無双"),
    lib.MJ_Y_KOKUSHI_13: ("Kokushi musou 13-sided wait", "国士無双十三面待ち"),
    lib.MJ_Y_SUUANKOU: ("Suuankou", "四暗刻"),
    lib.MJ_Y_SUUANKOU_TANKI: ("Suuankou tanki", "四暗刻単騎"),
    lib.MJ_Y_DAISANGEN: ("Daisangen", "大三元"),
    lib.MJ_Y_SHOUSUUSHII: ("Shousuushii", "小四喜"),
    lib.MJ_Y_DAISUUSHII: ("Daisuushii", "大四喜"),
    lib.MJ_Y_TSUUIISOU: ("Tsuuiisou", "字一色"),
    lib.MJ_Y_CHINROUTOU: ("Chinroutou", "清老頭"),
    lib.MJ_Y_RYUUIISOU: ("Ryuuiisou", "緑一色"),
    lib.MJ_Y_CHUUREN: ("Chuuren poutou", "九蓮宝燈"),
    lib.MJ_Y_CHUUREN_9: ("Junsei chuuren poutou", "純正九蓮宝燈"),
    lib.MJ_Y_SUUKANTSU: ("Suukantsu", "四槓子"),
    lib.MJ_Y_TENHOU: ("Tenhou", "天和"),
    lib.MJ_Y_CHIIHOU: ("Chiihou", "地和"),
    lib.MJ_Y_DORA: ("Dora", "ドラ"),
    lib.MJ_Y_URA: ("Ura dora", "裏ドラ"),
    lib.MJ_Y_RED: ("Red fives", "赤ドラ"),
}
assert len(_YAKU_NAMES) == lib.MJ_Y_COUNT, "every yaku of the core needs a name"

LIMIT_NAMES: dict[int, tuple[str, str]] = {
    lib.MJ_LIMIT_NONE: ("", ""),
    lib.MJ_LIMIT_MANGAN: ("mangan", "満貫"),
    lib.MJ_LIMIT_HANEMAN: ("haneman", "跳満"),
    lib.MJ_LIMIT_BAIMAN: ("baiman", "倍満"),
    lib.MJ_LIMIT_SANBAIMAN: ("sanbaiman", "三倍満"),
    lib.MJ_LIMIT_KAZOE: ("kazoe yakuman", "数え役満"),
    lib.MJ_LIMIT_YAKUMAN: ("yakuman", "役満"),
}

_FU_NAMES: dict[int, tuple[str, str]] = {
    lib.MJ_FU_BASE: ("base", "副底"),
    lib.MJ_FU_CLOSED_RON: ("closed ron", "門前加符"),
    lib.MJ_FU_TSUMO: ("tsumo", "ツモ"),
    lib.MJ_FU_OPEN_TRIPLET: ("open triplet", "明刻"),
    lib.MJ_FU_CLOSED_TRIPLET: ("closed triplet", "暗刻"),
    lib.MJ_FU_OPEN_KAN: ("open kan", "明槓"),
    lib.MJ_FU_CLOSED_KAN: ("closed kan", "暗槓"),
    lib.MJ_FU_VALUE_PAIR: ("value pair", "役牌の雀頭"),
    lib.MJ_FU_WAIT: ("wait", "待ち"),
    lib.MJ_FU_OPEN_PINFU: ("open hand minimum 30", "喰い平和形"),
    lib.MJ_FU_CHIITOI: ("seven pairs", "七対子"),
}
_TILE_FU = {lib.MJ_FU_OPEN_TRIPLET, lib.MJ_FU_CLOSED_TRIPLET, lib.MJ_FU_OPEN_KAN,
            lib.MJ_FU_CLOSED_KAN, lib.MJ_FU_VALUE_PAIR, lib.MJ_FU_WAIT}

WAITS = {lib.MJ_WAIT_RYANMEN: "ryanmen", lib.MJ_WAIT_KANCHAN: "kanchan", lib.MJ_WAIT_PENCHAN: "penchan",
         lib.MJ_WAIT_SHANPON: "shanpon", lib.MJ_WAIT_TANKI: "tanki", lib.MJ_WAIT_THIRTEEN: "kokushi"}

_PROBLEMS: dict[int, str] = {
    lib.MJ_PROBLEM_NOT_COMPLETE: "the tiles are not a complete hand (four melds and a pair, seven pairs "
                                 "or thirteen orphans)",
    lib.MJ_PROBLEM_WIN_TILE: "the winning tile is not one of the concealed tiles",
    lib.MJ_PROBLEM_RED: "a red five is held, but the hand has no five of that suit",
    lib.MJ_PROBLEM_TWO_RIICHI: "riichi and double-riichi: give one of them",
    lib.MJ_PROBLEM_RIICHI_OPEN: "riichi needs a closed hand (closed kans only)",
    lib.MJ_PROBLEM_IPPATSU: "ippatsu needs riichi or double-riichi",
    lib.MJ_PROBLEM_HAITEI: "haitei is a tsumo on the last tile: not with ron",
    lib.MJ_PROBLEM_HOUTEI: "houtei is a ron on the last discard: not with tsumo",
    lib.MJ_PROBLEM_RINSHAN: "rinshan is a tsumo on a kan's replacement tile: it needs tsumo and a kan, "
                            "and rules out haitei and ippatsu",
    lib.MJ_PROBLEM_CHANKAN: "chankan is a ron on a tile added to a pon: not with tsumo or houtei",
    lib.MJ_PROBLEM_CHANKAN_TILE: "chankan robs the fourth copy of the winning tile: the hand cannot hold "
                                 "another copy of it",
    lib.MJ_PROBLEM_TENHOU: "tenhou is the dealer's (chiihou a non-dealer's) tsumo on the first draw, "
                           "with no call and no other situation",
}


def yaku_name(yaku_id: int, lang: str = "en") -> str:
    """The name players use for a yaku id (`YakuHan.id`), in English or Japanese."""
    if lang not in ("en", "ja"):
        raise ValueError(f"language must be 'en' or 'ja', not {lang!r}")
    return _YAKU_NAMES[yaku_id][lang == "ja"]


class YakuHan(NamedTuple):
    """One line of the yaku list: its id and han (13 per yakuman multiple)."""
    id: int
    han: int

    @property
    def name(self) -> str:
        return yaku_name(self.id)

    @property
    def is_yakuman(self) -> bool:
        return lib.MJ_Y_FIRST_YAKUMAN <= self.id < lib.MJ_Y_DORA

    @property
    def is_dora(self) -> bool:
        return self.id >= lib.MJ_Y_DORA

    def label(self, lang: str = "en") -> str:
        if self.is_yakuman:
            times = self.han // 13
            return yaku_name(self.id, lang) + (f" ×{times}" if times > 1 else "")
        return f"{yaku_name(self.id, lang)} {self.han}" + (" han" if lang == "en" else "翻")


class FuPart(NamedTuple):
    """One item of the fu count: what, the tile concerned (or None), the fu."""
    what: int
    tile: int | None
    fu: int

    def label(self, lang: str = "en") -> str:
        name = _FU_NAMES[self.what][lang == "ja"]
        tile = f" {KIND_NAMES[self.tile]}" if self.tile is not None else ""
        return f"{name}{tile} {self.fu}"


def _comma(points: int) -> str:
    return f"{points:,}"


class Score:
    """The value of a won hand under some rules (read-only).  Built straight from
    the core's answer; the lists are decoded on first use."""
    __slots__ = ("_v", "tsumo", "dealer", "_yaku", "_fu_parts")

    def __init__(self, values: tuple, tsumo: bool, dealer: bool) -> None:
        self._v = values                  # the SCORE_STRUCT fields, in SCORE_FIELD_NAMES order
        self.tsumo = tsumo
        self.dealer = dealer
        self._yaku: tuple[YakuHan, ...] | None = None
        self._fu_parts: tuple[FuPart, ...] | None = None

    han = property(lambda self: self._v[0], doc="han with dora; 0 when the hand has no yaku")
    fu = property(lambda self: self._v[1], doc="rounded up to 10 (seven pairs 25)")
    yakuman = property(lambda self: self._v[2], doc="yakuman multiples; a kazoe yakuman is han >= 13 with 0 here")
    limit = property(lambda self: LIMIT_NAMES[self._v[3]][0], doc='"", "mangan", ..., "kazoe yakuman", "yakuman"')
    wait = property(lambda self: WAITS[self._v[4]], doc="the wait of the reading scored")
    base = property(lambda self: self._v[5], doc="base points")
    total = property(lambda self: self._v[6], doc="what the payers pay together, before honba and sticks")
    received = property(lambda self: self._v[7], doc="total + honba + riichi sticks")

    @property
    def yaku(self) -> tuple[YakuHan, ...]:
        """The yaku with their han (13 per yakuman); dora, ura dora and red fives last."""
        if self._yaku is None:
            v = self._v
            ids, hans = v[_YAKU_AT], v[_YAKU_AT + 1]
            self._yaku = tuple(YakuHan(ids[i], 13 * hans[i] if _FIRST_YAKUMAN <= ids[i] < _DORA else hans[i])
                               for i in range(v[_YAKU_AT - 1]))
        return self._yaku

    @property
    def fu_parts(self) -> tuple[FuPart, ...]:
        """The fu, item by item, before rounding."""
        if self._fu_parts is None:
            v = self._v
            what, tile, fu = v[_FU_AT], v[_FU_AT + 1], v[_FU_AT + 2]
            self._fu_parts = tuple(FuPart(what[i], tile[i] if what[i] in _TILE_FU else None, fu[i])
                                   for i in range(v[_FU_AT - 1]))
        return self._fu_parts

    @property
    def payments(self) -> dict[str, int]:
        """ron: {"ron"}; tsumo: {"dealer", "non_dealer"} (each non-dealer), or {"non_dealer"} for a dealer."""
        v = self._v
        if not self.tsumo:
            return {"ron": v[8]}
        if self.dealer:
            return {"non_dealer": v[10]}
        return {"dealer": v[9], "non_dealer": v[10]}

    def __repr__(self) -> str:
        return f"Score({self.summary()!r})"

    @property
    def wins(self) -> bool:
        return self.han > 0

    @property
    def limit_code(self) -> int:
        """The limit as the core's MJ_LIMIT_* number (a key of LIMIT_NAMES)."""
        return self._v[3]

    def reason(self, lang: str = "en") -> str:
        """Why a complete hand cannot win (empty when it can)."""
        if self.wins:
            return ""
        return ("no yaku: dora alone cannot win (an open hand needs yakuhai, tanyao, toitoi, ...)"
                if lang == "en" else "役なし: ドラだけでは和了れません")

    def points(self, lang: str = "en") -> str:
        """The payment as players say it: "ron 5,200", "tsumo 1,300-2,600", "tsumo 2,600 all"."""
        p = self.payments
        if not self.tsumo:
            return ("ron " if lang == "en" else "ロン ") + _comma(p.get("ron", 0))
        if self.dealer:
            return ("tsumo " if lang == "en" else "ツモ ") + _comma(p.get("non_dealer", 0)) + (
                " all" if lang == "en" else "オール")
        return ("tsumo " if lang == "en" else "ツモ ") + f"{_comma(p['non_dealer'])}-{_comma(p['dealer'])}"

    def summary(self, lang: str = "en") -> str:
        """"3 han 40 fu, ron 5,200" (limits and yakuman named)."""
        if not self.wins:
            return self.reason(lang)
        ja = lang == "ja"
        limit = LIMIT_NAMES[self.limit_code][ja]
        if self.yakuman:
            head = ("" if self.yakuman == 1 else f"{self.yakuman}× ") + limit
        else:
            head = f"{self.han}翻{self.fu}符" if ja else f"{self.han} han {self.fu} fu"
            if limit:
                head += f" {limit}"
        return f"{head}, {self.points(lang)}"

    def fu_text(self, lang: str = "en") -> str:
        """The fu count: "base 20 + closed ron 10 + wait 3m 2 = 32 -> 40" (a yakuman counts none)."""
        if not self.fu_parts:
            return "役満は符を数えない" if lang == "ja" else "not counted (a yakuman)"
        raw = sum(p.fu for p in self.fu_parts)
        text = " + ".join(p.label(lang) for p in self.fu_parts)
        return f"{text} = {raw}" + (f" → {self.fu}" if raw != self.fu else "")

    def to_json(self) -> dict:
        return {"han": self.han, "fu": self.fu, "yakuman": self.yakuman,
                "yaku": [{"name": y.name, "han": y.han} for y in self.yaku],
                "limit": self.limit or None, "total": self.total, "payments": dict(self.payments),
                "received": self.received, "wait": self.wait,
                "fu_parts": [{"what": _FU_NAMES[p.what][0], "tile": None if p.tile is None else KIND_NAMES[p.tile],
                              "fu": p.fu} for p in self.fu_parts]}


# ---- hand -> the core's struct -------------------------------------------------

_MELD_TYPES = {MeldKind.CHI: lib.MJ_MELD_CHI, MeldKind.PON: lib.MJ_MELD_PON, MeldKind.KAN: lib.MJ_MELD_KAN,
               MeldKind.ANKAN: lib.MJ_MELD_ANKAN, MeldKind.KAKAN: lib.MJ_MELD_KAKAN}
_FLAG_BITS = {"tsumo": lib.MJ_WIN_TSUMO, "riichi": lib.MJ_WIN_RIICHI,
              "double-riichi": lib.MJ_WIN_DOUBLE_RIICHI, "ippatsu": lib.MJ_WIN_IPPATSU,
              "haitei": lib.MJ_WIN_HAITEI, "houtei": lib.MJ_WIN_HOUTEI, "rinshan": lib.MJ_WIN_RINSHAN,
              "chankan": lib.MJ_WIN_CHANKAN, "tenhou": lib.MJ_WIN_TENHOU, "chiihou": lib.MJ_WIN_CHIIHOU}


_CONTEXT = "_scoring_context"     # where a Hand keeps its packed context once computed
_RED_BIT = {4: 1, 13: 2, 22: 4}
_kind_of = attrgetter("kind")
_is_red = attrgetter("red")
_FLAG_SETS: dict[frozenset, int] = {}   # Win.flags (a frozenset) -> MJ_WIN_* bits


def _flag_bits(flags: frozenset) -> int:
    bits = _FLAG_SETS.get(flags)
    if bits is None:
        bits = 0
        for f in flags:
            bits |= _FLAG_BITS[f]
        if len(_FLAG_SETS) < 1024:
            _FLAG_SETS[flags] = bits
    return bits


def _red_bits(tiles) -> int:
    red = 0
    if any(map(_is_red, tiles)):          # most hands hold no red five: one pass in C
        for t in tiles:
            if t.red:
                red |= _RED_BIT[t.kind]
    return red


def _context(hand: Hand) -> tuple:
    """What a hand tells the scorer besides its concealed counts, win tile and flags:
    melds, winds, indicators, red fives, counters.  Hands are immutable, so it is
    computed once per Hand object and kept on it."""
    cached = hand.__dict__.get(_CONTEXT)
    if cached is not None:
        return cached
    win = hand.win
    dora, ura = hand.dora_indicators, win.ura_indicators
    if len(dora) > 5 or len(ura) > 5:
        raise ScoringError("at most 5 dora indicators and 5 ura indicators (one plus one per kan)")
    melds = hand.melds
    red = _red_bits(hand.concealed)
    for m in melds:
        red |= _red_bits(m.tiles)
    context = (len(melds), bytes([_MELD_TYPES[m.kind] for m in melds]), bytes([m.base_kind for m in melds]),
               hand.round_wind, hand.seat_wind, len(dora), len(ura), bytes(map(_kind_of, dora)),
               bytes(map(_kind_of, ura)), red, _flag_bits(win.flags), win.honba, win.sticks,
               None if win.tile is None else win.tile.kind)
    object.__setattr__(hand, _CONTEXT, context)      # a cache, not a field: equality ignores it
    return context


def _fields(hand: Hand, win_tile: int | None = None, flags: Iterable[str] | None = None,
            counts: bytes | None = None) -> tuple:
    """The WIN_STRUCT fields of a hand (a win tile, flags or concealed counts given
    here replace the hand's)."""
    (n_melds, meld_types, meld_tiles, round_wind, seat_wind, n_dora, n_ura, dora, ura, red, bits,
     honba, sticks, hand_win) = _context(hand)
    if win_tile is None:
        if hand_win is None:
            raise ScoringError("name the winning tile, e.g. win:3z (one of the concealed tiles)")
        win_tile = hand_win
    if flags is not None:
        if type(flags) is frozenset:
            bits = _flag_bits(flags)
        else:
            bits = 0
            for f in flags:
                bits |= _FLAG_BITS[f]
    return (hand.counts if counts is None else counts, n_melds, meld_types, meld_tiles, win_tile,
            round_wind, seat_wind, n_dora, n_ura, dora, ura, red, bits, honba, sticks)


def pack(hand: Hand, win_tile: int | None = None, flags: Iterable[str] | None = None) -> bytes:
    """A hand packed for the core (what `score_packed` and batches take)."""
    return core.WIN_STRUCT.pack(*_fields(hand, win_tile, flags))


def _problem(result: int, problem: int, n_tiles: int) -> ScoringError:
    if problem in _PROBLEMS:
        return ScoringError(_PROBLEMS[problem])
    if result == lib.MJ_ERR_SIZE:
        return ScoringError(f"a complete hand holds 14 tiles (3 per meld, kans included), got {n_tiles}")
    if result == lib.MJ_ERR_COUNT:
        return ScoringError("more than four copies of a tile between the concealed tiles and the melds")
    return ScoringError(f"the scorer rejected the hand (code {result})")


_pack = core.WIN_STRUCT.pack
_score_packed = core.score_packed
_NAMES = core.SCORE_FIELD_NAMES
assert _NAMES[:11] == ("han", "fu", "yakuman", "limit", "wait", "base", "total", "received", "pay_ron",
                       "pay_dealer", "pay_other"), "Score reads these fields by position"
_YAKU_AT = _NAMES.index("yaku")
_FU_AT = _NAMES.index("fu_what")
_FIRST_YAKUMAN = lib.MJ_Y_FIRST_YAKUMAN
_DORA = lib.MJ_Y_DORA


#: the C entry reading a Hand's fields straight into the core's struct (csrc/py/hand_read.c):
#: None for whatever it does not take, which the Python packing below then explains
_score_hand = core._builtin(4)
core._builtin(5)(Hand, Meld, Tile, Win, tuple(sorted(_MELD_TYPES, key=_MELD_TYPES.__getitem__)), dict(_FLAG_BITS))
assert [_MELD_TYPES[k] for k in sorted(_MELD_TYPES, key=_MELD_TYPES.__getitem__)] == list(range(5))


def score(hand: Hand | str, rules: Rules | str = "tenhou") -> Score:
    """Score a complete hand with its win situation (see `Hand`'s text form).

    A complete hand without a yaku scores han 0 and total 0 (`Score.reason` says
    why); anything else impossible raises ScoringError naming the problem."""
    if hand.__class__ is str or isinstance(hand, str):     # the first test is the quick one
        hand = Hand.parse(hand)
    try:
        flags = _FLAGS[rules]
    except (KeyError, TypeError):
        flags = rule_flags(rules)
    answer = _score_hand(hand, flags)
    if answer is None:                       # not a plain Hand, or one the reader refuses
        result, values = _score_packed(_pack(*_fields(hand)), flags)
        tsumo, dealer = hand.win.tsumo, hand.seat_wind == 0
    else:
        result, values, tsumo, dealer = answer
    if result < 0:
        raise _problem(result, values[-1], hand.size)
    return Score(values, tsumo, dealer)


def _completed(hand: Hand, win_tile: int) -> Hand | None:
    """A tenpai hand with the winning copy added, for scoring (None: that copy would be a
    fifth tile).  What others discarded does not change the value: only the hand and the
    indicators count."""
    try:
        return replace(hand, concealed=hand.concealed + (Tile(win_tile),), visible=(), discards=(),
                       win=replace(hand.win, tile=None, flags=frozenset()))
    except ValueError:
        return None


def _score_completed(done: Hand, win_tile: int, tsumo: bool, riichi: int, rules: Rules | str) -> Score | None:
    flags = ["tsumo"] if tsumo else []
    if riichi:
        flags.append("riichi" if riichi == 1 else "double-riichi")
    result, values = core.score_packed(pack(done, win_tile, flags), rule_flags(rules))
    if result < 0:
        if values[-1] == lib.MJ_PROBLEM_NOT_COMPLETE:
            return None
        raise _problem(result, values[-1], done.size)
    return Score(values, tsumo, done.seat_wind == 0)


def score_tile(hand: Hand, win_tile: int, tsumo: bool, riichi: int = 0,
               rules: Rules | str = "tenhou") -> Score | None:
    """The value of a tenpai hand (13 tiles counted) completed by `win_tile`:
    drawn (tsumo) or from a discard, with riichi (1), double riichi (2) or dama
    (0).  None when the tile does not complete the hand."""
    done = _completed(hand, win_tile)
    return None if done is None else _score_completed(done, win_tile, tsumo, riichi, rules)


class WaitValue(NamedTuple):
    """What one wait of a tenpai hand is worth: dama (no riichi) and, for a closed
    hand, riichi, each by ron and by tsumo (None: that win is impossible)."""
    kind: int
    ron: Score | None
    tsumo: Score | None
    riichi_ron: Score | None = None
    riichi_tsumo: Score | None = None

    @property
    def dama_wins(self) -> bool:
        """Can the hand win on this tile without riichi (by ron or tsumo)?"""
        return any(s is not None and s.wins for s in (self.ron, self.tsumo))

    @property
    def wins(self) -> bool:
        return any(s is not None and s.wins for s in (self.ron, self.tsumo, self.riichi_ron, self.riichi_tsumo))

    def best_ron(self) -> Score | None:
        """The ron value the player gets: dama when it has a yaku, else with riichi."""
        if self.ron is not None and self.ron.wins:
            return self.ron
        return self.riichi_ron if self.riichi_ron is not None and self.riichi_ron.wins else None


def wait_values(hand: Hand, kinds: Iterable[int], rules: Rules | str = "tenhou") -> list[WaitValue]:
    """The value of each wait `kinds` of a tenpai hand (13 tiles counted)."""
    closed = hand.is_closed
    out = []
    for k in kinds:
        done = _completed(hand, k)         # one completed hand, four ways to win with it
        if done is None:
            out.append(WaitValue(k, None, None))
            continue
        out.append(WaitValue(k, *(_score_completed(done, k, tsumo, riichi, rules)
                                  for riichi in ((0, 1) if closed else (0,)) for tsumo in (False, True))))
    return out


def best_ron_after_call(hand: Hand, concealed: bytes, meld: Meld, banned: Iterable[int] = (),
                        rules: Rules | str = "tenhou") -> Score | None:
    """After a call: the best ron over every legal discard that leaves the hand
    tenpai and every wait of it, or None when no such wait has a yaku (the
    call's "no yaku" warning).  `concealed` are the 34 counts left after the
    call, before its discard; `banned` the kinds kuikae forbids discarding."""
    melds = hand.melds + (meld,)
    context = replace(hand, concealed=(), melds=melds, visible=(), discards=(), win=Win())
    flags = rule_flags(rules)
    banned = set(banned)
    best: Score | None = None
    counts = bytearray(concealed)
    # copies outside the concealed tiles (melds, the call's included, and dora indicators): a
    # wait whose every copy is already there cannot be won on (a fifth copy is no hand)
    outside = bytearray(34)
    for t in (*(t for m in melds for t in m.tiles), *hand.dora_indicators):
        outside[t.kind] += 1
    for d in range(34):
        if not counts[d] or d in banned:
            continue
        counts[d] -= 1
        if core.shanten(bytes(counts), core.REGULAR) == 0:
            for w in core.waits(bytes(counts), core.REGULAR):
                if counts[w] + outside[w] >= 4:
                    continue
                counts[w] += 1
                result, values = core.score_packed(
                    core.WIN_STRUCT.pack(*_fields(context, w, (), bytes(counts))), flags)
                counts[w] -= 1
                if result == 1 and (best is None or values[6] > best.total):
                    best = Score(values, False, hand.seat_wind == 0)
        counts[d] += 1
    return best


def points(han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0,
           rules: Rules | str = "tenhou") -> tuple[int, tuple[int, ...]]:
    """What han and fu (or yakuman multiples) pay: (the payers' total, the payments:
    (ron,), (each,) for a dealer's tsumo, (each non-dealer, dealer) for a non-dealer's)."""
    out = ffi.new("int32_t[2]")
    total = lib.mj_points(han, fu, yakuman, rule_flags(rules), bool(tsumo), bool(dealer), out)
    if total < 0:
        raise ScoringError(f"no hand has han {han}, fu {fu}, yakuman {yakuman}")
    if not tsumo or dealer:
        return total, (out[0],)
    return total, (out[0], out[1])


def complete_hand_value(hand: Hand, rules: Rules | str = "tenhou") -> tuple[Score | None, Score | None]:
    """A complete 14-tile hand as it stands: (its value by ron, by tsumo) on its winning
    tile (`win:`, else the drawn tile, the last concealed one); None where it cannot
    be scored (e.g. the situation is contradictory)."""
    tile = hand.win.tile or (hand.concealed[-1] if hand.concealed else None)
    if tile is None:
        return None, None
    out = []
    for tsumo in (False, True):
        flags = set(hand.win.flags) - {"tsumo"} | ({"tsumo"} if tsumo else set())
        try:
            result, values = core.score_packed(pack(hand, tile.kind, flags), rule_flags(rules))
        except ScoringError:
            result = -1
        out.append(Score(values, tsumo, hand.seat_wind == 0) if result >= 0 else None)
    return out[0], out[1]


def score_batch(wins: np.ndarray, rules: Rules | str = "tenhou") -> dict[str, np.ndarray]:
    """Score many hands in one call.  `wins` is an array of `core.WIN_DTYPE` (fill it
    with `pack` bytes via `np.frombuffer(b"".join(packed), core.WIN_DTYPE)` or field by
    field); the answer holds arrays `status` (1 wins, 0 no yaku, < 0 rejected), `han`,
    `fu`, `yakuman`, `total` and `received`."""
    status, out = core.score_batch(wins, rule_flags(rules))
    return {"status": status, "han": out["han"], "fu": out["fu"], "yakuman": out["yakuman"],
            "total": out["total"], "received": out["received"]}
