"""What real games say about defence, moment by moment, with every hand known (for
tools/fit_defence.py and bench_defence.py).

At every discard of every player (the defender) the replay gives the hand as the defender saw it
(the table state, exact genbutsu); the log gives what the defender could not see: each
opponent's concealed tiles, so whether it was tenpai and which tiles it could ron right then.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from mjgui.defence.danger import _rate, dora_tag, tile_danger
from mjgui.defence.opponents import POSITION as _OFFSET
from mjgui.defence.opponents import SEATS
from mjgui.defence.threats import tenpai_chance
from mjgui.hand import Hand
from mjgui.logs.record import Discard, Draw, Win
from mjgui.logs.replay import _RoundReplayer, _meld, _waits, hand_shanten
from mjgui.scoring import ScoringError, score_tile



@dataclass
class Moment:
    """One discard decision with the truth about the opponents."""
    decision: object
    tenpai: dict            # seat -> bool
    ron: dict               # seat -> set of kinds it could ron now
    dealt_in: str | None    # the seat the played tile dealt in to


@dataclass
class Samples:
    moments: list = field(default_factory=list)
    tenpai: list = field(default_factory=list)        # (discards, open melds, tenpai) of players not in riichi
    wins: list = field(default_factory=list)          # (kind, dealer, points)
    race_alive: dict = field(default_factory=lambda: defaultdict(int))
    race_ended: dict = field(default_factory=lambda: defaultdict(int))
    riichi_turns: int = 0
    riichi_wins: int = 0
    riichi_tsumo: int = 0
    tenpai_turns: int = 0
    tenpai_wins: int = 0
    danger: list = field(default_factory=list)        # (group, predicted, dealt in, table alone) per tile held
    dora: list = field(default_factory=list)          # (group, dora tag, predicted without dora factors, dealt in)
    push_dealins: float = 0.0
    push_predicted: float = 0.0


class _Capture(_RoundReplayer):
    """The replay of one seat, keeping the opponents' true hands at each of its discards."""

    def __init__(self, record, index, seat):
        super().__init__(record, index, seat)
        self.truth: list[tuple[dict, dict]] = []

    def discard(self, e, j):
        before = len(self.decisions)
        super().discard(e, j)
        if len(self.decisions) == before:
            return
        d = self.decisions[-1]
        tenpai, ron = {}, {}
        safe = dict(d.genbutsu)
        for rel in SEATS:
            q = (self.seat + _OFFSET[rel]) % 4
            s = self.table.seats[q]
            if None in s.concealed:
                continue
            hand = Hand(tuple(s.concealed), tuple(_meld(m, q) for m in s.melds), (), (), self.rnd.wind,
                        (q - self.rnd.dealer) % 4)
            is_tenpai = hand.size == 13 and hand_shanten(hand) == 0
            tenpai[rel] = is_tenpai
            kinds = set()
            if is_tenpai:
                waits = _waits(hand)
                if not any(w in safe[rel] for w in waits):        # furiten: no ron at all
                    for w in waits:
                        if s.riichi_at is not None:
                            kinds.add(w)
                            continue
                        try:
                            if score_tile(hand, w, tsumo=False, riichi=0).wins:
                                kinds.add(w)
                        except ScoringError:
                            pass
            ron[rel] = kinds
        self.truth.append((tenpai, ron))


def _kind_of_win(s) -> str:
    if s.riichi_at is not None:
        return "riichi"
    return "open" if any(m.kind in ("chi", "pon", "kan", "kakan") for m in s.melds) else "closed"


def collect(records) -> Samples:
    out = Samples()
    for record in records:
        for index, rnd in enumerate(record.rounds):
            wins = [r for r in rnd.results if isinstance(r, Win)]
            for seat in range(4):
                rep = _Capture(record, index, seat)
                rep.run()
                _moments(out, rep, wins)
            # every seat's replay ends at the same table: the last one's serves the round
            _round_figures(out, record, index, wins, rep.table.seats)
    return out


def _moments(out: Samples, rep: _Capture, wins) -> None:
    last_discard = max((j for j, e in enumerate(rep.rnd.events) if isinstance(e, Discard)), default=-1)
    for d, (tenpai, ron) in zip([x for x in rep.decisions if x.action == "discard"], rep.truth):
        hand = d.hand
        dealt = None
        if d.event == last_discard:             # a ron on the round's last discard
            dealt = next((rel for rel in SEATS for w in wins
                          if w.source == rep.seat and w.seat == (rep.seat + _OFFSET[rel]) % 4 and not w.tsumo), None)
        out.moments.append(Moment(d, tenpai, ron, dealt))
        unseen = hand.remaining()
        held = sorted({t.kind for t in hand.concealed})
        for rel in SEATS:
            o = hand.opponent(rel)
            if rel not in tenpai or not o.river:
                continue
            if not o.in_riichi:
                out.tenpai.append((len(o.river), sum(m.is_open for m in o.melds), int(tenpai[rel])))
            weight = tenpai_chance(o)
            group = "riichi" if o.in_riichi else "not riichi"
            for k in held:
                td = tile_danger(hand, o, k, set(dict(d.genbutsu)[rel]), unseen)
                # the suji / turn table alone: the published type's rate, nothing else
                alone = _rate(td.column, len(o.river)) if td.column else 0.0
                out.danger.append((group, td.p * weight, int(k in ron[rel]), alone * weight))
                tag = dora_tag(hand, k)
                if tag:
                    plain = tile_danger(hand, o, k, set(dict(d.genbutsu)[rel]), unseen, dora=False).p
                    out.dora.append((group, tag, plain * weight, int(k in ron[rel])))
            if o.in_riichi and (d.shanten == 0 or d.forced):
                # a player pushing (tenpai or in riichi) against a riichi: its actual discard
                out.push_predicted += weight * _rate("no-suji 3/7", len(o.river))
                out.push_dealins += int(d.tile.kind in ron[rel])


def _round_figures(out: Samples, record, index: int, wins, seats) -> None:
    """Win values, the race by turn and the riichi players' win rate per turn (`seats`: the
    table's seats at the round's end)."""
    rnd = record.rounds[index]
    for w in wins:
        out.wins.append((_kind_of_win(seats[w.seat]), w.seat == rnd.dealer, w.points))
    winners = {w.seat for w in wins}
    for seat in range(4):
        draws = seats[seat].draws
        if wins and seat not in winners:
            for t in range(1, draws + 2):
                out.race_alive[t] += 1
            out.race_ended[min(draws + 1, 18)] += 1
        else:
            for t in range(1, draws + 1):
                out.race_alive[t] += 1
        s = seats[seat]
        if s.riichi_at is not None:
            out.riichi_turns += max(len(s.pond) - 1 - s.riichi_at, 0) + (seat in winners)
            if seat in winners:
                out.riichi_wins += 1
                out.riichi_tsumo += any(w.seat == seat and w.tsumo for w in wins)
        elif seat in winners:
            out.tenpai_wins += 1
    # tenpai without riichi, counted at each draw of such a player
    table_rep = _TenpaiCount(record, index)
    out.tenpai_turns += table_rep.turns


class _TenpaiCount:
    """Draws made by a player tenpai without riichi (the exposure of those players' wins)."""

    def __init__(self, record, index):
        from mjgui.logs.table import Table
        rnd = record.rounds[index]
        t = Table(rnd, "count")
        self.turns = 0
        for j, e in enumerate(rnd.events):
            if isinstance(e, Draw):
                s = t.seats[e.seat]
                if s.riichi_at is None and None not in s.concealed:
                    hand = Hand(tuple(s.concealed), tuple(_meld(m, e.seat) for m in s.melds))
                    if hand.size == 13 and hand_shanten(hand) == 0:
                        self.turns += 1
            t.apply(e, j)
