"""`python -m mjgui drill ...`: generate, check and grade drill problems.

    drill generate [--count N] [--seed S] [--drill nanikiru|wait|call|score|defence] [--shanten K]
                   [--topic any|chinitsu|chiitoi|easy|medium|hard|safest|pushfold] [--strict/--no-strict]
                   [--evaluator ukeire|second-step] [--json] [--out FILE [--title T]]
    drill check FILE...
    drill grade ID ANSWER... [--set FILE] [--evaluator E] [--lang en|ja] [--json]

``generate`` prints one problem per line (``--json``: the problem's JSON object, whose
``best`` lists every tied-best discard / the waits / the right calls / the value of a score
hand as ``han/fu/points``); the same options and
seed give byte-identical output.  Without ``--seed`` a random seed is used (the ids
``DRILL-SEED-N`` keep it).  ``--out`` writes a problem-set file instead.  ``check`` validates
problem-set files; ``grade`` grades an answer to a problem of a set (default: the starter set).
Score problems take ``--topic`` as their level (``easy``, ``medium``, ``hard`` or ``any``) and
are graded on a value (``--kind`` and ``--theme`` are old names of ``--drill`` and
``--topic``): ``5200``, ``3/40/5200``, ``700-1300`` or ``2600all`` (the syntax is in
`mjgui.drills.problems`).
Errors are one line on stderr and exit status 2, like the rest of the CLI.

`add_parser(subparsers)` adds the ``drill`` command to a parser; `run(args)` runs it.
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from mjgui.tiles import TileError, format_tiles, parse_tiles
from mjgui.words import shanten_word

from .generator import GenerateError, generate
from .drill_names import DRILLS
from .problems import DEFENCE_TOPICS, SCORE_LEVELS, TOPICS, Problem, ProblemSetError, load_set, save_set, starter_set
from .grading import DEFAULT_EVALUATOR, EVALUATORS, AnswerError, grade

EXIT_BAD_INPUT = 2


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add ``drill`` (with generate / check / grade) to an argparse subparsers object."""
    text = "drill problems: generate, check problem-set files, grade an answer"
    drill = subparsers.add_parser("drill", help=text, description=text)
    sub = drill.add_subparsers(dest="drill_command", metavar="{generate,check,grade}")
    drill.set_defaults(drill_parser=drill)

    text = "generate problems from shuffled walls, one per line"
    gen = sub.add_parser("generate", help=text, description=text)
    gen.add_argument("--count", type=int, default=10, metavar="N", help="how many problems (default 10)")
    gen.add_argument("--seed", type=int, metavar="S", help="random seed (default: a random one)")
    # --kind and --theme are the options' first names, still accepted
    gen.add_argument("--drill", "--kind", dest="drill", choices=DRILLS, default="nanikiru",
                     help="which drill (default nanikiru)")
    gen.add_argument("--shanten", type=int, choices=range(4), metavar="K",
                     help="only hands at this shanten, 0-3 (wait drills are tenpai)")
    gen.add_argument("--topic", "--theme", dest="topic", default="any",
                     choices=TOPICS + tuple(t for t in SCORE_LEVELS + DEFENCE_TOPICS if t not in TOPICS),
                     help="any, chinitsu (one suit, no honours) or chiitoi (seven pairs); "
                          "score problems: the level, easy, medium or hard; defence problems: "
                          "the question, safest or pushfold")
    gen.add_argument("--strict", action=argparse.BooleanOptionalAction, default=True,
                     help="never an answer that is ambiguous by accident (default: on)")
    gen.add_argument("--evaluator", choices=tuple(EVALUATORS), default=DEFAULT_EVALUATOR,
                     help="ranking of discards: ukeire (default) or second-step")
    gen.add_argument("--json", action="store_true", help="one JSON object per line")
    gen.add_argument("--out", metavar="FILE", help="write a problem-set file instead of printing")
    gen.add_argument("--title", default="", help="title of the --out set")

    text = "validate problem-set files"
    check = sub.add_parser("check", help=text, description=text)
    check.add_argument("files", nargs="+", metavar="FILE")

    text = "grade an answer to a problem"
    grader = sub.add_parser("grade", help=text, description=text)
    grader.add_argument("id", metavar="ID", help="the problem's id")
    grader.add_argument("answer", nargs="+", metavar="ANSWER",
                        help="a discard (5m), the waits (14m7z or 1m 4m 7z), a call (pass, pon, "
                             "chi:46m), a value (5200, 3/40/5200, 700-1300, 2600all) or push / fold "
                             "and a tile (push 5m)")
    grader.add_argument("--set", metavar="FILE", help="problem-set file (default: the starter set)")
    grader.add_argument("--evaluator", choices=tuple(EVALUATORS), default=DEFAULT_EVALUATOR)
    grader.add_argument("--lang", dest="drill_lang", choices=("en", "ja"), default="en")
    grader.add_argument("--json", action="store_true", help="the grade as one JSON object")
    return drill


def _error(message: str) -> int:
    print(f"mjgui: drill: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def problem_line(p: Problem) -> str:
    """A readable line: id, hand (+ draw), melds, dora, winds, turn, then the answer."""
    if p.drill in ("score", "defence"):     # the hand text holds the melds, dora, winds, the win / table
        parts = [p.id, p.drill, p.hand, p.topic]
        if p.best is not None:
            parts.append(f"{'value' if p.drill == 'score' else 'best'} {' / '.join(p.best)}")
        if p.difficulty is not None:
            parts.append(f"difficulty {p.difficulty:.2f}")
        return "  ".join(parts)
    tiles = parse_tiles(p.hand)
    if p.drill == "nanikiru":
        hand = f"{format_tiles(tiles[:-1])} + {tiles[-1].name}"
    else:
        hand = p.hand
    parts = [p.id, p.drill, hand]
    parts += list(p.melds)
    if p.drill == "call":
        parts.append(f"{p.discarded} from {p.from_seat}")
    parts.append(f"dora-ind {p.dora or '-'}")
    parts.append(f"{p.round}-round {p.seat}-seat turn {p.turn}")
    if p.topic != "any":
        parts.append(p.topic)
    if p.shanten is not None:
        parts.append(shanten_word(p.shanten))
    if p.best is not None:
        label = {"nanikiru": "best", "wait": "waits", "call": "answer"}[p.drill]
        parts.append(f"{label} {' '.join(p.best)}")
    if p.difficulty is not None:
        parts.append(f"difficulty {p.difficulty:.2f}")
    return "  ".join(parts)


def _generate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    if args.count < 0:
        return _error("--count must be 0 or more")
    try:
        problems = generate(args.count, seed, args.drill, args.shanten, args.topic,
                            args.strict, args.evaluator)
    except GenerateError as error:
        return _error(str(error))
    if args.out:
        try:
            save_set(args.out, problems, args.title)
        except ProblemSetError as error:
            return _error(str(error))
        print(f"{args.out}: {len(problems)} problems")
        return 0
    for p in problems:
        print(json.dumps(p.to_json(), ensure_ascii=False) if args.json else problem_line(p), flush=True)
    return 0


def _check(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            problems = load_set(path)
        except ProblemSetError as error:
            print(f"mjgui: drill: {error}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        title = f" ({problems.title})" if problems.title else ""
        print(f"{path}: {len(problems)} problems{title}")
    return status


def _grade(args: argparse.Namespace) -> int:
    try:
        problems = load_set(args.set) if args.set else starter_set()
        problem = problems.by_id(args.id)
    except ProblemSetError as error:
        return _error(str(error))
    except KeyError:
        return _error(f"no problem with id {args.id!r} in {args.set or 'the starter set'}")
    if problem.drill == "wait":
        answer = "".join(args.answer)       # "14m7z", or "1m 4m 7z"
    elif problem.drill in ("score", "defence"):
        answer = " ".join(args.answer)      # "2600 all", "push 5m"
    elif len(args.answer) != 1:
        return _error(f"a {problem.drill} problem takes one answer, not {len(args.answer)}")
    else:
        answer = args.answer[0]
    try:
        feedback = grade(problem, answer, args.evaluator)
    except (AnswerError, TileError) as error:
        return _error(f"{args.id}: {error}")
    if args.json:
        print(json.dumps(feedback.to_json(), ensure_ascii=False))
    else:
        print(feedback.explanation(args.drill_lang))
    return 0


def _printable_output() -> None:
    """Titles, notes and file names come from outside: a character the terminal's encoding
    lacks (or a lone surrogate from a non-UTF-8 file name) is escaped, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def run(args: argparse.Namespace) -> int:
    """Run a parsed ``drill`` command; returns the exit status."""
    command = getattr(args, "drill_command", None)
    _printable_output()
    try:
        if command == "generate":
            return _generate(args)
        if command == "check":
            return _check(args)
        if command == "grade":
            return _grade(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    args.drill_parser.print_usage(sys.stderr)
    return _error("choose generate, check or grade")


def main(argv: list[str] | None = None) -> int:
    """`python -m mjgui.drills.cli ...` (the arguments after ``drill``)."""
    parser = argparse.ArgumentParser(prog="mjgui")
    add_parser(parser.add_subparsers(dest="command"))
    return run(parser.parse_args(["drill", *(sys.argv[1:] if argv is None else argv)]))


if __name__ == "__main__":
    sys.exit(main())
