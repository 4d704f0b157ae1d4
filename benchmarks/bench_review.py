"""Timings of the FSRS review queue (mjgui.drills.review) on a large queue.

    python benchmarks/bench_review.py [--queue N] [--answers M]

In a fresh history in a temporary folder: the import of ``fsrs`` in a new interpreter
(``-X importtime``, the app imports it at the first answer, not at start); N problems put in
the queue; the first read of the queue (every row read and checked); then M answers, each
recorded (the answer and its card in one committed transaction) and followed by the due count
of its drill, which the drill page shows after every answer.  Prints medians in ms.  See
benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from mjgui.drills.history import Attempt, HistoryStore
from mjgui.drills.problems import starter_set
from mjgui.drills.review import ReviewQueue

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def fsrs_import_ms(rounds: int = 5) -> float:
    """Median cumulative import time of ``fsrs`` in a fresh interpreter."""
    times = []
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import fsrs"],
                             capture_output=True, text=True, check=True).stderr
        line = [x for x in out.splitlines() if re.search(r"\|\s*fsrs$", x)][-1]
        times.append(int(line.split("|")[1]) / 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queue", type=int, default=5000, metavar="N")
    parser.add_argument("--answers", type=int, default=50, metavar="M")
    args = parser.parse_args()
    print(f"import fsrs (new interpreter): {fsrs_import_ms():.1f} ms")
    template = next(p.to_json() for p in starter_set() if p.drill == "nanikiru")
    with tempfile.TemporaryDirectory() as folder, HistoryStore.open(Path(folder) / "h.db") as store:
        queue = ReviewQueue(store)
        start = time.perf_counter()
        queue.add_problems([{**template, "id": f"q{i}"} for i in range(args.queue)], now=T0)
        print(f"add {args.queue} problems: {(time.perf_counter() - start) * 1e3:.0f} ms")
        start = time.perf_counter()
        counts = queue.counts(now=T0)
        print(f"first read of a queue of {counts['total']}: "
              f"{(time.perf_counter() - start) * 1e3:.1f} ms")
        record, count = [], []
        for i in range(args.answers):
            at = T0 + timedelta(minutes=i)
            attempt = Attempt.from_problem({**template, "id": f"q{i}"}, pick="1m",
                                           correct=i % 3 != 0, score=1.0, seconds=20.0,
                                           answered_at=at)
            start = time.perf_counter()
            store.record(attempt)
            middle = time.perf_counter()
            queue.counts(now=at, drill="nanikiru")
            record.append(middle - start)
            count.append(time.perf_counter() - middle)
        print(f"record one answer (median of {args.answers}): "
              f"{statistics.median(record) * 1e3:.2f} ms")
        print(f"then count the due problems of its drill: {statistics.median(count) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
