"""What a defender sees of the other three seats: each opponent's river in order (which
discards were tsumogiri, which declared riichi, which another player called) and its open melds.

Text form (tokens of the hand's text form, see `mjgui.hand`; docs/defence.md):

    L:19m4'5*s2p  A:1z9p  R:3^m  L.pon:5*55z@A

- `L:`, `A:`, `R:` - the river of the left (上家), across (対面) or right (下家) player, in the
  order discarded, in mpsz; after a tile's digit `'` marks a tsumogiri discard (the tile just
  drawn), `*` the riichi declaration tile and `^` a discard another player called (it stays in the
  river for furiten but is counted once, in the caller's meld);
- `L.chi:3*45m`, `A.pon:5*55z@R` ... - an opponent's open meld, written as the hand's own melds
  (the seat after `@` is relative to that opponent).
"""
from __future__ import annotations

from dataclasses import dataclass

from mjgui.tiles import Tile, TileError, parse_tiles

__all__ = ["SEATS", "POSITION", "MAX_RIVER", "RiverTile", "Opponent", "parse_river", "format_river"]

#: the opponents' seats relative to the player, in the order they are written
SEATS = ("L", "A", "R")
#: each seat's place in the play order after the player (the left player plays just before)
POSITION = {"L": 3, "A": 2, "R": 1}
#: a river holds at most one discard per draw (18 live draws, plus quads' replacement draws)
MAX_RIVER = 24
_MARKS = "'*^"


@dataclass(frozen=True)
class RiverTile:
    tile: Tile
    tsumogiri: bool = False     # ツモ切り: the tile just drawn went straight out
    riichi: bool = False        # 立直宣言牌: the discard that declared riichi
    called: bool = False        # taken by another player's call (shown in their meld)

    def text(self) -> str:
        """The tile with its marks, e.g. 4'm (without the suit letter when grouped)."""
        return self.tile.name[0] + "'" * self.tsumogiri + "*" * self.riichi + "^" * self.called


@dataclass(frozen=True)
class Opponent:
    """One of the other three seats as the player sees it."""
    seat: str                                   # "L", "A" or "R"
    river: tuple[RiverTile, ...] = ()
    melds: tuple = ()                           # mjgui.hand.Meld, seats relative to this player

    def __post_init__(self) -> None:
        object.__setattr__(self, "river", tuple(self.river))
        object.__setattr__(self, "melds", tuple(self.melds))
        if self.seat not in SEATS:
            raise TileError(f"an opponent's seat is L, A or R, not {self.seat!r}")
        if len(self.river) > MAX_RIVER:
            raise TileError(f"{self.seat}: {len(self.river)} discards in one river: at most {MAX_RIVER}")
        riichi = [i for i, r in enumerate(self.river) if r.riichi]
        if len(riichi) > 1:
            raise TileError(f"{self.seat}: more than one riichi tile (*) in one river")
        object.__setattr__(self, "_riichi_at", riichi[0] if riichi else None)
        if len(self.melds) > 4:
            raise TileError(f"{self.seat}: {len(self.melds)} melds: a player holds at most 4")

    @property
    def riichi_index(self) -> int | None:
        """Position in the river of the riichi declaration tile (None: no riichi)."""
        return self._riichi_at

    @property
    def in_riichi(self) -> bool:
        return self.riichi_index is not None

    @property
    def open(self) -> bool:
        return any(m.is_open for m in self.melds)

    def tiles_shown(self) -> list[Tile]:
        """The physical tiles this seat accounts for: its river but the called discards
        (counted in the caller's meld), and its melds but a tile called from the player (it is
        in the player's own discards)."""
        shown = [r.tile for r in self.river if not r.called]
        for m in self.melds:
            tiles = list(m.tiles)
            # the meld's seat is relative to this player: its left plays just before it
            if m.seat is not None and (POSITION[self.seat] + POSITION[m.seat] - 4) % 4 == 0:
                tiles.remove(m.called)
            shown += tiles
        return shown

    def tokens(self) -> list[str]:
        parts = [f"{self.seat}:{format_river(self.river)}"] if self.river else []
        return parts + [f"{self.seat}.{m}" for m in self.melds]


def parse_river(text: str, seat: str = "?") -> tuple[RiverTile, ...]:
    """A river in mpsz with marks after a tile's digit ('  tsumogiri, * riichi, ^ called)."""
    marks: list[str] = []
    plain = []
    for ch in text:
        if ch in _MARKS:
            if not marks:
                raise TileError(f"{seat}:{text[:40]}: a mark {ch!r} must follow a tile's digit")
            if ch in marks[-1]:
                raise TileError(f"{seat}:{text[:40]}: mark {ch!r} given twice on one tile")
            marks[-1] += ch
            continue
        if ch.isdigit():
            marks.append("")
        elif not (ch.isascii() and ch in "mpsz"):
            raise TileError(f"{seat}:{text[:40]}: a river is written in mpsz (e.g. 19m4'5*s): "
                            f"unexpected {ch!r}")
        plain.append(ch)
    tiles = parse_tiles("".join(plain))
    if not tiles:
        raise TileError(f"{seat}: an empty river (leave the token out)")
    return tuple(RiverTile(t, "'" in m, "*" in m, "^" in m) for t, m in zip(tiles, marks))


def format_river(river: tuple[RiverTile, ...]) -> str:
    """The river in written order, each run of one suit grouped: 19m4'5*s."""
    out = []
    for i, r in enumerate(river):
        out.append(r.text())
        if i + 1 == len(river) or river[i + 1].tile.suit != r.tile.suit:
            out.append(r.tile.suit)
    return "".join(out)

