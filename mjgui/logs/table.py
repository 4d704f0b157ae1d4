"""The table during a round: what each seat holds, has called and has discarded, and the
wall count.  `Table.apply` plays one event of a `Round` and refuses an impossible one (a fifth
copy of a tile, discarding a tile not held, calling a tile nobody just discarded, ...) with a
LogError naming the round and the event.  The replay and the log checks are built on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mjgui.logs.record import Call, Discard, Draw, LogError, NewDora, Round
from mjgui.tiles import KIND_NAMES, N_KINDS, Tile

LIVE_WALL = 70          # 136 tiles - 52 dealt - 14 in the dead wall (嶺上牌 and indicators)


@dataclass
class Seat:
    concealed: list = field(default_factory=list)      # Tile, or None where the log hides it
    melds: list = field(default_factory=list)          # record Calls, in order (a kakan replaces its pon)
    pond: list = field(default_factory=list)           # [Tile, called, tsumogiri] per discard
    draws: int = 0
    last_draw: Tile | None = None
    riichi_at: int | None = None                       # index of the riichi discard in the pond
    first_discard_uninterrupted: bool = False

    def holds(self, tile: Tile | None) -> bool:
        return tile in self.concealed or None in self.concealed

    def take(self, tile: Tile | None) -> None:
        """Remove one copy (a hidden tile stands for any)."""
        if tile in self.concealed:
            self.concealed.remove(tile)
        else:
            self.concealed.remove(None)


class Table:
    """The state of one round, advanced event by event."""

    def __init__(self, rnd: Round, where: str) -> None:
        self.round = rnd
        self.where = where
        self.seats = [Seat(list(h)) for h in rnd.hands]
        self.indicators: list[Tile] = [rnd.dora]
        self.seen = [0] * N_KINDS          # physical tiles turned up so far, by kind
        self.red = [0] * N_KINDS
        self.total_draws = 0
        self.calls_made = 0                # any call (ankan included) since the deal
        self.last_discard: tuple[int, Tile] | None = None   # (seat, tile) open to calls
        self.last_event: object = None
        self.index = -1
        for tiles in rnd.hands:
            if len(tiles) != 13:
                self.fail(f"a dealt hand has 13 tiles, not {len(tiles)}")
            for t in tiles:
                self._see(t)
        self._see(rnd.dora)

    # ---- errors --------------------------------------------------------------------
    def fail(self, message: str, at: str = "") -> None:
        where = self.where + (f", event {self.index + 1}" if self.index >= 0 else "")
        raise LogError(message, at=", ".join(w for w in (where, at) if w))

    def _see(self, tile: Tile | None, at: str = "") -> None:
        if tile is None:
            return
        self.seen[tile.kind] += 1
        self.red[tile.kind] += tile.red
        if self.seen[tile.kind] > 4:
            self.fail(f"a fifth {KIND_NAMES[tile.kind]} appears: only four exist", at)
        if self.red[tile.kind] > 1:
            self.fail(f"a second red {tile.name}: only one exists", at)

    # ---- events ----------------------------------------------------------------------
    def apply(self, event, index: int) -> None:
        self.index = index
        at = getattr(event, "at", "")
        if isinstance(event, Draw):
            self._draw(event, at)
        elif isinstance(event, Discard):
            self._discard(event, at)
        elif isinstance(event, Call):
            self._call(event, at)
        elif isinstance(event, NewDora):
            if len(self.indicators) >= 5:
                self.fail("a sixth dora indicator: at most five exist", at)
            self._see(event.tile, at)
            self.indicators.append(event.tile)
        else:
            self.fail(f"unknown event {type(event).__name__}", at)
        self.last_event = event

    def _size(self, seat: Seat) -> int:
        return len(seat.concealed) + 3 * len(seat.melds)

    def _draw(self, e: Draw, at: str) -> None:
        s = self.seats[e.seat]
        if self._size(s) != 13:
            self.fail(f"seat {e.seat} draws while holding {self._size(s)} tiles (melds count 3)", at)
        # a replacement draw after a quad takes the dead wall's tile, which the live wall
        # gives back: live and replacement draws together are LIVE_WALL at most
        if self.total_draws >= LIVE_WALL:
            self.fail(f"a draw after the wall is empty ({LIVE_WALL} draws)", at)
        self._see(e.tile, at)
        s.concealed.append(e.tile)
        s.draws += 1
        s.last_draw = e.tile
        self.total_draws += 1
        self.last_discard = None

    def _discard(self, e: Discard, at: str) -> None:
        s = self.seats[e.seat]
        if self._size(s) != 14:
            self.fail(f"seat {e.seat} discards while holding {self._size(s)} tiles (melds count 3)", at)
        if not s.holds(e.tile):
            self.fail(f"seat {e.seat} discards {e.tile.name}, which it does not hold", at)
        if s.riichi_at is not None and e.riichi:
            self.fail(f"seat {e.seat} declares riichi twice", at)
        s.take(e.tile)
        if e.riichi:
            s.riichi_at = len(s.pond)
            s.first_discard_uninterrupted = not s.pond and self.calls_made == 0
        s.pond.append([e.tile, False, e.tsumogiri])
        self.last_discard = (e.seat, e.tile)

    def _call(self, e: Call, at: str) -> None:
        s = self.seats[e.seat]
        n = len(e.tiles)
        kinds = [t.kind for t in e.tiles]
        size = 3 if e.kind in ("chi", "pon") else 4
        run = n == 3 and kinds[0] < 27 and kinds[0] // 9 == kinds[2] // 9 and kinds == [kinds[0] + i for i in range(3)]
        if n != size or (not run if e.kind == "chi" else len(set(kinds)) != 1):
            shape = "three tiles in a row of one suit" if e.kind == "chi" else \
                f"{'three' if size == 3 else 'four'} copies of one tile"
            self.fail(f"{e.kind} of {''.join(KIND_NAMES[k] for k in kinds)} is not {shape}", at)
        if e.kind in ("chi", "pon", "kan"):
            if self.last_discard is None or e.source is None:
                self.fail(f"seat {e.seat} calls {e.kind} with no discard to call", at)
            source, tile = self.last_discard
            if source != e.source or source == e.seat:
                self.fail(f"seat {e.seat} calls {e.kind} from seat {e.source}, but seat {source} discarded last", at)
            if e.tile != tile:
                self.fail(f"seat {e.seat} calls {e.tile.name if e.tile else '?'} but {tile.name} was discarded", at)
            if e.kind == "chi" and e.source != (e.seat + 3) % 4:
                self.fail(f"seat {e.seat} calls chi from seat {e.source}: chi is only from the left", at)
            if self._size(s) != 13:
                self.fail(f"seat {e.seat} calls while holding {self._size(s)} tiles", at)
            rest = list(e.tiles)
            rest.remove(tile)
            for t in rest:
                if not s.holds(t):
                    self.fail(f"seat {e.seat} calls {e.kind} with {t.name}, which it does not hold", at)
                s.take(t)
            self.seats[source].pond[-1][1] = True
            s.melds.append(e)
            self.last_discard = None
        elif e.kind == "ankan":
            if self._size(s) != 14 or n != 4:
                self.fail(f"seat {e.seat} declares a closed kan holding {self._size(s)} tiles", at)
            for t in e.tiles:
                if not s.holds(t):
                    self.fail(f"seat {e.seat} declares a closed kan of {t.name} without four copies", at)
                s.take(t)
            s.melds.append(e)
        elif e.kind == "kakan":
            if self._size(s) != 14 or e.tile is None:
                self.fail(f"seat {e.seat} adds to a pon holding {self._size(s)} tiles", at)
            pons = [i for i, m in enumerate(s.melds) if m.kind == "pon" and m.tiles[0].kind == e.tile.kind]
            if not pons:
                self.fail(f"seat {e.seat} adds {e.tile.name} to a pon it does not have", at)
            if not s.holds(e.tile):
                self.fail(f"seat {e.seat} adds {e.tile.name}, which it does not hold", at)
            s.take(e.tile)
            pon = s.melds[pons[0]]
            s.melds[pons[0]] = Call(e.seat, "kakan", pon.tiles + (e.tile,), pon.tile, pon.source, at)
            self.last_discard = None        # the added tile is open to a ron (chankan), never to a call
        else:
            self.fail(f"unknown call {e.kind!r}", at)
        self.calls_made += 1

    # ---- views -----------------------------------------------------------------------
    def wall_empty(self) -> bool:
        return self.total_draws >= LIVE_WALL
