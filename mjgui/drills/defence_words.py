"""The danger model's reasons (`mjgui.defence.danger.TileDanger.reason`) in a defender's words,
English and Japanese: "suji 1/9 (river of 5)", 「スジ 1/9（河5枚）」.

A reason is a base phrase (genbutsu, a suji type, an honour by copies unseen, no-chance ...) with
optional prefixes ("dora, ", "next to dora, ", "outside of an early discard, "), the suffix
" of the riichi tile" and the riichi player's number of discards (", 9 discards").  A phrase this
module does not know is shown as the model wrote it.
"""
from __future__ import annotations

import re

__all__ = ["reason_words", "against_words", "verdict_word", "pushfold_words"]

_PREFIXES = (("dora, ", "dora", "ドラ"), ("next to dora, ", "next to dora", "ドラそば"),
             ("outside of an early discard, ", "outside of an early discard", "早い切り出しの外側"))
_FIXED = {
    "genbutsu": ("genbutsu", "現物"),
    "all four seen": ("all four copies seen", "4枚見え"),
    "no threat": ("no threat", "脅威なし"),
    "one-chance": ("one-chance", "ワンチャンス"),
    "no-chance (the tiles of every two-sided wait are all seen)": ("no-chance (kabe)", "ノーチャンス（壁）"),
}
_SUJI = {"suji": ("suji", "スジ"), "no suji": ("no suji", "無スジ"), "half-suji": ("half suji", "片スジ"),
         "double suji": ("double suji", "中スジ")}
_SIDE = {"outer": ("the outer suji passed", "外側が通っている"), "inner": ("the inner suji passed", "内側が通っている")}
_HONOUR = {"value honour": ("value honour", "役牌"), "guest wind": ("guest wind", "客風")}
_SUJI_RE = re.compile(r"(no suji|half-suji|double suji|suji) (1/9|2/8|3/7|4/6|5)(?: \((outer|inner) safe\))?")
_HONOUR_RE = re.compile(r"(value honour|guest wind), (\d)\+? unseen")


def _base(text: str, ja: bool) -> str:
    if text in _FIXED:
        return _FIXED[text][ja]
    m = _SUJI_RE.fullmatch(text)
    if m:
        words = f"{_SUJI[m.group(1)][ja]} {m.group(2)}"
        if m.group(3):
            side = _SIDE[m.group(3)][ja]
            words += f"（{side}）" if ja else f" ({side})"
        return words
    m = _HONOUR_RE.fullmatch(text)
    if m:
        n = m.group(2)
        return f"{_HONOUR[m.group(1)][1]}・残り{n}枚" if ja else f"{_HONOUR[m.group(1)][0]}, {n} unseen"
    return text


def reason_words(reason: str, lang: str = "en") -> str:
    """A reason of the danger model in words (see the module doc)."""
    ja = lang == "ja"
    text, count = reason, None
    m = re.fullmatch(r"(.*), (\d+) discards", text)
    if m:
        text, count = m.group(1), int(m.group(2))
    heads = []
    found = True
    while found:
        found = False
        for prefix, en, jp in _PREFIXES:
            if text.startswith(prefix):
                heads.append(jp if ja else en)
                text = text[len(prefix):]
                found = True
    riichi_tile = text.endswith(" of the riichi tile")
    if riichi_tile:
        text = text[:-len(" of the riichi tile")]
    words = _base(text, ja)
    if riichi_tile:
        words = f"リーチ宣言牌の{words}" if ja else f"{words} of the riichi tile"
    if heads:
        words = ("・" if ja else ", ").join(heads + [words])
    if count is not None:
        words += f"（河{count}枚）" if ja else f" (river of {count})"
    return words


def against_words(seat: str, lang: str = "en") -> str:
    """"against the left player" / 「上家に対して」."""
    from mjgui.words import seat_text
    return f"{seat_text(seat, lang)}に対して" if lang == "ja" else f"against {seat_text(seat, lang)}"


def verdict_word(verdict: str, lang: str = "en") -> str:
    """"push" / 「押し」, "fold" / 「オリ」."""
    return {"push": ("push", "押し"), "fold": ("fold", "オリ")}[verdict][lang == "ja"]


def pushfold_words(answer: str, lang: str = "en") -> str:
    """An answer in words: "fold 2m" reads 「オリ 2m」 in Japanese; a tile stays a tile."""
    verdict, _, tile = answer.partition(" ")
    if verdict in ("push", "fold") and tile:
        return f"{verdict_word(verdict, lang)} {tile}"
    return answer
