"""Assembler speed: a generated 4 KiB program (labels, page jumps, calls, immediates, data,
a macro) assembled from text, best of three runs."""
import time

from cart.asm import assemble_text

BANK_BYTES = 0x800


def four_kib_source() -> str:
    lines = ["\tcpu 8048", "pair\tmacro reg, value", "\tmov reg,#value", "\tendm"]
    for bank in range(2):
        lines.append(f"\torg {bank * BANK_BYTES:#x}")
        for block in range(BANK_BYTES // 16):     # 16 bytes per block
            name = f"b{bank}_{block}"
            lines += [f"{name}:", f"\tmov a,#{block & 0xFF}h & 0ffh",
                      f"\tadd a,r{block % 8}", f"\tjnz {name}", f"\tpair r{block % 8}, low({name})",
                      f"\tcall b{bank}_0", "\tmovx @r0,a", "\tdb 1, 2, 'x'", "\tdw $", "\tnop"]
    return "\n".join(lines) + "\n"


def bench():
    source = four_kib_source()
    best = None
    for _ in range(3):
        start = time.perf_counter()
        program = assemble_text(source, "bench.asm")
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    assert len(program.image()) == 2 * BANK_BYTES
    yield "asm_4k_seconds", round(best, 4)
