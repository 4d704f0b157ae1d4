"""The blocks of memory the graph search (shanten-back and tegawari) keeps per thread from
one search to the next (csrc/ev_blocks.c): a search on a thread whose kept blocks hold
another search's tables and values gives the numbers of a search on a new thread, which
has none (each thread starts without kept blocks)."""
from __future__ import annotations

import random
import threading

from mjgui import core
from mjgui.ev import EvOptions
from mjgui.scoring import pack, rule_flags

from test_ev import random_hand

OPTIONS = EvOptions(shanten_back=True, tegawari=True).flags


def _hands(seed: int, shanten: int, count: int) -> list[bytes]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hand = random_hand(rng, shanten)
        if core.shanten(hand.counts) == shanten:
            found.append(pack(hand, 0, ()))
    return found


def _search(packed: bytes, turn: int) -> tuple[int, bytes, int]:
    result, rows, states = core.ev_packed(packed, turn, OPTIONS, rule_flags("tenhou"))
    return result, rows.tobytes(), states


def _on_new_thread(packed: bytes, turn: int) -> tuple[int, bytes, int]:
    out = []
    worker = threading.Thread(target=lambda: out.append(_search(packed, turn)))
    worker.start()
    worker.join()
    return out[0]


def test_kept_blocks_give_the_numbers_of_fresh_ones():
    # 2-shanten at turn 1: thousands of states, tables and rows well past the smallest block
    # kept; in between, 3-shanten searches leave their (bigger, dirty) blocks on this thread
    small, big = _hands(71, 2, 4), _hands(72, 3, 2)
    for i, packed in enumerate(small):
        _search(big[i % 2], 1)
        fresh = _on_new_thread(packed, 1)
        assert fresh[2] > 2000
        assert _search(packed, 1) == fresh
        assert _search(packed, 1) == fresh       # again, now reusing its own blocks


def test_small_kept_blocks_give_the_numbers_of_fresh_ones():
    # 1-shanten: a few hundred states, arrays of tens of KB from the small pool; the searches in
    # between (other 1-shanten hands, a 2-shanten one) leave theirs dirty on this thread
    hands, other = _hands(74, 1, 6), _hands(75, 2, 1)[0]
    want = [_on_new_thread(packed, 1) for packed in hands]
    assert min(states for _, _, states in want) > 50
    for _ in range(2):
        _search(other, 1)
        assert [_search(packed, 1) for packed in hands] == want
        assert [_search(packed, 9) for packed in reversed(hands)] == [_on_new_thread(p, 9) for p in reversed(hands)]


def test_threads_searching_side_by_side_keep_their_own_blocks():
    hands = _hands(73, 2, 3)
    want = [_on_new_thread(packed, 1) for packed in hands]
    got: dict[int, list] = {}

    def work(k: int) -> None:
        got[k] = [_search(packed, turn) for packed in hands for turn in (1, 1)]

    workers = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for k in range(3):
        assert got[k] == [w for w in want for _ in (1, 1)]
