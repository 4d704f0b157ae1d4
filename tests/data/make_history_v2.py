"""Write ``history-v2.sqlite``: a drill history as mjgui wrote it with the Leitner review
queue (schema version 2), for the test of the migration to FSRS cards.

It must run with the OLD code (mjgui at commit df99fed, before FSRS), whose
``mjgui/drills/history.py`` and ``review.py`` were copied into a package ``oldmj`` on
``PYTHONPATH``::

    mkdir -p /tmp/oldpkg/oldmj && touch /tmp/oldpkg/oldmj/__init__.py
    git show df99fed:mjgui/drills/history.py > /tmp/oldpkg/oldmj/history.py
    git show df99fed:mjgui/drills/review.py > /tmp/oldpkg/oldmj/review.py
    PYTHONPATH=/tmp/oldpkg python tests/data/make_history_v2.py tests/data/history-v2.sqlite

The answers (problems of the starter set, as stored JSON):
    p-retired  missed, then right at 0, 1, 3, 7 and 14 days: box 6 (retired)
    p-box3     missed, right at once, right a day later: box 3
    p-missed   missed twice: box 1, due
    p-removed  missed, then removed from the queue
    p-good     only right answers: never in the queue
    p-damaged  missed; its answer row is then damaged (an unreadable time)
"""
import sqlite3
import sys
from datetime import datetime, timedelta, timezone

from oldmj.history import SCHEMA_VERSION, Attempt, HistoryStore
from oldmj.review import ReviewQueue

from mjgui.drills.problems import starter_set

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
DAY = timedelta(days=1)


def main(path: str) -> None:
    assert SCHEMA_VERSION == 2
    problems = [p.to_json() for p in starter_set() if p.drill == "nanikiru"][:6]
    names = ["p-retired", "p-box3", "p-missed", "p-removed", "p-good", "p-damaged"]
    dicts = {name: {**p, "id": name} for name, p in zip(names, problems)}

    def answer(name: str, correct: bool, at: datetime) -> None:
        store.record(Attempt.from_problem(dicts[name], pick="1m", correct=correct,
                                          score=1.0 if correct else 0.25, seconds=12.5,
                                          answered_at=at, set_name="starter"))

    store = HistoryStore.open(path)
    answer("p-retired", False, T0)
    t = T0
    for days in (0, 1, 3, 7, 14):
        t += days * DAY
        answer("p-retired", True, t)
    answer("p-box3", False, T0 + timedelta(hours=1))
    answer("p-box3", True, T0 + timedelta(hours=1, minutes=2))
    answer("p-box3", True, T0 + timedelta(days=1, hours=3))
    answer("p-missed", False, T0 + 2 * DAY)
    answer("p-missed", False, T0 + 20 * DAY)
    answer("p-removed", False, T0 + 3 * DAY)
    answer("p-good", True, T0 + 4 * DAY)
    answer("p-good", True, T0 + 5 * DAY)
    answer("p-damaged", False, T0 + 6 * DAY)
    queue = ReviewQueue(store)
    assert queue.remove("p-removed")
    assert queue.boxes() == {1: 2, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1}
    store.connection.execute("UPDATE attempts SET answered_at = 'yesterday' "
                             "WHERE problem_id = 'p-damaged'")
    store.close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")     # one self-contained file
    conn.execute("VACUUM")
    conn.close()


if __name__ == "__main__":
    main(sys.argv[1])
