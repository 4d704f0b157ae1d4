"""Drill problems and problem-set files (JSON).

A problem is one question of a drill:

- **nanikiru** (何切る): a 14-tile hand (melds count three); the user picks a discard;
- **wait** (待ち): a tenpai 13-tile hand; the user marks every wait;
- **call** (鳴き): a 13-tile hand and a tile discarded by another seat; the user chooses
  ``pass``, ``pon`` or a ``chi`` (named by the two concealed tiles it uses);
- **score** (点数計算): a won hand with its situation; the user gives its value (points, or
  han, fu and points);
- **defence** (守備): a 14-tile hand at a table where an opponent declared riichi; the
  ``question`` is ``safest`` (pick the discard least likely to deal in) or ``pushfold`` (a tenpai
  or 1-shanten hand: push or fold, and the tile).

Problem-set file
----------------
A UTF-8 JSON object::

    {"format": "mjgui-problems", "version": 1, "title": "Starter set",
     "problems": [{"id": "n1", "kind": "nanikiru", "hand": "1245m3378p2359s1z9s", ...}, ...]}

| key | type | meaning |
|---|---|---|
| ``format`` | str | always ``"mjgui-problems"`` |
| ``version`` | int | ``1`` (a newer version is refused) |
| ``title`` | str | shown by the app (may be ``""``) |
| ``problems`` | list | the problems below, in order |

A problem:

| key | type | required | meaning |
|---|---|---|---|
| ``id`` | str | yes | unique within the set |
| ``kind`` | str | yes | ``nanikiru``, ``wait``, ``call``, ``score`` or ``defence`` |
| ``hand`` | str | yes | concealed tiles, mpsz in play order, the drawn tile last (``0m`` = red five); 14 tiles with the melds (3 each) for nanikiru, 13 for wait and call; **score** and **defence**: the whole hand in the text form of `mjgui.hand` (see below) |
| ``melds`` | list of str | no (``[]``) | open melds / closed quads in `mjgui.hand` notation: ``"chi:3*45m@L"``, ``"pon:7*77z@R"``, ``"ankan:1111z"`` |
| ``dora`` | str | no (``""``) | dora indicators, mpsz |
| ``visible`` | str | no (``""``) | every other tile seen (discards, others' melds), mpsz |
| ``round``, ``seat`` | str | no (``"E"``) | round wind and seat wind: ``E``, ``S``, ``W`` or ``N`` |
| ``turn`` | int | no (``0``) | the player's draws so far, the problem's own draw included (0: unknown) |
| ``theme`` | str | no (``"any"``) | ``any``, ``chinitsu`` (one suit, no honours), ``chiitoi`` (seven pairs), or an author's label |
| ``discarded`` | str | call only | the tile another player discarded, e.g. ``"5m"`` |
| ``from`` | str | call only | who discarded it: ``L`` (left, 上家: chi allowed), ``A`` (across), ``R`` (right) |
| ``question`` | str | defence only | ``safest`` (the discard least likely to deal in) or ``pushfold`` (push or fold, and the tile) |
| ``answer`` | list of str | no | an author's answer key: discards (nanikiru, defence ``safest``), waits (wait), calls (call), a value (score) or ``push 5m`` / ``fold 1z`` (defence ``pushfold``); graded answers always come from the engine, the app shows this one beside them |
| ``note`` | str | no | free text |
| ``shanten`` | int | engine | shanten of the hand (``-1`` for a won score hand) |
| ``best`` | list of str | engine | the right answers under the default evaluator: every tied-best discard, every wait, every right call, or the value of a score hand |
| ``difficulty`` | float | engine | 0 (easy) .. 1 (hard), see `mjgui.drills.generator` |

Score problems
    ``hand`` holds everything, in the text form of `mjgui.hand`: concealed tiles, melds,
    ``dora:``, ``round:``/``seat:``, ``win:TILE`` (required) and the situation words
    (``tsumo``/``ron``, ``riichi``, ``ippatsu``, ``ura:``, ``honba:``, ``sticks:`` ...), e.g.
    ``"234m567p55s345s chi:6*78s@L win:3s seat:S"``.  The separate ``melds``, ``dora`` and
    ``visible`` keys must be empty (``round``/``seat`` may repeat the hand's winds and are
    filled from it; ``shanten`` is -1).  The hand must be complete and its situation legal:
    `mjgui.scoring.score` (tenhou rules) must accept it.  It is stored canonically, the
    concealed tiles sorted with the winning tile last.  A complete hand without a yaku is a
    valid problem whose value is 0 points (the generator never makes one; an author may, to
    teach that dora are not a yaku).

    A score value (``answer``, ``best``, and what `mjgui.drills.grading.grade` takes) is
    ``POINTS`` or ``HAN/FU/POINTS``: ``5200``, ``3/40/5200``, ``5,200``.  POINTS is what the
    payers pay together, before honba and riichi sticks; a tsumo may also be given as its
    payments, ``1300-2600`` (each non-dealer - the dealer) or ``2600all`` (a dealer's).
    HAN is a number or ``yakuman`` (any multiple); HAN or FU may be left empty or ``-``
    (``yakuman//32000``, ``-/-/8000``).  Full-width digits, ``翻``/``符``/``点``, ``オール``
    and ``役満`` are understood.

Defence problems
    ``hand`` holds the hand and the table in the text form of `mjgui.hand` (docs/defence.md):
    14 concealed tiles with the melds, ``dora:``, the winds, the player's own ``discards:``,
    ``turn:`` and the opponents' rivers ``L:`` / ``A:`` / ``R:`` (``'`` tsumogiri, ``*`` the
    riichi tile, ``^`` called) and melds (``L.pon:5*55z@A``), e.g.
    ``"234m567p11s34699s2z dora:1m seat:S turn:9 discards:9m1z8p L:19m4'5*s2p A:1z9p R:3m8s"``.
    At least one opponent has declared riichi.  As for score problems the ``melds``, ``dora``
    and ``visible`` keys stay empty and ``round`` / ``seat`` may only repeat the hand's winds;
    ``turn`` is filled from the hand.  A ``pushfold`` hand is tenpai or 1-shanten (not complete).
    A push / fold answer is ``push TILE`` or ``fold TILE`` (``push:5m`` reads the same).

Calls are written ``pass``, ``pon`` or ``chi:XYs`` (the two concealed tiles the chi uses, mpsz:
``chi:46m`` calls a 5m with 4m and 6m).  Tile names in ``answer``/``best`` are plain (a red five
reads ``5m``).  Optional keys that are absent or ``null`` take their defaults; ``save_set``
writes every key except absent optional ones, in the order of the table, one problem per
line, so a set is stable byte for byte.

Every error in a file (not JSON, wrong ``format`` or ``version``, bad tile text, wrong size,
unknown key, duplicate id, ...) raises `ProblemSetError`, whose ``index`` and ``field`` name
the problem (0-based) and the key, and whose message reads
``problem 3 (id 'n4'), field 'hand': ...``.
"""
from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from mjgui.atomic import write_atomic
from mjgui.hand import WINDS, Hand, Meld
from mjgui.regular_file import NotRegularFile, read_regular
from mjgui.tiles import KIND_NAMES, Tile, TileError, format_tiles, parse_tiles

from .drill_names import DRILLS

__all__ = [
    "FORMAT", "VERSION", "JSON_KEYS", "DRILLS", "TOPICS", "SCORE_LEVELS", "SEATS_FROM", "STARTER_FILE",
    "QUESTIONS", "DEFENCE_TOPICS", "topics_of", "parse_pushfold",
    "ProblemSetError", "Call", "parse_call", "call_problem", "ScoreAnswer", "parse_score_answer", "Problem", "ProblemSet", "load_set", "save_set", "parse_set", "dumps_set",
    "starter_set",
]

FORMAT = "mjgui-problems"
VERSION = 1
#: Themes the generator knows (a file may carry any other label).
TOPICS: tuple[str, ...] = ("any", "chinitsu", "chiitoi")
#: The score drill's levels (its problems' topic; see `mjgui.drills.generator`).
SCORE_LEVELS: tuple[str, ...] = ("any", "easy", "medium", "hard")
SEATS_FROM: tuple[str, ...] = ("L", "A", "R")
#: The defence drill's two questions.
QUESTIONS: tuple[str, ...] = ("safest", "pushfold")
#: The defence drill's topics (a generated problem's topic is its question).
DEFENCE_TOPICS: tuple[str, ...] = ("any", *QUESTIONS)
PUSHFOLD_VERDICTS: tuple[str, ...] = ("push", "fold")
_SIZES = {"nanikiru": 14, "wait": 13, "call": 13, "score": 14, "defence": 14}
JSON_KEYS = ("id", "kind", "hand", "melds", "dora", "visible", "round", "seat", "turn", "theme",
             "discarded", "from", "question", "answer", "note", "shanten", "best", "difficulty")
# The file's key where the attribute is named otherwise ("from" is a keyword; the file's
# "kind" and "theme" predate the names drill and topic, which say what they are).
_ATTR = {"from": "from_seat", "kind": "drill", "theme": "topic"}
STARTER_FILE = "starter_set.json"
# Files from outside are hostile: a set bigger or deeper than any real one is refused
# before it can cost minutes, gigabytes or a RecursionError.
MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_PROBLEMS = 10_000
MAX_DEPTH = 16                # the schema needs 4 (set > problems > problem > list)
MAX_DIGITS = 30               # no field needs a longer integer


def topics_of(drill: str) -> tuple[str, ...]:
    """The topics the generator takes for a drill (a score problem's is its level, a defence
    problem's its question)."""
    return {"score": SCORE_LEVELS, "defence": DEFENCE_TOPICS}.get(drill, TOPICS)


class ProblemSetError(ValueError):
    """A bad problem or problem-set file; `index` (0-based) and `field` say where."""

    def __init__(self, message: str, index: int | None = None, field: str | None = None,
                 problem_id: str | None = None, path: str | None = None) -> None:
        self.reason = message
        self.index = index
        self.field = field
        self.problem_id = problem_id
        self.path = path
        super().__init__(self._text())

    def _text(self) -> str:
        where = []
        if self.path is not None:
            where.append(str(self.path))
        if self.index is not None:
            where.append(f"problem {self.index}" + (f" (id {_show(self.problem_id)})" if self.problem_id else ""))
        if self.field is not None:
            where.append(f"field {_show(self.field)}")
        text = (", ".join(where) + ": " if where else "") + self.reason
        return text.encode("utf-8", "backslashreplace").decode("utf-8")     # always printable

    def located(self, index: int | None = None, path: str | None = None,
                problem_id: str | None = None) -> ProblemSetError:
        """The same error, placed at a problem index / file."""
        return ProblemSetError(self.reason, self.index if index is None else index, self.field,
                               self.problem_id if problem_id is None else problem_id,
                               self.path if path is None else path)


def _show(value: object, limit: int = 60) -> str:
    """A short, printable repr for messages (a hostile value may be huge or hold lone
    surrogates, which cannot be written to a UTF-8 terminal)."""
    text = repr(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _bad_text(value: object) -> bool:
    """Whether a decoded JSON value holds a string that is not valid Unicode text
    (JSON's \\ud800 escapes decode to lone surrogates, which cannot be saved or printed)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, Mapping):
        return any(_bad_text(k) or _bad_text(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_bad_text(v) for v in value)
    return False


_NOT_TEXT = "not valid text: it holds a lone surrogate (an escape such as \\ud800 that is not a character)"


# ---- calls --------------------------------------------------------------------------

class Call(NamedTuple):
    """A call-drill answer: ``pass``, ``pon`` or ``chi`` with the two concealed kinds it uses."""
    kind: str                       # "pass" | "pon" | "chi"
    uses: tuple[int, ...] = ()      # chi: the two concealed kinds, ascending

    def __str__(self) -> str:
        if self.kind == "chi":
            return "chi:" + "".join(KIND_NAMES[u][0] for u in self.uses) + KIND_NAMES[self.uses[0]][1]
        return self.kind

    def sort_key(self) -> tuple:
        return ({"pon": 0, "chi": 1, "pass": 2}[self.kind], self.uses)


def parse_call(text: str, discarded: Tile | int) -> Call:
    """Parse ``pass``, ``pon`` or ``chi:46m`` (the two tiles used; red fives read as fives)
    for a discarded tile; raises TileError when the text is not a call of that tile."""
    if not isinstance(text, str):
        raise TileError(f"a call is a string (pass, pon or chi:XYs), not {type(text).__name__}")
    t = discarded.kind if isinstance(discarded, Tile) else discarded
    word, sep, rest = text.strip().lower().partition(":")
    if word in ("pass", "pon") and not sep:
        return Call(word)
    if word == "chi" and sep:
        tiles = parse_tiles(rest)
        if len(tiles) != 2:
            raise TileError(f"{_show(text)}: a chi names the two tiles it uses, e.g. chi:46m")
        uses = tuple(sorted(tile.kind for tile in tiles))
        run = sorted(uses + (t,))
        if t >= 27 or run[0] // 9 != run[2] // 9 or run != [run[0], run[0] + 1, run[0] + 2]:
            raise TileError(f"{_show(text)}: {KIND_NAMES[uses[0]]} and {KIND_NAMES[uses[1]]} do not "
                            f"make a run with {KIND_NAMES[t]}")
        return Call("chi", uses)
    raise TileError(f"{_show(text)} is not a call: write pass, pon or chi:XYs (the two tiles used, e.g. chi:46m)")


def parse_pushfold(text: str, held: bytes | None = None) -> tuple[str, int]:
    """Parse ``push 5m`` / ``fold:1z`` into (verdict, kind); `held` (34 counts) checks the
    tile is in the hand.  Raises TileError."""
    if not isinstance(text, str):
        raise TileError(f"a push / fold answer is a string (push 5m, fold 1z), not {type(text).__name__}")
    word, _, rest = text.strip().lower().replace(":", " ").partition(" ")
    if word not in PUSHFOLD_VERDICTS or not rest.strip():
        raise TileError(f"{_show(text)} is not a push / fold answer: write push TILE or fold TILE "
                        "(e.g. push 5m)")
    kind = Tile.from_name(rest.strip()).kind
    if held is not None and not held[kind]:
        raise TileError(f"{KIND_NAMES[kind]} is not in the concealed hand")
    return word, kind


# ---- score values ----------------------------------------------------------------------------

MAX_POINTS = 1_000_000        # six yakuman paid by the dealer's opponents is 288,000
MAX_HAN = 99
MAX_FU = 200


class ScoreAnswer(NamedTuple):
    """A score-drill answer: the points (what the payers pay together), and optionally the
    han (``yakuman`` for a yakuman hand) and the fu; ``payments`` keeps a tsumo answer given
    as payments (``(non_dealer, dealer)`` for ``1300-2600``, ``(each,)`` for ``2600all``)."""
    points: int
    han: int | None = None
    fu: int | None = None
    yakuman: bool = False
    payments: tuple[int, ...] | None = None

    def points_text(self) -> str:
        if self.payments is None:
            return str(self.points)
        if len(self.payments) == 1:
            return f"{self.payments[0]}all"
        return f"{self.payments[0]}-{self.payments[1]}"

    def __str__(self) -> str:
        if self.han is None and self.fu is None and not self.yakuman:
            return self.points_text()
        han = "yakuman" if self.yakuman else ("" if self.han is None else str(self.han))
        fu = "" if self.fu is None else str(self.fu)
        return f"{han}/{fu}/{self.points_text()}"


def _number(text: str, what: str, limit: int, whole: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise TileError(f"{_show(whole)}: the {what} {_show(text, 20)} is not a whole number")
    if len(text) > 7 or int(text) > limit:
        raise TileError(f"{_show(whole)}: the {what} must be 0-{limit:,}")
    return int(text)


def parse_score_answer(text: str) -> ScoreAnswer:
    """Parse ``POINTS`` or ``HAN/FU/POINTS`` (see the module doc); raises TileError with
    the reason when the text is not a score value."""
    import unicodedata
    if not isinstance(text, str):
        raise TileError(f"a score answer is a string like 5200 or 3/40/5200, not {type(text).__name__}")
    if len(text) > 60:
        raise TileError(f"{_show(text)}: too long for a score answer (e.g. 3/40/5200)")
    whole = text
    text = unicodedata.normalize("NFKC", text).strip().lower()
    for word, plain in (("オール", "all"), ("役満", "yakuman"), ("／", "/"), ("ー", "-")):
        text = text.replace(word, plain)
    text = text.replace(",", "").replace(" ", "")
    parts = text.split("/")
    if len(parts) not in (1, 3):
        raise TileError(f"{_show(whole)} is not a score answer: write the points (5200) or "
                        "han/fu/points (3/40/5200)")
    han = fu = None
    yakuman = False
    if len(parts) == 3:
        h = parts[0].removesuffix("han").removesuffix("翻")
        if h in ("y", "yakuman"):
            yakuman = True
        elif h not in ("", "-"):
            han = _number(h, "han", MAX_HAN, whole)
        f = parts[1].removesuffix("fu").removesuffix("符")
        if f not in ("", "-"):
            fu = _number(f, "fu", MAX_FU, whole)
    p = parts[-1].removesuffix("点")
    if not p:
        raise TileError(f"{_show(whole)}: the points are missing (e.g. 3/40/5200)")
    payments: tuple[int, ...] | None = None
    if p.endswith("all"):
        each = _number(p[:-3], "payment", MAX_POINTS // 3, whole)
        payments, points = (each,), 3 * each
    elif "-" in p:
        low, _, high = p.partition("-")
        pair = (_number(low, "payment", MAX_POINTS // 3, whole), _number(high, "payment", MAX_POINTS // 3, whole))
        payments, points = pair, 2 * pair[0] + pair[1]
    else:
        points = _number(p, "points", MAX_POINTS, whole)
    return ScoreAnswer(points, han, fu, yakuman, payments)


# ---- problems -------------------------------------------------------------------------

def _fail(field: str, message: str) -> ProblemSetError:
    return ProblemSetError(message, field=field)


def _tiles(field: str, text: object) -> list[Tile]:
    if not isinstance(text, str):
        raise _fail(field, f"expected a string of tiles (mpsz), not {type(text).__name__}")
    try:
        return parse_tiles(text)
    except TileError as error:
        raise _fail(field, str(error)) from None


def _str_list(field: str, value: object) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise _fail(field, f"expected a list of strings, not {type(value).__name__}")
    for item in value:
        if not isinstance(item, str):
            raise _fail(field, f"expected a list of strings, found {_show(item)}")
    return tuple(value)


@dataclass(frozen=True)
class Problem:
    """One drill problem, validated and in canonical text (see the module doc)."""
    id: str
    drill: str                         # JSON "kind"
    hand: str
    melds: tuple[str, ...] = ()
    dora: str = ""
    visible: str = ""
    round: str = "E"
    seat: str = "E"
    turn: int = 0
    topic: str = "any"                 # JSON "theme"
    discarded: str | None = None
    from_seat: str | None = None       # JSON "from"
    answer: tuple[str, ...] | None = None
    note: str | None = None
    shanten: int | None = None
    best: tuple[str, ...] | None = None
    difficulty: float | None = None
    question: str | None = None        # defence only: "safest" or "pushfold"

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.id, str) or not self.id:
            raise _fail("id", "expected a non-empty string")
        for name in ("id", "theme", "note"):        # free text: must be storable and printable
            if _bad_text(getattr(self, _ATTR.get(name, name))):
                raise _fail(name, _NOT_TEXT)
        if self.drill not in DRILLS:
            raise _fail("kind", f"expected one of {', '.join(DRILLS)}, not {_show(self.drill)}")
        if self.drill == "defence":
            if self.question not in QUESTIONS:
                raise _fail("question", f"a defence problem asks one of {', '.join(QUESTIONS)}, "
                                        f"not {_show(self.question)}")
        elif self.question is not None:
            raise _fail("question", f"only defence problems have a question, not {self.drill}")
        if self.drill == "score":
            concealed, melds = self._score_hand()
        elif self.drill == "defence":
            concealed, melds = self._table_hand()
        else:
            concealed = _tiles("hand", self.hand)
            set_(self, "hand", format_tiles(concealed, sort=False))
            melds = []
            for i, text in enumerate(_str_list("melds", self.melds)):
                try:
                    melds.append(Meld.parse(text))
                except TileError as error:
                    raise _fail("melds", f"meld {i}: {error}") from None
            set_(self, "melds", tuple(str(m) for m in melds))
        dora = _tiles("dora", self.dora)
        set_(self, "dora", format_tiles(dora, sort=False))
        visible = _tiles("visible", self.visible)
        set_(self, "visible", format_tiles(visible))
        for name in ("round", "seat"):
            value = getattr(self, name)
            if not isinstance(value, str) or value.upper() not in WINDS or len(value) != 1:
                raise _fail(name, f"expected a wind E, S, W or N, not {_show(value)}")
            set_(self, name, value.upper())
        if isinstance(self.turn, bool) or not isinstance(self.turn, int) or self.turn < 0:
            raise _fail("turn", f"expected an integer >= 0, not {_show(self.turn)}")
        if not isinstance(self.topic, str) or not self.topic:
            raise _fail("theme", f"expected a non-empty string, not {_show(self.topic)}")
        if self.note is not None and not isinstance(self.note, str):
            raise _fail("note", f"expected a string, not {type(self.note).__name__}")

        discarded = None
        if self.drill == "call":
            if self.discarded is None:
                raise _fail("discarded", "a call problem needs the discarded tile (e.g. \"5m\")")
            tiles = _tiles("discarded", self.discarded)
            if len(tiles) != 1:
                raise _fail("discarded", f"expected one tile, not {len(tiles)}")
            discarded = tiles[0]
            set_(self, "discarded", discarded.name)
            if self.from_seat not in SEATS_FROM:
                raise _fail("from", f"expected L, A or R (who discarded the tile), not {_show(self.from_seat)}")
        else:
            if self.discarded is not None:
                raise _fail("discarded", f"only call problems have a discarded tile, not {self.drill}")
            if self.from_seat is not None:
                raise _fail("from", f"only call problems have a discarding seat, not {self.drill}")

        try:
            hand = self.to_hand()
            if discarded is not None:       # the discarded copy exists too
                replace(hand, visible=hand.visible + (discarded,))
        except TileError as error:
            raise _fail("hand", str(error)) from None
        need = _SIZES[self.drill]
        if hand.size != need:
            with_melds = f" with {len(melds)} meld(s) counting 3 each" if melds else ""
            raise _fail("hand", f"a {self.drill} problem holds {need} tiles, not {hand.size} "
                                f"({len(concealed)} concealed{with_melds})")
        if self.drill == "score":
            from mjgui.scoring import ScoringError, score
            try:
                score(hand)
            except ScoringError as error:
                raise _fail("hand", f"not a hand that can be scored: {error}") from None
        if self.drill == "defence":
            self._check_table(hand)
        if self.drill == "wait":
            from mjgui.waits import wait_details
            report = wait_details(hand)
            if not report.tenpai:
                raise _fail("hand", f"a wait problem is a tenpai hand; this one is {report.shanten}-shanten")
        for name in ("answer", "best"):
            value = getattr(self, name)
            if value is not None:
                set_(self, name, self._answers(name, value, hand, discarded))
        if self.shanten is not None and (isinstance(self.shanten, bool) or not isinstance(self.shanten, int)
                                         or not -1 <= self.shanten <= 8):
            raise _fail("shanten", f"expected an integer -1..8, not {_show(self.shanten)}")
        if self.drill == "score":            # a won hand: known without asking the engine
            if self.shanten not in (None, -1):
                raise _fail("shanten", f"a score problem's hand is won: its shanten is -1, not {self.shanten}")
            set_(self, "shanten", -1)
        if self.difficulty is not None:
            d = self.difficulty
            if isinstance(d, bool) or not isinstance(d, (int, float)) or not math.isfinite(d) or not 0 <= d <= 1:
                raise _fail("difficulty", f"expected a number 0..1, not {_show(d)}")
            set_(self, "difficulty", float(d))

    def _whole_hand(self, what: str, drill: str, example: str) -> Hand:
        """The hand of a problem whose text holds it all (melds, dora, winds, table): parsed,
        with no separate melds / dora / visible keys."""
        if not isinstance(self.hand, str):
            raise _fail("hand", f"expected the text form of {what}, not {type(self.hand).__name__}")
        for name in ("melds", "dora", "visible"):
            value = getattr(self, name)
            if value not in ((), [], ""):
                raise _fail(name, f"a {drill} problem gives its {name} in the hand text "
                                  f"(e.g. \"{example}\"); leave this key out")
        try:
            hand = Hand.parse(self.hand)
        except TileError as error:
            raise _fail("hand", str(error)) from None
        return hand

    def _winds_from(self, hand: Hand) -> None:
        """A round or seat key must agree with the hand text's; it is stored as the text's wind."""
        for name, wind in (("round", hand.round_wind), ("seat", hand.seat_wind)):
            value = getattr(self, name)
            if isinstance(value, str) and value.upper() not in ("E", WINDS[wind]):
                raise _fail(name, f"{_show(value)} differs from the hand's {name}:{WINDS[wind]}; "
                                  f"give the winds in the hand text")
            if isinstance(value, str) and value.upper() in WINDS and len(value) == 1:
                object.__setattr__(self, name, WINDS[wind])

    def _score_hand(self) -> tuple[list[Tile], list[Meld]]:
        """Check a score problem's hand text and store it canonically (the winning tile
        last); the winds are filled from it.  Returns its concealed tiles and melds."""
        set_ = object.__setattr__
        hand = self._whole_hand("a won hand", "score", "234m567p55s345s chi:6*78s@L dora:1z win:3s seat:S")
        if hand.win.tile is None:
            raise _fail("hand", "a score problem names its winning tile: add win:TILE (one of the "
                                "concealed tiles)")
        self._winds_from(hand)
        tiles = list(hand.concealed)
        tiles.remove(hand.win.tile)
        tiles = sorted(tiles) + [hand.win.tile]
        try:
            hand = replace(hand, concealed=tuple(tiles))
        except TileError as error:                  # not reached: the same tiles
            raise _fail("hand", str(error)) from None
        set_(self, "hand", str(hand))
        return tiles, list(hand.melds)

    def _table_hand(self) -> tuple[list[Tile], list[Meld]]:
        """Check a defence problem's hand text (the hand and the table) and store it
        canonically; the winds and the turn are filled from it."""
        set_ = object.__setattr__
        hand = self._whole_hand("a hand at the table", "defence", "234m567p11s34699s2z dora:1m seat:S L:19m4'5*s2p")
        if hand.win.tile is not None or hand.win.flags:
            raise _fail("hand", "a defence problem is a hand still in play: leave out win:, tsumo, riichi ...")
        self._winds_from(hand)
        if self.turn == 0 and hand.turn:
            set_(self, "turn", hand.turn)
        set_(self, "hand", str(hand))
        return list(hand.concealed), list(hand.melds)

    def _check_table(self, hand: Hand) -> None:
        """A defence problem faces a riichi; a push / fold hand is tenpai or 1-shanten."""
        if not any(o.in_riichi for o in hand.opponents):
            raise _fail("hand", "a defence problem needs an opponent in riichi: give its river with "
                                "a * after the riichi tile's digit (e.g. L:19m4'5*s2p)")
        if self.question == "pushfold":
            from mjgui import core
            s = core.shanten(hand.counts, core.ALL_FORMS if hand.is_closed else core.REGULAR)
            if s < 0:
                raise _fail("hand", "a push / fold hand is complete: nothing to decide (it wins)")
            if s > 1:
                raise _fail("hand", f"a push / fold hand is tenpai or 1-shanten; this one is {s}-shanten")

    def _answers(self, field: str, value: object, hand: Hand, discarded: Tile | None) -> tuple[str, ...]:
        items = _str_list(field, value)
        if self.drill == "defence" and self.question == "pushfold":
            try:
                picks = {parse_pushfold(text, hand.counts) for text in items}
            except TileError as error:
                raise _fail(field, str(error)) from None
            return tuple(f"{v} {KIND_NAMES[k]}" for v, k in sorted(picks, key=lambda p: (p[0] == "fold", p[1])))
        if self.drill == "score":
            try:
                return tuple(str(parse_score_answer(text)) for text in items)
            except TileError as error:
                raise _fail(field, str(error)) from None
        try:
            if self.drill == "call":
                calls = {parse_call(text, discarded) for text in items}  # type: ignore[arg-type]
                for call in calls:
                    problem = call_problem(call, hand, discarded.kind, self.from_seat)  # type: ignore[union-attr]
                    if problem:
                        raise TileError(f"{call}: {problem}")
                return tuple(str(c) for c in sorted(calls, key=Call.sort_key))
            kinds = set()
            for text in items:
                kinds.add(Tile.from_name(text).kind)
            if self.drill in ("nanikiru", "defence"):
                held = hand.counts
                for k in kinds:
                    if not held[k]:
                        raise TileError(f"{KIND_NAMES[k]} is not in the concealed hand")
            return tuple(KIND_NAMES[k] for k in sorted(kinds))
        except TileError as error:
            raise _fail(field, str(error)) from None

    # ---- views ----------------------------------------------------------------------
    def to_hand(self) -> Hand:
        """The problem's hand as a `mjgui.hand.Hand` (13 or 14 tiles; a call problem's
        discarded tile is not part of it; a score problem's hand holds its win situation)."""
        if self.drill in ("score", "defence"):
            return Hand.parse(self.hand)
        return Hand(tuple(parse_tiles(self.hand)), tuple(Meld.parse(m) for m in self.melds),
                    tuple(parse_tiles(self.dora)), tuple(parse_tiles(self.visible)),
                    WINDS.index(self.round), WINDS.index(self.seat))

    @property
    def discarded_tile(self) -> Tile | None:
        return None if self.discarded is None else Tile.from_name(self.discarded)

    @property
    def drawn(self) -> Tile | None:
        """The last concealed tile of a nanikiru problem (the draw)."""
        return parse_tiles(self.hand)[-1] if self.drill == "nanikiru" else None

    def with_engine(self, shanten: int | None, best: Sequence[str] | None,
                    difficulty: float | None) -> Problem:
        return replace(self, shanten=shanten, best=None if best is None else tuple(best),
                       difficulty=difficulty)

    def to_json(self) -> dict[str, Any]:
        """The problem as a JSON object, keys in schema order; absent optional keys omitted."""
        out: dict[str, Any] = {}
        for key in JSON_KEYS:
            value = getattr(self, _ATTR.get(key, key))
            if value is None:
                continue
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: object) -> Problem:
        if not isinstance(data, Mapping):
            raise ProblemSetError(f"a problem is a JSON object, not {type(data).__name__}")
        pid = data.get("id") if isinstance(data.get("id"), str) and not _bad_text(data.get("id")) else None
        if pid is not None and len(pid) > 60:
            pid = pid[:60] + "…"
        for key in data:
            if _bad_text(key):
                raise ProblemSetError(f"a key is {_NOT_TEXT}", field=_show(key)[1:-1], problem_id=pid)
            if key not in JSON_KEYS:
                raise ProblemSetError(f"unknown key (known: {', '.join(JSON_KEYS)})", field=_show(key, 40)[1:-1],
                                      problem_id=pid)
            if _bad_text(data[key]):
                raise ProblemSetError(_NOT_TEXT, field=key, problem_id=pid)
        for key in ("id", "kind", "hand"):
            if data.get(key) is None:
                raise ProblemSetError("missing", field=key, problem_id=pid)
        args = {_ATTR.get(k, k): v for k, v in data.items() if v is not None}
        for key in ("melds", "answer", "best"):
            if isinstance(args.get(key), list):
                args[key] = tuple(args[key])
        try:
            return cls(**args)
        except ProblemSetError as error:
            raise error.located(problem_id=pid) from None

    @classmethod
    def from_hand(cls, hand: Hand, id: str, drill: str = "nanikiru", **fields: Any) -> Problem:
        """A problem of the given drill for a Hand (its own discards are not kept)."""
        return cls(id=id, drill=drill, hand=format_tiles(hand.concealed, sort=False),
                   melds=tuple(str(m) for m in hand.melds),
                   dora=format_tiles(hand.dora_indicators, sort=False),
                   visible=format_tiles(hand.others_seen() + hand.discards),
                   round=WINDS[hand.round_wind], seat=WINDS[hand.seat_wind], **fields)


def call_problem(call: Call, hand: Hand, tile: int, seat: str | None) -> str:
    """Why `call` of `tile` from `seat` is impossible for `hand` ('' when it is possible)."""
    held = hand.counts
    if call.kind == "pon" and held[tile] < 2:
        return f"pon needs two {KIND_NAMES[tile]} in the hand"
    if call.kind == "chi":
        if seat != "L":
            return "chi is only called from the left player (L)"
        if not all(held[u] for u in call.uses):
            return f"chi needs {KIND_NAMES[call.uses[0]]} and {KIND_NAMES[call.uses[1]]} in the hand"
    return ""


@dataclass(frozen=True)
class ProblemSet:
    title: str
    problems: tuple[Problem, ...]

    def __len__(self) -> int:
        return len(self.problems)

    def __iter__(self):
        return iter(self.problems)

    def by_id(self, problem_id: str) -> Problem:
        for p in self.problems:
            if p.id == problem_id:
                return p
        raise KeyError(problem_id)


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(text: str, path: str | None) -> None:
    """Refuse nesting deeper than MAX_DEPTH before json.loads recurses into it (brackets
    inside strings do not count)."""
    depth = 0
    for token in _TOKENS.finditer(text):
        c = token.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProblemSetError(f"nested too deeply (more than {MAX_DEPTH} levels of lists "
                                      "and objects): not a problem set", path=path)
        elif c in "]}":
            depth -= 1


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ProblemSetError(f"a number with too many digits ({len(digits.lstrip('-'))}; "
                              f"at most {MAX_DIGITS})")
    return int(digits)


def _decode(data: str | bytes, path: str | None) -> object:
    if len(data) > MAX_FILE_BYTES:
        raise ProblemSetError(f"the file is too big ({len(data):,} bytes; a problem set is at most "
                              f"{MAX_FILE_BYTES:,})", path=path)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ProblemSetError(f"not UTF-8 text: {error}", path=path) from None
    _check_depth(data, path)
    try:
        return json.loads(data, parse_int=_parse_int)
    except ProblemSetError as error:
        raise error.located(path=path) from None
    except json.JSONDecodeError as error:
        raise ProblemSetError(f"not JSON: {error}", path=path) from None
    except (ValueError, RecursionError) as error:       # belt and braces: never a traceback
        raise ProblemSetError(f"not a readable JSON file ({type(error).__name__})", path=path) from None


def parse_set(data: str | bytes | Mapping, path: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> ProblemSet:
    """A problem set from its JSON text (or the decoded object).  `progress(done, total)`
    is called as the problems are validated (for a progress bar)."""
    if isinstance(data, (str, bytes)):
        data = _decode(data, path)
    if not isinstance(data, Mapping):
        raise ProblemSetError(f"a problem set is a JSON object, not {type(data).__name__}", path=path)
    if data.get("format") != FORMAT:
        raise ProblemSetError(f"not an mjgui problem set (expected \"format\": \"{FORMAT}\", "
                              f"found {_show(data.get('format'))})", field="format", path=path)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ProblemSetError(f"expected a version number, not {_show(version)}", field="version", path=path)
    if version > VERSION:
        raise ProblemSetError(f"version {version} is newer than this mjgui reads ({VERSION})",
                              field="version", path=path)
    title = data.get("title", "")
    if not isinstance(title, str):
        raise ProblemSetError(f"expected a string, not {type(title).__name__}", field="title", path=path)
    if _bad_text(title):
        raise ProblemSetError(_NOT_TEXT, field="title", path=path)
    for key in data:
        if key not in ("format", "version", "title", "problems"):
            raise ProblemSetError("unknown key (known: format, version, title, problems)",
                                  field=_show(key, 40)[1:-1] if isinstance(key, str) else _show(key),
                                  path=path)
    items = data.get("problems")
    if not isinstance(items, list):
        raise ProblemSetError(f"expected a list of problems, not {type(items).__name__}",
                              field="problems", path=path)
    if len(items) > MAX_PROBLEMS:
        raise ProblemSetError(f"{len(items):,} problems: a set holds at most {MAX_PROBLEMS:,} "
                              "(split it into several files)", field="problems", path=path)
    problems = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        try:
            problem = Problem.from_json(item)
        except ProblemSetError as error:
            raise error.located(index=i, path=path) from None
        if problem.id in seen:
            raise ProblemSetError("duplicate id", i, "id", problem.id, path)
        seen.add(problem.id)
        problems.append(problem)
        if progress is not None:
            progress(i + 1, len(items))
    return ProblemSet(title, tuple(problems))


def load_set(path: str | os.PathLike,
             progress: Callable[[int, int], None] | None = None) -> ProblemSet:
    """Read and validate a problem-set file (ProblemSetError on any problem, I/O included)."""
    name = os.fspath(path)
    try:
        raw, size = read_regular(path, MAX_FILE_BYTES)      # a file growing meanwhile is still capped
    except NotRegularFile:
        raise ProblemSetError("not a regular file", path=name) from None
    except OSError as error:
        raise ProblemSetError(f"cannot read the file: {error.strerror or error}", path=name) from None
    if size > MAX_FILE_BYTES:
        raise ProblemSetError(f"the file is too big ({size:,} bytes; a problem set "
                              f"is at most {MAX_FILE_BYTES:,})", path=name)
    return parse_set(raw, name, progress)


def dumps_set(problems: Iterable[Problem], title: str = "") -> str:
    """The file text of a set: header, then one problem per line (stable byte for byte)."""
    problems = list(problems)
    if not isinstance(title, str):
        raise ProblemSetError(f"expected a string, not {type(title).__name__}", field="title")
    seen: set[str] = set()
    for i, p in enumerate(problems):
        if not isinstance(p, Problem):
            raise ProblemSetError(f"expected a Problem, not {type(p).__name__}", index=i)
        if p.id in seen:
            raise ProblemSetError("duplicate id", i, "id", p.id)
        seen.add(p.id)
    head = (f'{{"format": {json.dumps(FORMAT)}, "version": {VERSION}, '
            f'"title": {json.dumps(title, ensure_ascii=False)},\n "problems": [')
    lines = [" " + json.dumps(p.to_json(), ensure_ascii=False) for p in problems]
    if not lines:
        return head + "]}\n"
    return head + "\n" + ",\n".join(lines) + "\n]}\n"


def save_set(path: str | os.PathLike, problems: Iterable[Problem], title: str = "") -> None:
    """Write a problem-set file (UTF-8), atomically: see `mjgui.atomic.write_atomic`."""
    text = dumps_set(problems, title)
    try:
        write_atomic(path, text.encode("utf-8"))
    except (OSError, UnicodeEncodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise ProblemSetError(f"cannot write the file: {reason}", path=os.fspath(path)) from None


def starter_set() -> ProblemSet:
    """The problem set shipped with mjgui (made by tools/gen_starter_set.py)."""
    text = resources.files("mjgui.drills").joinpath(STARTER_FILE).read_bytes()
    return parse_set(text, STARTER_FILE)
