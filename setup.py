from setuptools import setup
setup(cffi_modules=["build_ffi.py:ffibuilder"])
