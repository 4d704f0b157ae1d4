"""The threat each opponent poses: the chance it is tenpai now and what it wins if it wins.

- **riichi**: tenpai for sure;
- otherwise a logistic estimate from its open melds and its number of discards, fitted on real
  tenhou games where every hand is known (`calibration`, made by tools/fit_defence.py);
- **value**: the average a win of that kind paid in those games (riichi, open, closed without
  riichi; dealer or not), raised for the dora and red fives its melds show, for signs of a flush
  (every meld in one suit and few of that suit in its river) or of toitoi (two or more pons
  and no chi), and for a riichi declared on its last discard (ippatsu still possible).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from mjgui.defence import calibration as cal
from mjgui.defence.opponents import SEATS, Opponent

__all__ = ["Threat", "threats", "tenpai_chance", "win_value"]

#: a mangan (a dealer's: 12,000); dora on a cheap open hand rarely take it past that
_CAP = {False: 8000.0, True: 12000.0}


@dataclass(frozen=True)
class Threat:
    seat: str                   # "L", "A" or "R"
    riichi: bool
    tenpai: float               # 0..1
    value: float                # the points it takes from a deal-in (before honba)
    dealer: bool
    basis: str                  # what the estimates rest on, in words

    def to_json(self, seat_number: int | None = None) -> dict:
        return {"seat": self.seat if seat_number is None else seat_number, "riichi": self.riichi,
                "tenpai": round(self.tenpai, 4), "value": round(self.value), "dealer": self.dealer,
                "basis": self.basis}


def tenpai_chance(o: Opponent) -> float:
    """The chance `o` is tenpai (riichi: 1)."""
    if o.in_riichi:
        return 1.0
    if not o.river and not o.melds:
        return 0.0
    opened = sum(m.is_open for m in o.melds)
    a, b, c, d = cal.TENPAI_COEF
    z = a + b * len(o.river) + c * opened + d * opened * len(o.river)
    return 1.0 / (1.0 + math.exp(-z))


def dora_kinds(indicators) -> list[int]:
    """The dora each indicator shows (the next tile of its suit, winds and dragons in their cycles)."""
    out = []
    for t in indicators:
        k = t.kind
        if k < 27:
            out.append(k - k % 9 + (k % 9 + 1) % 9)
        elif k < 31:
            out.append(27 + (k - 27 + 1) % 4)
        else:
            out.append(31 + (k - 31 + 1) % 3)
    return out


def win_value(o: Opponent, dealer: bool, dora_indicators=()) -> tuple[float, str]:
    """What `o` wins on average if it wins, and why."""
    kind = "riichi" if o.in_riichi else ("open" if o.open else "closed")
    value = cal.WIN_VALUE[kind][dealer]
    why = [f"{'dealer ' if dealer else ''}{kind} wins average {value:,.0f}"]
    doras = dora_kinds(dora_indicators)
    shown = sum(doras.count(t.kind) + t.red for m in o.melds for t in m.tiles)
    if shown:
        value *= 1.3 ** shown
        why.append(f"{shown} dora in its melds")
    opened = [m for m in o.melds if m.is_open]
    suits = {m.tiles[0].kind // 9 for m in opened}
    if opened and len(suits) == 1 and max(suits) < 3:
        suit = max(suits)
        in_river = sum(r.tile.kind // 9 == suit for r in o.river)
        if len(o.river) >= 6 and in_river <= len(o.river) // 6:
            value *= 1.5
            why.append("a flush likely (its melds in one suit, few in its river)")
    if sum(m.kind.value in ("pon", "kan", "kakan") for m in opened) >= 2 and not any(m.is_run for m in opened):
        value *= 1.3
        why.append("toitoi likely (pons only)")
    if o.in_riichi and o.riichi_index == len(o.river) - 1:
        value *= cal.IPPATSU_FACTOR
        why.append("ippatsu still possible")
    if not o.in_riichi or shown:
        value = min(value, _CAP[dealer] * (1.5 if shown >= 2 else 1.0))
    return value, "; ".join(why)


def threats(hand) -> tuple[Threat, ...]:
    """The three opponents of `hand` (a mjgui.hand.Hand), L, A, R."""
    out = []
    for seat in SEATS:
        o = hand.opponent(seat)
        dealer = hand.wind_of(seat) == 0
        tenpai = tenpai_chance(o)
        value, why = win_value(o, dealer, hand.dora_indicators)
        if o.in_riichi:
            basis = f"riichi at its discard {o.riichi_index + 1}; {why}"
        elif tenpai > 0:
            basis = (f"{sum(m.is_open for m in o.melds)} calls, {len(o.river)} discards: tenpai "
                     f"{100 * tenpai:.0f} % in real games; {why}")
        else:
            basis = "nothing known of this seat"
        out.append(Threat(seat, o.in_riichi, tenpai, value, dealer, basis))
    return tuple(out)
