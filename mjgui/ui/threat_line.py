"""A reviewed decision under threat in one line of push / fold words, read off its rating:

    Fold was right: pushing 3m (deal-in 14 % vs East's riichi) is worth −1,850 pts,
    folding with 9p (genbutsu) −420 pts.

The first choice named is the one played; the second is the best choice when the player chose
otherwise, else the best choice of the other way (the best push after a right fold, the best
fold after a right push), so the line always shows the two values the verdict weighs.  Every
number comes from the rating (`mjgui.logs.rate`: each choice's push and fold values, its
deal-in, the danger table and the threats); nothing is computed here.  The seat winds and the
verdicts are the Analyze page's words (mjgui.defence.reason_words); the percentages and points are
the review table's.
"""
from __future__ import annotations

from mjgui.defence.reason_words import verdict_word, wind_name
from mjgui.defence.values import is_visible
from mjgui.tiles import kind_of
from mjgui.ui.i18n import language, tr

__all__ = ["threat_line", "threat_words", "percent", "points"]

#: a deal-in below this reads as none
_NONE = 0.0005


def percent(p: float) -> str:
    """14 %, 4.2 %, 0 %."""
    value = 100 * p
    return f"{value:.0f} %" if value >= 9.95 or value < 0.05 else f"{value:.1f} %"


def points(value: float) -> str:
    """−1,850 pts (a real minus sign)."""
    return tr(f"{value:,.0f} pts", f"{value:,.0f}点").replace("-", "−")


def _wind(rating, seat: str) -> str:
    return wind_name(rating.decision.hand, seat, language())


def threat_words(rating) -> str:
    """Who threatens: "East's riichi", "South (tenpai 62 %)", joined."""
    words = []
    for t in rating.threats:
        if t.riichi:
            words.append(tr(f"{_wind(rating, t.seat)}'s riichi", f"{_wind(rating, t.seat)}家のリーチ"))
        elif is_visible(t):
            words.append(tr(f"{_wind(rating, t.seat)} (tenpai {percent(t.tenpai)})",
                            f"{_wind(rating, t.seat)}家（聴牌率{percent(t.tenpai).replace(' ', '')}）"))
    return tr(", ".join(words), "、".join(words))


def _danger(rating, choice) -> str:
    """The choice's deal-in and the visible threat it is most dangerous to, or "genbutsu"."""
    if choice.deal_in is None or rating.danger is None:
        return ""
    kind = kind_of(choice.choice.split()[0])
    d = rating.danger
    visible = [t for t in d.threats if is_visible(t)]
    if visible and all(d.by_seat[t.seat][kind].reason == "genbutsu" for t in visible):
        return tr("genbutsu", "現物")
    share = percent(choice.deal_in)
    if choice.deal_in < _NONE:
        return tr(f"deal-in {share}", f"放銃率{share.replace(' ', '')}")
    worst = max(d.threats, key=lambda t: d.by_seat[t.seat][kind].p)
    if not is_visible(worst):
        return tr(f"deal-in {share}", f"放銃率{share.replace(' ', '')}")
    wind = _wind(rating, worst.seat)
    if worst.riichi:
        return tr(f"deal-in {share} vs {wind}'s riichi", f"{wind}家のリーチに放銃率{share.replace(' ', '')}")
    tenpai = percent(worst.tenpai)
    return tr(f"deal-in {share} vs {wind} (tenpai {tenpai})",
              f"{wind}家（聴牌率{tenpai.replace(' ', '')}）に放銃率{share.replace(' ', '')}")


def _way(choice, way: str, rating) -> str:
    """'pushing 3m (deal-in …)' / 'folding with 9p (genbutsu)'."""
    tile, _, style = choice.choice.partition(" ")
    danger = _danger(rating, choice)
    if way == "push":
        if tr("en", "ja") == "ja":
            verb = {"riichi": "でリーチ", "dama": "でダマ押し"}.get(style, "で押す")
            return f"{tile}{verb}" + (f"（{danger}）" if danger else "")
        extra = {"riichi": " with riichi", "dama": " (dama)"}.get(style, "")
        return f"pushing {tile}{extra}" + (f" ({danger})" if danger else "")
    if tr("en", "ja") == "ja":
        return f"{tile}でオリる" + (f"（{danger}）" if danger else "")
    return f"folding with {tile}" + (f" ({danger})" if danger else "")


def _value(choice, way: str) -> float:
    return choice.push if way == "push" else choice.fold


def threat_line(rating) -> str:
    """The line for a discard rated with push / fold values under threat; "" for any other."""
    d = rating.decision
    ranking = rating.ranking
    if (d.action != "discard" or not rating.under_threat or rating.unit != "points" or not ranking
            or not ranking[0].verdict):
        return ""
    best = ranking[0]
    mine = next((a for a in ranking if a.choice == rating.played), None)
    if mine is None or not mine.verdict:
        return ""
    way = best.verdict
    first = (mine, mine.verdict)
    if mine.choice != best.choice and best.value > mine.value:
        second = (best, way)
    else:              # the player's choice is the best: the best of the other way beside it
        other = "fold" if mine.verdict == "push" else "push"
        options = [a for a in ranking if _value(a, other) is not None]
        top = max(options, key=lambda a: _value(a, other), default=None)
        second = (top, other) if top is not None else None
    word = verdict_word(way, language())
    head = tr(f"{word.capitalize()} was right: ", f"{word}が正解: ")
    one = _way(first[0], first[1], rating)
    one_value = points(_value(*first))
    if second is None:
        return head + tr(f"{one} is worth {one_value}.", f"{one}は{one_value}。")
    two = _way(second[0], second[1], rating)
    two_value = points(_value(*second))
    return head + tr(f"{one} is worth {one_value}, {two} {two_value}.",
                     f"{one}は{one_value}、{two}は{two_value}。")
