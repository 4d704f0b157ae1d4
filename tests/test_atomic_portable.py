"""mjgui.atomic on a system without os.fchmod (Windows before Python 3.13): the file is
still written, atomically, where a call to the missing function would have failed."""
from __future__ import annotations

import os

from mjgui.atomic import write_atomic


def test_write_without_fchmod(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "fchmod")
    target = tmp_path / "set.json"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["set.json"]       # no temporary left
