"""Generate the C core's lookup tables (run by build_ffi.py at build time).

The exact regular shanten of a hand splits by suit: a complete hand is, in each
suit, some melds plus at most one pair, and the number of missing tiles is a sum
over suits.  So for every suit vector h (counts of 9 number tiles, or 7 honours,
at most 14 tiles) we compute

    d[m][p](h) = min over suit-complete W with m melds and p pairs, W_i <= 4,
                 of sum_i max(W_i - h_i, 0)

with an exact separable distance transform, group the vectors into classes of
equal d (only ~100 classes exist), and tabulate how classes merge.  A hand's
replacement number is then FINAL[k][MERGE_NN[man][pin]][MERGE_NZ[sou][honour]].

Usage: python tools/gen_tables.py OUT_DIR   (writes mj_tables.h and mj_tables.c)
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np

MAX_TILES = 14          # a hand never holds more concealed tiles
MAX_MELDS = 4
BIG = 64                # "unreachable"; larger than any real distance


def _blocks(ntiles: int, runs: bool) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Melds and pairs of one suit as count vectors."""
    melds, pairs = [], []
    for i in range(ntiles):
        v = np.zeros(ntiles, np.int8); v[i] = 3; melds.append(v)
        v = np.zeros(ntiles, np.int8); v[i] = 2; pairs.append(v)
    if runs:
        for i in range(ntiles - 2):
            v = np.zeros(ntiles, np.int8); v[i:i + 3] = 1; melds.append(v)
    return melds, pairs


def _add_block(present: np.ndarray, block: np.ndarray) -> np.ndarray:
    """Every vector x + block (clipped at 4 copies) for x marked in `present`."""
    src = tuple(slice(0, 5 - b) for b in block)
    dst = tuple(slice(b, 5) for b in block)
    out = np.zeros_like(present)
    out[dst] = present[src]
    return out


def _distance_transform(f: np.ndarray) -> np.ndarray:
    """g(h) = min_w f(w) + sum_i max(w_i - h_i, 0), one axis at a time."""
    for axis in range(f.ndim):
        f = np.moveaxis(f, axis, 0).copy()
        # from above: using a higher w_i costs one tile per step
        for y in range(3, -1, -1):
            np.minimum(f[y], f[y + 1] + 1, out=f[y])
        # from below: a lower w_i costs nothing
        for y in range(1, 5):
            np.minimum(f[y], f[y - 1], out=f[y])
        f = np.moveaxis(f, 0, axis)
    return f


def suit_distances(ntiles: int, runs: bool) -> np.ndarray:
    """d[m, p] over the whole 5**ntiles cube, shape (5, 2) + (5,)*ntiles."""
    melds, pairs = _blocks(ntiles, runs)
    shape = (5,) * ntiles
    out = np.empty((MAX_MELDS + 1, 2) + shape, np.int8)
    complete = np.zeros(shape, bool)
    complete[(0,) * ntiles] = True           # m = 0 melds, no pair
    for m in range(MAX_MELDS + 1):
        with_pair = np.zeros(shape, bool)
        for pair in pairs:
            with_pair |= _add_block(complete, pair)
        for p, present in enumerate((complete, with_pair)):
            out[m, p] = _distance_transform(np.where(present, 0, BIG).astype(np.int8))
        nxt = np.zeros(shape, bool)
        for meld in melds:
            nxt |= _add_block(complete, meld)
        complete = nxt
    return out


def classify(ntiles: int, runs: bool):
    """Class id of every vector of at most 14 tiles, in lexicographic order (c0 most
    significant), and the d-vector of each class."""
    d = suit_distances(ntiles, runs).reshape(2 * (MAX_MELDS + 1), -1).T
    sizes = np.indices((5,) * ntiles).reshape(ntiles, -1).sum(0)
    # np.indices enumerates in C order: lexicographic
    d = d[sizes <= MAX_TILES]
    classes, ids = np.unique(d, axis=0, return_inverse=True)   # ids in lexicographic order
    return ids.astype(np.uint8).ravel(), classes.reshape(-1, MAX_MELDS + 1, 2)


def merge(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(min, +) convolution of two d-vectors: best split of melds and the pair."""
    out = np.full((MAX_MELDS + 1, 2), BIG, np.int64)
    for m in range(MAX_MELDS + 1):
        for i in range(m + 1):
            j = m - i
            out[m, 0] = min(out[m, 0], a[i, 0] + b[j, 0])
            out[m, 1] = min(out[m, 1], a[i, 1] + b[j, 0], a[i, 0] + b[j, 1])
    return out


def merge_table(left: np.ndarray, right: np.ndarray):
    vectors, index = [], {}
    table = np.zeros((len(left), len(right)), np.int64)
    for i, j in itertools.product(range(len(left)), range(len(right))):
        v = merge(left[i], right[j])
        key = v.tobytes()
        if key not in index:
            index[key] = len(vectors)
            vectors.append(v)
        table[i, j] = index[key]
    return table, np.array(vectors)


def by_code(ids: np.ndarray, ntiles: int) -> np.ndarray:
    """Class of every vector indexed by code = sum_j c_j * 5**j (over 14 tiles: 0,
    never looked up)."""
    table = np.zeros(5 ** ntiles, np.int64)
    sizes = np.indices((5,) * ntiles).reshape(ntiles, -1).sum(0)
    table[sizes <= MAX_TILES] = ids          # C order: c0 is the most significant digit
    return table.reshape((5,) * ntiles).transpose(tuple(range(ntiles))[::-1]).ravel()


def two_level(classes_by_code: np.ndarray):
    """Split a 9-tile suit's code into its low five digits and high four: the low
    half maps to a state (vectors whose every completion has the same classes
    share one), and state x high half to the class: two loads, and the first
    table is small enough to stay in the L1 cache."""
    grid = classes_by_code.reshape(5 ** 4, 5 ** 5)          # [high code][low code]
    rows, state = np.unique(grid.T, axis=0, return_inverse=True)
    return state.ravel(), rows


def build() -> dict[str, np.ndarray]:
    num_ids, num_classes = classify(9, runs=True)
    hon_ids, hon_classes = classify(7, runs=False)
    low_state, state_class = two_level(by_code(num_ids, 9))
    merge_nn, left = merge_table(num_classes, num_classes)
    merge_nz, right = merge_table(num_classes, hon_classes)
    # final[k][x][y] = replacement number of k melds + the pair: a merge's (k, 1)
    final = np.zeros((MAX_MELDS + 1, len(left), len(right)), np.int64)
    for x, y in itertools.product(range(len(left)), range(len(right))):
        final[:, x, y] = merge(left[x], right[y])[:, 1]
    assert max(len(num_classes), len(hon_classes), len(left), len(right)) <= 256
    split_slots, splits = split_tables()
    return {
        "mj_split_slots": split_slots, "mj_splits": splits,
        "mj_low_state": low_state, "mj_class9": state_class,
        "mj_class7": by_code(hon_ids, 7),
        "mj_merge_nn": merge_nn, "mj_merge_nz": merge_nz, "mj_final": final,
        # d[m][p] of each class: the capped path (csrc/capped.c) combines suits one by one
        "mj_number_d": num_classes, "mj_honor_d": hon_classes,
    }


# ---- the scorer's split table -------------------------------------------------
# Every count vector of one number suit that is some melds (at most four) and at most
# one pair, with each way to split it; the scorer (csrc/scoring.c) reads a suit's
# splits by hash lookup instead of searching.  A split is packed into 64 bits:
SPLIT_BITS = 16             # open addressing: 21,743 vectors in 2^16 slots (at most 10 probes)
SPLIT_SLOTS = 1 << SPLIT_BITS
SPLIT_HASH = 0x9E3779B97F4A7C15     # key * SPLIT_HASH (mod 2^64) >> (64 - SPLIT_BITS): the first slot tried


def split_key(counts) -> int:
    """3 bits per count, the suit's first kind lowest."""
    return sum(int(c) << (3 * i) for i, c in enumerate(counts))


def _pack_split(runs: list[int], triplets: list[int], pair: int | None) -> int:
    """bits 0-8 triplet kinds, 9-15 run starts, 16-19 the pair (15: none), 20-22 runs,
    23-25 triplets, 26-27 pairs of identical runs, 28 every block holds a terminal,
    32-39 the triplets' fu when concealed (4 a simple, 8 a terminal)."""
    trip_mask = sum(1 << t for t in triplets)
    run_mask = sum(1 << r for r in set(runs))
    peiko = sum(runs.count(r) // 2 for r in set(runs))
    terminal = all(r in (0, 6) for r in runs) and all(t in (0, 8) for t in triplets) \
        and pair in (None, 0, 8)
    fu = sum(8 if t in (0, 8) else 4 for t in triplets)
    return (trip_mask | run_mask << 9 | (15 if pair is None else pair) << 16 | len(runs) << 20
            | len(triplets) << 23 | peiko << 26 | int(terminal) << 28 | fu << 32)


def _search_order(v: tuple) -> list[tuple[tuple, int | None]]:
    """The splits of v in the order a search finds them: the pair lowest first, then at
    the lowest kind held a triplet before runs.  Readings that tie keep the first found,
    so this order is part of what the scorer reports."""
    out = []

    def melds_of(c: list[int], i: int, cur: tuple, pair):
        while i < 9 and not c[i]:
            i += 1
        if i == 9:
            out.append((tuple(sorted(cur)), pair))
            return
        for triplets in range(int(c[i] >= 3), -1, -1):
            runs = c[i] - 3 * triplets
            if len(cur) + triplets + runs > MAX_MELDS or (runs and (i + 2 >= 9 or min(c[i + 1], c[i + 2]) < runs)):
                continue
            d = c[:]
            d[i] = 0
            if runs:
                d[i + 1] -= runs
                d[i + 2] -= runs
            melds_of(d, i + 1, cur + (7 + i,) * triplets + (i,) * runs, pair)

    if sum(v) % 3 == 0:
        melds_of(list(v), 0, (), None)
    for p in range(9) if sum(v) % 3 == 2 else ():
        if v[p] >= 2:
            c = list(v)
            c[p] -= 2
            melds_of(c, 0, (), p)
    return out


def split_tables() -> tuple[np.ndarray, np.ndarray]:
    """(slots, splits): slot = key | 1 << 31 | first split << 32 | number of splits << 48."""
    by_vector: dict[tuple, set] = {}
    for m in range(MAX_MELDS + 1):
        for melds in itertools.combinations_with_replacement(range(16), m):    # 0-6 runs, 7-15 triplets
            base = [0] * 9
            for b in melds:
                for i in ((b, b + 1, b + 2) if b < 7 else (b - 7,) * 3):
                    base[i] += 1
            for pair in (None, *range(9)):
                v = base[:]
                if pair is not None:
                    v[pair] += 2
                if max(v) <= 4:
                    by_vector.setdefault(tuple(v), set()).add((melds, pair))
    slots = np.zeros(SPLIT_SLOTS, np.uint64)
    splits: list[int] = []
    for v in sorted(by_vector):
        key = split_key(v)
        at = (key * SPLIT_HASH % 2 ** 64) >> (64 - SPLIT_BITS)
        while slots[at]:
            at = (at + 1) % SPLIT_SLOTS
        ways = _search_order(v)
        assert sorted(ways, key=repr) == sorted(by_vector[v], key=repr) and len(ways) <= 4
        slots[at] = key | 1 << 31 | len(splits) << 32 | len(ways) << 48
        splits += [_pack_split([b for b in melds if b < 7], [b - 7 for b in melds if b >= 7], pair)
                   for melds, pair in ways]
    return slots, np.array(splits, np.uint64)


def _is_yaochu(kind: int) -> bool:
    return kind < 34 and (kind >= 27 or kind % 9 in (0, 8))


def _c_type(arr: np.ndarray) -> str:
    top = int(arr.max())
    return "uint8_t" if top < 256 else "uint16_t" if top < 65536 else "uint32_t" if top < 2 ** 32 else "uint64_t"


def write(out_dir: Path) -> None:
    tables = build()
    out_dir.mkdir(parents=True, exist_ok=True)
    header = ["/* Generated by tools/gen_tables.py: do not edit. */",
              "#ifndef MJ_TABLES_H", "#define MJ_TABLES_H", "#include <stdint.h>",
              f"#define MJ_NUMBER_CLASSES {tables['mj_merge_nn'].shape[0]}",
              f"#define MJ_HONOR_CLASSES {tables['mj_merge_nz'].shape[1]}",
              f"#define MJ_LEFT_CLASSES {tables['mj_final'].shape[1]}",
              f"#define MJ_RIGHT_CLASSES {tables['mj_final'].shape[2]}",
              f"#define MJ_SPLIT_BITS {SPLIT_BITS}", f"#define MJ_SPLIT_HASH {SPLIT_HASH:#x}ull",
              "/* 0xff at the terminal and honour kinds, padded for word / vector reads */",
              "static const uint8_t MJ_YAOCHU_BYTES[48] = {"
              + ",".join("255" if _is_yaochu(t) else "0" for t in range(48)) + "};"]
    body = ['/* Generated by tools/gen_tables.py: do not edit. */', '#include "mj_tables.h"']
    for name, arr in tables.items():
        dims = "".join(f"[{n}]" for n in arr.shape)
        header.append(f"extern const {_c_type(arr)} {name}{dims};")
        flat = arr.ravel().tolist()
        lines = [",".join(map(str, flat[i:i + 32])) for i in range(0, len(flat), 32)]
        body.append(f"const {_c_type(arr)} {name}{dims} = {{\n" + ",\n".join(lines) + "\n};")
    header.append("#endif")
    (out_dir / "mj_tables.h").write_text("\n".join(header) + "\n")
    (out_dir / "mj_tables.c").write_text("\n".join(body) + "\n")


if __name__ == "__main__":
    write(Path(sys.argv[1] if len(sys.argv) > 1 else "csrc/gen"))
