"""The game record every log format reads into and writes from (see docs/logs.md).

A `GameRecord` is the four players' names and the rounds (局) in order.  A `Round` is its
start (round wind, dealer, honba, riichi sticks, scores, the first dora indicator, the four
dealt hands) and its events in play order: `Draw`, `Discard`, `Call`, `NewDora`, then its
results (`Win`, one per winner, or one `Ryuukyoku`).  Seats are absolute, 0-3 (seat 0 is the
first dealer, the order of the logs' name lists).  Tiles are `mjgui.tiles.Tile`; a tile a log
hides (mjai's "?") is None.  Every event keeps `at`, where it came from in the file (a line
number, an element index), for error messages; `at` takes no part in equality.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from mjgui.tiles import Tile

__all__ = ["LogError", "Draw", "Discard", "Call", "NewDora", "Win", "Ryuukyoku", "Round",
           "GameRecord", "Event", "Result", "CALL_KINDS", "DRAW_KINDS", "YAKU", "YAKU_ID",
           "LIMITS", "FIRST_YAKUMAN", "MAX_ROUNDS", "MAX_POINTS", "Cancelled", "check_cancel", "truncated"]

#: rounds in one game: a hanchan with every extension and renchan is a few dozen; more is no
#: game (and would cost minutes and gigabytes to replay and rate)
MAX_ROUNDS = 64
#: the largest score, payment or delta a log may state (a game starts at 25,000 points each)
MAX_POINTS = 10 ** 7


class LogError(ValueError):
    """A game log that cannot be read: the message names the file and the first bad record."""

    def __init__(self, message: str, path: str | None = None, at: str | None = None) -> None:
        self.reason = message
        self.path = path
        self.at = at
        where = ", ".join(w for w in (path, at) if w)
        text = f"{where}: {message}" if where else message
        super().__init__(text.encode("utf-8", "backslashreplace").decode("utf-8"))

    def located(self, path: str | None = None, at: str | None = None) -> LogError:
        """The same error with the file (and the record) filled in where unknown."""
        return LogError(self.reason, self.path or path, self.at or at)


class Cancelled(Exception):
    """The work was stopped before it finished (a newer request replaced it, or Cancel)."""


def check_cancel(cancelled) -> None:
    """Raise Cancelled when `cancelled` (a callable, or None) says so."""
    if cancelled is not None and cancelled():
        raise Cancelled()


def truncated(what: str) -> LogError:
    """The error of a log that stops before its game ends (README: "a truncated file")."""
    return LogError(f"a truncated file: {what}")


#: chi, pon, open quad (大明槓), closed quad (暗槓), added quad (加槓)
CALL_KINDS = ("chi", "pon", "kan", "ankan", "kakan")
#: how a round ends without a win: exhaustive draw (荒牌流局) and the abortive draws
DRAW_KINDS = ("exhaustive", "nagashi-mangan", "nine-terminals", "four-riichi", "triple-ron",
              "four-kans", "four-winds")
#: limit names, by tenhou's limit code 0-5
LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")

# The yaku, numbered as tenhou's mjlog numbers them (0-54): the English key the record keeps
# and tenhou's Japanese name (the tenhou.net/6 text, with a space in the wind and dragon names).
YAKU: tuple[tuple[str, str], ...] = (
    ("menzen-tsumo", "門前清自摸和"), ("riichi", "立直"), ("ippatsu", "一発"), ("chankan", "槍槓"),
    ("rinshan", "嶺上開花"), ("haitei", "海底摸月"), ("houtei", "河底撈魚"), ("pinfu", "平和"),
    ("tanyao", "断幺九"), ("iipeikou", "一盃口"),
    ("seat-east", "自風 東"), ("seat-south", "自風 南"), ("seat-west", "自風 西"), ("seat-north", "自風 北"),
    ("round-east", "場風 東"), ("round-south", "場風 南"), ("round-west", "場風 西"), ("round-north", "場風 北"),
    ("haku", "役牌 白"), ("hatsu", "役牌 發"), ("chun", "役牌 中"),
    ("double-riichi", "両立直"), ("chiitoitsu", "七対子"), ("chanta", "混全帯幺九"), ("ittsu", "一気通貫"),
    ("sanshoku", "三色同順"), ("sanshoku-doukou", "三色同刻"), ("sankantsu", "三槓子"), ("toitoi", "対々和"),
    ("sanankou", "三暗刻"), ("shousangen", "小三元"), ("honroutou", "混老頭"),
    ("ryanpeikou", "二盃口"), ("junchan", "純全帯幺九"), ("honitsu", "混一色"), ("chinitsu", "清一色"),
    ("renhou", "人和"), ("tenhou", "天和"), ("chiihou", "地和"), ("daisangen", "大三元"),
    ("suuankou", "四暗刻"), ("suuankou-tanki", "四暗刻単騎"), ("tsuuiisou", "字一色"), ("ryuuiisou", "緑一色"),
    ("chinroutou", "清老頭"), ("chuuren", "九蓮宝燈"), ("junsei-chuuren", "純正九蓮宝燈"),
    ("kokushi", "国士無双"), ("kokushi-13", "国士無双１３面"), ("daisuushii", "大四喜"),
    ("shousuushii", "小四喜"), ("suukantsu", "四槓子"),
    ("dora", "ドラ"), ("ura", "裏ドラ"), ("aka", "赤ドラ"),
)
YAKU_ID = {key: i for i, (key, _) in enumerate(YAKU)}
FIRST_YAKUMAN = YAKU_ID["tenhou"]


@dataclass(frozen=True)
class Draw:
    """A seat draws a tile (ツモ); `rinshan` when it replaces a quad."""
    seat: int
    tile: Tile | None
    rinshan: bool = False
    at: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Discard:
    """A seat discards (打牌): the drawn tile (`tsumogiri`, ツモ切り) or not; `riichi` when
    the discard declares riichi (立直宣言牌)."""
    seat: int
    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    at: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Call:
    """A call: `kind` one of CALL_KINDS; `tiles` the meld's tiles (3, or 4 for quads);
    `tile` the tile taken (the called discard; for kakan the added tile; None for ankan);
    `source` the seat it was called from (None for ankan and kakan)."""
    seat: int
    kind: str
    tiles: tuple[Tile, ...]
    tile: Tile | None = None
    source: int | None = None
    at: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))      # one order for every format


@dataclass(frozen=True)
class NewDora:
    """A new dora indicator turned over (after a quad)."""
    tile: Tile
    at: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Win:
    """A win (和了) as the log states it.  `source` is the seat that dealt in, equal to
    `seat` for a tsumo; `hand` the concealed tiles with the winning tile; `points` what the
    payers paid together before honba and sticks; `fu` None when the log leaves it out
    (tenhou.net/6 for limit hands); `yaku` (key of YAKU, han) pairs, 13 han per yakuman;
    `deltas` the score changes of the four seats (honba and sticks included)."""
    seat: int
    source: int
    tile: Tile
    han: int
    fu: int | None
    points: int
    limit: int = 0
    yaku: tuple[tuple[str, int], ...] = ()
    hand: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    pao: int | None = None
    at: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))

    @property
    def tsumo(self) -> bool:
        return self.seat == self.source


@dataclass(frozen=True)
class Ryuukyoku:
    """A round without a win: `kind` one of DRAW_KINDS; `deltas` the score changes."""
    kind: str = "exhaustive"
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    at: str = field(default="", compare=False, repr=False)


Event = Union[Draw, Discard, Call, NewDora]
Result = Union[Win, Ryuukyoku]


@dataclass(frozen=True)
class Round:
    """One round (局): `wind` 0-3 (E S W N), `dealer` the dealer's seat (親; kyoku = dealer + 1)."""
    wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, int, int, int]
    dora: Tile
    hands: tuple[tuple[Tile | None, ...], ...]
    events: tuple[Event, ...] = ()
    results: tuple[Result, ...] = ()
    at: str = field(default="", compare=False, repr=False)

    @property
    def name(self) -> str:
        """"E1", "S3": the round wind and the kyoku number."""
        return "ESWN"[self.wind] + str(self.dealer + 1)


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the log format it came from, the players' names, the rounds."""
    format: str
    players: tuple[str, str, str, str]
    rounds: tuple[Round, ...]
    title: str = ""

    def seat_of(self, player: str | int) -> int:
        """A seat from a number 0-3 (or its text) or a player's name."""
        if isinstance(player, int) and not isinstance(player, bool):
            if 0 <= player <= 3:
                return player
        elif isinstance(player, str):
            if player in self.players:
                return self.players.index(player)
            if player.strip() in ("0", "1", "2", "3"):
                return int(player)
        names = ", ".join(f"{i} {n!r}" for i, n in enumerate(self.players))
        raise LogError(f"no player {player!r} in this game: give a seat 0-3 or a name ({names})")
