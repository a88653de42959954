"""Helpers shared by the toolchain tests."""
import pytest

from cart.asm import AssemblyFailed, assemble_text


def assemble_bytes(source: str, origin: int = 0x400) -> bytes:
    """The bytes a source fragment assembles to at `origin`."""
    program = assemble_text(f"\torg {origin:#x}\n{source}\n", "test.asm")
    return program.image()


def errors_of(source: str, filename: str = "test.asm") -> list[str]:
    """Every error message (file:line:col: message) assembling `source` produces."""
    with pytest.raises(AssemblyFailed) as failure:
        assemble_text(source, filename)
    return [str(diagnostic) for diagnostic in failure.value.errors]
