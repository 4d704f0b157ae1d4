"""Typed, validated access to the C core (the only module that imports it; `scoring`, `yaku`
and `ev` take its `ffi` and `lib` from here, docs/engine.md).

A hand is 34 tile counts of the concealed tiles (any sequence of ints, bytes,
or a numpy array): n tiles with n % 3 in (1, 2), n <= 14, each count 0-4.
Shanten (向聴数) is exact: (minimum number of draws that complete the hand,
never holding a fifth copy of a tile) - 1, so tenpai is 0 and complete is -1.
Every function raises `HandError` (a ValueError) that says what is wrong.

Open hands: the functions taking `caps` (34 values 0-4: 4 minus the copies of
each kind in the player's own melds, see `meld_caps`) never use a copy a meld
holds (docs/engine.md).  `shanten` and `shanten_batch` are the hot path: C
functions of the cffi module (csrc/py/fastcall.c) made builtins, so counts as
bytes, a list or tuple of ints or a uint8 numpy row reach the core without
cffi's argument conversion; anything else, and every error, takes the checked
path below.

numpy is imported on first need, not with this module (the app's first window and
analysis need none of it): the fast entries are bound to their slow paths (which sets up
numpy's C API) by the first `shanten_batch` call, or by a `shanten` call once numpy is
loaded or after a few hundred calls, and WIN_DTYPE, SCORE_DTYPE and EV_DTYPE are made when
first read.
"""
from __future__ import annotations

import ctypes
import operator
import struct as _struct
import sys
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Sequence, Union

from mjgui._core import ffi, lib
from mjgui.tiles import KIND_NAMES, N_KINDS

REGULAR = lib.MJ_REGULAR          # melds + a pair
CHIITOI = lib.MJ_CHIITOI          # seven distinct pairs (七対子)
KOKUSHI = lib.MJ_KOKUSHI          # thirteen orphans (国士無双)
ALL_FORMS = lib.MJ_ALL_FORMS

if TYPE_CHECKING:
    import numpy as np

Counts = Union[Sequence[int], bytes, bytearray, "np.ndarray"]

_VALID_SIZES = "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14"


def _numpy_if_loaded():
    """numpy when something imported it, else None: a value cannot be a numpy array or
    integer before numpy is imported, so type checks need not import it."""
    return sys.modules.get("numpy")


class HandError(ValueError):
    """A hand the core cannot take, with the reason."""


def _size_problem(n: int) -> str:
    return f"the hand has {n} tiles: a hand holds {_VALID_SIZES} concealed tiles (3k+1 or 3k+2)"


def _to_bytes(counts: Counts, what: str = "tile counts", entry: str = "count") -> bytes:
    """34 counts 0-4 as bytes, or HandError naming the bad entry.  Any integer
    numpy dtype is read by value (never as raw bytes); `what` / `entry` name
    the argument in messages ("remaining counts", "remaining count")."""
    if type(counts) is bytes and len(counts) == N_KINDS:
        return counts                        # counts above 4: the core names them
    np = _numpy_if_loaded()
    if np is not None and isinstance(counts, np.ndarray):
        if counts.dtype == np.uint8 and counts.shape == (N_KINDS,):
            return counts.tobytes()
        if counts.shape != (N_KINDS,):
            raise HandError(f"expected 34 {what}, got an array of shape {counts.shape}")
        if counts.dtype.kind not in "iub":
            raise HandError(f"{what} must be integers, got an array of {counts.dtype}")
        if counts.min() < 0 or counts.max() > 4:
            bad = int(np.flatnonzero((counts < 0) | (counts > 4))[0])
            raise HandError(f"{entry} of {KIND_NAMES[bad]} is {counts[bad]}: counts are 0-4")
        return counts.astype(np.uint8).tobytes()
    if isinstance(counts, (str, int, float, complex)) or counts is None:
        hint = " (parse it with mjgui.tiles first)" if isinstance(counts, str) else ""
        raise HandError(f"expected 34 {what}, got {type(counts).__name__}{hint}")
    if isinstance(counts, (bytes, bytearray, memoryview)):
        data = bytes(counts)
        if len(data) != N_KINDS:
            raise HandError(f"expected 34 {what}, got {len(data)} bytes")
        return data
    try:
        items = list(counts)
    except TypeError:
        raise HandError(f"expected 34 {what}, got {type(counts).__name__}") from None
    if len(items) != N_KINDS:
        raise HandError(f"expected 34 {what}, got {len(items)}")
    integers = int if np is None else (int, np.integer)
    for kind, value in enumerate(items):
        if not isinstance(value, integers):     # bools are ints: 0 or 1
            raise HandError(f"{entry} of {KIND_NAMES[kind]} is {value!r}: counts are integers 0-4")
        if not 0 <= value <= 4:
            raise HandError(f"{entry} of {KIND_NAMES[kind]} is {value}: counts are 0-4")
    return bytes(int(v) for v in items)


def _caps_bytes(caps) -> bytes | None:
    """34 caps 0-4 as bytes (None stays None: no cap below 4)."""
    if caps is None:
        return None
    return _to_bytes(caps, "caps (copies each kind may still use)", "cap")


_NULL = ffi.NULL


def _caps_arg(caps: bytes | None):
    return ffi.NULL if caps is None else _buffer(caps)


def meld_caps(meld_kinds) -> bytes:
    """Caps from the kinds of the tiles in the player's own melds (one entry per
    tile, red fives given as fives): 4 minus the copies of each kind."""
    caps = bytearray(b"\4" * N_KINDS)
    for kind in meld_kinds:
        kind = operator.index(kind)
        if not 0 <= kind < N_KINDS or not caps[kind]:
            raise HandError(f"melds cannot hold kind {kind}: kinds are 0-33, four copies each")
        caps[kind] -= 1
    return bytes(caps)


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
    if code == lib.MJ_ERR_CAP:
        return HandError("the caps do not fit the hand: a count above its cap (more than four "
                         "copies with the melds), caps that leave no complete hand, or seven "
                         "pairs / thirteen orphans asked of an open hand")
    return HandError(f"the core rejected the call (code {code})")


def _forms(forms: int) -> int:
    try:
        value = operator.index(forms)
    except TypeError:
        value = -1
    if value <= 0 or value & ~ALL_FORMS:
        raise HandError(f"forms must combine REGULAR, CHIITOI and KOKUSHI, got {forms!r}")
    return value


def _what(what: int) -> int:
    """The extras flag of the analysis: an integer combining the WITH_* bits."""
    try:
        value = operator.index(what)
    except TypeError:
        value = -1
    if isinstance(what, bool) or value < 0 or value & ~WITH_ALL:
        raise HandError("what must combine WITH_IMPROVEMENTS, WITH_GOOD_SHAPE and "
                        f"WITH_SECOND_STEP (0-{WITH_ALL}), got {what!r}")
    return value


def _applicable(data: bytes, result: int, forms: int) -> int:
    """A shanten, or HandError when none of `forms` applies to this size."""
    if result == lib.MJ_NOT_APPLICABLE:
        raise HandError(f"none of the forms asked applies to a {sum(data)}-tile hand: "
                        "seven pairs and thirteen orphans need 13 or 14 concealed tiles")
    return result


def _checked(data: bytes, result: int, what: str = "", shape: str = "") -> int:
    if result <= lib.MJ_ERR_COUNT:
        raise _explain(data, result, what, shape)
    return result


def _buffer(data: bytes):
    return ffi.from_buffer("uint8_t[]", data)


def _shanten_slow(counts: Counts, forms: int = ALL_FORMS) -> int:
    """`shanten` for every input the fast path does not take, with the errors."""
    data = _to_bytes(counts)
    forms = _forms(forms)
    result = _applicable(data, lib.mj_shanten(_buffer(data), forms), forms)
    if result < -1:
        raise _explain(data, result)
    return result


def _builtin(index: int):
    """Entry `index` of csrc/py/fastcall.c's method table as a builtin function: the
    code lives in the cffi module, and a builtin is called without cffi's argument
    conversion (the only reason it exists)."""
    address = int(ffi.cast("uintptr_t", lib.mj_py_method(index)))
    if not address:
        raise ImportError(f"the core has no fast entry {index}")
    return _new_builtin(address, None, None)


_new_builtin = ctypes.pythonapi.PyCFunction_NewEx
_new_builtin.restype = ctypes.py_object
_new_builtin.argtypes = (ctypes.c_void_p, ctypes.py_object, ctypes.py_object)

_bind_lock = threading.Lock()


def _bind() -> None:
    """Replace `shanten` and `shanten_batch` by the C entries, bound to their slow paths
    (binding sets up numpy's C API, hence not at import)."""
    global shanten, shanten_batch
    with _bind_lock:
        if isinstance(shanten, type(_bind)):          # still the Python stand-ins
            _builtin(2)(_shanten_slow, _shanten_batch_slow)
            shanten, shanten_batch = _builtin(0), _builtin(1)


# binding imports numpy (~0.12 s of CPU); a checked call costs ~5 us more than the C one,
# so about this many of them cost what the import does.  (At 256 the first analysis of a
# tenpai hand -- its calls' ron values, ~320 calls -- imported numpy before the window's
# first paint; the expected values import it just after.)
_SLOW_CALLS_BEFORE_BINDING = 16384
_slow_calls = 0


#: shanten(counts, forms=ALL_FORMS): best shanten over `forms` (default: regular,
#: seven pairs, thirteen orphans).  A C function (see the module doc) once numpy is loaded
#: or after a few hundred calls; until then the checked path (the same answers), so that
#: a first analysis does not wait for numpy's import.
def shanten(counts: Counts, forms: int = ALL_FORMS) -> int:
    global _slow_calls
    if "numpy" not in sys.modules and _slow_calls < _SLOW_CALLS_BEFORE_BINDING:
        _slow_calls += 1
        return _shanten_slow(counts, forms)
    _bind()
    return shanten(counts, forms)


def shanten_capped(counts: Counts, caps, forms: int = ALL_FORMS) -> int:
    """Best shanten over `forms` of the concealed counts of an open hand whose
    melds leave `caps` (see `meld_caps`); caps=None is `shanten`."""
    data = _to_bytes(counts)
    forms = _forms(forms)
    cap = _caps_bytes(caps)
    result = _applicable(data, lib.mj_shanten_capped(_buffer(data), _caps_arg(cap), forms), forms)
    return _checked(data, result)


def shanten_regular(counts: Counts) -> int:
    """Shanten of the regular form (melds + pair), for any size 3k+1 / 3k+2."""
    return shanten(counts, REGULAR)


def _valid_size(counts: Counts) -> int:
    data = _to_bytes(counts)
    return _checked(data, lib.mj_validate(_buffer(data)))


def shanten_melds(counts: Counts, melds: int, caps=None) -> int:
    """Regular-form shanten toward `melds` melds + a pair, for counts of any
    size up to 14 tiles (yaku-aware checks remove tiles first), under `caps`."""
    # the yaku checks' hot path: bytes straight to the core (cffi passes bytes
    # without a copy), any problem through the checked path below
    if counts.__class__ is bytes and len(counts) == N_KINDS and melds.__class__ is int \
            and 0 <= melds <= 4 and (caps is None or (caps.__class__ is bytes and len(caps) == N_KINDS)):
        result = lib.mj_shanten_melds_capped(counts, _NULL if caps is None else caps, melds)
        if result >= -1:
            return result
    data = _to_bytes(counts)
    try:
        value = operator.index(melds)
    except TypeError:
        value = -1
    if isinstance(melds, bool) or not 0 <= value <= 4:
        raise HandError(f"melds to make must be 0-4, got {melds!r}")
    cap = _caps_bytes(caps)
    result = lib.mj_shanten_melds_capped(_buffer(data), _caps_arg(cap), value)
    if result == lib.MJ_ERR_SIZE:
        raise HandError(f"the hand has {sum(data)} tiles: at most 14")
    return _checked(data, result)


def shanten_chiitoi(counts: Counts) -> int | None:
    """Seven pairs (七対子) shanten; None below 13 tiles (impossible with open melds)."""
    return shanten(counts, CHIITOI) if _valid_size(counts) >= 13 else None


def shanten_kokushi(counts: Counts) -> int | None:
    """Thirteen orphans (国士無双) shanten; None below 13 tiles."""
    return shanten(counts, KOKUSHI) if _valid_size(counts) >= 13 else None


#: shanten_batch(hands, forms=ALL_FORMS): shanten of each row of an (N, 34) array of
#: counts, as int8.  A C function for C-contiguous uint8 arrays (see the module doc)
#: from its first call.
def shanten_batch(hands, forms: int = ALL_FORMS) -> np.ndarray:
    _bind()
    return shanten_batch(hands, forms)


def _shanten_batch_slow(hands, forms: int = ALL_FORMS) -> np.ndarray:
    """`shanten_batch` for every input the fast path does not take, with the errors."""
    import numpy as np
    try:
        hands = np.asarray(hands)
    except ValueError as error:
        raise HandError(f"expected an (N, 34) array of counts: {error}") from None
    forms = _forms(forms)
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise HandError(f"expected an (N, 34) array of counts, got shape {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise HandError(f"tile counts must be integers, got an array of {hands.dtype}")
    if hands.dtype != np.uint8 and hands.size and (hands.min() < 0 or hands.max() > 255):
        row = int(np.flatnonzero(((hands < 0) | (hands > 255)).any(axis=1))[0])
        raise HandError(f"row {row}: counts are 0-4, got {hands[row].tolist()}")
    data = np.ascontiguousarray(hands, dtype=np.uint8)
    out = np.empty(len(data), np.int8)
    invalid = lib.mj_shanten_batch(ffi.from_buffer("uint8_t[]", data), len(data), forms,
                                   ffi.from_buffer("int8_t[]", out))
    if invalid:
        row = int(np.flatnonzero(out == lib.MJ_BATCH_INVALID)[0])
        raw = data[row].tobytes()
        raise HandError(f"row {row}: {_explain(raw, lib.mj_validate(_buffer(raw)))}")
    inapplicable = np.flatnonzero(out == lib.MJ_NOT_APPLICABLE)
    if inapplicable.size:
        row = int(inapplicable[0])
        raw = data[row].tobytes()
        try:
            _applicable(raw, lib.MJ_NOT_APPLICABLE, forms)
        except HandError as error:
            raise HandError(f"row {row}: {error}") from None
    return out


def is_agari(counts: Counts, forms: int = ALL_FORMS) -> bool:
    """Is this 3k+2 hand complete (和了形) in one of `forms`?"""
    data = _to_bytes(counts)
    return bool(_checked(data, lib.mj_is_agari(_buffer(data), _forms(forms)), "a complete-hand test", "3k+2"))


def _kinds(mask: int) -> list[int]:
    return [t for t in range(N_KINDS) if mask >> t & 1]


def ukeire_and_shanten(counts: Counts, forms: int = ALL_FORMS, caps=None) -> tuple[int, list[int]]:
    """(shanten, ukeire kinds) of a 3k+1 hand (under `caps`: no kind at its cap)."""
    data = _to_bytes(counts)
    mask = ffi.new("uint64_t *")
    forms = _forms(forms)
    cap = _caps_bytes(caps)
    result = _checked(data, lib.mj_ukeire_capped(_buffer(data), _caps_arg(cap), forms, mask),
                      "ukeire", "3k+1")
    return _applicable(data, result, forms), _kinds(mask[0])


def ukeire(counts: Counts, forms: int = ALL_FORMS, caps=None) -> list[int]:
    """Ukeire (受け入れ) of a 3k+1 hand: kinds whose draw lowers the shanten."""
    return ukeire_and_shanten(counts, forms, caps)[1]


def waits(counts: Counts, forms: int = ALL_FORMS, caps=None) -> list[int]:
    """Waits (待ち) of a 3k+1 hand: kinds that complete it; empty unless tenpai.
    A kind already held four times (or at its cap) is never a wait."""
    result, kinds = ukeire_and_shanten(counts, forms, caps)
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


def discard_table(counts: Counts, forms: int = ALL_FORMS, caps=None) -> DiscardTable:
    """The whole discard x draw table of a 3k+2 hand in one call into the core."""
    data = _to_bytes(counts)
    after = ffi.new("int8_t[34]")
    masks = ffi.new("uint64_t[34]")
    forms = _forms(forms)
    cap = _caps_bytes(caps)
    code = lib.mj_discard_table_capped(_buffer(data), _caps_arg(cap), forms, after, masks)
    result = _applicable(data, _checked(data, code, "the discard table", "3k+2"), forms)
    rows = tuple(Discard(d, after[d], tuple(_kinds(masks[d])))
                 for d in range(N_KINDS) if after[d] != lib.MJ_NOT_HELD)
    return DiscardTable(result, rows)


class Block(NamedTuple):
    """One meld of a decomposition (a run or a triplet), as the core names it; not
    `hand.Meld`, which is a called or declared meld with its tiles and source."""
    kind: int        # a run is named by its lowest tile
    is_run: bool


class Decomposition(NamedTuple):
    pair: int
    melds: tuple[Block, ...]


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
        melds = tuple(sorted(Block(d.meld_tile[i], bool(d.meld_is_run[i])) for i in range(d.n_melds)))
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


class CallTable(NamedTuple):
    """Best regular shanten after each call on a 3k+1 hand and a legal discard
    (None: impossible).  chi[t][j]: t as the lowest (0), middle (1) or
    highest (2) tile of the run."""
    shanten: int
    pon: tuple[int | None, ...]
    chi: tuple[tuple[int | None, int | None, int | None], ...]


def call_arrays(counts: Counts, caps=None) -> tuple[int, bytes, bytes]:
    """The raw call table: (shanten, pon[34], chi[3 * t + j]) as signed bytes,
    MJ_NOT_HELD (127) where a call is impossible.  The call's tiles join the
    melds (their caps drop) for what follows.  `call_table` is friendlier."""
    data = _to_bytes(counts)
    pon = ffi.new("int8_t[34]")
    chi = ffi.new("int8_t[102]")
    cap = _caps_bytes(caps)
    result = _checked(data, lib.mj_call_table_capped(_buffer(data), _caps_arg(cap), pon, chi),
                      "calls", "3k+1")
    # shanten values are small (-1..8), so the raw bytes read as unsigned are the same numbers
    return result, bytes(ffi.buffer(pon)), bytes(ffi.buffer(chi))


NOT_HELD = lib.MJ_NOT_HELD


def call_table(counts: Counts, caps=None) -> CallTable:
    """Pon and chi of every kind on a 3k+1 hand, kuikae banned."""
    result, pon, chi = call_arrays(counts, caps)

    def value(v: int) -> int | None:
        return None if v == NOT_HELD else v

    return CallTable(result, tuple(value(v) for v in pon),
                     tuple((value(chi[3 * t]), value(chi[3 * t + 1]), value(chi[3 * t + 2]))
                           for t in range(N_KINDS)))


WITH_IMPROVEMENTS = lib.MJ_WITH_IMPROVEMENTS
WITH_GOOD_SHAPE = lib.MJ_WITH_GOOD_SHAPE
WITH_SECOND_STEP = lib.MJ_WITH_SECOND_STEP
WITH_ALL = WITH_IMPROVEMENTS | WITH_GOOD_SHAPE | WITH_SECOND_STEP


class DiscardFigures(NamedTuple):
    """One discard of `analyze_discards`: kinds as lists, totals in remaining copies."""
    kind: int
    shanten: int
    ukeire: list[int]
    ukeire_total: int
    improvements: list[int]
    improvement_total: int
    good_shape: int
    second_step: int


def _figures(kind: int, r) -> DiscardFigures:
    return DiscardFigures(kind, r.shanten, _kinds(r.ukeire), r.ukeire_total,
                          _kinds(r.improvements), r.improvement_total, r.good_shape, r.second_step)


def _remaining_bytes(remaining: Sequence[int]) -> bytes:
    return _to_bytes(remaining, "remaining counts", "remaining count")


def analyze_hand(counts: Counts, remaining: Sequence[int], forms: int = ALL_FORMS,
                 what: int = WITH_ALL, caps=None) -> DiscardFigures:
    """The figures of a 3k+1 hand as it stands (kind is -1)."""
    data = _to_bytes(counts)
    rem = _remaining_bytes(remaining)
    row = ffi.new("mj_discard_analysis *")
    forms = _forms(forms)
    what = _what(what)
    cap = _caps_bytes(caps)
    code = lib.mj_analyze_hand_capped(_buffer(data), _caps_arg(cap), forms, _buffer(rem), what, row)
    _applicable(data, _checked(data, code, "the hand analysis", "3k+1"), forms)
    return _figures(-1, row[0])


def analyze_discards(counts: Counts, remaining: Sequence[int], forms: int = ALL_FORMS,
                     what: int = WITH_ALL, caps=None) -> tuple[int, list[DiscardFigures]]:
    """(shanten, one row per held kind) of a 3k+2 hand, weighted by `remaining`
    (34 counts 0-4 of unseen copies)."""
    data = _to_bytes(counts)
    rem = _remaining_bytes(remaining)
    rows = ffi.new("mj_discard_analysis[34]")
    forms = _forms(forms)
    what = _what(what)
    cap = _caps_bytes(caps)
    code = lib.mj_analyze_capped(_buffer(data), _caps_arg(cap), forms, _buffer(rem), what, rows)
    result = _applicable(data, _checked(data, code, "the discard analysis", "3k+2"), forms)
    return result, [_figures(d, rows[d]) for d in range(N_KINDS)
                    if rows[d].shanten not in (lib.MJ_NOT_HELD, lib.MJ_NOT_APPLICABLE)]


# ---- scoring -----------------------------------------------------------------
# The C structs cross the boundary packed: `struct` for one hand (one pack, one
# unpack), numpy structured arrays for batches.  Both layouts come from the
# compiler's offsets, never from counting bytes by hand.

_WIN_FIELDS = (("counts", "34s"), ("n_melds", "B"), ("meld_type", "4s"), ("meld_tile", "4s"),
               ("win_tile", "B"), ("round_wind", "B"), ("seat_wind", "B"), ("n_dora", "B"),
               ("n_ura", "B"), ("dora", "5s"), ("ura", "5s"), ("red", "B"), ("flags", "H"),
               ("honba", "H"), ("sticks", "H"))
_SCORE_FIELDS = (("han", "h"), ("fu", "h"), ("yakuman", "h"), ("limit", "B"), ("wait", "B"),
                 ("base", "i"), ("total", "i"), ("received", "i"), ("pay_ron", "i"),
                 ("pay_dealer", "i"), ("pay_other", "i"), ("n_yaku", "B"),
                 ("yaku", f"{lib.MJ_MAX_YAKU}s"), ("yaku_han", f"{lib.MJ_MAX_YAKU}s"),
                 ("n_fu", "B"), ("fu_what", f"{lib.MJ_MAX_FU}s"), ("fu_tile", f"{lib.MJ_MAX_FU}s"),
                 ("fu_value", f"{lib.MJ_MAX_FU}s"), ("problem", "B"))
_NUMPY_CODES = {"B": "u1", "h": "i2", "H": "u2", "i": "i4"}


def _struct_format(ctype: str, fields) -> str:
    parts, at = ["="], 0
    for name, code in fields:
        offset = ffi.offsetof(ctype, name)
        if offset > at:
            parts.append(f"{offset - at}x")
        parts.append(code)
        at = offset + _struct.calcsize("=" + code)
    if ffi.sizeof(ctype) > at:
        parts.append(f"{ffi.sizeof(ctype) - at}x")
    return "".join(parts)


def _numpy_dtype(ctype: str, fields) -> np.dtype:
    import numpy as np
    formats = [f"({code[:-1]},)u1" if code.endswith("s") else _NUMPY_CODES[code] for _, code in fields]
    return np.dtype({"names": [name for name, _ in fields], "formats": formats,
                     "offsets": [ffi.offsetof(ctype, name) for name, _ in fields],
                     "itemsize": ffi.sizeof(ctype)})


WIN_STRUCT = _struct.Struct(_struct_format("mj_win", _WIN_FIELDS))
SCORE_STRUCT = _struct.Struct(_struct_format("mj_score", _SCORE_FIELDS))
SCORE_FIELD_NAMES = tuple(name for name, _ in _SCORE_FIELDS)


def score_packed(win: bytes, rules: int) -> tuple[int, tuple]:
    """Score one hand packed with WIN_STRUCT: (the core's result, the fields of
    SCORE_STRUCT in SCORE_FIELD_NAMES order).  The result is 1 (wins), 0 (complete,
    no yaku) or an MJ_ERR_* code (the `problem` field says why for MJ_ERR_WIN and
    MJ_ERR_NOT_COMPLETE)."""
    answer = _fast_score(win, rules)
    if answer is not None:
        return answer
    if type(win) is not bytes:
        raise HandError(f"a packed win is {WIN_STRUCT.size} bytes, not {type(win).__name__}")
    if len(win) != WIN_STRUCT.size:
        raise HandError(f"a packed win is {WIN_STRUCT.size} bytes, not {len(win)}")
    raise HandError(f"rules are an int of MJ_RULE_* bits, not {rules!r:.40}")


def _score_packed_cffi(win: bytes, rules: int) -> tuple[int, tuple]:
    """score_packed through cffi and SCORE_STRUCT: the fast entry's reference (tests)."""
    try:
        out = _local.score
    except AttributeError:          # one output struct per thread, reused: allocating costs more than scoring
        out = _local.score = ffi.new("mj_score *")
    result = lib.mj_score_bytes(win, len(win), rules, out)
    return result, _unpack_score(ffi.buffer(out))


#: the C entry of score_packed (csrc/py/fastcall.c): None for arguments it does not take
_fast_score = _builtin(3)
_local = threading.local()
_unpack_score = SCORE_STRUCT.unpack


def yaku_reach(context: bytes, counts: Counts, rules: int, extra: int, cheapest: bool,
               limit: int = 0) -> tuple[int, bytes, bytes]:
    """Yaku reachability from the scorer (csrc/reach.c, docs/yaku.md): the concealed
    `counts` (3k+1 or 3k+2 tiles, k = 4 - melds) completed within shanten + 1 + `extra`
    draws and scored with the melds and winds of `context` (a WIN_STRUCT; its other
    fields are ignored).  (plain shanten, per yaku id the fewest draws to a completion
    the scorer gives it as a ron, and the same by tsumo, each as bytes, 255: none found);
    `cheapest` stops at the cheapest completions that have a yaku by ron; at most `limit` completions are scored (0: the core's default), else
    HandError."""
    data = _to_bytes(counts)
    if type(context) is not bytes or len(context) != WIN_STRUCT.size:
        raise HandError(f"a packed context is {WIN_STRUCT.size} bytes")
    if type(extra) is not int or not 0 <= extra <= lib.MJ_REACH_MAX_EXTRA:
        raise HandError(f"extra draws are 0-{lib.MJ_REACH_MAX_EXTRA}, not {extra!r:.20}")
    try:
        out = _local.reach
    except AttributeError:
        out = _local.reach = ffi.new("mj_reach *")
    mode = lib.MJ_REACH_CHEAPEST if cheapest else lib.MJ_REACH_ALL
    if type(limit) is not int or not 0 <= limit <= lib.MJ_REACH_MAX_SCORED:
        raise HandError(f"the limit is 0-{lib.MJ_REACH_MAX_SCORED} completions, not {limit!r:.20}")
    code = lib.mj_yaku_reach_bytes(context, len(context), data, len(data), rules, extra, mode, limit, out)
    if code == lib.MJ_ERR_SIZE:
        raise HandError(f"{sum(data)} concealed tiles with {4 - context[N_KINDS]} melds to make: "
                        f"expected {3 * (4 - context[N_KINDS]) + 1} or {3 * (4 - context[N_KINDS]) + 2}")
    if code == lib.MJ_ERR_CAP:
        raise HandError("the concealed tiles and the melds hold more than four copies of a tile")
    if code == lib.MJ_ERR_LIMIT:
        raise HandError(f"the yaku search would score more than {limit or lib.MJ_REACH_MAX_SCORED:,} complete "
                        "hands: ask for fewer extra draws")
    if code < 0:
        raise HandError(f"the yaku search refused its arguments (code {code})")
    return out.shanten, bytes(ffi.buffer(out.cost)), bytes(ffi.buffer(out.tsumo_cost))


def score_batch(wins: np.ndarray, rules: int) -> tuple[np.ndarray, np.ndarray]:
    """Score every row of a WIN_DTYPE array: (result per row as int8, SCORE_DTYPE rows)."""
    import numpy as np
    if not isinstance(wins, np.ndarray) or wins.dtype != _dtype("WIN_DTYPE") or wins.ndim != 1:
        raise HandError("expected a one-dimensional array of WIN_DTYPE")
    wins = np.ascontiguousarray(wins)
    n = len(wins)
    out = np.zeros(n, dtype=_dtype("SCORE_DTYPE"))
    status = np.zeros(n, dtype=np.int8)
    if n:
        failed = lib.mj_score_batch(ffi.cast("const mj_win *", ffi.from_buffer(wins)), n, rules,
                                    ffi.cast("mj_score *", ffi.from_buffer(out, require_writable=True)),
                                    ffi.cast("int8_t *", ffi.from_buffer(status, require_writable=True)))
        if failed < 0:
            raise HandError(f"the core rejected the batch (code {failed})")
    return status, out


# ---- expected value ------------------------------------------------------------

_EV_FIELDS = ("shanten", "choices", "tenpai", "win", "score", "riichi_win", "riichi_score",
              "dama_win", "dama_score")


def _ev_dtype() -> np.dtype:
    import numpy as np
    return np.dtype({"names": list(_EV_FIELDS),
                     "formats": ["i1", "i1"] + [(np.float64, lib.MJ_EV_VALUES)] * 7,
                     "offsets": [ffi.offsetof("mj_ev_row", f) for f in _EV_FIELDS],
                     "itemsize": ffi.sizeof("mj_ev_row")})


_DTYPE_MAKERS = {"WIN_DTYPE": lambda: _numpy_dtype("mj_win", _WIN_FIELDS),
                 "SCORE_DTYPE": lambda: _numpy_dtype("mj_score", _SCORE_FIELDS),
                 "EV_DTYPE": _ev_dtype}
_dtypes: dict = {}


def _dtype(name: str):
    """The numpy dtype `name` of _DTYPE_MAKERS, made (and numpy imported) on first use."""
    try:
        return _dtypes[name]
    except KeyError:
        return _dtypes.setdefault(name, _DTYPE_MAKERS[name]())


def __getattr__(name: str):
    """core.WIN_DTYPE, core.SCORE_DTYPE, core.EV_DTYPE: made when first read."""
    if name in _DTYPE_MAKERS:
        return _dtype(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class EvModel:
    """The full model's inputs besides the hand (docs/ev.md); None: the simple model."""
    seen: bytes = bytes(N_KINDS)   # copies seen besides the hand, melds and indicators, per kind
    n_visible: int = 0             # other players' tiles seen (out of the draw pool)
    furiten: int = 0               # kinds among the own discards, bit per kind
    ron_dama: float = 0.5          # share of the live tiles each opponent discard can be
    ron_riichi: float = 0.25
    calls: bool = False            # search one pon (any opponent) or chi (the left player) per line
    call_share: float = 0.5        # share of the live tiles each opponent discard can be, for calls


def cancel_flag():
    """A flag for ev_packed(cancel=...): set flag[0] = 1 to stop the search."""
    return ffi.new("int *")


def ev_packed(win: bytes, turn: int, options: int, rules: int, model: EvModel | None = None,
              red_seen: int = 0, cancel=None, threads: int = 1) -> tuple[int, np.ndarray, int]:
    """The expected-value search on a hand packed with WIN_STRUCT (its counts the
    3k+2 concealed tiles): (the hand's shanten or an MJ_ERR_* code, 34 EV_DTYPE
    rows, states searched).  `model` None is the simple model; red_seen: the suits
    whose red five is out of the wall (an indicator or seen), bit per suit; threads
    2 shares a 2-shanten hand's discards between two threads (the same rows, sooner;
    more states)."""
    if type(win) is not bytes or len(win) != WIN_STRUCT.size:
        raise HandError(f"a packed hand is {WIN_STRUCT.size} bytes")
    for name, value in (("turn", turn), ("options", options), ("rules", rules), ("red_seen", red_seen),
                        ("threads", threads)):
        if type(value) is not int:
            raise HandError(f"{name} must be an int, not {type(value).__name__}")
    if not 1 <= turn <= 17:
        raise HandError(f"turn must be 1-17 (the draw just made), not {turn}")
    if threads not in (1, 2):
        raise HandError(f"threads must be 1 or 2, not {threads}")
    params = ffi.new("mj_ev_params *")
    params.turn, params.options, params.rules, params.red_seen = turn, options, rules, red_seen & 7
    params.threads = threads
    if model is not None:
        if type(model.seen) is not bytes or len(model.seen) != N_KINDS:
            raise HandError(f"seen is {N_KINDS} counts")
        params.full = 1
        params.seen = model.seen
        params.n_visible, params.furiten = model.n_visible, model.furiten
        params.ron_dama, params.ron_riichi = model.ron_dama, model.ron_riichi
        params.calls, params.call_share = bool(model.calls), model.call_share
    if cancel is not None:
        params.cancel = cancel
    import numpy as np
    rows = np.zeros(N_KINDS, dtype=_dtype("EV_DTYPE"))
    states = ffi.new("long *")
    result = lib.mj_ev_model(ffi.from_buffer("mj_win *", win), params,
                             ffi.cast("mj_ev_row *", ffi.from_buffer(rows, require_writable=True)), states)
    return result, rows, states[0]


