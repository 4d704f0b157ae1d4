"""cffi build script (API mode): compiles csrc/ into mjgui._core.

The lookup tables are generated first by tools/gen_tables.py into csrc/gen/.
"""
import re
import sys
from pathlib import Path

import numpy
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
    text = (CSRC / "mjcore.h").read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("#include", "#ifndef", "#endif", "#define MJCORE_H"))]
    text = "\n".join(lines)
    # array sizes must be literal for cdef (cffi then checks the struct layouts)
    sizes = dict(re.findall(r"^#define (\w+) (\d+)\b", text, flags=re.M))
    text = re.sub(r"\[(\w+)\]", lambda m: f"[{sizes.get(m.group(1), m.group(1))}]", text)
    # let the compiler supply every constant's value
    return re.sub(r"^#define (\w+) .*$", r"#define \1 ...", text, flags=re.M)


# Python's bytes pass to a `const char *` without a copy: these shims let
# mjgui.core hand its 34-byte buffers straight to the core, length checked.
SHIMS = """
void *mj_py_method(int i);      /* csrc/py/fastcall.c */

static int mj_shanten_bytes(const char *counts, size_t length, int forms)
{
    return length == MJ_KINDS ? mj_shanten((const uint8_t *)counts, forms) : MJ_ERR_ARG;
}

/* a packed mj_win as Python bytes (copied: bytes data need not be aligned) */
static int mj_score_bytes(const char *win, size_t length, int rules, mj_score *out)
{
    mj_win w;
    if (length != sizeof w) return MJ_ERR_ARG;
    memcpy(&w, win, sizeof w);
    return mj_score_hand(&w, rules, out);
}

/* mj_yaku_reach with the context packed as Python bytes, the counts as 34 bytes */
static int mj_yaku_reach_bytes(const char *context, size_t length, const char *counts, size_t n,
                               int rules, int extra, int mode, long limit, mj_reach *out)
{
    mj_win w;
    if (length != sizeof w || n != MJ_KINDS) return MJ_ERR_ARG;
    memcpy(&w, context, sizeof w);
    return mj_yaku_reach(&w, (const uint8_t *)counts, rules, extra, mode, limit, out);
}
"""

LIMITED_API = "0x030B0000"
# Portable flags only (a wheel runs on any CPU of its architecture): the core checks for
# AVX2 at run time (csrc/ev.c), so no -march or -mavx2 here.  MSVC takes its own options;
# /utf-8 because some comments are Japanese, which MSVC would read in the system's code page.
COMPILE_ARGS = ["/O2", "/utf-8"] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wno-missing-braces"]

ffibuilder = FFI()
ffibuilder.cdef(_declarations() + "\nint mj_shanten_bytes(const char *counts, size_t length, int forms);"
                "\nint mj_score_bytes(const char *win, size_t length, int rules, mj_score *out);"
                "\nint mj_yaku_reach_bytes(const char *context, size_t length, const char *counts, size_t n,"
                " int rules, int extra, int mode, long limit, mj_reach *out);"
                "\nvoid *mj_py_method(int i);")
ffibuilder.set_source(
    "mjgui._core",
    '#include <string.h>\n#include "mjcore.h"\n' + SHIMS,
    # csrc/py/fastcall.c: the hot calls as CPython functions (see mjgui.core)
    sources=[str(p.relative_to(ROOT)) for p in sorted(CSRC.glob("*.c"))]
    + ["csrc/gen/mj_tables.c", "csrc/py/fastcall.c", "csrc/py/hand_read.c"],
    include_dirs=[str(CSRC), str(GEN), numpy.get_include()],
    # the limited API of 3.11 (csrc/py/limited.h): one abi3 module for every later CPython
    define_macros=[("Py_LIMITED_API", LIMITED_API)],
    extra_compile_args=COMPILE_ARGS,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
