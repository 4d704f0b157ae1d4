"""Rating a player's decisions (see docs/logs.md, "Rating").

A discard decision is rated by the best evaluator that applies:

- **ev** - the expected points of `mjgui.ev` under the full model the app uses (the tiles the
  player could see are out of the wall, ron, furiten, riichi or dama, an open hand's yaku) when the
  hand is at most `EV_MAX_SHANTEN` from tenpai and some discard has a positive value; loss in points.  A discard
  into tenpai where riichi could be declared is two choices, "5m riichi" and "5m dama";
- **analysis** - otherwise the analysis ranking (lowest shanten, then most ukeire, then the
  larger second step); loss in ukeire tiles: the best discard's ukeire minus the played one's
  at equal shanten, all of the best discard's ukeire for a discard that goes back a shanten;
- **forced** - in riichi the drawn tile must go: no choice, no loss.

**Defence** (docs/defence.md): a discard's value is the better of pushing and folding with the
other players at the table (`mjgui.defence.pushfold`): the race (another player may win first)
always, and the opponents' threats (danger of each tile, their wins) from the table state the
replay fills in.  A hand too far for the search, facing a visible threat (a riichi, or an
opponent likely tenpai), is rated by the fold values (evaluator **defence**).  `defence=NO_DEFENCE`
gives the values of the search alone.

A call decision: declining a ron that has a yaku is a mistake costing the ron's points
(evaluator **ron**).  A pon or chi on offer is rated by the same expected points (**ev**) when
the hand is at most `EV_MAX_SHANTEN` from tenpai: passing is the hand as it stands before its
next draw, each call the open hand after it with its best discard kuikae allows, one draw
later (the call takes the draw's place, as in the model).  Further away, or when nothing has a
value, a pon or chi that neither lowers the shanten nor keeps a yaku is a mistake of one
(evaluator **calls**, unit "calls"); passing is then never marked a mistake, the advancing calls
being listed as its alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mjgui.analysis import analyze, by_second_step, hand_after_call, kuikae_banned
from mjgui.ev import APP_OPTIONS, LAST_DRAW, expected_values
from mjgui.core import HandError
from mjgui.defence.danger import Danger, danger
from mjgui.defence.pushfold import Settings
from mjgui.defence.values import THREAT_TENPAI, discard_values, visible_threat
from mjgui.hand import Meld, MeldKind
from mjgui.logs.replay import Decision, Replay
from mjgui.tiles import KIND_NAMES, Tile, TileError

__all__ = ["EV_MAX_SHANTEN", "Alternative", "Rating", "rate", "rate_replay", "summary", "DEFENCE", "NO_DEFENCE",
           "THREAT_TENPAI"]

#: the expected-value search runs up to this shanten (the core searches up to 3)
EV_MAX_SHANTEN = 3
_EPS = 1e-6
#: the review's defence: the race and the opponents' threats
DEFENCE = Settings()
#: the search's values alone (no race, no threats)
NO_DEFENCE = Settings(race=False, threats=False)


@dataclass(frozen=True)
class Alternative:
    """One choice and its value under the evaluator (higher is better; for the analysis,
    the value is the ukeire at the shanten shown)."""
    choice: str
    value: float
    shanten: int | None = None
    deal_in: float | None = None       # the chance this discard deals in now
    verdict: str = ""                  # "push" or "fold" when valued with defence
    push: float | None = None          # with defence: the value of pushing (None: cannot push)
    fold: float | None = None          # ... and of folding (None: cannot fold, or no threat)


@dataclass(frozen=True)
class Rating:
    decision: Decision
    evaluator: str                     # "ev", "analysis", "forced", "ron", "calls"
    unit: str                          # "points", "ukeire", "calls" or "" (no loss possible)
    ranking: tuple[Alternative, ...]   # best first
    best: tuple[str, ...]              # every choice tied with the best
    rank: int                          # 1 = the player's choice is (tied) best
    loss: float
    choice: str = ""                   # the player's choice as the ranking names it (default: played)
    danger: Danger | None = field(default=None, repr=False, compare=False)

    @property
    def threats(self) -> tuple:
        return self.danger.threats if self.danger is not None else ()

    @property
    def under_threat(self) -> bool:
        """An opponent in riichi or likely tenpai (THREAT_TENPAI)."""
        return visible_threat(self.danger)

    @property
    def deal_in(self) -> float | None:
        """The chance the played tile dealt in (discards with a table state)."""
        if self.danger is None or self.decision.action != "discard":
            return None
        return self.danger.p(self.decision.tile.kind)

    @property
    def verdict(self) -> str:
        """"push" or "fold": what the played choice did, under threat."""
        mine = next((a for a in self.ranking if a.choice == self.played), None)
        return mine.verdict if mine is not None else ""

    @property
    def played(self) -> str:
        return self.choice or self.decision.played

    @property
    def agrees(self) -> bool:
        return self.rank == 1

    def to_json(self) -> dict:
        d = self.decision
        best = self.best[0] if self.best else self.played
        return {"kind": d.action, "hand": str(d.hand), "played": d.played, "choice": self.played, "riichi": d.riichi,
                "tsumogiri": d.tsumogiri, "tile": d.tile.name,
                # a discard's best tile ("5m" of "5m riichi"); the choice itself beside it
                "best": best.split()[0] if d.action == "discard" else best, "best_choice": best,
                "best_all": list(self.best), "loss": round(self.loss, 4), "unit": self.unit,
                "evaluator": self.evaluator, "rank": self.rank, "shanten": d.shanten, "tenpai": d.tenpai,
                "furiten": d.furiten, "turn": d.hand.turn, "options": list(d.options), "source": d.source,
                "alternatives": [{"choice": a.choice, "value": round(a.value, 4), "shanten": a.shanten,
                                  "deal_in": None if a.deal_in is None else round(a.deal_in, 4),
                                  "verdict": a.verdict, "push": _rounded(a.push), "fold": _rounded(a.fold)}
                                 for a in self.ranking],
                "threats": [t.to_json(seat) for t, seat in zip(self.threats, d.seats or (None,) * 3)
                            if t.tenpai > 0],
                "under_threat": self.under_threat, "verdict": self.verdict,
                "deal_in": None if self.deal_in is None else round(self.deal_in, 4)}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _rank_of(values: list[tuple[str, float]], played: str) -> tuple[int, tuple[str, ...], float]:
    top = max(v for _, v in values)
    mine = next((v for c, v in values if c == played), 0.0)
    rank = 1 + len({c for c, v in values if v > mine + _EPS})
    best = tuple(c for c, v in values if v >= top - _EPS)
    return rank, best, max(top - mine, 0.0)


def _ev_rating(d: Decision, choices: list[tuple], played: str, evaluator: str = "ev",
               table: Danger | None = None) -> Rating:
    """The rating by expected points of the choices (name, points, shanten[, PushFold]), best first."""
    rank, best, loss = _rank_of([(c[0], c[1]) for c in choices], played)
    ranking = tuple(Alternative(c[0], c[1], c[2], *((c[3].deal_in, c[3].verdict, c[3].push, c[3].fold)
                                                     if len(c) > 3 else ()))
                    for c in sorted(choices, key=lambda a: -a[1]))
    return Rating(d, evaluator, "points", ranking, best, rank, loss, played, table)


def _rate_discard(d: Decision, ev_max: int, defence: Settings = DEFENCE) -> Rating:
    hand = d.hand
    # with defence, every discard has a danger table (all zero before anyone has shown a tile)
    table = danger(hand, safe=dict(d.genbutsu) if d.genbutsu else None) if defence.threats else None
    if d.forced:
        return Rating(d, "forced", "", (Alternative(d.played, 0.0),), (d.played,), 1, 0.0, danger=table)
    played_kind = d.tile.kind
    turn = min(max(hand.turn, 1), LAST_DRAW + 1)
    played = KIND_NAMES[played_kind]
    result = None
    if d.shanten <= ev_max and len(hand.dora_indicators) <= 5:
        result = expected_values(hand, turn, options=APP_OPTIONS)
    values = discard_values(hand, result, defence, table, d.can_riichi)
    if any(c.name == f"{played} riichi" for c in values.choices):   # a tenpai discard: riichi or dama
        played = f"{played} {'riichi' if d.riichi else 'dama'}"
    rows = [(c.name, c.values.value, c.shanten, c.values) for c in values.choices]
    threatened = table is not None and table.any_threat
    if rows and result is not None and (max(v[1] for v in rows) > _EPS or threatened):
        return _ev_rating(d, rows, played, table=table)
    if rows and visible_threat(table):
        # too far to win against a visible threat: the value of folding from each discard
        return _ev_rating(d, rows, KIND_NAMES[played_kind], "defence", table)
    a = analyze(hand, rank=by_second_step, calls=False)
    rows = a.rows
    mine = next(r for r in rows if r.tile.kind == played_kind)
    key = by_second_step
    top = key(rows[0])
    rank = 1 + len({key(r) for r in rows if key(r) < key(mine)})
    best = tuple(r.tile.plain_name for r in rows if key(r) == top)
    head = rows[0]
    loss = (head.ukeire_total - mine.ukeire_total) if mine.shanten == head.shanten else head.ukeire_total
    ranking = tuple(Alternative(r.tile.plain_name, r.ukeire_total, r.shanten,
                                None if table is None else table.p(r.tile.kind)) for r in rows)
    return Rating(d, "analysis", "ukeire", ranking, best, rank, float(max(loss, 0)), danger=table)


def _call_shapes(d: Decision) -> list[tuple[str, tuple[int, int]]]:
    """The pon and chi shapes on offer, each with the two concealed kinds it uses."""
    k, held = d.tile.kind, d.hand.counts
    shapes = [("pon", (k, k))] if "pon" in d.options else []
    if "chi" in d.options:
        shapes += [("chi", (a, b)) for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2))
                   if 0 <= a and b < 27 and a // 9 == b // 9 == k // 9 and held[a] and held[b]]
    return shapes


def _rate_call_ev(d: Decision, ev_max: int) -> Rating | None:
    """Pass and every pon / chi on offer by expected points (the module doc); None when the
    hand is too far from tenpai or nothing has a value."""
    hand, x = d.hand, d.tile
    if d.played == "kan" or d.shanten > ev_max or len(hand.dora_indicators) > 5:
        return None
    turn = min(max(hand.turn, 1), LAST_DRAW + 1)
    # the offered tile is not among the tiles seen yet (the replay asks before it joins the
    # pond): it goes to the hand (passing: kept, then thrown at once) or to the meld, out of
    # the wall either way
    try:
        passed = expected_values(replace(hand, concealed=hand.concealed + (x,)), turn, APP_OPTIONS)
        if not passed.searched:
            return None
        pass_row = next(r for r in passed.rows if r.discard.kind == x.kind)
        values = [("pass", pass_row.exp_score, pass_row.shanten)]
        played = "pass" if d.played == "pass" else ""
        for call, uses in _call_shapes(d):
            # plain tiles named: the call takes the hand's plain copies before a red five
            meld = Meld(MeldKind.PON if call == "pon" else MeldKind.CHI, (x, *map(Tile, uses)), x, d.source)
            after = hand_after_call(hand, meld)
            banned = kuikae_banned(call, x.kind, uses)
            result = expected_values(after, min(turn + 1, LAST_DRAW + 1), APP_OPTIONS)
            rows = [r for r in result.rows if r.discard.kind not in banned]
            name = f"{call}:{KIND_NAMES[uses[0]]}{KIND_NAMES[uses[1]]}"
            best = max(rows, key=lambda r: r.exp_score, default=None)
            values.append((name, best.exp_score if best else 0.0, best.shanten if best else None))
            if d.played == call and (call == "pon" or d.uses == uses):
                played = name
    except (HandError, TileError):          # a hand the model cannot take: the plain rules rate it
        return None
    if not played or max(v for _, v, _ in values) <= _EPS:
        return None
    return _ev_rating(d, values, played)


def _rate_call(d: Decision, ev_max: int = EV_MAX_SHANTEN) -> Rating:
    if "ron" in d.options:
        ranking = (Alternative("ron", float(d.ron_points or 0)), Alternative("pass", 0.0))
        if d.played == "ron":
            return Rating(d, "ron", "points", ranking, ("ron",), 1, 0.0)
        return Rating(d, "ron", "points", ranking, ("ron",), 2, float(d.ron_points or 0))
    rated = _rate_call_ev(d, ev_max)
    if rated is not None:
        return rated
    a = analyze(d.hand, what=0)
    k = d.tile.kind
    calls = [c for c in (a.current.calls if a.current else ()) if c.tile == k and c.call in d.options]
    good = [c for c in calls if not c.yakuless]
    ranking = tuple(Alternative(f"{c.call}:{KIND_NAMES[c.uses[0]]}{KIND_NAMES[c.uses[1]]}", 1.0, c.shanten)
                    for c in good) + (Alternative("pass", 0.0, d.shanten),)
    if d.played in ("pass", "kan"):
        return Rating(d, "calls", "calls", ranking, (d.played,), 1, 0.0)
    made = [c for c in good if c.call == d.played and (d.uses is None or tuple(sorted(c.uses)) == d.uses)]
    if made:
        return Rating(d, "calls", "calls", ranking, (d.played,), 1, 0.0)
    return Rating(d, "calls", "calls", ranking, ("pass",), 2, 1.0)


def rate(d: Decision, ev_max: int = EV_MAX_SHANTEN, defence: Settings = DEFENCE) -> Rating:
    """The rating of one decision."""
    return _rate_discard(d, ev_max, defence) if d.action == "discard" else _rate_call(d, ev_max)


def rate_replay(replay: Replay, ev_max: int = EV_MAX_SHANTEN, defence: Settings = DEFENCE) -> list[list[Rating]]:
    """The ratings of every decision, round by round."""
    return [[rate(d, ev_max, defence) for d in r.decisions] for r in replay.rounds]


def summary(ratings: list[list[Rating]]) -> dict:
    """Decisions rated (forced ones left out), the share where the player chose the best,
    and the total loss in each unit."""
    rated = [r for rs in ratings for r in rs if r.evaluator != "forced"]
    loss: dict[str, float] = {}
    for r in rated:
        if r.unit:
            loss[r.unit] = loss.get(r.unit, 0.0) + r.loss
    agree = sum(r.agrees for r in rated)
    return {"decisions": len(rated), "agreed": agree,
            "agreement": round(agree / len(rated), 4) if rated else None,
            "loss": {u: round(v, 4) for u, v in sorted(loss.items())}}
