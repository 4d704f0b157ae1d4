"""Problem-set files from outside are hostile: deep nesting, huge numbers, lone
surrogates, absurd sizes and planted symlinks give a clear ProblemSetError (or are
refused), never a traceback or a damaged file (issue 14, items 1-4, 9, 11)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mjgui.drills import problems as problems_module
from mjgui.drills.cli import main as drill_main
from mjgui.drills.problems import ProblemSetError, load_set, parse_set, save_set, starter_set

STARTER = starter_set()
GOOD = STARTER.problems[0].to_json()
HEAD = '{"format": "mjgui-problems", "version": 1, "title": "t", "problems": '


def set_text(problems: list, title: str = "t") -> str:
    return json.dumps({"format": "mjgui-problems", "version": 1, "title": title,
                       "problems": problems})


def test_deeply_nested_file_is_a_clear_error(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "\n")
    with pytest.raises(ProblemSetError, match="nested too deeply"):
        load_set(deep)
    assert drill_main(["check", str(deep)]) == 2
    err = capsys.readouterr().err
    assert "deep.json" in err and "nested too deeply" in err and "Traceback" not in err


def test_deep_nesting_inside_a_problem(tmp_path):
    text = HEAD + "[" + json.dumps(dict(GOOD, note="x"))[:-1] + ', "answer": ' + "[" * 5000 \
        + "]" * 5000 + "}]}"
    with pytest.raises(ProblemSetError, match="nested too deeply"):
        parse_set(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = set_text([dict(GOOD, note="[[[[{{{{" * 100)])
    assert parse_set(text).problems[0].note.startswith("[[[[")


def test_number_with_thousands_of_digits(tmp_path, capsys):
    path = tmp_path / "big.json"
    path.write_text(HEAD + "[" + json.dumps(GOOD)[:-1] + ', "turn": ' + "9" * 5000 + "}]}")
    with pytest.raises(ProblemSetError) as info:
        load_set(path)
    assert "field 'turn'" in str(info.value) or "too many digits" in str(info.value)
    assert "set_int_max_str_digits" not in str(info.value)
    assert drill_main(["check", str(path)]) == 2
    assert "set_int_max_str_digits" not in capsys.readouterr().err


@pytest.mark.parametrize("field", ["title", "id", "note", "theme"])
def test_lone_surrogate_is_refused_with_the_field_named(tmp_path, capsys, field):
    escaped = '"bad \\ud800 text"'
    if field == "title":
        text = HEAD.replace('"title": "t"', f'"title": {escaped}') + "[" + json.dumps(GOOD) + "]}"
    else:
        problem = json.dumps(dict(GOOD, **{field: "PLACEHOLDER"})).replace('"PLACEHOLDER"', escaped)
        text = HEAD + "[" + problem + "]}"
    path = tmp_path / "surrogate.json"
    path.write_text(text)
    with pytest.raises(ProblemSetError, match="not valid text") as info:
        load_set(path)
    assert info.value.field == field
    assert drill_main(["check", str(path)]) == 2            # printing the error must work too
    err = capsys.readouterr().err
    assert f"field '{field}'" in err and "Traceback" not in err


def test_surrogate_in_a_key_or_an_error_message_prints(tmp_path):
    problem = json.dumps(dict(GOOD, XKEYX=1)).replace('"XKEYX"', '"\\udcff"')
    path = tmp_path / "key.json"
    path.write_text(HEAD + "[" + problem + "]}")
    # the message must be printable as UTF-8 whatever the key holds
    proc = subprocess.run([sys.executable, "-m", "mjgui", "drill", "check", str(path)],
                          capture_output=True, env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    assert proc.returncode == 2, proc.stderr
    assert b"Traceback" not in proc.stderr and b"not valid text" in proc.stderr


def test_check_prints_a_title_and_path_that_are_not_utf8(tmp_path):
    good = tmp_path / "ok.json"
    good.write_text(set_text([GOOD], title="タイトル"))
    proc = subprocess.run([sys.executable, "-m", "mjgui", "drill", "check", str(good)],
                          capture_output=True, env=dict(os.environ, PYTHONIOENCODING="ascii"))
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    assert b"1 problems" in proc.stdout


def test_too_many_problems_is_refused_before_validating(tmp_path, monkeypatch):
    monkeypatch.setattr(problems_module, "MAX_PROBLEMS", 50)
    path = tmp_path / "many.json"
    path.write_text(set_text([dict(GOOD, id=f"p{i}") for i in range(51)]))
    with pytest.raises(ProblemSetError, match="51 problems.*at most 50"):
        load_set(path)
    path.write_text(set_text([dict(GOOD, id=f"p{i}") for i in range(50)]))
    assert len(load_set(path)) == 50


def test_too_big_file_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    monkeypatch.setattr(problems_module, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(set_text([GOOD]) + " " * 2000)
    with pytest.raises(ProblemSetError, match="too big"):
        load_set(path)


def test_progress_is_reported_while_validating():
    seen = []
    text = set_text([dict(GOOD, id=f"p{i}") for i in range(5)])
    parse_set(text, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5) and all(t == 5 for _, t in seen)


# ---- writing ------------------------------------------------------------------------

def test_export_does_not_follow_a_planted_tmp_symlink(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "set.json"
    (tmp_path / "set.json.tmp").symlink_to(victim)
    save_set(target, STARTER.problems[:2], "s")
    assert victim.read_text() == "precious"
    assert (tmp_path / "set.json.tmp").is_symlink()           # not ours: left alone
    assert len(load_set(target)) == 2
    leftovers = sorted(p.name for p in tmp_path.iterdir())
    assert leftovers == ["set.json", "set.json.tmp", "victim.txt"]


def test_export_replaces_a_symlink_at_the_target_not_its_target(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = tmp_path / "set.json"
    link.symlink_to(victim)
    save_set(link, STARTER.problems[:1], "s")
    assert victim.read_text() == "precious"
    assert not link.is_symlink() and len(load_set(link)) == 1


def test_export_failure_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "set.json"
    target.write_text("old")

    def boom(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(ProblemSetError, match="No space left"):
        save_set(target, STARTER.problems[:1], "s")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.json"]
    assert target.read_text() == "old"


def test_export_keeps_the_permissions_of_a_replaced_file(tmp_path):
    target = tmp_path / "set.json"
    target.write_text("old")
    target.chmod(0o640)
    save_set(target, STARTER.problems[:1], "s")
    assert target.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "new.json"
    save_set(fresh, STARTER.problems[:1], "s")
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
