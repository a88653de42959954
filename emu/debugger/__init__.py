"""`o2 debug`: the debugger for Odyssey² programs.

    command  `o2 debug` (what emu.cli registers; the debugger loads when it runs)
    core     the Debugger: commands from a prompt, a script or Python
    expr     its expression language, compiled to the C side's expression programs
    views    text views of registers, memory and the 8244
    game     the `game` view through a cartridge's game wrapper (cart.conquest.wrapper)

May import: emu's core modules (emu.odyssey2, emu.native, emu.vdc, emu.keys, emu.commands,
emu.errors) and the toolchain's disassembler and expression reader (cart.asm). Never emu.cli or
emu.frontend: the window opens the debugger, not the other way round.
"""
