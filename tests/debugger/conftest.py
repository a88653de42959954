"""Builds the debugger's test programs (assembled by our assembler) and runs debugger scripts."""
import io
import shutil
from pathlib import Path

import pytest

from cart.asm.assembler import Assembler
from cart.asm.output import write_outputs
from emu.debugger.core import Debugger
from emu.odyssey2 import Odyssey2

HERE = Path(__file__).resolve().parent
BIOS_SIZE, CART_SIZE = 1024, 2048


class Programs:
    """Paths of the built images: bios.bin, and <name>.bin + <name>.sym.json per program."""

    def __init__(self, directory: Path):
        self.dir = directory
        self.bios = directory / "bios.bin"

    def cart(self, name: str) -> Path:
        return self.dir / f"{name}.bin"

    def symbols(self, name: str) -> Path:
        return self.dir / f"{name}.sym.json"

    def machine(self, name: str = "prog") -> Odyssey2:
        return Odyssey2(cart=self.cart(name), bios=self.bios)

    def debugger(self, name: str = "prog") -> tuple[Debugger, io.StringIO]:
        out = io.StringIO()
        return Debugger(self.machine(name), symbols=self.symbols(name), out=out), out

    def run(self, commands: str, name: str = "prog") -> str:
        """The output of the commands (one per line) on a fresh machine."""
        debugger, out = self.debugger(name)
        for line in commands.strip().splitlines():
            debugger.execute(line)
        debugger.close()
        return out.getvalue()


@pytest.fixture(scope="session")
def programs(tmp_path_factory) -> Programs:
    directory = tmp_path_factory.mktemp("debugger_programs")
    for source in HERE.glob("*.asm"):
        shutil.copy(source, directory / source.name)
    for source in sorted(directory.glob("*.asm")):
        assembly = Assembler().assemble_file(source)
        if source.stem == "bios":
            write_outputs(assembly, directory / "bios.bin", size=BIOS_SIZE, fill=0)
        else:
            write_outputs(assembly, directory / f"{source.stem}.bin",
                          symbols=directory / f"{source.stem}.sym.json", size=CART_SIZE)
    return Programs(directory)
