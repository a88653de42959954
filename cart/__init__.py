"""Cartridges and the tools to make them.

    asm       the 8048 assembler and disassembler (o2asm, o2dis): imports nothing of emu, so the
              toolchain runs without the compiled core
    layout    the cartridge boards' layouts in plain Python, checked against the core
    oneline   the one-line argument parser every command shares
    files     the safe reading and writing of the files a user names (every program's inputs
              and outputs); imports nothing of the project
    conquest  our Conquest of the World cartridge: its assembly, RAM map, game wrapper and bots;
              the wrapper runs on emu's console (emu.odyssey2, emu.input)
    build_roms, charset   make roms

May import: roms_free, and (cart.conquest only) emu's core. Never board.
"""
