"""Reading a game log file: size and decompression limits, text decoding, format detection
from the content (never the file name), the format's reader, then a replay of every round
that refuses impossible play.  Every problem is one LogError naming the file and the place.
"""
from __future__ import annotations

import json
import os
import stat
import zlib

from mjgui.logs import mjai, mjlog, tenhou6
from mjgui.logs.record import Call, Discard, Draw, GameRecord, LogError, NewDora, Win
from mjgui.logs.table import Table

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
        if "<mjloggm" in text[:4096]:
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


def loads(data: bytes | str, path: str | None = None) -> GameRecord:
    """A validated GameRecord from a log's bytes (gzip or plain) or text."""
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
    if kind == "mjlog":
        record = mjlog.parse(text, path)
    elif kind == "mjai":
        record = mjai.parse(text, path)
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
        record = tenhou6.parse(data_, path)
    check_record(record, path)
    return record


def check_record(record: GameRecord, path: str | None = None) -> None:
    """Play every round and refuse an impossible event or result (LogError naming it): a
    tsumo must follow the winner's draw, a ron the dealer-in's discard (or added quad), with
    the tile the log names."""
    for i, rnd in enumerate(record.rounds):
        where = f"round {i + 1} ({rnd.name}-{rnd.honba})"
        try:
            table = Table(rnd, where)
            for j, event in enumerate(rnd.events):
                table.apply(event, j)
            # the dora an open or added quad turns over comes after the rinshan discard, which
            # may be ronned: the indicator is no action of a player
            last = next((e for e in reversed(rnd.events) if not isinstance(e, NewDora)), None)
            for r in rnd.results:
                if isinstance(r, Win):
                    _check_win(r, last)
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


def load(path: str | os.PathLike) -> GameRecord:
    """Read and validate a game log file (LogError on any problem, I/O included)."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise LogError("not a regular file", name)
            if info.st_size > MAX_BYTES:
                raise LogError(f"the file is too big ({info.st_size:,} bytes; at most {MAX_BYTES:,})", name)
            data = f.read(MAX_BYTES + 1)
    except OSError as error:
        raise LogError(f"cannot read the file: {error.strerror or error}", name) from None
    return loads(data, name)
