"""A simulated four-player game: random but legal play with calls, riichi, quads and wins,
built straight as a GameRecord (for the log tests and the review benchmark).

Each seat discards toward the lowest shanten (sometimes at random), declares riichi at a closed
tenpai, calls pon / chi / open quads now and then, adds to its pons and declares closed quads,
and wins whenever a complete hand has a yaku (not furiten).  Wins are valued by
mjgui.scoring.score with the situation this simulator tracks itself (riichi, ippatsu, haitei,
rinshan, chankan, ...), so the log's han, fu and points are what mjgui pays.
"""
from __future__ import annotations

import random

from mjgui import core
from mjgui._core import lib
from mjgui.hand import Hand
from mjgui.hand import Win as HandWin
from mjgui.logs.record import Call, Discard, Draw, GameRecord, NewDora, Round, Ryuukyoku, Win
from mjgui.logs.replay import _meld
from mjgui.scoring import ScoringError, score
from mjgui.tiles import Tile

_WINDS = ("east", "south", "west", "north")
#: mjgui's yaku ids and the keys of tenhou's numbering (mjgui.logs.record.YAKU); the two winds
#: are keyed by the wind itself (record_yaku)
KEYS = {
    lib.MJ_Y_RIICHI: "riichi", lib.MJ_Y_DOUBLE_RIICHI: "double-riichi", lib.MJ_Y_IPPATSU: "ippatsu",
    lib.MJ_Y_TSUMO: "menzen-tsumo", lib.MJ_Y_PINFU: "pinfu", lib.MJ_Y_IIPEIKOU: "iipeikou",
    lib.MJ_Y_HAITEI: "haitei", lib.MJ_Y_HOUTEI: "houtei", lib.MJ_Y_RINSHAN: "rinshan",
    lib.MJ_Y_CHANKAN: "chankan", lib.MJ_Y_TANYAO: "tanyao", lib.MJ_Y_HAKU: "haku", lib.MJ_Y_HATSU: "hatsu",
    lib.MJ_Y_CHUN: "chun", lib.MJ_Y_CHANTA: "chanta", lib.MJ_Y_ITTSU: "ittsu", lib.MJ_Y_SANSHOKU: "sanshoku",
    lib.MJ_Y_SANSHOKU_DOUKOU: "sanshoku-doukou", lib.MJ_Y_SANKANTSU: "sankantsu", lib.MJ_Y_TOITOI: "toitoi",
    lib.MJ_Y_SANANKOU: "sanankou", lib.MJ_Y_SHOUSANGEN: "shousangen", lib.MJ_Y_HONROUTOU: "honroutou",
    lib.MJ_Y_CHIITOITSU: "chiitoitsu", lib.MJ_Y_HONITSU: "honitsu", lib.MJ_Y_JUNCHAN: "junchan",
    lib.MJ_Y_RYANPEIKOU: "ryanpeikou", lib.MJ_Y_CHINITSU: "chinitsu", lib.MJ_Y_KOKUSHI: "kokushi",
    lib.MJ_Y_KOKUSHI_13: "kokushi-13", lib.MJ_Y_SUUANKOU: "suuankou", lib.MJ_Y_SUUANKOU_TANKI: "suuankou-tanki",
    lib.MJ_Y_DAISANGEN: "daisangen", lib.MJ_Y_SHOUSUUSHII: "shousuushii", lib.MJ_Y_DAISUUSHII: "daisuushii",
    lib.MJ_Y_TSUUIISOU: "tsuuiisou", lib.MJ_Y_CHINROUTOU: "chinroutou", lib.MJ_Y_RYUUIISOU: "ryuuiisou",
    lib.MJ_Y_CHUUREN: "chuuren", lib.MJ_Y_CHUUREN_9: "junsei-chuuren", lib.MJ_Y_SUUKANTSU: "suukantsu",
    lib.MJ_Y_TENHOU: "tenhou", lib.MJ_Y_CHIIHOU: "chiihou", lib.MJ_Y_DORA: "dora", lib.MJ_Y_URA: "ura",
    lib.MJ_Y_RED: "aka",
}


def record_yaku(value, round_wind: int, seat_wind: int) -> list[tuple[str, int]]:
    """A score's yaku as the record keys them (tenhou's numbering), han 0 left out."""
    out = []
    for y in value.yaku:
        if y.id == lib.MJ_Y_SEAT_WIND:
            key = f"seat-{_WINDS[seat_wind]}"
        elif y.id == lib.MJ_Y_ROUND_WIND:
            key = f"round-{_WINDS[round_wind]}"
        else:
            key = KEYS[y.id]
        if y.han:
            out.append((key, y.han))
    return out


_LIMITS = {"": 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "kazoe yakuman": 5, "yakuman": 5}


def _tileset() -> list[Tile]:
    tiles = []
    for kind in range(34):
        for copy in range(4):
            tiles.append(Tile(kind, kind in (4, 13, 22) and copy == 0))
    return tiles


class _Seat:
    def __init__(self, tiles: list[Tile]) -> None:
        self.concealed = list(tiles)
        self.melds: list[Call] = []
        self.pond: list[int] = []
        self.riichi = False
        self.double = False
        self.ippatsu = False
        self.draws = 0
        self.passed: set[int] = set()
        self.riichi_passed: set[int] = set()


class RoundSim:
    def __init__(self, rng: random.Random, wind: int, dealer: int, honba: int, sticks: int,
                 scores: tuple[int, ...], calls: float = 1.0) -> None:
        self.rng = rng
        tiles = _tileset()
        rng.shuffle(tiles)
        self.dead = tiles[:14]
        self.live = tiles[14:]
        self.wind, self.dealer, self.honba, self.sticks, self.scores = wind, dealer, honba, sticks, scores
        self.call_rate = calls
        hands = [self.live[13 * i:13 * i + 13] for i in range(4)]
        self.live = self.live[52:]
        self.seats = [_Seat(hands[(i - dealer) % 4]) for i in range(4)]
        self.hands = tuple(tuple(hands[(i - dealer) % 4]) for i in range(4))
        self.indicators = [self.dead[0]]
        self.rinshan = 0
        self.events: list = []
        self.results: list = []
        self.calls_made = 0
        self.draws = 0
        self.kans = 0
        self.pending_dora: list[int] = []

    # ---- helpers -------------------------------------------------------------------------
    def caps(self, s: _Seat):
        return core.meld_caps(t.kind for m in s.melds for t in m.tiles) if s.melds else None

    def shanten(self, s: _Seat, tiles: list[Tile]) -> int:
        c = bytes(_counts(tiles))
        caps = self.caps(s)
        return core.shanten(c) if caps is None else core.shanten_capped(c, caps, core.REGULAR)

    def waits(self, s: _Seat) -> list[int]:
        caps = self.caps(s)
        return core.waits(bytes(_counts(s.concealed)), core.ALL_FORMS if caps is None else core.REGULAR, caps)

    def value(self, seat: int, tile: Tile, tsumo: bool, extra: set[str]):
        s = self.seats[seat]
        tiles = s.concealed if tsumo else s.concealed + [tile]
        if self.shanten(s, tiles) != -1:
            return None
        flags = set(extra)
        if tsumo:
            flags.add("tsumo")
        if s.riichi:
            flags.add("double-riichi" if s.double else "riichi")
            if s.ippatsu:
                flags.add("ippatsu")
        ura = tuple(self.dead[5 + i] for i in range(len(self.indicators))) if s.riichi else ()
        hand = Hand(tuple(tiles), tuple(_meld(m, seat) for m in s.melds), tuple(self.indicators), (),
                    self.wind, (seat - self.dealer) % 4, win=HandWin(tile, frozenset(flags), ura))
        try:
            value = score(hand)
        except ScoringError:
            return None
        return (value, ura, tiles) if value.wins else None

    def win(self, seat: int, source: int, tile: Tile, found) -> None:
        value, ura, tiles = found
        yaku = record_yaku(value, self.wind, (seat - self.dealer) % 4)
        deltas = [0, 0, 0, 0]
        deltas[seat] += value.total + 300 * self.honba + 1000 * self.sticks
        if seat == source:
            for q in range(4):
                if q != seat:
                    deltas[q] -= -(-(value.total + 300 * self.honba) // 300) * 100
        else:
            deltas[source] -= value.total + 300 * self.honba
        self.results.append(Win(seat, source, tile, value.han, value.fu, value.total, _LIMITS[value.limit],
                                tuple(yaku), tuple(sorted(tiles)), ura, tuple(deltas)))

    def draw(self, seat: int, rinshan: bool) -> Tile:
        s = self.seats[seat]
        if rinshan:
            tile = self.dead[10 + self.rinshan]
            self.rinshan += 1
        else:
            tile = self.live.pop(0)
        self.draws += 1
        s.concealed.append(tile)
        s.draws += 1
        self.events.append(Draw(seat, tile, rinshan))
        return tile

    def choose_discard(self, seat: int, banned: int | None = None) -> Tile:
        s = self.seats[seat]
        options = [t for t in dict.fromkeys(s.concealed) if t.kind != banned] or list(s.concealed)
        if self.rng.random() < 0.15:
            return self.rng.choice(options)
        scored = []
        for t in options:
            rest = list(s.concealed)
            rest.remove(t)
            scored.append((self.shanten(s, rest), t))
        best = min(x for x, _ in scored)
        return self.rng.choice([t for x, t in scored if x == best])

    def call_event(self, call: Call) -> None:
        self.events.append(call)
        self.calls_made += 1
        for s in self.seats:
            s.ippatsu = False

    # ---- a turn ----------------------------------------------------------------------------
    def play(self) -> Round:
        seat, rinshan = self.dealer, False
        banned: int | None = None
        need_draw = True
        while True:
            s = self.seats[seat]
            drew = need_draw
            if need_draw:
                if self.draws >= 70:
                    self.results.append(Ryuukyoku("exhaustive"))
                    break
                tile = self.draw(seat, rinshan)
                extra = set()
                if rinshan:
                    extra.add("rinshan")
                elif self.draws >= 70:
                    extra.add("haitei")
                if not s.pond and self.calls_made == 0 and s.draws == 1:
                    extra.add("tenhou" if seat == self.dealer else "chiihou")
                found = self.value(seat, tile, True, extra)
                if found and (s.riichi or self.rng.random() < 0.95):
                    self.win(seat, seat, tile, found)
                    break
                rinshan = False
                if self.kan_turn(seat, tile):
                    rinshan = True
                    if self.results:
                        break
                    continue
            need_draw = True
            if s.riichi:
                tile = s.concealed[-1]
            else:
                tile = self.choose_discard(seat, banned)
            banned = None
            tsumogiri = drew and s.concealed[-1] == tile and self.events and isinstance(self.events[-1], Draw)
            declare = False
            if not s.riichi and all(m.kind == "ankan" for m in s.melds) and len(self.live) >= 4:
                rest = list(s.concealed)
                rest.remove(tile)
                if self.shanten(s, rest) == 0 and self.rng.random() < 0.8:
                    declare = True
            last_copy = len(s.concealed) - 1 - s.concealed[::-1].index(tile)
            del s.concealed[last_copy]
            self.events.append(Discard(seat, tile, bool(tsumogiri), declare))
            if declare:
                s.riichi, s.ippatsu = True, True
                s.double = not s.pond and self.calls_made == 0
                s.riichi_passed = set()
            elif s.riichi:
                s.ippatsu = False
            s.pond.append(tile.kind)
            s.passed = set()
            while seat in self.pending_dora:
                self.pending_dora.remove(seat)
                self.new_dora()
            # ron
            for q in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4):
                found = self.ron_chance(q, tile, {"houtei"} if self.draws >= 70 else set())
                if found and self.rng.random() < 0.95:
                    self.win(q, seat, tile, found)
                    break
            if self.results:
                break
            for q in range(4):
                if q != seat:
                    self.seats[q].passed.add(tile.kind)
                    self.seats[q].riichi_passed.add(tile.kind)
            # calls
            caller = self.calls(seat, tile) if self.draws < 70 else None
            if caller is None:
                seat = (seat + 1) % 4
                continue
            seat, kind = caller
            if kind == "kan":
                rinshan = True
            else:
                need_draw = False
                banned = tile.kind
        return Round(self.wind, self.dealer, self.honba, self.sticks, self.scores, self.indicators[0],
                     self.hands, tuple(self.events), tuple(self.results))

    def ron_chance(self, q: int, tile: Tile, extra: set[str]):
        s = self.seats[q]
        if len(s.concealed) % 3 != 1:
            return None
        waits = self.waits(s)
        if tile.kind not in waits:
            return None
        if any(w in s.pond or w in s.passed or (s.riichi and w in s.riichi_passed) for w in waits):
            return None
        return self.value(q, tile, False, extra)

    def new_dora(self) -> None:
        tile = self.dead[len(self.indicators)]
        self.indicators.append(tile)
        self.events.append(NewDora(tile))

    def kan_turn(self, seat: int, drawn: Tile) -> bool:
        """Maybe declare a closed quad or add to a pon; True when a replacement draw follows."""
        s = self.seats[seat]
        if s.riichi or self.kans >= 3 or self.draws >= 70 or self.rng.random() > 0.5 * self.call_rate:
            return False
        counts = _counts(s.concealed)
        for k in range(34):
            if counts[k] == 4:
                tiles = [t for t in s.concealed if t.kind == k]
                for t in tiles:
                    s.concealed.remove(t)
                call = Call(seat, "ankan", tuple(tiles))
                s.melds.append(call)
                self.call_event(call)
                self.kans += 1
                self.new_dora()
                return True
        for i, m in enumerate(s.melds):
            if m.kind == "pon" and counts[m.tiles[0].kind]:
                tile = next(t for t in s.concealed if t.kind == m.tiles[0].kind)
                s.concealed.remove(tile)
                call = Call(seat, "kakan", m.tiles + (tile,), tile)
                s.melds[i] = Call(seat, "kakan", m.tiles + (tile,), m.tile, m.source)
                ippatsu = [x.ippatsu for x in self.seats]
                self.call_event(call)
                self.kans += 1
                for q in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4):
                    # the robbed quad never completes: a chankan keeps the robber's ippatsu
                    self.seats[q].ippatsu = ippatsu[q]
                    found = self.ron_chance(q, tile, {"chankan"})
                    self.seats[q].ippatsu = False
                    if found:
                        self.win(q, seat, tile, found)
                        return True
                self.pending_dora.append(seat)
                return True
        return False

    def calls(self, source: int, tile: Tile) -> tuple[int, str] | None:
        rate = self.call_rate
        for q in ((source + 1) % 4, (source + 2) % 4, (source + 3) % 4):
            s = self.seats[q]
            if s.riichi or len(s.melds) >= 3:
                continue
            held = [t for t in s.concealed if t.kind == tile.kind]
            if len(held) >= 3 and self.kans < 3 and self.rng.random() < 0.5 * rate:
                self.take(q, source, tile, "kan", held[:3])
                self.kans += 1
                self.pending_dora.append(q)
                return q, "kan"
            if len(held) >= 2 and self.rng.random() < 0.2 * rate:
                self.take(q, source, tile, "pon", held[:2])
                return q, "pon"
        q = (source + 1) % 4
        s = self.seats[q]
        k = tile.kind
        if s.riichi or len(s.melds) >= 3 or k >= 27 or self.rng.random() > 0.2 * rate:
            return None
        counts = _counts(s.concealed)
        for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
            if k % 9 + (a - k) >= 0 and k % 9 + (b - k) <= 8 and counts[a] and counts[b]:
                use = [next(t for t in s.concealed if t.kind == a), next(t for t in s.concealed if t.kind == b)]
                self.take(q, source, tile, "chi", use)
                return q, "chi"
        return None

    def take(self, q: int, source: int, tile: Tile, kind: str, use: list[Tile]) -> None:
        s = self.seats[q]
        for t in use:
            s.concealed.remove(t)
        call = Call(q, kind, tuple(use) + (tile,), tile, source)
        s.melds.append(call)
        self.call_event(call)


def _counts(tiles) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t.kind] += 1
    return c


def simulate(seed: int, rounds: int = 8, calls: float = 1.0, names=("Ann", "Bob", "Cid", "Dee")) -> GameRecord:
    """A game of `rounds` rounds (8: a hanchan without extensions) from a seed."""
    rng = random.Random(seed)
    out = []
    scores = [25000] * 4
    for i in range(rounds):
        rnd = RoundSim(rng, (i // 4) % 4, i % 4, rng.randrange(3), rng.randrange(2), tuple(scores), calls).play()
        for r in rnd.results:
            for q in range(4):
                scores[q] += r.deltas[q]
        out.append(rnd)
    return GameRecord("sim", tuple(names), tuple(out))
