"""Tiles, tile kinds and the tenhou "mpsz" notation.

Kinds are indexed 0..33: 0-8 = 1m..9m, 9-17 = 1p..9p, 18-26 = 1s..9s,
27-33 = 1z..7z (East South West North White Green Red).  A red five
(aka dora, 赤ドラ) is a five (kind 4, 13 or 22) flagged ``red`` and written
``0m``/``0p``/``0s``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Iterable, Sequence
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "TileError", "Tile", "N_KINDS", "SUITS", "KIND_NAMES", "YAOCHU_KINDS",
    "RED_FIVE_KINDS", "UNICODE_CHARS", "HONOR_NAMES_EN", "HONOR_NAMES_JA", "kind_of",
    "suit_of", "is_yaochu_kind", "parse_tiles", "format_tiles", "to_unicode",
    "counts", "from_counts", "parse_counts", "tenhou_url", "parse_tenhou_url",
    "MAX_TEXT", "clip", "check_length", "PHYSICAL_TILES",
]

#: The longest text a hand or tile list can sensibly be (every field of the hand's text
#: form filled); longer input is refused before parsing (cheap, and no huge echo).
MAX_TEXT = 2000


def clip(text: str, limit: int = 60) -> str:
    """`text` as a short repr for an error message."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} characters)"


def check_length(text: str, what: str = "the text") -> None:
    """TileError when `text` is longer than MAX_TEXT."""
    if len(text) > MAX_TEXT:
        raise TileError(f"{what} is too long ({len(text):,} characters; at most {MAX_TEXT:,})")


class TileError(ValueError):
    """Invalid tile, tile string or tile multiset."""


N_KINDS = 34
SUITS = "mpsz"
KIND_NAMES: tuple[str, ...] = tuple(
    f"{n}{s}" for s in "mps" for n in range(1, 10)
) + tuple(f"{n}z" for n in range(1, 8))
YAOCHU_KINDS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RED_FIVE_KINDS: tuple[int, ...] = (4, 13, 22)
HONOR_NAMES_EN: tuple[str, ...] = ("East", "South", "West", "North", "White", "Green", "Red")
HONOR_NAMES_JA: tuple[str, ...] = ("東", "南", "西", "北", "白", "發", "中")

_YAOCHU_SET = frozenset(YAOCHU_KINDS)
_DIGITS = "0123456789"
# Code points of the Unicode mahjong tiles block, by kind.
_UNICODE_CODES: tuple[int, ...] = (
    tuple(range(0x1F007, 0x1F010))      # 1m..9m
    + tuple(range(0x1F019, 0x1F022))    # 1p..9p
    + tuple(range(0x1F010, 0x1F019))    # 1s..9s
    + (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)  # ESWN, White Green Red
)
UNICODE_CHARS: tuple[str, ...] = tuple(chr(c) for c in _UNICODE_CODES)
_KIND_OF_CHAR = {c: k for k, c in enumerate(UNICODE_CHARS)}
_TILE_BLOCK = range(0x1F000, 0x1F030)
_VARIATION_SELECTORS = "\ufe0e\ufe0f"   # emoji/text presentation, ignored


def _check_kind(kind: object) -> int:
    if isinstance(kind, bool):
        raise TileError(f"tile kind must be an integer 0-33, not {kind!r}")
    try:
        k = operator.index(kind)  # type: ignore[arg-type]
    except TypeError:
        raise TileError(f"tile kind must be an integer 0-33, not {kind!r}") from None
    if not 0 <= k < N_KINDS:
        raise TileError(f"tile kind {k} is out of range 0-33")
    return k


@dataclass(frozen=True, order=True)
class Tile:
    """One tile: a kind 0..33, and for fives whether it is a red five (赤ドラ)."""

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        kind = _check_kind(self.kind)
        if self.red not in (False, True):
            raise TileError(f"red must be True or False, not {self.red!r}")
        red = bool(self.red)
        if red and kind not in RED_FIVE_KINDS:
            raise TileError(
                f"{KIND_NAMES[kind]} cannot be red: only 0m, 0p, 0s (red fives) exist")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "red", red)

    @classmethod
    def from_name(cls, name: str) -> Tile:
        """Tile from its mpsz name, e.g. "5m" or "0m" (red five)."""
        if not isinstance(name, str) or len(name) != 2 or name[0] not in _DIGITS \
                or name[1] not in SUITS:
            raise TileError(f"{name!r} is not a tile name (like 5m, 0p or 7z)")
        return _make_tile(name[0], name[1])

    @property
    def name(self) -> str:
        """mpsz name, "0m" for a red five."""
        return f"0{self.suit}" if self.red else KIND_NAMES[self.kind]

    @property
    def plain_name(self) -> str:
        """mpsz name ignoring redness ("5m" for a red five)."""
        return KIND_NAMES[self.kind]

    @property
    def suit(self) -> str:
        """'m' (man 萬子), 'p' (pin 筒子), 's' (sou 索子) or 'z' (honours 字牌)."""
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        """1-9 for suited tiles (5 for a red five), 1-7 for honours."""
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        """Wind or dragon (字牌)."""
        return self.kind >= 27

    @property
    def is_terminal(self) -> bool:
        """1 or 9 of a suit (老頭牌)."""
        return self.kind < 27 and self.kind % 9 in (0, 8)

    @property
    def is_yaochu(self) -> bool:
        """Terminal or honour (么九牌)."""
        return self.kind in _YAOCHU_SET

    @property
    def unicode(self) -> str:
        """Character from the Unicode mahjong block (a red five uses the five's)."""
        return UNICODE_CHARS[self.kind]

    def __str__(self) -> str:
        return self.name


#: The 136 physical tiles, kind by kind: 4 of each, the first copy of the 5m, 5p and 5s red.
PHYSICAL_TILES: tuple[Tile, ...] = tuple(
    Tile(k, k in RED_FIVE_KINDS and copy == 0) for k in range(N_KINDS) for copy in range(4))


def _make_tile(digit: str, suit: str) -> Tile:
    """Tile for one digit and suit letter, with the standard error messages."""
    tile = _NAMED_TILES.get(digit + suit)
    if tile is not None:            # tiles are immutable: parsing shares one object per name
        return tile
    n = int(digit)
    if suit == "z":
        if n == 0:
            raise TileError("'0z' is not a tile: only 0m, 0p, 0s (red fives) exist")
        if n > 7:
            raise TileError(f"'{n}z' is not a tile: honours are 1z-7z")
        return Tile(27 + n - 1)
    base = SUITS.index(suit) * 9
    return Tile(base + 4, True) if n == 0 else Tile(base + n - 1)


_NAMED_TILES: dict[str, Tile] = {}
_NAMED_TILES.update((f"{d}{s}", _make_tile(str(d), s)) for s in SUITS for d in range(10) if (s, d) not in
                    (("z", 0), ("z", 8), ("z", 9)))


def kind_of(name: str) -> int:
    """Kind index of an mpsz name ("5m" and "0m" -> 4)."""
    return Tile.from_name(name).kind


def suit_of(kind: int) -> str:
    """Suit letter 'm', 'p', 's' or 'z' of a kind index."""
    return SUITS[_check_kind(kind) // 9]


def is_yaochu_kind(kind: int) -> bool:
    """True for terminal and honour kinds (么九牌)."""
    return _check_kind(kind) in _YAOCHU_SET


def _check_multiset(tiles: Sequence[Tile]) -> None:
    c = [0] * N_KINDS
    reds = [0] * N_KINDS
    for t in tiles:
        c[t.kind] += 1
        reds[t.kind] += t.red
    if max(c) <= 4 and max(reds) <= 1:      # the usual case, without a loop in Python
        return
    for k in range(N_KINDS):
        if c[k] > 4:
            raise TileError(f"{c[k]} copies of {KIND_NAMES[k]}: at most 4 exist")
        if reds[k] > 1:
            raise TileError(f"{reds[k]} red fives 0{SUITS[k // 9]}: only one exists")


# what Japanese users type: full-width digits and letters, and the suits as 萬 筒 索
_JAPANESE_INPUT = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)},
                                 **{chr(0xFF41 + ord(c) - ord("a")): c for c in "mpsz"},
                                 **{chr(0xFF21 + ord(c) - ord("a")): c for c in "mpsz"},
                                 "萬": "m", "筒": "p", "索": "s", "\u3000": " "})
# honours written as their kanji stand for one tile each (発 is the everyday form of 發)
_HONOR_KANJI = {ch: 27 + i for i, ch in enumerate("東南西北白發中")} | {"発": 32}


def parse_tiles(text: str) -> list[Tile]:
    """Parse tenhou mpsz ("123m0p11z") and/or Unicode tile characters, in written order.

    Whitespace is ignored.  Japanese input works too: full-width digits and letters
    (１２３ｍ), 萬 / 筒 / 索 for m / p / s, and 東南西北白發中 (or 発) as one honour each.
    Raises TileError on bad syntax, more than 4 copies of a kind (red fives count as
    fives) or more than one red five per suit.
    """
    if not isinstance(text, str):
        raise TileError(f"expected a string of tiles, not {type(text).__name__}")
    check_length(text, "a tile string")
    text = text.translate(_JAPANESE_INPUT)
    tiles: list[Tile] = []
    pending: list[str] = []     # digits waiting for their suit letter
    for i, ch in enumerate(text):
        pos = i + 1
        if ch in _DIGITS:
            pending.append(ch)
        elif ch in SUITS:
            if not pending:
                raise TileError(
                    f"suit letter '{ch}' at position {pos} in {clip(text)} has no digits before it")
            tiles.extend(_make_tile(d, ch) for d in pending)
            pending.clear()
        elif ch in " \t\r\n\f\v" or ch in _VARIATION_SELECTORS:
            continue
        elif ch in _HONOR_KANJI:
            if pending:
                raise TileError(f"digits '{''.join(pending)}' before {ch!r} at position "
                                f"{pos} have no suit letter (m, p, s or z)")
            tiles.append(Tile(_HONOR_KANJI[ch]))
        elif ord(ch) in _TILE_BLOCK:
            if ch not in _KIND_OF_CHAR:
                raise TileError(f"{ch!r} (U+{ord(ch):04X}) at position {pos} in {clip(text)} "
                                "is not a supported tile (no flowers, seasons or backs)")
            if pending:
                raise TileError(f"digits '{''.join(pending)}' before {ch!r} at position "
                                f"{pos} have no suit letter (m, p, s or z)")
            tiles.append(Tile(_KIND_OF_CHAR[ch]))
        else:
            raise TileError(f"unexpected character {ch!r} at position {pos} in {clip(text)}")
    if pending:
        raise TileError(
            f"digits '{''.join(pending)}' at the end have no suit letter (m, p, s or z)")
    _check_multiset(tiles)
    return tiles


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Canonical mpsz string, e.g. "1230m456p11z"; red fives written 0.

    With ``sort=True`` tiles are sorted by kind (red five right after plain fives);
    with ``sort=False`` the given order is kept and a suit letter closes each run.
    """
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    suit = ""
    for t in seq:
        if t.suit != suit and suit:
            out.append(suit)
        suit = t.suit
        out.append("0" if t.red else str(t.number))
    if suit:
        out.append(suit)
    return "".join(out)


def to_unicode(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Tiles as Unicode mahjong characters (red fives look like fives)."""
    seq = sorted(tiles) if sort else list(tiles)
    return "".join(t.unicode for t in seq)


def counts(tiles: Iterable[Tile]) -> list[int]:
    """34 counts by kind (red fives counted as fives)."""
    c = [0] * N_KINDS
    for t in tiles:
        c[t.kind] += 1
    return c


def from_counts(counts: Sequence[int]) -> list[Tile]:
    """Sorted tiles (no red fives) from 34 counts, each 0-4."""
    if len(counts) != N_KINDS:
        raise TileError(f"expected {N_KINDS} counts, got {len(counts)}")
    tiles: list[Tile] = []
    for k, n in enumerate(counts):
        if isinstance(n, bool):
            n = -1
        try:
            n = operator.index(n)
        except TypeError:
            n = -1
        if not 0 <= n <= 4:
            raise TileError(f"count {counts[k]!r} of {KIND_NAMES[k]} (index {k}) "
                            "is not an integer 0-4")
        tiles.extend([Tile(k)] * n)
    return tiles


def parse_counts(text: str) -> list[int]:
    """34 counts of an mpsz/Unicode tile string."""
    return counts(parse_tiles(text))


_TENHOU_BASE = "https://tenhou.net/2/?q="


def tenhou_url(tiles: Iterable[Tile]) -> str:
    """URL of tenhou's hand analysis page (牌理) for the tiles."""
    return _TENHOU_BASE + format_tiles(tiles)


def parse_tenhou_url(url: str) -> list[Tile]:
    """Tiles from the ``q=`` parameter of a tenhou URL (query or fragment)."""
    try:
        parts = urlsplit(url.strip())
    except (ValueError, AttributeError) as e:
        raise TileError(f"cannot read URL {url!r}: {e}") from None
    for part in (parts.query, parts.fragment):
        values = parse_qs(part, keep_blank_values=True).get("q")
        if values:
            return parse_tiles(values[0])
    raise TileError(f"no q= parameter (the tiles) in URL {url!r}")
