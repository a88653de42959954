"""The only module that calls the cffi extension (emu._native).

Everything else in the project goes through the wrappers defined here. Set O2_NATIVE_LIB to
the path of another build of the extension (e.g. the ASan/UBSan build of `make sanitize`) to
load that one instead.
"""
import importlib.machinery
import importlib.util
import os


def _load():
    override = os.environ.get("O2_NATIVE_LIB")
    if not override:
        from emu import _native
        return _native
    loader = importlib.machinery.ExtensionFileLoader("emu._native", override)
    spec = importlib.util.spec_from_file_location("emu._native", override, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


_ext = _load()
ffi, lib = _ext.ffi, _ext.lib
