"""tenhou's mjlog XML (see docs/logs.md): read into a GameRecord, and write one.

The 136 tiles are numbered 0-135 (kind = id // 4); ids 16, 52 and 88 are the red fives
unless the rules flag says the game had none.  Calls pack their tiles into one number (`m`),
decoded by `decode_meld` and made by `encode_meld`.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from urllib.parse import quote, unquote

from mjgui.logs.record import (DRAW_KINDS, FIRST_YAKUMAN, LIMITS, MAX_POINTS, MAX_ROUNDS, YAKU, YAKU_ID, Call,
                               Discard, Draw, GameRecord, LogError, NewDora, Round, Ryuukyoku, Win, check_cancel,
                               truncated)
from mjgui.tiles import Tile

RED_IDS = (16, 52, 88)
GO_NO_RED = 0x02
GO_SANMA = 0x10
_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_ABORTS = {"yao9": "nine-terminals", "reach4": "four-riichi", "ron3": "triple-ron", "kan4": "four-kans",
           "kaze4": "four-winds", "nm": "nagashi-mangan"}
_IGNORED = ("SHUFFLE", "BYE", "TAIKYOKU")
# Bounds of the XML itself, checked before the tree is built (a real game has a few thousand
# elements of under 20 attributes, each under 1 KB; names are at most 64 characters, up to
# 12 characters each when URL-encoded)
MAX_ELEMENTS = 40_000
MAX_ATTRIBUTES = 32
MAX_TAG = 16 * 1024
NAME_CHARS = 64
_CHUNK = 64 * 1024


# ---- tiles and melds -------------------------------------------------------------------

def tile_of(tile_id: int, red_fives: bool = True) -> Tile:
    return Tile(tile_id // 4, red_fives and tile_id in RED_IDS)


def decode_meld(m: int, who: int) -> tuple[str, list[int], int | None, int | None]:
    """(kind, tile ids, the taken tile's id, the absolute seat it came from) of a call's `m`.
    Bits 0-1 are the source relative to the caller (0 self, 1 right, 2 across, 3 left);
    bit 2 marks a chi, bit 3 a pon, bit 4 an added quad; otherwise it is a quad."""
    rel = m & 3
    source = (who + rel) % 4
    if m & 0x4:                                   # chi: base run and the three copies
        t = m >> 10
        called, t = t % 3, t // 3
        base = t // 7 * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", ids, ids[called], source
    if m & 0x18:                                  # pon, or a pon grown into an added quad
        t = m >> 9
        called, kind = t % 3, t // 3
        unused = (m >> 5) & 3
        ids = [kind * 4 + c for c in range(4) if c != unused]
        if m & 0x8:
            return "pon", ids, ids[called], source
        return "kakan", ids + [kind * 4 + unused], kind * 4 + unused, source
    if m & 0x20:
        raise ValueError("a north-tile call (nukidora) belongs to three-player games")
    tile_id = m >> 8
    kind = tile_id // 4
    ids = [kind * 4 + c for c in range(4)]
    if rel == 0:
        return "ankan", ids, None, None
    return "kan", ids, tile_id, source


def encode_meld(kind: str, ids: list[int], taken: int | None, rel: int) -> int:
    """The `m` number of a call (the inverse of decode_meld); for kakan `ids` are the pon's
    three then the added tile and `taken` is the pon's called tile."""
    if kind == "chi":
        ids = sorted(ids)
        base = ids[0] // 4
        t = ((base // 9) * 7 + base % 9) * 3 + ids.index(taken)
        m = t << 10 | 0x4 | rel
        for i, x in enumerate(ids):
            m |= (x - (base + i) * 4) << (3 + 2 * i)
        return m
    if kind in ("pon", "kakan"):
        pon = sorted(ids[:3])
        kind_ = pon[0] // 4
        unused = ({0, 1, 2, 3} - {x % 4 for x in pon}).pop()
        return ((kind_ * 3 + pon.index(taken)) << 9) | (unused << 5) | (0x8 if kind == "pon" else 0x10) | rel
    tile_id = ids[0] if taken is None else taken
    return tile_id << 8 | (0 if kind == "ankan" else rel)


# ---- reading ----------------------------------------------------------------------------

def _ints(text: str | None, what: str, bound: int = MAX_POINTS) -> list[int]:
    """The comma-separated whole numbers of an attribute, each at most `bound` in size (a
    score in hundreds, a tile id, a yaku number: no log needs more digits)."""
    if text is None:
        raise ValueError(f"missing {what}")
    if not text.strip():
        return []
    parts = text.split(",")
    if not all(0 < len(x.strip()) <= 9 and x.strip().lstrip("-").isdigit() for x in parts):
        raise ValueError(f"{what} is not a list of numbers: {text[:40]!r}")
    values = [int(x) for x in parts]
    if any(abs(v) > bound for v in values):
        raise ValueError(f"{what} holds a number out of range (at most {bound:,}): {text[:40]!r}")
    return values


def _tile_ids(text: str | None, what: str) -> list[int]:
    ids = _ints(text, what)
    for x in ids:
        if not 0 <= x <= 135:
            raise ValueError(f"{what}: tile {x} is out of range 0-135")
    return ids


def _int(attrs: dict, key: str, low: int, high: int) -> int:
    text = attrs.get(key)
    if text is None:
        raise ValueError(f"missing {key}")
    if not text.strip().lstrip("-").isdigit() or len(text) > 9:
        raise ValueError(f"{key} is not a number: {text[:20]!r}")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"{key}={value} is out of range {low}-{high}")
    return value


class _Reader:
    def __init__(self) -> None:
        self.red = True
        self.players = ["", "", "", ""]
        self.rounds: list[Round] = []
        self.cur: dict | None = None
        self.events: list = []
        self.results: list = []
        self.riichi_pending = [False] * 4
        self.last_draw: list = [None] * 4      # (id, index of the draw event)
        self.kan_pending = [False] * 4
        self.ids: set[int] = set()
        self.ended = False              # a result wrote the final scores (owari)

    def tile(self, x: int) -> Tile:
        return tile_of(x, self.red)

    def fresh(self, x: int) -> Tile:
        """A tile turning up (dealt, drawn, an indicator): each id exists once a round."""
        if x in self.ids:
            raise ValueError(f"tile {x} turns up twice in one round")
        self.ids.add(x)
        return self.tile(x)

    def close(self) -> None:
        if self.cur is not None:
            self.rounds.append(Round(events=tuple(self.events), results=tuple(self.results), **self.cur))
        self.cur = None

    def element(self, el: ET.Element, at: str) -> None:
        tag, a = el.tag, el.attrib
        if tag == "GO":
            flags = _int(a, "type", 0, 1 << 16)
            if flags & GO_SANMA:
                raise LogError("three-player logs are not supported (mjgui reviews four-player games)")
            self.red = not flags & GO_NO_RED
        elif tag == "UN":
            if "n0" in a and not any(self.players):
                # cut before decoding: a huge value must not be decoded whole
                self.players = [unquote(a.get(f"n{i}", "")[:NAME_CHARS * 12])[:NAME_CHARS] for i in range(4)]
        elif tag == "INIT":
            self.close()
            if len(self.rounds) >= MAX_ROUNDS:
                raise LogError(f"more than {MAX_ROUNDS} rounds: a game has at most {MAX_ROUNDS}")
            if self.ended:
                raise ValueError("a round after the game's end (owari)")
            seed = _ints(a.get("seed"), "seed")
            if len(seed) != 6:
                raise ValueError(f"seed has {len(seed)} numbers, not 6 (round, honba, sticks, dice, dice, dora)")
            if not 0 <= seed[0] <= 15 or not 0 <= seed[1] <= 99 or not 0 <= seed[2] <= 99:
                raise ValueError(f"seed {seed[:3]}: round 0-15, honba and sticks 0-99")
            if not 0 <= seed[5] <= 135:
                raise ValueError(f"dora indicator {seed[5]} is out of range 0-135")
            ten = _ints(a.get("ten"), "ten", MAX_POINTS // 100)
            if len(ten) != 4:
                raise ValueError(f"ten has {len(ten)} scores, not 4")
            oya = _int(a, "oya", 0, 3)
            if oya != seed[0] % 4:
                raise ValueError(f"oya {oya} is not the dealer of round {seed[0]}")
            self.ids = set()
            hands = []
            for i in range(4):
                ids = _tile_ids(a.get(f"hai{i}"), f"hai{i}")
                hands.append(tuple(self.fresh(x) for x in ids))
            self.cur = dict(wind=seed[0] // 4, dealer=oya, honba=seed[1], sticks=seed[2],
                            scores=tuple(x * 100 for x in ten), dora=self.fresh(seed[5]), hands=tuple(hands), at=at)
            self.events, self.results = [], []
            self.riichi_pending = [False] * 4
            self.last_draw = [None] * 4
            self.kan_pending = [False] * 4
        elif tag in _IGNORED:
            return
        elif self.cur is None:
            raise ValueError(f"<{tag}> before the first round (<INIT>)")
        elif len(tag) > 1 and tag[0] in _DRAW_TAGS + _DISCARD_TAGS and tag[1:].isdigit():
            x = int(tag[1:])
            if x > 135:
                raise ValueError(f"tile {x} is out of range 0-135")
            if tag[0] in _DRAW_TAGS:
                seat = _DRAW_TAGS.index(tag[0])
                self.events.append(Draw(seat, self.fresh(x), self.kan_pending[seat], at))
                self.kan_pending[seat] = False
                self.last_draw[seat] = (x, len(self.events) - 1)
            else:
                seat = _DISCARD_TAGS.index(tag[0])
                last = self.last_draw[seat]
                tsumogiri = last is not None and last[0] == x and last[1] == len(self.events) - 1
                self.events.append(Discard(seat, self.tile(x), tsumogiri, self.riichi_pending[seat], at))
                self.riichi_pending[seat] = False
        elif tag == "N":
            who = _int(a, "who", 0, 3)
            m = _int(a, "m", 0, 65535)
            kind, ids, taken, source = decode_meld(m, who)
            tiles = tuple(self.tile(x) for x in ids)
            if kind == "kakan":
                source = None           # the record keeps the source on the pon only
            self.events.append(Call(who, kind, tiles, None if taken is None else self.tile(taken), source, at))
            if kind in ("kan", "ankan", "kakan"):
                self.kan_pending[who] = True
        elif tag == "REACH":
            who = _int(a, "who", 0, 3)
            if _int(a, "step", 1, 2) == 1:
                self.riichi_pending[who] = True
        elif tag == "DORA":
            self.events.append(NewDora(self.fresh(_tile_ids(a.get("hai"), "hai")[0]), at))
        elif tag == "AGARI":
            self.results.append(self.agari(a, at))
            self.owari(a)
        elif tag == "RYUUKYOKU":
            kind = _ABORTS.get(a.get("type", ""), "exhaustive")
            if a.get("type") not in (None, *_ABORTS):
                raise ValueError(f"unknown draw type {a.get('type')[:20]!r}")
            self.results.append(Ryuukyoku(kind, self.deltas(a), at))
            self.owari(a)
        else:
            raise ValueError(f"unknown element <{tag[:20]}>")

    def owari(self, a: dict) -> None:
        """The game's last result carries `owari`: each seat's final score and points."""
        if "owari" in a:
            if not re.fullmatch(r"(-?\d{1,7}(\.\d{1,3})?,){7}-?\d{1,7}(\.\d{1,3})?", a["owari"]):
                raise ValueError(f"owari is 4 pairs of final score and points, not {a['owari'][:40]!r}")
            self.ended = True

    def deltas(self, a: dict) -> tuple[int, ...]:
        if "sc" not in a:
            return (0, 0, 0, 0)
        sc = _ints(a.get("sc"), "sc", MAX_POINTS // 100)
        if len(sc) < 8:
            raise ValueError(f"sc has {len(sc)} numbers, not 8")
        return tuple(sc[2 * i + 1] * 100 for i in range(4))

    def agari(self, a: dict, at: str) -> Win:
        who, source = _int(a, "who", 0, 3), _int(a, "fromWho", 0, 3)
        ten = _ints(a.get("ten"), "ten")
        if len(ten) != 3 or not 0 <= ten[2] < len(LIMITS) or not 0 <= ten[1] <= 10 ** 6 or not 0 <= ten[0] <= 200:
            raise ValueError(f"ten is fu,points,limit, not {a.get('ten', '')[:40]!r}")
        yaku: list[tuple[str, int]] = []
        if a.get("yaku"):
            pairs = _ints(a.get("yaku"), "yaku")
            if len(pairs) % 2:
                raise ValueError("yaku is pairs of yaku number and han")
            for y, han in zip(pairs[::2], pairs[1::2]):
                if not 0 <= y < len(YAKU) or not 0 <= han <= 13:
                    raise ValueError(f"yaku {y} with {han} han is out of range")
                yaku.append((YAKU[y][0], han))
        if a.get("yakuman"):
            for y in _ints(a.get("yakuman"), "yakuman"):
                if not 0 <= y < len(YAKU):
                    raise ValueError(f"yakuman {y} is out of range")
                yaku.append((YAKU[y][0], 13))
        hand = tuple(self.tile(x) for x in _tile_ids(a.get("hai"), "hai"))
        machi = self.tile(_tile_ids(a.get("machi"), "machi")[0])
        ura = tuple(self.tile(x) for x in _tile_ids(a.get("doraHaiUra", ""), "doraHaiUra"))
        pao = _int(a, "paoWho", 0, 3) if "paoWho" in a else None
        return Win(who, source, machi, sum(h for _, h in yaku), ten[0], ten[1], ten[2], tuple(yaku),
                   hand, ura, self.deltas(a), pao, at)


def _elements(text: str, path: str | None):
    """The root's child elements in order, read incrementally: the depth, the number of
    elements and of attributes are bounded as they come, and each child is dropped from the
    tree once read, so a hostile file costs little memory."""
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise LogError("an mjlog has no DOCTYPE or entities (refused: entity expansion is unsafe)", path)
    long_tag = re.search(r"<[^<>]{%d}" % MAX_TAG, text)
    if long_tag:
        line = text.count("\n", 0, long_tag.start()) + 1
        raise LogError(f"a tag longer than {MAX_TAG // 1024} KB: not an mjlog", path, f"line {line}")
    parser = ET.XMLPullParser(("start", "end"))
    root = None
    depth = count = 0
    for start in [*range(0, len(text), _CHUNK), None]:
        try:
            if start is not None:
                parser.feed(text[start:start + _CHUNK])
            else:
                parser.close()          # the end: an unclosed element is an error here
            events = list(parser.read_events())
        except ET.ParseError as error:
            line, col = error.position
            raise LogError(f"not well-formed XML ({str(error).split(':')[0]})", path,
                           f"line {line}, column {col}") from None
        for kind, el in events:
            if kind == "start":
                depth += 1
                count += 1
                if root is None:
                    if el.tag != "mjloggm":
                        raise LogError(f"not an mjlog: the root element is <{el.tag[:20]}>, not <mjloggm>", path)
                    root = el
                elif depth > 2:
                    raise LogError("an mjlog's elements hold no elements", path, f"element {count} <{el.tag[:20]}>")
                if count > MAX_ELEMENTS or len(el.attrib) > MAX_ATTRIBUTES:
                    raise LogError(f"more than {MAX_ELEMENTS:,} elements or {MAX_ATTRIBUTES} attributes in one: "
                                   "not an mjlog", path, f"element {count} <{el.tag[:20]}>")
            else:
                depth -= 1
                if depth == 1:
                    yield el
                    root.remove(el)


def parse(text: str, path: str | None = None, cancelled=None) -> GameRecord:
    """A GameRecord from mjlog XML text (LogError naming the element on any problem)."""
    reader = _Reader()
    for i, el in enumerate(_elements(text, path)):
        at = f"element {i + 1} <{el.tag[:20]}>"
        check_cancel(cancelled)
        try:
            reader.element(el, at)
        except LogError as error:
            raise error.located(path, at) from None
        except (ValueError, IndexError, KeyError, TypeError) as error:
            raise LogError(str(error) or type(error).__name__, path, at) from None
    reader.close()
    if not reader.rounds:
        raise LogError("the log holds no round (<INIT>)", path)
    if not reader.rounds[-1].results:
        raise truncated("the round stops without a result (a win or a draw)").located(path, reader.rounds[-1].at)
    if not reader.ended:
        raise truncated("the game does not end (its last result has no final scores, owari)").located(path)
    return GameRecord("mjlog", tuple(reader.players), tuple(reader.rounds))  # type: ignore[arg-type]


# ---- writing ------------------------------------------------------------------------------

class _Ids:
    """Physical tile ids for the Tiles of one round: each tile that appears gets a free id
    of its kind (a red five its own), and a seat's held tiles keep theirs as they move."""

    def __init__(self, red: bool) -> None:
        self.free = {k: [k * 4 + c for c in range(4)] for k in range(34)}
        self.red = red
        if red:
            for x in RED_IDS:
                self.free[x // 4].remove(x)

    def new(self, tile: Tile) -> int:
        if tile.red:
            return RED_IDS[tile.kind // 9]
        return self.free[tile.kind].pop(0)


def _attrs(**kw: object) -> str:
    return " ".join(f'{k}="{v}"' for k, v in kw.items())


def dumps(record: GameRecord) -> str:
    """The mjlog XML of a record (tiles get ids; red fives 16, 52, 88)."""
    out = ['<mjloggm ver="2.3">', '<SHUFFLE seed="" ref=""/>', '<GO type="169" lobby="0"/>',
           "<UN " + _attrs(**{f"n{i}": quote(n, safe="") for i, n in enumerate(record.players)},
                           dan="0,0,0,0", rate="1500.00,1500.00,1500.00,1500.00", sx="M,M,M,M") + "/>",
           '<TAIKYOKU oya="0"/>']
    for i, rnd in enumerate(record.rounds):
        out += _round(rnd, ends_game=i == len(record.rounds) - 1)
    out.append("</mjloggm>")
    return "\n".join(out) + "\n"


def _hundreds(values) -> str:
    return ",".join(str(v // 100) for v in values)


def _round(rnd: Round, ends_game: bool = False) -> list[str]:
    """The elements of one round; the game's last round (`ends_game`) ends with the final scores (owari:
    each seat's score in hundreds and its points, here without uma)."""
    ids = _Ids(True)
    held = [[(t, ids.new(t)) for t in h] for h in rnd.hands]
    dora = ids.new(rnd.dora)
    scores = list(rnd.scores)
    out = ["<INIT " + _attrs(seed=f"{rnd.wind * 4 + rnd.dealer},{rnd.honba},{rnd.sticks},0,0,{dora}",
                             ten=_hundreds(scores), oya=rnd.dealer,
                             **{f"hai{i}": ",".join(str(x) for _, x in h) for i, h in enumerate(held)}) + "/>"]
    last: dict = {}                 # seat -> id of its last draw
    discard_id: int | None = None
    pons: dict = {}                 # (seat, kind) -> (pon ids, taken id, rel)
    riichi_open: int | None = None
    for i, e in enumerate(rnd.events):
        if riichi_open is not None and not isinstance(e, Discard):
            scores[riichi_open] -= 1000
            out.append("<REACH " + _attrs(who=riichi_open, ten=_hundreds(scores), step=2) + "/>")
            riichi_open = None
        if isinstance(e, Draw):
            x = ids.new(e.tile)
            held[e.seat].append((e.tile, x))
            last[e.seat] = x
            out.append(f"<{_DRAW_TAGS[e.seat]}{x}/>")
        elif isinstance(e, Discard):
            if riichi_open is not None:
                scores[riichi_open] -= 1000
                out.append("<REACH " + _attrs(who=riichi_open, ten=_hundreds(scores), step=2) + "/>")
                riichi_open = None
            x = _take(held[e.seat], e.tile, last.get(e.seat) if e.tsumogiri else None)
            if e.riichi:
                out.append("<REACH " + _attrs(who=e.seat, step=1) + "/>")
                riichi_open = e.seat
            out.append(f"<{_DISCARD_TAGS[e.seat]}{x}/>")
            discard_id = x
            last.pop(e.seat, None)
        elif isinstance(e, Call):
            rel = 0 if e.source is None else (e.source - e.seat) % 4
            if e.kind in ("chi", "pon", "kan"):
                rest = list(e.tiles)
                rest.remove(e.tile)
                tile_ids = [discard_id] + [_take(held[e.seat], t) for t in rest]
                m = encode_meld(e.kind, tile_ids, discard_id, rel)
                if e.kind == "pon":
                    pons[(e.seat, e.tiles[0].kind)] = (tile_ids, discard_id, rel)
            elif e.kind == "ankan":
                tile_ids = [_take(held[e.seat], t) for t in e.tiles]
                m = encode_meld("ankan", sorted(tile_ids), None, 0)
            else:
                pon_ids, taken, rel = pons[(e.seat, e.tile.kind)]
                added = _take(held[e.seat], e.tile)
                m = encode_meld("kakan", pon_ids + [added], taken, rel)
                discard_id = added              # a ron on it is a chankan
            out.append("<N " + _attrs(who=e.seat, m=m) + "/>")
        elif isinstance(e, NewDora):
            out.append("<DORA " + _attrs(hai=ids.new(e.tile)) + "/>")
    if riichi_open is not None and not any(isinstance(r, Win) and not r.tsumo for r in rnd.results):
        scores[riichi_open] -= 1000
        out.append("<REACH " + _attrs(who=riichi_open, ten=_hundreds(scores), step=2) + "/>")
    final = [s + sum(r.deltas[q] for r in rnd.results) for q, s in enumerate(scores)]
    owari = ",".join(f"{s // 100},{(s - 30000) / 1000:.1f}" for s in final)
    for n, r in enumerate(rnd.results, 1):
        sc = ",".join(f"{s // 100},{d // 100}" for s, d in zip(scores, r.deltas))
        if isinstance(r, Win):
            hand_ids = [x for _, x in held[r.seat]]
            machi = discard_id if not r.tsumo else last.get(r.seat, hand_ids[-1] if hand_ids else 0)
            if not r.tsumo:
                hand_ids = hand_ids + [discard_id]
            yaku = [(YAKU_ID[k], h) for k, h in r.yaku]
            plain = ",".join(f"{y},{h}" for y, h in yaku if not FIRST_YAKUMAN <= y < YAKU_ID["dora"])
            yakuman = ",".join(str(y) for y, h in yaku if FIRST_YAKUMAN <= y < YAKU_ID["dora"])
            attrs = dict(ba=f"{rnd.honba},{rnd.sticks}", hai=",".join(str(x) for x in sorted(hand_ids)),
                         machi=machi, ten=f"{r.fu or 0},{r.points},{r.limit}")
            if plain:
                attrs["yaku"] = plain
            if yakuman:
                attrs["yakuman"] = yakuman
            if r.ura:
                attrs["doraHaiUra"] = ",".join(str(ids.new(t)) for t in r.ura)
            attrs.update(who=r.seat, fromWho=r.source, sc=sc)
            if r.pao is not None:
                attrs["paoWho"] = r.pao
            if ends_game and n == len(rnd.results):
                attrs["owari"] = owari
            out.append("<AGARI " + _attrs(**attrs) + "/>")
        else:
            code = {v: k for k, v in _ABORTS.items()}.get(r.kind)
            attrs = {"type": code} if code else {}
            attrs.update(ba=f"{rnd.honba},{rnd.sticks}", sc=sc)
            if ends_game and n == len(rnd.results):
                attrs["owari"] = owari
            out.append("<RYUUKYOKU " + _attrs(**attrs) + "/>")
    return out


def _take(hand: list, tile: Tile, prefer: int | None = None) -> int:
    """Remove a held copy of `tile` (the id `prefer` if it is one) and return its id."""
    for i, (t, x) in enumerate(hand):
        if t == tile and (prefer is None or x == prefer):
            del hand[i]
            return x
    if prefer is not None:
        return _take(hand, tile)
    raise LogError(f"cannot write the log: {tile.name} is not held")


assert len(DRAW_KINDS) == 1 + len(_ABORTS)
