"""Test-only helpers for the scorer: random winning hands built from the rules'
definition of a complete hand, and the `mahjong` package (PyPI) as an
independent oracle.  Never imported by mjgui itself."""
from __future__ import annotations

import argparse
import random
import sys

from mjgui.hand import Hand, Meld, MeldKind, Win
from mjgui.tiles import Tile

try:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as OracleMeld
except ImportError:            # the oracle tests skip without it
    HandCalculator = None


def _meld(kind: MeldKind, tiles: list[Tile], rng: random.Random) -> Meld:
    if kind is MeldKind.ANKAN:
        return Meld(kind, tuple(tiles))
    called = rng.choice(tiles)
    seat = "L" if kind is MeldKind.CHI else rng.choice("LAR")
    return Meld(kind, tuple(tiles), called, seat)


def random_win(rng: random.Random, open_rate: float = 0.35) -> Hand:
    """A random complete hand with a consistent random win situation."""
    while True:
        hand = _try_random_win(rng, open_rate)
        if hand is not None:
            return hand


def _tiles_of(kind: int, n: int, used: list[int], reds: list[bool], rng: random.Random) -> list[Tile]:
    out = []
    for _ in range(n):
        # the set has one red and three plain copies of each five
        red = kind in (4, 13, 22) and not reds[kind // 9] and (rng.random() < 0.4 or used[kind] == 3)
        if red:
            reds[kind // 9] = True
        used[kind] += 1
        out.append(Tile(kind, red))
    return out


def _try_random_win(rng: random.Random, open_rate: float) -> Hand | None:
    used = [0] * 34
    reds = [False, False, False]
    form = rng.random()
    concealed: list[Tile] = []
    melds: list[Meld] = []
    if form < 0.04:                                  # thirteen orphans
        yaochu = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        for k in yaochu:
            concealed += _tiles_of(k, 1, used, reds, rng)
        concealed += _tiles_of(rng.choice(yaochu), 1, used, reds, rng)
    elif form < 0.14:                                # seven pairs
        kinds = rng.sample(range(34), 7)
        for k in kinds:
            concealed += _tiles_of(k, 2, used, reds, rng)
    else:
        # bias toward a few suits so honitsu / chinitsu / toitoi / yakuhai come up
        suits = rng.sample(range(4), rng.choice((1, 2, 2, 3, 4)))
        kinds = [k for k in range(34) if (k // 9 if k < 27 else 3) in suits]
        for _ in range(4):
            k = rng.choice(kinds)
            run = k < 27 and k % 9 <= 6 and rng.random() < 0.55
            need = [k, k + 1, k + 2] if run else [k] * 3
            quad = not run and rng.random() < 0.12
            if quad:
                need.append(k)
            if any(used[t] + need.count(t) > 4 for t in set(need)):
                return None
            tiles = []
            for t in need:
                tiles += _tiles_of(t, 1, used, reds, rng)
            if quad:
                melds.append(_meld(MeldKind.ANKAN if rng.random() < 0.4 else rng.choice(
                    (MeldKind.KAN, MeldKind.KAKAN)), tiles, rng))
            elif rng.random() < open_rate:
                melds.append(_meld(MeldKind.CHI if run else MeldKind.PON, tiles, rng))
            else:
                concealed += tiles
        k = rng.choice(kinds)
        if used[k] + 2 > 4:
            return None
        concealed += _tiles_of(k, 2, used, reds, rng)
    rng.shuffle(concealed)
    win = rng.choice(concealed)
    closed = all(m.kind is MeldKind.ANKAN for m in melds)
    flags = set()
    tsumo = rng.random() < 0.45
    if tsumo:
        flags.add("tsumo")
    if closed and rng.random() < 0.5:
        flags.add("double-riichi" if rng.random() < 0.1 else "riichi")
        if rng.random() < 0.2:
            flags.add("ippatsu")
    if rng.random() < 0.05:
        flags.add("haitei" if tsumo else "houtei")
    if tsumo and any(m.kind in (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN) for m in melds) \
            and rng.random() < 0.2 and not flags & {"haitei", "ippatsu"}:
        flags.add("rinshan")
    free = [k for k in range(34) for _ in range(4 - used[k])]
    rng.shuffle(free)
    n_dora = rng.choice((1, 1, 1, 2, 3))
    dora = [t for k in free[:n_dora] for t in _tiles_of(k, 1, used, reds, rng)]
    ura = ([t for k in free[n_dora:2 * n_dora] for t in _tiles_of(k, 1, used, reds, rng)]
           if flags & {"riichi", "double-riichi"} else [])
    return Hand(tuple(concealed), tuple(melds), tuple(dora), round_wind=rng.randrange(2),
                seat_wind=rng.randrange(4),
                win=Win(win, frozenset(flags), tuple(ura), rng.choice((0, 0, 1, 3)), rng.choice((0, 0, 1, 2))))


# ---- the oracle ------------------------------------------------------------------

class _Ids:
    """136-tile ids: the red five is copy 0 of its five (ids 16, 52, 88), as logs write it;
    the plain copies take the other ids in turn."""

    def __init__(self) -> None:
        self.next = [1 if k in (4, 13, 22) else 0 for k in range(34)]

    def id(self, t: Tile) -> int:
        if t.red:
            return 4 * t.kind
        self.next[t.kind] += 1
        return 4 * t.kind + self.next[t.kind] - 1


def oracle(hand: Hand, double_yakuman: bool = False):
    """The `mahjong` package's answer for a hand: (han, fu, total, yaku names) or
    (0, 0, 0, error) when it finds no win."""
    ids = _Ids()
    tiles, melds = [], []
    for t in hand.concealed:
        tiles.append(ids.id(t))
    win_id = None
    for t, i in zip(hand.concealed, tiles):
        if t == hand.win.tile:
            win_id = i
    for m in hand.melds:
        meld_ids = [ids.id(t) for t in m.tiles]
        tiles += meld_ids
        kind = {MeldKind.CHI: OracleMeld.CHI, MeldKind.PON: OracleMeld.PON, MeldKind.KAN: OracleMeld.KAN,
                MeldKind.ANKAN: OracleMeld.KAN, MeldKind.KAKAN: OracleMeld.SHOUMINKAN}[m.kind]
        melds.append(OracleMeld(kind, meld_ids, opened=m.kind is not MeldKind.ANKAN))
    dora = [ids.id(t) for t in hand.dora_indicators]
    ura = [ids.id(t) for t in hand.win.ura_indicators]
    f = hand.win.flags
    config = HandConfig(
        is_tsumo="tsumo" in f, is_riichi="riichi" in f, is_daburu_riichi="double-riichi" in f,
        is_ippatsu="ippatsu" in f, is_haitei="haitei" in f, is_houtei="houtei" in f,
        is_rinshan="rinshan" in f, is_chankan="chankan" in f, is_tenhou="tenhou" in f,
        is_chiihou="chiihou" in f, player_wind=EAST + hand.seat_wind, round_wind=EAST + hand.round_wind,
        tsumi_number=hand.win.honba, kyoutaku_number=hand.win.sticks,
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=double_yakuman,
                              kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False))
    result = HandCalculator().estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora,
                                                  config=config, ura_dora_indicators=ura)
    if result.error:
        return 0, 0, 0, result.error
    cost = result.cost
    if "tsumo" not in f:
        total = cost["main"]
    elif hand.seat_wind == 0:
        total = 3 * cost["main"]
    else:
        total = cost["main"] + 2 * cost["additional"]
    return result.han, result.fu, total, sorted(str(y) for y in result.yaku)


def mismatch(hand: Hand, rules: str = "tenhou") -> str | None:
    """How mjgui's score of `hand` differs from the oracle's, or None: han, then the
    points when it wins, then the fu below yakuman (the oracle reports no fu for
    thirteen orphans and its own for other yakuman: the known differences)."""
    from mjgui.scoring import score
    s = score(hand, rules)
    han, fu, total, names = oracle(hand, double_yakuman=rules == "majsoul")
    if s.han != han:
        return f"{hand}: han {s.summary()} / oracle {han} {names}"
    if han and s.total != total:
        return f"{hand}: points {s.summary()} / oracle {total} {names}"
    if han and not s.yakuman and s.fu != fu:
        return f"{hand}: fu {s.fu_text()} / oracle {fu} {names}"
    return None


def main(argv: list[str] | None = None) -> int:
    """The long run: `python tests/scoring_oracle.py --hands 100000 --seeds 4` scores
    random wins under both presets and prints every mismatch (exit status 1 if any)."""
    parser = argparse.ArgumentParser(description=main.__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands in all, split over the seeds")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args(argv)
    if HandCalculator is None:
        print("the mahjong package is not installed", file=sys.stderr)
        return 2
    bad = 0
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        rng = random.Random(seed)
        rules = "majsoul" if seed % 2 else "tenhou"
        for _ in range(args.hands // args.seeds):
            problem = mismatch(random_win(rng), rules)
            if problem:
                bad += 1
                print(f"seed {seed} {rules}: {problem}")
        print(f"seed {seed} ({rules}): {args.hands // args.seeds} hands done, {bad} mismatches so far", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
