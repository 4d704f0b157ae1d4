"""The stats page's file dialogs and the wording of its problem-set messages.

Dialogs return '' when cancelled; the page reports results inline, never in a
message box.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from mjgui.drills.problem_sets import with_set_suffix
from mjgui.drills.problems import ProblemSetError
from mjgui.ui.i18n import tr

__all__ = ["choose_set_to_open", "choose_set_to_save", "describe_set_error", "skipped_text"]


def _filters() -> str:
    return tr("Problem sets (*.json);;All files (*)", "問題集 (*.json);;すべてのファイル (*)")


def choose_set_to_open(parent: QWidget, start_dir: str) -> str:
    """A problem-set file to import, or ''."""
    path, _ = QFileDialog.getOpenFileName(parent, tr("Import problem set", "問題集を読み込む"),
                                          start_dir, _filters())
    return path


def choose_set_to_save(parent: QWidget, caption: str, start_dir: str, default_name: str) -> str:
    """Where to write a problem set ('.json' added to a bare name), or ''."""
    path, _ = QFileDialog.getSaveFileName(parent, caption, str(Path(start_dir) / default_name), _filters())
    return with_set_suffix(path) if path else ""


def describe_set_error(error: ProblemSetError, path: str | os.PathLike | None = None) -> str:
    """One line naming the file, the problem (index and id) and the field of a bad set."""
    where = []
    if error.index is not None:
        pid = f" (id '{error.problem_id}')" if error.problem_id else ""
        pid_ja = f"（id '{error.problem_id}'）" if error.problem_id else ""
        where.append(tr(f"problem at index {error.index}{pid}", f"問題 インデックス {error.index}{pid_ja}"))
    if error.field is not None:
        where.append(tr(f"field '{error.field}'", f"項目 '{error.field}'"))
    name = Path(path).name if path is not None else (Path(error.path).name if error.path else "")
    head = tr(f"Cannot import {name}", f"{name} を読み込めません") if name else \
        tr("Cannot import the problem set", "問題集を読み込めません")
    return f"{head}: " + (tr(", ", "、").join(where) + ": " if where else "") + error.reason


def skipped_text(skipped: int) -> str:
    """The note added to a message when stored problems could not be read ('' for none)."""
    if not skipped:
        return ""
    return tr(f" ({skipped} stored problem{'s' if skipped != 1 else ''} could not be read and "
              f"{'were' if skipped != 1 else 'was'} left out.)",
              f"（保存された問題のうち {skipped} 問は読み込めないため除外しました）")
