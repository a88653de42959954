"""The only package that calls the cffi extension (emu._native), one module per concern:
emu.native.machine (the console: machine.c, state.c), emu.native.board (the bare 8048:
board8048.c, cpu8048.c) and emu.native.debug (the debugger: debug.c). Everything else in the
project goes through the wrappers they define, all importable from here.
The extension itself is loaded by emu.native.extension (O2_NATIVE_LIB names another build).
"""
from emu.native.extension import O2, ffi, lib
from emu.native.machine import (MODELS, REGIONS, STATE_ERRORS, TRACE_FIELDS, CartLayout,
                                Machine, cart_layout, cart_sizes, char_address, char_height, trace_rows)
from emu.native.board import (PORT_BUS, PORT_P1, PORT_P2, PSW_AC, PSW_BS, PSW_CY, PSW_F0,
                              PSW_SP, Board8048, opcode_cycles, register_bank)
from emu.native.debug import (DEBUG_BREAK, DEBUG_DONE, DEBUG_IRQ, DEBUG_RETURN,
                              DEBUG_SPACE_SIZES, DEBUG_SPACES, DEBUG_TRACE_FULL, DEBUG_WATCH,
                              EXPR_OPS, EXPR_REGISTERS, EXPR_STACK, WATCH_READ, WATCH_WRITE,
                              DebugCore, DebugStop, eval_constant)

__all__ = ["ffi", "lib", "O2", "MODELS", "REGIONS", "STATE_ERRORS", "TRACE_FIELDS", "Machine",
           "trace_rows", "CartLayout", "cart_layout", "cart_sizes", "char_address", "char_height", "PORT_BUS", "PORT_P1", "PORT_P2", "PSW_AC", "PSW_BS", "PSW_CY", "PSW_F0",
           "PSW_SP", "Board8048", "opcode_cycles", "register_bank", "DEBUG_BREAK", "DEBUG_DONE", "DEBUG_IRQ",
           "DEBUG_RETURN", "DEBUG_SPACE_SIZES", "DEBUG_SPACES", "DEBUG_TRACE_FULL", "DEBUG_WATCH",
           "EXPR_OPS", "EXPR_REGISTERS", "EXPR_STACK", "WATCH_READ", "WATCH_WRITE", "DebugCore",
           "DebugStop", "eval_constant"]
