"""Published deal-in figures the danger model starts from (sources in docs/defence.md).

`RIICHI_RATE[row][column]`: the chance, in percent, that a tile of the column's type deals in
to one riichi, by the riichi player's number of discards (row 1-19; row 19 stands for 19 and
more).  Figures of 「統計学のマージャン戦術」 (tenhou games), as tabled in the open-source
mahjong-helper.  A column is a tile type as a defender classes it (suji against the riichi
player's safe tiles, honours by copies still unseen, value honour or not).
"""
from __future__ import annotations

#: the tile types, in the table's column order
COLUMNS = (
    "no-suji 5", "no-suji 4/6", "no-suji 3/7", "no-suji 2/8", "no-suji 1/9",
    "half-suji 5", "half-suji 4/6 (outer safe)", "half-suji 4/6 (inner safe)",
    "suji 3/7", "suji 2/8", "suji 1/9", "double suji 5", "double suji 4/6",
    "value honour, 3+ unseen", "value honour, 2 unseen", "value honour, 1 unseen",
    "guest wind, 3+ unseen", "guest wind, 2 unseen", "guest wind, 1 unseen",
)
COLUMN = {name: i for i, name in enumerate(COLUMNS)}

# Row 1's double-suji figures are not published (no double suji can exist after one discard);
# None there.
RIICHI_RATE: tuple[tuple[float | None, ...], ...] = (
    (5.7, 5.7, 5.8, 4.7, 3.4, 2.5, 2.5, 3.1, 5.6, 3.8, 1.8, None, None, 2.1, 1.2, 0.5, 2.4, 1.4, 1.2),
    (6.6, 6.9, 6.3, 5.2, 4.0, 3.5, 3.5, 4.1, 5.3, 3.5, 1.9, 0.8, 2.6, 2.3, 1.2, 0.5, 2.7, 1.3, 0.4),
    (7.7, 8.0, 6.7, 5.8, 4.6, 4.3, 4.1, 4.9, 5.2, 3.6, 1.8, 1.6, 2.0, 2.4, 1.2, 0.3, 2.6, 1.2, 0.3),
    (8.5, 8.9, 7.1, 6.2, 5.1, 4.8, 4.7, 5.6, 5.2, 3.8, 1.7, 1.6, 2.0, 2.6, 1.1, 0.2, 2.6, 1.2, 0.2),
    (9.4, 9.7, 7.5, 6.7, 5.5, 5.3, 5.1, 6.0, 5.3, 3.7, 1.7, 1.7, 2.0, 2.9, 1.2, 0.2, 2.8, 1.2, 0.2),
    (10.2, 10.5, 7.9, 7.1, 5.9, 5.8, 5.6, 6.4, 5.2, 3.7, 1.7, 1.8, 2.0, 3.2, 1.3, 0.2, 2.9, 1.3, 0.2),
    (11.0, 11.3, 8.4, 7.5, 6.3, 6.3, 6.1, 6.8, 5.3, 3.7, 1.7, 2.0, 2.1, 3.6, 1.4, 0.2, 3.2, 1.4, 0.2),
    (11.9, 12.2, 8.9, 8.0, 6.8, 6.9, 6.6, 7.4, 5.3, 3.8, 1.7, 2.1, 2.2, 4.0, 1.6, 0.2, 3.5, 1.6, 0.2),
    (12.8, 13.1, 9.5, 8.6, 7.4, 7.4, 7.2, 7.9, 5.5, 3.9, 1.8, 2.2, 2.3, 4.6, 1.9, 0.3, 4.0, 1.8, 0.2),
    (13.8, 14.1, 10.1, 9.2, 8.0, 8.0, 7.8, 8.5, 5.6, 4.0, 1.9, 2.4, 2.4, 5.3, 2.2, 0.3, 4.6, 2.1, 0.3),
    (14.9, 15.1, 10.8, 9.9, 8.7, 8.7, 8.5, 9.2, 5.7, 4.2, 2.0, 2.5, 2.6, 6.0, 2.6, 0.4, 5.1, 2.5, 0.3),
    (16.0, 16.3, 11.6, 10.6, 9.4, 9.4, 9.2, 9.9, 6.0, 4.4, 2.2, 2.7, 2.7, 6.8, 3.1, 0.4, 5.1, 2.5, 0.3),
    (17.2, 17.5, 12.4, 11.4, 10.2, 10.2, 10.0, 10.6, 6.2, 4.6, 2.4, 3.0, 3.0, 7.8, 3.7, 0.5, 6.6, 3.7, 0.5),
    (18.5, 18.8, 13.3, 12.3, 11.1, 11.0, 10.9, 11.4, 6.6, 4.9, 2.7, 3.2, 3.1, 8.8, 4.4, 0.7, 7.4, 4.4, 0.6),
    (19.9, 20.1, 14.3, 13.3, 12.0, 11.9, 11.8, 12.3, 7.0, 5.3, 3.0, 3.4, 3.4, 9.9, 5.2, 0.8, 8.4, 5.3, 0.8),
    (21.3, 21.7, 15.4, 14.3, 13.1, 12.9, 12.8, 13.3, 7.4, 5.7, 3.3, 3.7, 3.6, 11.2, 6.2, 1.0, 9.4, 6.5, 0.9),
    (22.9, 23.2, 16.6, 15.4, 14.2, 14.0, 13.8, 14.4, 8.0, 6.1, 3.6, 3.9, 3.9, 12.4, 7.3, 1.3, 10.5, 7.7, 1.2),
    (24.7, 24.9, 17.9, 16.7, 15.4, 15.2, 15.0, 15.6, 8.5, 6.6, 4.0, 4.3, 4.2, 13.9, 8.5, 1.7, 11.8, 9.4, 1.6),
    (27.5, 27.8, 20.4, 19.1, 17.8, 17.5, 17.5, 17.5, 9.8, 7.4, 5.0, 5.1, 5.1, 18.1, 12.1, 2.8, 14.7, 12.6, 2.1),
)

# Ratios from the deal-in rates against one riichi in 17,670 tenhou games (gimite.net,
# 「統計による麻雀危険牌分析」, midpoints of the 95 % intervals): a no-chance tile (every two-sided
# wait through it needs a tile whose four copies are visible) 3.35 % and a one-chance tile
# 7.65 % against 12.05 % for a tile with no suji; the outside tiles of an early discard 4.2 %
# against 8.0 % for the 1/2/8/9 tiles with no suji (the terminal-side tiles it protects); the
# suji of the riichi tile 5.15 % against 4.55 % for suji.
NO_CHANCE_FACTOR = 3.35 / 12.05
ONE_CHANCE_FACTOR = 7.65 / 12.05
EARLY_OUTSIDE_FACTOR = 4.2 / 8.0
RIICHI_SUJI_FACTOR = 5.15 / 4.55
