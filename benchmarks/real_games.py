"""Real tenhou.net phoenix-room games as test and benchmark data (see data/tenhou/SOURCES.md).

    python benchmarks/real_games.py

Each ``data/tenhou/<game id>.json`` is an "mjscore" file: one tenhou.net/6 JSON object per
line, one round per line; a ``<game id>.mjlog`` is tenhou's own XML log of a game kept only in
that form.  `games()` joins an mjscore file's rounds into one tenhou.net/6 game and reads every
game with mjgui's own reader (``mjgui.logs``), whose check replays every round and refuses
impossible play, so a transcription slip in the data stops the load.  Run as a script, it
prints per game the rounds, wins and discards and whether every win's replay check agrees
(mjgui scores the hand to the han, fu and points tenhou paid) from all four seats.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from mjgui.logs import LogError, load, loads, replay
from mjgui.logs.record import Discard, GameRecord, Win

DATA = Path(__file__).resolve().parent / "data" / "tenhou"

#: game id -> why mjgui cannot read it (a reader limitation, not a slip); kept out of games()
UNREADABLE: dict[str, str] = {}


def join_rounds(text: str, name: str = "") -> str:
    """One tenhou.net/6 game (JSON text) from an mjscore file's lines: the first line's
    players, title and rule, and every line's rounds in order.  The lines must agree on the
    players and the rule (one game), else LogError."""
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not lines:
        raise LogError("no round", name)
    head = lines[0]
    for i, line in enumerate(lines):
        if not isinstance(line, dict) or not isinstance(line.get("log"), list):
            raise LogError("not a tenhou.net/6 round object", name, f"line {i + 1}")
        if line.get("name") != head.get("name") or line.get("rule") != head.get("rule"):
            raise LogError("players or rule differ from the first line's: not one game", name, f"line {i + 1}")
    game = {key: head[key] for key in ("title", "name", "rule") if key in head}
    game["log"] = [rnd for line in lines for rnd in line["log"]]
    return json.dumps(game, ensure_ascii=False)


def game_ids() -> list[str]:
    """Every game id with a file in data/tenhou (mjscore or mjlog), readable or not."""
    return sorted({p.stem for p in DATA.glob("*.json")} | {p.stem for p in DATA.glob("*.mjlog")})


def load_game(game_id: str) -> GameRecord:
    """One game through mjgui's reader and its replay check (LogError on any problem)."""
    path = DATA / f"{game_id}.json"
    if not path.exists():
        return load(DATA / f"{game_id}.mjlog")
    return loads(join_rounds(path.read_text(encoding="utf-8"), str(path)), str(path))


def games() -> list[tuple[str, GameRecord]]:
    """(game id, record) of every game mjgui reads, in id order."""
    return [(gid, load_game(gid)) for gid in game_ids() if gid not in UNREADABLE]


def wins(record: GameRecord) -> int:
    return sum(isinstance(r, Win) for rnd in record.rounds for r in rnd.results)


def discards(record: GameRecord) -> int:
    return sum(isinstance(e, Discard) for rnd in record.rounds for e in rnd.events)


def disagreements(record: GameRecord) -> list[tuple[int, object]]:
    """(seat, WinCheck) of every win check that does not agree, replayed from each seat."""
    return [(seat, c) for seat in range(4) for c in replay(record, seat).checks if not c.agrees]


def main() -> int:
    total = {"games": 0, "rounds": 0, "wins": 0, "discards": 0, "bad": 0}
    print(f"{'game':34} {'rounds':>6} {'wins':>5} {'discards':>8}  checks (4 seats)")
    for gid, record in games():
        bad = disagreements(record)
        n_rounds, n_wins, n_discards = len(record.rounds), wins(record), discards(record)
        print(f"{gid:34} {n_rounds:6} {n_wins:5} {n_discards:8}  {'all agree' if not bad else f'{len(bad)} DISAGREE'}")
        for seat, c in bad:
            print(f"    seat {seat} view, round {c.round + 1}, winner {c.seat}: log {c.log}, "
                  f"mjgui {c.scored}, hand {c.hand!r} {c.problem}")
        for key, n in zip(total, (1, n_rounds, n_wins, n_discards, len(bad))):
            total[key] += n
    for gid, reason in sorted(UNREADABLE.items()):
        print(f"{gid:34} not read: {reason}")
    print(f"total: {total['games']} games, {total['rounds']} rounds, {total['wins']} wins, "
          f"{total['discards']} discards; {total['bad']} win checks disagree")
    return 1 if total["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
