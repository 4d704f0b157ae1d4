"""mjai JSON lines (see docs/logs.md): read into a GameRecord, and write one.

One event a line: start_game, start_kyoku, tsumo, dahai, reach, reach_accepted, chi, pon,
daiminkan, ankan, kakan, dora, hora, ryukyoku, end_kyoku, end_game.  Tiles are "1m".."9m",
"1p".., "1s".., "E S W N" (winds), "P F C" (white, green, red dragons), "5mr"/"5pr"/"5sr" for
the red fives and "?" for a tile the log hides.
"""
from __future__ import annotations

import json

from mjgui.logs.record import (FIRST_YAKUMAN, MAX_POINTS, MAX_ROUNDS, YAKU_ID, Call, Discard, Draw, GameRecord,
                               LogError, NewDora, Round, Ryuukyoku, Win, check_cancel, truncated)
from mjgui.tiles import Tile

HONOURS = "ESWNPFC"
_REASONS = {"exhaustive": "fanpai", "nine-terminals": "kyushukyuhai", "four-riichi": "suchareach",
            "triple-ron": "sanchaho", "four-kans": "sukaikan", "four-winds": "sufonrenta",
            "nagashi-mangan": "nagashimangan"}
_KINDS = {v: k for k, v in _REASONS.items()}
# mjai's yaku names; the yakuhai by tile are one name each (jikaze, bakaze, sangenpai) and the
# reader tells them apart by the winds and the winner's dragons
_MJAI_YAKU = {
    "menzen-tsumo": "menzenchin_tsumoho", "riichi": "reach", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshan": "rinshankaiho", "haitei": "haiteiraoyue", "houtei": "hoteiraoyui", "pinfu": "pinfu",
    "tanyao": "tanyaochu", "iipeikou": "ipeko", "double-riichi": "double_reach", "chiitoitsu": "chitoitsu",
    "chanta": "honchantaiyao", "ittsu": "ikkitsukan", "sanshoku": "sanshokudojun",
    "sanshoku-doukou": "sanshokudoko", "sankantsu": "sankantsu", "toitoi": "toitoiho", "sanankou": "sananko",
    "shousangen": "shosangen", "honroutou": "honroto", "ryanpeikou": "ryanpeko", "junchan": "junchantaiyao",
    "honitsu": "honiso", "chinitsu": "chiniso", "renhou": "renho", "tenhou": "tenho", "chiihou": "chiho",
    "daisangen": "daisangen", "suuankou": "suanko", "suuankou-tanki": "suanko_tanki", "tsuuiisou": "tsuiso",
    "ryuuiisou": "ryuiso", "chinroutou": "chinroto", "chuuren": "churenpoton",
    "junsei-chuuren": "junsei_churenpoton", "kokushi": "kokushimuso", "kokushi-13": "kokushimuso_13",
    "daisuushii": "daisushi", "shousuushii": "shosushi", "suukantsu": "sukantsu", "dora": "dora",
    "ura": "uradora", "aka": "akadora",
}
_WINDS = ("east", "south", "west", "north")
for _i, _w in enumerate(_WINDS):
    _MJAI_YAKU[f"seat-{_w}"] = "jikaze"
    _MJAI_YAKU[f"round-{_w}"] = "bakaze"
for _d in ("haku", "hatsu", "chun"):
    _MJAI_YAKU[_d] = "sangenpai"
assert set(_MJAI_YAKU) == set(YAKU_ID)
_BY_MJAI = {v: k for k, v in _MJAI_YAKU.items()}


def tile_of(text: object) -> Tile | None:
    if not isinstance(text, str) or len(text) > 3:
        raise ValueError(f"a tile is a string like \"5m\", \"5mr\" or \"E\", not {str(text)[:20]!r}")
    if text == "?":
        return None
    if len(text) == 1 and text in HONOURS:
        return Tile(27 + HONOURS.index(text))
    if len(text) >= 2 and text[0] in "123456789" and text[1] in "mps":
        base = "mps".index(text[1]) * 9 + int(text[0]) - 1
        if text[2:] == "r" and text[0] == "5":
            return Tile(base, True)
        if len(text) == 2:
            return Tile(base)
    raise ValueError(f"{text[:20]!r} is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr, ?)")


def name_of(tile: Tile | None) -> str:
    if tile is None:
        return "?"
    if tile.kind >= 27:
        return HONOURS[tile.kind - 27]
    return f"{tile.kind % 9 + 1}{'mps'[tile.kind // 9]}" + ("r" if tile.red else "")


# ---- reading ------------------------------------------------------------------------------

def _seat(ev: dict, key: str) -> int:
    v = ev.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 3:
        raise ValueError(f"{key} must be a seat 0-3, not {str(v)[:20]!r}")
    return v


def _int(ev: dict, key: str, low: int, high: int, default: int | None = None) -> int:
    v = ev.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ValueError(f"{key} must be a whole number {low}-{high}, not {str(v)[:20]!r}")
    return v


def _tiles(ev: dict, key: str, size: int | None = None) -> list:
    v = ev.get(key)
    if not isinstance(v, list) or (size is not None and len(v) != size):
        raise ValueError(f"{key} must be a list of {size or 'some'} tiles")
    return [tile_of(t) for t in v]


def _four(ev: dict, key: str) -> tuple[int, ...]:
    v = ev.get(key, [0, 0, 0, 0])
    if not isinstance(v, list) or len(v) != 4 or not all(
            isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_POINTS for x in v):
        raise ValueError(f"{key} must be a list of 4 whole numbers")
    return tuple(v)


def _limit(han: int, fu: int | None, yakuman: bool) -> int:
    if yakuman or han >= 13:
        return 5
    if han >= 11:
        return 4
    if han >= 8:
        return 3
    if han >= 6:
        return 2
    if han >= 5 or (fu or 0) * 2 ** (han + 2) >= 2000:
        return 1
    return 0


class _Reader:
    def __init__(self) -> None:
        self.players = ["", "", "", ""]
        self.rounds: list[Round] = []
        self.cur: dict | None = None
        self.events: list = []
        self.results: list = []
        self.melds: list[list[Call]] = [[], [], [], []]
        self.riichi = [False] * 4
        self.kan = [False] * 4
        self.last_draw: list = [None] * 4
        self.last_tile: Tile | None = None
        self.ended = False              # end_game was read

    def close(self) -> None:
        if self.cur is not None:
            self.rounds.append(Round(events=tuple(self.events), results=tuple(self.results), **self.cur))
        self.cur = None

    def event(self, ev: dict, at: str) -> None:
        kind = ev.get("type")
        if kind == "start_game":
            names = ev.get("names")
            if names is not None:
                if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                    raise ValueError("names must be a list of strings")
                if len(names) == 3:
                    raise LogError("three-player logs are not supported (mjgui reviews four-player games)")
                if len(names) != 4:
                    raise ValueError(f"names has {len(names)} players, not 4")
                self.players = [n[:64] for n in names]
            return
        if self.ended:
            raise ValueError(f"{str(kind)[:20]!r} after end_game")
        if kind == "start_kyoku":
            self.close()
            if len(self.rounds) >= MAX_ROUNDS:
                raise LogError(f"more than {MAX_ROUNDS} rounds: a game has at most {MAX_ROUNDS}")
            bakaze = ev.get("bakaze")
            if bakaze not in ("E", "S", "W", "N"):
                raise ValueError(f"bakaze must be E, S, W or N, not {str(bakaze)[:10]!r}")
            kyoku = _int(ev, "kyoku", 1, 4)
            oya = _int(ev, "oya", 0, 3, kyoku - 1)
            if oya != kyoku - 1:
                raise ValueError(f"oya {oya} is not the dealer of kyoku {kyoku}")
            tehais = ev.get("tehais")
            if not isinstance(tehais, list) or len(tehais) != 4:
                if isinstance(tehais, list) and len(tehais) == 3:
                    raise LogError("three-player logs are not supported (mjgui reviews four-player games)")
                raise ValueError("tehais must be a list of the 4 dealt hands")
            hands = tuple(tuple(_tiles({f"tehais[{i}]": h}, f"tehais[{i}]", 13)) for i, h in enumerate(tehais))
            dora = tile_of(ev.get("dora_marker"))
            if dora is None:
                raise ValueError("the dora indicator cannot be hidden")
            self.cur = dict(wind="ESWN".index(bakaze), dealer=oya, honba=_int(ev, "honba", 0, 99, 0),
                            sticks=_int(ev, "kyotaku", 0, 99, 0), scores=_four(ev, "scores"), dora=dora,
                            hands=hands, at=at)
            self.events, self.results = [], []
            self.melds = [[], [], [], []]
            self.riichi = [False] * 4
            self.kan = [False] * 4
            self.last_draw = [None] * 4
            return
        if kind == "end_game":
            self.ended = True
            return
        if kind in ("end_kyoku", "reach_accepted", "none"):
            return
        if self.cur is None:
            raise ValueError(f"{str(kind)[:20]!r} before the first start_kyoku")
        if kind == "tsumo":
            seat = _seat(ev, "actor")
            tile = tile_of(ev.get("pai"))
            self.events.append(Draw(seat, tile, self.kan[seat], at))
            self.kan[seat] = False
            self.last_draw[seat] = len(self.events) - 1
            self.last_tile = tile
        elif kind == "dahai":
            seat = _seat(ev, "actor")
            tile = tile_of(ev.get("pai"))
            if tile is None:
                raise ValueError("a discard cannot be hidden")
            tsumogiri = ev.get("tsumogiri", False)
            if not isinstance(tsumogiri, bool):
                raise ValueError("tsumogiri must be true or false")
            self.events.append(Discard(seat, tile, tsumogiri, self.riichi[seat], at))
            self.riichi[seat] = False
            self.last_tile = tile
        elif kind == "reach":
            self.riichi[_seat(ev, "actor")] = True
        elif kind in ("chi", "pon", "daiminkan"):
            seat, target = _seat(ev, "actor"), _seat(ev, "target")
            tile = tile_of(ev.get("pai"))
            consumed = _tiles(ev, "consumed", 3 if kind == "daiminkan" else 2)
            if tile is None or None in consumed:
                raise ValueError("a called tile cannot be hidden")
            call = Call(seat, "kan" if kind == "daiminkan" else kind, tuple(consumed) + (tile,), tile, target, at)
            self.events.append(call)
            self.melds[seat].append(call)
            self.kan[seat] = kind == "daiminkan"
        elif kind == "ankan":
            seat = _seat(ev, "actor")
            consumed = _tiles(ev, "consumed", 4)
            if None in consumed:
                raise ValueError("a closed quad's tiles cannot be hidden here")
            call = Call(seat, "ankan", tuple(consumed), None, None, at)
            self.events.append(call)
            self.melds[seat].append(call)
            self.kan[seat] = True
        elif kind == "kakan":
            seat = _seat(ev, "actor")
            tile = tile_of(ev.get("pai"))
            consumed = _tiles(ev, "consumed", 3)
            if tile is None or None in consumed:
                raise ValueError("an added quad's tiles cannot be hidden")
            call = Call(seat, "kakan", tuple(consumed) + (tile,), tile, None, at)
            self.events.append(call)
            self.melds[seat].append(call)
            self.kan[seat] = True
            self.last_tile = tile
        elif kind == "dora":
            tile = tile_of(ev.get("dora_marker"))
            if tile is None:
                raise ValueError("a dora indicator cannot be hidden")
            self.events.append(NewDora(tile, at))
        elif kind == "hora":
            self.results.append(self.hora(ev, at))
        elif kind == "ryukyoku":
            reason = ev.get("reason", "fanpai")
            if reason not in _KINDS:
                raise ValueError(f"unknown ryukyoku reason {str(reason)[:20]!r}")
            self.results.append(Ryuukyoku(_KINDS[reason], _four(ev, "deltas"), at))
        else:
            raise ValueError(f"unknown event type {str(kind)[:20]!r}")

    def hora(self, ev: dict, at: str) -> Win:
        seat, target = _seat(ev, "actor"), _seat(ev, "target")
        tile = tile_of(ev["pai"]) if "pai" in ev else self.last_tile
        if tile is None:
            raise ValueError("the winning tile cannot be hidden")
        hand: tuple = ()
        if "hora_tehais" in ev:
            tehais = _tiles(ev, "hora_tehais")
            if None in tehais or len(tehais) > 13:
                raise ValueError("hora_tehais are the winner's concealed tiles before the winning tile")
            hand = tuple(tehais) + (tile,)
        yakus = ev.get("yakus", [])
        if not isinstance(yakus, list):
            raise ValueError("yakus must be a list of [name, han]")
        wind = self.cur["wind"]
        seat_wind = (seat - self.cur["dealer"]) % 4
        dragons = self._dragons(seat, hand)
        yaku = []
        for item in yakus:
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                    or isinstance(item[1], bool) or not isinstance(item[1], int) or not 0 <= item[1] <= 26):
                raise ValueError(f"a yaku is [name, han], not {str(item)[:30]}")
            name, han = item
            if name == "jikaze":
                key = f"seat-{_WINDS[seat_wind]}"
            elif name == "bakaze":
                key = f"round-{_WINDS[wind]}"
            elif name == "sangenpai":
                key = dragons.pop(0) if dragons else "haku"
            elif name in _BY_MJAI:
                key = _BY_MJAI[name]
            else:
                raise ValueError(f"unknown yaku {name[:20]!r}")
            yaku.append((key, han))
        han = _int(ev, "fan", 0, 200, sum(h for _, h in yaku))
        fu = ev.get("fu")
        if fu is not None:
            fu = _int(ev, "fu", 0, 200)
        deltas = _four(ev, "deltas")
        if "hora_points" in ev:
            points = _int(ev, "hora_points", 0, 10 ** 6)
        else:
            points = self._paid(seat, deltas)
        yakuman = any(FIRST_YAKUMAN <= YAKU_ID[k] < YAKU_ID["dora"] for k, _ in yaku)
        ura = tuple(_tiles(ev, "uradora_markers")) if "uradora_markers" in ev else ()
        if None in ura:
            raise ValueError("ura indicators cannot be hidden")
        return Win(seat, target, tile, han, fu, points, _limit(han, fu, yakuman), tuple(yaku), hand, ura,
                   deltas, None, at)

    def _paid(self, seat: int, deltas: tuple[int, ...]) -> int:
        """What the payers paid for a win before honba and sticks, from the score changes
        (many mjai logs leave hora_points out): the losers' total less 300 per honba, which
        the first winner of the round takes (the sticks come from the table, not the payers)."""
        lost = -sum(d for q, d in enumerate(deltas) if q != seat and d < 0)
        honba = 0 if self.results else 300 * self.cur["honba"]
        return max(lost - honba, 0)

    def _dragons(self, seat: int, hand: tuple) -> list[str]:
        """The yakuhai dragons of the winner (sets of three or four), white first."""
        kinds = [t.kind for t in hand] + [t.kind for m in self.melds[seat] for t in m.tiles[:3]]
        return [name for name, k in (("haku", 31), ("hatsu", 32), ("chun", 33)) if kinds.count(k) >= 3]


def parse(text: str, path: str | None = None, cancelled=None) -> GameRecord:
    """A GameRecord from mjai JSON lines (LogError naming the line on any problem)."""
    reader = _Reader()
    from mjgui.logs.load import check_json_depth
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        at = f"line {number}"
        check_cancel(cancelled)
        try:
            check_json_depth(line)
            ev = json.loads(line)
            if not isinstance(ev, dict):
                raise ValueError("an mjai event is a JSON object")
            reader.event(ev, at)
        except LogError as error:
            raise error.located(path, at) from None
        except json.JSONDecodeError as error:
            raise LogError(f"not JSON ({error.msg})", path, at) from None
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            raise LogError(str(error) or type(error).__name__, path, at) from None
    reader.close()
    if not reader.rounds:
        raise LogError("the log holds no round (start_kyoku)", path)
    if not reader.rounds[-1].results:
        raise truncated("the round stops without a result (a win or a draw)").located(path, reader.rounds[-1].at)
    if not reader.ended:
        raise truncated("the game does not end (no end_game)").located(path)
    return GameRecord("mjai", tuple(reader.players), tuple(reader.rounds))  # type: ignore[arg-type]


# ---- writing ------------------------------------------------------------------------------

def dumps(record: GameRecord) -> str:
    """The mjai lines of a record."""
    lines = [{"type": "start_game", "names": list(record.players)}]
    for rnd in record.rounds:
        lines.append({"type": "start_kyoku", "bakaze": "ESWN"[rnd.wind], "kyoku": rnd.dealer + 1,
                      "honba": rnd.honba, "kyotaku": rnd.sticks, "oya": rnd.dealer,
                      "dora_marker": name_of(rnd.dora), "scores": list(rnd.scores),
                      "tehais": [[name_of(t) for t in h] for h in rnd.hands]})
        pons: dict = {}
        pending: int | None = None
        for e in rnd.events:
            if pending is not None:
                lines.append({"type": "reach_accepted", "actor": pending})
                pending = None
            if isinstance(e, Draw):
                lines.append({"type": "tsumo", "actor": e.seat, "pai": name_of(e.tile)})
            elif isinstance(e, Discard):
                if e.riichi:
                    lines.append({"type": "reach", "actor": e.seat})
                    pending = e.seat
                lines.append({"type": "dahai", "actor": e.seat, "pai": name_of(e.tile), "tsumogiri": e.tsumogiri})
            elif isinstance(e, NewDora):
                lines.append({"type": "dora", "dora_marker": name_of(e.tile)})
            elif e.kind == "ankan":
                lines.append({"type": "ankan", "actor": e.seat, "consumed": [name_of(t) for t in e.tiles]})
            elif e.kind == "kakan":
                pon = list(e.tiles)
                pon.remove(e.tile)
                lines.append({"type": "kakan", "actor": e.seat, "pai": name_of(e.tile),
                              "consumed": [name_of(t) for t in pon]})
            else:
                rest = list(e.tiles)
                rest.remove(e.tile)
                lines.append({"type": {"kan": "daiminkan"}.get(e.kind, e.kind), "actor": e.seat,
                              "target": e.source, "pai": name_of(e.tile), "consumed": [name_of(t) for t in rest]})
                if e.kind == "pon":
                    pons[e.seat] = e
        if pending is not None and not any(isinstance(r, Win) and not r.tsumo for r in rnd.results):
            lines.append({"type": "reach_accepted", "actor": pending})
        for r in rnd.results:
            if isinstance(r, Win):
                out = {"type": "hora", "actor": r.seat, "target": r.source, "pai": name_of(r.tile)}
                if r.hand:
                    tehais = list(r.hand)
                    tehais.remove(r.tile)
                    out["hora_tehais"] = [name_of(t) for t in tehais]
                out.update(uradora_markers=[name_of(t) for t in r.ura],
                           yakus=[[_MJAI_YAKU[k], h] for k, h in r.yaku], fu=r.fu, fan=r.han,
                           hora_points=r.points, deltas=list(r.deltas))
                if r.fu is None:
                    del out["fu"]
                lines.append(out)
            else:
                lines.append({"type": "ryukyoku", "reason": _REASONS[r.kind], "deltas": list(r.deltas)})
        lines.append({"type": "end_kyoku"})
    lines.append({"type": "end_game"})
    return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
