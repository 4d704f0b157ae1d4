"""Hand input on the command line: undecodable bytes and absurd lines are one error
each, every other line is still answered (issue 14, items 7 and 11)."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from mjgui import cli


def run_stdin(monkeypatch, capsys, data: bytes, *args: str) -> tuple[int, str, str]:
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")      # strict, like a UTF-8 locale
    monkeypatch.setattr(sys, "stdin", stdin)
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_an_undecodable_line_is_one_error_and_the_others_are_answered(monkeypatch, capsys):
    status, out, err = run_stdin(monkeypatch, capsys, b"123m456p789s1122z\n\xff\n1112345678999m\n",
                                 "shanten")
    assert status == 2
    assert out.splitlines()[0].startswith("123m456p789s1122z: shanten 0")
    assert out.splitlines()[1].startswith("1112345678999m: shanten 0")
    assert err.strip() == "mjgui: line 2: not valid utf-8 text (byte 0xff at position 1)"


def test_undecodable_bytes_in_a_real_utf8_locale():
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    proc = subprocess.run([sys.executable, "-m", "mjgui", "shanten"], env=env, capture_output=True,
                          input=b"123m456p789s1122z\n\xff\xfe12m\n")
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    assert proc.stdout.startswith(b"123m456p789s1122z: shanten 0")
    assert b"line 2: not valid" in proc.stderr


def test_a_huge_line_is_refused_quickly_without_echoing_it(monkeypatch, capsys):
    huge = b"1m" * 500_000
    start = time.perf_counter()
    status, out, err = run_stdin(monkeypatch, capsys, huge + b"\n123m456p789s1122z\n", "waits")
    assert time.perf_counter() - start < 0.5
    assert status == 2 and out.startswith("123m456p789s1122z: tenpai")
    assert "line 1" in err and "too long" in err and len(err) < 200


def test_a_huge_argument_is_refused_without_echoing_it(capsys):
    status = cli.main(["shanten", "1m" * 500_000, "123m456p789s1122z"])
    out, err = capsys.readouterr()
    assert status == 2 and out.startswith("123m456p789s1122z")
    assert "argument 1" in err and "too long" in err and len(err) < 200


def test_a_bad_hand_echo_is_clipped(capsys):
    status = cli.main(["analyze", "x" * 300])
    err = capsys.readouterr().err
    assert status == 2 and "unexpected character" in err and len(err) < 300


@pytest.mark.parametrize("data", [b"\x00\n", b"\xef\xbb\xbf123m456p789s1122z\n", b"\r\n\r\n",
                                  b"123m\x00456p\n", b"\xed\xa0\x80\n"])
def test_odd_bytes_never_crash(monkeypatch, capsys, data):
    status, out, err = run_stdin(monkeypatch, capsys, data, "analyze", "--json")
    assert status in (0, 2) and "Traceback" not in err
