import sys
from pathlib import Path

from setuptools import Extension, setup

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_ffi  # noqa: E402,F401  (generates csrc/gen/ before either module is compiled)
import numpy  # noqa: E402  (a build requirement: the batch entry builds its result array)

CORE = [str(p) for p in sorted(Path("csrc").glob("*.c"))] + ["csrc/gen/mj_tables.c"]

setup(
    cffi_modules=["build_ffi.py:ffibuilder"],
    # the hot calls of mjgui.core without cffi's argument conversion (see csrc/py/fastcall.c)
    ext_modules=[Extension("mjgui._fast", ["csrc/py/fastcall.c"] + CORE,
                           include_dirs=["csrc", "csrc/gen", numpy.get_include()],
                           extra_compile_args=["-O3", "-std=c99", "-Wno-missing-braces"])],
)
