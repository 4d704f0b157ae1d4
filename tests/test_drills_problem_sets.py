"""mjgui.drills.problem_sets: export names and files of problem sets."""
from datetime import date

import pytest

from mjgui.drills.problem_sets import (STARTER_FILE_NAME, misses_file_name, with_set_suffix,
                                       write_set, write_starter_set)
from mjgui.drills.problems import ProblemSetError, load_set, starter_set


def test_names_offered_in_the_save_dialog():
    assert misses_file_name(date(2024, 3, 5)) == "mjgui-misses-2024-03-05.json"
    assert STARTER_FILE_NAME.endswith(".json")


@pytest.mark.parametrize("typed, written", [
    ("/tmp/x/sets", "/tmp/x/sets.json"),
    ("/tmp/x/sets.json", "/tmp/x/sets.json"),
    ("/tmp/x/sets.txt", "/tmp/x/sets.txt"),          # the user's own suffix is kept
    ("/tmp/x.d/sets", "/tmp/x.d/sets.json"),         # a dot in a folder is no suffix
])
def test_with_set_suffix(typed, written):
    assert with_set_suffix(typed) == written


def test_write_starter_set_round_trips(tmp_path):
    path = tmp_path / "starter.json"
    expected = starter_set()
    assert write_starter_set(path) == len(expected.problems)
    loaded = load_set(path)
    assert loaded.title == expected.title
    assert [p.id for p in loaded.problems] == [p.id for p in expected.problems]


def test_write_set_counts_and_fails_cleanly(tmp_path):
    problems = list(starter_set().problems)[:3]
    assert write_set(tmp_path / "three.json", problems, "Three") == 3
    assert [p.id for p in load_set(tmp_path / "three.json").problems] == [p.id for p in problems]
    with pytest.raises(ProblemSetError):
        write_set(tmp_path / "missing-dir" / "x.json", problems, "Three")
    assert not (tmp_path / "missing-dir").exists()
