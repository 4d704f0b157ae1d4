"""Reading and writing the three log formats: hand-written literal logs pin the readers to
the real formats; simulated games round-trip through every writer; hostile files give one
clear LogError."""
from __future__ import annotations

import gzip
import json
from dataclasses import replace

import pytest

from logs_literal import MJAI, MJLOG, TENHOU6
from logsim import simulate
from mjgui.logs import mjai, mjlog, tenhou6
from mjgui.logs.load import MAX_BYTES, load, loads
from mjgui.logs.record import Call, Discard, Draw, LogError, Win
from mjgui.tiles import Tile, parse_tiles


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


# ---- the literal logs --------------------------------------------------------------------

@pytest.mark.parametrize("text,fmt", [(MJLOG, "mjlog"), (TENHOU6, "tenhou6"), (MJAI, "mjai")])
def test_literal_logs_read_as_written(text, fmt):
    record = loads(text.encode())
    assert record.format == fmt
    assert record.players == ("Ann", "あ", "C", "D")           # mjlog's names are URL-encoded
    (rnd,) = record.rounds
    assert (rnd.wind, rnd.dealer, rnd.honba, rnd.sticks) == (0, 0, 0, 0)
    assert rnd.scores == (25000,) * 4
    assert rnd.dora == Tile.from_name("1z")
    assert sorted(rnd.hands[1]) == sorted(tiles("234567m234p5567s"))
    assert sorted(rnd.hands[0]) == sorted(tiles("1147m258p369s1z33z"))
    e = rnd.events
    assert e[0] == Draw(0, Tile.from_name("5z"))
    assert e[1] == Discard(0, Tile.from_name("1z"), tsumogiri=False, riichi=False)
    assert e[2] == Draw(1, Tile.from_name("9m"))
    assert e[3] == Discard(1, Tile.from_name("9m"), tsumogiri=True, riichi=True)
    assert e[4] == Call(2, "pon", tiles("999m"), Tile.from_name("9m"), source=1)
    assert e[5] == Discard(2, Tile.from_name("5z"))
    assert e[6:8] == (Draw(3, Tile.from_name("1s")), Discard(3, Tile.from_name("1s"), tsumogiri=True))
    assert e[8:] == (Draw(0, Tile.from_name("8s")), Discard(0, Tile.from_name("8s"), tsumogiri=True))
    (win,) = rnd.results
    assert (win.seat, win.source, win.tile) == (1, 0, Tile.from_name("8s"))
    assert (win.han, win.fu, win.points, win.limit) == (4, 30, 7700, 0)
    assert dict(win.yaku) == {"double-riichi": 2, "pinfu": 1, "tanyao": 1}
    assert win.deltas == (-7700, 8700, 0, 0)
    if fmt != "tenhou6":                        # tenhou.net/6 does not write the winning hand
        assert win.hand == tuple(sorted(tiles("234567m234p55678s")))
    assert win.ura == (Tile.from_name("4z"),)


def test_meld_numbers_follow_the_documented_bit_layout():
    # pon of 9m (kind 8) from the left: copy 35 unused, the called tile 34 is the third
    assert decode(13419, 2) == ("pon", [32, 33, 34], 34, 1)
    # chi 1m2m3m calling the 2m from the left: base 0, called index 1, copies 0
    assert decode((1 << 10) | 0x4 | 3, 1) == ("chi", [0, 4, 8], 4, 0)
    # chi 7s8s9s (base kind 24 -> code 2*7+6 = 20), calling 9s copy 3, from the left
    m = ((20 * 3 + 2) << 10) | (1 << 3) | (2 << 5) | (3 << 7) | 0x4 | 3
    assert decode(m, 0) == ("chi", [97, 102, 107], 107, 3)
    # open quad of 5z (id 125) from across; closed quad of 5z
    assert decode(125 << 8 | 2, 0) == ("kan", [124, 125, 126, 127], 125, 2)
    assert decode(124 << 8, 3) == ("ankan", [124, 125, 126, 127], None, None)
    # added quad: the pon of 1z (ids 108, 109, 111 called 109 from the right) grown by 110
    m = ((27 * 3 + 1) << 9) | (2 << 5) | 0x10 | 1
    assert decode(m, 0) == ("kakan", [108, 109, 111, 110], 110, 1)


def decode(m: int, who: int):
    return mjlog.decode_meld(m, who)


@pytest.mark.parametrize("kind,ids,taken,rel", [
    ("chi", [0, 4, 8], 4, 3), ("chi", [97, 102, 107], 107, 3), ("pon", [32, 33, 34], 34, 3),
    ("pon", [125, 126, 127], 125, 1), ("kan", [124, 125, 126, 127], 126, 2)])
def test_encode_meld_inverts_decode(kind, ids, taken, rel):
    m = mjlog.encode_meld(kind, ids, taken, rel)
    got = mjlog.decode_meld(m, 0)
    assert got[0] == kind and sorted(got[1]) == sorted(ids) and got[2] == taken and got[3] == rel


@pytest.mark.parametrize("text,seat,expect", [
    ("c275226", 1, ("chi", "067p", "7p", 0)),
    ("p414141", 0, ("pon", "111z", "1z", 3)), ("41p4141", 0, ("pon", "111z", "1z", 2)),
    ("4141p41", 0, ("pon", "111z", "1z", 1)),
    ("m39393939", 2, ("kan", "9999s", "9s", 1)), ("39m393939", 2, ("kan", "9999s", "9s", 0)),
    ("393939m39", 2, ("kan", "9999s", "9s", 3)),
    ("424242a42", 1, ("ankan", "2222z", None, None)),
])
def test_tenhou6_call_strings(text, seat, expect):
    call = tenhou6.parse_call(text, seat)
    kind, meld, taken, source = expect
    assert call.kind == kind and call.tiles == tuple(sorted(tiles(meld)))
    assert call.tile == (None if taken is None else Tile.from_name(taken)) and call.source == source
    if kind != "ankan":
        assert tenhou6.call_text(call) == text


def test_the_three_literals_are_the_same_game():
    records = [loads(t.encode()) for t in (MJLOG, TENHOU6, MJAI)]
    first = records[0].rounds[0]
    for other in records[1:]:
        rnd = other.rounds[0]
        assert rnd.events == first.events
        assert replace(rnd, events=(), results=()) == replace(first, events=(), results=())


def test_gzip_logs_are_read():
    plain = loads(MJLOG.encode())
    assert loads(gzip.compress(MJLOG.encode())) == plain


# ---- simulated games round-trip --------------------------------------------------------------

def _writers(record):
    yield "mjlog", mjlog.dumps(record)
    yield "tenhou6", json.dumps(tenhou6.to_json(record), ensure_ascii=False)
    yield "mjai", mjai.dumps(record)


def _without_unwritten(win: Win) -> Win:
    """What tenhou.net/6 leaves out: the winning hand, and the fu of limit hands."""
    return replace(win, hand=(), fu=None if win.limit else win.fu)


# 31: kokushi, 35: chankan, 41: rinshan, 2033: a ron on the discard after an open quad, whose new
# dora indicator comes after that discard
@pytest.mark.parametrize("seed", [*range(6), 31, 35, 41, 2033])
def test_simulated_games_round_trip(seed, tmp_path):
    record = simulate(seed)
    assert sum(isinstance(e, Call) for r in record.rounds for e in r.events) > 0
    for fmt, text in _writers(record):
        path = tmp_path / f"game-{fmt}.log"
        path.write_text(text, encoding="utf-8")
        back = load(path)
        assert back.format == fmt and back.players == record.players
        for a, b in zip(record.rounds, back.rounds, strict=True):
            assert b.events == a.events
            assert replace(b, events=(), results=()) == replace(a, events=(), results=())
            if fmt == "tenhou6":
                assert b.results == tuple(_without_unwritten(r) if isinstance(r, Win) else r for r in a.results)
            else:
                assert b.results == a.results


def test_the_simulator_makes_every_kind_of_event():
    kinds = set()
    for seed in range(12):
        for rnd in simulate(seed).rounds:
            kinds |= {e.kind for e in rnd.events if isinstance(e, Call)}
            kinds |= {"riichi" for e in rnd.events if isinstance(e, Discard) and e.riichi}
            kinds |= {"tsumo" if r.tsumo else "ron" for r in rnd.results if isinstance(r, Win)}
    assert kinds >= {"chi", "pon", "kan", "ankan", "kakan", "riichi", "tsumo", "ron"}


# ---- hostile files -----------------------------------------------------------------------------

def _error(data, match: str) -> LogError:
    with pytest.raises(LogError, match=match) as info:
        loads(data if isinstance(data, bytes) else data.encode(), "game.log")
    assert "game.log" in str(info.value)
    return info.value


def test_truncated_mjlog_names_the_line():
    cut = MJLOG[:MJLOG.index("<N who")]
    error = _error(cut, "not well-formed XML")
    assert "line" in str(error)


def test_mjlog_bad_records_name_the_element():
    error = _error(MJLOG.replace("<T125/>", "<T999/>"), "out of range")
    assert "element 6 <T999>" in str(error)
    _error(MJLOG.replace('<N who="2" m="13419" />', '<N who="2" m="abc" />'), "m is not a number")
    _error(MJLOG.replace("<T125/>", "<T116/>"), "tile 116 turns up twice")
    _error(MJLOG.replace("<U34/>", "<X34/>"), "unknown element <X34>")


def test_three_player_logs_are_refused():
    _error(MJLOG.replace('<GO type="169"', '<GO type="185"'), "three-player logs are not supported")
    _error(TENHOU6.replace('"name":["Ann","あ","C","D"]', '"name":["Ann","あ","C"]'), "three-player")
    _error(MJAI.replace('"names":["Ann","あ","C","D"]', '"names":["Ann","あ","C"]'), "three-player")
    # tenhou.net/6 of a three-player game: four names (the last empty) but a three-player rule
    _error(TENHOU6.replace('"disp":"四般東喰赤"', '"disp":"三般東喰赤"'), "three-player")


def test_foreign_files_are_refused():
    _error(b"\x89PNG\r\n\x1a\n\x00\x00", "binary data|not UTF-8|not a game log")
    _error("hello, world", "not a game log")
    _error("<html><body/></html>", "not a tenhou mjlog")
    _error('{"something": 1}', "not a tenhou.net/6 log")
    _error(b"\xff\xfe<\x00", "not UTF-8")


def test_decompression_bombs_and_big_files_are_refused():
    _error(gzip.compress(b" " * (MAX_BYTES + 1000)), "expands past")
    _error(b"x" * (MAX_BYTES + 1), "too big")
    _error(gzip.compress(MJLOG.encode())[:-12], "truncated gzip|damaged gzip")


def test_deep_json_and_entities_are_refused():
    _error('{"log": ' + "[" * 5000 + "]" * 5000 + "}", "nested more than")
    _error('{"type": "start_game", "x": ' + "[" * 5000 + "]" * 5000 + "}", "nested more than")
    _error('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>', "DOCTYPE")


def test_impossible_play_is_refused_with_its_place():
    lines = MJAI.splitlines()
    bad = "\n".join(lines[:3] + [lines[3].replace('"pai":"E"', '"pai":"9p"')] + lines[4:])
    error = _error(bad, "discards 9p, which it does not hold")
    assert "line 4" in str(error)
    fifth = MJAI.replace('["3m","8m","8m"', '["1m","1m","8m"').replace(
        '{"type":"tsumo","actor":0,"pai":"P"}', '{"type":"tsumo","actor":0,"pai":"1m"}')
    error = _error(fifth, "a fifth 1m")
    assert "line 3" in str(error)
    _error(TENHOU6.replace('[19],["r60"]', '[19],["r60",12]'), "go on after the play ends")
    _error(TENHOU6.replace('"p191919"', '"p191918"'), "pon of 8m9m9m is not three copies of one tile")
    _error(MJAI.replace('"type":"pon","actor":2,"target":1', '"type":"pon","actor":2,"target":3'),
           "but seat 1 discarded last")


def test_impossible_results_are_refused():
    _error(TENHOU6.replace('[1,0,1,"30符4飜7700点"', '[1,2,1,"30符4飜7700点"'), "a ron on seat 2, who did not just discard")
    _error(MJAI.replace('"type":"hora","actor":1,"target":0,"pai":"8s"', '"type":"hora","actor":1,"target":0,"pai":"5s"'),
           "the winning tile 5s is not the tile just played")
    _error(MJLOG.replace('who="1" fromWho="0"', 'who="1" fromWho="1"'), "a tsumo that does not follow")


def test_bad_types_are_refused():
    _error(MJAI.replace('"kyoku":1', '"kyoku":"1"'), "kyoku must be a whole number")
    _error(TENHOU6.replace("[0,0,0],[25000", '["0",0,0],[25000'), "round number")
    _error(MJAI.replace('"pai":"8s","tsumogiri":true', '"pai":"0s","tsumogiri":true'), "not a tile")
    _error(TENHOU6.replace("[41],[44]", "[99],[44]"), "99 is not a tile")


def test_missing_file_is_one_error(tmp_path):
    with pytest.raises(LogError, match="cannot read the file"):
        load(tmp_path / "nope.mjlog")
    with pytest.raises(LogError, match="not a regular file|cannot read the file"):
        load(tmp_path)
