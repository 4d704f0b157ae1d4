"""A player's hand and what they can see: concealed tiles (red fives kept),
open melds, dora indicators, other visible tiles, winds and own discards.

Text form (round-trips through `Hand.parse` / `str`), tokens separated by spaces:

    23m456p789s11z556z chi:3*45m@L pon:7*77z@R dora:1z visible:55m round:E seat:S discards:9p1z

- the first token is the concealed tiles in mpsz (the last one may be the drawn tile). `parse`
  keeps the order given; `str()` writes them sorted, except that in a hand of 3k+2 tiles the
  last one is the draw and stays last: `789s23s` reads `23789s` in a 13-tile hand, and a 14-tile
  hand's draw that sorts elsewhere is its own group at the end (`123m456p11z2789s3s`), as the
  hand view shows it apart;
- a meld is `KIND:TILES[@SEAT]`: `chi`, `pon`, `kan` (open quad, 大明槓), `ankan` (closed quad,
  暗槓) or `kakan` (added quad, 加槓); the called tile's digit is followed by `*`; the seat it was
  called from is `@L` (left, 上家), `@A` (across, 対面) or `@R` (right, 下家); chi is always `@L`,
  an ankan has neither `*` nor a seat;
- `dora:`, `visible:` and `discards:` take mpsz tiles; `round:` and `seat:` a wind E, S, W or N;
- `turn:N`, the draw just made (1-18), for the expected-value search;
- the table state a defender sees (`mjgui.opponents`): `L:`, `A:`, `R:` the other players' rivers
  in order (`'` after a digit: tsumogiri, `*`: the riichi tile, `^`: called by another player),
  `L.pon:5*55z@A` their melds, and `scores:E,S,W,N` the four scores by seat wind;
- how a complete hand was won (for scoring): `win:TILE` (the winning tile, one of the concealed
  tiles), `tsumo` or `ron` (the default), `riichi` or `double-riichi`, `ippatsu`, `haitei`,
  `houtei`, `rinshan`, `chankan`, `tenhou`, `chiihou`, `ura:TILES` (ura dora indicators),
  `honba:N` and `sticks:N` (riichi sticks on the table).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Iterable, Sequence

from mjgui.defence.opponents import POSITION, Opponent, parse_river
from mjgui.defence.opponents import SEATS as OPPONENT_SEATS
from mjgui.tiles import (KIND_NAMES, N_KINDS, PHYSICAL_TILES, RED_FIVE_KINDS, Tile, TileError, counts,
                         format_tiles, parse_tenhou_url, parse_tiles, tenhou_url, to_unicode)

WINDS = "ESWN"
SEATS = {"L": "left", "A": "across", "R": "right"}


class MeldKind(Enum):
    CHI = "chi"        # run called from the left player (チー)
    PON = "pon"        # triplet called from anyone (ポン)
    KAN = "kan"        # open quad from a discard (大明槓)
    ANKAN = "ankan"    # closed quad (暗槓)
    KAKAN = "kakan"    # quad added to a pon (加槓)


@dataclass(frozen=True)
class Meld:
    """An open (or closed-quad) meld: its tiles, the called tile and its seat."""
    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    seat: str | None = None          # "L", "A", "R"; None for an ankan

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles))
        object.__setattr__(self, "tiles", tiles)
        kinds = [t.kind for t in tiles]
        quad = self.kind in (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN)
        what = f"{self.kind.value}:{format_tiles(tiles)}"
        if len(tiles) != (4 if quad else 3):
            raise TileError(f"{what}: a {self.kind.value} has {4 if quad else 3} tiles, not {len(tiles)}")
        if self.kind is MeldKind.CHI:
            if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0] + i for i in range(3)]:
                raise TileError(f"{what}: a chi is three consecutive tiles of one suit")
        elif len(set(kinds)) != 1:
            raise TileError(f"{what}: a {self.kind.value} is {len(tiles)} copies of one tile")
        if self.kind is MeldKind.ANKAN:
            if self.called is not None or self.seat is not None:
                raise TileError(f"{what}: a closed kan has no called tile and no seat")
            return
        if self.called is None or self.called not in tiles:
            raise TileError(f"{what}: mark the called tile with * (e.g. chi:3*45m)")
        seat = self.seat or "L"
        if seat not in SEATS:
            raise TileError(f"{what}: seat must be @L, @A or @R, not @{seat}")
        if self.kind is MeldKind.CHI and seat != "L":
            raise TileError(f"{what}: chi is only called from the left player (@L)")
        object.__setattr__(self, "seat", seat)

    @property
    def is_open(self) -> bool:
        return self.kind is not MeldKind.ANKAN

    @property
    def is_run(self) -> bool:
        return self.kind is MeldKind.CHI

    @property
    def base_kind(self) -> int:
        """Lowest tile kind (a run's first tile, a triplet's tile)."""
        return self.tiles[0].kind

    @classmethod
    def parse(cls, token: str) -> Meld:
        name, sep, rest = token.partition(":")
        try:
            kind = MeldKind(name.lower())
        except ValueError:
            raise TileError(f"unknown meld {name!r} in {token!r}: use chi, pon, kan, ankan or kakan") from None
        if not sep or not rest:
            raise TileError(f"meld {token!r} has no tiles (e.g. {name}:3*45m)")
        body, _, seat = rest.partition("@")
        if body.count("*") > 1:
            raise TileError(f"meld {token!r} marks more than one called tile")
        star = body.find("*")
        if star == 0:
            raise TileError(f"in meld {token!r} the * must follow the called tile's digit")
        tiles = parse_tiles(body.replace("*", ""))
        called = None
        if star > 0:
            digits_before = sum(ch.isdigit() for ch in body[:star])
            called = tiles[digits_before - 1]
        return cls(kind, tuple(tiles), called, seat.upper() or None)

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        if self.called is not None:
            i = self.tiles.index(self.called)
            # the called tile's digit is the i-th digit of the mpsz text
            pos = [j for j, ch in enumerate(text) if ch.isdigit()][i]
            text = text[:pos + 1] + "*" + text[pos + 1:]
        return f"{self.kind.value}:{text}" + (f"@{self.seat}" if self.seat else "")


# the win words of the text form, in the order they are written back
WIN_FLAGS = ("tsumo", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan",
             "chankan", "tenhou", "chiihou")
MAX_COUNTER = 99     # honba and riichi sticks beyond this are typos, not games
MAX_TURN = 18        # turn:N is the draw just made; a player draws at most 18 times
MAX_SCORE = 999_900  # a score beyond this is a typo, not a game


@dataclass(frozen=True)
class Win:
    """How the hand was won: the winning tile and the situation around it."""
    tile: Tile | None = None
    flags: frozenset[str] = frozenset()     # words of WIN_FLAGS ("ron" is no tsumo)
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    sticks: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "flags", frozenset(self.flags))
        object.__setattr__(self, "ura_indicators", tuple(self.ura_indicators))
        unknown = self.flags - set(WIN_FLAGS)
        if unknown:
            raise TileError(f"unknown win situation {sorted(unknown)[0]!r}: use {', '.join(WIN_FLAGS)}")
        if len(self.ura_indicators) > 5:
            raise TileError(f"{len(self.ura_indicators)} ura indicators: at most 5 (one per dora indicator)")
        for name in ("honba", "sticks"):
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= MAX_COUNTER:
                raise TileError(f"{name} must be a whole number 0-{MAX_COUNTER}, not {value!r}")

    @property
    def tsumo(self) -> bool:
        return "tsumo" in self.flags

    def tokens(self) -> list[str]:
        parts = [f"win:{self.tile}"] if self.tile is not None else []
        parts += [f for f in WIN_FLAGS if f in self.flags]
        if self.ura_indicators:
            parts.append("ura:" + format_tiles(self.ura_indicators, sort=False))
        parts += [f"{n}:{getattr(self, n)}" for n in ("honba", "sticks") if getattr(self, n)]
        return parts


def _counter(value: str, what: str) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 2:
        raise TileError(f"{what}:{value[:20]} must be a whole number 0-{MAX_COUNTER}")
    return int(value)


def in_text_order(tiles: Sequence[Tile]) -> list[Tile]:
    """The concealed tiles in the text form's order: sorted, except that in a hand of 3k+2
    tiles the last one (the draw) stays last."""
    tiles = list(tiles)
    if len(tiles) % 3 == 2:
        return sorted(tiles[:-1]) + tiles[-1:]
    return sorted(tiles)


def _concealed_text(tiles: Sequence[Tile]) -> str:
    """'23789s', or with a draw that sorts elsewhere '2789s3s' (the draw as its own group)."""
    ordered = in_text_order(tiles)
    if not ordered:
        return "-"
    if len(ordered) % 3 == 2 and ordered != sorted(ordered):
        return format_tiles(ordered[:-1]) + format_tiles(ordered[-1:])
    return format_tiles(ordered)


def _turn(value: str) -> int:
    """turn:N, the draw just made: one message for any value that is not 1-18."""
    if not value.isascii() or not value.isdigit() or len(value) > 2 or not 1 <= int(value) <= MAX_TURN:
        raise TileError(f"turn:{value[:20]} must be a whole number 1-{MAX_TURN} (the draw just made)")
    return int(value)


def _scores(value: str) -> tuple[int, ...]:
    """scores:25000,25000,25000,25000 (seat winds E S W N)."""
    parts = value.split(",")
    if len(parts) != 4 or not all(p.lstrip("-").isascii() and p.lstrip("-").isdigit() and len(p) <= 7
                                  for p in parts):
        raise TileError(f"scores:{value[:40]} must be four whole numbers separated by commas "
                        "(E,S,W,N), e.g. scores:25000,25000,25000,25000")
    return tuple(int(p) for p in parts)


def _wind(value: str, what: str) -> int:
    if value.upper() not in WINDS or len(value) != 1:
        raise TileError(f"{what} must be one of E, S, W, N, not {value!r}")
    return WINDS.index(value.upper())


@dataclass(frozen=True)
class Hand:
    """Concealed tiles in play order (a 3k+2 hand's last tile is the draw)."""
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    dora_indicators: tuple[Tile, ...] = ()
    visible: tuple[Tile, ...] = ()
    round_wind: int = 0                  # 0..3 = E S W N
    seat_wind: int = 0
    discards: tuple[Tile, ...] = ()      # own discards (furiten)
    win: Win = Win()                     # how a complete hand was won (scoring)
    turn: int = 0                        # the draw just made, 1-18 (0: not said)
    opponents: tuple[Opponent, ...] = ()  # what the player sees of the other seats (L, A, R order)
    scores: tuple[int, ...] = ()         # the four scores by seat wind E S W N (empty: not known)
    _counts: bytes = field(default=b"", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("concealed", "melds", "dora_indicators", "visible", "discards", "scores"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        self._check_table()
        if len(self.melds) > 4:
            raise TileError(f"a hand has at most 4 melds, not {len(self.melds)}")
        if len(self.dora_indicators) > 5:
            raise TileError(f"at most 5 dora indicators (one, and one more per kan), not "
                            f"{len(self.dora_indicators)}")
        for wind in (self.round_wind, self.seat_wind):
            if wind not in range(4):
                raise TileError(f"a wind is 0-3 (E S W N), not {wind!r}")
        if type(self.turn) is not int or not 0 <= self.turn <= MAX_TURN:
            raise TileError(f"turn is the draw just made, 1-{MAX_TURN}, not {self.turn!r}")
        seen = [0] * N_KINDS
        reds = [0] * N_KINDS
        for t in self.all_tiles():
            seen[t.kind] += 1
            reds[t.kind] += t.red
        for k in range(N_KINDS):
            if seen[k] > 4:
                raise TileError(f"{seen[k]} copies of {KIND_NAMES[k]} between the hand, melds, "
                                "dora indicators, visible tiles, discards and the other players' rivers "
                                "and melds: at most 4 exist")
            if reds[k] > 1:
                raise TileError(f"{reds[k]} red fives {format_tiles([Tile(k, True)])}: only one exists")
        object.__setattr__(self, "_counts", bytes(counts(self.concealed)))
        if self.win.tile is not None and self.win.tile not in self.concealed:
            plain = Tile(self.win.tile.kind)
            if self.win.tile.red or plain.kind not in [t.kind for t in self.concealed]:
                raise TileError(f"win:{self.win.tile}: the winning tile must be one of the concealed tiles")
            # the only copies held are red: the winning tile is one of them
            object.__setattr__(self, "win", replace(self.win, tile=Tile(plain.kind, True)))

    def _check_table(self) -> None:
        # an opponent with neither river nor melds says nothing (and has no text form)
        opponents = sorted((o for o in self.opponents if o.river or o.melds),
                           key=lambda o: OPPONENT_SEATS.index(o.seat))
        if [o.seat for o in opponents] != sorted({o.seat for o in opponents}, key=OPPONENT_SEATS.index):
            raise TileError("an opponent's river and melds are given once per seat (L, A, R)")
        object.__setattr__(self, "opponents", tuple(opponents))
        if self.scores and (len(self.scores) != 4 or any(type(v) is not int or abs(v) > MAX_SCORE
                                                         for v in self.scores)):
            raise TileError(f"scores are four whole numbers (E, S, W, N), each within ±{MAX_SCORE:,}")

    # --- views ---------------------------------------------------------------
    def opponent(self, seat: str) -> Opponent:
        """The seat's river and melds (an empty Opponent when nothing is given)."""
        return next((o for o in self.opponents if o.seat == seat), Opponent(seat))

    def wind_of(self, seat: str) -> int:
        """The seat wind of an opponent: the left player plays just before the player."""
        return (self.seat_wind + POSITION[seat]) % 4

    def others_seen(self) -> tuple[Tile, ...]:
        """Every tile the other players have shown: `visible:` and the opponents' rivers and melds."""
        return self.visible + tuple(t for o in self.opponents for t in o.tiles_shown())

    def all_tiles(self) -> Iterable[Tile]:
        """Every physical tile this hand accounts for."""
        yield from self.concealed
        for m in self.melds:
            yield from m.tiles
        yield from self.dora_indicators
        yield from self.visible
        yield from self.discards
        yield from self.win.ura_indicators
        for o in self.opponents:
            yield from o.tiles_shown()

    @property
    def counts(self) -> bytes:
        """34 counts of the concealed tiles (what the core takes)."""
        return self._counts

    @property
    def size(self) -> int:
        """Tiles counted toward the 13/14: concealed + 3 per meld (a quad counts 3)."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def analysable(self) -> bool:
        """13 or 14 tiles (melds counting 3): a hand the analysis takes."""
        return self.size in (13, 14)

    @property
    def can_discard(self) -> bool:
        """The concealed tiles leave one over the sets and pair (3k+2): a discard is due."""
        return len(self.concealed) % 3 == 2

    def red_available(self) -> dict[int, bool]:
        """For each five with a red copy (5m, 5p, 5s): whether that red tile is still unused."""
        used = {t.kind for t in self.all_tiles() if t.red}
        return {k: k not in used for k in RED_FIVE_KINDS}

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def check_size(self) -> None:
        """Raise unless the hand holds 13 or 14 tiles (melds counting 3 each)."""
        if self.size not in (13, 14):
            tiles = f"{len(self.concealed)} concealed tiles"
            if self.melds:
                tiles += f" and {len(self.melds)} meld{'s' * (len(self.melds) > 1)}"
            need = 14 - 3 * len(self.melds)
            raise TileError(f"{tiles}: a hand holds {need - 1} or {need} concealed tiles "
                            f"with {len(self.melds)} meld{'s' * (len(self.melds) != 1)}")

    def remaining(self) -> list[int]:
        """Copies of each kind not in this hand (concealed, melds, the tile about
        to be discarded) nor visible (dora indicators, visible tiles, discards)."""
        seen = counts(self.all_tiles())
        return [max(4 - n, 0) for n in seen]

    # --- changes (hands are immutable) ----------------------------------------
    def _win_for(self, tiles: Sequence[Tile]) -> Win:
        """The win situation kept for new concealed tiles: the winning tile only
        while it is still held."""
        if self.win.tile is None or self.win.tile in tiles:
            return self.win
        return replace(self.win, tile=None)

    def with_concealed(self, tiles: Sequence[Tile]) -> Hand:
        return replace(self, concealed=tuple(tiles), win=self._win_for(tiles))

    def discard(self, tile: Tile | int) -> Hand:
        """The hand after discarding one tile (a kind discards a plain copy
        before a red five); the tile joins the own discards."""
        tiles = list(self.concealed)
        if isinstance(tile, int):
            matches = [t for t in tiles if t.kind == tile]
            if not matches:
                raise TileError(f"no {KIND_NAMES[tile]} in the hand to discard")
            tile = min(matches, key=lambda t: (t.red, -tiles.index(t)))
        if tile not in tiles:
            raise TileError(f"no {tile.name} in the hand to discard")
        tiles.reverse()
        tiles.remove(tile)          # the last copy: a drawn tile goes first
        tiles.reverse()
        return replace(self, concealed=tuple(tiles), discards=self.discards + (tile,),
                       win=self._win_for(tiles))

    def draw(self, tile: Tile) -> Hand:
        return replace(self, concealed=self.concealed + (tile,))

    @classmethod
    def deal(cls, seed: int | None = None, round_wind: int = 0, seat_wind: int = 0) -> Hand:
        """14 tiles sampled from the 136 physical tiles: the first 13 sorted, the 14th
        as the draw. The same seed gives the same hand."""
        tiles = random.Random(seed).sample(PHYSICAL_TILES, 14)
        return cls(tuple(sorted(tiles[:13])) + (tiles[13],), round_wind=round_wind, seat_wind=seat_wind)

    # --- text -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse the text form (see the module doc); a tenhou/2 URL also works."""
        text = text.strip()
        if text.startswith(("http://", "https://")):
            return cls(tuple(parse_tenhou_url(text)))
        tokens = text.split()
        if not tokens:
            raise TileError("empty hand: type tiles like 123m456p789s11z")
        concealed: list[Tile] = []
        melds: list[Meld] = []
        extra: dict[str, object] = {}
        win: dict[str, object] = {}
        flags: set[str] = set()
        rivers: dict[str, object] = {}
        their_melds: dict[str, list[Meld]] = {}
        for i, token in enumerate(tokens):
            key, sep, value = token.partition(":")
            key = key.lower()
            if not sep and i and (key in WIN_FLAGS or key == "ron"):
                if key in flags or (key == "ron" and "ron" in win):
                    raise TileError(f"{key}: given twice")
                if key == "ron":
                    win["ron"] = True
                else:
                    flags.add(key)
                if "ron" in win and "tsumo" in flags:
                    raise TileError("a hand is won by tsumo or by ron, not both")
            elif not sep:
                if concealed or melds or extra:
                    raise TileError(f"{token!r}: only the first token is the concealed tiles; "
                                    "write melds as chi:3*45m, pon:5*55z@R ...")
                concealed = [] if token == "-" else parse_tiles(token)
            elif key in ("chi", "pon", "kan", "ankan", "kakan"):
                melds.append(Meld.parse(token))
            elif key.upper() in OPPONENT_SEATS:
                seat = key.upper()
                if seat in rivers:
                    raise TileError(f"{seat}: (that player's river) given twice")
                rivers[seat] = parse_river(value, seat)
            elif key[:2].upper() in ("L.", "A.", "R.") and key[2:] in ("chi", "pon", "kan", "ankan", "kakan"):
                their_melds.setdefault(key[0].upper(), []).append(Meld.parse(token[2:]))
            elif key == "scores":
                if "scores" in extra:
                    raise TileError("scores: given twice")
                extra["scores"] = _scores(value)
            elif key in ("dora", "visible", "discards"):
                name = {"dora": "dora_indicators"}.get(key, key)
                if name in extra:
                    raise TileError(f"{key}: given twice")
                extra[name] = tuple(parse_tiles(value))
            elif key in ("round", "seat"):
                extra[f"{key}_wind"] = _wind(value, f"{key} wind")
            elif key == "turn":
                if "turn" in extra:
                    raise TileError("turn: given twice")
                extra["turn"] = _turn(value)
            elif key in ("win", "ura", "honba", "sticks"):
                if key in win:
                    raise TileError(f"{key}: given twice")
                if key == "win":
                    tiles = parse_tiles(value)
                    if len(tiles) != 1:
                        raise TileError(f"win:{value[:20]} names one tile, e.g. win:3z")
                    win[key] = tiles[0]
                elif key == "ura":
                    win[key] = tuple(parse_tiles(value))
                else:
                    win[key] = _counter(value, key)
            else:
                raise TileError(f"unknown part {token[:40]!r}: expected a meld (chi/pon/kan/ankan/kakan:), "
                                "dora:, visible:, discards:, round:, seat:, turn:, a win word "
                                "(win:, tsumo, ron, riichi, ura:, honba:, ...), an opponent's river "
                                "(L:, A:, R:) or meld (L.pon: ...), or scores:")
        if win or flags:
            extra["win"] = Win(win.get("win"), frozenset(flags), win.get("ura", ()),
                               win.get("honba", 0), win.get("sticks", 0))
        if rivers or their_melds:
            extra["opponents"] = tuple(Opponent(s, rivers.get(s, ()), tuple(their_melds.get(s, ())))
                                       for s in OPPONENT_SEATS if s in rivers or s in their_melds)
        return cls(tuple(concealed), tuple(melds), **extra)  # type: ignore[arg-type]

    def __str__(self) -> str:
        parts = [_concealed_text(self.concealed)]
        parts += [str(m) for m in self.melds]
        if self.dora_indicators:
            parts.append("dora:" + format_tiles(self.dora_indicators, sort=False))
        if self.visible:
            parts.append("visible:" + format_tiles(self.visible))
        if self.round_wind or self.seat_wind:
            parts += [f"round:{WINDS[self.round_wind]}", f"seat:{WINDS[self.seat_wind]}"]
        if self.discards:
            parts.append("discards:" + format_tiles(self.discards, sort=False))
        parts += self.win.tokens()
        if self.turn:
            parts.append(f"turn:{self.turn}")
        for o in self.opponents:
            parts += o.tokens()
        if self.scores:
            parts.append("scores:" + ",".join(map(str, self.scores)))
        return " ".join(parts)

    def mpsz(self) -> str:
        """The concealed tiles sorted, in mpsz (what tenhou/2 takes)."""
        return format_tiles(self.concealed)

    def tenhou_url(self) -> str:
        return tenhou_url(self.concealed)

    def unicode(self) -> str:
        """The concealed tiles as Unicode tile characters, then each meld and the dora
        indicators as groups of their own, separated by spaces ("dora" before the indicators)."""
        parts = [to_unicode(self.concealed)] + [to_unicode(m.tiles) for m in self.melds]
        if self.dora_indicators:
            parts.append("dora " + to_unicode(self.dora_indicators, sort=False))
        return " ".join(p for p in parts if p)

    def url_drops(self) -> list[str]:
        """What a tenhou/2 URL (concealed tiles only) cannot say about this hand."""
        lost = []
        if self.melds:
            lost.append("melds")
        if self.dora_indicators:
            lost.append("dora indicators")
        if self.visible or self.discards:
            lost.append("visible tiles")
        return lost
