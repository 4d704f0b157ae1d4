"""The defence words, English and Japanese, for every page that shows the defence model: the
danger model's reasons (from `mjgui.defence.danger.Why`: "suji 1-4-7, turn 9", "no-chance: all
four 6p seen"), the opponents by seat, the threats and the push / fold verdicts and values.  The
Analyze page, the review's push / fold line and the defence drill all take their words here.
Plain Python (no Qt): the UI picks the language with mjgui.ui.i18n."""
from __future__ import annotations

from mjgui.defence.advice import DiscardDanger, PushFoldLine, SeatDanger, notable
from mjgui.defence.danger import Why
from mjgui.defence.threats import Threat
from mjgui.defence.values import Choice
from mjgui.hand import WINDS, Hand
from mjgui.tiles import KIND_NAMES
from mjgui.words import SEAT_NAMES, WIND_NAMES, seat_text

__all__ = ["percent", "points", "wind_name", "seat_name", "against_words", "verdict_word", "pushfold_words",
           "reason_text", "seat_line", "danger_tip", "threat_text", "threats_line", "choice_name",
           "push_fold_text", "hold_warning"]

# the published types (mjgui.defence.published.COLUMNS, less the digits) in words
_TYPES: dict[str, tuple[str, str]] = {
    "suji": ("suji", "筋"), "no-suji": ("no suji", "無筋"),
    "half-suji 4/6 (outer safe)": ("half suji (outer side safe)", "片筋（外側が安全）"),
    "half-suji 4/6 (inner safe)": ("half suji (inner side safe)", "片筋（内側が安全）"),
    "half-suji 5": ("half suji", "片筋"),
    "double suji 4/6": ("double suji", "中筋"), "double suji 5": ("double suji", "中筋"),
    "value honour": ("value honour", "役牌"), "guest wind": ("guest wind", "客風"),
}
_PLACE = {"L": "left", "A": "across", "R": "right"}
_VERDICTS = {"push": ("push", "押し"), "fold": ("fold", "オリ")}
_BASES: dict[str, tuple[str, str]] = {
    "genbutsu": ("genbutsu", "現物"), "all four seen": ("all four seen", "4枚見え"),
    "no threat": ("no threat", "脅威なし"),
}


def percent(p: float) -> str:
    """A chance as the table shows it: one decimal, "0%" only when exactly safe."""
    return "0%" if p <= 0 else f"{100 * p:.1f}%"


def points(v: float) -> str:
    """Signed points with thousands separators ("+1,240", "-380")."""
    return f"{v:+,.0f}"


def wind_name(hand: Hand, seat: str, lang: str = "en") -> str:
    """The seat's wind this round: "East" / "東" (Japanese adds 家 for the player)."""
    return WIND_NAMES[WINDS[hand.wind_of(seat)]][lang == "ja"]


def seat_name(hand: Hand, seat: str, lang: str = "en") -> str:
    """The opponent by its seat wind, the place beside: "East (left)" / "東家（上家）"."""
    if lang == "ja":
        return f"{wind_name(hand, seat, lang)}家（{SEAT_NAMES[seat][1]}）"
    return f"{wind_name(hand, seat, lang)} ({_PLACE[seat]})"


def against_words(seat: str, lang: str = "en") -> str:
    """"against the left player" / 「上家に対して」 (no hand at hand: the place, not the wind)."""
    return f"{seat_text(seat, lang)}に対して" if lang == "ja" else f"against {seat_text(seat, lang)}"


def verdict_word(verdict: str, lang: str = "en") -> str:
    """"push" / 「押し」, "fold" / 「オリ」."""
    return _VERDICTS[verdict][lang == "ja"]


def pushfold_words(answer: str, lang: str = "en") -> str:
    """A drill answer in words: "fold 2m" reads 「オリ 2m」 in Japanese; anything else stays."""
    verdict, _, tile = answer.partition(" ")
    if verdict in _VERDICTS and tile:
        return f"{verdict_word(verdict, lang)} {tile}"
    return answer


def _suji_line(kind: int) -> str:
    n = kind % 9 + 1
    first = (n - 1) % 3 + 1
    return f"{first}-{first + 3}-{first + 6}"


def _type_words(column: str, kind: int, lang: str) -> str:
    """The published type of a number tile in words ("suji 1-4-7", "無筋")."""
    for key, (en, ja) in _TYPES.items():
        if column == key or (column.startswith(key + " ") and key in ("suji", "no-suji")):
            word = ja if lang == "ja" else en
            if key == "suji":
                word += f" {_suji_line(kind)}" if lang != "ja" else f"（{_suji_line(kind)}）"
            return word
    return column


def _walls(why: Why, lang: str) -> str:
    """The tiles that block the wait shapes: "all four 6p seen", "three 3p seen" (JA 6pが4枚見え)."""
    parts = []
    for kind, left in zip(why.walls, why.left):
        name = KIND_NAMES[kind]
        if lang == "ja":
            parts.append(f"{name}が{4 - left}枚見え")
        else:
            parts.append(f"{'all four' if left == 0 else 'three'} {name} seen")
    return ("、" if lang == "ja" else ", ").join(parts)


def reason_text(why: Why | None, kind: int, lang: str = "en") -> str:
    """One seat's reason for `kind` in words, without its chance: "suji 1-4-7 of the riichi tile,
    turn 9", "no-chance: all four 6p seen, turn 11", "dora, no suji, turn 5", "genbutsu"."""
    ja = lang == "ja"
    if why is None:
        return ""
    if why.base in _BASES:
        return _BASES[why.base][ja]
    sep = "、" if ja else ", "
    if why.base in ("value honour", "guest wind"):
        en_word, ja_word = _TYPES[why.base]
        left = f"{why.unseen}+" if why.unseen >= 3 else str(why.unseen)
        text = f"{ja_word} 残り{why.unseen}枚{'以上' if why.unseen >= 3 else ''}" if ja \
            else f"{en_word}, {left} unseen"
    elif why.chance in ("no-chance", "one-chance"):
        head = ("ノーチャンス" if why.chance == "no-chance" else "ワンチャンス") if ja else why.chance
        text = f"{head}: {_walls(why, lang)}"
    else:
        text = _type_words(why.base, kind, lang)
        if why.chance == "early outside":
            text = ("早い切り出しの外側" + sep if ja else "outside of an early discard, ") + text
    if why.riichi_suji:
        text = f"宣言牌の{text}" if ja else f"{text} of the riichi tile"
    if why.dora:
        tag = {"dora": ("dora", "ドラ"), "next to dora": ("next to dora", "ドラそば")}[why.dora][ja]
        text = f"{tag}{sep}{text}"
    turn = f"{why.rows}巡目" if ja else f"turn {why.rows}"
    return f"{text}{sep}{turn}"


def seat_line(hand: Hand, s: SeatDanger, kind: int, lang: str = "en") -> str:
    """"vs East (left), riichi: suji 1-4-7, turn 9: 6.1%" / "東家（上家）立直: 筋（1-4-7）、9巡目: 6.1%"."""
    who = seat_name(hand, s.seat, lang)
    ja = lang == "ja"
    if s.riichi:
        state = "立直" if ja else ", riichi"
    else:
        state = f"聴牌率{100 * s.tenpai:.0f}%" if ja else f", tenpai {100 * s.tenpai:.0f}%"
    head = f"{who}{state}" if ja else f"vs {who}{state}"
    return f"{head}: {reason_text(s.why, kind, lang)}: {percent(s.p)}"


def danger_tip(hand: Hand, dd: DiscardDanger, lang: str = "en") -> str:
    """The Danger cell's tooltip: the whole table's chance, then each threatening seat's."""
    name = KIND_NAMES[dd.kind]
    head = (f"{name}の放銃率 {percent(dd.p)}（他家3人の合計）" if lang == "ja"
            else f"{name} deals in {percent(dd.p)} (all three opponents together)")
    return "\n".join([head] + [seat_line(hand, s, dd.kind, lang) for s in dd.seats])


def threat_text(hand: Hand, t: Threat, lang: str = "en") -> str:
    """"East (left) riichi ~7,700" / "南家（対面）聴牌率34% 約2,600点"."""
    who = seat_name(hand, t.seat, lang)
    if lang == "ja":
        state = "立直" if t.riichi else f"聴牌率{100 * t.tenpai:.0f}%"
        return f"{who}{state} 約{t.value:,.0f}点"
    state = "riichi" if t.riichi else f"tenpai {100 * t.tenpai:.0f}%"
    return f"{who} {state} ~{t.value:,.0f}"


def threats_line(hand: Hand, found: tuple[Threat, ...], lang: str = "en") -> str:
    """The notable threats (advice.notable), most likely first ("" when none)."""
    shown = sorted((t for t in found if t.tenpai > 0 and notable(t)), key=lambda t: (-t.tenpai, -t.value))
    if not shown:
        return ""
    head = "脅威: " if lang == "ja" else "Threats: "
    return head + " · ".join(threat_text(hand, t, lang) for t in shown)


def choice_name(c: Choice, lang: str = "en") -> str:
    """"5m", "5m riichi", "5m dama" (JA: 立直 / ダマ)."""
    name, _, how = c.name.partition(" ")
    if not how:
        return name
    return f"{name} {({'riichi': '立直', 'dama': 'ダマ'}[how]) if lang == 'ja' else how}"


def push_fold_text(line: PushFoldLine, lang: str = "en") -> str:
    """"Push: 5m riichi +1,240 · Fold: 1z -380 → push" (points expected at the table)."""
    parts = []
    if line.push is not None:
        parts.append(f"{verdict_word('push', lang).capitalize()}: {choice_name(line.push, lang)} "
                     f"{points(line.push.values.push)}")
    if line.fold is not None:
        parts.append(f"{verdict_word('fold', lang).capitalize()}: {choice_name(line.fold, lang)} "
                     f"{points(line.fold.values.fold)}")
    return " · ".join(parts) + f" → {verdict_word(line.verdict, lang)}"


def hold_warning(hand: Hand, dd: DiscardDanger, lang: str = "en") -> str:
    """A winning tile that is also dangerous to keep: "5p wins, but you hold it: folding later
    means throwing a 14.2% deal-in (vs East (left), riichi: no suji, turn 8)"."""
    name = KIND_NAMES[dd.kind]
    why = f"（{seat_line(hand, dd.seats[0], dd.kind, lang)}）" if dd.seats else ""
    if lang == "ja":
        return f"{name}は和了牌ですが手の内にもあります: 降りるときに切ると放銃率{percent(dd.p)}{why}"
    why = f" ({why[1:-1]})" if why else ""
    return f"{name} wins, but you hold it: folding later means throwing a {percent(dd.p)} deal-in{why}"
