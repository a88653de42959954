"""Helpers for the CPU tests: place hand-written 8048 byte sequences and build a bare board."""
from emu.native import Board8048


def image(*parts) -> bytes:
    """A program image. Each part is bytes (placed from 0x000) or (address, bytes)."""
    memory = bytearray(Board8048.PROGRAM_SIZE)
    end = 0
    for part in parts:
        address, code = part if isinstance(part, tuple) else (0, part)
        memory[address:address + len(code)] = bytes(code)
        end = max(end, address + len(code))
    return bytes(memory[:end])


def board(*parts, **fields) -> Board8048:
    """A board after RESET with the program loaded; keyword fields (a=..., psw=..., r0=..., pc=...)
    are set afterwards. r0-r7 name registers of the bank selected by the fields given."""
    b = Board8048(image(*parts))
    registers = {k: fields.pop(k) for k in list(fields) if k[0] == "r" and k[1:].isdigit()}
    for name, value in fields.items():
        setattr(b, name, value)
    for name, value in registers.items():
        b.registers[int(name[1:])] = value
    return b


def steps(b: Board8048, n: int) -> int:
    """Runs n instructions; returns their total cycles."""
    return sum(b.step() for _ in range(n))
