"""Expected value per discard (期待値): tenpai probability, win probability and
expected points of every discard, under the simple one-player model or the full one (the tiles
seen, ron, furiten, riichi or dama and, with `calls`, a pon or chi to tenpai).

The model (stated in docs/ev.md and in the app's help) is the standard
"nanikiru simulator" one: only the player acts, wins are tsumo only, the wall
holds 4 - (copies in the hand, melds included) - (copies among the dora
indicators) of each tile, and the draw t = turn .. 17 shows tile x with
probability wall(x) / (S - t), S = 136 - 14 - indicators.  A draw that lowers
the shanten is kept (with the best discard keeping the new shanten), any other
draw is thrown back; a closed hand declares riichi at tenpai.  Each number is
maximised on its own.  The full model is stated in docs/ev.md.  The search runs
in the C core (`csrc/ev.c`) and scores every win with the C scorer.

    >>> r = expected_values("23m456p789s55p123s9m dora:1z seat:S")
    >>> row = r.row("9m")
    >>> round(row.win_prob, 5), row.shanten
    (0.71704, 0)
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from mjgui import core
from mjgui.core import lib      # the C constants, through the one boundary module
from mjgui.core import HandError
from mjgui.hand import Hand
from mjgui.scoring import Rules, ScoringError, pack, rule_flags
from mjgui.tiles import Tile

__all__ = ["APP_OPTIONS", "SEARCH_THREADS", "EvOptions", "EvChoice", "EvRow", "EvResult", "EvCancelled",
           "expected_values", "MAX_SHANTEN", "RANKS", "MODELS"]

MAX_SHANTEN = lib.MJ_EV_MAX_SHANTEN
LAST_DRAW = 17
RANKS = ("score", "win", "tenpai")
MODELS = ("simple", "full")


class EvCancelled(HandError):
    """The search was stopped through its cancel flag (the hand changed)."""


@dataclass(frozen=True)
class EvOptions:
    """Switches of the simple model (all on by default, as in the published simulator)."""
    ippatsu: bool = True           # a win on the draw right after riichi scores ippatsu
    haitei: bool = True            # a win on the last draw scores haitei
    ura: bool = True               # ura dora, averaged over the unseen tiles
    double_riichi: bool = True     # tenpai with the first discard (turn 1) is a double riichi
    rank: str = "score"            # order of the discards: "score", "win" or "tenpai"
    model: str = "simple"          # "simple", or "full": the real wall, ron, furiten, riichi or dama
    ron_dama: float = 0.5          # full model: share of the live tiles an opponent discard can be
    ron_riichi: float = 0.25       # ... against a riichi (opponents fold)
    shanten_back: bool = False     # simple model: a discard may raise the shanten by one (向聴戻し)
    tegawari: bool = False         # simple model: a draw that keeps the shanten may be kept (手変わり)
    calls: bool = False            # full model: one pon (any opponent) or chi (left player) per line
    call_share: float = 0.5        # ... share of the live tiles an opponent discard can be, for a call

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"rank must be one of {', '.join(RANKS)}, not {self.rank!r}")
        if self.model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}, not {self.model!r}")
        if self.model == "full" and (self.shanten_back or self.tegawari):
            raise ValueError("shanten-back and tegawari are options of the simple model only")
        if type(self.calls) is not bool:
            raise ValueError(f"calls is True or False, not {self.calls!r}")
        for name in ("ron_dama", "ron_riichi", "call_share"):
            value = getattr(self, name)
            if type(value) not in (int, float) or not 0 <= value <= 1:
                raise ValueError(f"{name} is a share between 0 and 1, not {value!r}")

    @property
    def flags(self) -> int:
        return ((lib.MJ_EV_IPPATSU if self.ippatsu else 0) | (lib.MJ_EV_HAITEI if self.haitei else 0)
                | (lib.MJ_EV_URA if self.ura else 0) | (lib.MJ_EV_DOUBLE_RIICHI if self.double_riichi else 0)
                | (lib.MJ_EV_SHANTEN_BACK if self.shanten_back else 0) | (lib.MJ_EV_TEGAWARI if self.tegawari else 0))


@dataclass(frozen=True)
class EvChoice:
    """A tenpai discard waiting with riichi or without (dama): win probability and
    expected points, and both by turn as in EvRow."""
    win_prob: float
    exp_score: float
    by_turn: dict[str, tuple[float, ...]] = field(repr=False)

    def to_json(self) -> dict:
        return {"win_prob": self.win_prob, "exp_score": self.exp_score,
                "by_turn": {k: list(v) for k, v in self.by_turn.items()}}


@dataclass(frozen=True)
class EvRow:
    """One discard: its shanten and, by the last draw, the three numbers; `by_turn[i]`
    is each number when the draws from turn + i on remain (a later start)."""
    discard: Tile
    shanten: int
    tenpai_prob: float
    win_prob: float
    exp_score: float
    by_turn: dict[str, tuple[float, ...]] = field(repr=False)
    riichi: EvChoice | None = None     # tenpai discards: riichi now (a closed hand)
    dama: EvChoice | None = None       # tenpai discards: wait without riichi (full model, or open)

    @property
    def name(self) -> str:
        return self.discard.name

    def key(self, rank: str) -> tuple:
        """Sort key, best first: the ranked number, then the other two."""
        order = {"score": (self.exp_score, self.win_prob, self.tenpai_prob),
                 "win": (self.win_prob, self.exp_score, self.tenpai_prob),
                 "tenpai": (self.tenpai_prob, self.win_prob, self.exp_score)}[rank]
        return (self.shanten > MAX_SHANTEN,) + tuple(-v for v in order) + (self.discard.kind,)

    def to_json(self) -> dict:
        record = {"discard": self.name, "shanten": self.shanten, "tenpai_prob": self.tenpai_prob,
                  "win_prob": self.win_prob, "exp_score": self.exp_score,
                  "by_turn": {k: list(v) for k, v in self.by_turn.items()}}
        for name in ("riichi", "dama"):
            choice = getattr(self, name)
            if choice is not None:
                record[name] = choice.to_json()
        return record


@dataclass(frozen=True)
class EvResult:
    hand: Hand
    turn: int
    shanten: int
    rows: tuple[EvRow, ...]            # best first; empty when the hand is too far from tenpai
    states: int                        # hand states the search visited
    options: EvOptions

    @property
    def searched(self) -> bool:
        """False when the hand is above MAX_SHANTEN (then there are no rows)."""
        return self.shanten <= MAX_SHANTEN

    def row(self, name: str) -> EvRow:
        kind = Tile.from_name(name).kind
        return next(r for r in self.rows if r.discard.kind == kind)

    def to_json(self) -> dict:
        return {"hand": str(self.hand), "turn": self.turn, "shanten": self.shanten,
                "model": self.options.model, "discards": [r.to_json() for r in self.rows]}


#: what the app computes: the full model with its default parameters
APP_OPTIONS = EvOptions(model="full", calls=True)
#: the threads the app's searches use: two where the machine has two cores, so the slowest
#: hands (2-shanten, with calls) come back in about 0.6-0.8x the time (benchmarks/README.md)
SEARCH_THREADS = 2 if (os.cpu_count() or 1) >= 2 else 1


def _discard_tile(hand: Hand, kind: int) -> Tile:
    held = [t for t in hand.concealed if t.kind == kind]
    return min(held, key=lambda t: t.red)


def _suits_with_red(tiles) -> int:
    return sum(1 << (t.kind // 9) for t in tiles if t.red)


def _full_model(hand: Hand, options: EvOptions) -> core.EvModel:
    """What the player has seen: the visible tiles (others' discards and melds)
    and the own discards, which also make a wait furiten."""
    others = hand.others_seen()
    seen = [0] * 34
    for t in others + hand.discards:
        seen[t.kind] += 1
    return core.EvModel(bytes(seen), len(others), sum(1 << k for k in {t.kind for t in hand.discards}),
                        float(options.ron_dama), float(options.ron_riichi), options.calls,
                        float(options.call_share))


def _values(r, name: str, turn: int) -> tuple[float, ...]:
    """Values from draw `turn` to draw 17 (the by-turn tables)."""
    return tuple(float(v) for v in r[name][turn:LAST_DRAW + 1])


def expected_values(hand: Hand | str, turn: int | None = None, options: EvOptions = EvOptions(),
                    rules: Rules | str = "tenhou", cancel=None, threads: int = 1) -> EvResult:
    """Every discard of a 14-tile hand (melds counting three) under options.model.
    `turn` (1-18, the draw just made; after 18 no draw is left) defaults to the hand's
    `turn:N`, else 1.
    `cancel`: a core.cancel_flag() another thread may set to stop the search
    (EvCancelled).  `threads` 2 shares a 2-shanten hand's discards between two threads:
    the same rows sooner, for more CPU (SEARCH_THREADS is what the app uses)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    hand.check_size()
    if hand.size != 14:
        raise HandError(f"the expected value is per discard: give a hand of 14 tiles (melds counting 3), "
                        f"not {hand.size}")
    if turn is None:
        turn = hand.turn or 1
    if type(turn) is not int or not 1 <= turn <= LAST_DRAW + 1:
        raise HandError(f"turn:{turn} must be a whole number 1-{LAST_DRAW + 1} (the draw just made)")
    if len(hand.dora_indicators) > 5:
        raise HandError("at most 5 dora indicators")
    try:
        packed = pack(hand, win_tile=0, flags=())
    except ScoringError as error:
        raise HandError(str(error)) from None
    full = options.model == "full"
    # a red five among the indicators (or seen) is not in the wall
    red_seen = _suits_with_red(hand.dora_indicators + ((hand.others_seen() + hand.discards) if full else ()))
    # the search fills every draw from its turn to "none left" (index LAST_DRAW + 1): after
    # the last draw (turn 18) only that entry is read
    result, raw, states = core.ev_packed(packed, min(turn, LAST_DRAW), options.flags, rule_flags(rules),
                                         _full_model(hand, options) if full else None, red_seen, cancel, threads)
    if result < -1:                    # -1: a complete hand, its discards are still searched
        if result == lib.MJ_ERR_CANCELLED:
            raise EvCancelled("the search was cancelled")
        if result == lib.MJ_ERR_MEMORY:
            raise HandError("the search ran out of memory")
        raise HandError(f"the expected-value search rejected the hand (code {result})")
    rows = []
    if result <= MAX_SHANTEN:
        for kind in range(34):
            r = raw[kind]
            if r["shanten"] == core.NOT_HELD or r["shanten"] > MAX_SHANTEN:
                continue
            by_turn = {"tenpai_prob": _values(r, "tenpai", turn), "win_prob": _values(r, "win", turn),
                       "exp_score": _values(r, "score", turn)}
            choices = {}
            for bit, name in ((1, "riichi"), (2, "dama")):
                # riichi wants four tiles left in the wall: the C search drops it at the seat's last
                # draw; turn 18 (searched as 17, read at its end) is past every seat's last draw
                if r["choices"] & bit and not (bit == 1 and full and turn > LAST_DRAW):
                    win, pts = _values(r, name + "_win", turn), _values(r, name + "_score", turn)
                    choices[name] = EvChoice(float(r[name + "_win"][turn]), float(r[name + "_score"][turn]),
                                             {"win_prob": win, "exp_score": pts})
            rows.append(EvRow(_discard_tile(hand, kind), int(r["shanten"]), float(r["tenpai"][turn]),
                              float(r["win"][turn]), float(r["score"][turn]), by_turn, **choices))
        rows.sort(key=lambda row: row.key(options.rank))
    return EvResult(hand, turn, result, tuple(rows), states, options)
