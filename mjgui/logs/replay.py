"""Replaying a game for one player: every decision they faced, as the analysis layer sees it.

For the chosen seat, round by round (definitions in docs/logs.md):

- a **discard decision** for each of their discards: the hand before acting (a `mjgui.hand.Hand`
  of 14 tiles, melds counting three: concealed tiles with the draw last, melds with the called
  tile and its seat, dora indicators, winds, `turn:N`, the tiles they could see as `visible:`
  and their own discards as `discards:`), the tile played, riichi, tsumogiri, and whether a
  riichi already forced the discard;
- a **call decision** for each discard of another seat they could have called: pon (from
  anyone), chi (from the left), an open quad, or ron (a complete hand with a yaku, not
  furiten; an added quad's tile for chankan), with what they did (pass, pon, chi, kan, ron);
- **tenpai** and **furiten** at each decision (for a discard: the hand kept after it);
- the round's result, and for every win of any seat the check that the replayed hand equals
  the log's and that `mjgui.scoring.score` gives the han, fu and points the log paid.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mjgui import core
from mjgui.analysis import meld_caps
from mjgui.defence.opponents import POSITION, SEATS, Opponent, RiverTile
from mjgui.hand import Hand, Meld, MeldKind
from mjgui.hand import Win as HandWin
from mjgui.logs.record import (LIMITS, Call, Discard, Draw, GameRecord, LogError, Round, Ryuukyoku, Win,
                               check_cancel)
from mjgui.logs.table import LIVE_WALL, Table
from mjgui.tiles import Tile, TileError

__all__ = ["Decision", "WinCheck", "RoundReplay", "Replay", "replay", "hand_shanten", "RELATIVE"]

#: the seat a tile came from, relative to the player: 3 = left (上家), 2 = across, 1 = right
RELATIVE = {3: "L", 2: "A", 1: "R"}
_MELD_KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kan": MeldKind.KAN, "ankan": MeldKind.ANKAN,
               "kakan": MeldKind.KAKAN}


@dataclass(frozen=True)
class Decision:
    action: str                     # "discard" or "call"
    round: int                      # index of the round in the record
    event: int                      # index of the event decided on (the discard made / offered)
    hand: Hand                      # before acting (a call decision's hand leaves the offered tile out)
    played: str                     # the tile discarded (mpsz, 0m = red five) or pass/pon/chi/kan/ron
    tile: Tile                      # the tile discarded, or the tile offered
    shanten: int                    # of the hand before acting
    tenpai: bool                    # discard: the hand kept is tenpai; call: the hand as it stands
    furiten: bool
    riichi: bool = False            # the discard declared riichi
    tsumogiri: bool = False
    forced: bool = False            # in riichi already: the drawn tile had to go
    options: tuple[str, ...] = ()   # call decisions: "pass" and every call possible
    source: str | None = None       # call decisions: the discarder, L / A / R
    uses: tuple[int, int] | None = None     # a chi made: the two concealed kinds it used
    ron_points: int | None = None   # a ron on offer: what it pays (before honba and sticks)
    can_riichi: bool = False        # discard: a tenpai discard here could declare riichi (closed,
                                    # not in riichi yet, 1,000 points, four tiles left to draw)
    genbutsu: tuple[tuple[str, frozenset[int]], ...] = ()   # each opponent's (L, A, R) kinds it
                                    # cannot ron now, exactly as played (riichi and same-turn furiten)
    seats: tuple[int, ...] = ()     # the log's seat numbers of L, A, R


@dataclass(frozen=True)
class WinCheck:
    """A win of the log, replayed: does the hand match and does mjgui score it the same?"""
    round: int
    seat: int
    hand: str                       # the replayed winning hand in the text form (or "")
    hand_matches: bool | None       # None when the log does not write the hand
    log: tuple[int, int | None, int]             # han, fu, points as the log paid
    scored: tuple[int, int, int] | None          # as mjgui.scoring.score gives them (None: error)
    problem: str = ""

    @property
    def agrees(self) -> bool:
        if self.scored is None or self.hand_matches is False:
            return False
        han, fu, points = self.log
        s_han, s_fu, s_points = self.scored
        if points != s_points:
            return False
        yakuman = han >= 13 and s_han >= 13
        return yakuman or (han == s_han and (fu is None or fu == s_fu))


@dataclass(frozen=True)
class RoundReplay:
    index: int
    name: str                       # "E1"
    honba: int
    decisions: tuple[Decision, ...]
    result: dict
    checks: tuple[WinCheck, ...] = ()


@dataclass(frozen=True)
class Replay:
    record: GameRecord
    seat: int
    rounds: tuple[RoundReplay, ...] = field(default=())

    @property
    def decisions(self) -> list[Decision]:
        return [d for r in self.rounds for d in r.decisions]

    @property
    def checks(self) -> list[WinCheck]:
        return [c for r in self.rounds for c in r.checks]


def hand_shanten(hand: Hand) -> int:
    """Shanten of a hand (a 14-tile hand: after its best discard); open hands in the regular
    form under their melds' caps."""
    caps = meld_caps(hand.melds)
    if caps is None:
        return core.shanten(hand.counts)
    return core.shanten_capped(hand.counts, caps, core.REGULAR)


def _waits(hand: Hand) -> list[int]:
    caps = meld_caps(hand.melds)
    return core.waits(hand.counts, core.ALL_FORMS if caps is None else core.REGULAR, caps)


def _meld(call: Call, seat: int) -> Meld:
    kind = _MELD_KINDS[call.kind]
    if kind is MeldKind.ANKAN:
        return Meld(kind, call.tiles)
    return Meld(kind, call.tiles, call.tile, RELATIVE[(call.source - seat) % 4])


class _Player:
    """What the replay tracks for the player besides the table: furiten."""

    def __init__(self) -> None:
        self.passed: set[int] = set()          # kinds others discarded since the player's own discard
        self.riichi_passed: set[int] = set()   # ... since the player's riichi


def _result(rnd: Round) -> dict:
    if not rnd.results:
        return {"kind": "none"}
    first = rnd.results[0]
    if isinstance(first, Ryuukyoku):
        return {"kind": "draw" if first.kind in ("exhaustive", "nagashi-mangan") else "abortive",
                "type": first.kind, "deltas": list(first.deltas)}
    wins = [{"seat": w.seat, "from": w.source, "tsumo": w.tsumo, "tile": w.tile.name, "han": w.han, "fu": w.fu,
             "points": w.points, "limit": LIMITS[w.limit] or None, "yaku": [[k, h] for k, h in w.yaku],
             "deltas": list(w.deltas)} for w in rnd.results if isinstance(w, Win)]
    return {"kind": "win", "wins": wins}


class _RoundReplayer:
    def __init__(self, record: GameRecord, index: int, seat: int) -> None:
        self.rnd = record.rounds[index]
        self.index = index
        self.seat = seat
        self.table = Table(self.rnd, f"round {index + 1} ({self.rnd.name}-{self.rnd.honba})")
        self.me = _Player()
        self.riichi_calls = [0] * 4          # calls made on the table when each seat declared riichi
        self.passed = [set() for _ in range(4)]          # kinds discarded since each seat's last discard
        self.riichi_passed = [set() for _ in range(4)]   # ... since each seat's riichi
        self.decisions: list[Decision] = []

    # ---- the hand as the player sees it -----------------------------------------------------
    def hand(self) -> Hand | None:
        seat = self.seat
        t = self.table
        s = t.seats[seat]
        if None in s.concealed:
            return None
        opponents = []
        for q, other in enumerate(t.seats):
            if q == seat:
                continue
            river = tuple(RiverTile(tile, tsumogiri, i == other.riichi_at, called)
                          for i, (tile, called, tsumogiri) in enumerate(other.pond))
            opponents.append(Opponent(RELATIVE[(q - seat) % 4], river, tuple(_meld(m, q) for m in other.melds)))
        concealed = list(s.concealed)
        drew = isinstance(t.last_event, Draw) and t.last_event.seat == seat
        drawn = [concealed.pop()] if drew else []
        return Hand(tuple(sorted(concealed) + drawn), tuple(_meld(m, seat) for m in s.melds), tuple(t.indicators),
                    (), self.rnd.wind, (seat - self.rnd.dealer) % 4,
                    tuple(tile for tile, _, _ in s.pond), turn=min(s.draws, 18), opponents=tuple(opponents))

    def genbutsu(self) -> tuple[tuple[tuple[str, frozenset[int]], ...], tuple[int, ...]]:
        """Each opponent's kinds it cannot ron now, and the opponents' seat numbers (L, A, R)."""
        out, seats = [], []
        for rel in SEATS:
            q = (self.seat + POSITION[rel]) % 4
            other = self.table.seats[q]
            passed = self.riichi_passed[q] if other.riichi_at is not None else self.passed[q]
            out.append((rel, frozenset({tile.kind for tile, _, _ in other.pond} | passed)))
            seats.append(q)
        return tuple(out), tuple(seats)

    def furiten(self, hand: Hand, waits: list[int], temporary: bool) -> bool:
        """A wait among the player's own discards (振聴), passed since their riichi, or
        (`temporary`, before their next discard) passed since their last discard."""
        discarded = {t.kind for t in hand.discards}
        if any(w in discarded for w in waits):
            return True
        if self.table.seats[self.seat].riichi_at is not None and any(w in self.me.riichi_passed for w in waits):
            return True
        return temporary and any(w in self.me.passed for w in waits)

    # ---- decisions -----------------------------------------------------------------------
    def discard(self, e: Discard, j: int) -> None:
        hand = self.hand()
        if hand is None:
            return
        s = self.table.seats[self.seat]
        forced = s.riichi_at is not None
        try:
            kept = hand.discard(e.tile)
        except TileError as error:
            raise LogError(str(error), at=e.at) from None
        waits = _waits(kept) if hand_shanten(kept) == 0 else []
        can_riichi = (hand.is_closed and not forced and self.rnd.scores[self.seat] >= 1000
                      and LIVE_WALL - self.table.total_draws >= 4)
        genbutsu, seats = self.genbutsu()
        self.decisions.append(Decision(
            "discard", self.index, j, hand, e.tile.name, e.tile, hand_shanten(hand), bool(waits),
            bool(waits) and self.furiten(kept, waits, temporary=False), e.riichi, e.tsumogiri, forced,
            can_riichi=can_riichi or e.riichi, genbutsu=genbutsu, seats=seats))

    def chance(self, tile: Tile, source: int, j: int, chankan: bool = False) -> None:
        """The player's options on `tile` discarded (or added to a quad) by `source`."""
        t = self.table
        s = t.seats[self.seat]
        hand = self.hand()
        if hand is None or hand.size != 13:
            return
        counts = hand.counts
        k = tile.kind
        options = ["pass"]
        in_riichi = s.riichi_at is not None
        if not chankan and not in_riichi and not t.wall_empty():
            if counts[k] >= 2:
                options.append("pon")
            if counts[k] >= 3:
                options.append("kan")
            if source == (self.seat + 3) % 4 and k < 27:
                n = k % 9
                runs = [(a, b) for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2))
                        if 0 <= n + (a - k) and n + (b - k) <= 8 and counts[a] and counts[b]]
                if runs:
                    options.append("chi")
        shanten = hand_shanten(hand)
        waits = _waits(hand) if shanten == 0 else []
        furiten = bool(waits) and self.furiten(hand, waits, temporary=True)
        ron_points = None
        if k in waits and not furiten:
            from mjgui.scoring import ScoringError, score_tile
            riichi = 0 if not in_riichi else (2 if s.first_discard_uninterrupted else 1)
            try:
                value = score_tile(hand, k, tsumo=False, riichi=riichi)
            except ScoringError:
                value = None
            if value is not None and value.wins:
                options.append("ron")
                ron_points = value.total
        if len(options) == 1:
            return
        events = self.rnd.events
        nxt = events[j + 1] if j + 1 < len(events) else None
        played = "pass"
        uses = None
        if isinstance(nxt, Call) and nxt.seat == self.seat and nxt.kind in ("chi", "pon", "kan"):
            played = nxt.kind
            if nxt.kind == "chi":
                rest = sorted(x.kind for x in nxt.tiles)
                rest.remove(k)
                uses = (rest[0], rest[1])
        elif nxt is None and any(isinstance(r, Win) and r.seat == self.seat and r.source == source
                                 for r in self.rnd.results):
            played = "ron"
        elif isinstance(nxt, Call) and nxt.seat != self.seat or (
                nxt is None and any(isinstance(r, Win) for r in self.rnd.results)):
            # someone else took the tile: only a declined ron is known to be the player's choice
            if "ron" not in options:
                return
            options = ["pass", "ron"]
        self.decisions.append(Decision(
            "call", self.index, j, hand, played, tile, shanten, shanten == 0, furiten,
            options=tuple(options), source=RELATIVE[(source - self.seat) % 4], uses=uses, ron_points=ron_points))

    # ---- wins ------------------------------------------------------------------------------
    def check(self, w: Win) -> WinCheck:
        t = self.table
        s = t.seats[w.seat]
        log = (w.han, w.fu, w.points)
        concealed = list(s.concealed)
        if not w.tsumo:
            concealed.append(w.tile)
        if None in concealed:
            return WinCheck(self.index, w.seat, "", None, log, None, "the winner's hand is hidden")
        matches = None
        if w.hand:
            matches = sorted(concealed) == sorted(w.hand)
        last = self.rnd.events[-1] if self.rnd.events else None
        flags = set()
        if w.tsumo:
            flags.add("tsumo")
            if isinstance(last, Draw) and last.rinshan:
                flags.add("rinshan")
            elif t.total_draws >= LIVE_WALL:
                flags.add("haitei")
            if not s.pond and t.calls_made == 0 and s.draws == 1:
                flags.add("tenhou" if w.seat == self.rnd.dealer else "chiihou")
        else:
            if isinstance(last, Call) and last.kind == "kakan":
                flags.add("chankan")
            elif t.total_draws >= LIVE_WALL:
                flags.add("houtei")
        if s.riichi_at is not None:
            flags.add("double-riichi" if s.first_discard_uninterrupted else "riichi")
            # a robbed quad never completes, so it does not break ippatsu (tenhou pays both)
            calls = t.calls_made - ("chankan" in flags)
            if len(s.pond) - 1 == s.riichi_at and calls == self.riichi_calls[w.seat]:
                flags.add("ippatsu")
        try:
            hand = Hand(tuple(concealed), tuple(_meld(m, w.seat) for m in s.melds), tuple(t.indicators),
                        (), self.rnd.wind, (w.seat - self.rnd.dealer) % 4,
                        win=HandWin(w.tile, frozenset(flags), w.ura if s.riichi_at is not None else ()))
            from mjgui.scoring import score
            value = score(hand)
        except (TileError, ValueError) as error:
            return WinCheck(self.index, w.seat, "", matches, log, None, str(error))
        scored = (value.han, value.fu, value.total)
        # a disagreement says why: the log's hand is another, or the hand does not win
        problem = "" if value.wins else value.reason()
        if matches is False:
            problem = (f"the log's winning hand {''.join(t.name for t in w.hand)} is not the replayed one "
                       f"({''.join(t.name for t in sorted(concealed))})" + (f"; {problem}" if problem else ""))
        return WinCheck(self.index, w.seat, str(hand), matches, log, scored, problem)

    # ---- the round ---------------------------------------------------------------------------
    def run(self) -> RoundReplay:
        t = self.table
        me = self.seat
        for j, e in enumerate(self.rnd.events):
            if isinstance(e, Discard) and e.seat == me:
                self.discard(e, j)
                t.apply(e, j)
                self.me.passed.clear()
            elif isinstance(e, Discard):
                self.chance(e.tile, e.seat, j)          # before the tile joins the pond
                t.apply(e, j)
                self.me.passed.add(e.tile.kind)
                self.me.riichi_passed.add(e.tile.kind)
            elif isinstance(e, Call) and e.kind == "kakan" and e.seat != me:
                self.chance(e.tile, e.seat, j, chankan=True)
                t.apply(e, j)
            else:
                t.apply(e, j)
            if isinstance(e, Discard):
                for q in range(4):
                    if q != e.seat:
                        self.passed[q].add(e.tile.kind)
                        if t.seats[q].riichi_at is not None:
                            self.riichi_passed[q].add(e.tile.kind)
                self.passed[e.seat].clear()
            if isinstance(e, Discard) and e.riichi:
                self.riichi_calls[e.seat] = t.calls_made
                self.riichi_passed[e.seat].clear()
                if e.seat == me:
                    self.me.riichi_passed.clear()
        checks = tuple(self.check(r) for r in self.rnd.results if isinstance(r, Win))
        return RoundReplay(self.index, self.rnd.name, self.rnd.honba, tuple(self.decisions),
                           _result(self.rnd), checks)


def replay(record: GameRecord, player: int | str = 0, cancelled=None) -> Replay:
    """Every decision of `player` (a seat 0-3 or a name) in every round, with the win checks;
    `cancelled()` is asked before each round and stops the work with `Cancelled`."""
    seat = record.seat_of(player)
    rounds = []
    for i in range(len(record.rounds)):
        check_cancel(cancelled)
        rounds.append(_RoundReplayer(record, i, seat).run())
    return Replay(record, seat, tuple(rounds))
