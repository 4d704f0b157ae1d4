"""The C core under AddressSanitizer and UBSan, driven by tests/fuzz/fuzz_core.c.

A short run is part of the test suite; for a release run it longer:

    MJGUI_FUZZ_ITERATIONS=5000000 .venv/bin/pytest -q tests/fuzz
    python tests/fuzz/test_fuzz_core.py 5000000 [SEED]     # the same, without pytest

The seed is random unless MJGUI_FUZZ_SEED is set; a failure names it.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CSRC = ROOT / "csrc"
DRIVER = Path(__file__).with_name("fuzz_core.c")
FLAGS = ["-std=c99", "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
         "-fno-omit-frame-pointer", "-Wall", "-Wno-missing-braces"]
# leak checking needs ptrace, which containers often forbid; the core allocates nothing
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:halt_on_error=1",
           UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")


def compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "gcc")) or shutil.which("gcc")


def build(out_dir: Path) -> Path:
    """Compile the core's sources (csrc/ is only read) and the driver into out_dir."""
    gen = CSRC / "gen"
    if not (gen / "mj_tables.c").exists():          # a checkout that was never built
        sys.path.insert(0, str(ROOT / "tools"))
        import gen_tables
        gen = out_dir / "gen"
        gen_tables.write(gen)
    exe = out_dir / "fuzz_core"
    sources = sorted(str(p) for p in CSRC.glob("*.c")) + [str(gen / "mj_tables.c"), str(DRIVER)]
    proc = subprocess.run([compiler(), *FLAGS, f"-I{CSRC}", f"-I{gen}", *sources, "-o", str(exe)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"cannot build the fuzz driver:\n{proc.stderr}"
    return exe


def run(exe: Path, iterations: int, seed: int) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), str(iterations), str(seed)], capture_output=True, text=True,
                          env=ENV, timeout=max(60, iterations // 1000))


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    if compiler() is None:
        pytest.skip("no C compiler (gcc) to build the sanitizer harness")
    return build(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("body, report", [
    ("char *p = malloc(34); memset(p, 0, 34 + c); int r = p[0]; free(p); return r;",
     "heap-buffer-overflow"),
    ("int x = 2147483647; x += c; return x == 0;", "signed integer overflow"),
])
def test_sanitizers_are_really_on(tmp_path, body, report):
    """The flags must catch a one-byte overflow and undefined behaviour, or a clean run
    would prove nothing."""
    if compiler() is None:
        pytest.skip("no C compiler (gcc) to build the sanitizer harness")
    bad = tmp_path / "bad.c"
    bad.write_text("#include <stdlib.h>\n#include <string.h>\n"
                   f"int main(int c, char **v) {{ (void)v; {body} }}\n")
    subprocess.run([compiler(), *FLAGS, str(bad), "-o", str(tmp_path / "bad")], check=True)
    proc = subprocess.run([str(tmp_path / "bad")], capture_output=True, text=True, env=ENV)
    assert proc.returncode != 0 and report in proc.stderr


def test_core_survives_random_and_adversarial_input(driver):
    iterations = int(os.environ.get("MJGUI_FUZZ_ITERATIONS", "20000"))
    seed = int(os.environ.get("MJGUI_FUZZ_SEED", random.randrange(1 << 32)))
    proc = run(driver, iterations, seed)
    report = f"seed {seed} (rerun with MJGUI_FUZZ_SEED={seed}):\n{proc.stdout}\n{proc.stderr[-4000:]}"
    assert proc.returncode == 0, report
    assert "0 contract violations" in proc.stdout, report
    answered = dict(line.split()[1:] for line in proc.stdout.splitlines() if line.startswith("answered"))
    assert len(answered) == 18 and all(int(n) > 0 for n in answered.values()), report


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    s = int(sys.argv[2]) if len(sys.argv) > 2 else random.randrange(1 << 32)
    if compiler() is None:
        sys.exit("no C compiler (gcc)")
    with tempfile.TemporaryDirectory() as folder:
        result = run(build(Path(folder)), n, s)
    print(result.stdout + result.stderr, end="")
    sys.exit(result.returncode)
