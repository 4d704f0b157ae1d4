import platform

from setuptools import setup

# the core is built for the limited API of CPython 3.11 (build_ffi.py), so its wheel is
# tagged cp311-abi3: one wheel per system and architecture serves every CPython >= 3.11
options = {"bdist_wheel": {"py_limited_api": "cp311"}} if platform.python_implementation() == "CPython" else {}
setup(cffi_modules=["build_ffi.py:ffibuilder"], options=options)
