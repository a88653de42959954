"""The 8048 toolchain: assembler and disassembler, as a library and as `o2asm`/`o2dis`.

    from cart.asm import assemble_file, AssemblyFailed
    program = assemble_file("roms_free/src/bios.asm")    # raises AssemblyFailed
    rom = program.image(size=1024, fill=0xFF)

    from cart.asm import disassemble_one
    text, length = disassemble_one(read_byte, 0x400, symbols={0x400: "start"})
"""
from cart.asm.disassembler import (disassemble_one, disassemble_range, disassembly_source,
                                   load_symbols)
from cart.asm.assembler import Assembly, ImageTooLarge, assemble_file, assemble_text
from cart.asm.errors import AssemblyFailed, Diagnostic
from cart.asm.output import listing_text, symbol_table, write_outputs

__all__ = ["Assembly", "AssemblyFailed", "Diagnostic", "ImageTooLarge", "assemble_file",
           "assemble_text", "disassemble_one", "disassemble_range", "disassembly_source",
           "listing_text", "load_symbols", "symbol_table", "write_outputs"]
