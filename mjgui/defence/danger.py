"""The danger of every tile: the chance that discarding it now deals in, against each opponent and
against all three together (1 - prod(1 - p)).  The model (docs/defence.md):

- **genbutsu** is safe: a tile in the opponent's own river, or (the river order tells) discarded by
  anyone after its riichi (riichi furiten) or after its last discard (same-turn furiten);
- any other tile starts from the published rate of its type against a riichi (`published`):
  suji, half suji and double suji against the opponent's safe tiles, by the number of discards it
  has made; honours by copies the player has not seen, value honour or guest wind;
- then what the table says more: **no-chance** (every two-sided wait through the tile needs a tile
  whose four copies the player sees) and **one-chance** (three seen), the **outside of an early
  discard**, the suji of the **riichi tile** (more dangerous than other suji), and **dora** and the
  tiles next to it (players keep them: factors measured on real games);
- against a player not in riichi the rate is weighted by its chance of being tenpai
  (`mjgui.defence.threats`), with the calibration factor measured on real games.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mjgui.defence import published as pub
from mjgui.defence.calibration import DORA_FACTOR, NEAR_DORA_FACTOR, NOT_RIICHI_FACTOR, RIICHI_FACTOR
from mjgui.defence.opponents import SEATS, Opponent
from mjgui.defence.threats import Threat, dora_kinds, threats
from mjgui.hand import Hand
from mjgui.tiles import N_KINDS

__all__ = ["Why", "TileDanger", "Danger", "danger", "safe_kinds", "passed_after_riichi", "tile_danger"]


@dataclass(frozen=True)
class Why:
    """A tile's reason in parts, for words in any language (mjgui.defence.reason_words): the
    English `TileDanger.reason` says the same in one phrase."""
    base: str                   # "genbutsu", "all four seen", "no threat", or the published type
    rows: int = 0               # the opponent's discards (the published table's row)
    chance: str = ""            # "no-chance", "one-chance" or "early outside"
    walls: tuple[int, ...] = () # no-chance / one-chance: the kind that blocks each wait shape
    left: tuple[int, ...] = ()  # the copies of each wall the player has not seen (0 or 1)
    riichi_suji: bool = False   # suji only through the riichi tile
    dora: str = ""              # "dora" or "next to dora"
    unseen: int = 0             # an honour's copies unseen (3: three or more)


@dataclass(frozen=True)
class TileDanger:
    """One tile kind against one opponent: the chance to deal in and why."""
    p: float
    reason: str                 # a short phrase in a defender's words ("genbutsu", "suji 1-4-7, ...")
    column: str = ""            # the published type used ("" for genbutsu and seen-out honours)
    why: Why | None = None      # the reason in parts


@dataclass(frozen=True)
class Danger:
    """Every tile kind against every opponent of a hand."""
    threats: tuple[Threat, ...]                         # L, A, R
    by_seat: dict[str, tuple[TileDanger, ...]]          # 34 entries per seat
    rows: dict[str, int]                                # each seat's discards so far
    combined: tuple[float, ...] = ()                    # per kind: 1 - prod(1 - p) over the seats
    losses: tuple[float, ...] = ()                      # per kind: the points a deal-in costs on average
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # figures derived once

    def p(self, kind: int, seat: str | None = None) -> float:
        """The chance that discarding `kind` deals in (to `seat`, or to anyone)."""
        if seat is not None:
            return self.by_seat[seat][kind].p
        return self.combined[kind]

    def loss(self, kind: int) -> float:
        """The points discarding `kind` loses on average: each threat's value by its chance."""
        return self.losses[kind]

    def main_reason(self, kind: int) -> str:
        """The reason against the opponent this tile is most dangerous to."""
        seat = max(SEATS, key=lambda s: self.by_seat[s][kind].p)
        return f"{self.by_seat[seat][kind].reason} vs {seat}"

    @property
    def any_threat(self) -> bool:
        return any(t.tenpai > 0 for t in self.threats)


def _times(hand: Hand) -> dict[str, list[int]]:
    """When each discard of every river was made, by the rivers' order: the i-th discard of the
    seat with wind w at 4 i + w (play goes E S W N).  Calls that skip turns are not known from
    the rivers, so this is the order a player reads off the table."""
    times = {"me": [4 * i + hand.seat_wind for i in range(len(hand.discards))]}
    for o in hand.opponents:
        w = hand.wind_of(o.seat)
        times[o.seat] = [4 * i + w for i in range(len(o.river))]
    return times


def safe_kinds(hand: Hand, o: Opponent) -> set[int]:
    """The kinds `o` cannot ron now: its river, and what anyone discarded after its riichi (or,
    without riichi, after its last discard: same-turn furiten)."""
    safe = {r.tile.kind for r in o.river}
    if not o.river:
        return safe
    times = _times(hand)
    mark = o.riichi_index if o.in_riichi else len(o.river) - 1
    since = times[o.seat][mark]
    rivers = {"me": hand.discards, **{p.seat: tuple(r.tile for r in p.river) for p in hand.opponents}}
    for who, tiles in rivers.items():
        safe.update(t.kind for t, at in zip(tiles, times[who]) if at > since)
    return safe


def passed_after_riichi(hand: Hand, o: Opponent, safe=None) -> dict[str, tuple[int, ...]]:
    """Where the tiles discarded after `o`'s riichi lie (they passed: genbutsu against `o`): for each
    river ("me": the player's own discards, then L, A, R) the positions in it, in order; {} without
    riichi.  `o`'s own river is read in its order, the others by the order of play the rivers give
    (`_times`).  `safe`: `o`'s exact genbutsu (a log's replay knows the order): a tile of a kind not in
    it cannot have passed after the riichi, so each other river's run starts after its last such tile."""
    if not o.in_riichi:
        return {}
    times = _times(hand)
    since = times[o.seat][o.riichi_index]
    rivers = {"me": hand.discards, **{p.seat: tuple(r.tile for r in p.river) for p in hand.opponents}}
    allowed = None if safe is None else set(safe)
    out = {}
    for who, tiles in rivers.items():
        if who == o.seat:
            at = list(range(o.riichi_index + 1, len(tiles)))
        else:
            at = [i for i, t in enumerate(times[who]) if t > since]
            cut = [i for i in at if allowed is not None and tiles[i].kind not in allowed]
            if cut:
                at = [i for i in at if i > cut[-1]]
        if at:
            out[who] = tuple(at)
    return out


def _value_honour(hand: Hand, seat: str, kind: int) -> bool:
    return kind >= 31 or kind - 27 in (hand.round_wind, hand.wind_of(seat))


def _suited_column(n: int, safe_low: bool, safe_high: bool) -> str:
    """The published type of a number tile n (1-9) given whether n-3 and n+3 are safe."""
    if n in (4, 5, 6):
        if safe_low and safe_high:
            return "double suji 5" if n == 5 else "double suji 4/6"
        if n == 5 and (safe_low or safe_high):
            return "half-suji 5"
        outer = safe_low if n == 4 else safe_high
        inner = safe_high if n == 4 else safe_low
        if outer:
            return "half-suji 4/6 (outer safe)"
        if inner:
            return "half-suji 4/6 (inner safe)"
        return "no-suji 5" if n == 5 else "no-suji 4/6"
    edge = min(n, 10 - n)                   # 1/9, 2/8, 3/7
    partner_safe = safe_high if n <= 3 else safe_low
    name = {1: "1/9", 2: "2/8", 3: "3/7"}[edge]
    return f"suji {name}" if partner_safe else f"no-suji {name}"


def _rate(column: str, row: int) -> float:
    """The published rate (0-1) of a type after `row` discards of the riichi player."""
    rates = pub.RIICHI_RATE[min(max(row, 1), 19) - 1]
    value = rates[pub.COLUMN[column]]
    if value is None:                   # double suji after one discard: take the next row's
        value = pub.RIICHI_RATE[1][pub.COLUMN[column]]
    return value / 100.0


def dora_tag(hand: Hand, kind: int, doras: list[int] | None = None) -> str:
    """"dora", "next to dora" (a number tile one or two from a dora of its suit) or ""."""
    if doras is None:
        doras = dora_kinds(hand.dora_indicators)
    if kind in doras:
        return "dora"
    if kind < 27 and any(d < 27 and d // 9 == kind // 9 and 0 < abs(d - kind) <= 2 for d in doras):
        return "next to dora"
    return ""


def tile_danger(hand: Hand, o: Opponent, kind: int, safe: set[int], unseen: list[int],
                dora: bool = True, doras: list[int] | None = None) -> TileDanger:
    """`kind` against `o` if `o` is tenpai (riichi or not): the chance it deals in.  `dora`:
    apply the measured dora factors (off when measuring them); `doras`: the dora kinds, when known."""
    if kind in safe:
        return TileDanger(0.0, "genbutsu", why=Why("genbutsu"))
    if dora:
        tag = dora_tag(hand, kind, doras)
        if tag:
            d = tile_danger(hand, o, kind, safe, unseen, dora=False)
            factor = DORA_FACTOR if tag == "dora" else NEAR_DORA_FACTOR
            return TileDanger(d.p * factor, f"{tag}, {d.reason}", d.column, replace(d.why, dora=tag))
    row = len(o.river)
    if kind >= 27:
        left = unseen[kind]
        if left == 0:
            return TileDanger(0.0, "all four seen", why=Why("all four seen"))
        kind_name = "value honour" if _value_honour(hand, o.seat, kind) else "guest wind"
        column = f"{kind_name}, {'3+' if left >= 3 else left} unseen"
        return TileDanger(_rate(column, row), f"{kind_name}, {min(left, 3)} unseen", column,
                          Why(kind_name, row, unseen=min(left, 3)))
    n, base = kind % 9 + 1, kind - kind % 9
    low, high = n - 3 >= 1 and base + n - 4 in safe, n + 3 <= 9 and base + n + 2 in safe
    column = _suited_column(n, low, high)
    p = _rate(column, row)
    reason = column.replace("no-suji", "no suji")
    # two-sided waits through the tile that suji does not rule out: (n+1, n+2) and (n-2, n-1)
    shapes = []
    if n + 2 <= 9 and not high:
        shapes.append((base + n, base + n + 1))
    if n - 2 >= 1 and not low:
        shapes.append((base + n - 3, base + n - 2))
    chance, walls = "", ()
    if shapes:
        least = [min(unseen[a], unseen[b]) for a, b in shapes]
        # the tile of each shape that blocks it (the scarcer of its two)
        walls = tuple(sorted({min((a, b), key=lambda k: unseen[k]) for a, b in shapes}))
        if max(least) == 0:
            p *= pub.NO_CHANCE_FACTOR
            reason, chance = "no-chance (the tiles of every two-sided wait are all seen)", "no-chance"
        elif max(least) == 1:
            p *= pub.ONE_CHANCE_FACTOR
            reason, chance = "one-chance", "one-chance"
        elif column.startswith("no-suji") and n not in (4, 5, 6) and _early_outside(o, kind):
            p *= pub.EARLY_OUTSIDE_FACTOR
            reason, chance = f"outside of an early discard, {reason}", "early outside"
    riichi_suji = o.in_riichi and (low or high) and _suji_of_riichi_tile(o, kind, low, high)
    if riichi_suji:
        p *= pub.RIICHI_SUJI_FACTOR
        reason = f"{reason} of the riichi tile"
    if chance not in ("no-chance", "one-chance"):
        walls = ()
    why = Why(column, row, chance, walls, tuple(unseen[k] for k in walls), riichi_suji)
    return TileDanger(p, f"{reason}, {row} discards", column, why)


def _early_outside(o: Opponent, kind: int) -> bool:
    """A hand-cut discard among the opponent's first six (before its riichi) of the same suit,
    between the tile and the middle: 2-4 guards the tiles below it, 6-8 those above."""
    n, suit = kind % 9 + 1, kind // 9
    stop = min(6, o.riichi_index if o.in_riichi else 6)
    for r in o.river[:stop]:
        k = r.tile.kind
        if r.tsumogiri or k >= 27 or k // 9 != suit:
            continue
        m = k % 9 + 1
        if (2 <= m <= 4 and n < m) or (6 <= m <= 8 and n > m):
            return True
    return False


def _suji_of_riichi_tile(o: Opponent, kind: int, low: bool, high: bool) -> bool:
    """The tile is suji only through the riichi tile (the partner was discarded once, as riichi)."""
    riichi_kind = o.river[o.riichi_index].tile.kind
    partners = [kind - 3] * low + [kind + 3] * high
    return riichi_kind in partners and sum(r.tile.kind == riichi_kind for r in o.river) == 1


_NO_THREAT = Why("no threat")


def danger(hand: Hand, known: tuple[Threat, ...] | None = None,
           safe: dict[str, frozenset[int]] | None = None) -> Danger:
    """The danger of every kind against each opponent of `hand` (none without opponents).
    `safe` may give each seat's genbutsu exactly (a log's replay knows the order of play)."""
    found = known if known is not None else threats(hand)
    unseen = hand.remaining()
    doras = dora_kinds(hand.dora_indicators)
    by_seat = {}
    for t in found:
        o = hand.opponent(t.seat)
        if t.tenpai <= 0:
            by_seat[t.seat] = tuple(TileDanger(0.0, "no threat", why=_NO_THREAT) for _ in range(N_KINDS))
            continue
        cannot_ron = set(safe[t.seat]) if safe and t.seat in safe else safe_kinds(hand, o)
        weight = t.tenpai * (RIICHI_FACTOR if t.riichi else NOT_RIICHI_FACTOR)
        row = []
        for k in range(N_KINDS):
            d = tile_danger(hand, o, k, cannot_ron, unseen, doras=doras)
            row.append(TileDanger(min(d.p * weight, 1.0), d.reason, d.column, d.why))
        by_seat[t.seat] = tuple(row)
    combined, losses = [], []
    for k in range(N_KINDS):
        stay = 1.0
        for seat in SEATS:
            stay *= 1.0 - by_seat[seat][k].p
        combined.append(1.0 - stay)
        losses.append(sum(by_seat[t.seat][k].p * t.value for t in found))
    return Danger(found, by_seat, {o.seat: len(o.river) for o in hand.opponents}, tuple(combined), tuple(losses))

