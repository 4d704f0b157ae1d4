"""Drill problem generator: realistic hands from a shuffled wall, deterministic by seed.

`generate(count, seed, drill, shanten, topic, strict, evaluator)` returns `Problem`s with the
engine fields (``shanten``, ``best``, ``difficulty``, see `mjgui.drills.grading`) filled in.
Problem i is made by its own ``random.Random`` seeded from (seed, the options, i) — no global
random state — so the same arguments always give the same problems, and ``count=5`` gives
the first five of ``count=10``.

How a problem is made
---------------------
Every problem starts from the 136 physical tiles (one red five per suit) shuffled by the
problem's generator; the last tile of the wall is the dora indicator; the round wind is
East or South and the seat wind any.  Each turn the three other players discard a tile from
the wall (it becomes visible); the player's own discards are visible too.

- **nanikiru, any**: deal 13, play T turns (T uniform in 3..12) — draw, then discard the best
  tile by `core.analyze_discards` (lowest shanten, most ukeire; ties broken at random, a red
  five kept over a plain one) — then draw the problem's tile (turn T + 1).
- **nanikiru, chinitsu** (one suit, no honours): random walls almost never give these, so the
  hand is built directly: the 14 first tiles of one suit from the shuffled wall (the rest of
  the wall still provides dora and visible tiles; the player's T own discards are tiles of other
  suits).  Fourteen tiles of one suit are almost always tenpai or 1-shanten, so the chinitsu
  topic takes shanten 0 or 1 only.
- **nanikiru, chiitoi** (seven pairs the best shape): for target shanten s, the first 6 - s
  kinds of the wall with two copies left give the pairs and the next 2s + 2 other kinds one
  tile each; kept only when seven pairs is strictly better than the regular form and
  thirteen orphans.
- **wait, any**: deal 13 and play (as above) until the hand is tenpai after a discard, at most
  18 turns.  **wait, chinitsu**: 13 tiles of one suit from the wall, kept when tenpai.
  **wait, chiitoi**: six pairs and a single (half the time the kinds come from one or two
  suits only, so that regular waits overlap the seven-pairs one).
- **call**: play T turns (3..12) to a 13-tile hand; another seat (L, A or R) discards a tile
  the hand can call (pon from anyone, chi from L) and that does not complete it.  Most
  advancing calls of random hands have no yaku, so half of the problems (drawn once per
  problem) take a tile whose right answer is a call and the other half one where passing is
  right: roughly half "pass", the rest pon and chi.

- **score** (a won hand to value): the hand is assembled from the shuffled wall, block by
  block — runs, triplets, kans and a pair, each the first that the wall order allows under
  the shape chosen — then some blocks are called (chi from the left, pon / kan from any
  seat, or a closed kan), a concealed tile is the winning tile, and the situation is drawn:
  tsumo or ron, riichi (closed hands, sometimes ippatsu or double riichi), now and then
  haitei, houtei or rinshan; one dora indicator plus one per kan, as many ura indicators
  with riichi, red fives as the wall gives them.  The shapes depend on the level (the
  ``topic`` of score problems, `problems.SCORE_LEVELS`):

  - **easy**: runs (pinfu / tanyao, open tanyao), one yakuhai triplet, or seven pairs;
    kept when it is 1-4 han below mangan with 40 fu or less and no kan;
  - **medium**: two or three triplets (terminals and honours favoured), often a kan, open
    or closed: kept when it is 1-5 han with 40 fu or more, at most mangan — the fu count
    decides the points;
  - **hard**: one suit (honitsu / chinitsu), four triplets (toitoi, sanankou), riichi with
    the dora indicator on a held set, or (one problem in six) a yakuman shape (daisangen,
    suuankou, kokushi, tsuuiisou, shousuushii): kept at haneman or above.

  ``any`` draws the level once per problem (easy 40 %, medium 35 %, hard 25 %).  A hand
  without a yaku is never kept.  The problem's topic is its level, its shanten -1, its
  ``best`` the value ``han/fu/points`` by `mjgui.scoring.score` (tenhou rules).

- **defence** (a hand at a table facing a riichi): a round played by four simple players,
  see `mjgui.drills.defence_table` (efficiency discards from a shuffled wall, an opponent
  declares riichi when tenpai, nobody wins before the problem).  The problem is the player's
  draw 0-2 turns after the first riichi (``safest``), or the first draw after that which leaves
  the player tenpai or 1-shanten (``pushfold``).  The topic is the question (``any`` draws one
  per problem, half and half); the answer key is `mjgui.drills.defence_grading.defence_key`.
  Strict mode keeps safest-tile problems whose right tiles are at most half of the hand's kinds
  and whose most dangerous tile deals in 3 % or more, and two in five of them with no tile safe
  against everyone (no genbutsu to hide behind); push / fold problems whose best push and best
  fold differ by 100 points or more.

Filters: ``shanten`` (nanikiru 0..3, call 0..3, wait 0 only; no filter: 0..3 for nanikiru,
1..3 for calls), ``topic`` (``any``, ``chinitsu``, ``chiitoi``; calls ``any`` only).

Strict mode (the default) rejects problems whose answer would be ambiguous by accident:
nanikiru — the best discard under the evaluator must be unique (kinds are discards: two
copies of a tile, or a red and a plain five, are one discard); wait — not karaten (some wait
has a copy left); call — some call must lower the shanten, so that passing is a decision.
A candidate that fails a filter is thrown away and the next one is made, up to a fixed
number of tries (then `GenerateError`).

Difficulty is the grading module's: nanikiru ``runner_up / best`` by ukeire, wait
``1 - 1/waits``, call the weight of the wrong choices.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator

from mjgui import core
from mjgui.hand import WINDS, Hand, Meld, MeldKind, Win
from mjgui.tiles import N_KINDS, PHYSICAL_TILES, Tile, TileError, format_tiles

from .drill_names import DRILLS
from .problems import DEFENCE_TOPICS, SCORE_LEVELS, TOPICS, Problem
from .grading import (DEFAULT_EVALUATOR, EVALUATORS, SCORE_RULES, call_choices, call_key,
                      nanikiru_analysis, nanikiru_key, score_key, wait_key)

__all__ = ["GenerateError", "PHYSICAL_TILES", "generate", "iter_problems", "MAX_TRIES"]

MAX_TRIES = 2000          # candidates per problem before giving up
_TURNS = (3, 12)
_WAIT_TURNS = 18
_ALL = core.ALL_FORMS


class GenerateError(ValueError):
    """Options that cannot be satisfied (or no problem found within MAX_TRIES)."""


@dataclass(frozen=True)
class _Options:
    drill: str
    shanten: int | None
    topic: str
    strict: bool
    evaluator: str

    def accepts(self, s: int, default: range) -> bool:
        return s == self.shanten if self.shanten is not None else s in default


def _check(drill: str, shanten: int | None, topic: str, strict: bool, evaluator: str) -> _Options:
    if drill not in DRILLS:
        raise GenerateError(f"drill must be one of {', '.join(DRILLS)}, not {drill!r}")
    if drill == "score":
        if topic not in SCORE_LEVELS:
            raise GenerateError(f"score problems take a level as their topic: {', '.join(SCORE_LEVELS)}, "
                                f"not {topic!r}")
        if shanten is not None:
            raise GenerateError("score problems are won hands: leave out the shanten")
        if evaluator not in EVALUATORS:
            raise GenerateError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
        return _Options(drill, None, topic, bool(strict), evaluator)
    if drill == "defence":
        if topic not in DEFENCE_TOPICS:
            raise GenerateError(f"defence problems take a question as their topic: {', '.join(DEFENCE_TOPICS)}, "
                                f"not {topic!r}")
        if shanten is not None:
            raise GenerateError("defence problems choose their hands: leave out the shanten")
        return _Options(drill, None, topic, bool(strict), DEFAULT_EVALUATOR)
    if topic not in TOPICS:
        raise GenerateError(f"topic must be one of {', '.join(TOPICS)}, not {topic!r}")
    if evaluator not in EVALUATORS:
        raise GenerateError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
    if shanten is not None and (isinstance(shanten, bool) or not isinstance(shanten, int)
                                or not 0 <= shanten <= 3):
        raise GenerateError(f"shanten must be 0-3, not {shanten!r}")
    if drill == "wait" and shanten not in (None, 0):
        raise GenerateError("wait problems are tenpai hands: leave out the shanten or use 0")
    if drill == "call" and topic != "any":
        raise GenerateError("call problems take the topic 'any' only")
    if drill == "call" and shanten == 0 and strict:
        raise GenerateError("no call lowers the shanten of a tenpai hand, so strict call problems "
                            "are 1-3 shanten (or use --no-strict)")
    if drill == "nanikiru" and topic == "chinitsu" and shanten not in (None, 0, 1):
        raise GenerateError("chinitsu hands (14 tiles of one suit) are tenpai or 1-shanten: "
                            "use shanten 0 or 1")
    return _Options(drill, shanten, topic, bool(strict), evaluator)


# ---- the table ----------------------------------------------------------------------------------

class _Table:
    """A shuffled wall, the dora indicator, the visible tiles and the winds of one problem."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.wall = list(PHYSICAL_TILES)
        rng.shuffle(self.wall)
        self.dora = [self.wall.pop()]
        self.visible: list[Tile] = []
        self.round = rng.choice("ES")
        self.seat = rng.choice(WINDS)

    def take(self, accept: Callable[[Tile], bool] | None = None) -> Tile:
        """The next tile of the wall (the next one `accept` takes)."""
        for i, tile in enumerate(self.wall):
            if accept is None or accept(tile):
                return self.wall.pop(i)
        raise GenerateError("the wall ran out")      # not reached with the sizes used here

    def others_discard(self, n: int = 3) -> None:
        for _ in range(n):
            self.visible.append(self.take())

    def remaining(self, hand: list[Tile]) -> bytes:
        seen = [0] * N_KINDS
        for t in (*hand, *self.visible, *self.dora):
            seen[t.kind] += 1
        return bytes(max(4 - n, 0) for n in seen)

    def problem(self, pid: str, drill: str, concealed: list[Tile], turn: int, topic: str,
                **extra) -> Problem:
        return Problem(id=pid, drill=drill, hand=format_tiles(concealed, sort=False),
                       dora=format_tiles(self.dora, sort=False), visible=format_tiles(self.visible),
                       round=self.round, seat=self.seat, turn=turn, topic=topic, **extra)


def _counts(tiles: list[Tile]) -> bytes:
    c = bytearray(N_KINDS)
    for t in tiles:
        c[t.kind] += 1
    return bytes(c)


def _play_turn(table: _Table, hand: list[Tile]) -> int:
    """Draw, discard the best tile (shanten, then ukeire; random among ties), let the others
    discard; returns the shanten of the 13 tiles left."""
    hand.append(table.take())
    _, rows = core.analyze_discards(_counts(hand), table.remaining(hand), _ALL, 0)
    top = min((r.shanten, -r.ukeire_total) for r in rows)
    kind = table.rng.choice([r.kind for r in rows if (r.shanten, -r.ukeire_total) == top])
    tile = min((t for t in hand if t.kind == kind), key=lambda t: t.red)    # keep a red five
    hand.remove(tile)
    table.visible.append(tile)
    table.others_discard()
    return next(r.shanten for r in rows if r.kind == kind)


def _one_suit(suit: int) -> Callable[[Tile], bool]:
    return lambda t: t.kind // 9 == suit


def _other_suits(suit: int) -> Callable[[Tile], bool]:
    return lambda t: t.kind // 9 != suit


def _idle_turns(table: _Table, turns: int, own: Callable[[Tile], bool] | None = None) -> None:
    """T turns of a constructed hand: own discards (tiles `own` accepts) and the others'."""
    for _ in range(turns):
        table.visible.append(table.take(own))
        table.others_discard()


def _pairs_hand(table: _Table, pairs: int, singles: int, kinds_ok: Callable[[int], bool]) -> list[Tile]:
    """`pairs` pairs and `singles` single tiles, all of distinct kinds, in wall order."""
    used: set[int] = set()
    tiles: list[Tile] = []
    for _ in range(pairs):
        held = [0] * N_KINDS
        for t in table.wall:
            held[t.kind] += 1
        kind = next(t.kind for t in table.wall
                    if t.kind not in used and held[t.kind] >= 2 and kinds_ok(t.kind))
        used.add(kind)
        tiles += [table.take(lambda t: t.kind == kind) for _ in range(2)]
    for _ in range(singles):
        tile = table.take(lambda t: t.kind not in used and kinds_ok(t.kind))
        used.add(tile.kind)
        tiles.append(tile)
    return tiles


def _with_draw(table: _Table, tiles: list[Tile]) -> list[Tile]:
    """14 tiles in problem order: 13 sorted, then one of them (at random) as the draw."""
    drawn = tiles.pop(table.rng.randrange(len(tiles)))
    return sorted(tiles) + [drawn]


# ---- candidates, one per kind / theme ----------------------------------------------------------------

def _nanikiru(table: _Table, opts: _Options, pid: str, goal: float) -> Problem | None:
    rng = table.rng
    if opts.topic == "any":
        turns = rng.randint(*_TURNS)
        hand = [table.take() for _ in range(13)]
        for _ in range(turns):
            _play_turn(table, hand)
        concealed = sorted(hand) + [table.take()]
    elif opts.topic == "chinitsu":
        suit = rng.randrange(3)
        tiles = [table.take(_one_suit(suit)) for _ in range(14)]
        turns = rng.randint(*_TURNS)
        _idle_turns(table, turns, _other_suits(suit))
        concealed = _with_draw(table, tiles)
    else:
        target = opts.shanten if opts.shanten is not None else rng.randint(0, 3)
        tiles = _pairs_hand(table, 6 - target, 2 * target + 2, lambda k: True)
        c = _counts(tiles)
        if core.shanten(c, core.REGULAR | core.KOKUSHI) <= core.shanten(c, core.CHIITOI):
            return None
        turns = rng.randint(*_TURNS)
        _idle_turns(table, turns)
        concealed = _with_draw(table, tiles)
    problem = table.problem(pid, "nanikiru", concealed, turns + 1, opts.topic)
    a = nanikiru_analysis(problem, opts.evaluator)
    if not opts.accepts(a.shanten, range(0, 4)):
        return None
    if opts.strict and len(a.best()) != 1:
        return None
    key = nanikiru_key(problem, opts.evaluator, a)
    return problem.with_engine(key.shanten, key.best, key.difficulty)


def _wait(table: _Table, opts: _Options, pid: str, goal: float) -> Problem | None:
    rng = table.rng
    if opts.topic == "any":
        hand = [table.take() for _ in range(13)]
        for turn in range(1, _WAIT_TURNS + 1):
            if _play_turn(table, hand) == 0:
                break
        else:
            return None
        tiles = sorted(hand)
    elif opts.topic == "chinitsu":
        suit = rng.randrange(3)
        tiles = sorted(table.take(_one_suit(suit)) for _ in range(13))
        if core.shanten(_counts(tiles)) != 0:
            return None
        turn = rng.randint(*_TURNS)
        _idle_turns(table, turn, _other_suits(suit))
    else:
        if rng.random() < 0.5:
            suits = set(rng.sample(range(3), rng.randint(1, 2)))
            allowed: Callable[[int], bool] = lambda k: k // 9 in suits
        else:
            allowed = lambda k: True
        tiles = sorted(_pairs_hand(table, 6, 1, allowed))
        turn = rng.randint(*_TURNS)
        _idle_turns(table, turn)
    problem = table.problem(pid, "wait", tiles, turn, opts.topic)
    key = wait_key(problem)
    left = table.remaining(tiles)
    if opts.strict and not any(left[Tile.from_name(w).kind] for w in key.best):
        return None                                         # karaten
    return problem.with_engine(key.shanten, key.best, key.difficulty)


def _call(table: _Table, opts: _Options, pid: str, goal: float) -> Problem | None:
    rng = table.rng
    turns = rng.randint(*_TURNS)
    hand = [table.take() for _ in range(13)]
    shanten = None
    for _ in range(turns):
        shanten = _play_turn(table, hand)
    if not opts.accepts(shanten, range(1, 4)):          # type: ignore[arg-type]
        return None
    seat = rng.choice("LAR")
    c = _counts(hand)
    wins = set(core.waits(c)) if shanten == 0 else set()
    callable_kinds = []
    for t in range(N_KINDS):
        if t in wins or not any(w.kind == t for w in table.wall):
            continue
        pon = c[t] >= 2
        chi = seat == "L" and t < 27 and any(
            low // 9 == t // 9 and low % 9 <= 6 and all(c[u] for u in (low, low + 1, low + 2) if u != t)
            for low in (t - 2, t - 1, t) if low >= 0)
        if pon or chi:
            callable_kinds.append(t)
    # Most advancing calls of a random hand leave it without a yaku; to keep "pass" from
    # being the answer most of the time, half of the problems (`goal`) look for a tile whose
    # right answer is a call, the other half for one where it is not.
    want_call = goal < 0.5
    rng.shuffle(callable_kinds)
    for kind in callable_kinds:
        tile = next(w for w in table.wall if w.kind == kind)
        problem = table.problem(pid, "call", sorted(hand), turns, "any", discarded=tile.name,
                                from_seat=seat)
        choices = call_choices(problem)
        if len(choices[1]) < 2:                            # only pass is legal (kuikae)
            continue
        if opts.strict and not any(ch.advances for ch in choices[1]):
            continue
        key = call_key(problem, choices)
        if (key.best != ("pass",)) == want_call:
            return problem.with_engine(key.shanten, key.best, key.difficulty)
    return None


# ---- score ------------------------------------------------------------------------------------

_DRAGONS = (31, 32, 33)
_WINDS = (27, 28, 29, 30)


def _in_wall(table: _Table, kind: int) -> int:
    return sum(1 for t in table.wall if t.kind == kind)


def _take_kind(table: _Table, kind: int, n: int) -> list[Tile]:
    return [table.take(lambda t: t.kind == kind) for _ in range(n)]


def _set_of(table: _Table, size: int, ok: Callable[[int], bool]) -> list[Tile] | None:
    """`size` copies (2 pair, 3 triplet, 4 kan) of the first kind in wall order that `ok`
    takes and the wall still holds that often."""
    for t in table.wall:
        if ok(t.kind) and _in_wall(table, t.kind) >= size:
            return _take_kind(table, t.kind, size)
    return None


def _run_of(table: _Table, ok: Callable[[int], bool]) -> list[Tile] | None:
    """A run around the first number tile in wall order whose run `ok` takes (by its
    lowest kind) and whose other two tiles are in the wall."""
    for t in table.wall:
        if t.kind >= 27:
            continue
        for low in (t.kind, t.kind - 1, t.kind - 2):
            if low < 0 or low // 9 != t.kind // 9 or low % 9 > 6 or not ok(low):
                continue
            if all(_in_wall(table, k) for k in (low, low + 1, low + 2)):
                return [table.take(lambda x, k=k: x.kind == k) for k in (low, low + 1, low + 2)]
    return None


def _value_kinds(table: _Table) -> set[int]:
    return {*_DRAGONS, 27 + WINDS.index(table.round), 27 + WINDS.index(table.seat)}


def _simple(k: int) -> bool:
    return k < 27 and 1 <= k % 9 <= 7


def _score_shape(table: _Table, level: str, yakuman: bool) -> tuple[list[tuple[str, list[Tile]]], list[Tile], str] | None:
    """The blocks ("run" / "triplet" / "kan", tiles) and the pair of a hand of this level,
    and its flavour; None when the wall cannot give it."""
    rng = table.rng
    anything: Callable[[int], bool] = lambda k: True
    specs: list[tuple[str, Callable[[int], bool]]]
    pair_ok = anything
    if level == "easy":
        flavour = rng.choices(("runs", "tanyao", "yakuhai", "chiitoi"), (4, 3, 3, 1))[0]
        if flavour == "chiitoi":
            pairs = []
            used: set[int] = set()
            for _ in range(7):
                pair = _set_of(table, 2, lambda k: k not in used)
                if pair is None:
                    return None
                used.add(pair[0].kind)
                pairs.append(pair)
            return [("pair", p) for p in pairs[:6]], pairs[6], flavour
        if flavour == "yakuhai":
            values = _value_kinds(table)
            specs = [("triplet", lambda k: k in values)] + [("run", anything)] * 3
        elif flavour == "tanyao":
            specs = [("run", lambda k: _simple(k) and _simple(k + 2))] * 4
            pair_ok = _simple
        else:
            specs = [("run", anything)] * 4
            pair_ok = lambda k: k < 27
    elif level == "medium":
        flavour = rng.choice(("triplets", "kan", "outside"))
        edge = lambda k: k >= 27 or k % 9 in (0, 8)
        n = rng.randint(2, 3)
        specs = [("triplet", edge if flavour == "outside" else anything)] * n + [("run", anything)] * (4 - n)
        if flavour == "kan":
            specs[0] = ("kan", anything)
        elif rng.random() < 0.25:
            specs[0] = ("kan", edge)
    else:
        if yakuman:
            return _yakuman_shape(table)
        flavour = rng.choices(("one-suit", "toitoi", "dora"), (5, 3, 3))[0]
        if flavour == "one-suit":
            suit = rng.randrange(3)
            honours = rng.random() < 0.5
            in_suit = lambda k: k // 9 == suit or (honours and k >= 27)
            specs = [("run" if rng.random() < 0.6 else "triplet", in_suit) for _ in range(4)]
            pair_ok = in_suit
        elif flavour == "toitoi":
            specs = [("triplet", anything)] * 4
        else:
            specs = [("run", anything)] * 3 + [("triplet", anything)]
    blocks = []
    for what, ok in specs:
        tiles = _run_of(table, ok) if what == "run" else _set_of(table, 4 if what == "kan" else 3, ok)
        if tiles is None:
            return None
        blocks.append((what, tiles))
    pair = _set_of(table, 2, pair_ok)
    return (blocks, pair, flavour) if pair is not None else None


def _yakuman_shape(table: _Table):
    rng = table.rng
    which = rng.choice(("daisangen", "suuankou", "kokushi", "tsuuiisou", "shousuushii"))
    if which == "kokushi":
        kinds = [k for k in range(N_KINDS) if k >= 27 or k % 9 in (0, 8)]
        tiles = [table.take(lambda t, k=k: t.kind == k) for k in kinds]
        extra = table.take(lambda t: t.kind in kinds)
        return [("single", tiles)], [extra], which
    sets = {"daisangen": [_DRAGONS], "shousuushii": [_WINDS], "tsuuiisou": [range(27, 34)],
            "suuankou": [range(N_KINDS)]}[which]
    pool = list(sets[0])
    rng.shuffle(pool)
    n = {"daisangen": 3, "shousuushii": 3, "tsuuiisou": 4, "suuankou": 4}[which]
    blocks = []
    for k in pool[:n]:
        if _in_wall(table, k) < 3:
            return None
        blocks.append(("triplet", _take_kind(table, k, 3)))
    held = {b[1][0].kind for b in blocks}
    if which == "shousuushii":
        pair = _set_of(table, 2, lambda k: k in _WINDS and k not in held)
    elif which == "tsuuiisou":
        pair = _set_of(table, 2, lambda k: k >= 27 and k not in held)
    else:
        pair = _set_of(table, 2, lambda k: k not in held and k not in _DRAGONS)
    if pair is None:
        return None
    while len(blocks) < 4:
        tiles = _run_of(table, lambda k: True) if rng.random() < 0.5 else             _set_of(table, 3, lambda k: k not in held and k not in _DRAGONS)
        if tiles is None:
            return None
        blocks.append(("run" if tiles[0].kind != tiles[1].kind else "triplet", tiles))
    return blocks, pair, which


def _dora_before(kind: int) -> int:
    """The indicator kind whose dora is `kind`."""
    if kind < 27:
        return kind // 9 * 9 + (kind % 9 - 1) % 9
    if kind < 31:
        return 27 + (kind - 27 - 1) % 4
    return 31 + (kind - 31 - 1) % 3


def _score(table: _Table, opts: _Options, pid: str, goal: float) -> Problem | None:
    from mjgui.scoring import ScoringError, score
    rng = table.rng
    level = opts.topic if opts.topic != "any" else ("easy" if goal < 0.4 else "medium" if goal < 0.75 else "hard")
    # whether a hard problem is a yakuman is decided once per problem (not per try: the
    # yakuman shapes reach the level more often, and would crowd out the others)
    shape = _score_shape(table, level, (goal * 7919) % 1 < 1 / 6)
    if shape is None:
        return None
    blocks, pair, flavour = shape
    closed_only = flavour in ("chiitoi", "kokushi", "suuankou", "runs", "dora") or         (flavour == "yakuhai" and rng.random() < 0.4)
    open_share = 0.0 if closed_only else rng.choice((0.0, 0.3, 0.6))
    melds: list[Meld] = []
    concealed: list[Tile] = list(pair)
    for what, tiles in blocks:
        called = tiles[rng.randrange(len(tiles))]
        if what == "kan":
            if rng.random() < open_share + 0.2:
                kind = rng.choice((MeldKind.KAN, MeldKind.KAKAN))
                melds.append(Meld(kind, tuple(tiles), called, rng.choice("LAR")))
            else:
                melds.append(Meld(MeldKind.ANKAN, tuple(tiles)))
        elif what in ("run", "triplet") and rng.random() < open_share:
            if what == "run":
                melds.append(Meld(MeldKind.CHI, tuple(tiles), called, "L"))
            else:
                melds.append(Meld(MeldKind.PON, tuple(tiles), called, rng.choice("LAR")))
        else:
            concealed += tiles
    closed = all(not m.is_open for m in melds)
    win_tile = concealed[rng.randrange(len(concealed))]
    tsumo = rng.random() < 0.5
    flags: set[str] = {"tsumo"} if tsumo else set()
    riichi = closed and (flavour == "dora" or rng.random() < 0.55)
    if riichi:
        flags.add("double-riichi" if rng.random() < 0.04 else "riichi")
        if rng.random() < 0.12:
            flags.add("ippatsu")
    kans = sum(m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN) for m in melds)
    luck = rng.random()
    if tsumo and kans and luck < 0.3 and "ippatsu" not in flags:
        flags.add("rinshan")
    elif luck < 0.04 and "ippatsu" not in flags:
        flags.add("haitei" if tsumo else "houtei")
    dora = list(table.dora)
    if flavour == "dora":            # the indicator points at a held set: dora come in threes
        target = _dora_before(blocks[-1][1][0].kind)
        if any(t.kind == target for t in table.wall):
            dora = [table.take(lambda t: t.kind == target)]
    dora += [table.wall.pop() for _ in range(kans)]
    ura = tuple(table.wall.pop() for _ in range(len(dora))) if riichi else ()
    rest = list(concealed)
    rest.remove(win_tile)
    try:
        hand = Hand(tuple(sorted(rest) + [win_tile]), tuple(melds), tuple(dora), (),
                    WINDS.index(table.round), WINDS.index(table.seat),
                    win=Win(win_tile, frozenset(flags), ura))
        s = score(hand, SCORE_RULES)
    except (TileError, ScoringError):
        return None
    if not s.wins or not _fits(level, s, kans):
        return None
    problem = Problem(id=pid, drill="score", hand=str(hand), topic=level)
    key = score_key(problem, s)
    return problem.with_engine(key.shanten, key.best, key.difficulty)


def _fits(level: str, s, kans: int) -> bool:
    """Whether a scored hand belongs to the level (see the module doc)."""
    if level == "easy":
        return not s.yakuman and s.han <= 4 and not s.limit and s.fu <= 40 and not kans
    if level == "medium":
        return not s.yakuman and s.han <= 5 and s.limit in ("", "mangan") and s.fu >= 40
    return s.limit in ("haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman")


# ---- defence ----------------------------------------------------------------------------------

_SAFEST_WORST = 0.03          # strict: the hand's most dangerous tile deals in this often at least
_NO_GENBUTSU_SHARE = 0.4      # strict: this share of safest-tile problems has no tile safe against all
_CLEAR_GAP = 100.0            # strict: the best push and the best fold differ by this many points


def _defence(table: _Table, opts: _Options, pid: str, goal: float) -> Problem | None:
    from .defence_grading import SAFE_MARGIN, defence_key, pushfold_options, tile_risks, _gap
    from .defence_table import play_round
    rng = table.rng
    question = opts.topic if opts.topic != "any" else ("safest" if goal < 0.5 else "pushfold")
    later = rng.randint(0, 2)
    first: list[int] = []          # the player's draw when it first faced a riichi

    def stop(t) -> bool:
        if not t.any_riichi:
            return False
        if not first:
            first.append(t.draws)
        if t.draws - first[0] < later:
            return False
        return question == "safest" or core.shanten(_counts(t.hands[t.me])) in (0, 1)

    played = play_round(rng, stop)
    if played is None:
        return None
    hand = played.hand()
    problem = Problem(id=pid, drill="defence", hand=str(hand), turn=hand.turn, topic=question,
                      question=question)
    if opts.strict and question == "safest":
        risks = tile_risks(problem)
        right = [r for r in risks if r.p <= risks[0].p + SAFE_MARGIN]
        if 2 * len(right) > len(risks) or risks[-1].p < _SAFEST_WORST:
            return None
        if (goal * 7919) % 1 < _NO_GENBUTSU_SHARE and risks[0].p == 0:
            return None
    if opts.strict and question == "pushfold" and abs(_gap(pushfold_options(problem))) < _CLEAR_GAP:
        return None
    key = defence_key(problem)
    return problem.with_engine(key.shanten, key.best, key.difficulty)


_MAKERS = {"nanikiru": _nanikiru, "wait": _wait, "call": _call, "score": _score, "defence": _defence}


# ---- entry points -----------------------------------------------------------------------------------

def _rng(seed: int | str, opts: _Options, index: int) -> random.Random:
    # a str seed is hashed with SHA-512 by random.seed: the same in every process
    return random.Random(f"mjgui-drill/{seed}/{opts.drill}/{opts.topic}/{opts.shanten}/"
                         f"{int(opts.strict)}/{opts.evaluator}/{index}")


def make_problem(seed: int | str, index: int, drill: str = "nanikiru", shanten: int | None = None,
                 topic: str = "any", strict: bool = True, evaluator: str = DEFAULT_EVALUATOR,
                 pid: str | None = None) -> Problem:
    """Problem number `index` (0-based) of the sequence for these options."""
    opts = _check(drill, shanten, topic, strict, evaluator)
    return _make(seed, opts, index, pid)


def _make(seed: int | str, opts: _Options, index: int, pid: str | None) -> Problem:
    rng = _rng(seed, opts, index)
    pid = pid or f"{opts.drill}-{seed}-{index + 1}"
    maker = _MAKERS[opts.drill]
    goal = rng.random()             # fixed for every try of this problem
    for _ in range(MAX_TRIES):
        problem = maker(_Table(rng), opts, pid, goal)
        if problem is not None:
            return problem
    what = f"{opts.drill} problem (topic {opts.topic}" + (
        f", shanten {opts.shanten}" if opts.shanten is not None else "") + ")"
    raise GenerateError(f"no {what} found in {MAX_TRIES} tries")


def iter_problems(seed: int | str, drill: str = "nanikiru", shanten: int | None = None,
                  topic: str = "any", strict: bool = True,
                  evaluator: str = DEFAULT_EVALUATOR) -> Iterator[Problem]:
    """The endless sequence of problems for these options (ids kind-seed-1, -2, ...)."""
    opts = _check(drill, shanten, topic, strict, evaluator)
    index = 0
    while True:
        yield _make(seed, opts, index, None)
        index += 1


def generate(count: int, seed: int | str, drill: str = "nanikiru", shanten: int | None = None,
             topic: str = "any", strict: bool = True,
             evaluator: str = DEFAULT_EVALUATOR) -> list[Problem]:
    """`count` problems (see the module doc); raises GenerateError for impossible options."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise GenerateError(f"count must be an integer >= 0, not {count!r}")
    opts = _check(drill, shanten, topic, strict, evaluator)
    return [_make(seed, opts, i, None) for i in range(count)]
