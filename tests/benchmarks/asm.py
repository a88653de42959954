"""Assembler speed: a generated 4 KiB program (labels, page jumps, calls, immediates, data,
a macro) assembled from text in a fresh interpreter each time (no parse caches warm), best of
three runs."""
import pathlib
import subprocess
import sys

BANK_BYTES = 0x800
ROOT = pathlib.Path(__file__).resolve().parents[2]

_TIMED_RUN = """
import sys, time
from cart.asm import assemble_text
source = sys.stdin.read()
start = time.perf_counter()
program = assemble_text(source, "bench.asm")
elapsed = time.perf_counter() - start
assert len(program.image()) == {size}
print(elapsed)
"""


def four_kib_source() -> str:
    lines = ["\tcpu 8048", "pair\tmacro reg, value", "\tmov reg,#value", "\tendm"]
    for bank in range(2):
        lines.append(f"\torg {bank * BANK_BYTES:#x}")
        for block in range(BANK_BYTES // 16):     # 16 bytes per block, so no block crosses a page
            name = f"b{bank}_{block}"
            lines += [f"{name}:", f"\tmov a,#{block & 0xFF}h & 0ffh",
                      f"\tadd a,r{block % 8}", f"\tjnz {name}", f"\tpair r{block % 8}, low({name})",
                      f"\tcall b{bank}_0", "\tmovx @r0,a", "\tdb 1, 2, 'x'", "\tdw $", "\tnop"]
    return "\n".join(lines) + "\n"


def bench():
    source = four_kib_source()
    script = _TIMED_RUN.format(size=2 * BANK_BYTES)
    runs = [float(subprocess.run([sys.executable, "-c", script], input=source, text=True,
                                 capture_output=True, check=True, cwd=ROOT).stdout)
            for _ in range(3)]
    yield "asm_4k_seconds", round(min(runs), 4)
