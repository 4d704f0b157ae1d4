"""`drill` command line (through argparse + run, and a subprocess), and the starter set."""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjgui.drills import cli
from mjgui.drills.problems import STARTER_FILE, load_set, starter_set

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="mjgui")
    # the app's own top-level options share names with drill options: they must not clash
    parser.add_argument("--theme", choices=("light", "dark"))
    parser.add_argument("--lang", choices=("en", "ja"))
    cli.add_parser(parser.add_subparsers(dest="command"))
    return cli.run(parser.parse_args(argv))


def out_of(capsys, argv: list[str]) -> tuple[int, str, str]:
    status = run(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_generate_json_is_deterministic(capsys):
    argv = ["drill", "generate", "--count", "6", "--seed", "42", "--json"]
    status, first, err = out_of(capsys, argv)
    assert status == 0 and err == ""
    assert out_of(capsys, argv)[1] == first
    lines = first.splitlines()
    assert len(lines) == 6
    for i, line in enumerate(lines, 1):
        data = json.loads(line)
        assert data["id"] == f"nanikiru-42-{i}" and data["kind"] == "nanikiru"
        assert {"hand", "melds", "visible", "dora", "round", "seat", "turn", "shanten", "best",
                "difficulty"} <= set(data)
        assert len(data["best"]) == 1                                   # strict by default
    assert out_of(capsys, ["drill", "generate", "--count", "6", "--seed", "43", "--json"])[1] != first


def test_generate_filters(capsys):
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "4", "--seed", "1", "--shanten", "2",
                                     "--theme", "any", "--json"])
    assert status == 0 and {json.loads(line)["shanten"] for line in out.splitlines()} == {2}
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "3", "--seed", "1", "--drill", "wait",
                                     "--topic", "chiitoi", "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and all(r["kind"] == "wait" and r["theme"] == "chiitoi" and r["best"] for r in rows)
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "3", "--seed", "1", "--kind", "call",
                                     "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and all(r["discarded"] and r["from"] in "LAR" and r["best"] for r in rows)
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "20", "--seed", "1", "--no-strict",
                                     "--json"])
    assert status == 0 and len(out.splitlines()) == 20


def test_generate_human_lines(capsys):
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "2", "--seed", "9"])
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2
    assert lines[0].startswith("nanikiru-9-1  nanikiru  ") and " + " in lines[0] and "  best " in lines[0]
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "1", "--seed", "9", "--kind", "call"])
    assert " from " in out and "  answer " in out


def test_generate_random_seed_when_none_given(capsys):
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "1", "--json"])
    assert status == 0 and json.loads(out)["id"].startswith("nanikiru-")


def test_generate_to_a_file_and_check(capsys, tmp_path):
    path = tmp_path / "mine.json"
    status, out, _ = out_of(capsys, ["drill", "generate", "--count", "3", "--seed", "5", "--out", str(path),
                                     "--title", "Mine"])
    assert status == 0 and out == f"{path}: 3 problems\n"
    assert load_set(path).title == "Mine"
    status, out, err = out_of(capsys, ["drill", "check", str(path)])
    assert (status, out, err) == (0, f"{path}: 3 problems (Mine)\n", "")


@pytest.mark.parametrize("content, words", [
    ("not json", "not JSON"),
    ('{"format": "other", "version": 1, "problems": []}', "field 'format'"),
    ('{"format": "mjgui-problems", "version": 1, "problems": [{"id": "a", "kind": "wait", "hand": "12m"}]}',
     "problem 0 (id 'a'), field 'hand'"),
])
def test_check_bad_files_one_line_exit_2(capsys, tmp_path, content, words):
    good = tmp_path / "good.json"
    run(["drill", "generate", "--count", "1", "--seed", "1", "--out", str(good)])
    capsys.readouterr()
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    status, out, err = out_of(capsys, ["drill", "check", str(bad), str(good)])
    assert status == 2
    assert out == f"{good}: 1 problems\n"                            # the others are still checked
    assert len(err.splitlines()) == 1 and err.startswith(f"mjgui: drill: {bad}") and words in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv, words", [
    (["drill", "generate", "--drill", "wait", "--shanten", "2"], "tenpai"),
    (["drill", "generate", "--kind", "call", "--theme", "chinitsu"], "topic 'any'"),
    (["drill", "generate", "--count", "-1"], "--count"),
    (["drill", "grade", "nope", "5m"], "no problem with id 'nope'"),
    (["drill", "grade", "starter-01", "9q"], "starter-01"),
    (["drill", "grade", "starter-01", "1m", "2m"], "one answer"),
    (["drill", "grade", "x", "5m", "--set", "/no/such/file.json"], "cannot read"),
    (["drill"], "choose generate, check or grade"),
])
def test_errors_are_one_line_and_exit_2(capsys, argv, words):
    status, out, err = out_of(capsys, argv)
    assert status == 2 and out == ""
    lines = [line for line in err.splitlines() if not line.startswith("usage:")]
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith("mjgui: drill: ")


def test_grade_starter_problems(capsys):
    problems = starter_set()
    nanikiru = next(p for p in problems if p.drill == "nanikiru")
    status, out, _ = out_of(capsys, ["drill", "grade", nanikiru.id, nanikiru.best[0]])
    assert status == 0 and out.startswith("Correct: ")
    status, out, _ = out_of(capsys, ["drill", "grade", nanikiru.id, nanikiru.best[0], "--lang", "ja"])
    assert out.startswith("正解: ")
    wait = next(p for p in problems if p.drill == "wait" and len(p.best) > 1)
    status, out, _ = out_of(capsys, ["drill", "grade", wait.id, *wait.best, "--json"])
    data = json.loads(out)
    assert status == 0 and data["correct"] and data["credit"] == 1.0 and data["kind"] == "wait"
    status, out, _ = out_of(capsys, ["drill", "grade", wait.id, "".join(wait.best), "--json"])
    assert json.loads(out)["correct"]
    call = next(p for p in problems if p.drill == "call" and p.best != ("pass",))
    status, out, _ = out_of(capsys, ["drill", "grade", call.id, "pass"])
    assert status == 0 and out.startswith("Not right")


def test_grade_from_a_set_file(capsys, tmp_path):
    path = tmp_path / "s.json"
    run(["drill", "generate", "--count", "1", "--seed", "3", "--kind", "call", "--out", str(path)])
    capsys.readouterr()
    problem = load_set(path).problems[0]
    status, out, _ = out_of(capsys, ["drill", "grade", problem.id, problem.best[0], "--set", str(path)])
    assert status == 0 and out.startswith("Correct.")


def test_subprocess_output_is_byte_identical_across_hash_seeds():
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        result = subprocess.run([sys.executable, "-m", "mjgui.drills.cli", "generate", "--count", "3",
                                 "--seed", "11", "--kind", "call", "--json"],
                                capture_output=True, env=env, cwd=ROOT, timeout=60)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and outputs[0].count(b"\n") == 3


def test_starter_set_is_what_the_tool_generates():
    spec = importlib.util.spec_from_file_location("gen_starter_set", ROOT / "tools" / "gen_starter_set.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)                                   # type: ignore[union-attr]
    shipped = (ROOT / "mjgui" / "drills" / STARTER_FILE).read_bytes()
    assert tool.build().encode("utf-8") == shipped
    assert len(starter_set()) == sum(n for *_, n in tool.RECIPE) == 60
