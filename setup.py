# cffi's build hook (cffi_modules) is only reachable through setup(); everything else is in pyproject.toml.
from setuptools import setup

setup(cffi_modules=["native/build_ffi.py:ffibuilder"])
