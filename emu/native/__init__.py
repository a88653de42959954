"""The only package that calls the cffi extension (emu._native), one module per concern:
emu.native.machine (the console: machine.c, state.c), emu.native.board (the bare 8048:
board8048.c, cpu8048.c) and emu.native.debug (the debugger: debug.c). Everything else in the
project goes through the wrappers they define, all importable from here.

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

# The wrappers (each module imports ffi, lib and O2 from here, so they come after them).
from emu.native.machine import (MODELS, REGIONS, STATE_ERRORS, TRACE_FIELDS, CartLayout,  # noqa: E402
                                Machine, cart_layout, cart_sizes, char_address, char_height, trace_rows)
from emu.native.board import (PORT_BUS, PORT_P1, PORT_P2, PSW_AC, PSW_BS, PSW_CY, PSW_F0,  # noqa: E402
                              PSW_SP, Board8048, opcode_cycles, register_bank)
from emu.native.debug import (DEBUG_BREAK, DEBUG_DONE, DEBUG_IRQ, DEBUG_RETURN,  # noqa: E402
                              DEBUG_SPACE_SIZES, DEBUG_SPACES, DEBUG_TRACE_FULL, DEBUG_WATCH,
                              EXPR_OPS, EXPR_REGISTERS, EXPR_STACK, WATCH_READ, WATCH_WRITE,
                              DebugCore, DebugStop, eval_constant)

__all__ = ["ffi", "lib", "O2", "MODELS", "REGIONS", "STATE_ERRORS", "TRACE_FIELDS", "Machine",
           "trace_rows", "CartLayout", "cart_layout", "cart_sizes", "char_address", "char_height", "PORT_BUS", "PORT_P1", "PORT_P2", "PSW_AC", "PSW_BS", "PSW_CY", "PSW_F0",
           "PSW_SP", "Board8048", "opcode_cycles", "register_bank", "DEBUG_BREAK", "DEBUG_DONE", "DEBUG_IRQ",
           "DEBUG_RETURN", "DEBUG_SPACE_SIZES", "DEBUG_SPACES", "DEBUG_TRACE_FULL", "DEBUG_WATCH",
           "EXPR_OPS", "EXPR_REGISTERS", "EXPR_STACK", "WATCH_READ", "WATCH_WRITE", "DebugCore",
           "DebugStop", "eval_constant"]
