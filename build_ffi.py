"""cffi build script (API mode): compiles csrc/ into mjgui._core.

The lookup tables are generated first by tools/gen_tables.py into csrc/gen/.
"""
import re
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent
CSRC = ROOT / "csrc"
GEN = CSRC / "gen"

sys.path.insert(0, str(ROOT / "tools"))
import gen_tables  # noqa: E402

if not (GEN / "mj_tables.c").exists() or (GEN / "mj_tables.c").stat().st_mtime < (ROOT / "tools" / "gen_tables.py").stat().st_mtime:
    gen_tables.write(GEN)


def _declarations() -> str:
    """The public header, minus what cdef cannot parse (guards, includes)."""
    text = (CSRC / "mjcore.h").read_text()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("#include", "#ifndef", "#endif", "#define MJCORE_H"))]
    # let the compiler supply every constant's value
    return re.sub(r"^#define (\w+) .*$", r"#define \1 ...", "\n".join(lines), flags=re.M)


ffibuilder = FFI()
ffibuilder.cdef(_declarations())
ffibuilder.set_source(
    "mjgui._core",
    '#include "mjcore.h"\n',
    sources=[str(p.relative_to(ROOT)) for p in sorted(CSRC.glob("*.c"))] + ["csrc/gen/mj_tables.c"],
    include_dirs=[str(CSRC), str(GEN)],
    extra_compile_args=["-O3", "-std=c99", "-Wno-missing-braces"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
