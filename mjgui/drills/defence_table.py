"""Believable tables for the defence drill: a round played by four simple players.

`play_round(rng, stop)` deals a shuffled wall (136 physical tiles, one red five per suit, the last
tile the dora indicator, 14 tiles kept back as the dead wall) to four players and plays the round
turn by turn from East:

- each player draws the next tile of the wall and discards by the efficiency rule the other
  drills' generator uses (`core.analyze_discards`: lowest shanten, then most ukeire, ties at
  random); when the chosen kind is the tile just drawn, that tile goes (a tsumogiri discard);
- an opponent whose discard leaves it tenpai declares riichi with that discard (its hands are
  always closed: nobody calls), and from then on throws every draw (tsumogiri);
- nobody wins before the problem: a draw that completes a hand, or a discard that a riichi hand
  waits on, ends the try (`None`) and the caller deals again;
- the player (seat wind chosen at random) plays by the same rule and never declares riichi.

At each of the player's draws `stop(table)` decides whether this is the problem: the player then
holds 14 tiles and the table is turned into a `Hand` in the text form of `mjgui.hand` (rivers in
order with their marks, the player's own discards, the turn, the winds, the dora indicator).

The same `random.Random` state always plays the same round.  Each opponent's hand at its riichi is
kept (`Table.riichi_hands`) so that tests can check with the core that it was tenpai.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from mjgui import core
from mjgui.defence.opponents import POSITION, SEATS, Opponent, RiverTile
from mjgui.hand import Hand
from mjgui.tiles import N_KINDS, PHYSICAL_TILES, Tile

__all__ = ["Table", "play_round", "DEAD_WALL", "MAX_DRAWS"]

DEAD_WALL = 14
#: the player's draws before the round is given up (the live wall holds 70 draws, 17 or 18 each)
MAX_DRAWS = 17


def _counts(tiles: list[Tile]) -> bytes:
    c = bytearray(N_KINDS)
    for t in tiles:
        c[t.kind] += 1
    return bytes(c)


@dataclass
class Table:
    """The round as it stands (winds are absolute: 0..3 = E S W N)."""
    rng: random.Random
    me: int                                         # the player's seat wind
    round_wind: int
    wall: list[Tile]
    dora: Tile
    hands: dict[int, list[Tile]]
    rivers: dict[int, list[RiverTile]] = field(default_factory=dict)
    riichi_at: dict[int, int] = field(default_factory=dict)      # wind -> river index of its riichi tile
    riichi_hands: dict[str, list[Tile]] = field(default_factory=dict)   # seat letter -> 13 tiles at riichi
    draws: int = 0                                  # the player's draws so far

    def seat_of(self, wind: int) -> str:
        """The seat letter (L, A, R) of an opponent's wind."""
        return next(s for s in SEATS if (self.me + POSITION[s]) % 4 == wind)

    def seen(self) -> list[int]:
        """Copies of each kind the player sees (own hand, dora indicator, every river)."""
        c = [0] * N_KINDS
        for t in (*self.hands[self.me], self.dora, *(r.tile for river in self.rivers.values() for r in river)):
            c[t.kind] += 1
        return c

    def remaining_for(self, wind: int) -> bytes:
        """What `wind` counts as unseen: 4 less its own tiles, the indicator and the rivers."""
        c = [0] * N_KINDS
        for t in (*self.hands[wind], self.dora, *(r.tile for river in self.rivers.values() for r in river)):
            c[t.kind] += 1
        return bytes(max(4 - n, 0) for n in c)

    @property
    def any_riichi(self) -> bool:
        return bool(self.riichi_at)

    def hand(self) -> Hand:
        """The player's 14 tiles and the table, as the player sees it."""
        tiles = list(self.hands[self.me])
        drawn = tiles.pop()
        opponents = []
        for seat in SEATS:
            wind = (self.me + POSITION[seat]) % 4
            if self.rivers[wind]:
                opponents.append(Opponent(seat, tuple(self.rivers[wind])))
        return Hand(tuple(sorted(tiles)) + (drawn,), dora_indicators=(self.dora,),
                    round_wind=self.round_wind, seat_wind=self.me,
                    discards=tuple(r.tile for r in self.rivers[self.me]), turn=self.draws,
                    opponents=tuple(opponents))


def _choose(table: Table, wind: int, drawn: Tile) -> Tile:
    """The efficiency rule: lowest shanten, most ukeire, ties at random; the drawn copy goes
    when its kind is chosen, else a plain copy before a red five."""
    hand = table.hands[wind]
    _, rows = core.analyze_discards(_counts(hand), table.remaining_for(wind), core.ALL_FORMS, 0)
    top = min((r.shanten, -r.ukeire_total) for r in rows)
    kind = table.rng.choice([r.kind for r in rows if (r.shanten, -r.ukeire_total) == top])
    if drawn.kind == kind:
        return drawn
    return min((t for t in hand if t.kind == kind), key=lambda t: t.red)


def _ron(table: Table, discarder: int, tile: Tile) -> bool:
    """Whether a riichi hand (other than the discarder's) waits on the tile."""
    return any(w != discarder and tile.kind in core.waits(_counts(table.hands[w]))
               for w in table.riichi_at)


def play_round(rng: random.Random, stop: Callable[[Table], bool]) -> Table | None:
    """Play a round until `stop(table)` says the player's draw is the problem (the table is
    returned, the player holding 14 tiles), or None when someone wins first or the wall runs
    out (see the module doc)."""
    wall = list(PHYSICAL_TILES)
    rng.shuffle(wall)
    dora = wall.pop()
    live = wall[:len(wall) - (DEAD_WALL - 1)]
    me = rng.randrange(4)
    hands = {w: [live.pop(0) for _ in range(13)] for w in range(4)}
    table = Table(rng, me, rng.choice((0, 1)), live, dora, hands, {w: [] for w in range(4)})
    wind = 0
    while table.wall:
        drawn = table.wall.pop(0)
        hand = table.hands[wind]
        hand.append(drawn)
        if core.shanten(_counts(hand)) < 0:
            return None                                # a tsumo ends the round before the problem
        if wind == me:
            table.draws += 1
            if stop(table):
                return table
            if table.draws >= MAX_DRAWS:
                return None
        in_riichi = wind in table.riichi_at
        tile = drawn if in_riichi else _choose(table, wind, drawn)
        hand.remove(tile)
        riichi = (wind != me and not in_riichi and len(table.wall) >= 4
                  and core.shanten(_counts(hand)) == 0)
        # `_choose` throws the drawn copy whenever its kind is chosen: same kind, tsumogiri
        table.rivers[wind].append(RiverTile(tile, tsumogiri=tile.kind == drawn.kind, riichi=riichi))
        if _ron(table, wind, tile):
            return None                                # a deal-in ends the round
        if riichi:
            table.riichi_at[wind] = len(table.rivers[wind]) - 1
            table.riichi_hands[table.seat_of(wind)] = sorted(hand)
        wind = (wind + 1) % 4
    return None
