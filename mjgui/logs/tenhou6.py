"""tenhou.net/6 JSON (see docs/logs.md): read into a GameRecord, and write one.

Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51/52/53 the red fives.
Each seat has a list of takes (draws and calls of a discard) and of discards (a tile, 60 for
tsumogiri, "r"+tile for a riichi declaration, a closed or added quad, 0 after an open quad);
the play order is rebuilt from them.  Call strings are tiles of two digits with one letter
before the tile taken, its position telling the seat it came from:

    chi "c" first (always from the left), e.g. c275226;   pon "p" at tile 0/1/2 = from the
    left/across/right (p414141, 41p4141, 4141p41);   open quad "m" at tile 0/1/3
    (m39393939, 39m393939, 393939m39);   added quad "k" where the pon's "p" was, followed by
    the added tile then the pon's called tile (41k414141: a pon from across grown into a
    quad);   closed quad "a" before the fourth tile (424242a42).
"""
from __future__ import annotations

import re
from dataclasses import replace

from mjgui.logs.record import (FIRST_YAKUMAN, LIMITS, MAX_POINTS, MAX_ROUNDS, YAKU, YAKU_ID, Call, Discard, Draw,
                               GameRecord, LogError, NewDora, Round, Ryuukyoku, Win, check_cancel)
from mjgui.tiles import Tile

TSUMOGIRI = 60
_ABORTS = {"九種九牌": "nine-terminals", "四家立直": "four-riichi", "三家和了": "triple-ron",
           "四槓散了": "four-kans", "四風連打": "four-winds", "流し満貫": "nagashi-mangan"}
_EXHAUSTIVE = ("流局", "全員聴牌", "全員不聴")
_LIMIT_WORDS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
_LIMIT_TEXT = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
_YAKU_BY_NAME = {ja.replace(" ", ""): key for key, ja in YAKU}
# bounded digits: fu and han of at most 3, a payment of at most 7 (no hand pays a million)
_POINTS = re.compile(r"^(?:(\d{1,3})符(\d{1,3})飜|(満貫|跳満|倍満|三倍満|数え役満|役満))?(\d{1,7})(?:-(\d{1,7}))?点(∀)?$")
_YAKU_TEXT = re.compile(r"^(.{1,20})\((\d{1,2})飜\)$|^(.{1,20})\(役満\)$")
_CALL_TOKEN = re.compile(r"([a-z]?)(\d\d)")


def tile_of(code: object) -> Tile:
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(f"a tile is a number, not {str(code)[:20]!r}")
    if 51 <= code <= 53:
        return Tile(4 + 9 * (code - 51), True)
    suit, n = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= n <= 9:
        return Tile((suit - 1) * 9 + n - 1)
    if suit == 4 and 1 <= n <= 7:
        return Tile(27 + n - 1)
    raise ValueError(f"{code} is not a tile (11-19, 21-29, 31-39, 41-47, 51-53)")


def code_of(tile: Tile) -> int:
    if tile.red:
        return 51 + tile.kind // 9
    return (tile.kind // 9 + 1) * 10 + tile.kind % 9 + 1


# ---- call strings ----------------------------------------------------------------------

def parse_call(text: str, seat: int) -> Call:
    """A Call from a call string made by `seat` (see the module doc)."""
    if len(text) > 12 or not re.fullmatch(r"(?:[a-z]?\d\d){3,4}", text):
        raise ValueError(f"{text[:20]!r} is not a call string")
    items = [(m.group(1), tile_of(int(m.group(2)))) for m in _CALL_TOKEN.finditer(text)]
    marks = [i for i, (letter, _) in enumerate(items) if letter]
    if len(marks) != 1:
        raise ValueError(f"call {text!r} has {len(marks)} marker letters, not 1")
    at = marks[0]
    letter, taken = items[at]
    tiles = tuple(t for _, t in items)
    sources = {"c": {0: 3}, "p": {0: 3, 1: 2, 2: 1}, "m": {0: 3, 1: 2, 3: 1}, "k": {0: 3, 1: 2, 2: 1},
               "a": {3: 0}}
    size = 3 if letter in "cp" else 4
    if letter not in sources or len(items) != size or at not in sources[letter]:
        raise ValueError(f"call {text!r}: a {letter!r} call has {size} tiles with the letter at "
                         f"tile {' or '.join(str(i) for i in sources.get(letter, {0: 0}))}")
    rel = sources[letter][at]
    kind = {"c": "chi", "p": "pon", "m": "kan", "k": "kakan", "a": "ankan"}[letter]
    if kind == "ankan":
        return Call(seat, kind, tiles)
    if kind == "kakan":
        return Call(seat, kind, tiles, taken)
    return Call(seat, kind, tiles, taken, (seat + rel) % 4)


def call_text(call: Call, pon: Call | None = None) -> str:
    """The call string of a Call (a kakan needs the pon it grew from)."""
    def codes(ts) -> list[str]:
        return [str(code_of(t)) for t in ts]
    if call.kind == "ankan":
        c = codes(call.tiles)
        return "".join(c[:3]) + "a" + c[3]
    base = pon if call.kind == "kakan" else call
    assert base is not None and base.tile is not None and base.source is not None
    rest = list(base.tiles)
    rest.remove(base.tile)
    others = codes(rest)
    rel = (base.source - call.seat) % 4
    if call.kind == "kakan":
        head = "k" + str(code_of(call.tile)) + str(code_of(base.tile))
        pos = {3: 0, 2: 1, 1: 2}[rel]
    else:
        letter = {"chi": "c", "pon": "p", "kan": "m"}[call.kind]
        head = letter + str(code_of(call.tile))
        pos = {3: 0, 2: 1, 1: 2 if call.kind == "pon" else 3}[rel]
    return "".join(others[:pos]) + head + "".join(others[pos:])


# ---- reading ------------------------------------------------------------------------------

def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number {low}-{high}, not {str(value)[:20]!r}")
    return value


def _list(value: object, what: str, size: int | None = None) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {type(value).__name__}")
    if size is not None and len(value) != size:
        raise ValueError(f"{what} has {len(value)} entries, not {size}")
    return value


def _round(entry: object, where: str) -> Round:
    entry = _list(entry, "a round")
    if len(entry) != 17:
        raise ValueError(f"a round has 17 entries (header, scores, dora, ura, 4 x hand/takes/discards, "
                         f"result), not {len(entry)}")
    head = _list(entry[0], "the round header", 3)
    number = _int(head[0], "the round number", 0, 15)
    honba = _int(head[1], "honba", 0, 99)
    sticks = _int(head[2], "riichi sticks", 0, 99)
    scores = tuple(_int(s, "a score", -MAX_POINTS, MAX_POINTS) for s in _list(entry[1], "scores", 4))
    dora = [tile_of(t) for t in _list(entry[2], "dora indicators")]
    ura = [tile_of(t) for t in _list(entry[3], "ura indicators")]
    if not 1 <= len(dora) <= 5 or len(ura) > 5:
        raise ValueError(f"{len(dora)} dora and {len(ura)} ura indicators: 1-5 and 0-5")
    hands, takes, discards = [], [], []
    for seat in range(4):
        hands.append(tuple(tile_of(t) for t in _list(entry[4 + 3 * seat], f"hand {seat}", 13)))
        takes.append(_list(entry[5 + 3 * seat], f"takes {seat}"))
        discards.append(_list(entry[6 + 3 * seat], f"discards {seat}"))
    dealer = number % 4
    events = _events(takes, discards, dealer, dora[1:], where)
    results = [_won_with(r, events, ura) for r in _results(_list(entry[16], "the result"), where)]
    return Round(number // 4, dealer, honba, sticks, scores, dora[0], tuple(hands), tuple(events),
                 tuple(results), where)


def _events(takes: list, discards: list, dealer: int, indicators: list, where: str) -> list:
    ti, di = [0] * 4, [0] * 4
    events: list = []
    dora_due: list = []           # open quads whose indicator comes after the next discard
    last_draw: list = [None] * 4
    state, seat, rinshan = "draw", dealer, False

    def at(kind: str, p: int, i: int) -> str:
        return f"{where}, seat {p} {kind} {i}"

    def new_dora(label: str) -> None:
        if not indicators:
            raise LogError("a quad without its new dora indicator in the round header", at=label)
        events.append(NewDora(indicators.pop(0), label))

    for _ in range(4 * 200):
        if state == "draw":
            if ti[seat] >= len(takes[seat]):
                break
            item = takes[seat][ti[seat]]
            label = at("take", seat, ti[seat])
            ti[seat] += 1
            if isinstance(item, str):
                raise LogError(f"a call {item[:20]!r} where seat {seat} draws", at=label)
            tile = _tile_at(item, label)
            events.append(Draw(seat, tile, rinshan, label))
            last_draw[seat] = tile
            state, rinshan = "discard", False
        elif state == "discard":
            if di[seat] >= len(discards[seat]):
                break
            item = discards[seat][di[seat]]
            label = at("discard", seat, di[seat])
            di[seat] += 1
            if isinstance(item, str) and ("a" in item or "k" in item):
                call = _call_at(item, seat, label)
                events.append(call)
                if call.kind == "ankan":
                    new_dora(label)
                else:
                    dora_due.append(seat)
                state, rinshan = "draw", True
                continue
            riichi = isinstance(item, str)
            if riichi:
                if not re.fullmatch(r"r\d\d", item):
                    raise LogError(f"{item[:20]!r} is not a discard (a tile, 60, r+tile or a quad)", at=label)
                item = int(item[1:])
            tsumogiri = item == TSUMOGIRI
            if tsumogiri:
                if last_draw[seat] is None:
                    raise LogError("tsumogiri (60) without a draw", at=label)
                tile = last_draw[seat]
            else:
                tile = _tile_at(item, label)
            events.append(Discard(seat, tile, tsumogiri, riichi, label))
            last_draw[seat] = None
            while seat in dora_due:
                dora_due.remove(seat)
                new_dora(label)
            caller = None
            for q in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4):
                nxt = takes[q][ti[q]] if ti[q] < len(takes[q]) else None
                if isinstance(nxt, str):
                    call = _call_at(nxt, q, at("take", q, ti[q]))
                    if call.source == seat and call.tile == tile:
                        caller = (q, call)
                        break
            if caller is None:
                state, seat = "draw", (seat + 1) % 4
                continue
            q, call = caller
            ti[q] += 1
            events.append(call)
            seat = q
            if call.kind == "kan":
                if di[q] >= len(discards[q]) or discards[q][di[q]] != 0:
                    raise LogError("an open quad is followed by 0 in the caller's discards",
                                   at=at("discard", q, di[q]))
                di[q] += 1
                dora_due.append(q)
                state, rinshan = "draw", True
            else:
                state = "discard"
    for p in range(4):
        if ti[p] < len(takes[p]) or di[p] < len(discards[p]):
            kind, i = ("take", ti[p]) if ti[p] < len(takes[p]) else ("discard", di[p])
            raise LogError(f"seat {p}'s {kind}s go on after the play ends: the takes and discards "
                           "do not fit together", at=at(kind, p, i))
    while indicators:
        new_dora(where + ", header")
    return events


def _won_with(result, events: list, ura: list):
    """A Win with its winning tile (the last discard or added quad for a ron, the last draw
    for a tsumo: tenhou.net/6 does not write it) and, for a winner who declared riichi, the
    round's ura indicators."""
    if not isinstance(result, Win):
        return result
    riichi = any(isinstance(e, Discard) and e.riichi and e.seat == result.seat for e in events)
    for e in reversed(events):
        if isinstance(e, (Draw, Discard)) or (isinstance(e, Call) and e.kind == "kakan"):
            if e.tile is None:
                break
            return replace(result, tile=e.tile, ura=tuple(ura) if riichi else ())
    raise LogError("a win before any tile was played", at=result.at)


def _tile_at(item: object, label: str) -> Tile:
    try:
        return tile_of(item)
    except ValueError as error:
        raise LogError(str(error), at=label) from None


def _call_at(item: object, seat: int, label: str) -> Call:
    if not isinstance(item, str):
        raise LogError(f"{str(item)[:20]!r} is not a call string", at=label)
    try:
        return parse_call(item, seat)
    except ValueError as error:
        raise LogError(str(error), at=label) from None


def _points(text: object) -> tuple[int | None, int, int, int]:
    """(fu, han or 0, points, limit) from e.g. "30符1飜1000点", "満貫2000-4000点", "700点∀"."""
    if not isinstance(text, str):
        raise ValueError("the value text is a string like \"30符1飜1000点\"")
    m = _POINTS.match(text)
    if m is None:
        raise ValueError(f"{text[:30]!r} is not a value like 30符1飜1000点 or 満貫2000-4000点")
    fu = int(m.group(1)) if m.group(1) else None
    han = int(m.group(2)) if m.group(2) else 0
    limit = _LIMIT_WORDS[m.group(3)] if m.group(3) else 0
    a, b = int(m.group(4)), int(m.group(5)) if m.group(5) else None
    if b is not None:
        points = 2 * a + b
    elif m.group(6):
        points = 3 * a
    else:
        points = a
    return fu, han, points, limit


def _results(entry: list, where: str) -> list:
    if not entry or not isinstance(entry[0], str):
        raise LogError("the result starts with its name (和了, 流局, ...)", at=f"{where}, result")
    name = entry[0]
    out: list = []
    if name == "和了":
        if len(entry) < 3 or len(entry) % 2 != 1:
            raise LogError("和了 is followed by pairs of [deltas] and [winner, from, pao, value, yaku...]",
                           at=f"{where}, result")
        for i in range(1, len(entry), 2):
            label = f"{where}, result {i}"
            try:
                deltas = tuple(_int(d, "a delta", -MAX_POINTS, MAX_POINTS) for d in _list(entry[i], "deltas", 4))
                info = _list(entry[i + 1], "the win")
                if len(info) < 4:
                    raise ValueError("the win is [winner, from, pao, value, yaku...]")
                who, source, pao = (_int(info[k], "a seat", 0, 3) for k in range(3))
                fu, han, points, limit = _points(info[3])
                yaku = []
                for y in info[4:]:
                    m = _YAKU_TEXT.match(y) if isinstance(y, str) else None
                    if m is None:
                        raise ValueError(f"{str(y)[:30]!r} is not a yaku like 立直(1飜)")
                    key = _YAKU_BY_NAME.get((m.group(1) or m.group(3)).replace(" ", "").replace("\u3000", ""))
                    if key is None:
                        raise ValueError(f"unknown yaku {(m.group(1) or m.group(3))[:20]!r}")
                    yaku.append((key, int(m.group(2)) if m.group(2) else 13))
            except ValueError as error:
                raise LogError(str(error), at=label) from None
            total = sum(h for _, h in yaku)
            out.append(Win(who, source, Tile(0), total if not han else han, fu, points, limit, tuple(yaku),
                           (), (), deltas, None if pao == who else pao, label))
        return out
    label = f"{where}, result"
    kind = "exhaustive" if name in _EXHAUSTIVE else _ABORTS.get(name)
    if kind is None:
        raise LogError(f"unknown result {name[:20]!r}", at=label)
    deltas = (0, 0, 0, 0)
    if len(entry) > 1:
        try:
            deltas = tuple(_int(d, "a delta", -MAX_POINTS, MAX_POINTS) for d in _list(entry[1], "deltas", 4))
        except ValueError as error:
            raise LogError(str(error), at=label) from None
    return [Ryuukyoku(kind, deltas, label)]


def parse(data: object, path: str | None = None, cancelled=None) -> GameRecord:
    """A GameRecord from decoded tenhou.net/6 JSON."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogError("not a tenhou.net/6 log: a JSON object with a \"log\" list", path)
    names = data.get("name", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        if isinstance(names, list) and len(names) == 3:
            raise LogError("three-player logs are not supported (mjgui reviews four-player games)", path)
        raise LogError("\"name\" is a list of the four players' names", path)
    rule = data.get("rule")
    if isinstance(rule, dict) and isinstance(rule.get("disp"), str) and "三" in rule["disp"]:
        raise LogError("three-player logs are not supported (mjgui reviews four-player games)", path)
    title = data.get("title", "")
    title = " ".join(t for t in title if isinstance(t, str)) if isinstance(title, list) else str(title)
    if len(data["log"]) > MAX_ROUNDS:
        raise LogError(f"{len(data['log'])} rounds: a game has at most {MAX_ROUNDS}", path)
    rounds = []
    for i, entry in enumerate(data["log"]):
        where = f"log[{i}]"
        check_cancel(cancelled)
        if isinstance(entry, list) and entry and isinstance(entry[0], list) and (
                len(entry) == 14 or (len(entry) == 17 and entry[13] == [] and entry[14] == [])):
            # three seats' hands, or a fourth seat that is never dealt a tile
            raise LogError("three-player logs are not supported (mjgui reviews four-player games)", path, where)
        try:
            rounds.append(_round(entry, where))
        except LogError as error:
            raise error.located(path, where) from None
        except ValueError as error:
            raise LogError(str(error), path, where) from None
    if not rounds:
        raise LogError("the log holds no round", path)
    return GameRecord("tenhou6", tuple(n[:64] for n in names), tuple(rounds), title[:200])  # type: ignore[arg-type]


# ---- writing ------------------------------------------------------------------------------

def _value_text(win: Win, dealer: bool) -> str:
    if win.tsumo:
        if dealer:
            pay = f"{win.points // 3}点∀"
        else:
            each = -(-win.points // 4 // 100) * 100          # the non-dealers' share, rounded up
            pay = f"{each}-{win.points - 2 * each}点"
    else:
        pay = f"{win.points}点"
    if win.limit:
        return _LIMIT_TEXT[win.limit] + pay
    return f"{win.fu or 0}符{win.han}飜" + pay


def to_json(record: GameRecord) -> dict:
    """The tenhou.net/6 object of a record (indent it with json.dumps)."""
    names = dict(YAKU)
    log = []
    for rnd in record.rounds:
        takes: list[list] = [[], [], [], []]
        discards: list[list] = [[], [], [], []]
        pons: dict = {}
        dora = [code_of(rnd.dora)]
        for e in rnd.events:
            if isinstance(e, Draw):
                takes[e.seat].append(code_of(e.tile))
            elif isinstance(e, Discard):
                code = TSUMOGIRI if e.tsumogiri else code_of(e.tile)
                discards[e.seat].append(f"r{code}" if e.riichi else code)
            elif isinstance(e, NewDora):
                dora.append(code_of(e.tile))
            elif e.kind in ("ankan", "kakan"):
                discards[e.seat].append(call_text(e, pons.get((e.seat, e.tiles[0].kind))))
            else:
                takes[e.seat].append(call_text(e))
                if e.kind == "pon":
                    pons[(e.seat, e.tiles[0].kind)] = e
                if e.kind == "kan":
                    discards[e.seat].append(0)
        ura: list = next((list(r.ura) for r in rnd.results if isinstance(r, Win) and r.ura), [])
        if any(isinstance(r, Win) for r in rnd.results):
            result: list = ["和了"]
            for r in rnd.results:
                result.append(list(r.deltas))
                result.append([r.seat, r.source, r.seat if r.pao is None else r.pao,
                               _value_text(r, r.seat == rnd.dealer)]
                              + [f"{names[k]}(役満)" if h >= 13 and k in _YAKUMAN_KEYS else f"{names[k]}({h}飜)"
                                 for k, h in r.yaku])
        else:
            r = rnd.results[0] if rnd.results else Ryuukyoku()
            result = ["流局" if r.kind == "exhaustive" else
                      {v: k for k, v in _ABORTS.items()}[r.kind], list(r.deltas)]
        entry = [[rnd.wind * 4 + rnd.dealer, rnd.honba, rnd.sticks], list(rnd.scores), dora,
                 [code_of(t) for t in ura]]
        for seat in range(4):
            entry += [[code_of(t) for t in rnd.hands[seat]], takes[seat], discards[seat]]
        entry.append(result)
        log.append(entry)
    return {"title": [record.title, ""], "name": list(record.players), "rule": {"disp": "", "aka": 1}, "log": log}


_YAKUMAN_KEYS = {k for k, _ in YAKU[FIRST_YAKUMAN:YAKU_ID["dora"]]}
assert len(LIMITS) == len(_LIMIT_TEXT)
