"""Reading a game log file: size and decompression limits, text decoding, format detection
from the content (never the file name), the format's reader, then a replay of every round
that refuses impossible play.  Every problem is one LogError naming the file and the place.
"""
from __future__ import annotations

import json
import os
import re
import zlib

from mjgui.logs import mjai, mjlog, tenhou6
from mjgui.logs.record import (MAX_ROUNDS, Call, Discard, Draw, GameRecord, LogError, NewDora, Ryuukyoku, Win,
                               check_cancel, truncated)
from mjgui.logs.table import LIVE_WALL, Table
from mjgui.regular_file import NotRegularFile, read_regular

__all__ = ["MAX_BYTES", "MAX_DEPTH", "FORMATS", "load", "loads", "detect", "check_json_depth", "check_record"]

MAX_BYTES = 20 * 1024 * 1024       # a hanchan is well under 1 MB; more is not a game log
MAX_DEPTH = 12                     # tenhou.net/6 needs 5 levels, mjai 3
FORMATS = ("mjlog", "tenhou6", "mjai")
_GZIP_MAGIC = b"\x1f\x8b"


def _gunzip(data: bytes, path: str | None) -> bytes:
    """Decompress in bounded steps: a file expanding past MAX_BYTES is refused before it
    is held in memory (a decompression bomb costs at most MAX_BYTES)."""
    d = zlib.decompressobj(wbits=47)       # gzip or zlib header
    out = bytearray()
    try:
        chunk = d.decompress(data, MAX_BYTES + 1)
        out += chunk
        while d.unconsumed_tail and len(out) <= MAX_BYTES:
            out += d.decompress(d.unconsumed_tail, MAX_BYTES + 1 - len(out))
    except zlib.error as error:
        raise LogError(f"a damaged gzip file ({error})", path) from None
    if len(out) > MAX_BYTES:
        raise LogError(f"the log expands past {MAX_BYTES // (1024 * 1024)} MB when decompressed: "
                       "not a game log", path)
    if not d.eof:
        raise LogError("a truncated gzip file", path)
    return bytes(out)


def check_json_depth(text: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH before json.loads recurses into it."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise LogError(f"JSON nested more than {MAX_DEPTH} levels deep: not a game log")
        elif ch in "]}":
            depth -= 1


def detect(text: str) -> str:
    """"mjlog", "tenhou6" or "mjai" from the content; LogError when it is none of them."""
    head = text.lstrip()[:2000]
    if head.startswith("<"):
        # anywhere: whitespace, a comment or an XML declaration may come first (the parser
        # then checks that <mjloggm> is the root)
        if re.search(r"<mjloggm[\s/>]", text):
            return "mjlog"
        raise LogError("XML, but not a tenhou mjlog (no <mjloggm> root)")
    if head.startswith("{"):
        first = head.split("\n", 1)[0]
        if '"type"' in first and '"log"' not in first:
            return "mjai"
        return "tenhou6"
    raise LogError("not a game log: expected tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines")


def _parse_int(digits: str) -> int:
    if len(digits) > 12:
        raise LogError(f"a number with {len(digits)} digits: not a game log")
    return int(digits)


def loads(data: bytes | str, path: str | None = None, cancelled=None) -> GameRecord:
    """A validated GameRecord from a log's bytes (gzip or plain) or text.  `cancelled()` is
    asked as the reading goes on and stops it with `Cancelled`."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise LogError(f"the file is too big ({len(data):,} bytes; at most {MAX_BYTES:,})", path)
        if data[:2] == _GZIP_MAGIC:
            data = _gunzip(data, path)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise LogError(f"not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start})", path) from None
    else:
        if len(text := data) > MAX_BYTES:
            raise LogError(f"the text is too long ({len(text):,} characters)", path)
        text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise LogError("binary data (NUL bytes): not a game log", path)
    try:
        kind = detect(text)
    except LogError as error:
        raise error.located(path) from None
    check_cancel(cancelled)
    if kind == "mjlog":
        record = mjlog.parse(text, path, cancelled)
    elif kind == "mjai":
        record = mjai.parse(text, path, cancelled)
    else:
        try:
            check_json_depth(text)
            data_ = json.loads(text, parse_int=_parse_int)
        except LogError as error:
            raise error.located(path) from None
        except json.JSONDecodeError as error:
            raise LogError(f"not JSON ({error.msg})", path, f"line {error.lineno}, column {error.colno}") from None
        except (ValueError, RecursionError) as error:
            raise LogError(f"not readable JSON ({type(error).__name__})", path) from None
        record = tenhou6.parse(data_, path, cancelled)
    check_record(record, path, cancelled)
    return record


def check_record(record: GameRecord, path: str | None = None, cancelled=None) -> None:
    """Play every round and refuse an impossible event or result (LogError naming it): a
    tsumo must follow the winner's draw, a ron the dealer-in's discard (or added quad), with
    the tile the log names; a round without a result, or with a draw its play does not
    explain (an exhaustive draw before the wall is empty), is a truncated file."""
    if len(record.rounds) > MAX_ROUNDS:
        raise LogError(f"{len(record.rounds)} rounds: a game has at most {MAX_ROUNDS}", path)
    for i, rnd in enumerate(record.rounds):
        check_cancel(cancelled)
        where = f"round {i + 1} ({rnd.name}-{rnd.honba})"
        try:
            table = Table(rnd, where)
            for j, event in enumerate(rnd.events):
                table.apply(event, j)
            # the dora an open or added quad turns over comes after the rinshan discard, which
            # may be ronned: the indicator is no action of a player
            last = next((e for e in reversed(rnd.events) if not isinstance(e, NewDora)), None)
            if not rnd.results:
                raise truncated("the round stops without a result (a win or a draw)")
            for r in rnd.results:
                if isinstance(r, Win):
                    _check_win(r, last)
                else:
                    _check_draw(r, table, rnd.events, last)
        except LogError as error:
            raise error.located(path, where) from None


def _check_win(win: Win, last: object) -> None:
    if win.tsumo:
        ok = isinstance(last, Draw) and last.seat == win.seat
        what = "a tsumo that does not follow the winner's draw"
    else:
        ok = ((isinstance(last, Discard) or (isinstance(last, Call) and last.kind == "kakan"))
              and last.seat == win.source)
        what = f"a ron on seat {win.source}, who did not just discard"
    if not ok:
        raise LogError(what, at=win.at)
    if last.tile is not None and last.tile != win.tile:
        raise LogError(f"the winning tile {win.tile.name} is not the tile just played "
                       f"({last.tile.name})", at=win.at)


def _check_draw(r: Ryuukyoku, table: Table, events: tuple, last: object) -> None:
    """A draw the round's play explains: an exhaustive draw (and nagashi mangan) once the wall
    is empty; an abortive draw at the moment its rule names."""
    def seats_riichi() -> int:
        return sum(s.riichi_at is not None for s in table.seats)
    discards = [e for e in events if isinstance(e, Discard)]
    if r.kind in ("exhaustive", "nagashi-mangan"):
        ok = table.wall_empty() and isinstance(last, Discard)
        what = f"an exhaustive draw after {table.total_draws} of the wall's {LIVE_WALL} draws"
    elif r.kind == "nine-terminals":
        ok = (isinstance(last, Draw) and not table.seats[last.seat].pond and table.calls_made == 0)
        what = "nine terminals declared, but not on a first draw before any call"
    elif r.kind == "four-riichi":
        ok = isinstance(last, Discard) and seats_riichi() == 4
        what = f"a four-riichi draw with {seats_riichi()} seats in riichi"
    elif r.kind == "four-winds":
        ok = (len(discards) == 4 and table.calls_made == 0 and 27 <= discards[0].tile.kind <= 30
              and len({d.tile.kind for d in discards}) == 1)
        what = "a four-winds draw, but the first four discards are not one wind"
    elif r.kind == "four-kans":
        kans = sum(isinstance(e, Call) and e.kind in ("kan", "ankan", "kakan") for e in events)
        ok = kans >= 4 and isinstance(last, Discard)
        what = f"a four-kans draw after {kans} quads"
    else:                           # triple ron: on a discard or an added quad
        ok = isinstance(last, Discard) or (isinstance(last, Call) and last.kind == "kakan")
        what = "a triple-ron draw, but nobody just discarded"
    if not ok:
        raise truncated(what) if r.kind == "exhaustive" else LogError(what, at=r.at)


def load(path: str | os.PathLike, cancelled=None) -> GameRecord:
    """Read and validate a game log file (LogError on any problem, I/O included).  A FIFO, a
    device or a folder is refused before it is opened (reading one would wait for ever)."""
    name = os.fspath(path)
    try:
        data, size = read_regular(path, MAX_BYTES)
    except NotRegularFile:
        raise LogError("not a regular file", name) from None
    except OSError as error:
        raise LogError(f"cannot read the file: {error.strerror or error}", name) from None
    if size > MAX_BYTES:
        raise LogError(f"the file is too big ({size:,} bytes; at most {MAX_BYTES:,})", name)
    return loads(data, name, cancelled)
