"""`python -m mjgui review FILE [--player SEAT|NAME] [--json] [--export-problems OUT.json]`

Reads a game log (tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines, gzip or not; the
format is told from the content), replays the player's decisions and rates them
(`mjgui.logs.rate`).  The human report lists, round by round, the decisions where the choice
was not the best, with the loss, then a summary; `--json` prints one object (docs/logs.md).
`--export-problems` writes the costly discards as a nanikiru problem set.  Errors are one line
on stderr and exit status 2.

`add_parser(subparsers)` adds the command; `run(args)` runs it.
"""
from __future__ import annotations

import argparse
import json
import sys

from mjgui.logs.load import load
from mjgui.logs.rate import EV_MAX_SHANTEN, rate_replay, summary
from mjgui.logs.replay import replay
from mjgui.logs.review import severity

EXIT_BAD_INPUT = 2
_UNITS = {"points": "points", "ukeire": "ukeire tiles", "calls": "calls that did not advance the hand"}


def add_parser(subparsers) -> argparse.ArgumentParser:
    text = "review your game: replay a game log and rate every decision of a player"
    cmd = subparsers.add_parser("review", help=text, description=text + (
        ". FILE is a tenhou mjlog (.mjlog/.xml, gzip or not), a tenhou.net/6 JSON log or mjai "
        "JSON lines; the format is read from the content."))
    cmd.add_argument("file", metavar="FILE", help="the game log")
    cmd.add_argument("--player", default="0", metavar="SEAT|NAME",
                     help="whose decisions: a seat 0-3 (0 = the first dealer) or a player's name (default 0)")
    cmd.add_argument("--json", action="store_true", help="one JSON object with every decision")
    cmd.add_argument("--export-problems", metavar="OUT.json",
                     help="write the costly discards as a nanikiru problem set for the drills")
    cmd.add_argument("--ev-shanten", type=int, choices=range(0, EV_MAX_SHANTEN + 1), default=EV_MAX_SHANTEN,
                     metavar="K", help=f"rate by expected value up to K shanten (0-{EV_MAX_SHANTEN}, "
                                       f"default {EV_MAX_SHANTEN}); further, by the analysis ranking")
    return cmd


def review_json(rep, ratings) -> dict:
    """The --json object of a replay and its ratings."""
    record = rep.record
    rounds = []
    for rr, rs in zip(rep.rounds, ratings):
        rounds.append({"round": rr.name, "honba": rr.honba,
                       "decisions": [{**r.to_json(), "severity": severity(r)} for r in rs],
                       "result": rr.result,
                       "checks": [{"seat": c.seat, "hand": c.hand, "hand_matches": c.hand_matches,
                                   "log": list(c.log), "scored": None if c.scored is None else list(c.scored),
                                   "agrees": c.agrees, "problem": c.problem} for c in rr.checks]})
    return {"format": record.format, "players": list(record.players), "player": rep.seat,
            "rounds": rounds, "summary": summary(ratings)}


def _human(rep, ratings) -> str:
    record = rep.record
    name = record.players[rep.seat] or f"seat {rep.seat}"
    n = len(rep.rounds)
    lines = [f"Review of {name} (seat {rep.seat}), {record.format} log, {n} round{'s' * (n != 1)}"]
    for rr, rs in zip(rep.rounds, ratings):
        lines.append(f"{rr.name}-{rr.honba}: {_result_text(rr.result, record.players)}")
        for r in rs:
            if r.agrees:
                continue
            d = r.decision
            what = (f"discarded {d.played}" + (" (riichi)" if d.riichi else "") if d.action == "discard"
                    else f"{r.played} on {d.tile.name} from {d.source}")
            tiles = " ".join([d.hand.mpsz()] + [str(m) for m in d.hand.melds])
            lines.append(f"  turn {d.hand.turn:2d}  {tiles:<20} {what}; best {' / '.join(r.best)} "
                         f"[{r.evaluator}, rank {r.rank}, loss {r.loss:,.1f} {_UNITS.get(r.unit, '')}]")
            if r.under_threat:
                lines.append("            " + _threat_text(r))
    s = summary(ratings)
    # as the app shows them: no empty units, points whole; a call's loss may be in points
    losses = ", ".join(f"{v:,.0f} {_UNITS[u]}" if u != "ukeire" else f"{v:,.1f} {_UNITS[u]}"
                       for u, v in s["loss"].items() if v) or "none"
    share = "-" if s["agreement"] is None else f"{100 * s['agreement']:.1f}%"
    missed = {a: sum(r.decision.action == a and not r.agrees and r.evaluator != "forced" for rs in ratings for r in rs)
              for a in ("discard", "call")}
    lines.append(f"Summary: {s['decisions']} decisions, best chosen {s['agreed']} ({share}), total loss: {losses}; "
                 f"not the best: {missed['discard']} discards, {missed['call']} calls")
    checks = rep.checks
    bad = [c for c in checks if not c.agrees]
    if checks:
        lines.append(f"Scoring check: {len(checks) - len(bad)} of {len(checks)} wins scored as the log paid")
        for c in bad:
            lines.append(f"  round {c.round + 1} seat {c.seat}: log {c.log}, mjgui {c.scored} {c.problem}".rstrip())
    return "\n".join(lines)


def _threat_text(r) -> str:
    """A decision under threat in push / fold words: who threatens, what was played, what is best."""
    who = ", ".join(f"{t.seat} {'riichi' if t.riichi else f'tenpai {100 * t.tenpai:.0f}%'}"
                    for t in r.threats if t.riichi or t.tenpai >= 0.5)
    best = next((a for a in r.ranking if a.choice in r.best), None)
    mine = next((a for a in r.ranking if a.choice == r.played), None)
    text = f"under threat ({who}): played a {mine.verdict if mine else '?'}"
    if mine is not None and mine.deal_in is not None:
        text += f" dealing in {100 * mine.deal_in:.1f}%"
    if best is not None and best.verdict:
        text += f"; best is to {best.verdict} with {best.choice}"
        if best.deal_in is not None:
            text += f" ({100 * best.deal_in:.1f}%)"
    return text


def _result_text(result: dict, players) -> str:
    if result["kind"] == "win":
        parts = []
        for w in result["wins"]:
            how = "tsumo" if w["tsumo"] else f"ron from seat {w['from']}"
            parts.append(f"seat {w['seat']} wins by {how}, {w['han']} han, {w['points']:,} points")
        return "; ".join(parts)
    if result["kind"] == "none":
        return "no result"
    return f"{'exhaustive draw' if result['type'] == 'exhaustive' else result['type']}"


def run(args: argparse.Namespace) -> int:
    try:
        record = load(args.file)
        rep = replay(record, args.player)
        ratings = rate_replay(rep, args.ev_shanten)
        if args.export_problems:
            from mjgui.logs.mistakes import export_problems
            count = export_problems(args.export_problems, ratings, [f"{r.name}-{r.honba}" for r in rep.rounds])
            print(f"mjgui: wrote {count} problem{'s' * (count != 1)} to {args.export_problems}", file=sys.stderr)
    except ValueError as error:        # LogError, or a hand the analysis refuses
        print(f"mjgui: review: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(review_json(rep, ratings), ensure_ascii=False))
    else:
        print(_human(rep, ratings))
    return 0
