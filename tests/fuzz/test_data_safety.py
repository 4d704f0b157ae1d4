"""Data safety: a process answering drills is killed (SIGKILL) at random moments, several
times over the same history; every answer it acknowledged (printed after the commit) is in
the history, the file passes PRAGMA integrity_check and is never moved aside."""
from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path


from mjgui.drills.history import HistoryStore

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("MJGUI_KILLS", "6"))

CHILD = r"""
import sys
from mjgui.drills.history import HistoryStore
from mjgui.drills.problems import starter_set
from mjgui.drills.session import DrillSession
from mjgui.tiles import parse_tiles

store = HistoryStore.open(sys.argv[1])
problems = [p for p in starter_set().problems if p.drill == "nanikiru"]
print("ready", flush=True)
round_ = 0
while True:
    session = DrillSession("nanikiru", problems, store=store, set_name=f"run {round_}")
    while True:
        problem = session.current()
        pick = problem.best[0] if round_ % 2 == 0 else parse_tiles(problem.hand)[0].name   # right, and maybe wrong
        session.answer(pick)
        result = session.result
        assert result.attempt_id is not None, session.store_error
        # committed before this line; one write, so a kill never leaves half of it
        sys.stdout.write(f"ack {result.attempt_id} {problem.id}\n")
        sys.stdout.flush()
        if session.next() is None:
            break
    round_ += 1
"""


def run_and_kill(db: Path, rng: random.Random) -> tuple[set[int], bool]:
    """Start a drill process, kill it at a random moment; the attempt ids it acknowledged
    and whether it had opened the history by then."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        early = rng.random() < 0.25               # sometimes while it starts / creates the file
        deadline = time.monotonic() + 20
        if not early:                              # else: wait until it answers
            while time.monotonic() < deadline:
                ready, _, _ = select.select([proc.stdout], [], [], 0.5)
                if ready:
                    break
        time.sleep(rng.uniform(0.0, 0.4) if early else rng.uniform(0.05, 0.6))
    finally:
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == -signal.SIGKILL, err.decode(errors="replace")
    text = out.decode()
    lines = text.splitlines()
    if lines and not text.endswith("\n"):
        lines.pop()                                # the kill cut the last line short
    acked = {int(line.split()[1]) for line in lines if line.startswith("ack ")}
    return acked, "ready" in lines


def test_acknowledged_answers_survive_random_kills(tmp_path):
    rng = random.Random(os.environ.get("MJGUI_KILL_SEED", time.time_ns()))
    db = tmp_path / "history.sqlite"
    acknowledged: set[int] = set()
    started = 0
    for _ in range(KILLS):
        acked, ready = run_and_kill(db, rng)
        acknowledged |= acked
        started += ready
        if db.exists():
            conn = sqlite3.connect(str(db))
            try:
                assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
                stored = {row[0] for row in conn.execute("SELECT id FROM attempts")}
            finally:
                conn.close()
            missing = acknowledged - stored
            assert not missing, f"acknowledged answers lost: {sorted(missing)}"
    assert started and acknowledged, "no run got far enough to answer: the test proved nothing"
    with HistoryStore.open(db) as store:
        assert store.moved_to is None and store.recovered is None
        attempts, skipped = store.read_attempts()
        assert skipped == 0 and acknowledged <= {a.id for a in attempts}
    assert not list(tmp_path.glob("*.corrupt-*"))
