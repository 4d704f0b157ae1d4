"""Reviewed games in the history: the games table, its upgrade from version 3, damaged rows,
and the statistics over them."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from mjgui.drills import history as hist
from mjgui.drills.games_table import GameSummary
from mjgui.drills.history import HistoryStore
from mjgui.drills.stats import games_by_day, games_total

T0 = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)


def game(game_id="g1", seat=0, decisions=60, agreed=45, at=T0, **kw) -> GameSummary:
    fields = dict(player="Ann", format="mjlog", title="", loss_points=1200.0, loss_ukeire=8.0,
                  loss_calls=1.0, shape=6, value=3, calls=1)
    fields.update(kw)
    return GameSummary(game_id=game_id, seat=seat, reviewed_at=at, decisions=decisions, agreed=agreed, **fields)


@pytest.mark.parametrize("bad", [dict(seat=4), dict(decisions=3, agreed=4), dict(loss_points=float("nan")),
                                 dict(loss_ukeire=-1.0), dict(shape=-1), dict(game_id=""), dict(player=None),
                                 dict(at=datetime(2026, 1, 1)), dict(calls=True), dict(title="\ud800")])
def test_a_summary_refuses_impossible_values(bad) -> None:
    with pytest.raises(ValueError):
        game(**bad)


def test_games_are_kept_in_review_order_and_a_second_review_replaces_the_first(tmp_path) -> None:
    with HistoryStore.open(tmp_path / "h.sqlite") as store:
        store.record_game(game("g2", at=T0 + timedelta(days=1)))
        store.record_game(game("g1"))
        store.record_game(game("g1", seat=1, player="Bob"))     # another seat: another row
        store.record_game(game("g2", decisions=50, agreed=50, at=T0 + timedelta(days=2)))
        games, damaged = store.games()
    assert damaged == 0
    assert [(g.game_id, g.seat) for g in games] == [("g1", 0), ("g1", 1), ("g2", 0)]
    assert games[-1].agreement == 1.0 and games[-1].reviewed_at == T0 + timedelta(days=2)
    with HistoryStore.open(tmp_path / "h.sqlite") as store:      # it survives a reopen
        assert len(store.games()[0]) == 3


def test_damaged_rows_are_skipped_and_counted(tmp_path) -> None:
    path = tmp_path / "h.sqlite"
    with HistoryStore.open(path) as store:
        store.record_game(game("ok"))
        store.record_game(game("bad1"))
        store.record_game(game("bad2"))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET decisions = 'many' WHERE game_id = 'bad1'")
    conn.execute("UPDATE games SET agreed = 999 WHERE game_id = 'bad2'")
    conn.commit()
    conn.close()
    with HistoryStore.open(path) as store:
        games, damaged = store.games()
    assert [g.game_id for g in games] == ["ok"] and damaged == 2


def test_a_version_3_history_gains_the_games_table_and_keeps_its_answers(tmp_path, monkeypatch) -> None:
    path = tmp_path / "h.sqlite"
    monkeypatch.setattr(hist, "SCHEMA_VERSION", 3)
    with HistoryStore.open(path) as store:
        assert "games" not in {r[0] for r in store.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        store.connection.execute("INSERT INTO attempts (problem_id, drill, theme, shanten, problem, pick, "
                                 "correct, score, seconds, answered_at, set_name) VALUES "
                                 "('p1', 'nanikiru', 'any', 1, '{}', '1m', 1, 1.0, 3.0, ?, '')",
                                 (T0.isoformat(),))
        store.connection.commit()
    monkeypatch.undo()
    with HistoryStore.open(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == hist.SCHEMA_VERSION == 5
        assert store.count() == 1
        store.record_game(game())
        assert len(store.games()[0]) == 1


def test_statistics_weight_agreement_by_decisions() -> None:
    day2 = T0 + timedelta(days=1)
    games = [game("a", decisions=10, agreed=10), game("b", decisions=30, agreed=15),
             game("c", decisions=20, agreed=5, at=day2, shape=1, value=0, calls=2),
             game("d", decisions=0, agreed=0, at=day2 + timedelta(days=1))]
    by_day = games_by_day(games, tz=timezone.utc)
    assert by_day == [(T0.date(), 2, 25 / 40), (day2.date(), 1, 5 / 20)]
    total = games_total(games)
    assert (total.games, total.decisions, total.shape, total.value, total.calls) == (4, 60, 19, 9, 5)
    assert total.agreement == pytest.approx(30 / 60)
    assert games_total([]).agreement is None
