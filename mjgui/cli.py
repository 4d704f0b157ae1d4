"""Command line: `python -m mjgui COMMAND` (no command opens the app).

Hands come from the arguments, else one per line on standard input.  Bad
input gives one line on stderr naming the problem (and the line, in batch
mode), the other hands are still answered, and the exit status is 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Iterator

from dataclasses import replace

from mjgui import core
from mjgui.tiles import (KIND_NAMES, MAX_TEXT, Tile, TileError, check_length, clip, format_tiles,
                         parse_tiles)

EXIT_BAD_INPUT = 2


_MAX_LINE_BYTES = 4 * MAX_TEXT       # a hand line longer than this is not a hand


def _stdin_lines() -> Iterator[tuple[int, str | None, str | None]]:
    """(number, text, problem) per stdin line.  Lines are read and decoded one by one
    from the bytes, so an undecodable or absurdly long line is one error (`problem`)
    and the lines before and after it are still answered."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:                 # a text-only stream (an embedding program, a test)
        for number, line in enumerate(sys.stdin, 1):
            yield number, line, None
        return
    encoding = sys.stdin.encoding or "utf-8"
    number = 0
    while True:
        raw = buffer.readline(_MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if len(raw) > _MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):          # skip the rest of the line
                raw = buffer.readline(1 << 16)
            yield number, None, f"the line is too long (over {_MAX_LINE_BYTES:,} bytes)"
            continue
        try:
            yield number, raw.decode(encoding), None
        except UnicodeDecodeError as error:
            yield number, None, (f"not valid {error.encoding} text (byte {raw[error.start]:#04x} "
                                 f"at position {error.start + 1})")


def _hands(args: list[str]) -> Iterator[tuple[str, str | None, str | None]]:
    """(where, text, problem) for each hand: from the arguments, else from stdin."""
    if args:
        for i, text in enumerate(args, 1):
            yield f"argument {i}", text, None
        return
    for number, line, problem in _stdin_lines():
        text = line.strip().lstrip("\ufeff") if line is not None else None
        if problem or (text and not text.startswith("#")):
            yield f"line {number}", text, problem


def _run(args: list[str], answer: Callable[[str], tuple[dict, str]], as_json: bool) -> int:
    """Answer each hand; report bad ones on stderr and keep going."""
    status = 0
    for where, text, problem in _hands(args):
        if problem is not None or text is None:
            print(f"mjgui: {where}: {problem}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        try:
            check_length(text, "the hand")          # before a slow parse, and no huge echo
            record, human = answer(text)
        except (TileError, core.HandError) as error:
            print(f"mjgui: {where}: {clip(text)}: {error}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        print(json.dumps(record, ensure_ascii=False) if as_json else human, flush=True)
    return status


def _optional(value: int | None) -> str:
    return "-" if value is None else str(value)


def _hand_of(text: str):
    """The full hand text form (melds, dora, visible, ...), as `analyze` takes it; the
    concealed part written as before, then the other tokens."""
    from mjgui.hand import Hand
    hand = Hand.parse(text)
    _, _, rest = str(hand).partition(" ")
    name = format_tiles(hand.concealed) + (" " + rest if rest else "")
    return hand, name


def shanten_answer(text: str) -> tuple[dict, str]:
    from mjgui.analysis import meld_caps
    hand, name = _hand_of(text)
    c = hand.counts
    caps = meld_caps(hand.melds)
    if caps is None:
        best, regular = core.shanten(c), core.shanten_regular(c)
        chiitoi, kokushi = core.shanten_chiitoi(c), core.shanten_kokushi(c)
    else:                   # melds: the regular form under their caps (docs/engine.md)
        best = regular = core.shanten_capped(c, caps, core.REGULAR)
        chiitoi = kokushi = None
    record = {"hand": name, "shanten": best, "regular": regular, "chiitoi": chiitoi, "kokushi": kokushi}
    human = (f"{record['hand']}: shanten {record['shanten']} (regular {record['regular']}, "
             f"seven pairs {_optional(record['chiitoi'])}, thirteen orphans {_optional(record['kokushi'])})")
    return record, human


def waits_answer(text: str) -> tuple[dict, str]:
    from mjgui.waits import useful_draws
    hand, name = _hand_of(text)
    shanten, uke = useful_draws(hand)
    remaining = hand.remaining()
    record = {
        "hand": name,
        "shanten": shanten,
        "waits": [KIND_NAMES[t] for t in uke] if shanten == 0 else [],
        "ukeire": [{"tile": KIND_NAMES[t], "remaining": remaining[t]} for t in uke],
    }
    total = sum(u["remaining"] for u in record["ukeire"])
    listed = " ".join(f"{u['tile']}({u['remaining']})" for u in record["ukeire"])
    if shanten == 0:
        human = f"{record['hand']}: tenpai, waits {listed} - {total} tiles"
    elif shanten < 0:
        human = f"{record['hand']}: complete"
    else:
        human = f"{record['hand']}: {shanten}-shanten, ukeire {listed} - {total} tiles"
    return record, human


def _tiles_text(tiles) -> str:
    return " ".join(f"{t.name}({t.remaining})" for t in tiles)


def _row_line(row, hand_shanten: int) -> str:
    from mjgui.words import shanten_word
    head = f"discard {row.tile.name}: " if row.tile is not None else ""
    parts = [f"{head}{row.verdict('en', hand_shanten)}",
             f"   ukeire [{_tiles_text(row.ukeire)}] = {row.ukeire_total}"]
    if row.improvements:
        parts.append(f"   improvements [{_tiles_text(row.improvements)}] = {row.improvement_total}")
    if row.good_shape_rate is not None:
        parts.append(f"   good shape {100 * row.good_shape_rate:.0f}%")
    if row.second_step is not None:
        parts.append(f"   second step {row.second_step}")
    for call in row.calls:
        uses = "".join(KIND_NAMES[u][0] for u in call.uses) + KIND_NAMES[call.uses[0]][1]
        yaku = call.describe_yaku("en")
        warn = f"  ({yaku})" if yaku else ""
        parts.append(f"   {call.call} {call.name} with {uses} ({call.remaining} left) -> "
                     f"{shanten_word(call.shanten)}{warn}")
    return "\n".join(parts)


def _threat_lines(table) -> list[str]:
    """The opponents' threats, one line each (a hand with a table state)."""
    return [f"   {t.seat}: {'riichi' if t.riichi else f'tenpai {100 * t.tenpai:.0f}%'}, "
            f"wins ~{t.value:,.0f} ({t.basis})" for t in table.threats if t.tenpai > 0]


def analyze_answer(visible: str | None) -> Callable[[str], tuple[dict, str]]:
    from mjgui.analysis import analyze
    from mjgui.hand import Hand
    extra = tuple(parse_tiles(visible)) if visible else ()

    def answer(text: str) -> tuple[dict, str]:
        hand = Hand.parse(text)
        if extra:
            hand = replace(hand, visible=hand.visible + extra)
        result = analyze(hand)
        forms = (f"regular {result.regular}, seven pairs {_optional(result.chiitoi)}, "
                 f"thirteen orphans {_optional(result.kokushi)}")
        lines = [f"{hand}: shanten {result.shanten} ({forms})"]
        record = result.to_json()
        from mjgui.defence.values import table_danger
        table = table_danger(hand)
        if table is not None:
            record["threats"] = [t.to_json() for t in table.threats]
            lines += _threat_lines(table)
        if result.current is not None:
            lines.append(_row_line(result.current, result.shanten))
            if result.waits is not None:
                lines += ["   " + w.name + f" ({w.remaining} left): {w.label('en')}" for w in result.waits.waits]
                lines += ["   " + r for r in result.waits.reasons("en")]
        else:
            for r, out in zip(result.rows, record["discards"]):
                line = _row_line(r, result.shanten)
                if table is not None:
                    k = r.tile.kind
                    out["deal_in"] = round(table.p(k), 4)
                    line += f"\n   deal-in {100 * table.p(k):.1f}% ({table.main_reason(k)})"
                lines.append(line)
        return record, "\n".join(lines)
    return answer


def score_answer(rules: str) -> Callable[[str], tuple[dict, str]]:
    from mjgui.hand import Hand
    from mjgui.scoring import score

    def answer(text: str) -> tuple[dict, str]:
        hand = Hand.parse(text)
        s = score(hand, rules)
        record = {"hand": str(hand), **s.to_json()}
        if not s.wins:
            record["reason"] = s.reason()
            return record, f"{hand}: {s.reason()}"
        lines = [str(hand)] + [f"  {y.label()}" for y in s.yaku]
        if s.fu_parts:                  # a yakuman counts no fu
            lines.append(f"  fu: {s.fu_text()}")
        extra = s.received - s.total
        lines.append(f"  {s.summary()}" + (f" (+{extra:,} honba and sticks: {s.received:,})" if extra else ""))
        return record, "\n".join(lines)
    return answer


def ev_answer(args: argparse.Namespace) -> Callable[[str], tuple[dict, str]]:
    from mjgui.words import shanten_word
    from mjgui.ev import MAX_SHANTEN as MAX_EV_SHANTEN, EvOptions, expected_values
    from mjgui.hand import Hand
    options = EvOptions(ippatsu=not args.no_ippatsu, haitei=not args.no_haitei, ura=not args.no_ura,
                        double_riichi=not args.no_double_riichi, rank=args.rank, model=args.model,
                        ron_dama=args.ron_dama, ron_riichi=args.ron_riichi, calls=args.calls,
                        call_share=args.call_share, shanten_back=args.shanten_back, tegawari=args.tegawari)
    extras = "".join(f", {name}" for name, on in (("shanten-back", options.shanten_back),
                                                   ("tegawari", options.tegawari),
                                                   ("with calls", options.calls and options.model == "full")) if on)

    def answer(text: str) -> tuple[dict, str]:
        hand = Hand.parse(text)
        result = expected_values(hand, args.turn, options, args.rules)
        record = result.to_json()
        # the hand as searched: --turn overrides the hand's turn:N, so say the turn used
        record["hand"] = str(replace(hand, turn=result.turn))
        record["supported"] = result.searched
        head = f"{replace(hand, turn=0)}: {shanten_word(result.shanten)}, turn {result.turn} ({options.model} model{extras})"
        if not result.searched:
            from mjgui.analysis import analyze
            rows = analyze(hand, calls=False).rows
            # the discards by ukeire instead, with the values the search would give left empty
            record["discards"] = [{"discard": r.tile.name, "shanten": r.shanten,
                                   "ukeire": [{"tile": t.name, "remaining": t.remaining} for t in r.ukeire],
                                   "ukeire_total": r.ukeire_total, "tenpai_prob": None, "win_prob": None,
                                   "exp_score": None, "by_turn": None} for r in rows]
            record["note"] = (f"expected values are searched up to {MAX_EV_SHANTEN}-shanten; this hand is "
                              f"{shanten_word(result.shanten)}: discards ranked by ukeire")
            lines = [head + f": {record['note']}"]
            lines += [f"  discard {r.tile.name}: {shanten_word(r.shanten)}, {r.ukeire_total} tiles"
                      for r in rows]
            if hand.opponents:
                lines += _defence_lines(hand, None, record)
            return record, "\n".join(lines)
        lines = [head]
        for r in result.rows:
            lines.append(f"  discard {r.name}: win {100 * r.win_prob:5.1f}%  tenpai {100 * r.tenpai_prob:5.1f}%  "
                         f"expected {r.exp_score:8,.0f}  ({shanten_word(r.shanten)})")
            for name in ("riichi", "dama"):
                choice = getattr(r, name)
                if choice is not None and (r.riichi is not None) + (r.dama is not None) > 1:
                    lines.append(f"    {name:6}  win {100 * choice.win_prob:5.1f}%  "
                                 f"expected {choice.exp_score:8,.0f}")
        if hand.opponents:
            lines += _defence_lines(hand, result, record)
        return record, "\n".join(lines)
    return answer


def _defence_lines(hand, result, record: dict) -> list[str]:
    """The table state's threats and each discard's push / fold values (text, and into `record`)."""
    from mjgui.defence.values import discard_values
    values = discard_values(hand, result)
    table = values.danger
    record["threats"] = [t.to_json() for t in table.threats]
    record["defence"] = [{"choice": c.name, "shanten": c.shanten, **c.values.to_json()} for c in values.choices]
    by_kind = {c.kind: c.values.deal_in for c in values.choices}
    for row in record["discards"]:
        row["deal_in"] = round(by_kind.get(Tile.from_name(row["discard"]).kind, 0.0), 4)
    lines = ["  at the table (race and threats; docs/defence.md):"] + _threat_lines(table)
    for c in values.choices:
        v = c.values
        push = "   -   " if v.push is None else f"{v.push:8,.0f}"
        fold = "   -   " if v.fold is None else f"{v.fold:8,.0f}"
        lines.append(f"  {c.name:9} {v.verdict:4} {v.value:8,.0f}  (push {push}, fold {fold}; "
                     f"deal-in {100 * v.deal_in:4.1f}%)")
    return lines


def census_command(as_json: bool) -> int:
    table = core.census()
    if as_json:
        print(json.dumps({str(n): {str(s): {"hands": h, "weighted": w} for s, (h, w) in row.items()}
                          for n, row in table.items()}))
        return 0
    print("Regular-form shanten over every hand (distinct count vectors / tile combinations)")
    for n, row in table.items():
        total_w = sum(w for _, w in row.values())
        print(f"\n{n} tiles")
        for s, (h, w) in row.items():
            print(f"  shanten {s:>2}: {h:>16,} hands  {w:>26,} combinations  {100 * w / total_w:8.4f} %")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjgui", description="Riichi mahjong hand trainer. With no command, opens the app.")
    parser.add_argument("--hand", metavar="HAND", help="open the app (or the screenshot) with this hand")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="render the main window with --hand analysed to a PNG and exit (no display needed)")
    parser.add_argument("--lang", choices=("en", "ja"), help="language of the screenshot")
    parser.add_argument("--theme", choices=("light", "dark"), help="theme of the screenshot")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add mjgui to the Linux desktop's application menu, with its icon, and exit")
    sub = parser.add_subparsers(dest="command")
    for name, text in (("shanten", "shanten of each hand (best, regular, seven pairs, thirteen orphans)"),
                       ("waits", "waits and ukeire of each 3k+1 hand, with remaining copies")):
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.add_argument("hands", nargs="*", metavar="HAND", help="mpsz notation, e.g. 123m456p789s11z")
        cmd.add_argument("--json", action="store_true", help="one JSON object per line")
    text = "per-discard analysis: ukeire, improvements, good shape, second step, calls"
    analyze = sub.add_parser("analyze", help=text, description=text + (
        "; with the table state (the other players' rivers L:, A:, R:, e.g. \"L:19m4'5*s\"; "
        "docs/defence.md) also the threats and each discard's deal-in chance"))
    analyze.add_argument("hands", nargs="*", metavar="HAND",
                         help="e.g. 23m456p789s11z556z or '123m456p11z chi:3*45m dora:1z' (quote hands with spaces)")
    analyze.add_argument("--visible", metavar="TILES", help="tiles seen elsewhere (mpsz), for remaining counts")
    analyze.add_argument("--json", action="store_true", help="one JSON object per line")
    text = "yaku, han, fu and points of each complete hand"
    score_cmd = sub.add_parser("score", help=text, description=text + (
        ". A hand is the text form plus win:TILE (required), tsumo or ron, riichi or double-riichi, "
        "ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, ura:TILES, honba:N, sticks:N."))
    score_cmd.add_argument("hands", nargs="*", metavar="HAND",
                           help="e.g. '88m667799p4455s33z dora:4p1z ura:9p1s win:3z ron riichi' (quote it)")
    score_cmd.add_argument("--rules", choices=("tenhou", "majsoul"), default="tenhou",
                           help="rule preset (default tenhou)")
    score_cmd.add_argument("--json", action="store_true", help="one JSON object per line")
    text = "expected value of every discard: tenpai and win probability, expected points"
    ev_cmd = sub.add_parser("ev", help=text, description=text + (
        " (simple: the one-player model, tsumo wins only, riichi at tenpai; full: the tiles seen, "
        "ron from the opponents' discards, furiten, riichi or dama; see docs/ev.md). "
        "A hand is the 14-tile text form, optionally with turn:N. Above 3-shanten the search is not "
        "run: the output says so (JSON: \"supported\": false, a \"note\") and lists the discards by ukeire. "
        "With the table state (the other players' rivers L:, A:, R: and melds L.pon:...; docs/defence.md) "
        "it adds the threats, each discard's deal-in chance and its push and fold values "
        "(JSON: \"threats\", \"defence\")."))
    ev_cmd.add_argument("hands", nargs="*", metavar="HAND", help="e.g. '23m456p789s55p123s9m dora:1z turn:3'")
    ev_cmd.add_argument("--json", action="store_true", help="one JSON object per line")
    ev_cmd.add_argument("--model", choices=("simple", "full"), default="simple",
                        help="the model (default simple)")
    for flag, default, who in (("dama", 0.5, "a hand without riichi"), ("riichi", 0.25, "a riichi")):
        ev_cmd.add_argument(f"--ron-{flag}", type=float, default=default, metavar="Q",
                            help=f"full model: share of the live tiles an opponent discard can be, "
                                 f"against {who} (default {default})")
    ev_cmd.add_argument("--calls", action="store_true",
                        help="full model: a 1-shanten hand may pon (any opponent) or chi (the left player) "
                             "a discard that makes it tenpai with a yaku, a 2-shanten hand pon a value "
                             "honour and call once more (the app's setting)")
    ev_cmd.add_argument("--call-share", type=float, default=0.5, metavar="Q",
                        help="full model with --calls: share of the live tiles an opponent discard can be "
                             "(default 0.5)")
    ev_cmd.add_argument("--turn", type=int, metavar="N", help="the draw just made, 1-18 (default: the hand's turn:N, else 1); overrides turn:N")
    ev_cmd.add_argument("--rank", choices=("score", "win", "tenpai"), default="score",
                        help="order the discards by expected points (default), win or tenpai probability")
    ev_cmd.add_argument("--rules", choices=("tenhou", "majsoul"), default="tenhou", help="rule preset")
    for flag, what in (("ippatsu", "ippatsu"), ("haitei", "haitei"), ("ura", "ura dora"),
                       ("double-riichi", "double riichi")):
        ev_cmd.add_argument(f"--no-{flag}", action="store_true", help=f"do not count {what}")
    for flag, what in (("shanten-back", "a discard may raise the shanten by one (向聴戻し)"),
                       ("tegawari", "a draw that keeps the shanten may be kept (手変わり)")):
        ev_cmd.add_argument(f"--{flag}", action="store_true", help=f"simple model: {what}; docs/ev.md")
    from mjgui.drills.cli import add_parser as add_drill_parser
    add_drill_parser(sub)
    from mjgui.logs.cli import add_parser as add_review_parser
    add_review_parser(sub)
    census = sub.add_parser("census", help="exact shanten distribution over all hands of each size")
    census.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "shanten":
            return _run(args.hands, shanten_answer, args.json)
        if args.command == "waits":
            return _run(args.hands, waits_answer, args.json)
        if args.command == "analyze":
            try:
                answer = analyze_answer(args.visible)
            except TileError as error:
                print(f"mjgui: --visible: {error}", file=sys.stderr)
                return EXIT_BAD_INPUT
            return _run(args.hands, answer, args.json)
        if args.command == "ev":
            try:
                answer = ev_answer(args)
            except ValueError as error:
                print(f"mjgui: ev: {error}", file=sys.stderr)
                return EXIT_BAD_INPUT
            return _run(args.hands, answer, args.json)
        if args.command == "score":
            return _run(args.hands, score_answer(args.rules), args.json)
        if args.command == "drill":
            from mjgui.drills.cli import run as run_drill
            return run_drill(args)
        if args.command == "review":
            from mjgui.logs.cli import run as run_review
            return run_review(args)
        if args.command == "census":
            return census_command(args.json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    if args.install_desktop_entry:
        from mjgui.desktop_entry import run as install_desktop_entry
        return install_desktop_entry()
    return _app(args)


def _app(args: argparse.Namespace) -> int:
    try:
        from mjgui.ui import app
    except ImportError as error:        # e.g. Qt's system libraries missing
        print(f"mjgui: cannot start the app: {error}", file=sys.stderr)
        return 1
    if args.screenshot:
        try:
            out = app.screenshot(args.screenshot, args.hand, args.lang, args.theme)
        except (ValueError, OSError) as error:
            print(f"mjgui: --screenshot: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(out)
        return 0
    return app.run(args.hand)
