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


def rank_table(ntiles: int) -> np.ndarray:
    """R[j][s][c]: rank = sum_j R[j][prefix_j][c_j] numbers the vectors with at
    most MAX_TILES tiles 0, 1, 2, ... in lexicographic order (a minimal perfect hash)."""
    # fits[j][s] = vectors over positions j.. with sum <= s
    fits = np.zeros((ntiles + 1, MAX_TILES + 1), np.int64)
    fits[ntiles, :] = 1
    for j in range(ntiles - 1, -1, -1):
        for s in range(MAX_TILES + 1):
            fits[j, s] = sum(fits[j + 1, s - c] for c in range(5) if c <= s)
    table = np.zeros((ntiles, MAX_TILES + 1, 5), np.int64)
    for j in range(ntiles):
        for prefix in range(MAX_TILES + 1):
            left = MAX_TILES - prefix
            for c in range(5):
                table[j, prefix, c] = sum(fits[j + 1, left - v] for v in range(c) if v <= left)
    return table


def classify(ntiles: int, runs: bool):
    """Class id of every vector (in rank order) and the d-vector of each class."""
    d = suit_distances(ntiles, runs).reshape(2 * (MAX_MELDS + 1), -1).T
    sizes = np.indices((5,) * ntiles).reshape(ntiles, -1).sum(0)
    # np.indices enumerates in C order = lexicographic, the order rank_table numbers
    d = d[sizes <= MAX_TILES]
    classes, ids = np.unique(d, axis=0, return_inverse=True)
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


def split_rank_tables(rank: np.ndarray):
    """The rank of a 9-tile suit as lo[code(c0..c4)] + hi[c0+..+c4][code(c5..c8)],
    code(c) = sum_j c_j * 5**j: two loads instead of nine.  Rows for more than
    14 low tiles exist (zero) so that any counts 0..4 index inside the tables."""
    lo = np.zeros(5 ** 5, np.int64)
    hi = np.zeros((5 * 4 + 1, 5 ** 4), np.int64)
    for digits in itertools.product(range(5), repeat=5):
        prefix, total = 0, 0
        for j, c in enumerate(digits):
            total += rank[j, prefix, c] if prefix <= MAX_TILES else 0
            prefix += c
        if prefix <= MAX_TILES:
            lo[_code(digits)] = total
    for start in range(MAX_TILES + 1):
        for digits in itertools.product(range(5), repeat=4):
            prefix, total = start, 0
            for j, c in enumerate(digits, 5):
                total += rank[j, prefix, c] if prefix <= MAX_TILES else 0
                prefix += c
            if prefix <= MAX_TILES:
                hi[start, _code(digits)] = total
    return lo, hi


def _code(digits) -> int:
    return sum(c * 5 ** j for j, c in enumerate(digits))


def build() -> dict[str, np.ndarray]:
    num_ids, num_classes = classify(9, runs=True)
    hon_ids, hon_classes = classify(7, runs=False)
    # honours are few: index their classes by code directly (over 14 tiles: unused, 0)
    hon_by_code = np.zeros(5 ** 7, np.int64)
    rank7 = 0
    for digits in itertools.product(range(5), repeat=7):   # lexicographic = rank order
        if sum(digits) <= MAX_TILES:
            hon_by_code[_code(digits)] = hon_ids[rank7]
            rank7 += 1
    rank_lo, rank_hi = split_rank_tables(rank_table(9))
    merge_nn, left = merge_table(num_classes, num_classes)
    merge_nz, right = merge_table(num_classes, hon_classes)
    # final[k][x][y] = replacement number of k melds + the pair: a merge's (k, 1)
    final = np.zeros((MAX_MELDS + 1, len(left), len(right)), np.int64)
    for x, y in itertools.product(range(len(left)), range(len(right))):
        final[:, x, y] = merge(left[x], right[y])[:, 1]
    assert max(len(num_classes), len(hon_classes), len(left), len(right)) <= 256
    return {
        "mj_rank_lo": rank_lo, "mj_rank_hi": rank_hi,
        "mj_class9": num_ids, "mj_class7": hon_by_code,
        "mj_merge_nn": merge_nn, "mj_merge_nz": merge_nz, "mj_final": final,
    }


def _is_yaochu(kind: int) -> bool:
    return kind < 34 and (kind >= 27 or kind % 9 in (0, 8))


def _c_type(arr: np.ndarray) -> str:
    return "uint32_t" if arr.max() > 255 else "uint8_t"


def write(out_dir: Path) -> None:
    tables = build()
    out_dir.mkdir(parents=True, exist_ok=True)
    header = ["/* Generated by tools/gen_tables.py: do not edit. */",
              "#ifndef MJ_TABLES_H", "#define MJ_TABLES_H", "#include <stdint.h>",
              f"#define MJ_NUMBER_CLASSES {tables['mj_merge_nn'].shape[0]}",
              f"#define MJ_HONOR_CLASSES {tables['mj_merge_nz'].shape[1]}",
              f"#define MJ_LEFT_CLASSES {tables['mj_final'].shape[1]}",
              f"#define MJ_RIGHT_CLASSES {tables['mj_final'].shape[2]}",
              "/* 0xff at the terminal and honour kinds, padded to 40 bytes for word reads */",
              "static const uint8_t MJ_YAOCHU_BYTES[40] = {"
              + ",".join("255" if _is_yaochu(t) else "0" for t in range(40)) + "};"]
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
