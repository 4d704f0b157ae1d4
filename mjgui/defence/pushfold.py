"""Push or fold: the value of a discard with the other three players at the table (docs/defence.md).

The expected-value search (`mjgui.ev`) values a hand as if nobody else played.  Its by-turn
tables say how the win and the points build up draw by draw (the value with one draw fewer is
the same hand started a draw later), so the j-th draw from now adds `g_j` points.  At the table:

- **the race**: before each of our draws another player may win (a rate per turn measured on
  real games, or the visible threats' win rates when they are higher); a plan that needs many
  draws keeps less of its points;
- **pushing** deals in with this discard's danger now and, on each later discard, with the danger
  of a typical unsafe tile against the threats; it pays a share of a threat's tsumo;
- **folding** throws the safest tile each turn (this discard's danger now, then the hand's safest
  tiles in order), gives up the win and still pays a share of the threats' tsumo;
- a round that reaches the exhaustive draw settles the noten payments (3,000 points from the
  players not tenpai to those tenpai): a fold ends noten, a push is tenpai as often as the search
  says.

The value of a discard is the better of the two, and the verdict says which.  Riichi cannot fold.
With no threat and the race switched off the push value is the search's expected points.
"""
from __future__ import annotations

from dataclasses import dataclass

from mjgui.defence import calibration as cal
from mjgui.defence.danger import Danger, _rate
from mjgui.defence.threats import Threat

__all__ = ["PushFold", "better_way", "Settings", "push_value", "fold_value", "tsumo_share", "noten_payment"]


@dataclass(frozen=True)
class Settings:
    race: bool = True           # other players may win first, at rates from real games
    threats: bool = True        # the opponents' threats (danger, deal-in, their tsumo)


def better_way(push: float | None, fold: float | None) -> str:
    """"push" or "fold": the way worth more (a tie pushes; None: that way is not open)."""
    if fold is None:
        return "push"
    if push is None:
        return "fold"
    return "push" if push >= fold else "fold"


@dataclass(frozen=True)
class PushFold:
    push: float | None          # None: this choice cannot push (a far hand the search does not value)
    fold: float | None          # None: this choice cannot fold (riichi)
    deal_in: float              # the chance this discard deals in now

    @property
    def value(self) -> float:
        return max(v for v in (self.push, self.fold) if v is not None)

    @property
    def verdict(self) -> str:
        return better_way(self.push, self.fold)

    def to_json(self) -> dict:
        return {"push": None if self.push is None else round(self.push, 1),
                "fold": None if self.fold is None else round(self.fold, 1),
                "value": round(self.value, 1), "verdict": self.verdict, "deal_in": round(self.deal_in, 4)}


def tsumo_share(t: Threat, we_are_dealer: bool) -> float:
    """Our part of `t`'s tsumo: a third when it is the dealer, else a half if we are, a quarter if not."""
    if t.dealer:
        return 1 / 3
    return 0.5 if we_are_dealer else 0.25


def _increments(by_turn: tuple[float, ...]) -> list[float]:
    """g_j, j = 1..N: what the j-th draw from now adds (by_turn[i] is the value started i draws
    later, so with N - i draws)."""
    n = len(by_turn)
    cumulative = [0.0] + [by_turn[n - j] for j in range(1, n + 1)]
    return [cumulative[j] - cumulative[j - 1] for j in range(1, n + 1)]


def _race_hazard(turn: int) -> float:
    return cal.RACE_HAZARD[min(max(turn, 1), len(cal.RACE_HAZARD)) - 1]


def _threat_terms(threats: tuple[Threat, ...], we_are_dealer: bool) -> tuple[float, float]:
    """Per turn: the chance a threat wins, and what its tsumo costs us on average."""
    stay = 1.0
    cost = 0.0
    for t in threats:
        w = t.tenpai * (cal.RIICHI_WIN_PER_TURN if t.riichi else cal.TENPAI_WIN_PER_TURN)
        stay *= 1.0 - w
        cost += w * cal.TSUMO_SHARE * t.value * tsumo_share(t, we_are_dealer)
    return 1.0 - stay, cost


def _typical_unsafe(d: Danger, step: int) -> float:
    """The chance a random tile thrown while pushing deals in, `step` discards from now (the same
    for every discard of a hand: derived once per table)."""
    key = ("typical", step)
    if key not in d.memo:
        d.memo[key] = _typical_unsafe_now(d, step)
    return d.memo[key]


def _typical_unsafe_now(d: Danger, step: int) -> float:
    stay = 1.0
    for t in d.threats:
        if t.tenpai <= 0:
            continue
        row = max(1, min(19, d.rows.get(t.seat, 1) + step))
        stay *= 1.0 - t.tenpai * cal.PUSH_DISCARD_FACTOR * _rate("no-suji 3/7", row)
    return 1.0 - stay


#: noten payments at an exhaustive draw, by the number of other players tenpai (0-3): what a
#: tenpai player receives, and what a player not tenpai pays
_NOTEN_GETS = (3000.0, 1500.0, 1000.0, 0.0)
_NOTEN_PAYS = (0.0, 1000.0, 1500.0, 3000.0)


def noten_payment(threats: tuple[Threat, ...], tenpai: float) -> float:
    """What the exhaustive draw pays us on average when we are tenpai with chance `tenpai` and
    each opponent is tenpai with its threat's chance."""
    others = [1.0]                       # the chance of k others tenpai
    for t in threats:
        q = t.tenpai
        others = [a * (1 - q) + (others[k - 1] * q if k else 0.0) for k, a in enumerate(others + [0.0])]
    return sum(p * (tenpai * _NOTEN_GETS[k] - (1 - tenpai) * _NOTEN_PAYS[k]) for k, p in enumerate(others))


def _walk(n: int, turn: int, d: Danger | None, s: Settings, we_are_dealer: bool, gains: list[float] | None,
          now: tuple[float, float], later, tenpai_at_end: float = 0.0, won: list[float] | None = None) -> float:
    """The common sum: step j = 0 is this discard (`now`: its deal-in chance and the points it
    loses on average, deal-ins weighted by their chance), steps 1..n-1 the later discards
    (`later(j)`, the same pair); before each draw the round may end by another player's win;
    `gains` (push) adds the j-th draw's points, `won[j]` is the chance the hand has won by its
    j-th draw (a threat's tsumo and the noten payments cost only a hand still playing)."""
    threat_rate, tsumo_cost = (0.0, 0.0)
    if d is not None and s.threats:
        threat_rate, tsumo_cost = _threat_terms(d.threats, we_are_dealer)
    alive, value = 1.0, 0.0
    for j in range(max(n, 1)):          # this discard happens even with no draw left after it
        p, loss = now if j == 0 else later(j)
        value -= alive * loss
        alive *= 1.0 - p
        hazard = max(_race_hazard(turn + j + 1) if s.race else 0.0, threat_rate)
        playing = 1.0 - won[j] if won else 1.0
        value -= alive * playing * tsumo_cost
        alive *= 1.0 - hazard
        if gains is not None and j < len(gains):
            value += alive * gains[j]
    if d is not None and s.threats and d.any_threat:
        playing = 1.0 - won[-1] if won else 1.0
        value += alive * playing * noten_payment(d.threats, tenpai_at_end)
    return value


def push_value(by_turn: tuple[float, ...], win_by_turn: tuple[float, ...], turn: int, d: Danger | None,
               kind: int, s: Settings = Settings(), we_are_dealer: bool = False, tenpai: float = 1.0) -> float:
    """The expected points of pushing with discard `kind`, whose search values by turn are
    `by_turn` (points) and `win_by_turn` (win chance); `tenpai` is the chance the hand is tenpai
    by the last draw."""
    gains = _increments(by_turn)
    if d is None or not s.threats or not d.any_threat:
        if not s.race:
            return sum(gains)
        return _walk(len(gains), turn, None, s, we_are_dealer, gains, (0.0, 0.0), lambda j: (0.0, 0.0))
    win = [0.0] + [win_by_turn[len(win_by_turn) - j] for j in range(1, len(win_by_turn) + 1)]
    mean_loss = sum(t.value * t.tenpai for t in d.threats) / max(sum(t.tenpai for t in d.threats), 1e-9)

    def later(j: int) -> tuple[float, float]:
        # a later discard happens only while the hand has not won yet
        p = (1.0 - win[j]) * _typical_unsafe(d, j)
        return p, p * mean_loss

    return _walk(len(gains), turn, d, s, we_are_dealer, gains, (d.p(kind), d.loss(kind)), later, tenpai, win)


#: discards made by the other three players between two of ours
OTHERS_DISCARDS = 3


def fold_value(d: Danger, kind: int, kept: list[int], turn: int, s: Settings = Settings(),
               we_are_dealer: bool = False, safe_draw: float = 0.0,
               unseen_share: list[float] | None = None) -> float:
    """The expected points of folding from discard `kind` on: the safest of `kept` (the kinds
    held after it, one entry per tile) go out in order, safest meaning the fewest points lost on
    average (a tile a little more likely to deal in to a cheap hand beats one into a dealer's
    riichi); each later draw is a safe tile with chance `safe_draw`, thrown before any kept tile;
    and a kept tile turns safe as the others discard its kind (each of their OTHERS_DISCARDS
    discards a turn is kind k with chance `unseen_share[k]`)."""
    if not s.threats or not d.any_threat:
        return 0.0
    n = max(18 - turn, 1)
    ordered = sorted(kept, key=lambda k: (d.loss(k), d.p(k)))
    steps = _fold_steps(ordered, d, n, safe_draw, unseen_share)
    return _walk(n, turn, d, s, we_are_dealer, None, (d.p(kind), d.loss(kind)), lambda j: steps[j - 1])


def _fold_steps(ordered: list[int], d: Danger, n: int, safe_draw: float,
                unseen_share: list[float] | None) -> list[tuple[float, float]]:
    """Each later fold discard's deal-in chance and points lost, averaged over the draws.  One
    tile is drawn and one thrown a turn, so a safe draw goes straight out: after j turns the
    number of kept tiles thrown is binomial (j, 1 - safe_draw)."""
    p = [d.p(k) for k in ordered]
    loss = [d.loss(k) for k in ordered]
    # a kept tile stays unsafe while nobody else throws its kind: (1 - share)^3 a turn
    turn_keep = [(1.0 - unseen_share[k]) ** OTHERS_DISCARDS if unseen_share else 1.0 for k in ordered]
    live = [1.0] * len(ordered)
    used = [1.0]                        # used[u]: the chance u kept tiles are out
    unsafe = 1.0 - safe_draw
    out = []
    for _ in range(1, n):
        live = [a * b for a, b in zip(live, turn_keep)]
        p_step = loss_step = 0.0
        for u in range(min(len(used), len(ordered))):
            w = used[u] * live[u]
            p_step += w * p[u]
            loss_step += w * loss[u]
        out.append((unsafe * p_step, unsafe * loss_step))
        used = [a * safe_draw + (used[u - 1] * unsafe if u else 0.0) for u, a in enumerate(used + [0.0])]
    return out

