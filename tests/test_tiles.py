"""Tests for mjgui.tiles: tiles, mpsz / Unicode notation, counts, tenhou URLs."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from mjgui.tiles import (
    HONOR_NAMES_EN, HONOR_NAMES_JA, KIND_NAMES, N_KINDS, RED_FIVE_KINDS, YAOCHU_KINDS,
    Tile, TileError, counts, format_tiles, from_counts, is_yaochu_kind, kind_of,
    parse_counts, parse_tenhou_url, parse_tiles, suit_of, tenhou_url, to_unicode,
)


# ---------------------------------------------------------------- constants / Tile

def test_constants() -> None:
    assert N_KINDS == 34 == len(KIND_NAMES)
    assert KIND_NAMES[0] == "1m" and KIND_NAMES[8] == "9m"
    assert KIND_NAMES[9] == "1p" and KIND_NAMES[18] == "1s"
    assert KIND_NAMES[27] == "1z" and KIND_NAMES[33] == "7z"
    assert [KIND_NAMES[k] for k in YAOCHU_KINDS] == [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert [KIND_NAMES[k] for k in RED_FIVE_KINDS] == ["5m", "5p", "5s"]
    assert HONOR_NAMES_EN == ("East", "South", "West", "North", "White", "Green", "Red")
    assert HONOR_NAMES_JA == ("東", "南", "西", "北", "白", "發", "中")


def test_tile_properties() -> None:
    red = Tile(13, True)
    assert red.name == "0p" and red.plain_name == "5p" and str(red) == "0p"
    assert red.suit == "p" and red.number == 5
    assert not red.is_honor and not red.is_terminal and not red.is_yaochu
    nine_s = Tile.from_name("9s")
    assert nine_s.kind == 26 and nine_s.is_terminal and nine_s.is_yaochu
    east = Tile.from_name("1z")
    assert east.suit == "z" and east.number == 1 and east.is_honor
    assert not east.is_terminal and east.is_yaochu
    assert Tile.from_name("0m") == Tile(4, red=True)
    assert Tile.from_name("5m") != Tile.from_name("0m")
    assert all(Tile(k).is_yaochu == (k in YAOCHU_KINDS) for k in range(N_KINDS))
    assert [Tile(k).name for k in range(N_KINDS)] == list(KIND_NAMES)


def test_tile_sorting_and_hash() -> None:
    tiles = [Tile(5), Tile(4, True), Tile(4), Tile(0)]
    assert sorted(tiles) == [Tile(0), Tile(4), Tile(4, True), Tile(5)]
    assert len({Tile(4), Tile(4), Tile(4, True)}) == 2


@pytest.mark.parametrize("kind, red, token", [
    (34, False, "34"), (-1, False, "-1"), (3, True, "4m"), (27, True, "1z"), ("1", False, "'1'"),
])
def test_tile_validation(kind: object, red: bool, token: str) -> None:
    with pytest.raises(TileError) as e:
        Tile(kind, red)  # type: ignore[arg-type]
    assert token in str(e.value)


def test_unicode_chars() -> None:
    assert Tile.from_name("1m").unicode == "\U0001F007"
    assert Tile.from_name("9m").unicode == "\U0001F00F"
    assert Tile.from_name("1p").unicode == "\U0001F019"
    assert Tile.from_name("9p").unicode == "\U0001F021"
    assert Tile.from_name("1s").unicode == "\U0001F010"
    assert Tile.from_name("9s").unicode == "\U0001F018"
    assert [Tile(k).unicode for k in range(27, 34)] == [
        "\U0001F000", "\U0001F001", "\U0001F002", "\U0001F003",
        "\U0001F006", "\U0001F005", "\U0001F004"]
    assert Tile.from_name("0s").unicode == Tile.from_name("5s").unicode
    assert len({Tile(k).unicode for k in range(N_KINDS)}) == N_KINDS


def test_kind_helpers() -> None:
    assert kind_of("5m") == kind_of("0m") == 4
    assert kind_of("0p") == 13 and kind_of("0s") == 22 and kind_of("7z") == 33
    assert [suit_of(k) for k in (0, 8, 9, 17, 18, 26, 27, 33)] == list("mmppsszz")
    assert is_yaochu_kind(0) and is_yaochu_kind(31) and not is_yaochu_kind(1)
    for bad in ("", "5", "m5", "55m", "8z", "0z", "5x", 5):
        with pytest.raises(TileError):
            kind_of(bad)  # type: ignore[arg-type]
    with pytest.raises(TileError, match="34"):
        suit_of(34)
    with pytest.raises(TileError, match="-1"):
        is_yaochu_kind(-1)


# ---------------------------------------------------------------- parse / format

def names(tiles: list[Tile]) -> list[str]:
    return [t.name for t in tiles]


def test_parse_examples() -> None:
    assert parse_tiles("") == []
    assert names(parse_tiles("123m456p789s11z")) == [
        "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"]
    assert parse_tiles("0m") == [Tile(4, True)]
    assert names(parse_tiles("1m1m")) == ["1m", "1m"]
    assert names(parse_tiles("31m2p")) == ["3m", "1m", "2p"]     # written order kept
    assert names(parse_tiles("123m 456p")) == ["1m", "2m", "3m", "4p", "5p", "6p"]
    assert names(parse_tiles(" 0p5p0s ")) == ["0p", "5p", "0s"]
    assert parse_tiles("5550m") == [Tile(4)] * 3 + [Tile(4, True)]


def test_format_examples() -> None:
    assert format_tiles([]) == ""
    assert format_tiles(parse_tiles("0m321m11z654p")) == "1230m456p11z"
    assert format_tiles(parse_tiles("0m5m6m4m")) == "4506m"
    assert format_tiles(parse_tiles("7z1z1m9s")) == "1m9s17z"
    assert format_tiles(parse_tiles("1m2p1m"), sort=False) == "1m2p1m"
    assert format_tiles(parse_tiles("21m0p"), sort=False) == "21m0p"
    assert format_tiles(parse_tiles("123m456p789s11z")) == "123m456p789s11z"


def test_counts_roundtrip() -> None:
    c = parse_counts("1230m456p11z")
    assert len(c) == 34 and sum(c) == 9
    assert c[4] == 1 and c[27] == 2 and c[12] == 1
    assert counts(parse_tiles("550m")) == parse_counts("555m")
    assert from_counts(c) == parse_tiles("1235m456p11z")
    assert format_tiles(from_counts(parse_counts("0m0p0s"))) == "5m5p5s"
    assert from_counts([0] * 34) == []


@pytest.mark.parametrize("bad, token", [
    ([0] * 33, "33"),
    ([5] + [0] * 33, "1m"),
    ([0] * 33 + [-1], "7z"),
    ([0] * 9 + [1.5] + [0] * 24, "1p"),
    ([0] * 9 + [True] + [0] * 24, "index 9"),
])
def test_from_counts_errors(bad: list, token: str) -> None:
    with pytest.raises(TileError) as e:
        from_counts(bad)
    assert token in str(e.value)


@pytest.mark.parametrize("text, tokens", [
    ("12x3m", ["'x'", "position 3", "12x3m"]),
    ("123", ["'123'", "no suit letter"]),
    ("123m45", ["'45'", "no suit letter"]),
    ("8z", ["'8z'", "1z-7z"]),
    ("1239z", ["'9z'"]),
    ("0z", ["'0z'", "0m, 0p, 0s"]),
    ("11111m", ["5 copies of 1m", "at most 4"]),
    ("5m55m0m5m", ["5 copies of 5m"]),
    ("00m", ["2 red fives 0m", "only one"]),
    ("0s5s0s", ["red fives 0s"]),
    ("m", ["'m'", "position 1", "no digits"]),
    ("12mm", ["'m'", "position 4"]),
    ("12M", ["'M'", "position 3"]),
    ("1\u00b2m", ["'\u00b2'", "position 2"]),          # superscript two is not a digit
    ("\U0001F02A", ["U+1F02A", "position 1"]),            # tile back
    ("\U0001F022", ["U+1F022"]),                           # flower
    ("12\U0001F007", ["'12'", "position 3"]),              # digits before a Unicode tile
])
def test_parse_errors(text: str, tokens: list[str]) -> None:
    with pytest.raises(TileError) as e:
        parse_tiles(text)
    for token in tokens:
        assert token in str(e.value)


def test_exact_messages() -> None:
    cases = {
        "123": "digits '123' at the end have no suit letter (m, p, s or z)",
        "8z": "'8z' is not a tile: honours are 1z-7z",
        "0z": "'0z' is not a tile: only 0m, 0p, 0s (red fives) exist",
        "11111m": "5 copies of 1m: at most 4 exist",
        "00m": "2 red fives 0m: only one exists",
        "12x3m": "unexpected character 'x' at position 3 in '12x3m'",
    }
    for text, msg in cases.items():
        with pytest.raises(TileError) as e:
            parse_tiles(text)
        assert str(e.value) == msg


def test_tile_error_is_value_error() -> None:
    with pytest.raises(ValueError):
        parse_tiles("1x")


# ---------------------------------------------------------------- Unicode

def test_unicode() -> None:
    hand = parse_tiles("123m456p789s1234567z")
    u = to_unicode(hand)
    assert u == ("\U0001F007\U0001F008\U0001F009\U0001F01C\U0001F01D\U0001F01E"
                 "\U0001F016\U0001F017\U0001F018"
                 "\U0001F000\U0001F001\U0001F002\U0001F003\U0001F006\U0001F005\U0001F004")
    assert parse_tiles(u) == hand
    assert to_unicode(parse_tiles("2m1m"), sort=False) == "\U0001F008\U0001F007"
    # mixed notation, spaces and emoji variation selectors are fine
    assert names(parse_tiles("12m \U0001F009 \U0001F004\ufe0f")) == ["1m", "2m", "3m", "7z"]
    # red fives have no Unicode character of their own
    assert parse_tiles(to_unicode(parse_tiles("0m"))) == [Tile(4)]
    with pytest.raises(TileError, match="5 copies of 1z"):
        parse_tiles("\U0001F000" * 5)
    with pytest.raises(TileError, match="5 copies of 1m"):
        parse_tiles("1111m\U0001F007")


# ---------------------------------------------------------------- tenhou URLs

def test_tenhou_url() -> None:
    hand = parse_tiles("0m321m11z654p")
    url = tenhou_url(hand)
    assert url == "https://tenhou.net/2/?q=1230m456p11z"
    assert parse_tenhou_url(url) == sorted(hand)
    assert names(parse_tenhou_url("http://tenhou.net/2/?q=123m%2045p&x=1")) == [
        "1m", "2m", "3m", "4p", "5p"]
    assert names(parse_tenhou_url("https://tenhou.net/2/?foo=bar&q=0s")) == ["0s"]
    assert names(parse_tenhou_url("https://tenhou.net/2/#q=11z")) == ["1z", "1z"]
    assert parse_tenhou_url("https://tenhou.net/2/?q=") == []


@pytest.mark.parametrize("url, token", [
    ("https://tenhou.net/2/", "q="),
    ("https://tenhou.net/2/?qq=123m", "q="),
    ("https://tenhou.net/2/?q=8z", "'8z'"),
    ("http://[tenhou", "http://[tenhou"),
])
def test_tenhou_url_errors(url: str, token: str) -> None:
    with pytest.raises(TileError) as e:
        parse_tenhou_url(url)
    assert token in str(e.value)


# ---------------------------------------------------------------- properties

@st.composite
def tile_multisets(draw: st.DrawFn) -> list[Tile]:
    c = draw(st.lists(st.integers(0, 4), min_size=N_KINDS, max_size=N_KINDS))
    tiles = from_counts(c)
    for k in RED_FIVE_KINDS:
        if c[k] and draw(st.booleans()):
            tiles[tiles.index(Tile(k))] = Tile(k, True)
    return draw(st.permutations(tiles))


@given(tile_multisets())
def test_format_parse_roundtrip(tiles: list[Tile]) -> None:
    s = format_tiles(tiles)
    assert parse_tiles(s) == sorted(tiles)
    assert format_tiles(parse_tiles(s)) == s
    assert parse_tiles(format_tiles(tiles, sort=False)) == tiles
    assert parse_tenhou_url(tenhou_url(tiles)) == sorted(tiles)
    assert counts(parse_tiles(s)) == counts(tiles)


@given(tile_multisets())
def test_unicode_roundtrip(tiles: list[Tile]) -> None:
    plain = [Tile(t.kind) for t in tiles]
    assert parse_tiles(to_unicode(tiles)) == sorted(plain)
    assert parse_tiles(to_unicode(tiles, sort=False)) == plain


_ALPHABET = st.one_of(
    st.sampled_from("0123456789mpsz xM\t\u00b2\ufe0f"),
    st.characters(min_codepoint=0x1F000, max_codepoint=0x1F02F),
    st.characters(),
)


@given(st.text(_ALPHABET, max_size=30))
def test_parse_never_crashes(text: str) -> None:
    try:
        result = parse_tiles(text)
    except TileError:
        return
    assert isinstance(result, list) and all(isinstance(t, Tile) for t in result)
    assert max(counts(result), default=0) <= 4
    assert parse_tiles(format_tiles(result)) == sorted(result)


@given(st.text(max_size=40))
def test_parse_tenhou_url_never_crashes(text: str) -> None:
    for url in (text, "https://tenhou.net/2/?q=" + text):
        try:
            parse_tenhou_url(url)
        except TileError:
            pass


@pytest.mark.parametrize("typed, mpsz", [
    ("１２３ｍ４５６ｐ７８９ｓ１１ｚ", "123m456p789s11z"),          # full-width, as an IME types it
    ("１２３Ｍ０ｐ", "123m0p"),
    ("123萬456筒789索東東", "123m456p789s11z"),                # suit kanji
    ("東南西北白發中発", "12345676z"),                           # honour kanji, 発 for 發
    ("１２３萬　４５６筒", "123m456p"),                           # ideographic space
])
def test_japanese_input(typed, mpsz):
    assert format_tiles(parse_tiles(typed), sort=False) == format_tiles(parse_tiles(mpsz), sort=False)


def test_japanese_input_errors_name_the_problem():
    with pytest.raises(TileError, match="no suit letter"):
        parse_tiles("12東")
    with pytest.raises(TileError, match="5 copies of 1z"):
        parse_tiles("東東東東東")
