"""The words players read, in English and Japanese, in one place: shanten states,
seat and wind names, meld names. Plain Python (no Qt): the drills and the CLI use
it too; the UI picks the language with `mjgui.ui.i18n`."""

from __future__ import annotations

from mjgui.hand import WINDS, MeldKind
from mjgui.tiles import HONOR_NAMES_EN, HONOR_NAMES_JA

__all__ = ["shanten_word", "SEAT_NAMES", "SEAT_FROM", "seat_text", "WIND_NAMES", "MELD_NAMES",
           "ev_model_words", "ev_not_searched"]


def shanten_word(s: int, lang: str = "en") -> str:
    """"2-shanten", "tenpai", "complete" (or 2向聴, 聴牌, 和了)."""
    if lang == "ja":
        return "和了" if s < 0 else "聴牌" if s == 0 else f"{s}向聴"
    return "complete" if s < 0 else "tenpai" if s == 0 else f"{s}-shanten"


#: The other players by the seat letter of the hand notation: (English, 日本語).
SEAT_NAMES: dict[str, tuple[str, str]] = {"L": ("Left player", "上家"), "A": ("Player across", "対面"),
                                          "R": ("Right player", "下家")}

#: Where a called tile came from, as a meld's caption says it.
SEAT_FROM: dict[str, tuple[str, str]] = {seat: (f"from {where} ({ja})", f"{ja}から")
                                         for seat, where, ja in (("L", "left", "上家"),
                                                                 ("A", "across", "対面"),
                                                                 ("R", "right", "下家"))}


def seat_text(seat: str, lang: str) -> str:
    """The player in a sentence: 'the left player' / '上家'."""
    en, ja = SEAT_NAMES[seat]
    return ja if lang == "ja" else f"the {en.lower()}"


#: Round and seat winds by letter (the wind honours' names).
WIND_NAMES: dict[str, tuple[str, str]] = {w: (HONOR_NAMES_EN[i], HONOR_NAMES_JA[i])
                                          for i, w in enumerate(WINDS)}

#: Meld kinds: (English, 日本語).
MELD_NAMES: dict[MeldKind, tuple[str, str]] = {
    MeldKind.CHI: ("Chi", "チー"), MeldKind.PON: ("Pon", "ポン"), MeldKind.KAN: ("Open kan", "明槓"),
    MeldKind.ANKAN: ("Closed kan", "暗槓"), MeldKind.KAKAN: ("Added kan", "加槓"),
}


def ev_model_words(options, lang: str = "en") -> str:
    """Which expected-value model `options` (mjgui.ev.EvOptions) runs: "the full model with
    calls", "the simple model with shanten-back" (or 完全モデル（鳴きあり）, 簡易モデル（向聴戻しあり）)."""
    if options.model == "full":
        if lang == "ja":
            return "完全モデル（鳴きあり）" if options.calls else "完全モデル"
        return "the full model with calls" if options.calls else "the full model"
    extras = [(en, ja) for on, en, ja in ((options.shanten_back, "shanten-back", "向聴戻し"),
                                          (options.tegawari, "tegawari", "手変わり")) if on]
    if lang == "ja":
        return "簡易モデル" + (f"（{'・'.join(ja for _, ja in extras)}あり）" if extras else "")
    return "the simple model" + (f" with {' and '.join(en for en, _ in extras)}" if extras else "")


def ev_not_searched(shanten: int, limit: int, lang: str = "en") -> str:
    """Why a hand has no expected values: "expected values are searched up to 3-shanten;
    this hand is 4-shanten" (and JA)."""
    if lang == "ja":
        return f"期待値の計算は{shanten_word(limit, lang)}まで（この手は{shanten_word(shanten, lang)}）"
    return f"expected values are searched up to {shanten_word(limit)}; this hand is {shanten_word(shanten)}"
