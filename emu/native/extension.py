"""The cffi extension (emu._native), loaded once: ffi, lib, and O2, every integer constant of
native/o2.h without its prefix. The wrapper modules of emu.native import them from here.

Set O2_NATIVE_LIB to the path of another build of the extension (e.g. the ASan/UBSan build of
`make sanitize`) to load that one instead.
"""
import importlib.machinery
import importlib.util
import os
import types as _types


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

# Every integer constant of o2.h without its prefix: O2.VDC_CONTROL is O2_VDC_CONTROL.
O2 = _types.SimpleNamespace(**{name[3:]: getattr(lib, name) for name in dir(lib)
                               if name.startswith("O2_") and isinstance(getattr(lib, name), int)})
