"""Whole real games (tenhou.net phoenix room) through mjgui's reader and scorer.

benchmarks/data/tenhou holds 33 hanchan from the public test resources of mjx-project/mjx
(benchmarks/data/tenhou/SOURCES.md).  Every game must load through mjgui's own reader and its
replay check, every win must score in mjgui to what tenhou paid, replayed from each seat, and
the score sheet must add up from round to round: an independent check of the data itself.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mjgui.logs.record import Discard, Win

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "real_games.py"
_spec = importlib.util.spec_from_file_location("real_games", _PATH)
real_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(real_games)

IDS = real_games.game_ids()
READABLE = [gid for gid in IDS if gid not in real_games.UNREADABLE]


def test_the_data_is_there_with_its_sources():
    assert len(IDS) >= 33 and all("gm-00a9-" in gid for gid in IDS)   # phoenix-room hanchan only
    sources = (real_games.DATA / "SOURCES.md").read_text(encoding="utf-8")
    assert all(gid in sources for gid in IDS)
    assert [gid for gid, _ in real_games.games()] == READABLE


@pytest.fixture(scope="module")
def records():
    return dict(real_games.games())


@pytest.mark.parametrize("gid", READABLE)
def test_every_win_scores_as_tenhou_paid(records, gid):
    record = records[gid]
    n_wins = real_games.wins(record)
    for seat in range(4):
        checks = real_games.replay(record, seat).checks
        assert len(checks) == n_wins
        bad = [(c.round, c.seat, c.log, c.scored, c.hand, c.problem) for c in checks if not c.agrees]
        assert not bad, f"{gid}, replayed from seat {seat}"


def _riichi_paid(rnd) -> list[int]:
    """Who put down a riichi stick this round: a riichi discard that was not ronned."""
    paid = [0, 0, 0, 0]
    for i, e in enumerate(rnd.events):
        if isinstance(e, Discard) and e.riichi:
            ronned = i == len(rnd.events) - 1 and any(
                isinstance(r, Win) and not r.tsumo and r.source == e.seat for r in rnd.results)
            paid[e.seat] += not ronned
    return paid


@pytest.mark.parametrize("gid", READABLE)
def test_the_score_sheet_adds_up(records, gid):
    """A round starts with the last one's scores, plus its results' changes, less the riichi
    sticks put down in it; the sticks stay on the table until a win takes them; the points and
    the sticks always make 100,000."""
    rounds = records[gid].rounds
    assert rounds[0].scores == (25000,) * 4 and rounds[0].sticks == 0
    for i, rnd in enumerate(rounds):
        assert sum(rnd.scores) + 1000 * rnd.sticks == 100000, f"{gid} round {i + 1}"
        if i + 1 == len(rounds):
            break
        paid = _riichi_paid(rnd)
        change = [sum(r.deltas[s] for r in rnd.results) - 1000 * paid[s] for s in range(4)]
        expected = tuple(a + d for a, d in zip(rnd.scores, change))
        assert rounds[i + 1].scores == expected, f"{gid} round {i + 2}"
        won = any(isinstance(r, Win) for r in rnd.results)
        assert rounds[i + 1].sticks == (0 if won else rnd.sticks + sum(paid)), f"{gid} round {i + 2}"
