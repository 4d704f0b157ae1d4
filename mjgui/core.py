"""Typed, validated access to the C core (the only module that touches it).

A hand is 34 tile counts of the concealed tiles (any sequence of ints, bytes,
or a numpy array): n tiles with n % 3 in (1, 2), n <= 14, each count 0-4.
Shanten (向聴数) is exact: (minimum number of draws that complete the hand,
never holding a fifth copy of a tile) - 1, so tenpai is 0 and complete is -1.
Every function raises `HandError` (a ValueError) that says what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence, Union

import numpy as np

from mjgui._core import ffi, lib
from mjgui.tiles import KIND_NAMES, N_KINDS

REGULAR = lib.MJ_REGULAR          # melds + a pair
CHIITOI = lib.MJ_CHIITOI          # seven distinct pairs (七対子)
KOKUSHI = lib.MJ_KOKUSHI          # thirteen orphans (国士無双)
ALL_FORMS = lib.MJ_ALL_FORMS

Counts = Union[Sequence[int], bytes, bytearray, np.ndarray]

_VALID_SIZES = "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14"


class HandError(ValueError):
    """A hand the core cannot take, with the reason."""


def _size_problem(n: int) -> str:
    return f"the hand has {n} tiles: a hand holds {_VALID_SIZES} concealed tiles (3k+1 or 3k+2)"


def _to_bytes(counts: Counts) -> bytes:
    """34 counts as bytes, or HandError naming the bad entry."""
    if type(counts) is bytes and len(counts) == N_KINDS:
        return counts
    if isinstance(counts, np.ndarray):
        if counts.dtype == np.uint8 and counts.shape == (N_KINDS,):
            return counts.tobytes()
        if counts.shape != (N_KINDS,):
            raise HandError(f"expected 34 tile counts, got an array of shape {counts.shape}")
        if counts.dtype.kind not in "iu":
            raise HandError(f"tile counts must be integers, got an array of {counts.dtype}")
        if counts.dtype != np.uint8 and (counts.min() < 0 or counts.max() > 255):
            bad = int(np.flatnonzero((counts < 0) | (counts > 255))[0])
            raise HandError(f"count of {KIND_NAMES[bad]} is {counts[bad]}: counts are 0-4")
        return counts.astype(np.uint8).tobytes()
    if isinstance(counts, str):
        raise HandError("expected 34 tile counts, got a string (parse it with mjgui.tiles first)")
    try:
        data = bytes(counts)
    except (TypeError, ValueError):
        data = None
    if data is None or len(data) != N_KINDS:
        try:
            items = list(counts)
        except TypeError:
            raise HandError(f"expected 34 tile counts, got {type(counts).__name__}") from None
        if len(items) != N_KINDS:
            raise HandError(f"expected 34 tile counts, got {len(items)}")
        for kind, value in enumerate(items):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise HandError(f"count of {KIND_NAMES[kind]} is {value!r}: counts are integers 0-4")
            if not 0 <= value <= 4:
                raise HandError(f"count of {KIND_NAMES[kind]} is {value}: counts are 0-4")
        data = bytes(items)
    return data


_SHAPES = {"3k+1": "1, 4, 7, 10 or 13", "3k+2": "2, 5, 8, 11 or 14"}


def _explain(data: bytes, code: int, what: str = "", shape: str = "") -> HandError:
    """The message for an error code of the core."""
    if code == lib.MJ_ERR_COUNT:
        kind = next(k for k, c in enumerate(data) if c > 4)
        return HandError(f"{data[kind]} copies of {KIND_NAMES[kind]}: at most 4 exist")
    if code == lib.MJ_ERR_SIZE:
        return HandError(_size_problem(sum(data)))
    if code == lib.MJ_ERR_SHAPE:
        return HandError(f"{what} needs a {shape} hand ({_SHAPES[shape]} tiles), got {sum(data)} tiles")
    return HandError(f"the core rejected the call (code {code})")


def _forms(forms: int) -> int:
    if not isinstance(forms, int) or forms & ~ALL_FORMS or not forms & ALL_FORMS:
        raise HandError(f"forms must combine REGULAR, CHIITOI and KOKUSHI, got {forms!r}")
    return forms


def _checked(data: bytes, result: int, what: str = "", shape: str = "") -> int:
    if result <= lib.MJ_ERR_COUNT:
        raise _explain(data, result, what, shape)
    return result


def _buffer(data: bytes):
    return ffi.from_buffer("uint8_t[]", data)


def shanten(counts: Counts, forms: int = ALL_FORMS) -> int:
    """Best shanten over `forms` (default: regular, seven pairs, thirteen orphans)."""
    # the hot path: bytes as they are, lists through bytes() (which rejects
    # values outside 0..255); everything else, and every error, via _to_bytes
    kind = type(counts)
    if kind is bytes:
        data = counts
    elif kind is list or kind is tuple:
        try:
            data = bytes(counts)
        except (TypeError, ValueError):
            data = _to_bytes(counts)
    else:
        data = _to_bytes(counts)
    result = lib.mj_shanten_bytes(data, len(data), forms)
    if result < -1:
        data = _to_bytes(counts)
        result = lib.mj_shanten_bytes(data, len(data), _forms(forms))
        if result < -1:
            raise _explain(data, result)
    return result


def shanten_regular(counts: Counts) -> int:
    """Shanten of the regular form (melds + pair), for any size 3k+1 / 3k+2."""
    return shanten(counts, REGULAR)


def shanten_melds(counts: Counts, melds: int) -> int:
    """Regular-form shanten toward `melds` melds + a pair, for counts of any
    size up to 14 tiles (yaku-aware checks remove tiles first)."""
    data = _to_bytes(counts)
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        raise HandError(f"melds to make must be 0-4, got {melds!r}")
    result = lib.mj_shanten_melds(_buffer(data), melds)
    if result == lib.MJ_ERR_SIZE:
        raise HandError(f"the hand has {sum(data)} tiles: at most 14")
    return _checked(data, result)


def shanten_chiitoi(counts: Counts) -> int | None:
    """Seven pairs (七対子) shanten; None below 13 tiles (impossible with open melds)."""
    result = shanten(counts, CHIITOI) if sum(_to_bytes(counts)) >= 13 else None
    return result


def shanten_kokushi(counts: Counts) -> int | None:
    """Thirteen orphans (国士無双) shanten; None below 13 tiles."""
    return shanten(counts, KOKUSHI) if sum(_to_bytes(counts)) >= 13 else None


def shanten_batch(hands: np.ndarray, forms: int = ALL_FORMS) -> np.ndarray:
    """Shanten of each row of an (N, 34) array of counts, as int8."""
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise HandError(f"expected an (N, 34) array of counts, got shape {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise HandError(f"tile counts must be integers, got an array of {hands.dtype}")
    if hands.dtype != np.uint8 and hands.size and (hands.min() < 0 or hands.max() > 255):
        row = int(np.flatnonzero(((hands < 0) | (hands > 255)).any(axis=1))[0])
        raise HandError(f"row {row}: counts are 0-4, got {hands[row].tolist()}")
    data = np.ascontiguousarray(hands, dtype=np.uint8)
    out = np.empty(len(data), np.int8)
    invalid = lib.mj_shanten_batch(ffi.from_buffer("uint8_t[]", data), len(data), _forms(forms),
                                   ffi.from_buffer("int8_t[]", out))
    if invalid:
        row = int(np.flatnonzero(out == lib.MJ_BATCH_INVALID)[0])
        raw = data[row].tobytes()
        raise HandError(f"row {row}: {_explain(raw, lib.mj_validate(_buffer(raw)))}")
    return out


def is_agari(counts: Counts, forms: int = ALL_FORMS) -> bool:
    """Is this 3k+2 hand complete (和了形) in one of `forms`?"""
    data = _to_bytes(counts)
    return bool(_checked(data, lib.mj_is_agari(_buffer(data), _forms(forms)), "a complete-hand test", "3k+2"))


def _kinds(mask: int) -> list[int]:
    return [t for t in range(N_KINDS) if mask >> t & 1]


def ukeire_and_shanten(counts: Counts, forms: int = ALL_FORMS) -> tuple[int, list[int]]:
    """(shanten, ukeire kinds) of a 3k+1 hand."""
    data = _to_bytes(counts)
    mask = ffi.new("uint64_t *")
    result = _checked(data, lib.mj_ukeire(_buffer(data), _forms(forms), mask), "ukeire", "3k+1")
    return result, _kinds(mask[0])


def ukeire(counts: Counts, forms: int = ALL_FORMS) -> list[int]:
    """Ukeire (受け入れ) of a 3k+1 hand: kinds whose draw lowers the shanten."""
    return ukeire_and_shanten(counts, forms)[1]


def waits(counts: Counts, forms: int = ALL_FORMS) -> list[int]:
    """Waits (待ち) of a 3k+1 hand: kinds that complete it; empty unless tenpai.
    A kind already held four times is never a wait."""
    result, kinds = ukeire_and_shanten(counts, forms)
    return kinds if result == 0 else []


class Discard(NamedTuple):
    kind: int
    shanten: int             # of the hand left after this discard
    ukeire: tuple[int, ...]  # kinds whose draw then lowers that shanten


@dataclass(frozen=True)
class DiscardTable:
    """Shanten of a 3k+2 hand and, for each distinct discard, what follows."""
    shanten: int
    discards: tuple[Discard, ...]


def discard_table(counts: Counts, forms: int = ALL_FORMS) -> DiscardTable:
    """The whole discard x draw table of a 3k+2 hand in one call into the core."""
    data = _to_bytes(counts)
    after = ffi.new("int8_t[34]")
    masks = ffi.new("uint64_t[34]")
    result = _checked(data, lib.mj_discard_table(_buffer(data), _forms(forms), after, masks),
                      "the discard table", "3k+2")
    rows = tuple(Discard(d, after[d], tuple(_kinds(masks[d])))
                 for d in range(N_KINDS) if after[d] != lib.MJ_NOT_HELD)
    return DiscardTable(result, rows)


class Meld(NamedTuple):
    kind: int        # a run is named by its lowest tile
    is_run: bool


class Decomposition(NamedTuple):
    pair: int
    melds: tuple[Meld, ...]


def decompositions(counts: Counts) -> list[Decomposition]:
    """Every distinct split of a complete regular 3k+2 hand into melds + a pair
    (empty when the hand is not complete)."""
    data = _to_bytes(counts)
    out = ffi.new("mj_decomposition[]", lib.MJ_MAX_DECOMPS)
    found = _checked(data, lib.mj_decompositions(_buffer(data), out, lib.MJ_MAX_DECOMPS),
                     "decompositions", "3k+2")
    if found > lib.MJ_MAX_DECOMPS:     # cannot happen for real hands; never truncate silently
        raise HandError(f"{found} decompositions exceed the core's buffer")
    result = []
    for d in out[0:found]:
        melds = tuple(sorted(Meld(d.meld_tile[i], bool(d.meld_is_run[i])) for i in range(d.n_melds)))
        result.append(Decomposition(d.pair, melds))
    return sorted(result)


def census() -> dict[int, dict[int, tuple[int, int]]]:
    """Exact regular-shanten census of every hand size: {tiles: {shanten:
    (distinct count vectors, weighted = tile combinations from 136 tiles)}}."""
    hands = ffi.new("uint64_t[15][10]")
    weighted = ffi.new("uint64_t[15][10]")
    if lib.mj_census(hands, weighted) != 0:
        raise RuntimeError("the core's tables are inconsistent (census found a shanten above 8)")
    return {n: {s - 1: (int(hands[n][s]), int(weighted[n][s])) for s in range(10) if hands[n][s]}
            for n in range(15) if n % 3}
